"""What a stream of events adds up to: step, variables and their history, and the cost meter.

The live chat and the log viewer both only *see* events — the chat gets them from the engine's
bus (from the worker thread), the viewer from a file — so both derive everything they show from
events through this one projection. That keeps the UI thread from reading engine objects the
worker is mutating, and makes a replayed log look exactly like the live conversation did.

Plain Python, no Qt.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.events import Event, EventType


@dataclass(frozen=True)
class VarChange:
    """One change of one variable, as the variables inspector lists it."""

    name: str
    old: Any
    new: Any
    turn: int
    step: str | None
    source: str
    ts: str
    seq: int


@dataclass
class Meter:
    """The running cost of a conversation, from its ``model_response`` events."""

    user_messages: int = 0
    llm_calls: int = 0
    corrections: int = 0
    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0

    @property
    def calls_per_message(self) -> float:
        return self.llm_calls / self.user_messages if self.user_messages else 0.0

    def add_response(self, data: Mapping[str, Any]) -> None:
        self.llm_calls += 1
        usage = data.get("usage")
        if isinstance(usage, dict):
            self.input_tokens += int(usage.get("input_tokens", 0) or 0)
            self.cached_tokens += int(usage.get("cached_tokens", 0) or 0)
            self.output_tokens += int(usage.get("output_tokens", 0) or 0)
        self.cost_usd += float(data.get("cost_usd", 0.0) or 0.0)


@dataclass
class ConversationProjection:
    """Fold events into the state the studio shows. ``initial_values`` are variable defaults."""

    initial_values: dict[str, Any] = field(default_factory=dict)
    session_info: dict[str, Any] = field(default_factory=dict)
    meter: Meter = field(default_factory=Meter)
    step: str | None = None
    last_turn: int = 0
    status: str = "idle"
    _values: dict[str, Any] = field(default_factory=dict)
    _changes: list[VarChange] = field(default_factory=list)
    _step_turns: list[int] = field(default_factory=list)
    _step_after: list[str | None] = field(default_factory=list)
    _checkpoint: tuple[int, str | None, dict[str, Any], int] | None = None

    def __post_init__(self) -> None:
        self._values = dict(self.initial_values)

    def _take_checkpoint(self) -> None:
        self._checkpoint = (
            len(self._changes),
            self.step,
            dict(self._values),
            len(self._step_turns),
        )

    def _roll_back(self) -> None:
        """An ``error`` event: the engine put the conversation back as before the turn."""
        if self._checkpoint is None:
            return
        changes, step, values, steps = self._checkpoint
        del self._changes[changes:]
        del self._step_turns[steps:]
        del self._step_after[steps:]
        self.step, self._values = step, values
        self._checkpoint = None

    def feed_many(self, events: Iterable[Event]) -> None:
        for event in events:
            self.feed(event)

    def feed(self, event: Event) -> None:
        data = event.data
        step = event.step
        if event.type == EventType.SESSION_START:
            self.session_info = dict(data)
            step = step or data.get("start_step")
            self.status = "running"
            self._take_checkpoint()
        elif event.type == EventType.USER_MESSAGE:
            self.meter.user_messages += 1
            self._take_checkpoint()
        elif event.type == EventType.ERROR:
            # The engine rolled the turn back (its error event carries the restored turn): the
            # message does not count, but the calls it made were billed and stay counted.
            if event.turn < self.last_turn and self.meter.user_messages:
                self.meter.user_messages -= 1
            self._roll_back()
            self.last_turn = event.turn
            return
        elif event.type == EventType.MODEL_RESPONSE:
            self.meter.add_response(data)
        elif event.type == EventType.CORRECTION_SENT:
            self.meter.corrections += 1
        elif event.type == EventType.VARIABLE_CHANGE:
            change = VarChange(
                name=str(data.get("name")),
                old=data.get("old"),
                new=data.get("new"),
                turn=event.turn,
                step=event.step,
                source=str(data.get("source", "")),
                ts=event.ts,
                seq=event.seq,
            )
            self._changes.append(change)
            self._values[change.name] = change.new
        elif event.type == EventType.TRANSITION:
            step = data.get("to") or step
        elif event.type == EventType.SESSION_END:
            self.status = str(data.get("reason", "finished"))
        if step is not None:
            self._record_step(event.turn, step)
        self.last_turn = max(self.last_turn, event.turn)

    def _record_step(self, turn: int, step: str) -> None:
        self.step = step
        if self._step_turns and self._step_turns[-1] == turn:
            self._step_after[-1] = step
        elif not self._step_turns or turn > self._step_turns[-1]:
            self._step_turns.append(turn)
            self._step_after.append(step)

    # --- what the views ask ------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        return dict(self._values)

    def names(self) -> list[str]:
        """Declared variables first (in scenario order), then any the log introduced."""
        names = list(self.initial_values)
        names.extend(name for name in self._values if name not in self.initial_values)
        return names

    def history(self, name: str) -> list[VarChange]:
        return [change for change in self._changes if change.name == name]

    def changes(self) -> list[VarChange]:
        return list(self._changes)

    def values_as_of(self, turn: int) -> dict[str, Any]:
        """The variables at the end of ``turn`` (replay shows these)."""
        values = dict(self.initial_values)
        for change in self._changes:
            if change.turn > turn:
                break
            values[change.name] = change.new
        return values

    def step_at(self, turn: int) -> str | None:
        """The step the conversation was in at the end of ``turn``."""
        index = bisect_right(self._step_turns, turn) - 1
        return self._step_after[index] if index >= 0 else None

    def visited_steps(self) -> list[str]:
        seen: list[str] = []
        for step in self._step_after:
            if step is not None and step not in seen:
                seen.append(step)
        return seen
