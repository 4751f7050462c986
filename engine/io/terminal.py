"""What the command line prints is text, never orders to the terminal.

A scenario's step title, an instruction file, a test's expectation or a model's reply may hold
control characters: ``ESC ] 52`` writes the user's clipboard, ``ESC [ 2 J`` clears the screen,
``ESC ] 0`` sets the window's title, a carriage return overwrites the line before it. Printed
as they are, they act. So:

* :func:`for_terminal` is the one sanitiser: it removes every control character (C0, DEL, C1)
  but newline and tab, and replaces lone surrogates (which no terminal encoding holds);
* :func:`sanitised_output` (the command line's ``main`` runs every command inside it) puts
  :class:`TerminalText` over ``sys.stdout`` and ``sys.stderr``, so everything any command
  prints passes through :func:`for_terminal` — model and scenario text included, whichever
  module prints it;
* the two places that write control sequences of their own — ``diff --color`` and the progress
  bar of ``simulate`` — clean the text they put between them with :func:`for_terminal` and
  write through :func:`unfiltered`.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

from engine.io.untrusted import replace_surrogates

#: Every control character but ``\t`` (0x09) and ``\n`` (0x0A): C0, DEL and C1.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def for_terminal(text: str) -> str:
    """``text`` without control characters other than newline and tab, and without lone
    surrogates (replaced by U+FFFD): safe to print on any terminal."""
    return _CONTROLS.sub("", replace_surrogates(text))


class TerminalText(io.TextIOBase):
    """A text stream that passes everything written through :func:`for_terminal`."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        #: The stream underneath, for the program's own control sequences (:func:`unfiltered`).
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(for_terminal(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.stream, "encoding", "utf-8"))


def unfiltered(stream: TextIO) -> TextIO:
    """The stream under a :class:`TerminalText` (``stream`` itself otherwise): only for control
    sequences the program writes itself, around text already passed through
    :func:`for_terminal`."""
    return stream.stream if isinstance(stream, TerminalText) else stream


@contextmanager
def sanitised_output() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` as :class:`TerminalText` while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = TerminalText(out)
    sys.stderr = TerminalText(err)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            with suppress(OSError, ValueError):  # a closed pipe: nothing left to say
                stream.flush()
        sys.stdout, sys.stderr = out, err


__all__ = ["TerminalText", "for_terminal", "sanitised_output", "unfiltered"]
