"""What a stream of events adds up to, as the studio's views show it: step, variables, cost.

The live chat and the log viewer both only *see* events — the chat gets them from the engine's
bus (from the worker thread), the viewer from a file — so both derive everything they show from
events. They do it through :class:`engine.log.fold.LogFold`, the engine's one reading of a log,
which fork and resume use too: replay at turn 4 shows what a fork at turn 4 starts from, and a
turn the engine rolled back is undone here by the same rule (see that module). This class only
shapes the fold's answers for the views: variables with the scenario's defaults, the step as of
a replayed turn, the cost meter.

The meter shows what was **billed** (:attr:`ConversationProjection.billed`, a
:class:`~engine.dialogue.ledger.Totals` like every other view's): every call the log shows,
those of rolled-back turns included (they were paid for), while a rolled-back turn's message is
not counted as a user message — :meth:`LogFold.billed` and :attr:`LogFold.user_messages`.

Plain Python, no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.dialogue.ledger import Totals
from engine.log.events import Event, SessionStartData
from engine.log.fold import LogFold, VarChange


class ConversationProjection:
    """Fold events into the state the studio shows. ``initial_values`` are variable defaults."""

    def __init__(self, initial_values: dict[str, Any] | None = None) -> None:
        self.initial_values = dict(initial_values or {})
        #: The engine's fold of the events fed so far.
        self.fold = LogFold()

    def feed_many(self, events: Iterable[Event]) -> None:
        self.fold.feed_many(events)

    def feed(self, event: Event) -> None:
        self.fold.feed(event)

    # --- what the views ask ------------------------------------------------------------

    @property
    def session_info(self) -> SessionStartData | None:
        """The latest ``session_start``'s payload (``None`` before one)."""
        return self.fold.session_info

    @property
    def billed(self) -> Totals:
        """Every call the log shows, rolled-back turns' included: what the meter shows."""
        return self.fold.billed()

    @property
    def user_messages(self) -> int:
        """The user messages that stand (a rolled-back turn's is not counted)."""
        return self.fold.user_messages

    @property
    def step(self) -> str | None:
        return self.fold.step

    @property
    def last_turn(self) -> int:
        return self.fold.last_turn

    @property
    def status(self) -> str:
        """``idle`` before the session starts, ``running``, then the reason it ended."""
        if not self.fold.started:
            return "idle"
        return self.fold.ended or "running"

    def values(self) -> dict[str, Any]:
        values = dict(self.initial_values)
        for change in self._all_changes():
            values[change.name] = change.new
        return values

    def names(self) -> list[str]:
        """Declared variables first (in scenario order), then any the log introduced: the
        variables it changed, then the results steps captured that no variable declares."""
        names = dict.fromkeys(self.initial_values)
        names.update(dict.fromkeys(change.name for change in self.fold.changes))
        names.update(dict.fromkeys(change.name for change in self.captures()))
        return list(names)

    def history(self, name: str) -> list[VarChange]:
        return [change for change in self._all_changes() if change.name == name]

    def changes(self) -> list[VarChange]:
        return list(self.fold.changes)

    def captures(self, upto_turn: int | None = None) -> list[VarChange]:
        """The values steps captured as results that no variable declares, each as a change
        whose ``source`` is ``result``: the engine keeps them as the step's results (a
        placeholder fills from them), not in the variables, so no ``variable_change`` says so.

        A result whose name a variable declares, or that the log changed as a variable, is the
        variable's (its changes say it already)."""
        records = self.fold.summaries
        if upto_turn is not None:
            records = records[: self.fold.position(upto_turn).summaries]
        variables = set(self.initial_values) | {change.name for change in self.fold.changes}
        last: dict[str, Any] = {}
        found: list[VarChange] = []
        for record in records:
            for name, value in (record.results or {}).items():
                if name in variables or value is None or (name in last and last[name] == value):
                    continue
                turn, step = record.turn, record.step
                found.append(VarChange(name, last.get(name), value, turn, step, "result", "", 0))
                last[name] = value
        return found

    def _all_changes(self, upto_turn: int | None = None) -> list[VarChange]:
        changes = self.fold.changes
        if upto_turn is not None:
            changes = changes[: self.fold.position(upto_turn).changes]
        return [*changes, *self.captures(upto_turn)]

    def values_as_of(self, turn: int) -> dict[str, Any]:
        """The variables (and captured results) at the end of ``turn`` (replay shows these)."""
        values = dict(self.initial_values)
        for change in self._all_changes(turn):
            values[change.name] = change.new
        return values

    def step_at(self, turn: int) -> str | None:
        """The step the conversation was in at the end of ``turn``."""
        visits = self.fold.position(turn).visits
        return self.fold.visits[visits - 1] if visits else None

    def visited_steps(self) -> list[str]:
        return list(dict.fromkeys(self.fold.visits))


__all__ = ["ConversationProjection", "VarChange"]
