"""Open the compare and analytics views on prepared data, for the screenshots of
``docs/compare-and-analytics.md`` (taken under Xvfb with ``qt-shot``):

    qt-shot -s 1600x1000x24 -d 3 -o docs/screenshots/compare.png -- \\
        .venv/bin/python docs/screenshots/shoot_compare_and_analytics.py compare
    qt-shot … -- .venv/bin/python docs/screenshots/shoot_compare_and_analytics.py analytics LOGS
    qt-shot … -- .venv/bin/python docs/screenshots/shoot_compare_and_analytics.py chart LOG

``compare`` makes a temporary git repository with the analyst bot at two revisions (the
tests' ``make_bot_history``) and compares ``v1:bot`` with ``v2:bot``. ``analytics`` analyses a
folder of real logs (``bench/conversation_logs.py --http`` writes them), shaded by violation
rate. ``chart`` opens one log in the log viewer, whose per-turn chart is docked under it.
Add ``--dark`` for the dark theme.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("compare", "analytics", "chart"))
    parser.add_argument("path", nargs="?", type=Path)
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--step", default="constraints", help="analytics: the step to select")
    args = parser.parse_args()

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.theme import apply_dark_palette

    app = QApplication(sys.argv[:1])
    if args.dark:
        apply_dark_palette(app)
    screen = app.primaryScreen().availableGeometry()
    keep: list[object] = []
    if args.what == "compare":
        from plugins.analytics import make_bot_history

        from app.compare.window import CompareWindow
        from engine.compare import load_side

        tmp = tempfile.TemporaryDirectory()
        keep.append(tmp)
        repo = make_bot_history(Path(tmp.name) / "history")
        window = CompareWindow(load_side("v1:bot", cwd=repo), load_side("v2:bot", cwd=repo))
        QTimer.singleShot(300, lambda: window.list.choose("step", "idea"))
    elif args.what == "analytics":
        from app.analytics.window import AnalyticsWindow
        from engine.io.resources import default_scenario
        from engine.scenario.loader import load_scenario

        window = AnalyticsWindow(load_scenario(default_scenario()), [args.path])
        QTimer.singleShot(300, lambda: window.select_step_when_ready(args.step))
    else:
        from app.logview.window import LogWindow

        window = LogWindow(args.path, follow=False)
    window.setGeometry(screen)
    window.show()
    keep.append(window)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
