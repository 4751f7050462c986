"""Action steps in scenario tests, saved chats, simulations and stats: tests stub them (for the
whole test or from a turn on), a replay never runs one, a recording keeps their outcomes,
coverage counts outcome edges, a simulation stubs them unless told to run them, and ``stats``
counts their outcomes and latency."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from plugins.actions import clinic_reply, stay_reply

from engine.actions.runners import LiveActions
from engine.cli import main
from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.log.events import Event
from engine.log.writer import LogWriter
from engine.providers.scripted import ScriptedProvider
from engine.scenario.loader import load_scenario
from engine.scenario_tests import chat_to_test, load_suite, run_tests_sync
from engine.scenario_tests.cassette import Cassette
from engine.scenario_tests.check import check_test
from engine.scenario_tests.loader import parse_test
from engine.simulate.persona import load_personas
from engine.simulate.runner import Simulation, SimulationSettings
from engine.stats.collect import collect_stats
from engine.stats.render import render_csv, render_text

#: An actions module that counts its runs in ``runs.txt`` beside it (so a test can tell).
COUNTING = """
import pathlib
def find_slots(specialty, context):
    runs = pathlib.Path(context.folder) / "runs.txt"
    runs.write_text((runs.read_text() if runs.exists() else "") + specialty + "\\n")
    if specialty == "none":
        return {"outcome": "no_slots"}
    return {"slots": ["Mon 9:00", "Tue 14:30"], "first_slot": "Mon 9:00"}
"""

BOOKS = """\
name: Books the first slot
turns:
  - user: Dermatology please
    expect:
      step: choose
      transition: known
      variables: {slots: [Mon 9:00, Tue 14:30], first_slot: Mon 9:00}
  - user: Monday is fine
    expect: {step: bye, transition: done}
end: {finished: true}
"""


def runs(folder: Path) -> list[str]:
    path = folder / "runs.txt"
    return path.read_text().splitlines() if path.exists() else []


def write_test(folder: Path, name: str, text: str) -> Path:
    tests = folder / "tests"
    tests.mkdir(exist_ok=True)
    path = tests / f"{name}.test.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def bye_reply() -> dict[str, Any]:
    return {"message": "Booked!", "transition": "done", "results": {}, "summary": "booked"}


def test_a_recording_keeps_the_outcome_and_a_replay_never_runs_the_action(
    action_folder: Any,
) -> None:
    folder = action_folder(COUNTING)
    path = write_test(folder, "books", BOOKS)
    suite = load_suite(folder)

    recorded = run_tests_sync(
        suite.scenario,
        suite.tests,
        mode="record",
        provider=ScriptedProvider([clinic_reply(), bye_reply()]),
    )
    assert recorded.passed and runs(folder) == ["dermatology"]
    cassette = Cassette.load(path.with_name("books.replies.jsonl"), inside=folder)
    assert [(a.turn, a.step, a.inputs, a.outcome) for a in cassette.actions] == [
        (1, "find_slots", {"specialty": "dermatology"}, "ok")
    ]

    replayed = run_tests_sync(suite.scenario, suite.tests, mode="replay")
    assert replayed.passed
    assert runs(folder) == ["dermatology"]  # the replay did not run it
    coverage = replayed.results[0].coverage
    assert ("find_slots", "ok") in coverage.signals  # an outcome edge, covered
    assert ("find_slots", "no_slots") in replayed.coverage.missed()["signals"] or (
        "find_slots.no_slots" in replayed.coverage.missed()["signals"]
    )


def test_a_replay_whose_action_is_handed_other_inputs_is_stale(action_folder: Any) -> None:
    folder = action_folder(COUNTING)
    write_test(folder, "books", BOOKS)
    suite = load_suite(folder)
    run_tests_sync(
        suite.scenario,
        suite.tests,
        mode="record",
        provider=ScriptedProvider([clinic_reply(), bye_reply()]),
    )
    cassette_file = folder / "tests" / "books.replies.jsonl"
    text = cassette_file.read_text(encoding="utf-8")
    cassette_file.write_text(text.replace('"specialty":"dermatology"}', '"specialty":"eyes"}'))

    [result] = run_tests_sync(suite.scenario, suite.tests, mode="replay").results

    assert result.status == "stale" and result.staleness is not None
    assert result.staleness.field == "actions.find_slots.inputs"
    assert "other inputs than when recorded" in result.staleness.reason


def test_stubs_for_the_whole_test_and_from_a_turn_on(action_folder: Any) -> None:
    folder = action_folder(COUNTING)
    write_test(
        folder,
        "stubbed",
        """\
