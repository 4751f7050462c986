"""The studio's Tests pane on a copy of the analyst bot: its tests replayed on a worker thread,
red / green / stale from unsaved edits, a failure opened in the log viewer at its turn, test
files edited through the undo stack, their problems in Problems, coverage on the graph, and a
record run whose recording is an undoable edit."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QDockWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from app import commands
from app.logview.window import LogWindow, open_log_window
from app.plain_text import shown_text
from app.tests_pane.coverage import gap_color
from app.tests_pane.in_log import DOCK_NAME, ExpectationPanel
from app.tests_pane.pane import TestsPane
from app.tests_pane.studio import TESTS_PANE, StudioTests, install
from engine.offline.autopilot import Autopilot
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.scenario_tests import load_suite
from engine.scenario_tests.record_shipped import first_step, plan_for

pytestmark = pytest.mark.gui

DECLINES = "tests/declines_consent.test.yaml"
INTERVIEW = "tests/interview_to_brief.test.yaml"
BROKEN = "tests/recovers_from_broken_replies.test.yaml"
REVIEW = "tests/review_reopens_every_section.test.yaml"
ALL = [DECLINES, INTERVIEW, BROKEN, REVIEW]


@pytest.fixture
def tests(studio: Any) -> Iterator[StudioTests]:
    glue = install(studio)
    yield glue
    glue.pane.shutdown()


def run(qtbot: QtBot, pane: TestsPane, relpaths: list[str] | None = None, **options: Any) -> None:
    assert pane.run(relpaths, **options)
    qtbot.waitUntil(lambda: not pane.running, timeout=30000)


def statuses(pane: TestsPane) -> dict[str, str]:
    return {relpath: pane.tree.status(relpath) for relpath in pane.tree.items}


def show_pane(qtbot: QtBot, studio: Any) -> None:
    """Click the Tests tab (the pane is tabbed behind Problems)."""
    studio.panes[TESTS_PANE].raise_()
    qtbot.waitUntil(lambda: studio.panes[TESTS_PANE].widget().tree.isVisible())


def double_click(qtbot: QtBot, pane: TestsPane, item: QTreeWidgetItem) -> None:
    """As a user does: the first click presses the row, the second is the double-click."""
    pane.tree.scrollToItem(item)
    center = pane.tree.visualItemRect(item).center()
    qtbot.mouseClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, pos=center)
    qtbot.mouseDClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, pos=center)


def type_into_editor(qtbot: QtBot, pane: TestsPane, relpath: str, old: str, new: str) -> None:
    """Select the test, open its file in the editor tab, select ``old`` and type ``new``."""
    pane.raise_pane()
    pane.select(relpath)
    pane.edit_action.trigger()
    assert pane.tabs.currentWidget() is pane.editor and pane.editor.relpath == relpath
    edit = pane.editor.edit
    cursor = edit.document().find(old)
    assert not cursor.isNull(), old
    edit.setTextCursor(cursor)
    qtbot.keyClicks(edit, new)


def test_the_pane_lists_the_tests_and_a_run_replays_them_all_green(
    studio: Any, tests: StudioTests, qtbot: QtBot
) -> None:
    pane = tests.pane
    assert studio.panes[TESTS_PANE].widget() is pane
    assert studio.tabifiedDockWidgets(studio.panes["Problems"]) == [
        studio.panes["History"],
        studio.panes[TESTS_PANE],
    ]
    assert list(pane.tree.items) == ALL
    assert set(statuses(pane).values()) == {"○ not run"}
    show_pane(qtbot, studio)

    qtbot.mouseClick(pane.toolbar.widgetForAction(pane.run_all_action), Qt.MouseButton.LeftButton)

    assert pane.running and not pane.run_all_action.isEnabled() and pane.stop_action.isEnabled()
    assert set(statuses(pane).values()) == {"… queued"}
    assert pane.summary.text() == "Running 4 test(s) (replay)…"
    qtbot.waitUntil(lambda: not pane.running, timeout=30000)
    assert set(statuses(pane).values()) == {"✔ passed"}
    assert pane.summary.text().startswith("4 passed · ")
    assert pane.summary.text().endswith("(replay)")
    assert pane.tree.items[INTERVIEW].childCount() == 0


def test_an_unsaved_expectation_edit_makes_a_red_test_explained_turn_by_turn(
    studio: Any, tests: StudioTests, qtbot: QtBot, analyst_bot: Path
) -> None:
    pane = tests.pane
    on_disk = (analyst_bot / DECLINES).read_text(encoding="utf-8")
    type_into_editor(qtbot, pane, DECLINES, "nothing has been recorded", "see you soon")
    assert studio.session.is_dirty

    run(qtbot, pane, [DECLINES])

    item = pane.tree.items[DECLINES]
    assert item.text(1) == "✖ failed at turn 1"
    assert pane.tree.problem_rows(DECLINES) == [
        'turn 1: bot_says: expected "see you soon" in the reply'
    ]
    pane.select(DECLINES)
    details = pane.details.toPlainText()
    assert (
        '✖ turn 1: bot_says\nuser\nNo thanks, not today.\nexpected\n"see you soon"\n'
        "got\nthe bot's reply, below\nstep\nconsent → goodbye\nbot\n"
    ) in details
    assert "nothing has been recorded" in details  # the bot's reply, beside the mismatch
    assert (analyst_bot / DECLINES).read_text(encoding="utf-8") == on_disk


def test_an_unsaved_instruction_edit_makes_the_tests_through_that_step_stale(
    studio: Any, tests: StudioTests, qtbot: QtBot
) -> None:
    session = studio.session
    review = "steps/review.md"
    commands.push(
        session.undo_stack,
        commands.SetTextCommand(
            session, review, session.document.text(review) + "\nAsk for a budget range too.\n"
        ),
    )
    pane = tests.pane

    run(qtbot, pane)

    assert statuses(pane) == {
        DECLINES: "✔ passed",
        INTERVIEW: "◐ stale at turn 12",
        BROKEN: "✔ passed",
        REVIEW: "◐ stale at turn 8",
    }
    pane.select(INTERVIEW)
    details = pane.details.toPlainText()
    assert "Stale at turn 12, call 12" in details
    assert "now\nline 46: Ask for a budget range too." in details
    assert pane.summary.text().startswith("2 passed · 2 stale")

    studio.undo_action.trigger()  # the scenario changes again: the results are outdated
    pane.refresh()
    assert statuses(pane)[DECLINES] == "✔ passed · before edits"
    pane.select(DECLINES)
    assert "The scenario was edited after this run" in pane.details.toPlainText()


def test_double_clicking_a_failure_opens_the_run_in_the_log_viewer_at_its_turn(
    studio: Any, tests: StudioTests, qtbot: QtBot
) -> None:
    pane = tests.pane
    opened: list[LogWindow] = []

    def opener(path: Path) -> LogWindow:
        window = open_log_window(path)
        qtbot.addWidget(window)
        opened.append(window)
        return window

    pane.log_opener = opener  # the studio wires the chat's (see test_save_chat_as_test)
    session = studio.session
    review = "steps/review.md"
    commands.push(
        session.undo_stack,
        commands.SetTextCommand(
            session, review, session.document.text(review) + "\nAsk for a budget range too.\n"
        ),
    )
    run(qtbot, pane, [REVIEW])
    show_pane(qtbot, studio)
    problem = pane.tree.items[REVIEW].child(0)
    assert problem is not None and problem.text(0).startswith("turn 8: stale")

    double_click(qtbot, pane, problem)

    assert len(opened) == 1
    log = opened[0]
    assert log.path.name == "review_reopens_every_section.jsonl"
    assert log.replay.turn == 7  # the stale call of turn 8 was rolled back: the log's last
    dock = log.findChild(QDockWidget, DOCK_NAME)
    assert dock is not None
    qtbot.waitUntil(dock.isVisible)
    panel = dock.widget()
    assert isinstance(panel, ExpectationPanel)
    assert panel.turn_label.text() == (
        "Turn 8: the test expects (the run stopped in this "
        "turn, which the log rolls back: it shows turn 7)"
    )
    expected = panel.expectation.toPlainText()
    assert expected == (
        "user: The idea is a bit off, let me rephrase it.\n"
        "expect: {step: idea, transition: fix_idea}"
    )  # turn 8 of the file
    assert panel.problems.item(0).text().startswith("turn 8: stale — the request differs")

    log.replay.set_turn(3)  # the expectation follows the replay
    assert panel.turn_label.text() == "Turn 3: the test expects"


def test_a_test_file_edit_is_undoable_and_saved_with_the_scenario(
    studio: Any, tests: StudioTests, qtbot: QtBot, analyst_bot: Path
) -> None:
    pane = tests.pane
    before = (analyst_bot / DECLINES).read_bytes()
    type_into_editor(qtbot, pane, DECLINES, "No thanks, not today.", "Nope")

    assert studio.session.undo_stack.undoText() == f"Type in {DECLINES}"
    assert studio.session.is_dirty and studio.isWindowModified()
    assert "not saved yet" in pane.editor.header.text()
    assert "Nope" in studio.session.document.text(DECLINES)

    studio.undo_action.trigger()

    assert studio.session.document.text(DECLINES).encode("utf-8") == before
    assert pane.editor.edit.toPlainText().encode("utf-8") == before
    assert not studio.session.is_dirty
    studio.redo_action.trigger()
    assert "Nope" in pane.editor.edit.toPlainText()

    studio.save_action.trigger()

    assert "Nope" in (analyst_bot / DECLINES).read_text(encoding="utf-8")
    assert not studio.session.is_dirty
    assert "not saved yet" not in pane.editor.header.text()


def test_a_broken_test_file_is_listed_in_problems_and_opens_at_its_line(
    studio: Any, tests: StudioTests, qtbot: QtBot
) -> None:
    pane = tests.pane
    type_into_editor(qtbot, pane, DECLINES, "bot_says", "bot_sayz")  # a typo
    pane.refresh()

    problems = [
        p
        for p in studio.problems.problems
        if p.path is not None and p.path.name == "declines_consent.test.yaml"
    ]
    assert len(problems) == 1
    assert problems[0].message == "unknown key 'bot_sayz'"
    assert problems[0].hint == "did you mean 'bot_says'?"
    assert (problems[0].line, problems[0].column) == (10, 7)
    assert pane.tree.items[DECLINES].text(1) == "✖ file has errors"
    assert pane.editor.problems.count() == 1 and "10:7" in pane.editor.problems.item(0).text()
    # as in the instruction editor: line numbers, the line marked in the gutter (its tooltip
    # says why), and the word underlined where it is
    edit = pane.editor.edit
    assert edit.gutter.isVisible() and edit.gutter.width() >= edit.gutter_width() > 0
    assert edit.marked == {10: "unknown key 'bot_sayz' — did you mean 'bot_says'?"}
    marked = [s for s in edit.extraSelections() if not s.cursor.hasSelection()]
    assert [s.cursor.blockNumber() + 1 for s in marked] == [10]
    assert [s.cursor.selectedText() for s in edit.extraSelections() if s.cursor.hasSelection()] == [
        "bot_sayz"
    ]

    pane.select(INTERVIEW)
    studio.jump_to_problem(problems[0])  # what activating the row in Problems does

    assert pane.editor.relpath == DECLINES
    cursor = pane.editor.edit.textCursor()
    assert (cursor.blockNumber() + 1, cursor.positionInBlock() + 1) == (10, 7)

    run(qtbot, pane)  # the broken test is not run; the others are
    assert statuses(pane)[DECLINES] == "✖ file has errors"
    assert statuses(pane)[INTERVIEW] == "✔ passed"


def test_coverage_shades_what_no_test_covers_and_clears_when_toggled_off(
    studio: Any, tests: StudioTests, qtbot: QtBot
) -> None:
    pane = tests.pane
    scene = studio.scenario_editor.scene
    drawn = scene.colors
    run(qtbot, pane, [DECLINES])  # consent, declined, goodbye: nothing else

    pane.coverage_action.setChecked(True)

    gap = gap_color()
    nodes = scene.nodes
    assert nodes["idea"].colors.node_border == gap
    assert nodes["idea"].colors.node_fill != drawn.node_fill
    assert "No test enters this step." in nodes["idea"].toolTip()
    assert nodes["consent"].colors.node_fill == drawn.node_fill  # covered: as drawn
    assert "Covered by declines_consent.test.yaml" in nodes["consent"].toolTip()
    edges = {edge.signal: edge for edge in scene.edges if edge.source.step_id == "consent"}
    assert edges["agreed"].colors.edge == gap
    assert edges["declined"].colors.edge == drawn.edge
    overlay = pane.coverage.overlay if pane.coverage is not None else None
    assert overlay is not None and overlay.legend is not None
    assert overlay.legend.note == (
        "covered: steps 3/11 · signals 2/21 · results 1/16 · 1 of 4 tests run"
    )

    pane.coverage_action.setChecked(False)

    assert nodes["idea"].colors.node_fill == drawn.node_fill
    assert edges["agreed"].colors.edge == drawn.edge
    assert "No test enters" not in nodes["idea"].toolTip()


def test_coverage_with_no_run_yet_runs_every_test_first(
    studio: Any, tests: StudioTests, qtbot: QtBot
) -> None:
    pane = tests.pane
    pane.coverage_action.setChecked(True)
    assert pane.running
    qtbot.waitUntil(lambda: pane.coverage is not None and pane.coverage.shown, timeout=30000)
    assert set(statuses(pane).values()) == {"✔ passed"}
    overlay = pane.coverage.overlay
    assert overlay is not None and overlay.legend is not None
    assert overlay.legend.note == (
        "covered: steps 11/11 · signals 21/21 · results 16/16 · 4 of 4 tests run"
    )
    scene = studio.scenario_editor.scene
    assert all(
        node.colors.node_fill == scene.colors.node_fill
        for node in scene.nodes.values()
        if node.step_id != "goodbye"
    )


def test_without_a_model_record_and_live_are_not_offered(studio: Any, tests: StudioTests) -> None:
    pane = tests.pane
    pane.update_modes()
    model = pane.mode_box.model()
    assert isinstance(model, QStandardItemModel)
    assert [model.item(row).isEnabled() for row in range(3)] == [True, False, False]
    assert not pane.set_mode("record") and pane.mode() == "replay"
    assert shown_text(model.item(1).toolTip()) == (
        "Calls the model, and no model is set up: Record and "
        "Live use the test chat's (its Settings…)."
    )

    assert not pane.run(mode="record")

    assert studio.answers.told[-1] == (
        "Tests",
        "A record run calls the model, and no model is set up: Record and Live use "
        "the test chat's (its Settings…).",
        True,
    )
    assert not pane.running


def test_a_record_run_is_an_undoable_edit_of_the_recording(
    studio: Any,
    tests: StudioTests,
    qtbot: QtBot,
    openai_env: FakeOpenAIServer,
    analyst_bot: Path,
) -> None:
    """Rewording a message makes the test stale; recording it again against the model (here
    the fake server, playing what the test expects) makes it pass, as one undo step."""
    from app.chat.settings import ChatSettings

    pane = tests.pane
    settings = ChatSettings()  # the studio uses the chat's (see test_save_chat_as_test)
    pane.provider_source = lambda: lambda: (settings.make_provider(FAKE_API_KEY), None)
    cassette = "tests/declines_consent.replies.jsonl"
    recorded = (analyst_bot / cassette).read_text(encoding="utf-8")
    type_into_editor(qtbot, pane, DECLINES, "No thanks, not today.", "No, thank you.")
    run(qtbot, pane, [DECLINES])
    assert statuses(pane)[DECLINES] == "◐ stale at turn 1"

    suite = load_suite(analyst_bot)
    test = next(t for t in suite.tests if t.path and t.path.name == "declines_consent.test.yaml")
    test = test.model_copy(
        update={"turns": [test.turns[0].model_copy(update={"user": "No, thank you."})]}
    )
    openai_env.responder = Autopilot(
        suite.scenario, plan_for(suite.scenario, test, first_step(suite.scenario))
    )
    assert pane.set_mode("record")
    run(qtbot, pane, [DECLINES])

    assert statuses(pane)[DECLINES] == "✔ passed"
    assert studio.session.undo_stack.undoText() == f"Record {cassette}"
    new = studio.session.document.text(cassette)
    assert new != recorded and "No, thank you." in new
    assert (analyst_bot / cassette).read_text(encoding="utf-8") == recorded  # not saved yet
    run(qtbot, pane, [DECLINES], mode="replay")
    assert statuses(pane)[DECLINES] == "✔ passed"

    studio.undo_action.trigger()
    assert studio.session.document.text(cassette) == recorded
    run(qtbot, pane, [DECLINES], mode="replay")
    assert statuses(pane)[DECLINES] == "◐ stale at turn 1"


def test_a_slow_run_shows_each_test_s_turn_and_stops_keeping_the_last_results(
    studio: Any,
    tests: StudioTests,
    qtbot: QtBot,
    openai_env: FakeOpenAIServer,
    analyst_bot: Path,
) -> None:
    """A live run against a model that takes its time: the row says which turn the test is in;
    Stop ends the run after that turn, and the test keeps the result it had."""
    from app.chat.settings import ChatSettings

    pane = tests.pane
    run(qtbot, pane, [INTERVIEW])
    assert pane.tree.status(INTERVIEW) == "✔ passed"
    suite = load_suite(analyst_bot)
    test = next(t for t in suite.tests if t.path == analyst_bot / INTERVIEW)
    pilot = Autopilot(suite.scenario, plan_for(suite.scenario, test, first_step(suite.scenario)))

    def slowly(request: Any) -> Any:
        answer = pilot(request)
        return Fault.delay(0.3, json.dumps(answer) if isinstance(answer, dict) else answer)

    openai_env.responder = slowly
    settings = ChatSettings()
    pane.provider_source = lambda: lambda: (settings.make_provider(FAKE_API_KEY), None)
    assert pane.run([INTERVIEW], mode="live")
    qtbot.waitUntil(lambda: pane.tree.status(INTERVIEW).startswith("▶ turn 2/14"), timeout=10000)

    qtbot.mouseClick(pane.toolbar.widgetForAction(pane.stop_action), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: not pane.running, timeout=10000)
    assert pane.tree.status(INTERVIEW) == "✔ passed"  # the replayed result stands
    assert pane.outcomes[INTERVIEW].result.mode == "replay"
    assert pane.summary.text() == "1 passed · 3 not run · stopped"


def test_another_scenario_opened_shows_its_own_tests(
    studio: Any, tests: StudioTests, qtbot: QtBot, tmp_path: Path
) -> None:
    import shutil

    run(qtbot, tests.pane)
    pizza = tmp_path / "pizza"
    shutil.copytree(Path(__file__).parent / "fixtures" / "scenarios" / "pizza", pizza)
    assert studio.files.open_folder(pizza)

    assert tests.pane.tree.items == {}
    assert not tests.pane.splitter.isVisible() or not tests.pane.isVisible()
    assert "This scenario has no tests yet" in tests.pane.empty.text()
    assert "Save as test" in tests.pane.empty.text()


def test_the_logs_of_runs_no_result_shows_any_more_are_removed(
    studio: Any, tests: StudioTests, qtbot: QtBot
) -> None:
    pane = tests.pane
    run(qtbot, pane)
    first = pane.outcomes[DECLINES].result.log_path
    assert first is not None and first.exists()
    run(qtbot, pane, [DECLINES])  # the other tests still show the first run's results
    assert first.parent.exists()
    assert pane.outcomes[DECLINES].result.log_path != first

    run(qtbot, pane)  # now every result is of the third run

    assert not first.parent.exists()
    last = pane.outcomes[DECLINES].result.log_path
    assert pane.runs is not None and last is not None
    assert pane.runs.log_dirs == [last.parent]


def test_a_test_written_by_another_program_appears_in_the_list(
    studio: Any, tests: StudioTests, qtbot: QtBot, analyst_bot: Path
) -> None:
    source = analyst_bot / DECLINES
    (analyst_bot / "tests" / "copy.test.yaml").write_text(
        source.read_text(encoding="utf-8"), encoding="utf-8"
    )
    qtbot.waitUntil(lambda: "tests/copy.test.yaml" in tests.pane.tree.items, timeout=5000)
    assert tests.pane.tree.status("tests/copy.test.yaml") == "○ not run"


def test_a_test_file_changed_by_another_program_is_offered_for_reload(
    studio: Any, tests: StudioTests, analyst_bot: Path, qtbot: QtBot
) -> None:
    path = analyst_bot / DECLINES
    assert studio.session.document.text(DECLINES)  # the pane has read it
    studio.files.watcher.rearm()  # as after any open or save
    path.write_text(
        path.read_text(encoding="utf-8").replace("name:", "name: Edited -"), encoding="utf-8"
    )
    qtbot.waitUntil(lambda: studio.files.disk_banner.isVisible(), timeout=5000)
    assert DECLINES.rsplit("/", 1)[-1] in studio.files.disk_banner.label.text()
