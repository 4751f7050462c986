"""Who answers an action step: the action itself, a stub, or a recording.

The turn loop hands every action step to an :class:`ActionRunner` and gets an
:class:`~engine.actions.outcome.ActionOutcome` back; which runner a conversation has decides
whether actions *run*:

* :class:`LiveActions` runs them — Python actions through
  :class:`~engine.actions.python_actions.PythonActions`, HTTP actions through
  :class:`~engine.actions.http_actions.HttpActions`. A :class:`~engine.conversation
  .conversation_core.Conversation` given no runner makes one: the command line and a program
  that embeds the engine run the scenario's actions, as ``python`` would run its code.
* :class:`StubbedActions` answers from stubs (:mod:`engine.actions.stubs`) the steps whose call
  kind it stubs, and hands the others to another runner: a simulation stubs every action by
  default; the studio stubs every action that reaches beyond the conversation — Python code,
  any host, an environment variable (:func:`action_reach`) — until the author trusts the
  folder, and everything when its chat is set to *stubbed*.
* Scenario tests add their own (stubs from a turn on, cassette recording and replay) in
  :mod:`engine.scenario_tests.test_actions`.

A runner returns within the step's ``timeout_s`` (plus a few milliseconds); the outcome's results
are converted by the turn loop, the same for all of them. A runner *raises* only when it cannot
answer at all (a stale recording): the turn is then rolled back, as for a failed model call.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from engine.actions.context import ActionContext
from engine.actions.http_actions import HttpActions
from engine.actions.outcome import ActionMode, ActionOutcome, failure
from engine.actions.python_actions import LateListener, PythonActions
from engine.actions.stubs import Stub
from engine.scenario.actions import env_references
from engine.scenario.definition import Scenario, Step, StepKind
from engine.scenario.loader import resolve_inside


@dataclass(frozen=True)
class ActionRequest:
    """One action step to answer: its step, what it is handed, and its context."""

    scenario: Scenario
    step: Step
    #: The step's ``inputs``: the keyword arguments of a Python action.
    inputs: dict[str, Any]
    #: Every known value (variables and results): what an HTTP action's ``{{var}}`` fills from.
    values: dict[str, Any]
    context: ActionContext
    on_late: LateListener | None = None

    @property
    def timeout_s(self) -> float:
        return self.step.action_timeout_s

    @property
    def kind(self) -> str:
        """``python`` or ``http`` (``none`` for a step that calls nothing)."""
        return self.step.call.kind if self.step.call is not None else "none"


class ActionRunner(Protocol):
    """What the turn loop needs of whoever answers action steps."""

    def mode(self, request: ActionRequest) -> ActionMode:
        """How :meth:`run` will answer ``request`` (logged with the call, before it runs)."""
        ...

    async def run(self, request: ActionRequest) -> ActionOutcome:
        """The outcome, within the step's ``timeout_s``."""
        ...

    async def aclose(self) -> None:
        """Release what the runner holds on the running loop (HTTP connections)."""
        ...


def module_path(scenario: Scenario) -> Path | None:
    """Where the scenario's actions module is (``None``: no folder, or outside it)."""
    if scenario.root is None:
        return None
    return _resolved(scenario.root, scenario.actions.module)


@functools.lru_cache(maxsize=256)
def _resolved(root: Path, relative: str) -> Path | None:
    """``resolve_inside``, remembered: resolving a path costs system calls on every step."""
    return resolve_inside(root, relative)


@dataclass(frozen=True)
class ActionReach:
    """What a scenario's actions reach beyond the conversation: code of its folder, hosts,
    environment variables. A folder from elsewhere chooses all three (its ``actions.py``, its
    own ``allow_hosts``, a header of ``${OPENAI_API_KEY}``), so whoever opens folders from
    anywhere (the studio) runs none of it until the author trusts the folder."""

    python: bool = False
    #: The hosts its HTTP actions call (their URLs'), in step order, without repeats.
    hosts: tuple[str, ...] = ()
    #: The environment variables its HTTP actions send (``${NAME}`` in a header).
    variables: tuple[str, ...] = ()

    @property
    def needs_trust(self) -> bool:
        return self.python or bool(self.hosts) or bool(self.variables)


