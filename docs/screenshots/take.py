"""Put the studio in the state a screenshot of the docs shows; run it under ``qt-shot``.

    ../shared/tools/qt-shot -s 1600x1000x24 -d 6 -o docs/screenshots/studio.png -- \\
        .venv/bin/python docs/screenshots/take.py studio

Modes: ``studio`` (the analyst bot, a step selected, no API key), ``dark`` (dark palette, Find
"quality"), ``chat`` (an interview with the project's fake OpenAI server, the model answering),
``chat-error`` (a rate-limited turn, with Retry), ``chat-nokey`` (the chat without a key),
``logview`` (a 20,000-event log in the viewer, replaying turn 4), ``logpane`` (the Log pane open
under a live chat, a contract violation selected), ``inspector`` (the request inspector on a
call, its cached prefix and the diff to the previous call), ``edge-hover`` (the whole
graph fitted to the window, a guarded arrow's tooltip listing what it requires),
``instructions`` (a step's instructions given half the window, lines numbered, a problem
marked), ``yaml-error`` (a scenario.yaml indented wrongly: the error said for an author, its
line marked), ``help`` (the Help menu open over the manual), and ``french`` / ``hindi`` (the
studio speaking French or Hindi on the shipped French or Hindi scenario, a chat with the key-free
model under way; saved as ``studio-fr.png``, ``studio-hi.png``). Settings, logs and keys go to a
temporary folder: nothing of the user's is read or written, and no real model is called; the
modes that edit the scenario work on a copy.

Most of them, under the names the docs use (``dark`` is saved as ``studio-dark.png``)::

    for mode in studio chat chat-error chat-nokey logview logpane inspector \
                edge-hover instructions yaml-error help; do
        ../shared/tools/qt-shot -s 1600x1000x24 -d 6 -o docs/screenshots/$mode.png -- \
            .venv/bin/python docs/screenshots/take.py $mode
    done
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the interview the chat tests use

MODES = ("studio", "dark", "chat", "chat-error", "chat-nokey", "logview", "logpane", "inspector",
         "edge-hover", "instructions", "yaml-error", "help", "french", "hindi")
#: mode -> (the language the studio speaks, the shipped scenario, the step selected, the user's
#: messages, worded for the stand-in bot)
LANGUAGE_MODES = {
    "french": ("fr", "reservation_restaurant", "preferences", (
        "Bonsoir ! Une table pour 4, s'il vous plaît.",
        "Samedi soir",
        "20h30",
    )),
    "hindi": ("hi", "clinic_appointment", "slot", (
        "दो दिन से बुख़ार और खाँसी है",
        "सामान्य",
        "हाँ",
    )),
}


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "studio"
    if mode not in MODES:
        print(f"usage: take.py {{{'|'.join(MODES)}}}", file=sys.stderr)
        return 2
    temp = Path(tempfile.mkdtemp(prefix="prompter-shot-"))
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        os.environ.pop(name, None)
    if mode == "dark":
        os.environ["PROMPTER_STUDIO_THEME"] = "dark"

    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, QTimer
    from PySide6.QtWidgets import QApplication

    QStandardPaths.setTestModeEnabled(True)
    QCoreApplication.setOrganizationName("PrompterScreenshots")
    QCoreApplication.setApplicationName("Screenshots")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(temp))
    app = QApplication([])
    from app.i18n.fonts import register_fonts
    from app.i18n.languages import translations
    from app.theme import apply_dark_palette, wants_dark

    register_fonts()  # as the studio does at its start
    if mode in LANGUAGE_MODES:
        translations().apply(LANGUAGE_MODES[mode][0])

    if wants_dark():
        apply_dark_palette(app)
    keep: list[Any] = []
    if mode == "logview":
        from app.chat.window import LogViewerWindows
        from app.logview.sample import write_sample_log

        log = temp / "conversation.jsonl"
        write_sample_log(log, 20000)
        viewer = LogViewerWindows()
        window = viewer.open_log(log)
        window.resize(1600, 1000)
        window.move(0, 0)
        keep.append(viewer)
        QTimer.singleShot(2500, lambda: window.replay.set_turn(4))
        return int(app.exec())

    server = None
    if mode in ("chat", "chat-error", "logpane", "inspector", *LANGUAGE_MODES):
        from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer

        server = FakeOpenAIServer().__enter__()
        os.environ["OPENAI_API_KEY"] = FAKE_API_KEY
        os.environ["OPENAI_BASE_URL"] = server.base_url
    from app.chat.studio import install_chat
    from app.main_window import MainWindow
    from engine.io.resources import default_scenario

    window = MainWindow()
    chat = install_chat(window, log_dir=temp / "logs")
    keep.append(chat)
    from app.logpane import install_log_pane

    log_pane = install_log_pane(window, chat)
    keep.append(log_pane)
    window.resize(1600, 1000)
    window.move(0, 0)
    window.show()
    folder = default_scenario()
    if mode in LANGUAGE_MODES:
        folder = default_scenario().parent / LANGUAGE_MODES[mode][1]
    if mode in ("instructions", "yaml-error"):
        folder = temp / "analyst_bot"
        shutil.copytree(default_scenario(), folder)
    if mode == "yaml-error":
        yaml_path = folder / "scenario.yaml"
        text = yaml_path.read_text(encoding="utf-8")
        yaml_path.write_text(text.replace("    goal: Learn who will use the product",
                                          "   goal: Learn who will use the product"), "utf-8")
    assert window.files.open_folder(folder)
    editor = window.scenario_editor
    if mode == "studio":
        QTimer.singleShot(300, lambda: editor.select_step("features"))
    elif mode == "edge-hover":
        QTimer.singleShot(600, lambda: _hover_edge(window))
    elif mode == "instructions":
        QTimer.singleShot(600, lambda: _write_instructions(window))
    elif mode == "help":
        QTimer.singleShot(600, lambda: _open_help(window))
    elif mode == "dark":
        def find() -> None:
            editor.show_find()
            editor.find_bar.field.setText("quality")
        QTimer.singleShot(300, find)
    elif mode in ("chat", "chat-error"):
        assert server is not None
        _converse(server, chat, mode == "chat-error")
    elif mode in ("logpane", "inspector"):
        assert server is not None
        _interview(server, chat, log_pane, inspect=mode == "inspector")
    elif mode in LANGUAGE_MODES:
        assert server is not None
        _, _, step, messages = LANGUAGE_MODES[mode]
        _speak(server, chat, folder, messages)
        QTimer.singleShot(300, lambda: editor.select_step(step))
    code = int(app.exec())
    if server is not None:
        server.__exit__(None, None, None)
    return code


def _hover_edge(window: Any) -> None:
    """Fit the graph to the window and show a long guard's tooltip, as a hover shows it."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QToolTip

    editor = window.scenario_editor
    editor.view.fit_all()
    edge = editor.scene.edge("users", "back_to_review")
    label = edge.mapRectToScene(edge._label_rect)
    point = editor.view.mapFromScene(label.center())
    editor.scene.select_steps([])
    edge.setSelected(True)
    QToolTip.showText(editor.view.viewport().mapToGlobal(point + QPoint(8, 12)),
                      edge.toolTip(), editor.view)


