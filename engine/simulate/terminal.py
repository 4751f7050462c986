"""Progress of a simulation on a terminal: a bar redrawn in place, or plain lines in a log.

On a terminal (``isatty``) the line is redrawn with a carriage return and ANSI "erase to the end
of the line", at most ten times a second, fitted to the terminal's width::

    [##########----------]  212/500  42% | 180 finished 20 stuck 2 abandoned 0 failed |
    2,412 calls 5,981 req/min 3x429 | ETA 0:45

Anywhere else (a CI log, a file) it prints a plain line every ``every_s`` seconds and at the end,
so the log is readable and not one endless line of carriage returns.
"""

from __future__ import annotations

import math
import shutil
import time
from dataclasses import replace
from typing import TextIO

from engine.io.terminal import for_terminal, unfiltered
from engine.providers.rate_limiter import MAX_RETRY_AFTER_S
from engine.simulate.runner import Counts, ProgressUpdate

__all__ = ["TerminalProgress", "format_duration", "progress_line"]


def format_duration(seconds: float | None) -> str:
    """``1:05`` (or ``1:02:05``); ``--:--`` when unknown."""
    if seconds is None:
        return "--:--"
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def progress_line(counts: Counts, width: int | None = None) -> str:
    """The figures of one progress line; with ``width``, a bar in front fills what is left."""
    share = counts.done / counts.total if counts.total else 1.0
    figures = (
        f"{counts.done:>{len(str(counts.total))}}/{counts.total} {share:4.0%} | "
        f"{counts.finished} finished {counts.stuck} stuck {counts.abandoned} abandoned "
        f"{counts.failed} failed"
        + (f" {counts.cancelled} cancelled" if counts.cancelled else "")
        + f" | {counts.bot_calls + counts.user_calls:,} calls "
        f"{counts.requests_per_minute:,.0f} req/min"
        + (f" {counts.rate_limited}x429" if counts.rate_limited else "")
        + (
            f" ({counts.capped_waits} retry-after over {MAX_RETRY_AFTER_S:g} s)"
            if counts.capped_waits
            else ""
        )
        + f" | {'ETA ' + format_duration(counts.eta_s) if counts.done < counts.total else 'done'}"
        f" {format_duration(counts.elapsed_s)} elapsed"
    )
    if width is None:
        return figures
    room = width - len(figures) - 4
    if room < 10:
        return figures[: width - 1]
    filled = round(room * share)
    return f"[{'#' * filled}{'-' * (room - filled)}] {figures}"


class TerminalProgress:
    """Call it with each :class:`ProgressUpdate`; :meth:`close` ends the line."""

    def __init__(self, stream: TextIO, *, every_s: float = 5.0, redraw_s: float = 0.1) -> None:
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.every_s = every_s if not self.tty else redraw_s
        self._last = -math.inf  # the first update is always drawn
        self._counts: Counts | None = None
        self._drawn: Counts | None = None

    def __call__(self, update: ProgressUpdate) -> None:
        self._counts = update.counts
        now = time.monotonic()
        final = update.counts.done >= update.counts.total
        if now - self._last >= self.every_s or (final and not self.tty):
            self._draw(update.counts)

    def close(self) -> None:
        """Draw the last state and end the line (a terminal's cursor goes to the next one)."""
        if self._counts is not None:
            self._draw(self._counts)
        if self.tty and self._drawn is not None:
            self.stream.write("\n")
            self.stream.flush()

    def _draw(self, counts: Counts) -> None:
        if not self.tty and self._drawn is not None and _same(counts, self._drawn):
            return  # a log gets each state once
        self._last = time.monotonic()
        if self.tty:
            width = shutil.get_terminal_size((100, 20)).columns
            # the bar's own control sequences, around a line cleaned of any
            unfiltered(self.stream).write(
                "\r" + for_terminal(progress_line(counts, width)) + "\x1b[K"
            )
        else:
            self.stream.write(progress_line(counts) + "\n")
        self.stream.flush()
        self._drawn = counts


def _same(one: Counts, other: Counts) -> bool:
    """The same progress, whatever the clock says."""
    return replace(one, elapsed_s=0.0, eta_s=None) == replace(other, elapsed_s=0.0, eta_s=None)