def action_reach(scenario: Scenario, step_id: str | None = None) -> ActionReach:
    """What ``scenario``'s action steps (or only ``step_id``) reach (see :class:`ActionReach`)."""
    python = False
    hosts: list[str] = []
    variables: list[str] = []
    for each, step in scenario.steps.items():
        call = step.call if step.kind is StepKind.ACTION else None
        if call is None or (step_id is not None and each != step_id):
            continue
        python = python or call.python is not None
        if call.http is None:
            continue
        host = urlsplit(call.http.url).hostname or call.http.url
        hosts += [host] if host not in hosts else []
        for text in call.http.headers.values():
            variables += [name for name in env_references(text) if name not in variables]
    return ActionReach(python, tuple(hosts), tuple(variables))


def has_python_actions(scenario: Scenario) -> bool:
    return any(
        step.kind is StepKind.ACTION and step.call is not None and step.call.python is not None
        for step in scenario.steps.values()
    )


class LiveActions:
    """Runs each action (see the module docstring). ``environ`` replaces ``os.environ`` for
    ``${NAME}`` (tests)."""

    def __init__(
        self,
        *,
        environ: Mapping[str, str] | None = None,
        python: PythonActions | None = None,
    ) -> None:
        self.python = python or PythonActions()
        self.http = HttpActions(environ)

    def warm(self, scenario: Scenario) -> None:
        """Start a worker process for the scenario's plain Python actions now, in the
        background, so the first of them does not wait for one."""
        path = module_path(scenario)
        if path is not None and has_python_actions(scenario) and path.is_file():
            self.python.warm(path)

    def mode(self, request: ActionRequest) -> ActionMode:
        return "live"

    async def run(self, request: ActionRequest) -> ActionOutcome:
        call = request.step.call
        if call is None:
            return failure(f"step {request.step.id!r} says nothing to call")
        if call.http is not None:
            return await self.http.run(
                call.http,
                request.values,
                request.context,
                request.timeout_s,
                request.scenario.actions.allow_hosts,
            )
        path = module_path(request.scenario)
        if path is None:
            return failure(
                f"the actions module {request.scenario.actions.module!r} is not inside a "
                "scenario folder"
            )
        return await self.python.run(
            path,
            call.python or "",
            request.inputs,
            request.context,
            request.timeout_s,
            request.on_late,
        )

    async def aclose(self) -> None:
        await self.http.aclose()


#: What a stubbed step without a stub answers.
NO_STUB = "stubbed: no stub for this action (give one in a test's 'actions:' or a stubs file)"


class StubbedActions:
    """Answers from ``stubs`` (by step id) the steps whose call kind is in ``kinds`` (all when
    ``None``): their stub, or the outcome ``error`` with ``missing`` when they have none. Other
    steps go to ``otherwise`` (an ``error`` outcome when there is none)."""

    def __init__(
        self,
        stubs: Mapping[str, Stub],
        *,
        kinds: Collection[str] | None = None,
        otherwise: ActionRunner | None = None,
        missing: str = NO_STUB,
    ) -> None:
        self.stubs = dict(stubs)
        self.kinds = frozenset(kinds) if kinds is not None else None
        self.otherwise = otherwise
        self.missing = missing

    def stubs_step(self, request: ActionRequest) -> bool:
        return self.kinds is None or request.kind in self.kinds or self.otherwise is None

    def mode(self, request: ActionRequest) -> ActionMode:
        if self.stubs_step(request) or self.otherwise is None:
            return "stubbed"
        return self.otherwise.mode(request)

    async def run(self, request: ActionRequest) -> ActionOutcome:
        if self.stubs_step(request):
            stub = self.stubs.get(request.step.id)
            if stub is None:
                return failure(self.missing, mode="stubbed")
            return stub.answer()
        assert self.otherwise is not None
        return await self.otherwise.run(request)

    async def aclose(self) -> None:
        if self.otherwise is not None:
            await self.otherwise.aclose()


__all__ = [
    "NO_STUB",
    "ActionReach",
    "ActionRequest",
    "ActionRunner",
    "LiveActions",
    "StubbedActions",
    "action_reach",
    "has_python_actions",
    "module_path",
]