def _write_instructions(window: Any) -> None:
    """A step selected, its instructions given half the window, a placeholder misspelt."""
    from PySide6.QtGui import QTextCursor

    window.scenario_editor.select_step("features")
    window.panes["Test chat"].hide()
    window.panes["Variables"].hide()
    splitter = window.central_splitter
    total = sum(splitter.sizes())
    splitter.setSizes([total * 2 // 5, total - total * 2 // 5])
    edit = window.instructions.edit
    cursor = edit.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    edit.setTextCursor(cursor)
    edit.insertPlainText("\nAlways name the project ({{project_nmae}}) when you sum up.\n")
    edit.setFocus()


def _open_help(window: Any) -> None:
    """The manual, and the Help menu open over the studio."""
    from PySide6.QtCore import QPoint, QTimer

    docs = window.show_documentation("studio.md")
    docs.move(360, 140)
    docs.resize(1100, 760)

    def open_menu() -> None:
        window.activateWindow()
        bar = window.menuBar()
        rect = bar.actionGeometry(window.help_menu.menuAction())
        window.help_menu.popup(bar.mapToGlobal(QPoint(rect.left(), rect.bottom())))

    QTimer.singleShot(400, open_menu)


def _converse(server: Any, chat: Any, failing: bool) -> None:
    """Three messages of the interview; then the model thinks (chat) or is rate-limited."""
    import json

    from PySide6.QtCore import QTimer
    from test_chat_pane import INTERVIEW

    from engine.offline.fake_openai import Fault

    pane = chat.pane
    turns = list(INTERVIEW[:3])

    def next_message() -> None:
        if not pane.running or pane.busy:
            QTimer.singleShot(100, next_message)
            return
        if turns:
            text, answers = turns.pop(0)
            server.queue(*answers)
            pane.send(text)
            QTimer.singleShot(100, next_message)
            return
        if failing:
            server.queue(*[Fault.rate_limit(retry_after=0)] * 8)
        else:
            server.queue(Fault.delay(60.0, json.dumps(INTERVIEW[3][1][0])))
        pane.send("Streaks and reminders, and a weekly summary.")

    QTimer.singleShot(500, next_message)


def _speak(server: Any, chat: Any, folder: Path, messages: tuple[str, ...]) -> None:
    """A chat in the scenario's language with the key-free model (the stand-in bot)."""
    from PySide6.QtCore import QTimer

    from engine.offline.scenario_bot import ScenarioBot
    from engine.scenario.loader import load_scenario

    server.responder = ScenarioBot(load_scenario(folder))
    pane = chat.pane
    left = list(messages)

    def next_message() -> None:
        if not pane.running or pane.busy:
            QTimer.singleShot(100, next_message)
            return
        if left:
            pane.send(left.pop(0))
            QTimer.singleShot(100, next_message)

    QTimer.singleShot(500, next_message)


def _interview(server: Any, chat: Any, log_pane: Any, *, inspect: bool) -> None:
    """The analyst bot's interview with the autopilot (some replies broken, so corrections
    show), then the Log pane opened on a contract violation — or the inspector on a call that
    re-reads its chain, with its cached prefix and what changed since the previous call."""
    from PySide6.QtCore import QTimer

    from engine.io.resources import default_scenario
    from engine.scenario.loader import load_scenario
    from engine.offline.autopilot import Autopilot, Plan

    plan = Plan.load(ROOT / "bench" / "conversations" / "analyst_bot_thorough.yaml")
    server.responder = Autopilot(load_scenario(default_scenario()), plan, violation_rate=0.2,
                                 seed=3)
    pane = chat.pane
    turns = [turn.user for turn in plan.turns[:9]]

    def finish() -> None:
        log_pane.open()
        events = log_pane.pane.events()
        if inspect:
            calls = [e for e in events if e.type == "model_request"
                     and e.data.get("previous_response_id") and not e.data.get("new_chain")]
            log_pane.inspect(calls[-1])
            window = log_pane.pane.inspector_window
            window.move(180, 90)
            window.resize(1240, 820)
            inspector = log_pane.pane.inspector
            inspector.table.selectRow(2)
            inspector.diff_button.setChecked(True)
        else:
            violation = [e for e in events if e.type == "contract_violation"][-1]
            log_pane.pane.table.selectRow(log_pane.pane.model.row_of(violation))
            log_pane.pane.event_selected.emit(violation)

    def next_message() -> None:
        if not pane.running or pane.busy:
            QTimer.singleShot(100, next_message)
            return
        if turns:
            pane.send(turns.pop(0))
            QTimer.singleShot(100, next_message)
            return
        QTimer.singleShot(300, finish)

    QTimer.singleShot(500, next_message)


if __name__ == "__main__":
    sys.exit(main())
