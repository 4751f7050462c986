"""Plugs the test chat, the variables panel and the log viewer into the studio window.

The studio calls :func:`install_chat` at start. Everything the chat needs from the window is the
small typed :class:`StudioHost` (docking a pane, a File menu action, the open document and its
changes, highlighting a step, the settings), so the chat never knows the window's internals and
the window never imports the chat:

* the chat runs on ``host.document.scenario`` — the current, unsaved scenario;
* its current step is highlighted on the graph;
* an edit while a conversation runs offers a restart (the running chat keeps its snapshot);
  a scenario that was broken and loads again starts a new conversation at once when nothing
  was said yet (and offers to, when something was);
* File → Open Conversation Log… opens the viewer; its replay highlights the graph too, and
  its fork continues in this chat pane; File → Open Log from Server… downloads a served
  conversation's log (``prompter serve``) and opens it the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, Qt, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QFileDialog, QWidget

from app.chat.pane import ChatPane
from app.chat.server_log import ServerLogDialog
from app.chat.settings import default_log_dir
from app.edit_session import EditSession
from app.logview.window import LogWindow, open_log_window
from app.widgets import PaneHost
from engine.log.events import Event
from engine.scenario.definition import Scenario
from engine.scenario.document import Change, ScenarioDocument

#: the panes' names: their keys (and their saved state's); their titles are translated
CHAT_PANE = "Test chat"
VARIABLES_PANE = "Variables"


class Retranslate(QObject):
    """Calls ``apply`` now, and again whenever ``widget`` is told the language changed: the
    texts of what a part plugs into the studio (a pane's title, a File menu action), which
    the host does not translate, since it names its panes by key."""

    def __init__(self, widget: QWidget, apply: Callable[[], object]) -> None:
        super().__init__(widget)
        self.apply = apply
        widget.installEventFilter(self)
        apply()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.apply()
        return super().eventFilter(watched, event)


def pane_title(dock: QDockWidget, title: Callable[[], str]) -> QDockWidget:
    """Title ``dock`` with ``title()``, in the language the studio speaks."""
    Retranslate(dock, lambda: dock.setWindowTitle(title()))
    return dock


class StudioHost(PaneHost, Protocol):
    """What the test chat needs from the studio window (``app.main_window.MainWindow``)."""

    settings: QSettings
    #: the open session changed (an ``EditSession`` or None)
    sessionChanged: SignalInstance
    #: the open document changed (a ``ScenarioDocument`` or None)
    documentChanged: SignalInstance
    #: the window is closing: the conversation ends and its log gets ``session_end``
    closing: SignalInstance

    @property
    def session(self) -> EditSession | None: ...

    @property
    def document(self) -> ScenarioDocument | None: ...

    def add_file_action(self, action: QAction) -> None: ...

    def resize_panes(
        self, names: list[str], sizes: list[int], orientation: Qt.Orientation
    ) -> None: ...

    def highlight_step(self, step_id: str | None) -> None: ...


class StudioChat:
    """The glue between one studio window and its chat pane (kept alive by ``install_chat``'s
    caller)."""

    def __init__(self, host: StudioHost, log_dir: Path | None) -> None:
        self.host = host
        self.pane = ChatPane(self.current_scenario, settings_store=host.settings, log_dir=log_dir)
        #: log windows opened from the studio, kept while it lives
        self.log_windows: list[LogWindow] = []
        self._session: EditSession | None = None
        self._broken = False
        self._dock_panes()
        self.pane.destroyed.connect(lambda _object=None: self._studio_gone())
        self.pane.step_changed.connect(host.highlight_step)
        self.pane.set_log_opener(self.open_log)
        host.documentChanged.connect(self._document_changed)
        host.closing.connect(self.pane.stop)
        host.sessionChanged.connect(self._session_changed)
        self._session_changed(host.session)
        self.open_log_action = QAction(self.pane)
        self.open_log_action.triggered.connect(lambda _checked=False: self.ask_and_open_log())
        host.add_file_action(self.open_log_action)
        self.server_log_action = QAction(self.pane)
        self.server_log_action.triggered.connect(lambda _checked=False: self.ask_server_log())
        host.add_file_action(self.server_log_action)
        Retranslate(self.pane, self._action_texts)

    def _action_texts(self) -> None:
        """The File menu actions' texts, in the language the studio speaks."""
        for action, text, tip in (
            (
                self.open_log_action,
                QCoreApplication.translate("StudioChat", "Open Conversation &Log…"),
                QCoreApplication.translate(
                    "StudioChat", "Open a conversation log: replay it, follow it, fork from a turn"
                ),
            ),
            (
                self.server_log_action,
                QCoreApplication.translate("StudioChat", "Open Log from &Server…"),
                QCoreApplication.translate(
                    "StudioChat",
                    "Download a served conversation's log (prompter serve) and open it",
                ),
            ),
        ):
            action.setText(text)
            action.setStatusTip(tip)

    def _dock_panes(self) -> None:
        """Chat on the left of the graph, variables under it; the step editor stays visible.

        Authors edit an instruction and try it at once, so the chat never hides the editor.
        """
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        pane_title(
            self.host.add_pane(CHAT_PANE, self.pane, left),
            lambda: QCoreApplication.translate("StudioChat", "Test chat"),
        )
        pane_title(
            self.host.add_pane(VARIABLES_PANE, self.pane.variables, left, below=CHAT_PANE),
            lambda: QCoreApplication.translate("StudioChat", "Variables"),
        )
        self.host.resize_panes([CHAT_PANE], [420], Qt.Orientation.Horizontal)
        self.host.resize_panes([CHAT_PANE, VARIABLES_PANE], [540, 200], Qt.Orientation.Vertical)

    def current_scenario(self) -> Scenario | None:
        document = self.host.document
        return document.scenario if document is not None else None

    def _document_changed(self, document: ScenarioDocument | None) -> None:
        self.host.highlight_step(None)
        if document is not None and self.pane.isVisible():
            self.pane.restart()
        else:
            self.pane.stop_until_shown()

    def _session_changed(self, session: EditSession | None) -> None:
        if self._session is not None:
            self._session.changed.disconnect(self._edited)
        self._session = session
        self._broken = session is not None and session.scenario is None
        self._say_why_no_scenario()
        if session is not None:
            session.changed.connect(self._edited)

    def _edited(self, change: Change) -> None:
        if not change.scenario_changed:  # a save, or a file the scenario does not read
            return
        session = self._session
        broken = session is not None and session.scenario is None
        was_broken, self._broken = self._broken, broken
        self._say_why_no_scenario()
        if was_broken and not broken:
            self.pane.scenario_loads_again()
        else:
            self.pane.mark_scenario_changed()

    def _say_why_no_scenario(self) -> None:
        self.pane.no_scenario_text = (
            QCoreApplication.translate(
                "StudioChat",
                "<b>scenario.yaml does not load</b>: fix it (the Problems pane says where) and "
                "the chat starts again.",
            )
            if self._broken
            else QCoreApplication.translate("StudioChat", "Open a scenario to chat with it.")
        )

    def ask_and_open_log(self) -> None:
        start = str(self.pane.log_dir or Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self.pane,
            QCoreApplication.translate("StudioChat", "Open conversation log"),
            start,
            QCoreApplication.translate("StudioChat", "Logs (*.jsonl *.ndjson *.log);;All (*)"),
        )
        if path:
            self.open_log(Path(path))

    def ask_server_log(self) -> ServerLogDialog:
        """File ▸ Open Log from Server…: the dialog, shown; the log opens when downloaded."""
        folder = self.pane.log_dir or default_log_dir()
        dialog = ServerLogDialog(folder, self.open_log, self.host.settings, self.pane.window())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.open()
        return dialog

    def open_log(self, path: Path) -> LogWindow:
        """Open a log window whose replay drives the graph and whose fork uses this chat."""
        log_window = open_log_window(path)
        log_window.step_highlighted.connect(self.host.highlight_step)
        log_window.fork_handler = self.fork
        log_window.open_handler = self.open_log
        log_window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        log_window.destroyed.connect(lambda _object=None, w=log_window: self._forget(w))
        self.log_windows.append(log_window)
        return log_window

    def _forget(self, log_window: LogWindow) -> None:
        if log_window in self.log_windows:
            self.log_windows.remove(log_window)

    def _studio_gone(self) -> None:
        """The studio's window (and its chat) is gone: log windows still open cannot fork or
        drive its graph any more, and say so by a disabled Fork."""
        for log_window in list(self.log_windows):
            try:
                log_window.fork_handler = None
                log_window.step_highlighted.disconnect(self.host.highlight_step)
            except (RuntimeError, TypeError):  # already being destroyed
                continue

    def fork(self, events: list[Event], turn: int) -> None:
        """Continue the log's conversation in this chat, and bring the chat in front of the
        log window (a fork once started behind it, with nothing to show it happened)."""
        dock = self.pane.parentWidget()
        if isinstance(dock, QDockWidget):
            dock.show()
            dock.raise_()
        if self.pane.fork_from(events, turn):
            studio = self.pane.window()
            studio.raise_()
            studio.activateWindow()
            self.pane.input.setFocus()


def install_chat(host: StudioHost, *, log_dir: Path | None = None) -> StudioChat:
    """Dock the chat and the variables panel into ``host``; the caller keeps the glue."""
    return StudioChat(host, log_dir if log_dir is not None else default_log_dir())
