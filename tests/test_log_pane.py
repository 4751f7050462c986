"""The log pane: collapse and restore, filters, follow, selecting with the chat and the graph,
and the request inspector adding up to what the API billed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from test_chat_pane import INTERVIEW  # the analyst-bot interview script

from app.chat.studio import StudioChat, install_chat
from app.logpane import LOG_PANE, StudioLogPane, install_log_pane
from app.logview.logpane import LogPane
from app.logview.sample import SampleConversation, write_sample_log
from app.logview.table import PROBLEM_TYPES
from app.logview.window import LogWindow
from engine.log.events import Event
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer

pytestmark = pytest.mark.gui


@pytest.fixture
def chat(studio_chat: StudioChat) -> StudioChat:
    return studio_chat  # tests/plugins/studio.py


@pytest.fixture
def log(studio: Any, chat: StudioChat) -> StudioLogPane:
    return install_log_pane(studio, chat)


def send(qtbot: QtBot, chat: StudioChat, text: str) -> None:
    assert chat.pane.send(text)
    qtbot.waitUntil(lambda: not chat.pane.busy, timeout=15000)


def interview(qtbot: QtBot, chat: StudioChat, server: FakeOpenAIServer, turns: int) -> None:
    for text, answers in INTERVIEW[:turns]:
        server.queue(*answers)
        send(qtbot, chat, text)


@pytest.fixture
def pane(qtbot: QtBot) -> LogPane:
    widget = LogPane()
    qtbot.addWidget(widget)
    widget.resize(900, 300)
    widget.show()
    return widget


def sample(count: int) -> list[Event]:
    return list(SampleConversation().events(count))


# --- collapse and restore -----------------------------------------------------------------------


def test_ctrl_j_and_the_status_bar_button_collapse_and_expand_the_pane_and_it_is_remembered(
    studio: Any, chat: StudioChat, qtbot: QtBot, make_studio: Any, analyst_bot: Path
) -> None:
    log = install_log_pane(studio, chat)
    dock = studio.panes[LOG_PANE]
    assert dock.widget() is log.pane
    assert not dock.isVisible() and not log.toggle.button.isChecked()  # collapsed at first
    QTest.keyClick(studio, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert dock.isVisible() and log.toggle.button.isChecked()
    assert dock in studio.tabifiedDockWidgets(studio.panes["Problems"])  # beside Problems
    qtbot.waitUntil(lambda: dock.height() >= studio.height() * 0.3)  # not the thin strip
    log.toggle.button.click()
    assert not dock.isVisible()
    log.toggle.button.click()
    assert dock.isVisible()

    again = make_studio()  # a new window reads the same settings
    assert again.files.open_folder(analyst_bot)
    second = install_log_pane(again, install_chat(again))
    assert second.toggle.is_open
    QTest.keyClick(again, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    third = make_studio()
    assert not install_log_pane(third, install_chat(third)).toggle.is_open


def test_the_status_bar_button_counts_events_and_problems_while_collapsed(
    studio: Any, log: StudioLogPane, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    interview(qtbot, chat, openai_env, 2)  # the second turn's first reply is not JSON
    count = len(chat.pane.view.events_model.events())
    qtbot.waitUntil(lambda: log.toggle.button.text() == f"Log · {count:,} events · ⚠ 1")


# --- filters and follow -------------------------------------------------------------------------


def test_filters_by_type_step_and_text(pane: LogPane) -> None:
    events = sample(400)
    pane.set_events(events)
    assert pane.model.rowCount() == len(events)
    pane.set_types(PROBLEM_TYPES)
    shown = pane.model.shown_events()
    assert shown and all(event.type in PROBLEM_TYPES for event in shown)
    assert pane.types_button.text() == "Problems only"
    assert pane.count.text() == f"{len(shown):,} of {len(events):,}"

    pane.set_types(None)
    pane.set_step("budget")
    assert {event.step for event in pane.model.shown_events()} == {"budget"}
    pane.step_box.setCurrentIndex(0)  # "All steps", as the user picks it
    assert pane.model.rowCount() == len(events)

    pane.search.setText("hubspot")  # any case; the user's message says "HubSpot"
    found = pane.model.shown_events()
    assert found and all("hubspot" in json.dumps(e.data).lower() for e in found)
    assert {e.type for e in found} >= {"user_message"}
    pane.type_actions["user_message"].setChecked(False)  # untick one type in the menu
    assert "user_message" not in {e.type for e in pane.model.shown_events()}
    pane.show_all()
    assert pane.model.rowCount() == len(events) and pane.search.text() == ""


def test_rows_are_coloured_by_type(pane: LogPane) -> None:
    events = sample(200)
    pane.set_events(events)
    model = pane.model
    colors = {}
    for row, event in enumerate(model.shown_events()):
        colors.setdefault(event.type, model.index(row, 4).data(Qt.ItemDataRole.ForegroundRole))
    assert colors["contract_violation"].name() == "#c87814"
    assert colors["transition"] != colors["model_request"]


def test_follow_keeps_the_newest_row_in_view_until_the_user_scrolls_up(
    pane: LogPane, qtbot: QtBot
) -> None:
    events = sample(600)
    pane.set_events(events[:300])
    bar = pane.table.verticalScrollBar()
    assert pane.following and bar.value() == bar.maximum() > 0
    pane.append_events(events[300:320])
    assert bar.value() == bar.maximum()

    bar.setValue(bar.maximum() // 2)  # the user scrolls up
    assert not pane.following and not pane.follow_button.isChecked()
    reading = bar.value()
    pane.append_events(events[320:400])
    assert bar.value() == reading  # reading an old turn is not interrupted

    bar.setValue(bar.maximum())  # back at the end: following again
    assert pane.following
    pane.append_events(events[400:])
    assert bar.value() == bar.maximum()
    pane.follow_button.click()
    assert not pane.following


# --- the selection link -------------------------------------------------------------------------


def test_selecting_an_event_selects_its_turn_in_the_chat_and_its_step_on_the_graph(
    studio: Any, log: StudioLogPane, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    interview(qtbot, chat, openai_env, 3)
    log.open()
    pane = log.pane
    change = next(e for e in pane.events() if e.type == "variable_change" and e.step == "idea")
    pane.table.selectRow(pane.model.row_of(change))  # as a click does
    assert chat.pane.view.event_at(chat.pane.view.currentIndex()) is change
    assert studio.selected_step == "idea"

    # the chat: a click on a bubble selects it in the pane, and its step on the graph
    view = chat.pane.view
    reply = next(e for e in view.visible_events() if e.type == "bot_message" and e.turn == 1)
    view.select_event(reply)
    rect = view.visualRect(view.currentIndex())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert pane.selected_event() is reply
    assert studio.selected_step == reply.step

    # the graph: selecting a step selects that step's latest event in the pane
    studio.scenario_editor.select_step("users")
    selected = pane.selected_event()
    assert selected is not None and selected.step == "users"
    assert selected is [e for e in pane.model.shown_events() if e.step == "users"][-1]


def test_inspect_from_the_chat_opens_the_pane_and_the_inspector(
    studio: Any, log: StudioLogPane, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    interview(qtbot, chat, openai_env, 2)
    reply = [e for e in chat.pane.view.visible_events() if e.type == "model_response"][-1]
    chat.pane.view.inspect_requested.emit(reply)  # "Inspect model call…" in the context menu
    assert log.toggle.is_open and log.pane.inspector_window.isVisible()
    view = log.pane.inspector.view
    assert view is not None and view.response is reply
    assert log.pane.inspect_button.isChecked()
    log.pane.inspector_window.close()
    assert not log.pane.inspect_button.isChecked()


# --- the inspector ------------------------------------------------------------------------------


def test_the_inspectors_parts_add_up_to_the_billed_input(
    studio: Any, log: StudioLogPane, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    """The estimate counts words and punctuation marks as the fake server does, so the parts
    of every call add up to the billed input within the estimate's error (here: exactly)."""
    interview(qtbot, chat, openai_env, 6)
    log.open()
    pane = log.pane
    requests = [e for e in pane.events() if e.type == "model_request"]
    assert len(requests) >= 7
    for request in requests:
        assert pane.inspect(request)
        inspector = pane.inspector
        view = inspector.view
        assert view is not None and view.billed is not None
        parts = [row for row in inspector.model.rows if row.is_part]
        total = sum(row.tokens for row in parts)
        assert abs(total - view.billed.input_tokens) <= 0.01 * view.billed.input_tokens
        assert sum(row.cached for row in parts) == view.billed.cached_tokens
        assert "(+0.0%)" in inspector.estimate.text()
    later = requests[-1]
    pane.inspect(later)
    inspector = pane.inspector
    assert inspector.diff is not None and "Since the previous call" in inspector.changes.text()
    assert inspector.bar.diff is inspector.diff


