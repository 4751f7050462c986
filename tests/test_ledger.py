"""The cost ledger: what each call cost, per turn and per conversation, from an editable table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.dialogue.ledger import (
    NO_COST_TEXT,
    PRICE_UNKNOWN_TEXT,
    CallRecord,
    CostLedger,
    ModelPrice,
    PriceTable,
    Totals,
)
from engine.errors import ScenarioError, SessionError
from engine.io.resources import resource_path
from engine.providers.base import Usage
from engine.providers.prices import OPENAI_BASE_URL, endpoint_key, user_price_path

#: The endpoint the test prices are listed for, and another one.
SHOP = "https://shop.example/v1"
ELSEWHERE = "http://127.0.0.1:8080/v1"

#: Round numbers so the expected costs can be worked out by hand in each test.
PRICES = PriceTable(
    {
        SHOP: {
            "big": ModelPrice(input=10.0, cached_input=1.0, output=40.0),
            "small": ModelPrice(input=0.5, cached_input=0.25, output=2.0),
        }
    }
)


class TestPriceTable:
    def test_cost_charges_uncached_cached_and_output_tokens_at_their_prices(self) -> None:
        usage = Usage(input_tokens=300_000, cached_tokens=100_000, output_tokens=50_000)
        # 200k uncached × $10 + 100k cached × $1 + 50k output × $40, per 1M tokens
        assert PRICES.cost("big", usage, SHOP) == pytest.approx(2.0 + 0.1 + 2.0)

    def test_a_call_with_no_tokens_costs_nothing(self) -> None:
        assert PRICES.cost("big", Usage(), SHOP) == 0.0

    def test_cached_tokens_beyond_the_input_are_not_charged_twice(self) -> None:
        usage = Usage(input_tokens=1_000_000, cached_tokens=2_000_000)
        assert PRICES.cost("big", usage, SHOP) == pytest.approx(1.0)

    @pytest.mark.parametrize("name", ["big", "BIG", " big ", "big-2025-04-14", "Big-2024-11-20"])
    def test_names_match_ignoring_case_and_dated_snapshots(self, name: str) -> None:
        assert PRICES.knows(name, SHOP)
        assert PRICES.cost(name, Usage(output_tokens=1_000_000), SHOP) == 40.0

    @pytest.mark.parametrize("name", ["bigger", "big-mini", "big-2025", "small-latest", ""])
    def test_an_unlisted_model_has_no_price_not_a_price_of_zero(self, name: str) -> None:
        assert not PRICES.knows(name, SHOP)
        assert PRICES.cost(name, Usage(1000, 0, 1000), SHOP) is None

    @pytest.mark.parametrize("where", [ELSEWHERE, "https://shop.example/v2", "", None])
    def test_a_listed_model_called_anywhere_else_has_no_price(self, where: str | None) -> None:
        assert PRICES.price("big", where) is None
        assert PRICES.cost("big", Usage(1000, 0, 1000), where) is None

    @pytest.mark.parametrize(
        "spelling",
        [
            "https://shop.example/v1/",
            "HTTPS://Shop.Example/v1",
            "https://shop.example:443/v1",
            "https://user:secret@shop.example/v1",
        ],
    )
    def test_base_urls_match_however_they_are_spelled(self, spelling: str) -> None:
        assert endpoint_key(spelling) == SHOP
        assert PRICES.price("big", spelling) == ModelPrice(10.0, 1.0, 40.0)

    def test_a_base_url_without_a_path_prices_every_path_of_its_server(self) -> None:
        table = PriceTable({"http://gpu-box:8000": {"qwen": ModelPrice(0.1, 0.1, 0.2)}})
        assert table.price("qwen", "http://gpu-box:8000/v1") == ModelPrice(0.1, 0.1, 0.2)
        assert table.price("qwen", "http://gpu-box:8001/v1") is None
        assert table.price("qwen", "https://gpu-box:8000/v1") is None

    def test_a_listed_snapshot_wins_over_its_base_name(self) -> None:
        table = PriceTable(
            {SHOP: {"m": ModelPrice(1.0, 1.0, 1.0), "m-2024-05-13": ModelPrice(5.0, 5.0, 5.0)}}
        )
        assert table.price("m-2024-05-13", SHOP) == ModelPrice(5.0, 5.0, 5.0)
        assert table.price("m-2024-08-06", SHOP) == ModelPrice(1.0, 1.0, 1.0)

    def test_parse_reads_the_documented_format(self) -> None:
        table = PriceTable.parse(
            "endpoints:\n"
            "  shop:\n"
            f"    base_url: {SHOP}\n"
            "    models:\n"
            "      m1: {input: 2, cached_input: 0.5, output: 8}\n"
            "      m2: {input: 0.5, output: 1.5}\n"
            "      m3: {input: 3, cached_input: 0.3, cache_write_5m: 3.75, cache_write_1h: 6,"
            " output: 15}\n"
        )
        assert table.endpoints == [SHOP]
        assert table.endpoint_name(SHOP + "/") == "shop"
        assert table.models(SHOP) == ["m1", "m2", "m3"]
        assert table.price("m1", SHOP) == ModelPrice(2.0, 0.5, 8.0)
        assert table.price("m2", SHOP) == ModelPrice(0.5, 0.5, 1.5), "cached defaults to input"
        assert table.price("m3", SHOP) == ModelPrice(3.0, 0.3, 15.0, 3.75, 6.0)

    def test_a_file_of_the_old_form_prices_openais_endpoint(self) -> None:
        table = PriceTable.parse("models:\n  m1: {input: 2, output: 8}\n")
        assert table.price("m1", OPENAI_BASE_URL) == ModelPrice(2.0, 2.0, 8.0)
        assert table.price("m1", ELSEWHERE) is None

    @pytest.mark.parametrize(
        ("text", "message", "line"),
        [
            ("endpoints: [a, b]\n", "needs an 'endpoints' mapping", 1),
            ("rate_limits: {}\n", "needs an 'endpoints' mapping", 1),
            ("endpoints:\n  shop: {models: {}}\n", "needs a base_url", 2),
            ("endpoints:\n  shop: {base_url: shop, models: {}}\n", "needs a base_url", 2),
            (f"endpoints:\n  shop: {{base_url: '{SHOP}'}}\n", "needs a 'models' mapping", 2),
            (
                f"endpoints:\n  shop:\n    base_url: {SHOP}\n    models:\n"
                "      m: {input: 1, output: -2}\n",
                "m.output must be a number >= 0",
                5,
            ),
            (
                f"endpoints:\n  shop:\n    base_url: {SHOP}\n    models:\n"
                "      a: {input: 1, output: 1}\n      m: {input: one, output: 1}\n",
                "m.input must be a number >= 0, got 'one'",
                6,
            ),
            (
                f"endpoints:\n  shop:\n    base_url: {SHOP}\n    models:\n      m: {{input: 1}}\n",
                "the price of 'm' has no 'output'",
                5,
            ),
            (
                f"endpoints:\n  shop:\n    base_url: {SHOP}\n    models:\n"
                "      m: {input: 1, output: 1, cache: 1}\n",
                "unknown key(s) cache",
                5,
            ),
            ("models:\n  m: 3\n", "must be a mapping of input, cached_input, output", 2),
            ("endpoints:\n  m: {input: 1\n", "not valid YAML", 3),
        ],
    )
    def test_a_mistake_in_the_table_says_where_it_is(
        self, tmp_path: Path, text: str, message: str, line: int
    ) -> None:
        path = tmp_path / "prices.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ScenarioError) as caught:
            PriceTable.load(path)
        assert message in caught.value.message
        assert (caught.value.path, caught.value.line) == (path, line)

    def test_a_missing_table_is_a_clear_error(self, tmp_path: Path) -> None:
        with pytest.raises(ScenarioError, match="cannot read the price table"):
            PriceTable.load(tmp_path / "nope.yaml")


class TestTheUsersPrices:
    """``prices.yaml`` in the user's configuration folder adds endpoints and replaces prices."""

    def test_a_local_server_is_priced_from_the_users_file(self, config_folder: Path) -> None:
        assert PriceTable.load().price("smollm2", ELSEWHERE) is None
        (config_folder / "prices.yaml").write_text(
            "endpoints:\n"
            "  my-laptop:\n"
            "    base_url: http://127.0.0.1:8080/v1\n"
            "    models:\n"
            "      smollm2: {input: 0, output: 0}\n"
            "  openai:\n"
            "    base_url: https://api.openai.com/v1\n"
            "    models:\n"
            "      gpt-4.1-mini: {input: 0.30, cached_input: 0.05, output: 1.20}\n",
            encoding="utf-8",
        )
        table = PriceTable.load()
        assert table.cost("smollm2", Usage(1000, 0, 1000), ELSEWHERE) == 0.0
        assert table.price("gpt-4.1-mini", OPENAI_BASE_URL) == ModelPrice(0.30, 0.05, 1.20)
        assert table.price("gpt-4o", OPENAI_BASE_URL) == PriceTable.load(
            resource_path("prices.yaml")
        ).price("gpt-4o", OPENAI_BASE_URL), "the shipped prices the user did not name stay"
        assert table.price("smollm2", OPENAI_BASE_URL) is None

    def test_a_mistake_in_the_users_file_names_it(self, config_folder: Path) -> None:
        path = config_folder / "prices.yaml"
        path.write_text("endpoints:\n  mine: {base_url: nowhere, models: {}}\n", "utf-8")
        with pytest.raises(ScenarioError) as caught:
            PriceTable.load()
        assert (caught.value.path, caught.value.line) == (path, 2)
        assert user_price_path() == path


