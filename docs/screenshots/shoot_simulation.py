"""Run a simulation from the studio against the project's fake model, for the screenshots of
``docs/simulation.md`` (taken under Xvfb with ``qt-shot``)::

    ../shared/tools/qt-shot -s 1600x1000x24 -d 45 -o docs/screenshots/simulation-report.png -- \\
        .venv/bin/python docs/screenshots/shoot_simulation.py report --scenario analyst_bot \\
        --runs 6 --max-turns 20
    qt-shot … -d 45 -o docs/screenshots/simulation-steps.png -- … shoot_simulation.py report \\
        --scenario support_desk --tab 1 --measure violations
    qt-shot … -d 4 -o docs/screenshots/simulation-dialog.png -- … shoot_simulation.py dialog \\
        --scenario analyst_bot

It is the "trying it without a key" set-up of the docs: the fake server of
``engine.offline.sim_server`` (the scenario bot breaking the contract now and then, the persona
player) on 127.0.0.1, with ``OPENAI_BASE_URL`` and a fake ``OPENAI_API_KEY`` pointing the test
chat's settings at it; then *Tools ▸ Simulate…* with the dialog filled in as a user would.
``report`` waits for the run to end and shows the report (``--tab``, ``--measure``);
``progress`` shows the run going on (a slower model); ``dialog`` shows the dialog. Settings go
to a temporary folder: nothing of the user's is read or written, and no real model is called.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("report", "progress", "dialog"))
    parser.add_argument("--scenario", default="analyst_bot")
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--max-turns", type=int, default=12, dest="max_turns")
    parser.add_argument("--tab", type=int, default=0, help="report: the tab shown")
    parser.add_argument("--measure", default="unfinished", help="report: the shading")
    parser.add_argument("--conversation", type=int, help="report: select this conversation")
    args = parser.parse_args()
    temp = Path(tempfile.mkdtemp(prefix="prompter-shot-"))

    from engine.offline.fake_openai import FAKE_API_KEY
    from engine.offline.sim_server import build_server

    folder = REPO / "scenarios" / args.scenario
    latency = 1.0 if args.what == "progress" else 0.05
    server = build_server(str(folder), latency=latency, violation_rate=0.08, stubborn_rate=0.3)
    server.start()
    os.environ["OPENAI_API_KEY"] = FAKE_API_KEY
    os.environ["OPENAI_BASE_URL"] = server.base_url

    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, QTimer
    from PySide6.QtWidgets import QApplication

    QStandardPaths.setTestModeEnabled(True)
    QCoreApplication.setOrganizationName("PrompterScreenshots")
    QCoreApplication.setApplicationName("Screenshots")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(temp))
    app = QApplication(sys.argv[:1])

    from app.analytics import install as install_analytics
    from app.chat.studio import install_chat
    from app.main_window import MainWindow
    from app.simulate import install as install_simulate

    window = MainWindow()
    chat = install_chat(window, log_dir=temp / "logs")
    install_analytics(window)
    tools: Any = install_simulate(window, chat_settings=lambda: chat.pane.settings,
                                  keys=chat.pane.keys, open_log=chat.open_log)
    window.resize(1600, 1000)
    window.move(0, 0)
    window.show()
    assert window.files.open_folder(folder)
    keep: list[Any] = [chat, tools, server]

    def simulate() -> None:
        dialog = tools.make_dialog()
        dialog.out_dir.setText(str(temp / "simulation"))
        keep.append(dialog)
        if args.what == "dialog":  # as it opens: the defaults, the limits from prices.yaml
            dialog.personas.setCurrentRow(1)
            dialog.show()
            dialog.move(260, 120)
            return
        dialog.runs.setValue(args.runs)
        dialog.max_turns.setValue(args.max_turns)
        dialog.jobs.setValue(12)
        dialog.override.setChecked(True)
        dialog.rpm.setValue(1200 if args.what == "progress" else 6000)
        dialog.tpm.setValue(0)
        assert dialog.run()
        shown = tools.start(dialog.setup)
        shown.resize(1600, 1000)
        shown.move(0, 0)
        if args.what == "report":
            shown.job.finished.connect(lambda _report: arrange(shown))

    def arrange(shown: Any) -> None:
        shown.set_measure(args.measure)
        shown.tabs.setCurrentIndex(args.tab)
        if args.conversation is not None:
            shown.select_conversation(args.conversation)

    QTimer.singleShot(400, simulate)
    code = int(app.exec())
    server.stop()
    return code


if __name__ == "__main__":
    sys.exit(main())
