"""Docks the log pane into the studio window and links it to the test chat and the graph.

The pane (:class:`~app.logview.logpane.LogPane`) sits under the graph, tabbed with Problems and
History; Ctrl+J and the status bar's "Log" button collapse and expand it, and the state is
remembered. It shows the test chat's events as they happen (it follows the chat view's model,
so a restart or a fork replaces them). The three views select together:

* a row of the pane selects its event (or its turn) in the chat and its step on the graph;
* a click in the chat selects the event in the pane and the step on the graph;
* a step selected on the graph selects that step's latest event in the pane.

"Inspect model call…" on a request or reply in the chat opens the pane's inspector on it.
Everything goes through the window's public API (:class:`LogPaneHost`).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStatusBar

from app.chat.studio import StudioChat, pane_title
from app.logview.logpane import LogPane, PaneToggle
from app.widgets import PaneHost
from engine.log.events import Event

LOG_PANE = "Log"
SETTINGS_OPEN = "logpane/open"
#: The pane's share of the window's height when it opens in a thin bottom strip.
OPEN_HEIGHT_SHARE = 0.36


class LogPaneHost(PaneHost, Protocol):
    """What the log pane needs from the studio window (``app.main_window.MainWindow``)."""

    settings: QSettings
    #: the selected step changed ("" when none)
    stepSelected: SignalInstance

    def resize_panes(
        self, names: list[str], sizes: list[int], orientation: Qt.Orientation
    ) -> None: ...

    def select_step(self, step_id: str) -> None: ...

    def statusBar(self) -> QStatusBar: ...

    def addAction(self, action: QAction) -> None: ...

    def restoreDockWidget(self, dock: QDockWidget) -> bool: ...

    def height(self) -> int: ...


class StudioLogPane:
    """The glue between one studio window, its chat and the log pane (kept by the caller)."""

    def __init__(self, host: LogPaneHost, chat: StudioChat) -> None:
        self.host = host
        self.chat = chat
        self.pane = LogPane()
        self.dock = pane_title(
            host.add_pane(
                LOG_PANE, self.pane, Qt.DockWidgetArea.BottomDockWidgetArea, tabify_with="Problems"
            ),
            lambda: QCoreApplication.translate("StudioLogPane", "Log"),
        )
        host.restoreDockWidget(self.dock)
        window = host if isinstance(host, QMainWindow) else None
        assert window is not None, "the log pane docks into a QMainWindow"
        self.toggle = PaneToggle(self.dock, self.pane, window, host.settings, SETTINGS_OPEN)
        self.toggle.action.triggered.connect(self._make_room_soon)
        self.toggle.button.clicked.connect(lambda _checked: self._make_room_soon())
        view = chat.pane.view
        self.pane.attach(view.events_model)
        self.pane.event_selected.connect(self._pane_selected)
        view.event_clicked.connect(self._chat_clicked)
        view.inspect_requested.connect(self.inspect)
        host.stepSelected.connect(self._graph_selected)
        self.pane.inspector.copied.connect(lambda text: host.statusBar().showMessage(text, 4000))
        chat.pane.conversation_started.connect(self._scenario_settings)
        self._scenario_settings()

    def _make_room_soon(self) -> None:
        QTimer.singleShot(0, self._make_room)  # once the dock, just shown, is laid out

    def _make_room(self) -> None:
        """A pane opened in the thin strip Problems uses gets a third of the window."""
        if self.toggle.is_open and self.dock.height() < self.host.height() * OPEN_HEIGHT_SHARE:
            self.host.resize_panes(
                [LOG_PANE], [int(self.host.height() * OPEN_HEIGHT_SHARE)], Qt.Orientation.Vertical
            )

    def _scenario_settings(self) -> None:
        """The copied requests carry the scenario's temperature and output limit (not logged)."""
        scenario = self.chat.pane.scenario
        inspector = self.pane.inspector
        inspector.temperature = scenario.model.temperature if scenario else None
        inspector.max_output_tokens = scenario.model.max_output_tokens if scenario else None

    def open(self) -> None:
        if not self.toggle.is_open:
            self.toggle.set_open(True)
            self._make_room_soon()

    def inspect(self, event: Event) -> bool:
        """Open the pane and its inspector on the model call of ``event``."""
        self.open()
        return self.pane.inspect(event)

    # --- selecting together ------------------------------------------------------------------

    def _pane_selected(self, event: Event) -> None:
        self.chat.pane.view.select_event(event)
        if event.step:
            self.host.select_step(event.step)

    def _chat_clicked(self, event: Event) -> None:
        self.pane.select_event(event) or self.pane.select_turn(event.turn)
        if event.step:
            self.host.select_step(event.step)

    def _graph_selected(self, step: str) -> None:
        if step:
            self.pane.select_step(step)


def install_log_pane(host: LogPaneHost, chat: StudioChat) -> StudioLogPane:
    """Dock the log pane into ``host`` and link it to ``chat``; the caller keeps the glue."""
    return StudioLogPane(host, chat)