@pytest.fixture(scope="module")
def shipped() -> PriceTable:
    return PriceTable.load(resource_path("prices.yaml"))


class TestShippedPrices:
    """The shipped table loads, and covers the models a user is likely to pick, at OpenAI."""

    def test_the_default_table_is_the_shipped_resource(self) -> None:
        assert PriceTable.load().source == resource_path("prices.yaml")

    @pytest.mark.parametrize(
        "model",
        [
            "gpt-4.1",
            "gpt-4.1-mini",
            "gpt-4.1-nano",
            "gpt-4o",
            "gpt-4o-mini",
            "o4-mini",
            "gpt-5",
            "gpt-5-mini",
            "gpt-5-nano",
        ],
    )
    def test_current_openai_models_are_priced(self, shipped: PriceTable, model: str) -> None:
        price = shipped.price(model, OPENAI_BASE_URL)
        assert price is not None
        assert 0 < price.cached_input <= price.input < price.output

    def test_the_scenario_default_model_is_priced_at_openai_only(self, shipped: PriceTable) -> None:
        from engine.scenario.definition import ModelSettings

        assert shipped.knows(ModelSettings().name, "https://api.openai.com/v1/")
        assert not shipped.knows(ModelSettings().name, ELSEWHERE)


def usage(inp: int, cached: int, out: int) -> Usage:
    return Usage(input_tokens=inp, cached_tokens=cached, output_tokens=out)


