"""Fold any number of conversation logs into one :class:`~.model.StatsReport`, streaming.

Logs are read through :mod:`engine.log.reader` a few megabytes at a time and folded event by
event, so memory stays flat however many logs there are: only the figures are kept, never the
events. A damaged line is counted and reported (:attr:`StatsReport.damaged`) and the rest of the
file is still used; a file that cannot be opened is listed in :attr:`StatsReport.unreadable`;
a half-written last line is a writer still at work, not damage.

Given the scenario the logs were recorded with (or a later version of it), steps and
transitions the scenario does not have any more are listed apart — their figures are kept, so
nothing recorded is silently dropped.

A folder may hold JSON Lines files that are not conversation logs — a simulation writes its
simulated user's calls to ``simulated_user.jsonl`` beside the conversations' logs. A file found
in a folder whose first line is a JSON object but no event record is left out and listed
(:attr:`StatsReport.not_logs`) rather than read as a log with every line "damaged"; a file named
explicitly is always read.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engine.dialogue.ledger import Totals
from engine.errors import UnreadableFile
from engine.io.untrusted import open_regular
from engine.log.events import (
    ActionCallData,
    ActionResultData,
    ContractViolationData,
    Event,
    EventType,
    MigratedData,
    SessionEndData,
    SessionStartData,
    TransitionData,
)
from engine.log.fold import response_call
from engine.log.reader import LineSplitter, OverlongLine, SkippedLine, parse_line, parse_lines
from engine.scenario.definition import Scenario
from engine.stats.figures import ConversationStats, DamagedLine, StatsReport, Struggle, amount

#: Bytes read from a log at a time (a whole number of lines is parsed from each).
CHUNK_BYTES = 4 * 1024 * 1024
#: Suffixes of the files taken from a folder (files named on the command line are always read).
LOG_SUFFIXES = (".jsonl", ".ndjson")
#: Bytes of a file's first line read to tell a conversation log from other JSON Lines.
_SNIFF_BYTES = 64 * 1024

Progress = Callable[[int, int], None]


def log_files(paths: Iterable[Path | str], not_logs: list[Path] | None = None) -> list[Path]:
    """Files named, and the logs (``*.jsonl``) anywhere under folders named, in a stable order.

    A file found in a folder that is JSON Lines of something else (see the module docstring)
    is left out, and appended to ``not_logs`` when given.
    """
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for candidate in sorted(
                p for p in path.rglob("*") if p.suffix.lower() in LOG_SUFFIXES and p.is_file()
            ):
                if is_conversation_log(candidate):
                    found.append(candidate)
                elif not_logs is not None:
                    not_logs.append(candidate)
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def is_conversation_log(path: Path) -> bool:
    """False when the file's first line is a JSON object that is no event record (another
    program's JSON Lines); True otherwise — a damaged or empty log is still a log, and its
    damage is reported when it is read."""
    try:
        with open_regular(path) as handle:
            first = handle.readline(_SNIFF_BYTES)
    except UnreadableFile:
        return True
    try:
        record = json.loads(first)
    except (ValueError, RecursionError):
        return True
    return not isinstance(record, dict) or ("type" in record and "seq" in record)


def collect_stats(
    paths: Iterable[Path | str],
    *,
    scenario: Scenario | None = None,
    progress: Progress | None = None,
) -> StatsReport:
    """The figures of every conversation in ``paths`` (files or folders of logs)."""
    report = StatsReport(scenario=scenario.name if scenario is not None else None)
    files = log_files(paths, report.not_logs)
    for index, path in enumerate(files):
        _fold_file(report, path, scenario)
        if progress is not None:
            progress(index + 1, len(files))
    if scenario is not None:
        _check_against(report, scenario)
    return report


def read_events(path: Path) -> Iterator[tuple[list[Event], list[SkippedLine], bool]]:
    """``path`` in slices: (events, skipped lines, whether the last line was cut off).

    Read as the log reader reads (:func:`engine.log.reader.read_log`): only a regular file
    (:func:`~engine.io.untrusted.open_regular`: ``/dev/zero`` or a FIFO is refused at once),
    cut into lines by a :class:`~engine.log.reader.LineSplitter`, which never holds more than
    :data:`~engine.io.input_limits.MAX_LOG_LINE_BYTES` of a line (a 300 MB one-line log is
    skipped as it streams by, in flat memory and linear time). Raises ``OSError`` (an
    :class:`~engine.errors.UnreadableFile` is turned into one) if the file cannot be read.
    """
    splitter = LineSplitter()
    line_no = 1
    try:
        with open_regular(path) as handle:
            while block := handle.read(CHUNK_BYTES):
                lines = splitter.feed(block)
                events, skipped = parse_lines(lines, line_no)
                line_no += len(lines)
                yield events, skipped, False
    except UnreadableFile as error:
        raise OSError(errno.EINVAL, error.message, str(path)) from None
    pending = splitter.finish()
    if pending.strip():
        parsed = parse_line(pending, line_no)
        if isinstance(parsed, Event):  # a whole record that only lacks its newline
            yield [parsed], [], False
        elif isinstance(parsed, SkippedLine) and isinstance(pending, OverlongLine):
            yield [], [parsed], False
        else:
            yield [], [], True


# --- folding --------------------------------------------------------------------------------


@dataclass
class _Trouble:
    turn: int
    violations: int = 0
    corrections: int = 0
    fallbacks: int = 0
    errors: int = 0


@dataclass
class _Conversation:
    """A conversation being folded: its figures and what is needed to finish them."""

    stats: ConversationStats
    visited: set[str] = field(default_factory=set)
    trouble: dict[str, _Trouble] = field(default_factory=dict)
    last_turn: int = 0

    def trouble_at(self, step: str, turn: int) -> _Trouble:
        found = self.trouble.get(step)
        if found is None:
            found = self.trouble[step] = _Trouble(turn)
        return found


def collect_logs(
    logs: Iterable[tuple[str, list[bytes]]], *, scenario: Scenario | None = None
) -> StatsReport:
    """The figures of logs held elsewhere than in files (a server's store): each is a name
    (shown where a file's path would be) and its lines, without newlines."""
    report = StatsReport(scenario=scenario.name if scenario is not None else None)
    for name, lines in logs:
        _fold_slices(report, Path(name), [(*parse_lines(lines), False)], scenario)
    if scenario is not None:
        _check_against(report, scenario)
    return report


def _fold_file(report: StatsReport, path: Path, scenario: Scenario | None) -> None:
    _fold_slices(report, path, read_events(path), scenario)


def _fold_slices(
    report: StatsReport,
    path: Path,
    slices: Iterable[tuple[list[Event], list[SkippedLine], bool]],
    scenario: Scenario | None,
) -> None:
    report.files += 1
    open_conversations: dict[str, _Conversation] = {}
    try:
        for events, skipped, truncated in slices:
            report.damaged.extend(DamagedLine(path, line.line_no, line.reason) for line in skipped)
            if truncated:
                report.truncated.append(path)
            report.events += len(events)
            for event in events:
                conversation = open_conversations.get(event.session)
                if conversation is None:
                    conversation = open_conversations[event.session] = _Conversation(
                        ConversationStats(path, event.session)
                    )
                _fold_event(report, conversation, event)
    except OSError as error:
        report.unreadable.append((path, error.strerror or str(error)))
    for conversation in open_conversations.values():
        _finish(report, conversation, scenario)


def _fold_event(report: StatsReport, conversation: _Conversation, event: Event) -> None:
    stats, kind = conversation.stats, event.type
    step = event.step if isinstance(event.step, str) else None
    conversation.last_turn = event.turn
    if step is not None:
        stats.last_step = step
        conversation.visited.add(step)
    if kind == EventType.SESSION_START:
        start = event.payload(SessionStartData)
        stats.scenario = start.get("scenario") or ""
        stats.version = start.get("version") or stats.version
        stats.started = stats.started or event.ts
        if "resumed_from" not in start and step is not None:
            report.step(step).visits += 1
    elif kind == EventType.USER_MESSAGE:
        stats.user_messages += 1
        if step is not None:
            report.step(step).turns += 1
    elif kind == EventType.MODEL_RESPONSE:
        call = Totals.of_call(response_call(event))
        stats.totals += call
        if step is not None:
            figures = report.step(step)
            figures.totals += call
    elif kind == EventType.CONTRACT_VIOLATION:
        stats.violations += 1
        if step is not None:
            violation = event.payload(ContractViolationData)
            figures = report.step(step)
            figures.violations[violation.get("kind") or "unknown"] += 1
            figures.salvaged += violation.get("salvaged", False)
            conversation.trouble_at(step, event.turn).violations += 1
    elif kind == EventType.CORRECTION_SENT:
        stats.corrections += 1
        if step is not None:
            report.step(step).corrections += 1
            conversation.trouble_at(step, event.turn).corrections += 1
    elif kind == EventType.FALLBACK:
        stats.fallbacks += 1
        if step is not None:
            report.step(step).fallbacks += 1
            conversation.trouble_at(step, event.turn).fallbacks += 1
    elif kind == EventType.ERROR:
        stats.errors += 1
        if step is not None:
            report.step(step).errors += 1
            conversation.trouble_at(step, event.turn).errors += 1
    elif kind == EventType.TRANSITION:
        moved = event.payload(TransitionData)
        source, target = moved.get("from", ""), moved.get("to", "")
        if source and target:
            report.transitions[(source, moved.get("signal", ""), target)] += 1
            report.step(target).visits += 1
            conversation.visited.add(target)
    elif kind == EventType.ACTION_CALL and step is not None:
        report.action(step).action = event.payload(ActionCallData).get("action") or ""
    elif kind == EventType.ACTION_RESULT and step is not None:
        ended = event.payload(ActionResultData)
        action = report.action(step)
        if ended.get("late"):
            action.late += 1
        else:
            action.outcomes[ended.get("outcome") or "error"] += 1
            action.durations_ms.append(amount(ended.get("duration_ms")))
            action.stubbed += ended.get("mode") in ("stubbed", "replayed")
    elif kind == EventType.MIGRATED:
        stats.version = event.payload(MigratedData).get("to_version") or stats.version
    elif kind == EventType.SESSION_END:
        stats.end_reason = event.payload(SessionEndData).get("reason") or None
        stats.finished = stats.end_reason == "finished"


def _finish(report: StatsReport, conversation: _Conversation, scenario: Scenario | None) -> None:
    stats = conversation.stats
    if not stats.finished and scenario is not None and stats.last_step is not None:
        last = scenario.steps.get(stats.last_step)
        stats.finished = last is not None and last.final
    index = len(report.conversations)
    report.conversations.append(stats)
    for step in conversation.visited:
        report.step(step).conversations += 1
    dropped_at = None if stats.finished else stats.last_step
    if dropped_at is not None:
        report.step(dropped_at).dropped += 1
        conversation.trouble_at(dropped_at, conversation.last_turn)
    for step, trouble in conversation.trouble.items():
        report.step(step).struggles.append(
            Struggle(
                index,
                trouble.turn,
                trouble.violations,
                trouble.corrections,
                trouble.fallbacks,
                trouble.errors,
                dropped=step == dropped_at,
            )
        )


def _check_against(report: StatsReport, scenario: Scenario) -> None:
    report.unknown_steps = [step for step in report.steps if step not in scenario.steps]
    unknown = []
    for key in report.transitions:
        source, signal, target = key
        step = scenario.steps.get(source)
        transition = step.transitions.get(signal) if step is not None else None
        if transition is None or transition.to != target:
            unknown.append(key)
    report.unknown_transitions = unknown


__all__ = ["collect_logs", "collect_stats", "is_conversation_log", "log_files", "read_events"]
