"""The log viewer: a log as a chat with folded events; follow, damage reports, replay, fork."""

from __future__ import annotations

import json
import os
import random
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_chat_pane import INTERVIEW, STEPS_AFTER  # the analyst-bot interview script

from app.chat.window import ChatWindow, open_fork_window, scenario_of_log
from app.logview.sample import SampleConversation, write_sample_log
from app.logview.variables_panel import MeterLabel
from app.logview.window import LogWindow
from engine.conversation.sync_conversation import SyncConversation
from engine.dialogue.ledger import Totals
from engine.errors import SessionError
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.log.writer import LogWriter
from engine.offline.fake_openai import FakeOpenAIServer
from engine.providers import make_provider
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui


def open_window(qtbot: QtBot, path: Path, *, follow: bool = False) -> LogWindow:
    window = LogWindow(path, follow=follow)
    qtbot.addWidget(window)
    window.resize(900, 700)
    window.show()
    return window


def test_a_log_opens_as_bubbles_and_folded_events(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    events = write_sample_log(path, 60)
    window = open_window(qtbot, path)

    assert window.events() == events
    shown = window.view.visible_events()
    assert shown == events
    chat = [e for e in shown if e.is_chat]
    assert chat and all(e.type in ("user_message", "bot_message") for e in chat)
    assert not any(window.view.events_model.is_expanded(row) for row in range(len(events)))
    assert window.problems_label.text() == f"{len(events)} events · not following"
    assert window.meter.text().startswith(f"{window.projection.billed.llm_calls:,} calls")

    window.system_action.trigger()
    assert window.view.visible_events() == chat


def test_the_status_bar_is_one_line_with_the_cost_meter_shown_whole(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The meter once wrapped in the status bar: squeezed to no width, it made the bar a
    quarter of the window tall and showed nothing."""
    path = tmp_path / "log.jsonl"
    write_sample_log(path, 400)
    window = open_window(qtbot, path)
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: window.loaded)
    qtbot.wait(50)

    line = window.meter.fontMetrics().height()
    assert window.statusBar().height() <= 3 * line
    assert window.meter.isVisible()
    assert window.meter.width() >= window.meter.fontMetrics().horizontalAdvance(window.meter.text())
    assert window.replay.mapTo(window, window.replay.rect().bottomLeft()).y() >= (
        window.statusBar().y() - 3 * line
    )


def test_the_meter_writes_large_figures_with_thousands_separators(qtbot: QtBot) -> None:
    from PySide6.QtCore import QLocale

    saved = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    try:  # the C locale of the tests writes no separators: English does
        meter = MeterLabel(wrap=False)
        qtbot.addWidget(meter)
        meter.show_meter(Totals(llm_calls=2682, input_tokens=4_441_742), 2319)
        assert meter.text().startswith("2,682 calls · 1.16 per message · 4,441,742 in")
        QLocale.setDefault(QLocale(QLocale.Language.French, QLocale.Country.France))
        meter.show_meter(Totals(llm_calls=2682, input_tokens=4_441_742), 2319)
        assert meter.text().startswith(
            "2\u202f682 calls · 1,16 per message · 4\u202f441\u202f742 in"
        )
    finally:
        QLocale.setDefault(saved)


def test_a_damaged_log_shows_what_it_can_and_says_what_it_skipped(
    qtbot: QtBot, tmp_path: Path
) -> None:
    events = list(SampleConversation().events(12))
    lines = [e.to_json() for e in events]
    lines.insert(3, "{this is not json")
    del lines[7]  # a lost line: a gap in seq
    path = tmp_path / "damaged.jsonl"
    path.write_text("\n".join(lines) + "\n" + events[-1].to_json()[:20], encoding="utf-8")

    window = open_window(qtbot, path)

    assert window.events() == [e for e in events if e.seq != events[6].seq]
    assert [str(s) for s in window.skipped] == [
        "line 4: not JSON (Expecting property name enclosed in double quotes at column 2)"
    ]
    assert window.problems_label.text().startswith("⚠ skipped 1 line(s)")
    tooltip = window.problems_label.toolTip()
    assert "1 event(s) missing after seq 6" in tooltip
    assert "the last line is incomplete" in tooltip


def test_repeated_sequence_numbers_are_reported_as_they_arrive(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Two writers on one log, or a resume that counted again from an older number: the events
    are all shown, and the status bar says which numbers came twice."""
    events = list(SampleConversation().events(12))
    path = tmp_path / "twice.jsonl"
    path.write_text("".join(e.to_json() + "\n" for e in events), encoding="utf-8")
    window = open_window(qtbot, path, follow=True)
    assert window.problems() == []
    with path.open("a", encoding="utf-8") as handle:  # seq 5 to 7 written again
        handle.write("".join(e.to_json() + "\n" for e in events[4:7]))
    qtbot.waitUntil(lambda: len(window.events()) == len(events) + 3, timeout=5000)
    assert window.problems() == ["seq 5–7 repeated in session sample-s"]
    assert window.problems_label.text() == "⚠ seq 5–7 repeated in session sample-s"


def test_follow_shows_lines_another_thread_appends_in_small_chunks(
    qtbot: QtBot, tmp_path: Path
) -> None:
    events = list(SampleConversation().events(300))
    path = tmp_path / "live.jsonl"
    path.write_text("".join(e.to_json() + "\n" for e in events[:10]), encoding="utf-8")
    window = open_window(qtbot, path, follow=True)
    assert window.following and window.follow_action.isChecked()
    assert len(window.events()) == 10
    payload = "".join(e.to_json() + "\n" for e in events[10:]).encode()
    rng = random.Random(3)

    def writer() -> None:
        position = 0
        with path.open("ab", buffering=0) as handle:
            while position < len(payload):
                size = rng.randint(1, 400)
                handle.write(payload[position : position + size])
                position += size
                threading.Event().wait(0.001)

    thread = threading.Thread(target=writer)
    thread.start()
    qtbot.waitUntil(lambda: len(window.events()) == len(events), timeout=15000)
    thread.join()

    assert window.events() == events
    assert window.skipped == []
    assert window.view.verticalScrollBar().value() == window.view.verticalScrollBar().maximum()
    assert "following" in window.problems_label.text()


def test_follow_waits_for_a_half_written_line_instead_of_reporting_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    events = list(SampleConversation().events(3))
    path = tmp_path / "live.jsonl"
    half = events[1].to_json()
    path.write_text(events[0].to_json() + "\n" + half[:30], encoding="utf-8")
    window = open_window(qtbot, path, follow=True)
    assert window.events() == events[:1]
    assert not window.problems_label.text().startswith("⚠")

    with path.open("a", encoding="utf-8") as handle:
        handle.write(half[30:] + "\n")
    qtbot.waitUntil(lambda: len(window.events()) == 2, timeout=3000)
    assert window.skipped == []


def test_follow_starts_over_when_the_log_is_truncated(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    write_sample_log(path, 40)
    window = open_window(qtbot, path, follow=True)
    fresh = list(SampleConversation(session="second", seed=9).events(5))

    path.write_text("".join(e.to_json() + "\n" for e in fresh), encoding="utf-8")

    qtbot.waitUntil(lambda: window.events() == fresh, timeout=3000)
    assert window.projection.session_info["start_step"] == fresh[0].data["start_step"]


def test_a_log_that_does_not_exist_yet_is_waited_for(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "later.jsonl"
    window = open_window(qtbot, path, follow=True)
    assert "does not exist" in window.problems_label.toolTip()

    events = write_sample_log(path, 20)

    qtbot.waitUntil(lambda: window.events() == events, timeout=3000)


def test_replay_steps_turn_by_turn(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    events = write_sample_log(path, 80)
    window = open_window(qtbot, path)
    highlighted: list[str] = []
    window.step_highlighted.connect(highlighted.append)
    last = window.projection.last_turn
    assert window.replay.last_turn == last >= 3

    window.replay.set_turn(0)
    for turn in range(1, 4):
        qtbot.mouseClick(window.replay.next_button, Qt.MouseButton.LeftButton)
        assert window.replay.turn == turn
        shown = window.view.visible_events()
        assert shown == [e for e in events if e.turn <= turn]
        transition = [e for e in events if e.turn == turn and e.type == "transition"][-1]
        assert highlighted[-1] == transition.data["to"]
        assert f"Turn {turn} of {last}" in window.replay.position_label.text()
        assert window.variables.caption.text() == f"Variables as of turn {turn}"
        expected: dict[str, str] = {}
        for change in (e for e in events if e.type == "variable_change"):
            expected.setdefault(change.data["name"], "—")
            if change.turn <= turn:
                expected[change.data["name"]] = change.data["new"]
        assert {name: window.variables.value_of(name) for name in expected} == expected

    qtbot.mouseClick(window.replay.live_button, Qt.MouseButton.LeftButton)
    assert window.replay.turn is None
    assert window.view.visible_events() == events


def test_selecting_a_variable_change_scrolls_the_log_to_its_turn(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "log.jsonl"
    write_sample_log(path, 400)
    window = open_window(qtbot, path)
    window.view.scrollToBottom()
    item = window.variables.history_items("answer_2")[0]

    window.variables.tree.setCurrentItem(item)

    current = window.view.event_at(window.view.currentIndex())
    assert current is not None and current.turn == int(item.data(0, Qt.ItemDataRole.UserRole + 1))
    assert window.view.visualRect(window.view.currentIndex()).top() == 0


def test_the_variables_pane_shows_every_column_at_the_default_size(
    qtbot: QtBot, interview_log: Path
) -> None:
    """Long values are elided; the source column (model, default, …) stays in sight."""
    window = LogWindow(interview_log, follow=False)
    qtbot.addWidget(window)
    window.show()  # its own default size
    tree = window.variables.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0 and tree.viewport().width() > 0)
    header = tree.header()
    right = header.sectionPosition(2) + header.sectionSize(2)
    assert right <= tree.viewport().width() + 1
    sources = {tree.topLevelItem(i).text(2) for i in range(tree.topLevelItemCount())}
    assert "model" in sources
    widest = max(tree.fontMetrics().horizontalAdvance(text) for text in sources)
    assert header.sectionSize(2) >= widest
    assert header.sectionSize(1) >= 60  # the value keeps some room too


# --- fork: a real conversation's log, continued live -------------------------------------------


@pytest.fixture
def interview_log(tmp_path: Path, openai_env: FakeOpenAIServer) -> Path:
    """The log of the first four interview messages, written by the engine itself."""
    path = tmp_path / "interview.jsonl"
    scenario = load_scenario(default_scenario())
    for _, answers in INTERVIEW[:4]:
        openai_env.queue(*answers)
    with (
        SyncConversation.open(scenario, make_provider("responses")) as chat,
        LogWriter(path) as writer,
    ):
        writer.attach(chat.events)
        chat.start()
        for text, _ in INTERVIEW[:4]:
            chat.send(text)
    return path


def test_fork_continues_live_from_a_replayed_turn(
    qtbot: QtBot, interview_log: Path, openai_env: FakeOpenAIServer
) -> None:
    window = open_window(qtbot, interview_log)
    forks: list[tuple[list[Event], int]] = []
    window.fork_handler = lambda events, turn: forks.append((events, turn))
    window.replay.set_turn(2)
    qtbot.mouseClick(window.replay.fork_button, Qt.MouseButton.LeftButton)
    assert [turn for _, turn in forks] == [2]
    events, _ = forks[0]
    assert {e.turn for e in events} == {0, 1, 2}

    chat = open_fork_window(
        events,
        2,
        scenario_hint=window.projection.session_info,
        keys=_env_keys(),
        log_dir=interview_log.parent / "logs",
    )
    qtbot.addWidget(chat)
    pane = chat.pane
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=5000)

    assert pane.projection.step == STEPS_AFTER[1] == "users"
    assert pane.variables.value_of("project_name") == "Streak"
    assert pane.variables.value_of("target_users") == "—"  # set in turn 3: not in the fork
    assert pane.view.visible_events()[: len(events)] == events
    assert pane.view.visible_events()[len(events)].data["forked_from"]["turn"] == 2

    assert pane.log_path is not None and pane.log_path.parent == interview_log.parent / "logs"
    openai_env.queue(*INTERVIEW[2][1])
    assert pane.send("Teachers, actually, in class.")
    qtbot.waitUntil(lambda: not pane.busy, timeout=10000)
    assert pane.projection.step == "features"
    assert pane.variables.value_of("target_users") == '["students"]'
    # The fork goes on from turn 2: the model reads the first two turns, not the third. Turn 2
    # changed the step, so (default layout, compact) its chain restarts from their summaries.
    request = openai_env.model_requests()[-1].body or {}
    assert "previous_response_id" not in request
    summaries = [e.data["summary"] for e in events if e.type == "step_summary"]
    assert summaries[-1] in request["input"][0]["content"]
    chat.close()


def _env_keys() -> object:
    from app.chat.keys import ApiKeyStore

    return ApiKeyStore(environ=os.environ)


def test_a_fork_needs_the_scenario_the_log_names(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match="does not say where its scenario is"):
        scenario_of_log({"scenario": "x"})
    with pytest.raises(SessionError, match="does not exist any more"):
        scenario_of_log({"scenario_path": str(tmp_path / "gone")})


def test_copy_as_json_of_a_log_row_is_its_record(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    events = write_sample_log(path, 10)
    window = open_window(qtbot, path)
    window.view.setCurrentIndex(window.view.model().index(2, 0))
    window.view.copy_current()

    from PySide6.QtGui import QGuiApplication

    assert json.loads(QGuiApplication.clipboard().text()) == events[2].to_record()
    assert isinstance(window, LogWindow) and not isinstance(window, ChatWindow)


def test_a_long_log_shows_its_end_at_once_and_reads_the_rest_between_paints(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from app.logview.window import TAIL_LINES

    events = list(SampleConversation().events(9000))
    lines = [e.to_json() for e in events]
    lines.insert(100, "not json")
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    window = LogWindow(path, follow=True)
    qtbot.addWidget(window)

    assert not window.loaded
    assert window.view.visible_events() == events[-TAIL_LINES:]
    assert not window.replay.isEnabled()
    assert window.following and window.follow_action.isChecked()
    with qtbot.waitSignal(window.load_finished, timeout=10000):
        pass
    assert window.loaded and window.controller.active
    assert window.events() == events
    assert [s.line_no for s in window.skipped] == [101]
    assert window.replay.isEnabled() and window.replay.last_turn == events[-1].turn

    with path.open("a", encoding="utf-8") as handle:
        handle.write(SampleConversation(session="next").start()[0].to_json() + "\n")
    qtbot.waitUntil(lambda: len(window.events()) == len(events) + 1, timeout=3000)