def a_conversation() -> CostLedger:
    """Turn 1: a call and a correction; turn 2: one call, then an on-enter call."""
    ledger = CostLedger(PRICES)
    ledger.record(
        purpose="turn",
        turn=1,
        model="small",
        latency_s=0.5,
        usage=usage(2_000_000, 0, 100_000),
        response_id="r1",
        endpoint=SHOP,
    )
    ledger.record(
        purpose="correction",
        turn=1,
        model="small",
        latency_s=0.25,
        usage=usage(2_000_000, 1_000_000, 100_000),
        response_id="r2",
        endpoint=SHOP,
    )
    ledger.record(
        purpose="turn",
        turn=2,
        model="big",
        latency_s=1.0,
        usage=usage(1_000_000, 500_000, 10_000),
        response_id="r3",
        endpoint=SHOP,
    )
    ledger.record(
        purpose="on_enter",
        turn=2,
        model="big",
        latency_s=1.5,
        usage=usage(100_000, 0, 0),
        response_id=None,
        endpoint=SHOP,
    )
    return ledger


class TestCostLedger:
    def test_a_recorded_call_is_priced_when_it_is_made(self) -> None:
        ledger = CostLedger(PRICES)
        call = ledger.record(
            purpose="turn",
            turn=1,
            model="small",
            latency_s=0.5,
            usage=usage(2_000_000, 0, 100_000),
            response_id="r1",
            endpoint=SHOP,
        )
        assert call == CallRecord(
            "turn",
            1,
            "small",
            0.5,
            usage(2_000_000, 0, 100_000),
            pytest.approx(1.0 + 0.2),
            "r1",
            endpoint=SHOP,
        )
        assert ledger.calls == [call]

    def test_turn_totals_add_up_the_calls_of_one_turn(self) -> None:
        ledger = a_conversation()
        assert ledger.turn_totals(1) == Totals(
            llm_calls=2,
            corrections=1,
            on_enter_calls=0,
            input_tokens=4_000_000,
            cached_tokens=1_000_000,
            output_tokens=200_000,
            # (1.0 + 0.2) + (0.5 + 0.25 + 0.2)
            cost_usd=pytest.approx(2.15),
            latency_s=pytest.approx(0.75),
        )
        assert ledger.turn_totals(2) == Totals(
            llm_calls=2,
            corrections=0,
            on_enter_calls=1,
            input_tokens=1_100_000,
            cached_tokens=500_000,
            output_tokens=10_000,
            # (5.0 + 0.5 + 0.4) + 1.0
            cost_usd=pytest.approx(6.9),
            latency_s=pytest.approx(2.5),
        )
        assert ledger.turn_totals(3) == Totals()

    def test_totals_are_the_sum_of_every_turn(self) -> None:
        ledger = a_conversation()
        one, two = ledger.turn_totals(1), ledger.turn_totals(2)
        totals = ledger.totals()
        assert totals.llm_calls == one.llm_calls + two.llm_calls == 4
        assert totals.usage == one.usage + two.usage
        assert totals.cost_usd == pytest.approx(one.cost_usd + two.cost_usd)
        assert totals.cache_ratio == pytest.approx(1_500_000 / 5_100_000)

    def test_calls_per_message_is_the_efficiency_headline(self) -> None:
        ledger = a_conversation()
        assert ledger.calls_per_message(2) == 2.0
        assert ledger.calls_per_message(4) == 1.0
        assert ledger.calls_per_message(0) == 0.0

    def test_a_call_with_no_price_makes_every_total_holding_it_unknown(self) -> None:
        ledger = a_conversation()
        ledger.record(
            purpose="turn",
            turn=3,
            model="mystery",
            latency_s=0.1,
            usage=usage(9, 0, 9),
            endpoint=SHOP,
        )
        ledger.record(
            purpose="turn",
            turn=3,
            model="big-2025-01-01",
            latency_s=0.1,
            usage=usage(9, 0, 9),
            endpoint=SHOP,
        )
        ledger.record(
            purpose="turn", turn=4, model="big", latency_s=0.1, usage=usage(9, 0, 9), endpoint=None
        )
        assert [call.cost_usd for call in ledger.calls[-3:]] == [None, pytest.approx(4.5e-4), None]
        assert ledger.unknown_models == ["big", "mystery"]
        assert ledger.unpriced() == [("mystery", SHOP), ("big", None)]
        assert ledger.turn_totals(2).cost_usd == pytest.approx(6.9), "the priced turns stay"
        for totals in (ledger.turn_totals(3), ledger.turn_totals(4), ledger.totals()):
            assert totals.cost_usd is None
            assert totals.cost_text() == PRICE_UNKNOWN_TEXT
            assert totals.usage_json()["cost_usd"] is None
            assert totals.usage_json()["cost"] == "price unknown"
        assert ledger.totals().session_record(4)["cost_usd"] is None
        assert (ledger.turn_totals(1) + ledger.turn_totals(3)).cost_usd is None

    def test_a_local_server_answering_to_an_openai_name_is_not_billed_at_openais_price(
        self,
    ) -> None:
        ledger = CostLedger()
        call = ledger.record(
            purpose="turn",
            turn=1,
            model="gpt-4.1-mini",
            latency_s=0,
            usage=usage(1_000_000, 0, 1_000),
            endpoint="http://127.0.0.1:8080/v1",
        )
        assert call.cost_usd is None
        assert ledger.totals().cost_text() == "price unknown"

    def test_a_reply_no_model_made_costs_nothing_wherever_it_came_from(self) -> None:
        ledger = CostLedger(PRICES)
        ledger.record(
            purpose="turn",
            turn=1,
            model="mystery",
            latency_s=0,
            usage=usage(9, 0, 9),
            synthetic="fake model",
            endpoint=ELSEWHERE,
        )
        assert ledger.totals().cost_usd == 0.0
        assert ledger.totals().cost_text() == NO_COST_TEXT
        assert ledger.unpriced() == []

    def test_an_unknown_purpose_is_refused(self) -> None:
        with pytest.raises(ValueError, match="purpose must be one of"):
            CostLedger(PRICES).record(
                purpose="retry", turn=1, model="big", latency_s=0, usage=Usage()
            )

    def test_truncate_after_forgets_later_turns(self) -> None:
        ledger = a_conversation()
        ledger.truncate_after(1)
        assert [call.response_id for call in ledger.calls] == ["r1", "r2"]

    def test_without_a_table_the_shipped_prices_are_used(self) -> None:
        ledger = CostLedger()
        call = ledger.record(
            purpose="turn",
            turn=1,
            model="gpt-4.1-mini",
            latency_s=0,
            usage=usage(1_000_000, 0, 0),
            endpoint="https://api.openai.com/v1/",
        )
        assert call.cost_usd == PriceTable.load().cost(
            "gpt-4.1-mini", usage(1_000_000, 0, 0), OPENAI_BASE_URL
        )
        assert call.cost_usd is not None and call.cost_usd > 0


