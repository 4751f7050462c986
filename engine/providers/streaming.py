"""The bot's message out of a reply still being written: unfinished JSON, read as it grows.

Every reply is the four-field contract, ``message`` first (structured outputs emit keys in
schema order), so the message the user waits for arrives before the transition, the results
and the summary. :class:`MessageStream` is fed the reply's text chunk by chunk and reads it
*incrementally*: each character is looked at once, whatever the number of chunks (re-parsing the
whole reply at every chunk made a long reply quadratic: 9,000 deltas took 4 s, a 3 MB message a
turn's 50 s of CPU). It follows the top-level object's keys, skips the values of the others
(nested objects, arrays, strings), and decodes the ``message`` string as it comes — escapes cut
between two chunks included — telling its listener the message so far each time it grows; once
the message string is closed, the message is complete and reading stops. Text that is no JSON
object (a non-strict model's prose) is simply not shown; the contract check judges the whole
reply later either way. :attr:`MessageStream.scanned` counts the characters read, for tests and
``bench/bench_streaming.py``.

:func:`stream_words` plays a finished reply back word by word (the scripted provider and
replayed tests), so streaming views are testable without a model.
"""

from __future__ import annotations

import asyncio
import json
import re

from engine.providers.base import MessageListener

__all__ = ["MessageStream", "stream_words", "words"]

_WORD = re.compile(r"\S+\s*|\s+")
#: Where a string's plain run ends: its closing quote, or an escape.
_STRING_STOP = re.compile(r'["\\]')
#: What changes the state of a value being skipped: a string, or a bracket.
_SKIP_STOP = re.compile(r'["{}\[\]]')
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_SPACE = " \t\r\n"

# what the reader expects next
_OPEN, _KEY, _IN_KEY, _COLON, _VALUE, _SKIP, _MESSAGE, _AFTER, _DONE = range(9)


