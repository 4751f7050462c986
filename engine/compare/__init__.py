"""Compare two versions of a scenario: what changed, step by step (``prompter diff``).

:func:`load_side` reads a version (a folder, ``REV:path`` from git, or a scenario in memory);
:func:`diff_sides` compares two; :func:`compare` does both, as ``prompter diff`` does.
:mod:`.render` prints the result and :mod:`.union` builds the one graph the studio draws it on.
The data model is in :mod:`.changes`.

It may import :mod:`engine.scenario` and the layers below it (:mod:`engine.io`,
:mod:`engine.errors`); it never runs a conversation.
"""

from engine.compare.changes import (
    EntryChange,
    EntryStatus,
    FieldChange,
    GuardChange,
    LayoutDiff,
    ScenarioDiff,
    StepDiff,
    StepStatus,
    TextChange,
    TransitionChange,
    TransitionStatus,
)
from engine.compare.diff import compare, diff_layouts, diff_scenarios, diff_sides
from engine.compare.sides import Side, load_side, side_from_folder, side_from_scenario

__all__ = [
    "EntryChange",
    "EntryStatus",
    "FieldChange",
    "GuardChange",
    "LayoutDiff",
    "ScenarioDiff",
    "Side",
    "StepDiff",
    "StepStatus",
    "TextChange",
    "TransitionChange",
    "TransitionStatus",
    "compare",
    "diff_layouts",
    "diff_scenarios",
    "diff_sides",
    "load_side",
    "side_from_folder",
    "side_from_scenario",
]
