"""Simulations: real conversations between the engine and a simulated user, through the real SDK
against the fake server — the report's figures, the simulated user's marked requests, stuck and
abandoned conversations, cancelling from another thread, a failure that stops the run, and a
simulated conversation saved as a test that replays."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.dialogue.ledger import PriceTable
from engine.errors import SessionError
from engine.log.reader import read_log
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, FakeRequest
from engine.offline.persona_model import PersonaModel, RoleRouter
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.providers.base import Provider, Usage
from engine.scenario.loader import load_scenario
from engine.scenario_tests import load_test, run_tests_sync
from engine.simulate import (
    ProgressUpdate,
    RateLimitTable,
    Simulation,
    SimulationReport,
    SimulationSettings,
    load_personas,
    save_as_test,
)
from engine.simulate.user import OPENING_INPUT, USER_SCHEMA_NAME

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"

ANA = """\
---
name: Ana
model: gpt-4o-mini
goal: Order a margherita to 1 Main Street
facts: {customer_name: Ana, pizzas: [margherita], address: 1 Main Street}
---
Ana is hungry and knows what she wants.
"""
BO = """\
---
name: Bo
goal: Order something, eventually
facts: {customer_name: Bo}
withholds: [customer_name]
---
Bo does not like to give his name.
"""


def reply(transition: str = "stay", message: str = "Noted.", **results: Any) -> str:
    return json.dumps(
        {
            "message": message,
            "transition": transition,
            "results": results,
            "summary": "So far so good.",
        }
    )


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    personas = folder / "tests" / "personas"
    personas.mkdir(parents=True)
    (personas / "ana.md").write_text(ANA, encoding="utf-8")
    (personas / "bo.md").write_text(BO, encoding="utf-8")
    return folder


def provider_for(server: FakeOpenAIServer) -> Provider:
    return make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0)


def simulate(
    folder: Path,
    server: FakeOpenAIServer,
    out: Path,
    *,
    on_progress: Callable[[ProgressUpdate], None] | None = None,
    personas: list[str] | None = None,
    **settings: Any,
) -> tuple[Simulation, SimulationReport]:
    provider = provider_for(server)
    simulation = Simulation(
        load_scenario(folder),
        load_personas(folder, personas),
        SimulationSettings(**settings),
        bot_provider=provider,
        out_dir=out,
        limits=RateLimitTable({}),
        on_progress=on_progress,
        prices=PriceTable.load().with_stand_in(server.base_url),  # priced as OpenAI bills
    )
    try:
        report = simulation.run_sync()
    finally:
        import asyncio

        asyncio.run(provider.aclose())
    return simulation, report


class Scripted:
    """Answers in order, for one role."""

    def __init__(self, *answers: str) -> None:
        self.answers: Iterator[str] = iter(answers)

    def __call__(self, _request: FakeRequest) -> str:
        return next(self.answers)


def said(text: str, done: bool = False) -> str:
    return json.dumps({"message": text, "done": done})


@pytest.fixture
def scripted_run(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> tuple[Simulation, SimulationReport, Path]:
    """Ana orders (one broken reply on the way, and the bot gets her address wrong); Bo never
    gives his name and is stuck after four messages. One at a time: the order is fixed."""
    fake_openai.responder = RoleRouter(
        bot=Scripted(
            reply(customer_name="Ana", message="Hello Ana! Ready to order?"),
            reply("wants_to_order", customer_name="Ana", message="What would you like?"),
            "Sure! not JSON",
            reply("order_complete", pizzas=["margherita"], message="Where to?"),
            reply("confirmed", address="2 Side Street", message="On its way."),
            *(reply(message="May I have your name?") for _ in range(4)),
        ),
        user=Scripted(
            said("Hi, I'm Ana"),
            said("I'd like to order"),
            said("One margherita"),
            said("1 Main Street"),
            *(said(text) for text in ("Hello", "Pizza", "No name", "Still no name")),
        ),
    )
    out = tmp_path / "out"
    simulation, report = simulate(pizza, fake_openai, out, runs=1, max_turns=4, jobs=1)
    return simulation, report, out


def test_the_report_counts_a_small_run_exactly(
    scripted_run: tuple[Simulation, SimulationReport, Path],
) -> None:
    _simulation, report, out = scripted_run
    assert report.planned == 2
    assert report.counts == {"finished": 1, "stuck": 1, "abandoned": 0, "failed": 0, "cancelled": 0}
    assert report.by_persona == {"Ana": {"finished": 1}, "Bo": {"stuck": 1}}
    assert [(p.steps, p.count, p.statuses) for p in report.paths] == [
        (("greet",), 1, {"stuck": 1}),
        (("greet", "take_order", "delivery", "done"), 1, {"finished": 1}),
    ]
    steps = report.steps
    assert steps["greet"]["visits"] == 2
    assert steps["greet"]["turns"] == 6  # two of Ana's messages, four of Bo's
    assert steps["greet"]["turns_per_visit"] == 3.0
    assert steps["greet"]["ended"]["stuck"] == 1
    assert steps["take_order"]["violations"] == {"invalid_json": 1}
    assert steps["take_order"]["corrections"] == 1
    assert steps["take_order"]["fallbacks"] == 0
    assert steps["done"]["ended"]["finished"] == 1
    bot = report.bot
    assert bot.totals.llm_calls == 9
    assert [(low, count) for low, _high, count in bot.calls_per_message.histogram] == [
        (1.0, 7),
        (2.0, 1),
    ]
    assert bot.calls_per_message.mean == pytest.approx(9 / 8)
    assert sorted(
        [bot.calls_per_message_by_conversation.min, bot.calls_per_message_by_conversation.max]
    ) == [1.0, 1.25]
    assert report.user.totals.llm_calls == 8
    assert report.user.calls_per_message.max == 1
    facts = {(fact.persona, fact.name): fact for fact in report.facts}
    assert facts["Ana", "address"].disagrees == 1
    assert facts["Ana", "address"].examples == ((1, "2 Side Street"),)
    assert facts["Ana", "customer_name"].agrees == 1
    assert facts["Ana", "pizzas"].agrees == 1
    assert facts["Bo", "customer_name"].missing == 1
    assert json.loads((out / "report.json").read_text(encoding="utf-8"))["conversations"] == {
        "planned": 2,
        "reported": 2,
        "finished": 1,
        "stuck": 1,
        "abandoned": 0,
        "failed": 0,
        "cancelled": 0,
    }
    summary = (out / "summary.txt").read_text(encoding="utf-8")
    assert "1 finished, 1 stuck, 0 abandoned, 0 failed" in summary
    assert 'Ana · address = "1 Main Street": 1 disagree' in summary


def test_bot_and_simulated_user_are_counted_and_priced_apart(
    scripted_run: tuple[Simulation, SimulationReport, Path], fake_openai: FakeOpenAIServer
) -> None:
    _simulation, report, out = scripted_run
    prices = PriceTable.load().with_stand_in(fake_openai.base_url)
    user_lines = [
        json.loads(line)
        for line in (out / "simulated_user.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert len(user_lines) == 8
    # Ana's persona names its own model; Bo's plays on the bot's.
    assert [line["model"] for line in user_lines] == ["gpt-4o-mini"] * 4 + ["gpt-4.1-mini"] * 4
    user_cost = sum(
        prices.cost(
            line["model"],
            Usage(
                **{k: line["usage"][k] for k in ("input_tokens", "cached_tokens", "output_tokens")}
            ),
            fake_openai.base_url,
        )
        or 0.0
        for line in user_lines
    )
    assert report.user.totals.cost_usd == pytest.approx(user_cost)
    bot_cost = 0.0
    for outcome in report.conversations:
        assert outcome.log_path is not None
        events = read_log(outcome.log_path).events
        bot_cost += sum(e.data["cost_usd"] for e in events if e.type == "model_response")
        assert events[-1].type == "session_end"
    assert report.bot.totals.cost_usd == pytest.approx(bot_cost)
    assert report.bot.totals.cost_usd > 0 and report.user.totals.cost_usd > 0
    assert report.bot.cost_per_conversation is not None
    assert report.bot.cost_per_conversation.count == 2


def test_the_simulated_users_requests_carry_their_role(
    scripted_run: tuple[Simulation, SimulationReport, Path], fake_openai: FakeOpenAIServer
) -> None:
    received = [r.body for r in fake_openai.model_requests() if r.body]
    users = [body for body in received if body["text"]["format"]["name"] == USER_SCHEMA_NAME]
    bots = [body for body in received if body["text"]["format"]["name"] != USER_SCHEMA_NAME]
    assert (len(users), len(bots)) == (8, 9)
    for body in users:
        assert body["metadata"]["prompter_role"] == "simulated_user"
        assert body["metadata"]["prompter_persona"] in ("ana", "bo")
        assert body["model"] == (
            "gpt-4o-mini" if body["metadata"]["prompter_persona"] == "ana" else "gpt-4.1-mini"
        )
    assert [body["metadata"]["prompter_conversation"] for body in users] == ["1"] * 4 + ["2"] * 4
    assert all("prompter_role" not in body.get("metadata", {}) for body in bots)
    assert users[0]["input"] == OPENING_INPUT  # the pizza bot waits for the user to speak
    assert users[1]["input"] == "Hello Ana! Ready to order?"
    assert users[1]["previous_response_id"]  # the user's own chain, apart from the bot's


def test_a_guard_waiting_for_a_withheld_value_gets_the_conversation_stuck_there(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    scenario = load_scenario(pizza)
    fake_openai.responder = RoleRouter(ScenarioBot(scenario), PersonaModel(seed=1))
    (pizza / "tests" / "personas" / "shy.md").write_text(
        "---\nname: Shy\nfacts: {customer_name: Cy, pizzas: [margherita], address: 3 Hill Road}"
        "\nwithholds: [address]\n---\nCy orders a pizza but never says where to.\n",
        encoding="utf-8",
    )
    _simulation, report = simulate(
        pizza, fake_openai, tmp_path / "out", personas=["shy"], runs=3, max_turns=8, jobs=3
    )
    assert report.counts["stuck"] == 3
    assert report.steps["delivery"]["ended"]["stuck"] == 3
    assert report.steps["delivery"]["turns_per_visit"] > 4
    assert all(outcome.turns == 8 for outcome in report.conversations)


def test_an_impatient_user_leaves_and_the_conversation_is_abandoned(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake_openai.responder = RoleRouter(ScenarioBot(load_scenario(pizza)), PersonaModel())
    (pizza / "tests" / "personas" / "quick.md").write_text(
        "---\nname: Quick\nfacts: {pizzas: [margherita]}\nwithholds: [customer_name]\n"
        "behaviour: [impatient]\n---\nIn a hurry, gives no name.\n",
        encoding="utf-8",
    )
    _simulation, report = simulate(
        pizza, fake_openai, tmp_path / "out", personas=["quick"], runs=1, max_turns=10
    )
    (outcome,) = report.conversations
    assert outcome.status == "abandoned"
    assert outcome.turns < 10
    assert report.steps["greet"]["ended"]["abandoned"] == 1


def test_cancel_from_another_thread_keeps_what_finished(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake_openai.responder = RoleRouter(ScenarioBot(load_scenario(pizza)), PersonaModel())
    fake_openai.latency = 0.05
    holder: dict[str, Simulation] = {}
    cancelled = threading.Event()

    def progress(update: ProgressUpdate) -> None:
        if update.ended is not None and not cancelled.is_set():
            cancelled.set()  # as the studio's Cancel button would, from the UI thread
            threading.Thread(target=holder["simulation"].cancel).start()

    out = tmp_path / "out"
    provider = provider_for(fake_openai)
    simulation = Simulation(
        load_scenario(pizza),
        load_personas(pizza, ["ana"]),
        SimulationSettings(runs=12, max_turns=10, jobs=3),
        bot_provider=provider,
        out_dir=out,
        limits=RateLimitTable({}),
        on_progress=progress,
        prices=PriceTable.load().with_stand_in(fake_openai.base_url),
    )
    holder["simulation"] = simulation
    report = simulation.run_sync()
    assert report.stopped == "cancelled"
    ended = [o for o in report.conversations if o.status != "cancelled"]
    assert 1 <= len(ended) < 12
    assert report.counts["cancelled"] == 12 - len(ended)
    assert report.reported == len(ended)
    for outcome in report.conversations:
        if outcome.log_path is not None:  # every log written is whole, and says how it ended
            events = read_log(outcome.log_path).events
            assert events[-1].type == "session_end"
    assert report.bot.cost_per_conversation is not None
    assert len(report.bot.cost_per_conversation.histogram) >= 1
    assert report.bot.cost_per_conversation.count == len(ended)
    on_disk = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert on_disk["stopped"] == "cancelled"
    assert on_disk["conversations"]["cancelled"] == report.counts["cancelled"]


def test_a_failure_every_conversation_would_meet_stops_the_run(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake_openai.api_key = "sk-the-only-valid-key-000000"
    _simulation, report = simulate(pizza, fake_openai, tmp_path / "out", runs=5, jobs=2)
    assert report.stopped is not None and "API key was rejected" in report.stopped
    assert report.counts["failed"] >= 1
    assert report.counts["failed"] + report.counts["cancelled"] == 10
    assert len(fake_openai.model_requests()) <= 2


def test_a_simulated_conversation_saved_as_a_test_replays_green(
    scripted_run: tuple[Simulation, SimulationReport, Path], pizza: Path
) -> None:
    _simulation, report, _out = scripted_run
    finished = next(o for o in report.conversations if o.status == "finished")
    assert finished.log_path is not None
    scenario = load_scenario(pizza)
    path = save_as_test(scenario, finished.log_path, name="Ana orders", stem="ana_orders")
    assert path == pizza / "tests" / "ana_orders.test.yaml"
    assert (pizza / "tests" / "ana_orders.replies.jsonl").exists()
    test = load_test(path, inside=pizza)
    assert [turn.user for turn in test.turns] == [
        "Hi, I'm Ana",
        "I'd like to order",
        "One margherita",
        "1 Main Street",
    ]
    result = run_tests_sync(scenario, [test], log_dir=pizza.parent / "logs")
    assert result.passed, [r.failures for r in result.results]
    with pytest.raises(SessionError, match="already exists"):
        save_as_test(scenario, finished.log_path, name="Ana orders", stem="ana_orders")


def test_progress_reports_counts_and_an_eta(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake_openai.responder = RoleRouter(ScenarioBot(load_scenario(pizza)), PersonaModel())
    updates: list[ProgressUpdate] = []
    _simulation, report = simulate(
        pizza,
        fake_openai,
        tmp_path / "out",
        personas=["ana"],
        runs=4,
        max_turns=6,
        jobs=2,
        on_progress=updates.append,
    )
    assert updates[-1].counts.done == 4
    assert updates[-1].counts.running == 0
    assert sum(1 for u in updates if u.ended is not None) == 4
    assert any(u.counts.eta_s is not None for u in updates if u.counts.done < 4)
    turns = [u.counts.turns for u in updates]
    assert turns == sorted(turns)
    assert updates[-1].counts.bot_calls == report.bot.totals.llm_calls


def test_a_conversation_whose_log_cannot_be_written_fails_alone(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake_openai.responder = RoleRouter(ScenarioBot(load_scenario(pizza)), PersonaModel())
    out = tmp_path / "out"
    (out / "conversations" / "0002-ana-2.jsonl").mkdir(parents=True)  # in the log's way
    _simulation, report = simulate(pizza, fake_openai, out, personas=["ana"], runs=3)
    statuses = {outcome.index: outcome.status for outcome in report.conversations}
    assert statuses[2] == "failed"
    assert "cannot write its log" in (report.conversations[1].error or "")
    assert statuses[1] != "failed" and statuses[3] != "failed"
    assert all(path.steps for path in report.paths)
