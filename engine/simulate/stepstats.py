"""Per-step figures folded from conversation events: the one place they are counted.

A :class:`StepTally` reads the engine's events (live, or read back from logs) and counts, for
each step: visits (entries, the start included), the user messages handled there (turns
spent), model calls and their cost, contract violations by kind (salvaged replies apart),
corrections and fallbacks. Tallies add up (:meth:`StepTally.merge`), so one per conversation
gives the whole run. It reads events only (each call through :func:`engine.log.fold.response_call`,
into a :class:`~engine.dialogue.ledger.Totals`, as every view of calls does), so log analytics can
fold logs with it too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.dialogue.ledger import Totals
from engine.log.events import Event, EventType
from engine.log.fold import response_call

__all__ = ["StepFigures", "StepTally"]


@dataclass
class StepFigures:
    """What happened in one step, over any number of conversations."""

    visits: int = 0
    turns: int = 0
    #: the model calls made in the step
    totals: Totals = field(default_factory=Totals)
    violations: Counter[str] = field(default_factory=Counter)
    salvaged: Counter[str] = field(default_factory=Counter)
    corrections: int = 0
    fallbacks: int = 0

    @property
    def turns_per_visit(self) -> float:
        """The average number of user messages a visit of this step took."""
        return self.turns / self.visits if self.visits else 0.0

    def merge(self, other: StepFigures) -> None:
        self.visits += other.visits
        self.turns += other.turns
        self.totals += other.totals
        self.violations.update(other.violations)
        self.salvaged.update(other.salvaged)
        self.corrections += other.corrections
        self.fallbacks += other.fallbacks

    def to_dict(self) -> dict[str, Any]:
        return {
            "visits": self.visits,
            "turns": self.turns,
            "turns_per_visit": round(self.turns_per_visit, 3),
            "calls": self.totals.llm_calls,
            "cost_usd": self.totals.cost_json,
            "cost": self.totals.cost_text(),
            "violations": dict(sorted(self.violations.items())),
            "violations_total": sum(self.violations.values()),
            "salvaged": dict(sorted(self.salvaged.items())),
            "corrections": self.corrections,
            "fallbacks": self.fallbacks,
        }


class StepTally:
    """Step id → :class:`StepFigures`, fed event by event (subscribe :meth:`add` to a bus)."""

    def __init__(self) -> None:
        self.steps: dict[str, StepFigures] = {}
        #: Turns rolled back by an error are not counted: their events are held until the
        #: turn ends and dropped on an ``error``.
        self._pending: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.add(event)

    def add(self, event: Event) -> None:
        kind = event.type
        if kind == EventType.SESSION_START:
            start = event.data.get("start_step") or event.step
            if start and not event.data.get("resumed_from") and not event.data.get("forked_from"):
                self._figures(str(start)).visits += 1
            return
        if kind == EventType.ERROR:
            self._pending.clear()
            return
        self._pending.append(event)
        if kind == EventType.TURN_END:
            for held in self._pending:
                self._count(held)
            self._pending.clear()

    def add_all(self, events: Iterable[Event]) -> StepTally:
        for event in events:
            self.add(event)
        return self

    def merge(self, other: StepTally) -> None:
        for step, figures in other.steps.items():
            self._figures(step).merge(figures)

    def to_dict(self) -> dict[str, dict[str, Any]]:
        return {step: figures.to_dict() for step, figures in self.steps.items()}

    def _count(self, event: Event) -> None:
        step = event.step or ""
        kind = event.type
        if kind == EventType.TRANSITION:
            self._figures(str(event.data.get("to"))).visits += 1
        elif kind == EventType.USER_MESSAGE:
            self._figures(step).turns += 1
        elif kind == EventType.MODEL_RESPONSE:
            self._figures(step).totals += Totals.of_call(response_call(event))
        elif kind == EventType.CONTRACT_VIOLATION:
            figures = self._figures(step)
            target = figures.salvaged if event.data.get("salvaged") else figures.violations
            target[str(event.data.get("kind"))] += 1
        elif kind == EventType.CORRECTION_SENT:
            self._figures(step).corrections += 1
        elif kind == EventType.FALLBACK:
            self._figures(step).fallbacks += 1

    def _figures(self, step: str) -> StepFigures:
        figures = self.steps.get(step)
        if figures is None:
            figures = self.steps[step] = StepFigures()
        return figures
