"""The outcomes an action step can take, offered when the author wires it to another step.

``ok``, ``error`` and ``timeout`` for every action, then the outcomes its Python function names
in its ``return`` statements (read from the actions module's source, never run; see
:mod:`engine.scenario.action_module`). An HTTP action's service may name any outcome: the
built-in ones are offered and the author may type another.
"""

from __future__ import annotations

from app.edit_session import EditSession
from engine.errors import ScenarioError
from engine.scenario.action_module import read_action_module
from engine.scenario.actions import BUILT_IN_OUTCOMES, DEFAULT_MODULE
from engine.scenario.definition import StepKind, unique_name
from engine.scenario.loader import resolve_inside


def is_action(session: EditSession, step_id: str) -> bool:
    path = ("steps", step_id, "kind")
    document = session.document
    return document.has(path) and document.get(path) == StepKind.ACTION.value


def function_outcomes(session: EditSession, step_id: str) -> frozenset[str] | None:
    """The outcomes the step's Python function returns (``None``: HTTP, a function not written
    yet, or one whose returns do not say)."""
    document = session.document
    path = ("steps", step_id, "call", "python")
    if not document.has(path):
        return None
    relative = document.get(("actions", "module")) if document.has(("actions", "module")) else None
    try:
        target = resolve_inside(session.folder, str(relative or DEFAULT_MODULE))
    except (ScenarioError, OSError):
        return None
    if target is None:
        return None
    function = read_action_module(target).functions.get(str(document.get(path)))
    return None if function is None else function.outcomes


def named_outcomes(session: EditSession, step_id: str) -> list[str]:
    """The outcomes the step's Python function names, sorted (none for HTTP, or unknown)."""
    outcomes = function_outcomes(session, step_id)
    return [] if outcomes is None else sorted(outcomes - set(BUILT_IN_OUTCOMES))


def step_outcomes(session: EditSession, step_id: str) -> list[str]:
    """Every outcome of the action step: the built-in ones, then those it names."""
    return [*BUILT_IN_OUTCOMES, *named_outcomes(session, step_id)]


def next_outcome(outcomes: list[str], taken: set[str]) -> str:
    """The first outcome not wired yet (a fresh name once all are)."""
    return next((name for name in outcomes if name not in taken), None) or unique_name(
        "outcome", taken
    )


__all__ = ["function_outcomes", "is_action", "named_outcomes", "next_outcome", "step_outcomes"]
