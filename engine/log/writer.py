"""The conversation log writer: one JSON line per event, appended and flushed as it happens.

The log is what the studio's log pane, the log viewer and replay read (:mod:`engine.log.reader`),
so it is written for them:

* each event is one line, written with a single ``write`` and flushed at once, so a reader
  following the file sees whole lines and a crash loses at most the line being written;
* the file is opened in append mode and never rewritten. If it ends with a half-written line (a
  crash of an earlier writer), a newline is added first so the next record starts clean — the
  reader then skips the broken line and reports it, instead of losing the next record too;
* **every event reaches the log**, whatever a model or a user sent: :func:`encode_event` never
  fails. A lone surrogate (``"\\ud800"`` in a model's JSON) becomes U+FFFD, so the file stays
  UTF-8; a value JSON cannot hold (an integer of 5,000 digits, ``NaN``, nesting deeper than
  :data:`~engine.io.input_limits.MAX_LOG_DEPTH`, an object) is written as a short text saying what
  it was;
* the API key never reaches it: events do not carry it, and every line goes through
  :func:`engine.io.redact.redact` (the known secrets and anything shaped like a key);
* a failing disk never breaks a conversation: the first ``OSError`` disables the writer and is
  handed to ``on_error`` (the CLI prints it), and the chat goes on.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Self

from engine.errors import UnreadableFile
from engine.io.input_limits import MAX_LOG_DEPTH
from engine.io.redact import MIN_SECRET_LENGTH, REDACTED, known_secrets, redact
from engine.io.untrusted import open_regular, replace_surrogates
from engine.log.events import Event, EventBus
from engine.log.schema import may_nest_too_deep, nesting_depth

#: Integers this large are written as text (Python refuses to print more than 4,300 digits).
_TOO_LARGE_INT = 10**4000


def default_secrets() -> list[str]:
    """The secrets a log must never contain: the API key from the environment, if any."""
    return known_secrets()


def encode_event(event: Event, secrets: Iterable[str] = ()) -> bytes:
    """``event`` as one redacted UTF-8 JSON line with its newline. Never raises."""
    return encode_record(event.to_record(), secrets)


def encode_record(record: dict[str, Any], secrets: Iterable[str] = ()) -> bytes:
    """A log record as one redacted UTF-8 JSON line with its newline. Never raises."""
    try:
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        if may_nest_too_deep(text) and nesting_depth(record) > MAX_LOG_DEPTH:
            raise ValueError("nested too deep for a log")
    except (TypeError, ValueError, RecursionError):
        text = json.dumps(_loggable(record, 0), ensure_ascii=False, separators=(",", ":"))
    text = redact(text, secrets)
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return replace_surrogates(text).encode("utf-8") + b"\n"


def _loggable(value: Any, depth: int) -> Any:
    """``value`` with everything JSON cannot hold replaced by a short text saying what it was."""
    if depth >= MAX_LOG_DEPTH and isinstance(value, dict | list | tuple):
        return f"(nested deeper than {MAX_LOG_DEPTH} levels: not logged)"
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        if abs(value) >= _TOO_LARGE_INT:
            return f"(an integer of about {int(value.bit_length() * 0.30103)} digits: not logged)"
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {str(key): _loggable(item, depth + 1) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_loggable(item, depth + 1) for item in value]
    return str(value)


class LogWriter:
    """Appends a conversation's events to a JSON Lines file.

    Use :meth:`attach` to follow a conversation's :class:`EventBus`, or call the writer with an
    event. Close it (or use it as a context manager) when done; :meth:`close` detaches it too.
    """

    def __init__(
        self,
        path: Path | str,
        *,
        secrets: Iterable[str] | None = None,
        fsync: bool = False,
        on_error: Callable[[OSError], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.on_error = on_error
        #: Secrets redacted besides :func:`engine.io.redact.known_secrets` (the studio's key).
        self.secrets = [s for s in (secrets or ()) if len(s) >= MIN_SECRET_LENGTH]
        #: The error that disabled the writer, if any.
        self.error: OSError | None = None
        self.lines_written = 0
        self._detach: list[Callable[[], None]] = []
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Unbuffered: each line is one ``write`` system call, so concurrent readers and
        # writers of the file never see a line in pieces.
        self._file: IO[bytes] | None = open(  # noqa: SIM115 - kept open for the conversation
            self.path, "ab", buffering=0
        )
        self._end_partial_line()

    def attach(self, bus: EventBus) -> Callable[[], None]:
        """Write every event ``bus`` emits from now on; returns the function that stops it."""
        unsubscribe = bus.subscribe(self)
        self._detach.append(unsubscribe)
        return unsubscribe

    def __call__(self, event: Event) -> None:
        self.write(event)

    def write(self, event: Event) -> None:
        """Append ``event`` as one line and flush it (no-op once the writer failed or closed)."""
        if self._file is None:
            return
        line = encode_event(event, self.secrets)
        try:
            self._write_all(line)
            if self.fsync:
                os.fsync(self._file.fileno())
        except OSError as error:
            self._fail(error)
            return
        self.lines_written += 1

    def redact(self, text: str) -> str:
        """``text`` as this writer would write it: known secrets and key-shaped words hidden."""
        return redact(text, self.secrets)

    def _write_all(self, data: bytes) -> None:
        assert self._file is not None
        view = memoryview(data)
        while view:
            written = self._file.write(view)
            if written is None:  # a non-blocking file that is full: not ours to wait for
                raise OSError("the log file cannot take more data now")
            view = view[written:]

    def close(self) -> None:
        for detach in self._detach:
            detach()
        self._detach.clear()
        if self._file is not None:
            try:
                self._file.close()
            except OSError as error:
                self._fail(error)
            self._file = None

    @property
    def closed(self) -> bool:
        return self._file is None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _end_partial_line(self) -> None:
        """If an earlier writer died mid-line, start ours on a new line."""
        try:
            size = self.path.stat().st_size
            if size == 0:
                return
            with open_regular(self.path) as handle:
                handle.seek(size - 1)
                last = handle.read(1)
            if last != b"\n" and self._file is not None:
                self._write_all(b"\n")
        except UnreadableFile as error:  # not a regular file any more
            self._fail(OSError(errno.EINVAL, error.message, str(self.path)))
        except OSError as error:
            self._fail(error)

    def _fail(self, error: OSError) -> None:
        first = self.error is None
        self.error = error
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None
        if first and self.on_error is not None:
            self.on_error(error)


__all__ = ["REDACTED", "LogWriter", "default_secrets", "encode_event", "encode_record"]