name: No slot, then one
actions:
  find_slots: no_slots
turns:
  - user: Dermatology please
    expect: {step: waitlist, transition: known}
end: {finished: true}
""",
    )
    write_test(
        folder,
        "later",
        """\
name: A stub from the second turn on
actions:
  find_slots: {outcome: ok, results: {slots: [Fri 10:00]}}
turns:
  - user: Dermatology please
    expect: {step: choose, variables: {slots: [Fri 10:00]}}
  - user: Hmm, again?
    actions:
      find_slots: {outcome: timeout}
    expect: {step: choose}
end: {finished: false}
""",
    )
    suite = load_suite(folder)
    provider = ScriptedProvider([clinic_reply(), clinic_reply(), stay_reply()])

    result = run_tests_sync(suite.scenario, suite.tests, mode="live", provider=provider)

    assert [r.status for r in result.results] == ["passed", "passed"], [
        (r.failures, r.error) for r in result.results
    ]
    assert runs(folder) == []  # stubbed: the action never ran
    [later] = [r for r in result.results if r.name == "later.test.yaml"]
    assert later.turns[0].step_after == "choose"


def test_a_stub_that_names_no_action_step_an_outcome_without_a_transition_or_an_unknown_result(
    action_folder: Any,
) -> None:
    scenario = load_scenario(action_folder())
    test = parse_test(
        """\
actions:
  find_slot: no_slots
  find_slots: {outcome: maybe, results: {slot: x}}
turns:
  - user: hi
    actions: {ask: ok}
