"""The ``text/event-stream`` answer of a message: the engine's events of one turn as SSE events.

    event: delta     data: {"text": "…", "message": 0}   the bot's message as it is generated
    event: retract   data: {"message": 0}                take back what was shown of that message
    event: done      data: {"messages": […], "step", "finished", "calls", "cost_usd"}
    event: error     data: {"error": {"type", "message"}}  the turn failed (rolled back)

``message`` numbers the bot's messages of the turn from 0 (a turn can say several: a reply, then a
message step's text). The engine's ``message_delta`` events (the message's new text as the model
writes it) are relayed as ``delta`` events, and ``message_retracted`` (a reply that broke the
contract, to be corrected) as ``retract``; a message that was not streamed — a message step's text,
a fallback, any reply of a provider that does not stream — is sent whole, as one ``delta``, when
its ``bot_message`` event comes. ``done`` is sent only once the turn is committed, so what it says
is what the store holds.

A ``message_delta`` event's ``delta`` field is the new text
(:class:`~engine.log.events.MessageDeltaData`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from engine.log.events import Event, EventType

#: The headers of an event stream: never cached, never buffered by a proxy.
STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def sse(event: str, data: Any) -> str:
    """One server-sent event (``json.dumps`` writes no newline, so one ``data:`` line)."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


class StreamRelay:
    """Subscribe it to a conversation's events; :meth:`events` yields the SSE text in order."""

    def __init__(self) -> None:
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._message = 0
        self._shown = ""

    def __call__(self, event: Event) -> None:
        if event.type == EventType.MESSAGE_DELTA:
            self._delta(str(event.data.get("delta") or ""))
        elif event.type == EventType.MESSAGE_RETRACTED:
            self._retract()
        elif event.type == EventType.BOT_MESSAGE:
            text = str(event.data.get("text", ""))
            if self._shown != text:
                if self._shown:
                    self._retract()
                self._send("delta", {"text": text, "message": self._message})
            self._message += 1
            self._shown = ""

    def _delta(self, chunk: str) -> None:
        if chunk:
            self._shown += chunk
            self._send("delta", {"text": chunk, "message": self._message})

    def _retract(self) -> None:
        if self._shown:
            self._send("retract", {"message": self._message})
            self._shown = ""

    def _send(self, event: str, data: Any) -> None:
        self._queue.put_nowait(sse(event, data))

    def finish(self, last: str) -> None:
        """End the stream with ``last`` (the ``done`` or ``error`` event)."""
        self._queue.put_nowait(last)
        self._queue.put_nowait(None)

    async def events(self) -> AsyncIterator[str]:
        while (item := await self._queue.get()) is not None:
            yield item


def finish_when_done(
    relay: StreamRelay, task: asyncio.Future[Any], last_event: Callable[[asyncio.Future[Any]], str]
) -> None:
    """Close ``relay`` with ``last_event(task)`` when ``task`` ends, however it ends."""
    task.add_done_callback(lambda done: relay.finish(last_event(done)))


__all__ = [
    "STREAM_HEADERS",
    "StreamRelay",
    "finish_when_done",
    "sse",
]
