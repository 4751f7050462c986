"""A price belongs to the endpoint that sells the model: anything else is "price unknown".

The scenario's ``gpt-4.1-mini`` sent to a server that is not OpenAI's (here the fake server on
127.0.0.1, standing for a local llama.cpp or vLLM that echoes the model's name back) is not
billed at OpenAI's price, nor at $0.00: its cost is ``null`` in every JSON output and "price
unknown" in every text, until a price file names that base URL and model. A budget cannot hold
a model whose price is unknown, and says so rather than counting it as free.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from test_cli_chat import PLAN, chat

from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.dialogue.ledger import PRICE_UNKNOWN_TEXT
from engine.errors import BudgetExceeded
from engine.io.resources import default_scenario, scenarios_dir
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.providers import make_provider
from engine.providers.scripted import ScriptedProvider
from engine.scenario.loader import load_scenario
from engine.stats import collect_stats
from engine.stats.render import render_csv, render_json, render_text


def price_file(folder: Path, base_url: str, model: str = "gpt-4.1-mini") -> None:
    """The user's own price file, naming ``base_url``'s price for ``model``."""
    (folder / "prices.yaml").write_text(
        "endpoints:\n"
        "  my-server:\n"
        f"    base_url: {base_url}\n"
        "    models:\n"
        f"      {model}: {{input: 1.00, cached_input: 0.50, output: 2.00}}\n",
        encoding="utf-8",
    )


def analyst_chat(
    monkeypatch: pytest.MonkeyPatch, server: FakeOpenAIServer, tmp_path: Path
) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """The analyst bot's first messages through ``prompter chat``, without ``--model``."""
    plan = Plan.load(PLAN)
    server.responder = Autopilot(load_scenario(default_scenario()), plan)
    log, summary = tmp_path / "chat.jsonl", tmp_path / "summary.json"
    messages = "".join(f"{line}\n" for line in plan.user_messages[:3])
    code = chat(monkeypatch, messages, "--log", log, "--summary-json", summary)
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return json.loads(summary.read_text(encoding="utf-8")), records, code


def test_the_scenarios_openai_model_on_another_server_is_not_billed_at_openais_price(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
    tmp_path: Path,
) -> None:
    figures, records, code = analyst_chat(monkeypatch, openai_env, tmp_path)
    assert code == 0
    assert figures["llm_calls"] == 3 and figures["input_tokens"] > 0
    assert figures["cost_usd"] is None and figures["cost"] == PRICE_UNKNOWN_TEXT
    assert figures["unpriced"] == [{"model": "gpt-4.1-mini", "endpoint": openai_env.base_url}]
    responses = [r for r in records if r["type"] == "model_response"]
    assert {r["cost_usd"] for r in responses} == {None}
    assert {r["endpoint"] for r in responses} == {openai_env.base_url}
    assert {r["cost_usd"] for r in records if r["type"] == "turn_end" and r["calls"]} == {None}
    assert records[-1]["type"] == "session_end"
    assert records[-1]["totals"]["cost_usd"] is None
    err = capsys.readouterr().err
    assert f"price unknown (no price for gpt-4.1-mini at {openai_env.base_url}" in err
    assert "$0.00" not in err


def test_a_price_the_user_names_for_the_base_url_and_model_is_used(
    monkeypatch: pytest.MonkeyPatch,
    openai_env: FakeOpenAIServer,
    config_folder: Path,
    tmp_path: Path,
) -> None:
    price_file(config_folder, openai_env.base_url)
    figures, records, code = analyst_chat(monkeypatch, openai_env, tmp_path)
    assert code == 0 and "unpriced" not in figures
    expected = (
        (figures["input_tokens"] - figures["cached_tokens"]) * 1.00
        + figures["cached_tokens"] * 0.50
        + figures["output_tokens"] * 2.00
    ) / 1e6
    assert figures["cost_usd"] == pytest.approx(expected) and expected > 0
    assert records[-1]["totals"]["cost_usd"] == pytest.approx(expected)


def budgeted(server: FakeOpenAIServer | None, budget: float = 1.0) -> SyncConversation:
    scenario = load_scenario(default_scenario())
    scenario.model.max_cost_usd = budget
    provider = (
        make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0)
        if server is not None
        else ScriptedProvider([{"message": "Hello!", "transition": "stay"}] * 3)
    )
    return SyncConversation(Conversation(scenario, provider))


