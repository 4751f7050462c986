"""The test chat inside the studio window: docked panes, the graph following, logs, fork."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_chat_pane import INTERVIEW  # the analyst-bot interview script

from app.chat.studio import CHAT_PANE, VARIABLES_PANE, StudioChat, install_chat
from engine.testing.fake_openai import FakeOpenAIServer

pytestmark = pytest.mark.gui


@pytest.fixture
def chat(
    studio: Any, qtbot: QtBot, tmp_path: Path, openai_env: FakeOpenAIServer
) -> Iterator[StudioChat]:
    glue = install_chat(studio, log_dir=tmp_path / "logs")
    qtbot.waitUntil(lambda: glue.pane.running and not glue.pane.busy, timeout=5000)
    yield glue
    glue.pane.stop()
    for window in glue.log_windows:
        window.close()


def current_on_graph(studio: Any) -> list[str]:
    return [step for step, node in studio.scenario_editor.scene.nodes.items() if node.current]


def send(qtbot: QtBot, chat: StudioChat, text: str) -> None:
    assert chat.pane.send(text)
    qtbot.waitUntil(lambda: not chat.pane.busy, timeout=15000)


def test_the_chat_and_the_variables_are_docked_panes(studio: Any, chat: StudioChat) -> None:
    assert studio.panes[CHAT_PANE].widget() is chat.pane
    assert studio.panes[VARIABLES_PANE].widget() is chat.pane.inspector
    assert chat.pane.isVisible()
    assert chat.open_log_action in studio.file_menu.actions()


def test_the_graph_highlights_the_step_the_conversation_is_in(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    assert current_on_graph(studio) == ["consent"]
    for (text, answers), step in zip(INTERVIEW[:3], ["idea", "users", "features"], strict=True):
        openai_env.queue(*answers)
        send(qtbot, chat, text)
        assert current_on_graph(studio) == [step]


def test_the_chat_runs_on_the_unsaved_scenario_and_offers_a_restart_after_edits(
    studio: Any, chat: StudioChat, qtbot: QtBot
) -> None:
    studio.scenario_editor.select_step("welcome")
    studio.scenario_editor.rename_selected("hello")
    assert studio.session.is_dirty
    assert chat.pane.stale.isVisible()
    assert "welcome" in (chat.pane.scenario.steps if chat.pane.scenario else {})

    qtbot.mouseClick(chat.pane.stale_restart, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: chat.pane.running and not chat.pane.busy, timeout=5000)

    assert not chat.pane.stale.isVisible()
    assert chat.pane.scenario is not None and chat.pane.scenario.start == "hello"
    assert chat.pane.projection.session_info["start_step"] == "hello"


def test_a_log_replayed_from_the_studio_drives_the_graph_and_forks_into_the_chat(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    for text, answers in INTERVIEW[:3]:
        openai_env.queue(*answers)
        send(qtbot, chat, text)
    assert chat.pane.log_path is not None
    log_window = chat.open_log(chat.pane.log_path)
    qtbot.addWidget(log_window)

    log_window.replay.set_turn(1)
    assert current_on_graph(studio) == ["idea"]
    log_window.replay.set_turn(2)
    assert current_on_graph(studio) == ["users"]

    qtbot.mouseClick(log_window.replay.fork_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: chat.pane.running and not chat.pane.busy, timeout=5000)
    assert chat.pane.projection.step == "users"
    assert chat.pane.inspector.value_of("target_users") == "—"
    openai_env.queue(*INTERVIEW[2][1])
    send(qtbot, chat, "Students again.")
    assert current_on_graph(studio) == ["features"]


def test_opening_another_scenario_starts_a_chat_with_it(
    studio: Any, chat: StudioChat, qtbot: QtBot, tmp_path: Path
) -> None:
    pizza = tmp_path / "pizza"
    shutil.copytree(Path(__file__).parent / "fixtures" / "scenarios" / "pizza", pizza)

    assert studio.files.open_folder(pizza)
    qtbot.waitUntil(lambda: chat.pane.running and not chat.pane.busy, timeout=5000)

    assert chat.pane.scenario is not None and chat.pane.scenario.name == "pizza_order"
    assert chat.pane.projection.session_info["scenario"] == "pizza_order"
    assert current_on_graph(studio) == [chat.pane.projection.step]


def test_the_chat_pane_keeps_its_width_as_the_conversation_grows(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    """The cost meter's figures grow with every exchange; the pane must not (it used to widen
    by some 60 px over a short chat, squeezing the graph)."""
    dock = studio.panes[CHAT_PANE]
    qtbot.wait(50)
    width, least = dock.width(), chat.pane.minimumSizeHint().width()
    for text, answers in INTERVIEW[:6]:
        openai_env.queue(*answers)
        send(qtbot, chat, text)
        qtbot.wait(20)
        assert (dock.width(), chat.pane.minimumSizeHint().width()) == (width, least)
    meter = chat.pane.meter
    assert "calls" in meter.text() and meter.height() >= meter.heightForWidth(meter.width())
