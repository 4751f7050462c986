"""Each turn's figures in one conversation: what the per-turn chart draws.

A turn is one user message and everything the engine did for it (corrections included); its
tokens, cost and model time are the sums over its model calls (``model_response`` events), so
a turn still in progress shows what it has cost so far. :class:`TurnFigures` is fed event by
event (the live test chat) or from a whole log (the log viewer); both give the same rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.log.events import Event, EventType, ModelResponseData


@dataclass
class TurnRow:
    turn: int
    step: str | None = None
    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    latency_ms: float = 0.0
    calls: int = 0
    violations: int = 0
    corrections: int = 0

    @property
    def uncached_tokens(self) -> int:
        return max(self.input_tokens - self.cached_tokens, 0)


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
            response = event.payload(ModelResponseData)
            usage = response.get("usage")
            if usage:
                row.input_tokens += usage.get("input_tokens", 0)
                row.cached_tokens += usage.get("cached_tokens", 0)
                row.output_tokens += usage.get("output_tokens", 0)
            row.cost_usd += response.get("cost_usd", 0.0)
            row.latency_ms += response.get("latency_ms", 0.0)
            row.calls += 1
            if row.step is None:
                row.step = event.step
        elif event.type == EventType.CONTRACT_VIOLATION:
            row.violations += 1
        elif event.type == EventType.CORRECTION_SENT:
            row.corrections += 1
        return True


_COUNTED = frozenset(
    {
        EventType.USER_MESSAGE,
        EventType.MODEL_RESPONSE,
        EventType.CONTRACT_VIOLATION,
        EventType.CORRECTION_SENT,
    }
)


__all__ = ["TurnFigures", "TurnRow"]
