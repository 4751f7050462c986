"""The bot's message out of a reply still being written: unfinished JSON, parsed as it grows.

Every reply is the four-field contract, ``message`` first (structured outputs emit keys in
schema order), so the message the user waits for arrives before the transition, the results
and the summary. :class:`MessageStream` is fed the reply's text chunk by chunk and parses it
with jiter's ``partial_mode="trailing-strings"`` (an unfinished string counts as far as it
goes), telling its listener the message so far each time it grows; once a key after
``message`` appears, the message is complete and parsing stops. Text that is no JSON object
yet (or never: a non-strict model's prose) is simply not shown; the contract check judges the
whole reply later either way.

:func:`stream_words` plays a finished reply back word by word (the scripted provider and
replayed tests), so streaming views are testable without a model.
"""

from __future__ import annotations

import asyncio
import re

import jiter

from engine.providers.base import MessageListener

__all__ = ["MessageStream", "stream_words", "words"]

_WORD = re.compile(r"\S+\s*|\s+")


class MessageStream:
    """Feed it a reply's text as it arrives; it calls ``listener`` with the message so far."""

    def __init__(self, listener: MessageListener) -> None:
        self._listener = listener
        self._text = ""
        self._shown = ""
        self._complete = False

    @property
    def shown(self) -> str:
        """The message as the listener last heard it."""
        return self._shown

    def restart(self) -> None:
        """The call is made again: take back what was shown, and read a new reply."""
        self._text, self._complete = "", False
        if self._shown:
            self._shown = ""
            self._listener("")

    def feed(self, chunk: str) -> None:
        self._text += chunk
        if self._complete or not chunk:
            return
        try:
            parsed = jiter.from_json(self._text.encode(), partial_mode="trailing-strings")
        except ValueError:  # not JSON (yet): a cut escape, prose before the object
            return
        if not isinstance(parsed, dict):
            return
        message = parsed.get("message")
        if not isinstance(message, str):
            return
        self._complete = next(reversed(parsed)) != "message"
        if len(message) > len(self._shown) and message.startswith(self._shown):
            self._shown = message
            self._listener(message)


def words(text: str) -> list[str]:
    """``text`` cut into words, each with the spaces after it (joined, they are ``text``)."""
    return _WORD.findall(text)


async def stream_words(text: str, listener: MessageListener, pause_s: float = 0.0) -> None:
    """Play a finished reply to ``listener`` word by word, ``pause_s`` apart."""
    stream = MessageStream(listener)
    for word in words(text):
        stream.feed(word)
        await asyncio.sleep(pause_s)
