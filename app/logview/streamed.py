"""How the views show a streamed message (issue 24): one growing bubble, one folded log row.

The engine emits a ``message_delta`` event for each piece of the bot's message as the model
writes it — dozens per reply. No view shows them one by one:

* the conversation view (chat, viewer) shows a *draft* bubble that grows with them
  (:func:`draft`: a ``bot_message`` event made for the view, ``source: streaming``), taken away
  on ``message_retracted`` and replaced by the reply's own ``bot_message`` when it stands; a
  replayed log has no draft left, so it shows the final text only;
* the log pane folds one call's deltas into one ``message_delta`` row (:func:`grown`), whose
  ``delta`` is the text they showed together and ``parts`` how many they were.

The log itself keeps every delta event as the engine emitted it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.log.events import Event, EventType

__all__ = ["STREAMING", "draft", "grown", "same_call"]

#: The ``source`` of a draft bubble.
STREAMING = "streaming"


def same_call(group: Event, delta: Event) -> bool:
    """Whether ``delta`` continues ``group`` (the same session, turn and attempt)."""
    return (
        group.type == EventType.MESSAGE_DELTA
        and delta.type == EventType.MESSAGE_DELTA
        and group.session == delta.session
        and group.turn == delta.turn
        and group.data.get("attempt") == delta.data.get("attempt")
    )


def grown(group: Event, delta: Event) -> Event:
    """The folded row ``group`` with ``delta`` added (the group keeps its first seq and time)."""
    text = str(group.data.get("delta", "")) + str(delta.data.get("delta", ""))
    parts = int(group.data.get("parts", 1)) + 1
    return replace(group, data={**group.data, "delta": text, "parts": parts})


def draft(delta: Event, bubble: Event | None = None) -> Event:
    """The draft bubble ``bubble`` grown by ``delta`` (a new one when ``bubble`` is None)."""
    before = str(bubble.data.get("text", "")) if bubble is not None else ""
    text = before + str(delta.data.get("delta", ""))
    start = bubble if bubble is not None else delta
    return replace(start, type=EventType.BOT_MESSAGE, data={"text": text, "source": STREAMING})
