"""Server-sent events read from a stream's lines: the JSON object of each event, in order.

OpenAI's Responses API streams a reply as events (``event: TYPE``, ``data: {json}``, a blank
line; the format is the HTML standard's ``text/event-stream``). The provider reads the few it
needs — the text as it grows, the final response — from the plain JSON rather than have the
SDK build a typed object of every event: the SDK finds each event's class among some fifty with
a validating union, about a third of a millisecond an event and sixty events a reply, on the
thread whose interpreter lock the studio's window shares. Only the final response is built
into the SDK's type, as its stream would have built it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, AsyncIterable
from typing import Any

__all__ = ["server_events"]


async def server_events(lines: AsyncIterable[str]) -> AsyncGenerator[dict[str, Any], None]:
    """The JSON object of each event of ``lines`` (a ``text/event-stream`` body cut into lines,
    without their line ends). An event ends at a blank line: one the stream cut before it never
    comes. ``data: [DONE]`` (Chat Completions' last event) ends the stream. Data that is not a
    JSON object raises ``ValueError``, as a body that is not the API's answer. Closing the
    events (``contextlib.aclosing``) closes ``lines``."""
    data: list[str] = []
    try:
        async for line in lines:
            if line:
                field, _, value = line.partition(":")
                if field == "data":  # other fields (event, id, retry) and comments: not needed
                    data.append(value[1:] if value.startswith(" ") else value)
                continue
            if not data:
                continue
            text, data = "\n".join(data), []
            if text == "[DONE]":
                async for _ in lines:  # read to the end, as the SDK's stream does: the
                    pass  # connection goes back to the pool, no reader is left half-way
                return
            event = json.loads(text)
            if not isinstance(event, dict):
                raise ValueError(f"an event of the stream is not a JSON object: {text[:80]!r}")
            yield event
    finally:
        # the lines' generator, left suspended, would be closed later by a task of whatever
        # loop is still there (a dropped provider's is not): close it now
        close = getattr(lines, "aclose", None)
        if close is not None:
            await close()