def test_copying_the_request_never_writes_the_key(
    studio: Any, log: StudioLogPane, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    interview(qtbot, chat, openai_env, 3)
    pane = log.pane
    request = [e for e in pane.events() if e.type == "model_request"][-1]
    pane.inspect(request)
    inspector = pane.inspector
    inspector.copy_json.click()
    body = json.loads(QGuiApplication.clipboard().text())
    sent = dict(openai_env.model_requests()[-1].body or {})
    assert sent.pop("stream") is True  # the call streamed; the copy asks for the whole reply
    assert body == sent  # temperature from the scenario
    inspector.copy_inline.click()
    inline = json.loads(QGuiApplication.clipboard().text())
    assert "previous_response_id" not in inline and len(inline["input"]) > 1
    inspector.copy_command.click()
    command = QGuiApplication.clipboard().text()
    assert "$OPENAI_API_KEY" in command and FAKE_API_KEY not in command
    assert studio.statusBar().currentMessage().startswith("Replay command copied")


# --- the log viewer -----------------------------------------------------------------------------


def test_the_log_viewer_has_the_pane_too(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    events = write_sample_log(path, 120)
    window = LogWindow(path, follow=False)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    pane = window.log_pane
    assert pane.events() == events
    events = window.events()  # the objects read from the file
    assert not window.log_pane_dock.isVisible()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert window.log_pane_dock.isVisible()
    highlighted: list[str] = []
    window.step_highlighted.connect(highlighted.append)
    transition = next(e for e in events if e.type == "transition")
    pane.table.selectRow(pane.model.row_of(transition))
    assert window.view.event_at(window.view.currentIndex()) is transition
    assert highlighted == [transition.step]
    reply = next(e for e in events if e.type == "model_response")
    assert window.inspect(reply)
    view = pane.inspector.view
    assert view is not None and view.response is reply
    pane.inspector_window.close()
