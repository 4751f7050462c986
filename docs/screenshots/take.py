"""Put the studio in the state a screenshot of the docs shows; run it under ``qt-shot``.

    ../shared/tools/qt-shot -s 1600x1000x24 -d 6 -o docs/screenshots/studio.png -- \\
        .venv/bin/python docs/screenshots/take.py studio

Modes: ``studio`` (the analyst bot, a step selected, no API key), ``dark`` (dark palette, Find
"quality"), ``chat`` (an interview with the project's fake OpenAI server, the model answering),
``chat-error`` (a rate-limited turn, with Retry), ``chat-nokey`` (the chat without a key),
``logview`` (a 20,000-event log in the viewer, replaying turn 4). Settings, logs and keys go to
a temporary folder: nothing of the user's is read or written, and no real model is called.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the interview the chat tests use

MODES = ("studio", "dark", "chat", "chat-error", "chat-nokey", "logview")


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
    from app.theme import apply_dark_palette, wants_dark

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
    if mode in ("chat", "chat-error"):
        from engine.testing.fake_openai import FAKE_API_KEY, FakeOpenAIServer

        server = FakeOpenAIServer().__enter__()
        os.environ["OPENAI_API_KEY"] = FAKE_API_KEY
        os.environ["OPENAI_BASE_URL"] = server.base_url
    from app.chat.studio import install_chat
    from app.main_window import MainWindow
    from engine.paths import default_scenario

    window = MainWindow()
    chat = install_chat(window, log_dir=temp / "logs")
    keep.append(chat)
    window.resize(1600, 1000)
    window.move(0, 0)
    window.show()
    assert window.files.open_folder(default_scenario())
    editor = window.scenario_editor
    if mode == "studio":
        QTimer.singleShot(300, lambda: editor.select_step("features"))
    elif mode == "dark":
        def find() -> None:
            editor.show_find()
            editor.find_bar.field.setText("quality")
        QTimer.singleShot(300, find)
    elif mode in ("chat", "chat-error"):
        assert server is not None
        _converse(server, chat, mode == "chat-error")
    code = int(app.exec())
    if server is not None:
        server.__exit__(None, None, None)
    return code


def _converse(server: Any, chat: Any, failing: bool) -> None:
    """Three messages of the interview; then the model thinks (chat) or is rate-limited."""
    import json

    from PySide6.QtCore import QTimer
    from test_chat_pane import INTERVIEW

    from engine.testing.fake_openai import Fault

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


if __name__ == "__main__":
    sys.exit(main())
