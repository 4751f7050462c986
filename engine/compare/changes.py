"""What changed between two versions of a scenario, as plain data the CLI prints and the studio
draws.

    ScenarioDiff
    ├── steps: StepDiff…            added / removed / renamed / changed, one per step touched
    │   ├── fields: FieldChange…    title, goal, kind, text, final, on_enter, instructions (path)
    │   ├── results: EntryChange…   results added / removed / changed (type, required, …)
    │   ├── transitions: TransitionChange…   added / removed / renamed / retargeted / changed,
    │   │                           each with its GuardChange (``requires``) if that changed
    │   └── instructions: TextChange          the instruction file's text, as a unified diff
    ├── settings: FieldChange…      name, title, description, start, persona, model.*, contract.*
    ├── persona: TextChange
    ├── variables: EntryChange…
    └── layout: LayoutDiff          ``scenario.layout.json``: kept apart, never part of
                                    :attr:`ScenarioDiff.scenario_changed`

Step ids are given on both sides (``old_id``/``new_id``) because a rename is a change of id;
transition targets are compared *through* the renames, so ``to: users`` becoming
``to: audience`` when ``users`` was renamed ``audience`` is not a retarget.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.scenario.layout import Point


class StepStatus(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    RENAMED = "renamed"  #: same step under another id (possibly changed too)
    CHANGED = "changed"


class TransitionStatus(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    RENAMED = "renamed"  #: another signal name, same target
    RETARGETED = "retargeted"  #: same signal, another target
    CHANGED = "changed"  #: same signal and target; guard or description changed


class EntryStatus(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


@dataclass(frozen=True)
class FieldChange:
    """One value that differs: ``field`` is its dotted name within its owner."""

    field: str
    old: Any
    new: Any

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "old": self.old, "new": self.new}


@dataclass(frozen=True)
class TextChange:
    """A text file (instructions, persona) that differs, with its unified diff."""

    old_path: str | None
    new_path: str | None
    diff: str
    added_lines: int
    removed_lines: int

    def to_json(self) -> dict[str, Any]:
        return {
            "old_path": self.old_path,
            "new_path": self.new_path,
            "diff": self.diff,
            "added_lines": self.added_lines,
            "removed_lines": self.removed_lines,
        }


@dataclass(frozen=True)
class GuardChange:
    """The variables a transition ``requires`` before the FSM allows it."""

    old: tuple[str, ...]
    new: tuple[str, ...]

    @property
    def added(self) -> tuple[str, ...]:
        return tuple(name for name in self.new if name not in self.old)

    @property
    def removed(self) -> tuple[str, ...]:
        return tuple(name for name in self.old if name not in self.new)

    def to_json(self) -> dict[str, Any]:
        return {
            "old": list(self.old),
            "new": list(self.new),
            "added": list(self.added),
            "removed": list(self.removed),
        }


@dataclass(frozen=True)
class TransitionChange:
    """One transition of a step that differs. ``signal`` is its name in the new version
    (the old one for a removed transition); targets are as written on each side."""

    signal: str
    status: TransitionStatus
    old_target: str | None
    new_target: str | None
    old_signal: str | None = None
    guard: GuardChange | None = None
    fields: tuple[FieldChange, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "signal": self.signal,
            "status": self.status.value,
            "old_signal": self.old_signal,
            "old_target": self.old_target,
            "new_target": self.new_target,
            "guard": self.guard.to_json() if self.guard else None,
            "fields": [change.to_json() for change in self.fields],
        }


@dataclass(frozen=True)
class EntryChange:
    """A named entry (a step's result, a scenario variable) added, removed or changed."""

    name: str
    status: EntryStatus
    fields: tuple[FieldChange, ...] = ()
    old: dict[str, Any] | None = None
    new: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": self.status.value,
            "fields": [change.to_json() for change in self.fields],
            "old": self.old,
            "new": self.new,
        }


@dataclass(frozen=True)
class StepDiff:
    """Everything that differs about one step (see the module docstring)."""

    status: StepStatus
    old_id: str | None
    new_id: str | None
    title: str
    similarity: float | None = None
    fields: tuple[FieldChange, ...] = ()
    results: tuple[EntryChange, ...] = ()
    transitions: tuple[TransitionChange, ...] = ()
    instructions: TextChange | None = None

    @property
    def id(self) -> str:
        """The step's id where it is drawn: the new one, or the old one for a removed step."""
        return self.new_id if self.new_id is not None else str(self.old_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status.value,
            "old_id": self.old_id,
            "new_id": self.new_id,
            "title": self.title,
            "similarity": None if self.similarity is None else round(self.similarity, 3),
            "fields": [change.to_json() for change in self.fields],
            "results": [change.to_json() for change in self.results],
            "transitions": [change.to_json() for change in self.transitions],
            "instructions": self.instructions.to_json() if self.instructions else None,
        }


@dataclass(frozen=True)
class LayoutDiff:
    """Changes to ``scenario.layout.json``: where steps are drawn, not what they mean."""

    old_file: bool = False
    new_file: bool = False
    moved: tuple[tuple[str, Point, Point], ...] = ()
    placed: tuple[str, ...] = ()
    unplaced: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.old_file != self.new_file or self.moved or self.placed or self.unplaced)

    def to_json(self) -> dict[str, Any]:
        return {
            "changed": self.changed,
            "old_file": self.old_file,
            "new_file": self.new_file,
            "moved": [
                {"step": step, "old": list(old), "new": list(new)} for step, old, new in self.moved
            ],
            "placed": list(self.placed),
            "unplaced": list(self.unplaced),
            "problems": list(self.problems),
        }


@dataclass(frozen=True)
class ScenarioDiff:
    """The comparison of two versions (see the module docstring)."""

    old_label: str
    new_label: str
    steps: tuple[StepDiff, ...] = ()
    settings: tuple[FieldChange, ...] = ()
    persona: TextChange | None = None
    variables: tuple[EntryChange, ...] = ()
    layout: LayoutDiff = field(default_factory=LayoutDiff)
    #: old step id → new step id, for every step recognised under another id
    renames: dict[str, str] = field(default_factory=dict)

    @property
    def scenario_changed(self) -> bool:
        """Anything that changes what the scenario does (the layout never counts here)."""
        return bool(self.steps or self.settings or self.persona or self.variables)

    @property
    def equal(self) -> bool:
        return not self.scenario_changed and not self.layout.changed

    def step(self, step_id: str) -> StepDiff | None:
        """The diff of the step drawn as ``step_id`` (new id, or old id if removed)."""
        return next((diff for diff in self.steps if diff.id == step_id), None)

    def counts(self) -> dict[str, int]:
        counts = {status.value: 0 for status in StepStatus}
        for diff in self.steps:
            counts[diff.status.value] += 1
        return counts

    def to_json(self) -> dict[str, Any]:
        return {
            "old": self.old_label,
            "new": self.new_label,
            "equal": self.equal,
            "scenario_changed": self.scenario_changed,
            "layout_changed": self.layout.changed,
            "counts": self.counts(),
            "renames": dict(self.renames),
            "steps": [diff.to_json() for diff in self.steps],
            "settings": [change.to_json() for change in self.settings],
            "persona": self.persona.to_json() if self.persona else None,
            "variables": [change.to_json() for change in self.variables],
            "layout": self.layout.to_json(),
        }


__all__ = [
    "EntryChange",
    "EntryStatus",
    "FieldChange",
    "GuardChange",
    "LayoutDiff",
    "ScenarioDiff",
    "StepDiff",
    "StepStatus",
    "TextChange",
    "TransitionChange",
    "TransitionStatus",
]
