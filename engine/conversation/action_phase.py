"""The action phase of a turn: an action step calls its action, and the outcome says where next.

:mod:`engine.conversation.conversation_core` enters an action step with :class:`Act`; its
:class:`ActionPhase` part (``_act``) asks this module for the request (:func:`action_request`),
the outcome (:func:`call_action`) and the signal to move by (:func:`signal_for`), then applies
the results and moves, all in the same turn and without a model call — the next talking step
sees the new values. What each part decides:

* **inputs** — the step's ``inputs``, from the known values (variables, then results); an HTTP
  action also fills its ``{{var}}`` from them, and logs those it used as its inputs;
* **the idempotency key** — :func:`engine.actions.context.idempotency_key`, the same for the same
  session, turn and step (the *n*-th run of a step in one turn gets its own);
* **reuse** — a call that completed earlier in the session with the same key and inputs (a turn
  that was then rolled back, say by a failed model call, and is being sent again) is not run
  again: its outcome is reused (``mode: reused``). The record of completed calls
  (:attr:`SessionData.actions_done`) survives the rollback and the session file;
* **the deadline** — runners end their own calls at ``timeout_s``; should one overrun,
  :func:`call_action` stops waiting :data:`OVERRUN_GRACE_S` later and the outcome is ``timeout``;
* **the outcome's results** — converted and checked by :func:`engine.actions.outcome.settle`;
* **where next** — the transition named by the outcome; a ``timeout`` (or any outcome) without a
  transition of its own takes ``error``, which every action step has (the validator insists).
  So does an outcome whose transition the FSM would refuse (a ``requires`` its results do not
  fill), the error saying why: a turn failing there would fail the same way on every retry.

:func:`try_action` runs one action step on its own, with values typed in (the studio's *Try it*).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import replace
from typing import Any

from engine.actions.context import ActionContext, idempotency_key
from engine.actions.http_actions import placeholder_names
from engine.actions.outcome import ActionMode, ActionOutcome, settle
from engine.actions.python_actions import LateListener
from engine.actions.runners import ActionRequest, ActionRunner
from engine.conversation.conversation_base import ConversationBase
from engine.conversation.session import SessionData
from engine.conversation.turn import ActionRun, Move, NextStep, TurnTally
from engine.conversation.turn_requests import known_values
from engine.errors import SessionError
from engine.log.events import ActionCallData, ActionResultData, EventType
from engine.scenario.actions import ERROR, TIMEOUT
from engine.scenario.definition import Scenario, Step

#: How long past ``timeout_s`` the turn waits for a runner that did not end its own call.
OVERRUN_GRACE_S = 0.25


def action_request(
    scenario: Scenario,
    data: SessionData,
    step: Step,
    *,
    occurrence: int = 0,
    on_late: LateListener | None = None,
) -> ActionRequest:
    """What ``step``'s action is handed now."""
    values = known_values(data)
    names = input_names(step)
    root = scenario.root
    context = ActionContext(
        session_id=data.session_id,
        turn=data.state.turn,
        step=step.id,
        idempotency_key=idempotency_key(data.session_id, data.state.turn, step.id, occurrence),
        folder=str(root) if root is not None else None,
    )
    return ActionRequest(
        scenario=scenario,
        step=step,
        inputs={name: values.get(name) for name in names},
        values=values,
        context=context,
        on_late=on_late,
    )


def input_names(step: Step) -> list[str]:
    """What the step hands its action: its ``inputs``, and the names an HTTP request fills."""
    names = list(step.inputs)
    if step.call is not None and step.call.http is not None:
        names += [name for name in placeholder_names(step.call.http) if name not in names]
    return names


async def try_action(
    scenario: Scenario, step: Step, values: dict[str, Any], runner: ActionRunner
) -> ActionOutcome:
    """Run ``step``'s action once, outside any conversation, with ``values`` standing for the
    conversation's known values — the studio's *Try it*. Its idempotency key is a fresh one,
    so a service never mistakes a trial for a conversation's call."""
    trial = f"try-{uuid.uuid4().hex}"
    root = scenario.root
    request = ActionRequest(
        scenario=scenario,
        step=step,
        inputs={name: values.get(name) for name in input_names(step)},
        values=dict(values),
        context=ActionContext(
            session_id=trial,
            turn=0,
            step=step.id,
            idempotency_key=idempotency_key(trial, 0, step.id),
            folder=str(root) if root is not None else None,
        ),
    )
    return await call_action(runner, request, {})


def reused(request: ActionRequest, done: dict[str, dict[str, Any]]) -> ActionOutcome | None:
    """The outcome of this very call (same key, same inputs), if it completed before."""
    previous = done.get(request.context.idempotency_key)
    if previous is None or previous.get("inputs") != request.inputs:
        return None
    return ActionOutcome(
        str(previous.get("outcome")), results=dict(previous.get("results") or {}), mode="reused"
    )


