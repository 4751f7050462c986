"""The test chat inside the studio window: docked panes, the graph following, logs, fork."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_chat_pane import INTERVIEW  # the analyst-bot interview script

from app.chat.studio import CHAT_PANE, VARIABLES_PANE, StudioChat, install_chat
from engine.offline.fake_openai import FakeOpenAIServer

pytestmark = pytest.mark.gui


@pytest.fixture
def chat(studio_chat: StudioChat) -> StudioChat:
    return studio_chat  # tests/plugins/studio.py


def current_on_graph(studio: Any) -> list[str]:
    return [step for step, node in studio.scenario_editor.scene.nodes.items() if node.current]


def send(qtbot: QtBot, chat: StudioChat, text: str) -> None:
    assert chat.pane.send(text)
    qtbot.waitUntil(lambda: not chat.pane.busy, timeout=15000)


def test_the_chat_and_the_variables_are_docked_panes(studio: Any, chat: StudioChat) -> None:
    assert studio.panes[CHAT_PANE].widget() is chat.pane
    assert studio.panes[VARIABLES_PANE].widget() is chat.pane.variables
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

    log_window.activateWindow()
    qtbot.mouseClick(log_window.replay.fork_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: chat.pane.running and not chat.pane.busy, timeout=5000)
    assert chat.pane.projection.step == "users"
    assert chat.pane.variables.value_of("target_users") == "—"
    # the fork shows itself: the studio comes in front of the log window, the chat says so
    qtbot.waitUntil(studio.isActiveWindow)
    assert chat.pane.info.isVisible()
    assert chat.pane.info.label.text().startswith("Forked from turn 2 of a logged conversation")
    openai_env.queue(*INTERVIEW[2][1])
    send(qtbot, chat, "Students again.")
    assert not chat.pane.info.isVisible()  # the author went on
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


def break_and_fix(studio: Any, qtbot: QtBot) -> None:
    """Indent a key wrongly in the scenario.yaml tab, then put it right again."""
    from app import commands

    session = studio.session
    text = session.document.yaml_text()
    commands.push(
        session.undo_stack,
        commands.SetYamlTextCommand(session, text.replace("\nstart: welcome", "\n start: welcome")),
    )
    assert session.scenario is None
    commands.push(session.undo_stack, commands.SetYamlTextCommand(session, text))
    assert session.scenario is not None


def test_a_broken_scenario_fixed_in_place_starts_the_chat_again(
    make_studio: Any,
    analyst_bot: Path,
    qtbot: QtBot,
    tmp_path: Path,
    openai_env: FakeOpenAIServer,
) -> None:
    yaml_path = analyst_bot / "scenario.yaml"
    good = yaml_path.read_text(encoding="utf-8")
    yaml_path.write_text(good.replace("\nstart: welcome", "\n start: welcome"), "utf-8")
    studio = make_studio()
    glue = install_chat(studio, log_dir=tmp_path / "logs")
    assert studio.files.open_folder(analyst_bot)
    qtbot.waitUntil(glue.pane.notice.isVisible)
    assert "does not load" in glue.pane.notice.label.text() and not glue.pane.running
    from app import commands

    commands.push(studio.session.undo_stack, commands.SetYamlTextCommand(studio.session, good))
    qtbot.waitUntil(lambda: glue.pane.running and not glue.pane.busy, timeout=5000)
    assert not glue.pane.notice.isVisible() and not glue.pane.stale.isVisible()
    glue.pane.stop()


def test_fixed_again_before_anything_was_said_the_chat_restarts_by_itself(
    studio: Any, chat: StudioChat, qtbot: QtBot
) -> None:
    first = chat.pane.runner
    break_and_fix(studio, qtbot)
    qtbot.waitUntil(lambda: chat.pane.running and chat.pane.runner is not first, timeout=5000)
    assert not chat.pane.stale.isVisible()


def test_fixed_again_after_a_conversation_began_the_chat_offers_a_restart(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(*INTERVIEW[0][1])
    send(qtbot, chat, INTERVIEW[0][0])
    first = chat.pane.runner
    break_and_fix(studio, qtbot)
    assert chat.pane.runner is first and chat.pane.stale.isVisible()
    assert "loads again" in chat.pane.stale.label.text()


def test_the_chat_says_where_its_log_is_and_saves_a_copy(
    studio: Any, chat: StudioChat, qtbot: QtBot, tmp_path: Path, openai_env: FakeOpenAIServer
) -> None:
    pane = chat.pane
    assert pane.log_path is not None and pane.log_label.isVisible()
    assert pane.log_path.name in pane.log_label.text() and str(pane.log_path) in (
        pane.log_label.toolTip()
    )
    opened: list[Path] = []
    pane.open_folder = opened.append
    pane.log_label.linkActivated.emit(pane.log_path.parent.as_uri())
    assert opened == [tmp_path / "logs"]
    openai_env.queue(*INTERVIEW[0][1])
    send(qtbot, chat, INTERVIEW[0][0])
    pane.ask_save_path = lambda _title, suggested: tmp_path / "kept" / suggested.name
    assert pane.save_log_action.isEnabled()
    pane.save_log_action.trigger()
    kept = tmp_path / "kept" / pane.log_path.name
    assert kept.read_bytes() == pane.log_path.read_bytes()
    assert '"user_message"' in kept.read_text(encoding="utf-8")


def test_quit_closes_every_window_asking_about_unsaved_changes_once(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    from PySide6.QtWidgets import QMessageBox

    openai_env.queue(*INTERVIEW[0][1])
    send(qtbot, chat, INTERVIEW[0][0])
    assert chat.pane.log_path is not None
    log_window = chat.open_log(chat.pane.log_path)
    manual = studio.show_documentation()
    studio.scenario_editor.select_step("welcome")
    studio.scenario_editor.rename_selected("hello")  # unsaved
    ended: list[bool] = []
    studio.quit_application = lambda: ended.append(True)
    studio.answers.unsaved = [QMessageBox.StandardButton.Cancel]
    studio.quit_action.trigger()
    assert ended == [] and studio.isVisible() and log_window.isVisible()
    studio.answers.unsaved = [QMessageBox.StandardButton.Discard]
    asked = len(studio.answers.asked)
    studio.quit_action.trigger()
    assert len(studio.answers.asked) == asked + 1  # once, not again when the window closes
    assert ended == [True]
    assert not studio.isVisible() and not manual.isVisible()
    qtbot.waitUntil(lambda: not chat.log_windows, timeout=3000)  # closed and gone


def test_closing_the_window_ends_the_conversation_and_closes_its_log_whole(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    """The chat pane is a dock of the window: it gets no close event of its own, so once the
    window closed its conversation ran on, its log file open and without ``session_end``."""
    openai_env.queue(*INTERVIEW[0][1])
    send(qtbot, chat, INTERVIEW[0][0])
    log = chat.pane.log_path
    assert log is not None

    assert studio.close()

    assert chat.pane.runner is None and chat.pane._log_writer is None
    last = log.read_text(encoding="utf-8").splitlines()[-1]
    assert '"type": "session_end"' in last or '"type":"session_end"' in last


def test_opening_another_scenario_that_cannot_chat_leaves_nothing_of_the_old_chat(
    studio: Any, chat: StudioChat, qtbot: QtBot, tmp_path: Path, openai_env: FakeOpenAIServer
) -> None:
    """With no key for the new scenario's model, the old transcript and its Log: link once
    stayed under the notice, as if they belonged to the scenario just opened."""
    from app.chat.keys import ApiKeyStore

    openai_env.queue(*INTERVIEW[0][1])
    send(qtbot, chat, INTERVIEW[0][0])
    assert [e for e in chat.pane.view.visible_events() if e.type == "user_message"]
    assert chat.pane.log_label.isVisible()
    chat.pane.keys = ApiKeyStore(environ={})  # no key any more
    pizza = tmp_path / "pizza"
    shutil.copytree(Path(__file__).parent / "fixtures" / "scenarios" / "pizza", pizza)

    assert studio.files.open_folder(pizza)
    qtbot.waitUntil(chat.pane.notice.isVisible, timeout=5000)
    assert "No OpenAI API key" in chat.pane.notice.label.text()
    assert not chat.pane.running
    assert list(chat.pane.view.visible_events()) == []
    assert not chat.pane.log_label.isVisible()