""",
        path=Path("t.test.yaml"),
    )

    got = [(f.code, f.line, f.column) for f in check_test(scenario, test)]

    assert got == [
        ("test-unknown-action", 2, 3),
        ("test-stub-outcome", 3, 15),
        ("test-stub-result", 3, 42),
        ("test-unknown-action", 6, 15),
    ]


def test_a_saved_chat_keeps_stubs_as_stubs_and_live_outcomes_in_its_cassette(
    action_folder: Any,
) -> None:
    folder = action_folder(COUNTING)
    scenario = load_scenario(folder)
    events: list[Event] = []
    conversation = Conversation(
        scenario, ScriptedProvider([clinic_reply(), bye_reply()]), actions=LiveActions()
    )
    conversation.events.subscribe(events.append)
    with SyncConversation(conversation) as sync:
        sync.start()
        sync.send("Dermatology please")
        sync.send("Monday is fine")
    assert runs(folder) == ["dermatology"]

    saved = chat_to_test(scenario, events, name="Saved")

    assert runs(folder) == ["dermatology"]  # saving replayed the log: the action did not run
    assert [(a.step, a.outcome) for a in saved.cassette.actions] == [("find_slots", "ok")]
    assert "actions" not in saved.text

    from engine.actions.runners import StubbedActions
    from engine.actions.stubs import Stub

    events = []
    stubbed = Conversation(
        scenario,
        ScriptedProvider([clinic_reply()]),
        actions=StubbedActions({"find_slots": Stub(outcome="no_slots")}),
    )
    stubbed.events.subscribe(events.append)
    with SyncConversation(stubbed) as sync:
        sync.start()
        sync.send("Dermatology please")
    saved = chat_to_test(scenario, events, name="Stubbed")
    assert saved.test.actions == {"find_slots": Stub(outcome="no_slots")}
    assert saved.cassette.actions == [] and "find_slots: {outcome: no_slots}" in saved.text


PERSONA = """\
---
name: Ana
goal: Book a dermatology slot
facts: {specialty: dermatology}
---
You are Ana.
"""


def _simulate(folder: Path, **options: Any) -> list[Path]:
    (folder / "tests" / "personas").mkdir(parents=True, exist_ok=True)
    (folder / "tests" / "personas" / "ana.md").write_text(PERSONA, encoding="utf-8")
    scenario = load_scenario(folder)
    user = {"message": "Dermatology please", "done": False}
    simulation = Simulation(
        scenario,
        load_personas(folder),
        SimulationSettings(runs=1, max_turns=1, rpm=0, tpm=0, jobs=1),
        bot_provider=ScriptedProvider([clinic_reply()]),
        user_provider=ScriptedProvider([user]),
        out_dir=folder / "sim",
        **options,
    )
    simulation.run_sync()
    return sorted((folder / "sim" / "conversations").glob("*.jsonl"))


def test_a_simulation_stubs_actions_from_the_scenarios_files_unless_told_to_run_them(
    action_folder: Any,
) -> None:
    folder = action_folder(COUNTING)
    (folder / "tests").mkdir()
    (folder / "tests" / "stubs.yaml").write_text(
        "stubs:\n  find_slots: {outcome: ok, results: {slots: [Stubbed 1:00]}}\n"
    )
    [log] = _simulate(folder)
    assert runs(folder) == []
    assert '"slots":["Stubbed 1:00"]' in log.read_text() and '"mode":"stubbed"' in log.read_text()

    [log] = _simulate(action_folder(COUNTING, name="live"), actions=LiveActions())
    assert runs(log.parents[2]) == ["dermatology"]


def test_stats_count_each_actions_outcomes_and_latency(action_folder: Any, tmp_path: Path) -> None:
    folder = action_folder(COUNTING)
    scenario = load_scenario(folder)
    logs = tmp_path / "logs"
    for index, specialty in enumerate(["dermatology", "none", "dermatology"]):
        conversation = Conversation(scenario, ScriptedProvider([clinic_reply(specialty)]))
        writer = LogWriter(logs / f"{index}.jsonl")
        writer.attach(conversation.events)
        with SyncConversation(conversation) as sync:
            sync.start()
            sync.send(specialty)
        writer.close()

    report = collect_stats([logs], scenario=scenario)

    stats = report.actions["find_slots"]
    assert dict(stats.outcomes) == {"ok": 2, "no_slots": 1} and stats.runs == 3
    assert stats.action == "python find_slots" and len(stats.durations_ms) == 3
    text = render_text(report)
    assert "Action steps (no model call):" in text and "ok 2, no_slots 1" in text
    csv = render_csv(report, "actions").splitlines()
    assert csv[0] == "step,action,runs,outcomes,stubbed,late,median_ms,p90_ms"
    assert csv[1].startswith("find_slots,python find_slots,3,no_slots=1 ok=2,0,0,")
    data = json.loads(json.dumps(report.to_json()))
    assert data["actions"][0]["outcomes"] == {"no_slots": 1, "ok": 2}


def test_the_cli_runs_and_replays_a_scenarios_tests_with_actions(
    action_folder: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = action_folder(COUNTING)
    write_test(folder, "books", BOOKS.replace("transition: known", "transition: known"))
    suite = load_suite(folder)
    run_tests_sync(
        suite.scenario,
        suite.tests,
        mode="record",
        provider=ScriptedProvider([clinic_reply(), bye_reply()]),
    )

    assert main(["test", str(folder)]) == 0
    assert runs(folder) == ["dermatology"]
    assert "PASS" in capsys.readouterr().out
