"""The per-turn chart beside the test chat (:class:`~app.charts.turns.TurnChart`).

Fed by a :class:`ChatPane`'s conversation: each new conversation (``conversation_started``)
resets it with what the pane shows (a fork's history) and subscribes to its runner's events;
hovering a turn scrolls the chat to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.charts.turns import TurnChart

if TYPE_CHECKING:
    from app.chat.pane import ChatPane


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


__all__ = ["attach_to_chat"]
