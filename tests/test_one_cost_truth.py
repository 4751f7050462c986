"""One cost truth: every view of one conversation reads the same totals, the same way.

A real model's figures (here the fake server, priced as the model it stands for, breaking the
contract now and then so that corrections are billed too) must agree to the cent between the
conversation's own ledger, its log's ``session_end``, the log viewer's meter, the request
inspector's bills, the turn chart, ``prompter stats`` and the simulation report; a model the
endpoint it was called at has no price for (the fake server on 127.0.0.1 is such an endpoint,
unless a price file lists it) must be "price unknown" (``null``) in every one of them; and
replies no model made must cost nothing in every one of them, shown as "no cost (scripted)".
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from plugins.cli import Prompter
from pytestqt.qtbot import QtBot

from app.logview.window import LogWindow
from app.request_inspector.inspector import cost_text
from engine.conversation.conversation_core import Conversation
from engine.dialogue.ledger import NO_COST_TEXT, PRICE_UNKNOWN_TEXT, PriceTable, Totals, format_usd
from engine.io.resources import default_scenario, scenarios_dir
from engine.log.events import EventType
from engine.log.reader import read_log
from engine.log.writer import LogWriter
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.providers import make_provider
from engine.request_view import CallIndex, rebuild
from engine.scenario.loader import load_scenario
from engine.simulate import Simulation, SimulationSettings, load_personas
from engine.stats import TurnFigures, collect_stats

REPO = Path(__file__).resolve().parent.parent
PLAN = REPO / "bench" / "conversations" / "analyst_bot.yaml"


def converse(
    server: FakeOpenAIServer, log: Path, *, turns: int = 8, priced: bool = True
) -> Conversation:
    """Part of the analyst bot's interview through the real SDK, logged, a few replies broken;
    ``priced``: the fake server is priced as OpenAI (else its calls have no price)."""
    scenario = load_scenario(default_scenario())
    plan = Plan.load(PLAN)
    server.responder = Autopilot(scenario, plan, violation_rate=0.25, seed=5)
    provider = make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url)
    prices = PriceTable.load()
    conversation = Conversation(
        scenario, provider, prices=prices.with_stand_in(server.base_url) if priced else prices
    )
    writer = LogWriter(log)
    writer.attach(conversation.events)

    async def talk() -> None:
        await conversation.start()
        for message in plan.user_messages[:turns]:
            await conversation.send(message)
        conversation.close()
        await provider.aclose()

    asyncio.run(talk())
    writer.close()
    return conversation


def cents(value: float | None) -> str:
    return "null" if value is None else f"{value:.2f}"


@pytest.mark.parametrize("priced", [True, False], ids=["priced", "price unknown"])
def test_a_real_models_figures_agree_between_every_view(
    qtbot: QtBot, fake_openai: FakeOpenAIServer, tmp_path: Path, priced: bool, prompter: Prompter
) -> None:
    log = tmp_path / "conversation.jsonl"
    conversation = converse(fake_openai, log, priced=priced)
    truth = conversation.ledger.totals()
    assert truth.corrections > 0 and truth.synthetic_calls == 0
    if priced:
        assert truth.cost_usd is not None and truth.cost_usd > 0
        shown = format_usd(truth.cost_usd)
    else:
        assert truth.cost_usd is None
        shown = PRICE_UNKNOWN_TEXT
    events = read_log(log).events

    (end,) = [e.data["totals"] for e in events if e.type == EventType.SESSION_END]
    chart = Totals()
    for row in TurnFigures(events).rows:
        chart += row.totals
    index = CallIndex(events)
    bills = [rebuild(index, request).billed for request in index.requests]
    inspector = Totals()
    for bill in bills:
        assert bill is not None
        inspector += bill
    report = collect_stats([log])
    steps = Totals()
    for stats in report.steps.values():
        steps += stats.totals
    cli = prompter("stats", log, "--json")
    assert cli.returncode == 0, cli.stderr
    stats_json = json.loads(cli.stdout)
    viewer = LogWindow(log, follow=False)
    qtbot.addWidget(viewer)
    qtbot.waitUntil(lambda: viewer.loaded)

    views = {
        "the conversation's ledger": truth,
        "the log viewer's meter": viewer.projection.billed,
        "the turn chart": chart,
        "the request inspector": inspector,
        "stats, per conversation": report.conversations[0].totals,
        "stats, per step": steps,
        "stats, in all": report.totals,
    }
    for name, totals in views.items():
        assert (totals.llm_calls, totals.corrections) == (truth.llm_calls, truth.corrections), name
        assert totals.usage == truth.usage, name
        assert cents(totals.cost_usd) == cents(truth.cost_usd), name
        assert totals.cost_text() == truth.cost_text() == shown, name
    assert (end["llm_calls"], cents(end["cost_usd"])) == (truth.llm_calls, cents(truth.cost_usd))
    assert cents(stats_json["cost_usd"]) == cents(truth.cost_usd)
    assert stats_json["cost"] == truth.cost_text()
    assert viewer.meter.text().endswith(f" · {truth.cost_text()}")
    for request in index.requests:  # each call's bill, as the inspector words it
        billed = rebuild(index, request).billed
        assert billed is not None
        words = PRICE_UNKNOWN_TEXT if billed.cost_usd is None else format_usd(billed.cost_usd)
        assert f"<b>{words}</b>" in cost_text(rebuild(index, request))
        if not priced:
            assert f"{fake_openai.base_url} has no price for" in cost_text(rebuild(index, request))


def test_a_simulation_report_and_stats_over_its_logs_agree(tmp_path: Path) -> None:
    from engine.offline.sim_server import build_server

    folder = scenarios_dir() / "support_desk"
    scenario = load_scenario(folder)
    personas = load_personas(folder)[:1]
    with build_server(scenario) as server:  # priced as the model it stands for: no mark
        provider = make_provider(
            "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
        )
        simulation = Simulation(
            scenario,
            personas,
            SimulationSettings(runs=2, max_turns=8, jobs=2, rpm=0, tpm=0),
            bot_provider=provider,
            out_dir=tmp_path / "run",
            prices=PriceTable.load().with_stand_in(server.base_url),
        )
        report = asyncio.run(simulation.run())
        asyncio.run(provider.aclose())
    logs = [outcome.log_path for outcome in report.conversations if outcome.log_path]
    stats = collect_stats(logs)

    assert report.bot.totals.llm_calls == stats.totals.llm_calls > 0
    assert cents(report.bot.totals.cost_usd) == cents(stats.totals.cost_usd)
    assert report.bot.totals.cost_text() == stats.totals.cost_text() != NO_COST_TEXT


@pytest.mark.parametrize("fake", [True], ids=["fake model"])
def test_the_fake_models_simulation_costs_nothing_in_the_report_and_the_logs(
    fake: bool, tmp_path: Path, prompter: Prompter
) -> None:
    out = tmp_path / "run"
    done = prompter(
        "simulate",
        scenarios_dir() / "support_desk",
        "--fake-model",
        "--runs",
        "1",
        "--max-turns",
        "6",
        "--out",
        out,
        "-q",
    )
    assert done.returncode in (0, 1), done.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["bot"]["cost_usd"] == 0 and report["bot"]["cost"] == NO_COST_TEXT
    assert report["simulated_user"]["cost"] == NO_COST_TEXT
    summary = (out / "summary.txt").read_text(encoding="utf-8")
    assert "$" not in summary.split("Bot:")[1].split("Sustained")[0]
    stats = collect_stats([out])  # the folder as written, simulated user's log included
    assert stats.damaged == [] and stats.totals.cost_text() == NO_COST_TEXT
