"""Phase 3 of a turn: does the model's reply keep the contract, and may it go where it wants?

The contract (:mod:`engine.dialogue.contract`) checks the reply's form and converts its values; a
result declared unlike its variable is caught here, where the variables are known; the FSM
(:meth:`~engine.dialogue.fsm.DialogueFSM.unmet`) alone says what stands in the way of the
transition, and the contract words the correction. The verdict is an
:class:`~engine.conversation.turn.Accepted` or a :class:`~engine.conversation.turn.Correct`; nothing
is changed, so the judge can be asked twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.conversation.session import SessionData
from engine.conversation.turn import Accepted, Correct
from engine.dialogue.contract import StepReply, parse_reply, refused
from engine.dialogue.contract import ViolationKind as Kind
from engine.dialogue.contract import violation as make_violation
from engine.dialogue.fsm import DialogueFSM
from engine.errors import ContractViolation
from engine.providers.base import ModelReply
from engine.scenario.definition import Scenario, Step


def judge(
    raw: ModelReply,
    step: Step,
    offered: list[str],
    *,
    scenario: Scenario,
    fsm: DialogueFSM,
    data: SessionData,
) -> Accepted | Correct:
    """The verdict on ``raw``, a reply under ``step`` that was offered the signals ``offered``."""
    try:
        reply = parse_reply(raw, step, max_chars=scenario.model.max_reply_chars, offered=offered)
        for name, value in reply.results.items():
            if value is not None and name in scenario.variables:
                try:  # only a result declared unlike its variable can fail here
                    data.vars.coerce(name, value)
                except ValueError as error:
                    raise make_violation(
                        Kind.WRONG_TYPE, f"'results.{name}': {error}", step, offered
                    ) from None
    except ContractViolation as issue:
        return Correct(issue, raw)
    if reply.stays:
        return Accepted(reply, raw, None)
    known = merged_results(data, step, reply)
    blocked = fsm.unmet(data.state, reply.transition, lambda name: is_set(data, name, known), known)
    if blocked:
        return Correct(refused(blocked, reply.transition, step, offered), raw)
    return Accepted(reply, raw, step.transitions[reply.transition].to)


def merged_results(data: SessionData, step: Step, reply: StepReply) -> dict[str, Any]:
    """The step's results as they would be once ``reply`` is applied (``null`` erases none)."""
    known = dict(data.results.get(step.id, {}))
    known.update({name: value for name, value in reply.results.items() if value is not None})
    return known


def is_set(data: SessionData, name: str, results: Mapping[str, Any]) -> bool:
    """Whether ``name`` is known: a result of the step, or a variable that is set."""
    return data.vars.counts_as_known(name, results.get(name)) or data.vars.is_set(name)


__all__ = ["is_set", "judge", "merged_results"]
