"""Figures over many conversations: per step, per transition, per conversation.

    StatsReport
    ├── steps: {step id: StepStats}          visits, turns, calls, violations by kind,
    │                                        corrections, fallbacks, errors, tokens, cost,
    │                                        drop-offs, and the conversations that struggled
    ├── transitions: {(from, signal, to): int}   how often each was taken
    ├── actions: {step id: ActionStats}      action steps: runs, outcomes, latency, late ones
    ├── conversations: [ConversationStats]   finished or not, messages, calls, cost, …
    ├── damaged: [DamagedLine]               lines of the logs that could not be read
    └── unknown_steps / unknown_transitions  (with a scenario) what the logs name that the
                                             scenario no longer has — listed apart, not dropped

Where a figure is attributed: a model call (and its tokens and cost) to the step it was made in;
a turn to the step the user's message arrived in; a visit to the step entered (the start step
when a conversation starts, and each transition's target); a drop-off to the step an unfinished
conversation stopped in. :data:`MEASURES` are the per-step ratios the studio shades by.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.dialogue.ledger import Totals
from engine.stats.distribution import spread


def tokens_json(totals: Totals) -> dict[str, int]:
    """The ``tokens`` object of the JSON report."""
    return {
        "input": totals.input_tokens,
        "cached": totals.cached_tokens,
        "cache_written": totals.cache_write_tokens,
        "output": totals.output_tokens,
    }


@dataclass(frozen=True)
class Struggle:
    """A conversation that had trouble in a step: where to look (its first troubled turn)."""

    conversation: int  #: index into :attr:`StatsReport.conversations`
    turn: int
    violations: int = 0
    corrections: int = 0
    fallbacks: int = 0
    errors: int = 0
    dropped: bool = False

    @property
    def weight(self) -> int:
        """How bad it was, to list the worst first."""
        return (
            self.violations
            + self.corrections
            + 3 * self.fallbacks
            + 2 * self.errors
            + 2 * self.dropped
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "conversation": self.conversation,
            "turn": self.turn,
            "violations": self.violations,
            "corrections": self.corrections,
            "fallbacks": self.fallbacks,
            "errors": self.errors,
            "dropped": self.dropped,
        }


@dataclass
class StepStats:
    step: str
    visits: int = 0
    turns: int = 0
    #: the model calls made in this step: their number, tokens, cost and time
    totals: Totals = field(default_factory=Totals)
    violations: Counter[str] = field(default_factory=Counter)
    salvaged: int = 0
    corrections: int = 0
    fallbacks: int = 0
    errors: int = 0
    #: conversations that were in this step at least once
    conversations: int = 0
    #: unfinished conversations whose last step this was
    dropped: int = 0
    struggles: list[Struggle] = field(default_factory=list)

    @property
    def violation_count(self) -> int:
        return sum(self.violations.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "visits": self.visits,
            "turns": self.turns,
            "calls": self.totals.llm_calls,
            "violations": dict(sorted(self.violations.items())),
            "violation_count": self.violation_count,
            "salvaged": self.salvaged,
            "corrections": self.corrections,
            "fallbacks": self.fallbacks,
            "errors": self.errors,
            "tokens": tokens_json(self.totals),
            "cost_usd": round(self.totals.cost_usd, 8),
            "latency_ms": round(self.totals.latency_s * 1000, 3),
            "cost": self.totals.cost_text(),
            "conversations": self.conversations,
            "dropped": self.dropped,
            "measures": {name: _round(measure.of(self)) for name, measure in MEASURES.items()},
            "struggles": [struggle.to_json() for struggle in self.struggles],
        }


@dataclass
class ActionStats:
    """One action step over all the logs: how its runs ended, and how long they took."""

    step: str
    action: str = ""
    outcomes: Counter[str] = field(default_factory=Counter)
    #: the duration of every run, in milliseconds (for the median and the 90th percentile)
    durations_ms: list[float] = field(default_factory=list)
    #: runs answered by a stub (or a recording) rather than by the action
    stubbed: int = 0
    #: results that came after the conversation had moved on (logged, never applied)
    late: int = 0

    @property
    def runs(self) -> int:
        return sum(self.outcomes.values())

    def to_json(self) -> dict[str, Any]:
        latency = spread(self.durations_ms)
        return {
            "step": self.step,
            "action": self.action,
            "runs": self.runs,
            "outcomes": dict(sorted(self.outcomes.items())),
            "stubbed": self.stubbed,
            "late": self.late,
            "latency_ms": {
                "median": round(latency.median, 3),
                "p90": round(latency.p90, 3),
                "max": round(latency.maximum, 3),
            },
        }


@dataclass
class ConversationStats:
    """One conversation (one session of one log file)."""

    path: Path
    session: str
    scenario: str = ""
    started: str = ""
    finished: bool = False
    end_reason: str | None = None
    last_step: str | None = None
    user_messages: int = 0
    #: every model call of the conversation: their number, tokens, cost and time
    totals: Totals = field(default_factory=Totals)
    violations: int = 0
    corrections: int = 0
    fallbacks: int = 0
    errors: int = 0

    @property
    def calls_per_message(self) -> float:
        calls = self.totals.llm_calls
        return calls / self.user_messages if self.user_messages else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "session": self.session,
            "scenario": self.scenario,
            "started": self.started,
            "finished": self.finished,
            "end_reason": self.end_reason,
            "last_step": self.last_step,
            "user_messages": self.user_messages,
            "calls": self.totals.llm_calls,
            "calls_per_message": round(self.calls_per_message, 4),
            "violations": self.violations,
            "corrections": self.corrections,
            "fallbacks": self.fallbacks,
            "errors": self.errors,
            "tokens": tokens_json(self.totals),
            "cost_usd": round(self.totals.cost_usd, 8),
            "cost": self.totals.cost_text(),
        }


@dataclass(frozen=True)
class DamagedLine:
    path: Path
    line_no: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line_no}: {self.reason}"


TransitionKey = tuple[str, str, str]  #: (from step, signal, to step)


@dataclass
class StatsReport:
    """See the module docstring."""

    steps: dict[str, StepStats] = field(default_factory=dict)
    transitions: Counter[TransitionKey] = field(default_factory=Counter)
    actions: dict[str, ActionStats] = field(default_factory=dict)
    conversations: list[ConversationStats] = field(default_factory=list)
    damaged: list[DamagedLine] = field(default_factory=list)
    #: files that could not be opened at all, with why
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    #: files whose last line was cut off mid-write (not damage: a writer was still at it)
    truncated: list[Path] = field(default_factory=list)
    #: JSON Lines files found in the folders read that are not conversation logs (a
    #: simulation's ``simulated_user.jsonl``): left out, not counted as damage
    not_logs: list[Path] = field(default_factory=list)
    files: int = 0
    events: int = 0
    #: the scenario the steps were checked against, if any
    scenario: str | None = None
    #: steps of the logs the scenario does not have (another version of it)
    unknown_steps: list[str] = field(default_factory=list)
    #: transitions of the logs the scenario does not have
    unknown_transitions: list[TransitionKey] = field(default_factory=list)

    def step(self, step_id: str) -> StepStats:
        found = self.steps.get(step_id)
        if found is None:
            found = self.steps[step_id] = StepStats(step_id)
        return found

    def action(self, step_id: str) -> ActionStats:
        found = self.actions.get(step_id)
        if found is None:
            found = self.actions[step_id] = ActionStats(step_id)
        return found

    @property
    def finished(self) -> int:
        return sum(1 for conversation in self.conversations if conversation.finished)

    @property
    def totals(self) -> Totals:
        """Every call of every conversation."""
        return sum((conversation.totals for conversation in self.conversations), Totals())

    def measure(self, name: str) -> dict[str, float | None]:
        """The per-step values of :data:`MEASURES` ``name`` (``None``: no data for that step)."""
        measure = MEASURES[name]
        return {step_id: measure.of(stats) for step_id, stats in self.steps.items()}

    def to_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "events": self.events,
            "scenario": self.scenario,
            "conversations_count": len(self.conversations),
            "finished": self.finished,
            "cost_usd": round(self.totals.cost_usd, 8),
            "cost": self.totals.cost_text(),
            "steps": [stats.to_json() for stats in self.steps.values()],
            "transitions": [
                {"from": source, "signal": signal, "to": target, "count": count}
                for (source, signal, target), count in self.transitions.most_common()
            ],
            "actions": [stats.to_json() for stats in self.actions.values()],
            "conversations": [conversation.to_json() for conversation in self.conversations],
            "damaged_lines": [
                {"path": str(line.path), "line": line.line_no, "reason": line.reason}
                for line in self.damaged
            ],
            "unreadable": [
                {"path": str(path), "reason": reason} for path, reason in self.unreadable
            ],
            "truncated": [str(path) for path in self.truncated],
            "not_logs": [str(path) for path in self.not_logs],
            "unknown_steps": list(self.unknown_steps),
            "unknown_transitions": [
                {"from": source, "signal": signal, "to": target}
                for source, signal, target in self.unknown_transitions
            ],
        }


@dataclass(frozen=True)
class Measure:
    """A per-step ratio to shade the graph by; ``of`` is ``None`` where it has no data."""

    name: str
    label: str
    unit: str
    of: Callable[[StepStats], float | None]
    #: True for a share (0–1), printed as a percentage
    share: bool = False


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


def _share(part: float, whole: float) -> float | None:
    """A share, at most 1 even when a damaged log lost some of the ``whole``."""
    return min(1.0, part / whole) if whole else None


MEASURES: dict[str, Measure] = {
    measure.name: measure
    for measure in (
        Measure(
            "violation_rate",
            "Violation rate",
            "of model replies",
            lambda s: _share(s.violation_count, s.totals.llm_calls),
            share=True,
        ),
        Measure(
            "corrections_per_visit",
            "Corrections per visit",
            "per visit",
            lambda s: _ratio(s.corrections, s.visits),
        ),
        Measure(
            "cost_per_visit",
            "Cost per visit",
            "USD per visit",
            lambda s: _ratio(s.totals.cost_usd, s.visits),
        ),
        Measure(
            "visits", "Visits", "visits", lambda s: float(s.visits) if s.visits or s.turns else None
        ),
        Measure(
            "drop_off",
            "Drop-off",
            "of conversations that reached it",
            lambda s: _share(s.dropped, s.conversations),
            share=True,
        ),
    )
}


def whole(value: Any) -> int:
    """A count read from a log record: a number, else 0 (logs gain and lose fields)."""
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def amount(value: Any) -> float:
    """An amount (dollars, milliseconds) read from a log record: a number, else 0.0."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 8)


__all__ = [
    "MEASURES",
    "ActionStats",
    "ConversationStats",
    "DamagedLine",
    "Measure",
    "StatsReport",
    "StepStats",
    "Struggle",
    "TransitionKey",
    "amount",
    "tokens_json",
    "whole",
]
