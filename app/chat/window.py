"""A chat in its own window, and the stand-alone log viewer whose forks open one.

Inside the studio the chat is a pane of the main window (``app.chat.studio``); the log viewer
opened on its own (``python -m app LOG.jsonl``) has no editor, so a fork loads the scenario the
log names and continues in a :class:`ChatWindow`. :class:`LogViewerWindows` is that viewer's
start-up wiring: it opens log windows, gives each its "Open Log…" and "Fork" handlers, and keeps
every window it opened alive while it is shown (no module-level list of windows).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from app.chat.pane import ChatPane
from app.chat.settings import default_log_dir
from app.logview.window import LogWindow, open_log_window
from app.widgets import closes_from_keyboard, retranslated, size_for_screen
from engine.errors import SessionError
from engine.log.events import Event, SessionStartData
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario


class ChatWindow(QMainWindow):
    """A :class:`ChatPane` with its variables panel docked on the right."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None, **options: Any):
        super().__init__(parent)
        self.scenario = scenario
        size_for_screen(self, 1000, 720)
        closes_from_keyboard(self)  # Esc, Ctrl+W
        self.pane = ChatPane(lambda: self.scenario, parent=self, **options)
        self.setCentralWidget(self.pane)
        dock = self.variables_dock = QDockWidget(self)
        dock.setObjectName("variablesDock")
        dock.setWidget(self.pane.variables)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        retranslated(self, self.retranslate_ui)

    def retranslate_ui(self) -> None:
        """Set the window's texts (again: on ``LanguageChange``)."""
        name = self.scenario.title or self.scenario.name
        self.setWindowTitle(self.tr("{scenario} — Prompter test chat").format(scenario=name))
        self.variables_dock.setWindowTitle(self.tr("Variables"))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.pane.stop()
        super().closeEvent(event)


def scenario_of_log(session_info: SessionStartData | None) -> Scenario:
    """The scenario a log's ``session_start`` names, loaded from disk."""
    folder = session_info.get("scenario_path") if session_info is not None else None
    if not folder:
        raise SessionError(
            QCoreApplication.translate(
                "ChatWindow",
                "the log does not say where its scenario is; open the scenario in the studio "
                "and fork from its File → Open Log",
            )
        )
    if not Path(folder).exists():
        raise SessionError(
            QCoreApplication.translate(
                "ChatWindow", "the log's scenario folder {folder} does not exist any more"
            ).format(folder=folder)
        )
    return load_scenario(Path(folder))


def open_fork_window(
    events: list[Event],
    turn: int,
    *,
    scenario_hint: SessionStartData | None,
    parent: QWidget | None = None,
    **options: Any,
) -> ChatWindow:
    """Load the log's scenario and continue the conversation live from the end of ``turn``.

    The caller keeps the window (a parent does, or a :class:`LogViewerWindows`)."""
    options.setdefault("log_dir", default_log_dir())
    window = ChatWindow(scenario_of_log(scenario_hint), parent, **options)
    window.setWindowFlag(Qt.WindowType.Window, True)
    window.pane.fork_from(events, turn)
    window.show()
    window.raise_()
    window.activateWindow()
    return window


class LogViewerWindows:
    """The log viewer run on its own: the log windows and fork windows it opened, wired."""

    def __init__(self, **chat_options: Any) -> None:
        self.chat_options = chat_options
        self.windows: list[QMainWindow] = []

    def open_log(self, path: Path | str) -> LogWindow:
        window = open_log_window(path)
        window.open_handler = self.open_log
        window.fork_handler = lambda events, turn: self.fork(window, events, turn)
        self._keep(window)
        return window

    def fork(self, log_window: LogWindow, events: list[Event], turn: int) -> ChatWindow:
        chat = open_fork_window(
            events, turn, scenario_hint=log_window.projection.session_info, **self.chat_options
        )
        chat.pane.set_log_opener(self.open_log)
        self._keep(chat)
        return chat

    def _keep(self, window: QMainWindow) -> None:
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        window.destroyed.connect(lambda _object=None: self._forget(window))
        self.windows.append(window)

    def _forget(self, window: QMainWindow) -> None:
        if window in self.windows:
            self.windows.remove(window)
