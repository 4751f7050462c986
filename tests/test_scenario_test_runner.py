"""Running scenario tests: recorded once against the (fake) model through the real SDK, then
replayed offline; failures name the turn, what was expected, what happened and the bot's reply;
an edited scenario makes a test stale, not green; one test's trouble never stops another."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.dialogue.vars_memory import VarsMemory
from engine.log.reader import read_log
from engine.offline.autopilot import section_of, step_of_section
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.providers import make_provider
from engine.providers.base import Provider
from engine.scenario.loader import load_scenario
from engine.scenario_tests import (
    Progress,
    SuiteResult,
    TestFinished,
    TestStarted,
    TurnChecked,
    load_suite,
    run_tests_sync,
)
from engine.scenario_tests.expectations import same_value

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"

ORDER = """\
name: Orders a margherita
turns:
  - user: Hi, I'm Ana
    expect: {step: greet, transition: stay, variables: {customer_name: Ana}}
  - user: I'd like to order
    expect: {step: take_order, transition: wants_to_order}
  - user: One margherita, that's all
    expect:
      step: delivery
      transition: order_complete
      variables: {pizzas: [/margherita/]}
  - user: 1 Main Street
    expect: {step: done, transition: confirmed, bot_says: "thank you, ana"}
end: {finished: true, max_calls_per_message: 1}
"""


def reply(transition: str = "stay", message: str = "Noted.", **results: Any) -> dict[str, Any]:
    return {
        "message": message,
        "transition": transition,
        "results": results,
        "summary": "So far so good.",
    }


ORDER_REPLIES = [
    reply(customer_name="Ana", message="Hello Ana! Ready to order?"),
    reply("wants_to_order", customer_name="Ana", message="What would you like?"),
    reply("order_complete", pizzas=["margherita"], message="Where should we deliver?"),
    reply("confirmed", address="1 Main Street", message="Perfect."),
]


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    (folder / "tests").mkdir()
    return folder


def write_test(folder: Path, name: str, text: str = ORDER) -> Path:
    path = folder / "tests" / f"{name}.test.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def run(
    folder: Path, *, mode: str = "replay", provider: Provider | None = None, **options: Any
) -> SuiteResult:
    suite = load_suite(folder)
    assert not suite.has_errors, [f.render() for f in suite.findings]
    return run_tests_sync(
        suite.scenario,
        suite.tests,
        mode=mode,
        provider=provider,
        log_dir=folder.parent / "logs",
        **options,
    )


@pytest.fixture
def model(fake_openai: FakeOpenAIServer) -> Iterator[Callable[..., Provider]]:
    """A real Responses provider on the fake server, with the given replies queued."""
    opened: list[Provider] = []

    def build(*answers: Any) -> Provider:
        fake_openai.queue(*answers)
        provider = make_provider(
            "responses", api_key=FAKE_API_KEY, base_url=fake_openai.base_url, max_retries=0
        )
        opened.append(provider)
        return provider

    yield build
    for provider in opened:
        asyncio.run(provider.aclose())


def recorded(
    pizza: Path,
    model: Callable[..., Provider],
    name: str = "order",
    text: str = ORDER,
    replies: list[Any] = ORDER_REPLIES,
) -> Path:
    path = write_test(pizza, name, text)
    result = run(pizza, mode="record", provider=model(*replies))
    assert result.passed, result.results
    return path


# --- replay ----------------------------------------------------------------------------------


def test_a_recorded_test_replays_green_with_no_server_and_no_key(
    pizza: Path, model: Callable[..., Provider], fake_openai: FakeOpenAIServer
) -> None:
    path = recorded(pizza, model)
    assert path.with_name("order.replies.jsonl").is_file()
    fake_openai.stop()

    suite = run(pizza)

    (result,) = suite.results
    assert result.status == "passed" and result.mode == "replay"
    assert [turn.step_after for turn in result.turns] == ["greet", "take_order", "delivery", "done"]
    assert [turn.signals for turn in result.turns] == [
        (),
        ("wants_to_order",),
        ("order_complete",),
        ("confirmed",),
    ]
    assert result.turns[-1].bot_reply == "Perfect.\n\nThank you, Ana! Your order is on its way."
    assert result.calls == 4 and result.totals.input_tokens > 0
    assert result.failing_turn is None


def test_a_failing_expectation_names_turn_expected_actual_and_the_reply(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    path = recorded(pizza, model)
    path.write_text(
        ORDER.replace(
            "{step: take_order, transition: wants_to_order}",
            "{step: take_order, variables: {customer_name: Bea}, bot_says: /pepperoni|salami/}",
        ).replace("{step: done, transition: confirmed,", "{step: delivery, transition: confirmed,"),
        encoding="utf-8",
    )

    (result,) = run(pizza).results

    assert result.status == "failed" and result.failing_turn == 2
    described = [(f.turn, f.what, f.expected, f.actual) for f in result.failures]
    assert described == [
        (2, "variables.customer_name", '"Bea"', '"Ana"'),
        (2, "bot_says", '"/pepperoni|salami/"', '"What would you like?"'),
        (4, "step", "delivery", "done"),
    ]
    assert [f.bot_reply for f in result.failures][1:] == [
        "What would you like?",
        "Perfect.\n\nThank you, Ana! Your order is on its way.",
    ]
    assert result.failures[0].user == "I'd like to order"
    assert len(result.turns) == 4  # the run went on: later turns are still judged


def test_the_end_checks_are_judged_after_the_last_turn(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    path = recorded(pizza, model)
    path.write_text(
        ORDER.replace(
            "end: {finished: true, max_calls_per_message: 1}",
            "end: {finished: false, max_calls_per_message: 0.5}",
        ),
        encoding="utf-8",
    )

    (result,) = run(pizza).results

    assert [(f.turn, f.what, f.actual) for f in result.failures] == [
        (None, "end.finished", "true"),
        (None, "end.max_calls_per_message", "1 (4 calls for 4 messages)"),
    ]
    assert result.failing_turn == 5


def test_editing_a_steps_instructions_makes_the_test_stale_where_they_are_read(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    recorded(pizza, model)
    with (pizza / "steps" / "delivery.md").open("a", encoding="utf-8") as handle:
        handle.write("Ask for the floor too.\n")

    (result,) = run(pizza).results

    assert result.status == "stale" and result.failing_turn == 4
    stale = result.staleness
    assert stale is not None and stale.field == "input_items.1.content"
    assert stale.reason.endswith("in the step's instructions (input_items.1.content)")
    assert stale.current is not None and "Ask for the floor too." in stale.current
    assert [turn.turn for turn in result.turns] == [1, 2, 3]  # it stopped at the stale turn


def test_a_test_with_fewer_turns_than_its_recording_is_stale(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    path = recorded(pizza, model)
    shorter = ORDER.split("  - user: 1 Main Street")[0] + "end: {finished: false}\n"
    path.write_text(shorter, encoding="utf-8")

    (result,) = run(pizza).results

    assert result.status == "stale"
    assert result.staleness is not None and result.staleness.call == 4


def test_a_broken_cassette_is_an_error_and_is_left_as_it_was(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    path = recorded(pizza, model).with_name("order.replies.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = lines[3][:40] + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    before = path.read_bytes()

    (result,) = run(pizza).results

    assert result.status == "error"
    assert result.error is not None and f"{path}:4: not a JSON line" in result.error
    assert path.read_bytes() == before


def test_a_test_without_a_cassette_says_to_record_it(pizza: Path) -> None:
    write_test(pizza, "new")

    (result,) = run(pizza).results

    assert result.status == "error" and "record one with --record" in (result.error or "")


# --- record and live -------------------------------------------------------------------------


def test_a_failed_recording_keeps_the_previous_cassette(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    cassette = recorded(pizza, model).with_name("order.replies.jsonl")
    before = cassette.read_bytes()

    result = run(
        pizza, mode="record", provider=model(ORDER_REPLIES[0], Fault.server_error(503))
    ).results[0]

    assert result.status == "error" and "503" in (result.error or "")
    assert not result.cassette_written
    assert cassette.read_bytes() == before


def test_recording_writes_the_cassette_even_when_an_expectation_fails(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    write_test(pizza, "order", ORDER.replace("customer_name: Ana}", "customer_name: Bo}"))

    (result,) = run(pizza, mode="record", provider=model(*ORDER_REPLIES)).results

    assert result.status == "failed" and result.cassette_written
    assert (pizza / "tests" / "order.replies.jsonl").is_file()


def test_live_runs_leave_the_cassettes_alone(
    pizza: Path, model: Callable[..., Provider], fake_openai: FakeOpenAIServer
) -> None:
    cassette = recorded(pizza, model).with_name("order.replies.jsonl")
    before = cassette.read_bytes()
    calls_before = len(fake_openai.model_requests())

    (result,) = run(pizza, mode="live", provider=model(*ORDER_REPLIES)).results

    assert result.status == "passed" and result.mode == "live"
    assert len(fake_openai.model_requests()) == calls_before + 4
    assert cassette.read_bytes() == before


# --- many tests ------------------------------------------------------------------------------


def test_tests_run_concurrently_and_report_in_their_order(
    pizza: Path, fake_openai: FakeOpenAIServer
) -> None:
    for name in ("a", "b", "c"):
        write_test(pizza, name, ORDER.replace("name: Orders a margherita", f"name: {name}"))

    scenario = load_scenario(pizza)

    def answer(request: Any) -> str:
        step = step_of_section(scenario, section_of(request)).id
        return json.dumps(
            {
                "greet": ORDER_REPLIES[0] if "Ana" in request.input_text else ORDER_REPLIES[1],
                "take_order": ORDER_REPLIES[2],
                "delivery": ORDER_REPLIES[3],
            }[step]
        )

    fake_openai.responder = answer
    fake_openai.latency = 0.02
    provider = make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=fake_openai.base_url, max_retries=0
    )
    seen: list[Progress] = []
    try:
        suite = run(pizza, mode="live", provider=provider, jobs=3, on_progress=seen.append)
    finally:
        asyncio.run(provider.aclose())

    assert [result.title for result in suite.results] == ["a", "b", "c"]
    assert suite.passed
    kinds = [type(event).__name__ for event in seen]
    assert kinds[:3] == ["TestStarted"] * 3  # all three begin before any turn is checked
    assert sum(isinstance(event, TurnChecked) for event in seen) == 12
    finished = [event.index for event in seen if isinstance(event, TestFinished)]
    assert sorted(finished) == [0, 1, 2]
    assert isinstance(seen[0], TestStarted)


def test_one_tests_failure_or_crash_never_stops_the_others(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    recorded(pizza, model, "a_good")
    tests = pizza / "tests"
    shutil.copy(tests / "a_good.test.yaml", tests / "b_broken.test.yaml")
    (tests / "b_broken.replies.jsonl").write_text("garbage\n", encoding="utf-8")
    write_test(pizza, "c_failing", ORDER.replace("customer_name: Ana}", "customer_name: Zoe}"))
    shutil.copy(tests / "a_good.replies.jsonl", tests / "c_failing.replies.jsonl")
    shutil.copy(tests / "a_good.test.yaml", tests / "d_good.test.yaml")
    shutil.copy(tests / "a_good.replies.jsonl", tests / "d_good.replies.jsonl")

    suite = run(pizza)

    assert [(r.name, r.status) for r in suite.results] == [
        ("a_good.test.yaml", "passed"),
        ("b_broken.test.yaml", "error"),
        ("c_failing.test.yaml", "failed"),
        ("d_good.test.yaml", "passed"),
    ]
    assert not suite.passed


def test_a_conversation_that_ends_early_fails_the_turns_it_never_reached(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    write_test(
        pizza,
        "order",
        ORDER.replace("end: {finished: true", "  - user: And a drink\nend: {finished: true"),
    )

    (result,) = run(pizza, mode="record", provider=model(*ORDER_REPLIES)).results

    assert result.status == "failed"
    assert [(f.turn, f.what) for f in result.failures] == [(5, "conversation")]
    assert "finished in step 'done' before turn 5" in result.failures[0].actual


# --- what a run leaves behind ----------------------------------------------------------------


def test_each_run_writes_its_log_and_the_failing_turn_points_into_it(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    path = recorded(pizza, model)
    path.write_text(
        ORDER.replace('bot_says: "thank you, ana"', "bot_says: goodbye"), encoding="utf-8"
    )

    (result,) = run(pizza).results

    assert result.log_path == pizza.parent / "logs" / "order.jsonl"
    log = read_log(result.log_path)
    assert not log.skipped
    assert [event.data["text"] for event in log.events if event.type == "user_message"] == [
        "Hi, I'm Ana",
        "I'd like to order",
        "One margherita, that's all",
        "1 Main Street",
    ]
    failing = [e for e in log.events if e.turn == result.failing_turn and e.type == "bot_message"]
    assert failing[-1].data["text"] == "Thank you, Ana! Your order is on its way."
    again = run(pizza).results[0]  # a second run replaces the log rather than appending to it
    assert again.log_path is not None
    assert sum(1 for e in read_log(again.log_path).events if e.type == "session_start") == 1


def test_coverage_counts_what_the_run_did_per_test_and_in_total(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    recorded(pizza, model)

    suite = run(pizza)

    coverage = suite.results[0].coverage
    assert coverage.steps == {"greet", "take_order", "delivery", "done"}
    assert coverage.signals == {
        ("greet", "wants_to_order"),
        ("take_order", "order_complete"),
        ("delivery", "confirmed"),
    }
    assert coverage.results == {
        ("greet", "customer_name"),
        ("take_order", "pizzas"),
        ("delivery", "address"),
    }
    report = suite.coverage.to_dict()
    assert report["total"]["steps"] == {"covered": 4, "of": 4, "percent": 100.0}
    assert report["total"]["signals"] == {"covered": 3, "of": 4, "percent": 75.0}
    assert report["missed"] == {"steps": [], "signals": ["delivery.change_order"], "results": []}
    assert report["tests"]["order.test.yaml"]["signals"] == [
        "delivery.confirmed",
        "greet.wants_to_order",
        "take_order.order_complete",
    ]
    assert suite.coverage.table()[-1] == "not covered signals: delivery.change_order"


def test_preset_variables_are_set_before_the_first_message_and_logged(
    pizza: Path, model: Callable[..., Provider]
) -> None:
    text = ORDER.replace(
        "name: Orders a margherita\n", "name: Known customer\nvariables: {address: 1 Main Street}\n"
    )
    path = recorded(pizza, model, text=text)

    (result,) = run(pizza).results

    assert result.passed
    assert result.log_path is not None
    changes = [e.data for e in read_log(result.log_path).events if e.type == "variable_change"]
    assert changes[0] == {
        "name": "address",
        "old": None,
        "new": "1 Main Street",
        "source": "author",
    }
    assert path.exists()


def test_expected_values_are_read_as_the_variables_type_reads_them() -> None:
    from engine.scenario.definition import Variable

    memory = VarsMemory(
        {
            "platform": Variable(type="enum", values=["web", "mobile"]),
            "budget": Variable(type="number"),
            "tags": Variable(type="list"),
        }
    )

    assert same_value(memory, "platform", "Web", "web")
    assert same_value(memory, "budget", 50, 50.0)
    assert not same_value(memory, "budget", 50, 51)
    assert same_value(memory, "tags", "/dashboard/", ["Login", "Team dashboard"])
    assert same_value(memory, "tags", None, None) and not same_value(memory, "tags", None, ["x"])
    assert not same_value(memory, "platform", "desktop", "web")
