"""Each turn's figures in one conversation: what the per-turn chart draws.

A turn is one user message and everything the engine did for it (corrections included); its
tokens, cost and model time are the sums over its model calls (``model_response`` events), so
a turn still in progress shows what it has cost so far. :class:`TurnFigures` is fed event by
event (the live test chat) or from a whole log (the log viewer); both give the same rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.dialogue.ledger import Totals
from engine.log.events import Event, EventType
from engine.log.fold import response_call


@dataclass
class TurnRow:
    """One turn: the step it was answered in, its calls' :class:`Totals`, its violations."""

    turn: int
    step: str | None = None
    totals: Totals = field(default_factory=Totals)
    violations: int = 0


class TurnFigures:
    """Rows by turn, in turn order; only turns that made a model call or had a message."""

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._rows: dict[int, TurnRow] = {}
        self._seen: set[tuple[str, int]] = set()
        self.feed_many(events)

    @property
    def rows(self) -> list[TurnRow]:
        return [self._rows[turn] for turn in sorted(self._rows)]

    def row(self, turn: int) -> TurnRow | None:
        return self._rows.get(turn)

    def clear(self) -> None:
        self._rows.clear()
        self._seen.clear()

    def feed_many(self, events: Iterable[Event]) -> bool:
        changed = False
        for event in events:
            changed = self.feed(event) or changed
        return changed

    def feed(self, event: Event) -> bool:
        """Take one event into account; True if a row changed. An event seen twice (same
        session and ``seq``) counts once, so a view may re-feed what it already showed."""
        if event.type not in _COUNTED:
            return False
        key = (event.session, event.seq)
        if key in self._seen:
            return False
        self._seen.add(key)
        row = self._rows.get(event.turn)
        if row is None:
            if event.type != EventType.USER_MESSAGE and event.type != EventType.MODEL_RESPONSE:
                return False
            row = self._rows[event.turn] = TurnRow(event.turn)
        if event.type == EventType.USER_MESSAGE:
            row.step = event.step
        elif event.type == EventType.MODEL_RESPONSE:
            row.totals += Totals.of_call(response_call(event))
            if row.step is None:
                row.step = event.step
        elif event.type == EventType.CONTRACT_VIOLATION:
            row.violations += 1
        return True


_COUNTED = frozenset(
    {
        EventType.USER_MESSAGE,
        EventType.MODEL_RESPONSE,
        EventType.CONTRACT_VIOLATION,
    }
)


__all__ = ["TurnFigures", "TurnRow"]
