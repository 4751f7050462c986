"""Put the per-turn chart under a conversation: in the log viewer, and beside the test chat.

Both attach from the outside, through the windows' public parts, so neither window's code
knows about charts beyond one call:

* :func:`attach_to_log_window` docks a chart at the bottom of a :class:`LogWindow`. It shows the
  log's turns once the file is read (``load_finished``), follows what the viewer follows
  (``controller.events_appended``), starts over when the log is replaced (``restarted``); the
  turn under the mouse scrolls the conversation to it, and the turn the replay shows is shaded.
* :func:`attach_to_chat` makes a chart fed by a :class:`ChatPane`'s conversation: each new
  conversation (``conversation_started``) resets it with what the pane shows (a fork's history)
  and subscribes to its runner's events; hovering a turn scrolls the chat to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from app.charts.turns import TurnChart

if TYPE_CHECKING:
    from app.chat.pane import ChatPane
    from app.logview.window import LogWindow

DOCK_NAME = "turnChartDock"


def attach_to_log_window(window: LogWindow) -> TurnChart:
    chart = TurnChart(window)
    dock = QDockWidget("Turns: tokens, cost, model time", window)
    dock.setObjectName(DOCK_NAME)
    dock.setWidget(chart)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    window.resizeDocks([dock], [300], Qt.Orientation.Vertical)

    def loaded() -> None:
        chart.set_events(window.events())

    window.load_finished.connect(loaded)
    window.controller.events_appended.connect(chart.add_events)
    window.controller.restarted.connect(chart.clear)
    chart.turnHovered.connect(lambda turn: turn >= 0 and window.view.scroll_to_turn(turn))
    chart.turnClicked.connect(window.replay.set_turn)
    window.replay.turn_changed.connect(chart.highlight_turn)
    if window.loaded:
        loaded()
    return chart


def attach_to_chat(pane: ChatPane) -> TurnChart:
    chart = TurnChart(pane)

    def started() -> None:
        chart.set_events(pane.view.events_model.events())
        if pane.runner is not None:
            pane.runner.event_received.connect(chart.add_event)

    pane.conversation_started.connect(started)
    chart.turnHovered.connect(lambda turn: turn >= 0 and pane.view.scroll_to_turn(turn))
    if pane.runner is not None:
        started()
    return chart


__all__ = ["attach_to_chat", "attach_to_log_window"]
