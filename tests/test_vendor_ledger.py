"""One ledger for every vendor: cache writes (with their TTL) priced, summed, logged and read
back; ``layout: auto`` weighs each vendor's cache minimum, read and write prices."""

from __future__ import annotations

import pytest

from engine.dialogue.layout_choice import choose_layout
from engine.dialogue.ledger import CallRecord, CostLedger, Totals
from engine.io.resources import default_scenario
from engine.log.events import Event, EventType
from engine.log.fold import response_call
from engine.providers.base import Usage
from engine.providers.prices import PriceTable
from engine.providers.vendor_caches import anthropic_min_tokens, cache_rules, choose_ttl
from engine.scenario.definition import PromptLayout
from engine.scenario.loader import load_scenario

PRICES = PriceTable.parse(
    "models:\n"
    "  claude-x: {input: 3.00, cached_input: 0.30, cache_write_5m: 3.75, cache_write_1h: 6.00,"
    " output: 15.00}\n"
    "  plain: {input: 1.00, cached_input: 0.10, output: 2.00}\n"
)


def test_usage_adds_writes_and_says_their_lifetime() -> None:
    five = Usage(1000, 200, 10, cache_write_tokens=300)
    hour = Usage(500, 0, 5, cache_write_tokens=100, cache_write_1h_tokens=100)
    assert (five + hour) == Usage(1500, 200, 15, 400, 100)
    assert five.cache_ttl == "5m" and hour.cache_ttl == "1h"
    assert (five + hour).cache_ttl == "mixed" and Usage(10).cache_ttl is None


def test_a_write_is_priced_at_its_lifetimes_price() -> None:
    # 1,000,000 input: 200k read, 300k written for 5 minutes, 100k for an hour, 400k plain.
    usage = Usage(1_000_000, 200_000, 0, cache_write_tokens=400_000, cache_write_1h_tokens=100_000)
    expected = 0.4 * 3.00 + 0.2 * 0.30 + 0.3 * 3.75 + 0.1 * 6.00
    assert PRICES.cost("claude-x", usage) == pytest.approx(expected)


def test_without_write_prices_the_vendors_factors_apply() -> None:
    usage = Usage(1_000_000, 0, 0, cache_write_tokens=1_000_000, cache_write_1h_tokens=500_000)
    assert PRICES.cost("plain", usage) == pytest.approx(0.5 * 1.25 + 0.5 * 2.0)


def test_the_shipped_table_prices_both_vendors_and_claude_snapshots() -> None:
    table = PriceTable.load()
    for model in ("claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "gemini-2.5-flash"):
        assert table.knows(model)
    sonnet = table.price("claude-sonnet-4-5")
    assert sonnet is not None and sonnet.write_price("1h") == 2 * sonnet.input


def test_totals_sum_the_writes_and_session_end_records_them() -> None:
    ledger = CostLedger(PRICES)
    ledger.record(
        purpose="turn", turn=1, model="claude-x", latency_s=0.1, usage=Usage(100, 0, 1, 100)
    )
    ledger.record(
        purpose="turn", turn=2, model="claude-x", latency_s=0.1, usage=Usage(150, 100, 1, 50)
    )
    totals = ledger.totals()
    assert (totals.cache_write_tokens, totals.cached_tokens, totals.uncached_tokens) == (
        150,
        100,
        150,  # not read from the cache: the writes are among them
    )
    record = totals.session_record(2)
    assert record.get("cache_write_tokens") == 150
    assert totals.usage_json()["cache_write_tokens"] == 150
    assert "cache_write_tokens" not in Totals().session_record(0)  # unchanged when none


def test_a_logged_write_is_read_back_by_every_view() -> None:
    call = CallRecord("turn", 1, "claude-x", 0.2, Usage(100, 40, 5, 60, 60), 0.001, "msg_1")
    saved = call.to_dict()
    assert saved["usage"]["cache_write_tokens"] == 60
    event = Event(
        type=EventType.MODEL_RESPONSE,
        session="s",
        seq=1,
        turn=1,
        step="consent",
        data={
            "purpose": "turn",
            "model": "claude-x",
            "usage": saved["usage"],
            "latency_ms": 200.0,
            "cost_usd": 0.001,
        },
    )
    assert response_call(event).usage == Usage(100, 40, 5, 60, 60)
    restored = CostLedger.from_dict({"calls": [saved]}, PRICES)
    assert restored.calls[0].usage.cache_write_1h_tokens == 60


def test_the_ttl_follows_the_conversations_pace() -> None:
    assert choose_ttl(None) == "5m" and choose_ttl(30.0) == "5m" and choose_ttl(600.0) == "1h"
    assert anthropic_min_tokens("claude-sonnet-4-5-20250929") == 1024
    assert anthropic_min_tokens("claude-haiku-4-5") == 4096
    assert anthropic_min_tokens("claude-unknown") == 4096
    assert cache_rules("anthropic", "claude-sonnet-4-5", ttl="1h").write_factor == 2.0


def test_auto_weighs_each_vendors_cache() -> None:
    scenario = load_scenario(default_scenario())
    table = PriceTable.load()
    sonnet = choose_layout(scenario, "claude-sonnet-4-5", table, provider="anthropic")
    haiku = choose_layout(scenario, "claude-haiku-4-5", table, provider="anthropic")
    # The all-steps prefix (about 1,200 tokens) caches on Sonnet 4.5 (1,024) at 0.1x; on Haiku
    # 4.5 (4,096) it never caches, so the smaller step schema bills less.
    assert sonnet.layout is PromptLayout.COMPACT and "written at 1.25x" in sonnet.reason
    assert haiku.layout is PromptLayout.COMPACT_STEP_SCHEMA and "from 4,096" in haiku.reason
    assert sonnet.cached_ratio == 0.1


def test_stats_report_the_written_tokens() -> None:
    from engine.stats.figures import tokens_json

    assert tokens_json(Totals(input_tokens=10, cache_write_tokens=6))["cache_written"] == 6
