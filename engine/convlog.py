"""The conversation log writer: one JSON line per event, appended and flushed as it happens.

The log is what the studio's log pane, the log viewer and replay read (:mod:`engine.logread`),
so it is written for them:

* each event is one line (``Event.to_json()``), written with a single ``write`` and flushed at
  once, so a reader following the file sees whole lines and a crash loses at most the line being
  written;
* the file is opened in append mode and never rewritten. If it ends with a half-written line (a
  crash of an earlier writer), a newline is added first so the next record starts clean — the
  reader then skips the broken line and reports it, instead of losing the next record too;
* the API key never reaches it: events do not carry it, and as a second line of defence any
  occurrence of a known secret (``OPENAI_API_KEY`` by default) is replaced by ``[REDACTED]``;
* a failing disk never breaks a conversation: the first ``OSError`` disables the writer and is
  handed to ``on_error`` (the CLI prints it), and the chat goes on.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, Self

from engine.events import Event, EventBus

REDACTED = "[REDACTED]"
#: Secrets shorter than this are not searched for (too likely to match ordinary text).
MIN_SECRET_LENGTH = 8


def default_secrets() -> list[str]:
    """The secrets a log must never contain: the API key from the environment, if any."""
    key = os.environ.get("OPENAI_API_KEY", "")
    return [key] if len(key) >= MIN_SECRET_LENGTH else []


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
        self.secrets = [s for s in (default_secrets() if secrets is None else secrets)
                        if len(s) >= MIN_SECRET_LENGTH]
        #: The error that disabled the writer, if any.
        self.error: OSError | None = None
        self.lines_written = 0
        self._detach: list[Callable[[], None]] = []
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] | None = open(  # noqa: SIM115 - kept open for the conversation
            self.path, "a", encoding="utf-8", newline="\n"
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
        line = self.redact(event.to_json()) + "\n"
        try:
            self._file.write(line)
            self._file.flush()
            if self.fsync:
                os.fsync(self._file.fileno())
        except OSError as error:
            self._fail(error)
            return
        self.lines_written += 1

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

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
            with open(self.path, "rb") as handle:
                handle.seek(size - 1)
                last = handle.read(1)
            if last != b"\n" and self._file is not None:
                self._file.write("\n")
                self._file.flush()
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


__all__ = ["REDACTED", "LogWriter", "default_secrets"]