class TestLedgerPersistence:
    def test_round_trip_through_json_keeps_every_call(self) -> None:
        ledger = a_conversation()
        saved = json.loads(json.dumps(ledger.to_dict()))
        restored = CostLedger.from_dict(saved, PRICES)
        assert restored.calls == ledger.calls
        assert restored.totals() == ledger.totals()

    def test_saved_costs_are_kept_even_when_prices_changed_since(self) -> None:
        saved = a_conversation().to_dict()
        cheaper = PriceTable({SHOP: {"big": ModelPrice(0, 0, 0), "small": ModelPrice(0, 0, 0)}})
        restored = CostLedger.from_dict(saved, cheaper)
        assert restored.totals().cost_usd == pytest.approx(2.15 + 6.9)

    def test_a_call_record_is_plain_json(self) -> None:
        assert a_conversation().calls[0].to_dict() == {
            "purpose": "turn",
            "turn": 1,
            "model": "small",
            "latency_s": 0.5,
            "usage": {"input_tokens": 2_000_000, "cached_tokens": 0, "output_tokens": 100_000},
            "cost_usd": pytest.approx(1.2),
            "response_id": "r1",
            "endpoint": SHOP,
        }

    def test_an_unknown_price_is_saved_as_null_and_read_back(self) -> None:
        ledger = CostLedger(PRICES)
        ledger.record(purpose="turn", turn=1, model="m", latency_s=0, usage=usage(1, 0, 1))
        saved = json.loads(json.dumps(ledger.to_dict()))
        assert saved["calls"][0]["cost_usd"] is None
        assert CostLedger.from_dict(saved, PRICES).totals().cost_usd is None

    def test_a_save_written_before_endpoints_keeps_its_costs(self) -> None:
        old = {
            "calls": [
                {
                    "purpose": "turn",
                    "turn": 1,
                    "model": "gpt-4.1-mini",
                    "latency_s": 0.5,
                    "usage": {"input_tokens": 10, "cached_tokens": 0, "output_tokens": 5},
                    "cost_usd": 0.0011,
                    "response_id": "r1",
                }
            ]
        }
        restored = CostLedger.from_dict(old, PriceTable({}))
        assert restored.totals().cost_usd == 0.0011
        assert restored.calls[0].endpoint is None

    @pytest.mark.parametrize(
        ("saved", "message"),
        [
            ({"calls": "x"}, "'calls' must be a list"),
            ({"calls": [[]]}, "call 1 is not a mapping"),
            ({"calls": [{"purpose": "turn"}]}, "call 1 has no 'usage'"),
            (
                {
                    "calls": [
                        {
                            "purpose": "turn",
                            "turn": 1,
                            "model": "m",
                            "latency_s": 0,
                            "usage": {"input_tokens": "9"},
                            "cost_usd": 0,
                        }
                    ]
                },
                "'input_tokens' must be a whole number",
            ),
            (
                {
                    "calls": [
                        {
                            "purpose": "turn",
                            "turn": 1,
                            "model": "m",
                            "latency_s": "slow",
                            "usage": {},
                            "cost_usd": 0,
                        }
                    ]
                },
                "call 1 is malformed",
            ),
        ],
    )
    def test_a_damaged_save_is_a_session_error(
        self, saved: dict[str, object], message: str
    ) -> None:
        with pytest.raises(SessionError) as caught:
            CostLedger.from_dict(saved, PRICES)
        assert message in str(caught.value)