def test_a_budget_refuses_a_model_whose_price_is_unknown_and_says_why(
    fake_openai: FakeOpenAIServer,
) -> None:
    chat = budgeted(fake_openai)
    chat.start()  # the analyst bot opens with a message: no call
    with pytest.raises(BudgetExceeded) as caught:
        chat.send("Hello")
    message = str(caught.value)
    assert f"'gpt-4.1-mini' has no price at {fake_openai.base_url}" in message
    assert "prices.yaml" in message and "the call was not sent" in message
    assert fake_openai.model_requests() == [], "an unknown price is not $0: nothing is sent"
    chat.close()


def test_a_budget_holds_a_model_the_users_price_file_prices(
    fake_openai: FakeOpenAIServer, config_folder: Path
) -> None:
    price_file(config_folder, fake_openai.base_url)
    fake_openai.responder = Autopilot(load_scenario(default_scenario()), Plan.load(PLAN))
    chat = budgeted(fake_openai)
    chat.start()
    chat.send("Hello")
    assert len(fake_openai.model_requests()) == 1
    cost = chat.conversation.ledger.totals().cost_usd
    assert cost is not None and cost > 0
    chat.close()


def test_replies_no_model_made_need_no_price_under_a_budget() -> None:
    chat = budgeted(None, budget=0.000001)
    chat.start()
    chat.send("hello")
    assert chat.conversation.ledger.totals().cost_text() == "no cost (scripted)"
    chat.close()


def test_stats_say_price_unknown_in_the_table_null_in_json_and_nothing_in_csv(
    monkeypatch: pytest.MonkeyPatch, openai_env: FakeOpenAIServer, tmp_path: Path
) -> None:
    analyst_chat(monkeypatch, openai_env, tmp_path)
    report = collect_stats([tmp_path / "chat.jsonl"])
    text = render_text(report)
    assert "cost price unknown in all" in text
    assert "cost per conversation: price unknown" in text
    data = json.loads(render_json(report))
    assert data["cost_usd"] is None and data["cost"] == PRICE_UNKNOWN_TEXT
    assert data["conversations"][0]["cost_usd"] is None
    assert {step["cost_usd"] for step in data["steps"] if step["calls"]} == {None}
    rows = list(csv.DictReader(io.StringIO(render_csv(report, "conversations"))))
    assert rows[0]["cost_usd"] == ""


def test_a_log_written_before_endpoints_keeps_its_numeric_costs(
    monkeypatch: pytest.MonkeyPatch, openai_env: FakeOpenAIServer, tmp_path: Path
) -> None:
    analyst_chat(monkeypatch, openai_env, tmp_path)
    old = tmp_path / "old.jsonl"
    records = []
    for line in (tmp_path / "chat.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["type"] == "model_response":  # as logs were written before: a number, no URL
            record["cost_usd"] = 0.0005
            del record["endpoint"]
        records.append(json.dumps(record))
    old.write_text("\n".join(records) + "\n", encoding="utf-8")
    (conversation,) = collect_stats([old]).conversations
    assert conversation.totals.cost_usd == pytest.approx(3 * 0.0005)
    assert conversation.totals.cost_text() == "$0.0015"


def test_a_simulation_on_an_unpriced_server_reports_price_unknown(tmp_path: Path) -> None:
    from engine.offline.sim_server import build_server
    from engine.simulate import Simulation, SimulationSettings, load_personas

    folder = scenarios_dir() / "support_desk"
    scenario = load_scenario(folder)
    with build_server(scenario) as server:
        provider = make_provider(
            "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
        )
        simulation = Simulation(
            scenario,
            load_personas(folder)[:1],
            SimulationSettings(runs=1, max_turns=4, jobs=1, rpm=0, tpm=0),
            bot_provider=provider,
            out_dir=tmp_path / "run",
        )
        report = simulation.run_sync()
        provider.close()
    json_path, text_path = report.write(tmp_path / "run")
    bot = json.loads(json_path.read_text(encoding="utf-8"))["bot"]
    assert bot["calls"] > 0
    assert bot["cost_usd"] is None and bot["cost"] == PRICE_UNKNOWN_TEXT
    assert bot["cost_per_conversation_usd"] is None
    bot_text = text_path.read_text(encoding="utf-8").split("Bot:")[1].split("Simulated user")[0]
    assert "price unknown" in bot_text and "$" not in bot_text
