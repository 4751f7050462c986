"""``python -m app [SCENARIO_DIR | LOG.jsonl]`` / ``prompter-studio``: open the studio.

With no argument the studio opens the shipped analyst bot. A ``.jsonl`` argument opens the
conversation-log viewer instead. ``--dark`` forces a dark palette (the system's is used
otherwise). Bad input — a folder without a scenario, a broken file — is reported in a dialog or
the problems pane, never as a traceback.

This is where the studio's parts are put together: the main window knows nothing of the test
chat, the log viewer nothing of chats; the chat is docked into the window here
(``install_chat``), and the stand-alone viewer's forks are wired here (``LogViewerWindows``).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow

ORGANIZATION = "Prompter"
APPLICATION = "Prompter Studio"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="prompter-studio", description="Edit and test Prompter scenarios."
    )
    parser.add_argument(
        "path",
        nargs="?",
        help="a scenario folder (or its scenario.yaml), or a conversation log (.jsonl)",
    )
    parser.add_argument("--dark", action="store_true", help="use a dark palette")
    parser.add_argument(
        "--export-drawio",
        metavar="FILE.drawio",
        type=Path,
        help="open the scenario, export it to draw.io as the studio's menu "
        "does, and exit (for scripts and the bundle's smoke test)",
    )
    return parser.parse_args(argv)


#: What ``prompter-studio`` says when it was installed without the studio's extra.
NO_QT_MESSAGE = (
    "prompter-studio: the studio needs Qt, which this installation does not have; "
    "install it with: pip install 'prompter[studio]'"
)


def main(argv: Sequence[str] | None = None) -> int:
    from engine.actions.worker_main import run_if_worker

    run_if_worker(argv)  # a frozen bundle's executable started to run plain-def actions
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if importlib.util.find_spec("PySide6") is None:  # a slim install: engine and CLI only
        print(NO_QT_MESSAGE, file=sys.stderr)
        return 2
    from PySide6.QtCore import QCoreApplication, QSettings
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from app.i18n.fonts import register_fonts
    from app.i18n.languages import translations
    from app.theme import THEME_SETTING, apply_dark_palette, remember_system_look, wants_dark
    from engine.io.resources import resource_path

    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setWindowIcon(QIcon(str(resource_path("icon.svg"))))
    register_fonts()  # Noto, shipped: Hindi is drawn on a machine with no Devanagari font
    translations().start(QSettings())  # the language chosen in Settings, or the system's
    remember_system_look(app)
    if wants_dark(args.dark, QSettings().value(THEME_SETTING)):
        apply_dark_palette(app)

    target = Path(args.path).expanduser() if args.path else None
    if target is not None and target.suffix.lower() == ".jsonl":
        return _open_log(app, target)

    from app.main_window import MainWindow
    from app.plain_text import show_message
    from engine.io.resources import default_scenario

    window = MainWindow()
    parts = assemble(window)  # kept until the studio closes
    folder = target or default_scenario()
    if args.export_drawio is not None:
        return _export_and_exit(window, folder, args.export_drawio)
    window.show()
    if not window.files.open_folder(folder) and target is None:
        said = QCoreApplication.translate(
            "Studio", "The default scenario was not found at {folder}."
        )
        show_message(window, APPLICATION, said.format(folder=folder))
    code = int(app.exec())
    del parts
    return code


def assemble(window: MainWindow) -> list[object]:
    """Plug every part of the studio into ``window``, as the studio starts; returns the glue
    objects, which the caller keeps alive as long as the window."""
    from app.analytics import install as install_analytics
    from app.chat.studio import install_chat
    from app.i18n.fonts import ScriptWarning
    from app.logpane import install_log_pane
    from app.matrix import install as install_matrix
    from app.simulate import install as install_simulate
    from app.tests_pane.studio import install as install_tests

    chat = install_chat(window)
    log_pane = install_log_pane(window, chat)  # the Log pane under the graph (Ctrl+J)
    tools = install_analytics(window)  # Tools: Compare with…, Analyse logs…; the turn chart
    tests = install_tests(window, chat)  # the Tests pane; the chat's Save as test…
    # Tools: Simulate… — with the chat's model and key, its logs opened in the studio's viewer
    chat_pane = chat.pane
    simulate = install_simulate(
        window,
        chat_settings=lambda: chat_pane.settings,
        keys=chat_pane.keys,
        open_log=chat.open_log,
    )
    # Tools: Model matrix… — the chat's model offered beside the key-free ones, runs in the viewer
    matrix = install_matrix(
        window,
        chat_settings=lambda: chat_pane.settings,
        keys=chat_pane.keys,
        open_log=chat.open_log,
    )
    # a scenario in a script no font draws is said so once, instead of drawn as boxes
    scripts = ScriptWarning(lambda title, text, problem: window.tell(title, text, problem), window)
    window.sessionChanged.connect(
        lambda session: scripts.check(str(session.folder), session.scenario) if session else None
    )
    return [chat, log_pane, tools, tests, simulate, matrix, scripts]


def _export_and_exit(window: MainWindow, folder: Path, output: Path) -> int:
    """Open ``folder`` headlessly and export it exactly as File → Export to draw.io does.

    Nothing is shown: messages the window would put in a dialog go to stderr instead.
    """
    window.tell = lambda title, message, _problem: print(
        f"prompter-studio: {title}: {message}", file=sys.stderr
    )
    if not window.files.open_folder(folder):
        print(f"prompter-studio: cannot open the scenario at {folder}", file=sys.stderr)
        return 1
    if window.session is None or window.session.scenario is None:
        errors = window.session.document.errors if window.session else []
        for error in errors:
            print(f"prompter-studio: {error}", file=sys.stderr)
        print(f"prompter-studio: cannot export {folder}: it has errors", file=sys.stderr)
        return 1
    if not window.files.export_drawio(output):
        print(f"prompter-studio: the export to {output} failed", file=sys.stderr)
        return 1
    print(output)
    return 0


def _open_log(app: QApplication, path: Path) -> int:
    from PySide6.QtCore import QCoreApplication

    from app.chat.window import LogViewerWindows
    from app.plain_text import show_message

    viewer = LogViewerWindows()  # the viewer's windows, kept until it closes
    try:
        viewer.open_log(path)
    except Exception as error:  # any failure to read the log becomes a message, not a crash
        said = QCoreApplication.translate("Studio", "Cannot open {file}:\n{error}")
        show_message(None, APPLICATION, said.format(file=path, error=error), problem=True)
        return 1
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