async def call_action(
    runner: ActionRunner, request: ActionRequest, done: dict[str, dict[str, Any]]
) -> ActionOutcome:
    """The settled outcome of ``request``: reused from ``done`` (completed calls by key) when
    this call completed before, else from ``runner``; a completed one is added to ``done``."""
    key = request.context.idempotency_key
    again = reused(request, done)
    if again is not None:
        return again
    began = time.perf_counter()
    task = asyncio.ensure_future(runner.run(request))
    try:
        finished, _ = await asyncio.wait({task}, timeout=request.timeout_s + OVERRUN_GRACE_S)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if not finished:
        task.cancel()
        outcome = ActionOutcome(
            TIMEOUT, error=f"no answer within {request.timeout_s:g} s", mode=runner.mode(request)
        )
    else:
        outcome = task.result()  # a runner that cannot answer at all raises: the turn rolls back
    outcome = settle(request.step, replace(outcome, duration_s=time.perf_counter() - began))
    if not outcome.failed:
        done[key] = {
            "step": request.step.id,
            "inputs": request.inputs,
            "outcome": outcome.outcome,
            "results": outcome.results,
        }
    return outcome


def signal_for(step: Step, outcome: ActionOutcome) -> str:
    """The transition ``outcome`` leads by: its own, else ``error``."""
    if outcome.outcome in step.transitions:
        return outcome.outcome
    if ERROR in step.transitions:
        return ERROR
    raise SessionError(
        f"action step {step.id!r} ended with outcome {outcome.outcome!r} and has no transition "
        "for it, nor an 'error' one"
    )


def summary_of(outcome: ActionOutcome) -> str:
    """The step summary of an action step: what the model reads of it among earlier steps."""
    return f"outcome: {outcome.outcome}"


def call_data(request: ActionRequest, mode: ActionMode) -> ActionCallData:
    call = request.step.call
    return ActionCallData(
        action=call.label if call is not None else "",
        kind=request.kind,
        inputs=dict(request.inputs),
        idempotency_key=request.context.idempotency_key,
        timeout_s=request.timeout_s,
        mode=mode,
    )


def result_data(outcome: ActionOutcome, *, late_key: str | None = None) -> ActionResultData:
    data = ActionResultData(
        outcome=outcome.outcome,
        results=dict(outcome.results),
        duration_ms=round(outcome.duration_s * 1000, 3),
        error=outcome.error,
        mode=outcome.mode,
    )
    if outcome.ignored:
        data["ignored"] = list(outcome.ignored)
    if outcome.status is not None:
        data["status"] = outcome.status
    if late_key is not None:
        data["late"] = True
        data["idempotency_key"] = late_key
    return data


class ActionPhase(ConversationBase):
    """The part of a conversation that runs action steps (``Act`` in the turn loop)."""

    async def _act(self, turn: TurnTally) -> NextStep:
        """An action step runs its action — no model call — applies its results and moves on
        by its outcome, in the same turn (see :mod:`engine.conversation.action_phase`)."""
        step = self.step
        occurrence = sum(1 for run in turn.actions if run.step == step.id)
        request = action_request(self.scenario, self.data, step, occurrence=occurrence)
        key = request.context.idempotency_key
        request = replace(request, on_late=lambda late: self._late_result(late, key))
        mode = "reused" if reused(request, self.data.actions_done) else self.actions.mode(request)
        self._emit(EventType.ACTION_CALL, call_data(request, mode))
        outcome = await call_action(self.actions, request, self.data.actions_done)
        turn.action_s += outcome.duration_s
        duration_ms = outcome.duration_s * 1000
        turn.actions.append(
            ActionRun(step.id, outcome.outcome, outcome.mode, duration_ms, outcome.error)
        )
        signal = signal_for(step, outcome)
        refused = self._refused_by_guard(step, signal, outcome)
        if refused is not None:
            # the action completed (it stays done), but its outcome's transition cannot be
            # taken: the conversation goes on by 'error' instead of failing the turn for good
            outcome = replace(outcome, error=refused)
            signal = ERROR
        self._emit(EventType.ACTION_RESULT, result_data(outcome))
        self._apply_action(step, outcome)
        return Move(signal)

    def _refused_by_guard(self, step: Step, signal: str, outcome: ActionOutcome) -> str | None:
        """Why the transition ``signal`` cannot be taken once ``outcome``'s results are
        applied (a ``requires`` they do not fill), when an ``error`` one can be; else None."""
        if signal == ERROR or ERROR not in step.transitions:
            return None
        results = {**self.data.results.get(step.id, {}), **outcome.results}
        blocked = self.fsm.unmet(self.state, signal, lambda n: self._is_set(n, results), results)
        if not blocked:
            return None
        return f"its {signal!r} transition cannot be taken ({blocked.reason}): moved on by 'error'"

    def _apply_action(self, step: Step, outcome: ActionOutcome) -> None:
        """The outcome's results become the step's results and set the variables they name."""
        self._apply_results(step.id, outcome.results, source="action", summary=summary_of(outcome))

    def _late_result(self, outcome: ActionOutcome, key: str) -> None:
        """An action answered after the conversation moved on (perhaps after it ended):
        logged as late, never applied."""
        self._emit(EventType.ACTION_RESULT, result_data(outcome, late_key=key))


__all__ = [
    "OVERRUN_GRACE_S",
    "ActionPhase",
    "action_request",
    "call_action",
    "call_data",
    "input_names",
    "result_data",
    "reused",
    "signal_for",
    "summary_of",
    "try_action",
]
