"""Typed dialogue variables with the full history of their changes.

Every change is kept — who made it (the model, the system, the author in the studio), in which
turn and step, and when — because a conversation designer debugging a script asks "when did
``budget`` become 0, and who set it?", and because fork and replay need the values as they were
at the end of an earlier turn (:meth:`VarsMemory.as_of`, :meth:`VarsMemory.truncate_after`).

Values are checked against the scenario's declarations on the way in (:meth:`VarsMemory.coerce`),
with the one conversion table of :meth:`~engine.scenario.definition.ValueType.convert` (the contract
converts the model's results with the same table): a model that writes ``"42"`` for an integer
gets ``42``; one that writes ``"lots"`` gets a ``ValueError`` whose message can be sent back to
it. Only declared variables are kept here; step results that are not variables are kept by the
conversation core.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from engine.errors import SessionError
from engine.log.events import utc_now_iso
from engine.scenario.definition import Variable, is_known

Source = Literal["model", "system", "author"]
SOURCES: frozenset[str] = frozenset(get_args(Source))


@dataclass(frozen=True)
class Change:
    """One change of one variable. ``old``/``new`` are ``None`` when the variable was unset."""

    name: str
    old: Any
    new: Any
    turn: int
    step: str | None
    source: Source
    ts: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "old": self.old,
            "new": self.new,
            "turn": self.turn,
            "step": self.step,
            "source": self.source,
            "ts": self.ts,
        }


class VarsMemory:
    """The variables of one conversation: current values plus every change that led to them.

    A variable is *set* when its value is not ``None``; setting ``None`` unsets it (recorded as a
    change like any other). Declared defaults are recorded as ``system`` changes at turn 0, so the
    history always explains every value.
    """

    def __init__(self, declared: Mapping[str, Variable]) -> None:
        self._declared: dict[str, Variable] = dict(declared)
        self._values: dict[str, Any] = dict.fromkeys(self._declared)
        self._changes: list[Change] = []
        for name, variable in self._declared.items():
            if variable.default is not None:
                self.set(name, variable.default, turn=0, step=None, source="system")

    # --- reading -----------------------------------------------------------------------------

    @property
    def declared(self) -> dict[str, Variable]:
        return dict(self._declared)

    def get(self, name: str, default: Any = None) -> Any:
        """The current value of ``name``, or ``default`` when it is unset or not declared."""
        value = self._values.get(name)
        return default if value is None else _copied(value)

    def is_set(self, name: str) -> bool:
        """Whether ``name`` holds a known value (blank text is not, unless the variable says
        ``allow_blank``: see :func:`~engine.scenario.definition.is_known`)."""
        return self.counts_as_known(name, self._values.get(name))

    def counts_as_known(self, name: str, value: Any) -> bool:
        """Whether ``value`` would count as known for ``name`` (a variable, or not declared)."""
        return is_known(value, self._declared.get(name))

    def values(self) -> dict[str, Any]:
        """Every declared variable, in declaration order; ``None`` for the unset ones."""
        return {name: _copied(value) for name, value in self._values.items()}

    def history(self, name: str) -> list[Change]:
        """The changes of ``name``, oldest first."""
        return [_handed_out(change) for change in self._changes if change.name == name]

    def changes(self) -> list[Change]:
        """All changes, in the order they were made."""
        return [_handed_out(change) for change in self._changes]

    def as_of(self, turn: int) -> dict[str, Any]:
        """The values as they were at the end of ``turn`` (shape as :meth:`values`)."""
        values: dict[str, Any] = dict.fromkeys(self._declared)
        for change in self._changes:
            if change.turn <= turn:
                values[change.name] = change.new
        return {name: _copied(value) for name, value in values.items()}

    # --- writing -----------------------------------------------------------------------------

    def coerce(self, name: str, value: Any) -> Any:
        """``value`` converted to ``name``'s declared type; ``ValueError`` says what was expected.

        Lossless conversions only, by :meth:`~engine.scenario.definition.ValueType.convert`
        (``"42"`` for an integer, ``"Yes"`` for a boolean, ``5`` for a string, ``"Gold"`` for
        the enum value ``gold``). ``None`` is kept: it unsets the variable.
        """
        variable = self._declared.get(name)
        if variable is None:
            known = ", ".join(self._declared) or "none are declared"
            raise ValueError(f"{name!r} is not a declared variable (known: {known})")
        try:
            return variable.convert(value)
        except ValueError as error:
            raise ValueError(f"{name!r} {error}") from None

    def set(
        self,
        name: str,
        value: Any,
        *,
        turn: int,
        step: str | None,
        source: Source,
        ts: str | None = None,
    ) -> Change | None:
        """Set ``name`` (coerced as :meth:`coerce`); the change made, or ``None`` if unchanged."""
        if source not in SOURCES:
            raise ValueError(f"source must be one of {sorted(SOURCES)}, got {source!r}")
        new = self.coerce(name, value)
        old = self._values[name]
        if old == new:
            return None
        change = Change(name, _copied(old), _copied(new), turn, step, source, ts or utc_now_iso())
        self._values[name] = new
        self._changes.append(change)
        return change

    def truncate_after(self, turn: int) -> None:
        """Forget every change made after ``turn``: the values become :meth:`as_of` ``turn``."""
        self._changes = [change for change in self._changes if change.turn <= turn]
        self._values = self.as_of(turn)

    # --- copies and persistence --------------------------------------------------------------

    def copy(self) -> VarsMemory:
        twin = VarsMemory.__new__(VarsMemory)
        twin._declared = dict(self._declared)
        twin._values = {name: _copied(value) for name, value in self._values.items()}
        twin._changes = list(self._changes)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The history as JSON-ready data; the values follow from it, so they are not stored."""
        return {"changes": [change.to_dict() for change in self._changes]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], declared: Mapping[str, Variable]) -> VarsMemory:
        """Replay a saved history onto ``declared``; :class:`SessionError` when it does not fit.

        The saved changes replace the defaults' changes (the saved history already holds them),
        and each value is checked again, so a session saved before the scenario changed a
        variable's type is refused with the variable named instead of loading bad values.
        """
        memory = cls.__new__(cls)
        memory._declared = dict(declared)
        memory._values = dict.fromkeys(memory._declared)
        memory._changes = []
        raw_changes = data.get("changes")
        if not isinstance(raw_changes, list):
            raise SessionError("saved variables: 'changes' must be a list")
        for index, raw in enumerate(raw_changes):
            where = f"saved variables: change {index + 1}"
            if not isinstance(raw, Mapping):
                raise SessionError(f"{where} is not a mapping")
            try:
                name, turn, source = raw["name"], raw["turn"], raw["source"]
                step, ts = raw.get("step"), raw.get("ts") or utc_now_iso()
            except KeyError as missing:
                raise SessionError(f"{where} has no {missing.args[0]!r}") from None
            if not isinstance(turn, int) or isinstance(turn, bool):
                raise SessionError(f"{where}: 'turn' must be a whole number, got {turn!r}")
            if source not in SOURCES:
                raise SessionError(f"{where}: unknown source {source!r}")
            try:
                new = memory.coerce(name, raw.get("new"))
            except ValueError as error:
                raise SessionError(f"{where} does not fit the scenario: {error}") from None
            old = memory._values[name]
            memory._changes.append(Change(name, old, new, turn, step, source, str(ts)))
            memory._values[name] = new
        return memory

    def __repr__(self) -> str:
        shown = {name: value for name, value in self._values.items() if value is not None}
        return f"VarsMemory({shown!r}, changes={len(self._changes)})"


def _handed_out(change: Change) -> Change:
    """A change whose list values are copies, so a caller cannot rewrite history."""
    if isinstance(change.old, list) or isinstance(change.new, list):
        return replace(change, old=_copied(change.old), new=_copied(change.new))
    return change


def _copied(value: Any) -> Any:
    """Lists are the one mutable kind of value: hand out copies so nobody edits history."""
    return list(value) if isinstance(value, list) else value
