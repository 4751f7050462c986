"""``python -m app [SCENARIO_DIR | LOG.jsonl]`` / ``prompter-studio``: open the studio.

With no argument the studio opens the shipped analyst bot. A ``.jsonl`` argument opens the
conversation-log viewer instead. ``--dark`` forces a dark palette (the system's is used
otherwise). Bad input — a folder without a scenario, a broken file — is reported in a dialog or
the problems pane, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

ORGANIZATION = "Prompter"
APPLICATION = "Prompter Studio"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="prompter-studio",
                                     description="Edit and test Prompter scenarios.")
    parser.add_argument("path", nargs="?", help="a scenario folder (or its scenario.yaml), "
                                                "or a conversation log (.jsonl)")
    parser.add_argument("--dark", action="store_true", help="use a dark palette")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication, QMessageBox

    from app.theme import apply_dark_palette, wants_dark

    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    if wants_dark(args.dark):
        apply_dark_palette(app)  # type: ignore[arg-type]

    target = Path(args.path).expanduser() if args.path else None
    if target is not None and target.suffix.lower() == ".jsonl":
        return _open_log(app, target)

    from app.main_window import MainWindow
    from engine.paths import default_scenario

    window = MainWindow()
    _install_extensions(window)
    window.show()
    folder = target or default_scenario()
    if not window.open_folder(folder) and target is None:
        QMessageBox.information(window, APPLICATION,
                                f"The default scenario was not found at {folder}.")
    return int(app.exec())


def _open_log(app: object, path: Path) -> int:
    from PySide6.QtWidgets import QApplication, QMessageBox

    try:
        logview = importlib.import_module("app.logview.window")
    except ImportError:
        QMessageBox.warning(None, APPLICATION, "The log viewer is not available in this build.")
        return 1
    try:
        logview.open_log_window(path)
    except Exception as error:  # any failure to read the log becomes a message, not a crash
        QMessageBox.warning(None, APPLICATION, f"Cannot open {path}:\n{error}")
        return 1
    return int(QApplication.instance().exec())  # type: ignore[union-attr]


def _install_extensions(window: object) -> None:
    """Let the test-chat package dock its panes (``app.chat.install(window)``) if present."""
    try:
        chat = importlib.import_module("app.chat")
    except ImportError:
        return
    install = getattr(chat, "install", None)
    if callable(install):
        install(window)


if __name__ == "__main__":
    sys.exit(main())
