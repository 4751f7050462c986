"""One graph holding both versions, so a comparison is drawn once.

The union is the new scenario plus what the new one lost: removed steps (with their transitions,
targets followed through the renames) and removed transitions of steps that survived. Drawn with
the diff's colours it shows, on one picture, what was added, removed and changed. A retargeted
transition is drawn once, to its new target (its old target is in the diff's text).
"""

from __future__ import annotations

from engine.compare.changes import ScenarioDiff, StepStatus, TransitionStatus
from engine.scenario.definition import Scenario, Transition

#: (step id, signal) of an edge of the union: how the studio addresses an arrow.
EdgeKey = tuple[str, str]


def union_scenario(old: Scenario, new: Scenario, diff: ScenarioDiff) -> Scenario:
    """``new`` plus the steps and transitions of ``old`` that ``new`` no longer has."""
    union = new.model_copy(deep=True)
    id_map = {step_id: step_id for step_id in old.steps if step_id in new.steps}
    id_map.update(diff.renames)
    for step_diff in diff.steps:
        if step_diff.status is StepStatus.REMOVED and step_diff.old_id is not None:
            gone = old.steps[step_diff.old_id].model_copy(deep=True)
            for transition in gone.transitions.values():
                transition.to = id_map.get(transition.to, transition.to)
            union.steps[gone.id] = gone
        elif step_diff.new_id is not None and step_diff.old_id is not None:
            survivor = union.steps[step_diff.new_id]
            before = old.steps[step_diff.old_id]
            for change in step_diff.transitions:
                if change.status is TransitionStatus.REMOVED:
                    lost = before.transitions[change.signal]
                    survivor.transitions[change.signal] = Transition(
                        to=id_map.get(lost.to, lost.to),
                        description=lost.description,
                        requires=list(lost.requires),
                    )
    return union


def edge_statuses(diff: ScenarioDiff) -> dict[EdgeKey, TransitionStatus]:
    """Every arrow of the union that differs, by (step as drawn, signal as drawn)."""
    statuses: dict[EdgeKey, TransitionStatus] = {}
    for step_diff in diff.steps:
        for change in step_diff.transitions:
            statuses[(step_diff.id, change.signal)] = change.status
    return statuses


__all__ = ["EdgeKey", "edge_statuses", "union_scenario"]