class MessageStream:
    """Feed it a reply's text as it arrives; it calls ``listener`` with the message so far."""

    def __init__(self, listener: MessageListener) -> None:
        self._listener = listener
        self._shown = ""
        #: Characters read so far, each once (the work is linear in the reply's length).
        self.scanned = 0
        self._reset()

    def _reset(self) -> None:
        self._state = _OPEN
        self._pending = ""  # the part of the text not read yet (a cut escape waits here)
        self._key: list[str] = []
        self._is_message = False
        self._depth = 0  # brackets open in a value being skipped
        self._in_string = False  # inside a string of a value being skipped
        self._message: list[str] = []
        self._joined = 0  # pieces of ``_message`` already in ``_shown``

    @property
    def shown(self) -> str:
        """The message as the listener last heard it."""
        return self._shown

    def restart(self) -> None:
        """The call is made again: take back what was shown, and read a new reply."""
        self._reset()
        if self._shown:
            self._shown = ""
            self._listener("")

    def feed(self, chunk: str) -> None:
        if self._state == _DONE or not chunk:
            return
        text = self._pending + chunk  # a cut escape (a few characters) waits for the rest
        position = self._read(text, 0)
        self.scanned += position
        self._pending = text[position:]
        if len(self._message) > self._joined:  # it grew
            message = self._shown + "".join(self._message[self._joined :])
            self._joined = len(self._message)
            if len(message) > len(self._shown):
                self._shown = message
                self._listener(message)

    # --- the reader ---------------------------------------------------------------------------

    def _read(self, text: str, at: int) -> int:
        """Read ``text`` from ``at``; the position of what could not be read yet."""
        end = len(text)
        while at < end and self._state != _DONE:
            state = self._state
            if state == _MESSAGE:
                at = self._read_message(text, at)
                if at < 0:
                    return -at - 1
                continue
            if state == _SKIP:
                at = self._skip(text, at)
                if at < 0:
                    return -at - 1
                continue
            if state == _IN_KEY:
                at = self._read_key(text, at)
                if at < 0:
                    return -at - 1
                continue
            char = text[at]
            if char in _SPACE:
                at += 1
                continue
            if state == _OPEN:
                self._state = _KEY if char == "{" else _DONE  # prose: never shown
            elif state == _KEY:
                if char == '"':
                    self._key, self._state = [], _IN_KEY
                else:
                    self._state = _DONE  # '}' or not JSON: nothing more to read
            elif state == _COLON:
                self._state = _VALUE if char == ":" else _DONE
            elif state == _VALUE:
                if self._is_message and char == '"':
                    self._state = _MESSAGE
                else:
                    self._depth, self._in_string, self._state = 0, False, _SKIP
                    continue  # the skipper reads this character
            elif state == _AFTER:
                self._state = _KEY if char == "," else _DONE
            at += 1
        return at

    def _read_key(self, text: str, at: int) -> int:
        closed = self._string(text, at, self._key)
        if closed < 0:
            return closed
        self._is_message = "".join(self._key) == "message"
        self._state = _COLON
        return closed

    def _read_message(self, text: str, at: int) -> int:
        closed = self._string(text, at, self._message)
        if closed < 0:
            return closed
        self._state = _DONE  # the message is whole: what follows is not shown
        return closed

    def _string(self, text: str, at: int, into: list[str]) -> int:
        """Decode a JSON string's characters from ``at`` into ``into``: the position after its
        closing quote; ``-position - 1`` when ``text`` ends first (``position``: where reading
        stopped, the start of an escape cut in two)."""
        end = len(text)
        while at < end:
            stop = _STRING_STOP.search(text, at)
            if stop is None:
                into.append(text[at:])
                return -end - 1
            into.append(text[at : stop.start()])
            at = stop.start()
            if text[at] == '"':
                return at + 1
            escape = _escape(text, at)
            if escape is None:
                return -at - 1
            value, at = escape
            into.append(value)
        return -end - 1

    def _skip(self, text: str, at: int) -> int:
        """Skip a value that is not the message; ``_AFTER`` once it is over (a negative
        position as :meth:`_string`'s for an escape cut in two)."""
        end = len(text)
        while at < end:
            if self._in_string:
                stop = _STRING_STOP.search(text, at)
                if stop is None:
                    return end
                at = stop.start()
                if text[at] == "\\":
                    if at + 1 >= end:
                        return -at - 1  # a cut escape: wait for its next character
                    at += 2
                    continue
                self._in_string = False
                at += 1
                if self._depth == 0:
                    self._state = _AFTER
                    return at
                continue
            stop = _SKIP_STOP.search(text, at)
            if self._depth == 0:
                # a number, true, false or null ends at the next ',' or '}'
                scalar_end = _scalar_end(text, at)
                if stop is None or (scalar_end is not None and scalar_end < stop.start()):
                    if scalar_end is None:
                        return end
                    self._state = _AFTER
                    return scalar_end
            if stop is None:
                return end
            at = stop.start()
            char = text[at]
            at += 1
            if char == '"':
                self._in_string = True
            elif char in "{[":
                self._depth += 1
            else:
                self._depth -= 1
                if self._depth <= 0:
                    self._state = _AFTER
                    return at
        return at


def _escape(text: str, at: int) -> tuple[str, int] | None:
    """The escape at ``at`` (a backslash) decoded, and where it ends; None while it is cut."""
    end = len(text)
    if at + 1 >= end:
        return None
    kind = text[at + 1]
    if kind != "u":
        return _ESCAPES.get(kind, kind), at + 2
    if at + 6 > end:
        return None
    if 0xD800 <= _hex(text[at + 2 : at + 6]) <= 0xDBFF:  # a pair's first half
        follows = text[at + 6 : at + 8]
        if "\\u".startswith(follows) and at + 12 > end:
            return None  # its second half may be coming
        if follows == "\\u":
            return _decoded(text[at : at + 12]), at + 12
    return _decoded(text[at : at + 6]), at + 6


def _scalar_end(text: str, at: int) -> int | None:
    """Where a scalar starting at ``at`` ends (the next ',' or '}'), or None if not yet."""
    ends = [found for found in (text.find(",", at), text.find("}", at)) if found >= 0]
    return min(ends) if ends else None


def _hex(code: str) -> int:
    try:
        return int(code, 16)
    except ValueError:
        return -1


def _decoded(escape: str) -> str:
    try:
        decoded: str = json.loads(f'"{escape}"')
    except ValueError:
        return escape
    return decoded


def words(text: str) -> list[str]:
    """``text`` cut into words, each with the spaces after it (joined, they are ``text``)."""
    return _WORD.findall(text)


async def stream_words(text: str, listener: MessageListener, pause_s: float = 0.0) -> None:
    """Play a finished reply to ``listener`` word by word, ``pause_s`` apart."""
    stream = MessageStream(listener)
    for word in words(text):
        stream.feed(word)
        await asyncio.sleep(pause_s)
