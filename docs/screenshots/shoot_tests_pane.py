"""Put the studio in the state the screenshots of ``docs/testing.md`` show (run under qt-shot):

    ../shared/tools/qt-shot -s 1600x1000x24 -d 8 -o docs/screenshots/tests-pane.png -- \\
        .venv/bin/python docs/screenshots/shoot_tests_pane.py pane
    ../shared/tools/qt-shot -s 1600x1000x24 -d 8 -o docs/screenshots/tests-log.png -- \\
        .venv/bin/python docs/screenshots/shoot_tests_pane.py log
    ../shared/tools/qt-shot -s 1600x1000x24 -d 8 -o docs/screenshots/tests-file.png -- \\
        .venv/bin/python docs/screenshots/shoot_tests_pane.py file

A copy of the analyst bot gets two unsaved edits, made the way an author makes them: a line
added to ``steps/review.md`` (the two tests that reach the review become *stale*) and, in the
Tests pane's editor, an expectation of ``declines_consent`` the bot does not meet (it *fails*).
Then every test is replayed — no key, no network — with the coverage shown on the graph; the
failing test is selected (``pane``), or its run's log is opened at the failing turn (``log``);
``file`` then misspells a step in another test's file, open in the pane's editor.
Settings go to a temporary folder: nothing of the user's is read or written.
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

FAILING = "tests/declines_consent.test.yaml"


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "pane"
    temp = Path(tempfile.mkdtemp(prefix="prompter-shot-"))
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        os.environ.pop(name, None)

    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    QStandardPaths.setTestModeEnabled(True)
    QCoreApplication.setOrganizationName("PrompterScreenshots")
    QCoreApplication.setApplicationName("Screenshots")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(temp))
    app = QApplication([])

    from app import commands
    from app.chat.studio import install_chat
    from app.main_window import MainWindow
    from app.tests_pane.studio import TESTS_PANE, install
    from engine.io.resources import default_scenario

    folder = temp / "analyst_bot"
    shutil.copytree(default_scenario(), folder)
    window = MainWindow()
    chat = install_chat(window, log_dir=temp / "logs")
    tests = install(window, chat)
    keep: list[Any] = [chat, tests]
    window.resize(1600, 1000)
    window.move(0, 0)
    window.show()
    assert window.files.open_folder(folder)
    session = window.session
    assert session is not None
    pane = tests.pane

    def edit() -> None:
        review = "steps/review.md"
        commands.push(session.undo_stack, commands.SetTextCommand(
            session, review, session.document.text(review)
            + "\nAlways end the review by asking for a budget range.\n"))
        pane.select(FAILING)
        pane.open_file(FAILING)
        text = pane.editor.edit.toPlainText().replace("nothing has been recorded",
                                                      "see you soon")
        pane.editor.edit.setPlainText(text)  # typed: one undoable edit of the test file
        window.resizeDocks([window.panes[TESTS_PANE]], [360], Qt.Orientation.Vertical)
        pane.run_all_action.trigger()
        QTimer.singleShot(1500, shown)

    def shown() -> None:
        pane.coverage_action.setChecked(True)
        pane.select(FAILING)
        pane.tabs.setCurrentWidget(pane.details)
        view = window.scenario_editor.view
        view.centerOn(window.scenario_editor.scene.nodes["risks"])  # where tests stop covering
        if mode == "file":
            other = "tests/recovers_from_broken_replies.test.yaml"
            pane.open_file(other)
            edit = pane.editor.edit
            edit.setPlainText(edit.toPlainText().replace("step: users", "step: user", 1))
            pane.refresh()
            pane.open_file(other, 17, 13)
        if mode == "log":
            log = pane.open_log(FAILING, 1)
            if log is not None:
                log.resize(1600, 1000)
                log.move(0, 0)
                keep.append(log)

    QTimer.singleShot(400, edit)
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
