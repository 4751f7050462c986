"""What an action is handed and what it comes back with: its context, its outcome, its results.

A Python action is ``def name(*, <inputs>, context)`` (or ``async def``): it receives the step's
inputs as keyword arguments and an :class:`~engine.actions.context.ActionContext` if it declares
``context``. What it returns is read by :func:`read_returned`, and an HTTP action's JSON reply by
the same rules:

* a mapping is the outcome ``ok`` and its fields are the results;
* a mapping with an ``outcome`` key names the outcome (``{"outcome": "no_slots"}``); its results
  are its ``results`` mapping, or else its other fields;
* ``None`` (a bare ``return``) is ``ok`` with no results;
* anything else, or an exception, is the outcome ``error``, with the message in the log.

Whatever came back is an :class:`ActionOutcome`; :func:`settle` then converts its results with the
one conversion table (:meth:`~engine.scenario.definition.ValueType.convert`), keeps only the
step's declared results, and turns ``ok`` into ``error`` when a ``required`` one is missing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from engine.scenario.actions import ERROR, OK
from engine.scenario.definition import IDENTIFIER, Step

#: How an outcome was obtained: the action ran, a stub answered, a recording answered, or the
#: outcome of the same call earlier in this session was reused (a retried turn).
ActionMode = Literal["live", "stubbed", "replayed", "reused"]

#: An error message is cut to this many characters (a server's whole HTML page must not be).
MAX_ERROR_CHARS = 500


@dataclass(frozen=True)
class ActionOutcome:
    """How one action ended: the outcome, its results, and what happened.

    ``duration_s`` is the whole call as the conversation waited for it; ``action_s`` the time
    the action's own code took, when it is known (a worker process measures its function).
    """

    outcome: str
    results: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    duration_s: float = 0.0
    action_s: float | None = None
    mode: ActionMode = "live"
    #: Returned fields that are no declared result of the step (dropped).
    ignored: tuple[str, ...] = ()
    #: The HTTP status of an HTTP action's reply.
    status: int | None = None

    @property
    def failed(self) -> bool:
        """Whether the action did not complete (``error`` or ``timeout``): nothing is applied,
        and a retry runs it again."""
        return self.outcome in (ERROR, "timeout")


def failure(message: str, **fields: Any) -> ActionOutcome:
    """The outcome ``error`` with ``message`` (shortened)."""
    return ActionOutcome(ERROR, error=shorten(message), **fields)


def shorten(text: str, limit: int = MAX_ERROR_CHARS) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_returned(value: Any, **fields: Any) -> ActionOutcome:
    """What a returned value (or a reply's JSON) says; see the module docstring."""
    if value is None:
        return ActionOutcome(OK, **fields)
    if not isinstance(value, Mapping):
        return failure(
            f"the action returned {type(value).__name__}; it must return a mapping of results "
            "(or None)",
            **fields,
        )
    if "outcome" not in value:
        return ActionOutcome(OK, results={str(k): v for k, v in value.items()}, **fields)
    outcome = value["outcome"]
    if not isinstance(outcome, str) or not IDENTIFIER.match(outcome):
        return failure(
            f"the action returned the outcome {outcome!r}, which is not a name", **fields
        )
    inner = value.get("results")
    if isinstance(inner, Mapping):
        results = {str(k): v for k, v in inner.items()}
    else:
        results = {str(k): v for k, v in value.items() if k not in ("outcome", "error")}
    if outcome == ERROR:
        message = value.get("error")
        text = str(message) if message else "the action returned the outcome 'error'"
        return ActionOutcome(ERROR, results={}, error=shorten(text), **fields)
    return ActionOutcome(outcome, results=results, **fields)


def settle(step: Step, outcome: ActionOutcome) -> ActionOutcome:
    """``outcome`` with its results converted to the step's declared types.

    Undeclared fields are dropped (and listed in ``ignored``); a value that does not convert
    turns the outcome into ``error``, and so does a ``required`` result missing from an ``ok``
    (an outcome the action names says itself what it found). A failed action keeps no results.
    """
    if outcome.failed:
        return replace(outcome, results={})
    declared = step.results
    ignored = tuple(name for name in outcome.results if name not in declared)
    converted: dict[str, Any] = {}
    for name, result in declared.items():
        value = outcome.results.get(name)
        if value is None:
            if result.required and outcome.outcome == OK:
                return replace(
                    outcome,
                    outcome=ERROR,
                    results={},
                    ignored=ignored,
                    error=f"the action returned no {name!r}, a required result",
                )
            continue
        try:
            converted[name] = result.convert(value)
        except ValueError as problem:
            return replace(
                outcome,
                outcome=ERROR,
                results={},
                ignored=ignored,
                error=shorten(f"result {name!r} {problem}"),
            )
    return replace(outcome, results=converted, ignored=ignored)


async def finished_within(task: asyncio.Future[Any], timeout_s: float) -> bool:
    """Whether ``task`` (an action running) finished within ``timeout_s``; one that did not is
    cancelled, and so is one whose caller is cancelled while it waits."""
    try:
        done, _ = await asyncio.wait({task}, timeout=timeout_s)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if not done:
        task.cancel()
    return bool(done)


__all__ = [
    "MAX_ERROR_CHARS",
    "ActionMode",
    "ActionOutcome",
    "failure",
    "finished_within",
    "read_returned",
    "settle",
    "shorten",
]
