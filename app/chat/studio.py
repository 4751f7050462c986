"""Plugs the test chat, the variables inspector and the log viewer into the studio window.

The studio calls ``app.chat.install(window)`` at start. Everything the chat needs from the
window goes through its public API (``add_pane``, ``document``, ``documentChanged``,
``sessionChanged``, ``highlight_step``, ``settings``), so the window never knows the chat's
internals:

* the chat runs on ``window.document.scenario`` — the current, unsaved scenario;
* its current step is highlighted on the graph;
* an edit while a conversation runs offers a restart (the running chat keeps its snapshot);
* File → Open Conversation Log… opens the viewer; its replay highlights the graph too, and
  its fork continues in this chat pane.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu

from app.chat.pane import ChatPane
from app.chat.settings import default_log_dir
from app.logview.window import LogWindow, open_log_window
from engine.events import Event
from engine.scenario.model import Scenario

CHAT_PANE = "Test chat"
VARIABLES_PANE = "Variables"


class StudioChat:
    """The glue between one main window and its chat pane (kept alive by the window)."""

    def __init__(self, window: Any, log_dir: Path | None) -> None:
        self.window = window
        self.pane = ChatPane(
            self.current_scenario,
            settings_store=getattr(window, "settings", None),
            log_dir=log_dir,
        )
        self.log_windows: list[LogWindow] = []
        self._session: Any = None
        self._dock_panes()
        self.pane.step_changed.connect(window.highlight_step)
        self.pane.log_opener = self.open_log
        window.documentChanged.connect(self._document_changed)
        window.sessionChanged.connect(self._session_changed)
        self._session_changed(getattr(window, "session", None))
        self._add_menu_action()

    def _dock_panes(self) -> None:
        """Chat on the left of the graph, variables under it; the step editor stays visible.

        Authors edit an instruction and try it at once, so the chat never hides the editor.
        """
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        chat = self.window.add_pane(CHAT_PANE, self.pane, left)
        variables = self.window.add_pane(VARIABLES_PANE, self.pane.inspector, left)
        self.window.splitDockWidget(chat, variables, Qt.Orientation.Vertical)
        self.window.resizeDocks([chat], [420], Qt.Orientation.Horizontal)
        self.window.resizeDocks([chat, variables], [540, 200], Qt.Orientation.Vertical)

    def current_scenario(self) -> Scenario | None:
        document = getattr(self.window, "document", None)
        return document.scenario if document is not None else None

    def _document_changed(self, document: object) -> None:
        self.window.highlight_step(None)
        if document is not None and self.pane.isVisible():
            self.pane.restart()
        else:
            self.pane.stop_until_shown()

    def _session_changed(self, session: object) -> None:
        if self._session is not None:
            self._session.changed.disconnect(self._edited)
        self._session = session
        if session is not None:
            session.changed.connect(self._edited)  # type: ignore[attr-defined]

    def _edited(self, *_args: object) -> None:
        self.pane.mark_scenario_changed()

    def _add_menu_action(self) -> None:
        action = QAction("Open Conversation &Log…", self.window)
        action.setStatusTip("Open a conversation log: replay it, follow it, fork from a turn")
        action.triggered.connect(lambda _checked=False: self.ask_and_open_log())
        self.open_log_action = action
        file_menu = self._file_menu()
        if file_menu is not None:
            file_menu.addSeparator()
            file_menu.addAction(action)

    def _file_menu(self) -> QMenu | None:
        for menu_action in self.window.menuBar().actions():
            menu = menu_action.menu()
            if isinstance(menu, QMenu) and menu.title().replace("&", "") == "File":
                return menu
        return None

    def ask_and_open_log(self) -> None:
        start = str(self.pane.log_dir or Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open conversation log", start, "Logs (*.jsonl *.ndjson *.log);;All (*)"
        )
        if path:
            self.open_log(Path(path))

    def open_log(self, path: Path) -> LogWindow:
        """Open a log window whose replay drives the graph and whose fork uses this chat."""
        log_window = open_log_window(path)
        log_window.step_highlighted.connect(self.window.highlight_step)
        log_window.fork_handler = self.fork
        self.log_windows.append(log_window)
        return log_window

    def fork(self, events: list[Event], turn: int) -> None:
        dock = self.window.panes.get(CHAT_PANE)
        if dock is not None:
            dock.show()
            dock.raise_()
        self.pane.fork_from(events, turn)


def install_chat(window: Any, *, log_dir: Path | None = None) -> StudioChat:
    """Dock the chat and the variables inspector into ``window``; returns the glue object."""
    glue = StudioChat(window, log_dir if log_dir is not None else default_log_dir())
    window.studio_chat = glue  # the window keeps it alive
    return glue
