"""Read conversation logs back into :class:`~engine.log.events.Event`, tolerating damage.

A log is one JSON record per line (see :mod:`engine.log.events`). Logs are read by people after
something went wrong, so the reader never gives up on a whole file because of one bad line:

* a malformed line is skipped and reported as a :class:`SkippedLine` (its number, why, and the
  start of its text), so the viewer can show everything else and say what it left out;
* a last line without its newline is a write in progress (or a crash mid-write): it is not an
  error. :func:`read_log` reports it as ``truncated_tail``; :class:`LogFollower` keeps the bytes
  and waits for the rest;
* a line is an event only if its record passes :func:`engine.log.schema.problem` (every field
  the viewer, replay and fork compute with has its documented type: ``"latency_ms": "fast"``,
  ``"seq": 1e999`` or ``"usage": "lots"`` skip the line, with the reason). JSON the standard
  library cannot hold — nesting deeper than :data:`~engine.io.input_limits.MAX_LOG_DEPTH`, a
  5,000-digit number — is skipped the same way; a lone surrogate (``"\\ud800"``) is read as U+FFFD,
  so what the reader returns can always be painted, copied and written again;
* a line longer than :data:`~engine.io.input_limits.MAX_LOG_LINE_BYTES` is skipped *while it is
  read*: the file is read in chunks and the overlong line's bytes are dropped as they come, so a 100
  MB one-line log costs a few megabytes of memory, not gigabytes;
* gaps in ``seq`` (lost lines) are found by :func:`find_gaps`, repeated ``seq`` numbers (two
  writers, or a resume that did not continue the count) by :func:`find_repeats`;
* only regular files are read (:mod:`engine.io.untrusted`): a FIFO named as a log never blocks.

:class:`LogFollower` is the "tail -f" of the log viewer. It reads only bytes appended since the
last poll, and opens the file only for the duration of a poll — another process (or Windows)
may rotate, truncate or delete the log at any time. When the file shrank, was replaced (another
inode) or was rewritten from the start, it starts over and says so, so the caller can clear its
view instead of appending events of a new session to an old one.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from engine.errors import SessionError, UnreadableFile
from engine.io.input_limits import LOG_READ_CHUNK_BYTES, MAX_LOG_DEPTH, MAX_LOG_LINE_BYTES
from engine.io.untrusted import describe_size, open_regular, replace_surrogates
from engine.log.events import LOG_SCHEMA_VERSION, Event
from engine.log.schema import nesting_depth, problem

#: Characters of a skipped line kept for the report (enough to recognise it, not a dump).
EXCERPT_CHARS = 120
#: Bytes compared at the start of the file to notice it was rewritten in place.
_SIGNATURE_BYTES = 256


@dataclass(frozen=True)
class SkippedLine:
    """A line that could not be read as an event. ``line_no`` is 1-based, as editors count."""

    line_no: int
    reason: str
    text_excerpt: str

    def __str__(self) -> str:
        return f"line {self.line_no}: {self.reason}"


@dataclass(frozen=True)
class SeqGap:
    """Events missing between two records of one session (``seq`` jumped)."""

    session: str
    after_seq: int
    next_seq: int

    @property
    def missing(self) -> int:
        return self.next_seq - self.after_seq - 1


@dataclass(frozen=True)
class SeqRepeat:
    """``seq`` numbers of one session that were already seen (``first`` to ``last``, in a row).

    The log holds two records with the same number: two writers appended to one file, or a
    resumed conversation counted again from an older number.
    """

    session: str
    first: int
    last: int

    def __str__(self) -> str:
        numbers = (
            f"seq {self.first}" if self.first == self.last else (f"seq {self.first}–{self.last}")
        )
        return f"{numbers} repeated in session {self.session[:8] or '(none)'}"


class OverlongLine(bytes):
    """A line longer than :data:`~engine.io.input_limits.MAX_LOG_LINE_BYTES`, as a reader keeps it.

    Only its first bytes are kept (for the report); :attr:`size` is how long it was. It goes
    through the same lists as whole lines, so line numbers stay right, and every parser skips
    it.
    """

    size: int

    def __new__(cls, head: bytes, size: int) -> OverlongLine:
        line = super().__new__(cls, head[:EXCERPT_CHARS])
        line.size = size
        return line


class LineSplitter:
    """Cuts a byte stream into lines, never holding more than one line's limit of any line.

    :meth:`feed` returns the lines completed by a chunk; a line that grows past ``limit`` is
    dropped as it comes and returned as an :class:`OverlongLine` once its newline arrives.
    """

    def __init__(self, limit: int = MAX_LOG_LINE_BYTES) -> None:
        self.limit = limit
        self.pending = b""
        #: While an overlong line is being skipped: its first bytes and its size so far.
        self._skipping: tuple[bytes, int] | None = None

    @property
    def waiting(self) -> bool:
        """True while a line without its newline is held (or being skipped)."""
        return bool(self.pending) or self._skipping is not None

    def feed(self, data: bytes) -> list[bytes]:
        last = data.rfind(b"\n")
        if self._skipping is None and last >= 0:
            # The common case, at C speed: split everything up to the last newline at once,
            # and keep it unless some line is over the limit.
            lines = (self.pending + data[:last]).split(b"\n")
            if max(map(len, lines)) <= self.limit:
                self.pending = b""
                self._grow(data[last + 1 :])
                return lines
        return self._feed_line_by_line(data)

    def _feed_line_by_line(self, data: bytes) -> list[bytes]:
        lines: list[bytes] = []
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            piece = data[start:] if end < 0 else data[start:end]
            self._grow(piece)
            if end < 0:
                break
            lines.append(self._take())
            start = end + 1
        return lines

    def finish(self) -> bytes:
        """The last line, which has no newline (``b""`` if there is none); resets the splitter."""
        return self._take()

    def _grow(self, piece: bytes) -> None:
        if self._skipping is not None:
            head, size = self._skipping
            self._skipping = (head, size + len(piece))
        elif len(self.pending) + len(piece) > self.limit:
            self._skipping = (
                (self.pending + piece[:EXCERPT_CHARS])[:EXCERPT_CHARS],
                len(self.pending) + len(piece),
            )
            self.pending = b""
        elif piece:
            self.pending += piece

    def _take(self) -> bytes:
        if self._skipping is not None:
            head, size = self._skipping
            self._skipping = None
            return OverlongLine(head, size)
        line, self.pending = self.pending, b""
        return line


@dataclass(frozen=True)
class LogRead:
    """Everything :func:`read_log` could make of a file."""

    path: Path
    events: list[Event]
    skipped: list[SkippedLine] = field(default_factory=list)
    #: The last line had no newline: a write in progress, or the writer died mid-line.
    truncated_tail: bool = False

    @property
    def gaps(self) -> list[SeqGap]:
        return find_gaps(self.events)

    @property
    def repeats(self) -> list[SeqRepeat]:
        return find_repeats(self.events)

    def problems(self) -> list[str]:
        """One sentence per thing the reader could not show, for a status bar or a CLI."""
        notes = [str(skipped) for skipped in self.skipped]
        if self.truncated_tail:
            notes.append("the last line is incomplete (still being written, or cut off)")
        notes.extend(
            f"{gap.missing} event(s) missing after seq {gap.after_seq}" for gap in self.gaps
        )
        notes.extend(str(repeat) for repeat in self.repeats)
        return notes


def parse_line(raw: bytes, line_no: int) -> Event | SkippedLine | None:
    """One log line (without its newline) as an event, a skipped line, or ``None`` if blank."""
    if isinstance(raw, OverlongLine) or len(raw) > MAX_LOG_LINE_BYTES:
        size = raw.size if isinstance(raw, OverlongLine) else len(raw)
        excerpt = bytes(raw[:EXCERPT_CHARS]).decode("utf-8", errors="replace")
        return SkippedLine(
            line_no,
            f"the line is {describe_size(size)} long; lines over "
            f"{describe_size(MAX_LOG_LINE_BYTES)} are not read",
            excerpt,
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        excerpt = raw[:EXCERPT_CHARS].decode("utf-8", errors="replace")
        return SkippedLine(line_no, f"not UTF-8 text (byte {error.start})", excerpt)
    text = text.strip()
    if not text:
        return None
    excerpt = text[:EXCERPT_CHARS]
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        return SkippedLine(line_no, f"not JSON ({error.msg} at column {error.colno})", excerpt)
    except ValueError as error:  # an integer of more than 4,300 digits
        return SkippedLine(line_no, f"not readable JSON ({error})", excerpt)
    except RecursionError:
        return SkippedLine(line_no, f"nested deeper than {MAX_LOG_DEPTH} levels", excerpt)
    if not isinstance(record, dict):
        return SkippedLine(line_no, f"a JSON {type(record).__name__}, not a record", excerpt)
    wrong = _record_problem(record, raw)
    if wrong is not None:
        return SkippedLine(line_no, wrong, excerpt)
    return _event_from_record(_cleaned(record, raw))


def _record_problem(record: dict[str, Any], raw: bytes) -> str | None:
    """Why ``record`` (read from ``raw``) is not an event, or ``None``."""
    wrong = problem(record)
    if wrong is not None:
        return wrong
    # Only a line with many brackets can nest deeply: the common line is never walked.
    if raw.count(b"[") + raw.count(b"{") > MAX_LOG_DEPTH and nesting_depth(record) > MAX_LOG_DEPTH:
        return f"nested deeper than {MAX_LOG_DEPTH} levels"
    return None


#: A JSON escape of a UTF-16 surrogate: the only way a lone one gets into a decoded string.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _cleaned(record: dict[str, Any], raw: bytes) -> dict[str, Any]:
    """``record`` with lone surrogates replaced by U+FFFD (only walked when ``raw`` has one)."""
    if _SURROGATE_ESCAPE.search(raw) is None:
        return record
    cleaned: dict[str, Any] = _without_surrogates(record)
    return cleaned


def _without_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return replace_surrogates(value)
    if isinstance(value, dict):
        return {_without_surrogates(key): _without_surrogates(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_without_surrogates(item) for item in value]
    return value


#: Lines decoded with one ``json.loads`` call when they are all well-formed (a large log
#: opens about a third faster); a chunk with any damage is parsed line by line instead.
_CHUNK_LINES = 1000


def parse_lines(
    lines: list[bytes], first_line_no: int = 1
) -> tuple[list[Event], list[SkippedLine]]:
    """Complete lines (without newlines) as events and skipped lines, in file order."""
    events: list[Event] = []
    skipped: list[SkippedLine] = []
    for start in range(0, len(lines), _CHUNK_LINES):
        chunk = lines[start : start + _CHUNK_LINES]
        fast = _parse_chunk(chunk)
        if fast is not None:
            events.extend(fast)
            continue
        for offset, raw in enumerate(chunk):
            _collect(parse_line(raw, first_line_no + start + offset), events, skipped)
    return events, skipped


def _parse_chunk(chunk: list[bytes]) -> list[Event] | None:
    """All of ``chunk`` at once, or ``None`` if any line is not a clean record."""
    present = [raw for raw in chunk if raw.strip()]
    if any(isinstance(raw, OverlongLine) or len(raw) > MAX_LOG_LINE_BYTES for raw in present):
        return None
    joined = b"[" + b",".join(present) + b"]"
    try:
        # Decoded here, strictly: json.loads of bytes would let invalid UTF-8 surrogates through.
        records = json.loads(joined.decode("utf-8"))
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError alike
        return None
    # Lines that only parse when joined (a line "1, 2", or "[" then "]") change the count or
    # the shape; such a chunk goes the slow way, so every line is judged on its own.
    if len(records) != len(present) or not all(isinstance(record, dict) for record in records):
        return None
    if any(
        _record_problem(record, raw) is not None
        for record, raw in zip(records, present, strict=True)
    ):
        return None
    if _SURROGATE_ESCAPE.search(joined) is not None:  # rare: look line by line
        records = [_cleaned(record, raw) for record, raw in zip(records, present, strict=True)]
    return [_event_from_record(record) for record in records]


def _event_from_record(record: dict[str, Any]) -> Event:
    """:meth:`Event.from_record` for a checked record nobody else holds: pops the header in
    place.

    Same result, about twice as fast (a 20,000-line log opens noticeably sooner); the
    equivalence is tested. The types were checked by :func:`engine.log.schema.problem`.
    """
    event_type: str = record.pop("type")
    seq: int = record.pop("seq")
    session: str = record.pop("session", "")
    turn: int = record.pop("turn", 0)
    step: str | None = record.pop("step", None)
    ts: str = record.pop("ts", "")
    version: int = record.pop("v", LOG_SCHEMA_VERSION)
    return Event(event_type, session, seq, turn, step, record, ts, version)


def read_log(path: Path | str) -> LogRead:
    """Read a whole log file. Raises :class:`SessionError` only if the file cannot be opened."""
    log_path = Path(path)
    splitter = LineSplitter()
    lines: list[bytes] = []
    try:
        with open_regular(log_path) as handle:
            while chunk := handle.read(LOG_READ_CHUNK_BYTES):
                lines.extend(splitter.feed(chunk))
    except UnreadableFile as error:
        raise SessionError(f"cannot read log {log_path}: {error.message}") from None
    except OSError as error:
        raise SessionError(f"cannot read log {log_path}: {error.strerror or error}") from None
    events, skipped = parse_lines(lines)
    tail = splitter.finish()
    truncated_tail = bool(tail.strip())
    if truncated_tail:
        # A complete record that only lacks its newline is still shown; a cut one is not an
        # error — unless it is too long to ever be read.
        parsed = parse_line(tail, len(lines) + 1)
        if isinstance(parsed, Event):
            events.append(parsed)
        elif isinstance(tail, OverlongLine) and isinstance(parsed, SkippedLine):
            skipped.append(parsed)
    return LogRead(log_path, events, skipped, truncated_tail)


class SeqTracker:
    """Gaps and repeats of ``seq`` found as events arrive, for a reader that follows a log.

    :meth:`feed` takes events in file order (any number of calls); :attr:`gaps` and
    :attr:`repeats` are what :func:`find_gaps` and :func:`find_repeats` say of everything fed
    so far — those functions are this class run once.
    """

    def __init__(self) -> None:
        self.gaps: list[SeqGap] = []
        self.repeats: list[SeqRepeat] = []
        self._last: dict[str, int] = {}
        self._seen: dict[str, set[int]] = {}

    def feed(self, events: Iterable[Event]) -> None:
        for event in events:
            self._gap(event)
            self._repeat(event)

    def _gap(self, event: Event) -> None:
        previous = self._last.get(event.session)
        if previous is not None and event.seq > previous + 1:
            self.gaps.append(SeqGap(event.session, previous, event.seq))
        if previous is None or event.seq > previous:
            self._last[event.session] = event.seq

    def _repeat(self, event: Event) -> None:
        numbers = self._seen.setdefault(event.session, set())
        if event.seq not in numbers:
            numbers.add(event.seq)
            return
        repeats = self.repeats
        last = repeats[-1] if repeats else None
        if last is not None and last.session == event.session and event.seq == last.last + 1:
            repeats[-1] = SeqRepeat(event.session, last.first, event.seq)
        else:
            repeats.append(SeqRepeat(event.session, event.seq, event.seq))


def find_gaps(events: Iterable[Event]) -> list[SeqGap]:
    """Jumps in ``seq`` within each session: the log lost lines there."""
    tracker = SeqTracker()
    tracker.feed(events)
    return tracker.gaps


def find_repeats(events: Iterable[Event]) -> list[SeqRepeat]:
    """``seq`` numbers seen twice within a session, consecutive ones reported as one range."""
    tracker = SeqTracker()
    tracker.feed(events)
    return tracker.repeats


#: Events after which a session has no turn in progress.
_TURN_CLOSED = frozenset({"turn_end", "error", "session_end", "session_start"})


def unfinished_turn(events: Iterable[Event], session: str) -> Event | None:
    """The ``user_message`` of ``session``'s last turn if the log never closed it, else ``None``.

    A turn is closed by its ``turn_end``, or by an ``error`` (rolled back). A process killed
    during a turn (``kill -9``, a power cut) cannot write either: whoever resumes the session
    closes it in the log with an ``error`` event, so no reader sees half a turn.
    """
    opened: Event | None = None
    for event in events:
        if event.session != session:
            continue
        if event.type == "user_message":
            opened = event
        elif event.type in _TURN_CLOSED:
            opened = None
    return opened


def _collect(
    parsed: Event | SkippedLine | None, events: list[Event], skipped: list[SkippedLine]
) -> None:
    if isinstance(parsed, Event):
        events.append(parsed)
    elif isinstance(parsed, SkippedLine):
        skipped.append(parsed)


@dataclass(frozen=True)
class FollowBatch:
    """What one :meth:`LogFollower.poll_batch` found.

    ``restarted`` means the file was truncated, replaced or rewritten since the last poll: the
    events are from its beginning again and whatever the caller showed before is stale.
    ``missing`` means the file does not exist (yet, or any more); following goes on.
    """

    events: list[Event]
    skipped: list[SkippedLine]
    restarted: bool = False
    missing: bool = False


@dataclass(frozen=True)
class RawBatch:
    """What :meth:`LogFollower.poll_raw` found: complete lines, not parsed yet.

    For callers that parse a large backlog in slices (the log viewer shows a big log's last
    lines first). ``first_line_no`` is the 1-based number of ``lines[0]``.
    """

    lines: list[bytes]
    first_line_no: int
    restarted: bool = False
    missing: bool = False

    def parse(self) -> tuple[list[Event], list[SkippedLine]]:
        return parse_lines(self.lines, self.first_line_no)


class LogFollower:
    """Incremental reader of a log that another process is still appending to."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._offset = 0
        self._lines = LineSplitter()
        self._line_no = 0
        self._identity: tuple[int, int] | None = None
        self._signature = b""
        #: Every line skipped since the last restart, in file order.
        self.skipped: list[SkippedLine] = []
        #: How many times the file was found truncated or replaced.
        self.restarts = 0
        #: True if the last poll found the file truncated or replaced.
        self.restarted = False

    @property
    def offset(self) -> int:
        """Bytes consumed so far, an incomplete last line included."""
        return self._offset

    @property
    def waiting_for_line_end(self) -> bool:
        """True while the last line read has no newline yet (it is kept, not reported)."""
        return self._lines.waiting

    def poll(self) -> list[Event]:
        """New complete events since the last poll; see :attr:`restarted` and :attr:`skipped`."""
        return self.poll_batch().events

    def poll_batch(self) -> FollowBatch:
        raw = self.poll_raw()
        events, skipped = raw.parse()
        self.skipped.extend(skipped)
        return FollowBatch(events, skipped, restarted=raw.restarted, missing=raw.missing)

    def poll_raw(self) -> RawBatch:
        """Like :meth:`poll_batch`, but the complete new lines unparsed (and not reported in
        :attr:`skipped`: the caller parses them)."""
        try:
            handle = open_regular(self.path)  # closed below, never kept between polls
        except UnreadableFile as error:
            if error.reason == "missing":
                self.restarted = False
                return RawBatch([], self._line_no + 1, missing=True)
            raise SessionError(f"cannot read log {self.path}: {error.message}") from None
        lines: list[bytes] = []
        try:
            with handle:
                stat = os.fstat(handle.fileno())
                restarted = self._changed_under_us(handle, stat)
                if restarted:
                    self._reset()
                    self.restarts += 1
                self._identity = (stat.st_dev, stat.st_ino)
                handle.seek(self._offset)
                read = 0
                while chunk := handle.read(LOG_READ_CHUNK_BYTES):
                    read += len(chunk)
                    lines.extend(self._lines.feed(chunk))
                if len(self._signature) < _SIGNATURE_BYTES and (self._offset or read):
                    handle.seek(0)
                    self._signature = handle.read(_SIGNATURE_BYTES)
        except OSError as error:
            raise SessionError(f"cannot read log {self.path}: {error.strerror or error}") from None
        self._offset += read
        self.restarted = restarted
        first = self._line_no + 1
        self._line_no += len(lines)
        return RawBatch(lines, first, restarted=restarted)

    def _changed_under_us(self, handle: BinaryIO, stat: os.stat_result) -> bool:
        if self._identity is None:
            return False
        if (stat.st_dev, stat.st_ino) != self._identity or stat.st_size < self._offset:
            return True
        if self._signature:
            handle.seek(0)
            return bool(handle.read(len(self._signature)) != self._signature)
        return False

    def _reset(self) -> None:
        self._offset = 0
        self._lines = LineSplitter()
        self._line_no = 0
        self._signature = b""
        self.skipped = []


__all__ = [
    "EXCERPT_CHARS",
    "FollowBatch",
    "LineSplitter",
    "LogFollower",
    "LogRead",
    "OverlongLine",
    "RawBatch",
    "SeqGap",
    "SeqRepeat",
    "SeqTracker",
    "SkippedLine",
    "find_gaps",
    "find_repeats",
    "parse_line",
    "parse_lines",
    "read_log",
    "unfinished_turn",
]
