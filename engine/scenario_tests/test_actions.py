"""What answers a scenario test's action steps: its stubs, else the recording, else the action.

A test may stub actions for the whole test, or from a turn on (a turn's ``actions:`` adds to
and overrides the test's, for that turn and every later one)::

    actions: {find_slots: {outcome: ok, results: {slots: [Mon 9:00]}}}
    turns:
      - user: Any slot on Monday?
      - user: What about Tuesday?
        actions: {find_slots: no_slots}

A step without a stub is answered by the mode's runner: ``--replay`` (the default) answers it
from the cassette and **never runs an action** — a step the recording did not run, or handed
other inputs, makes the test stale; ``--record`` runs the real action and the cassette keeps its
outcome and results; ``--live`` runs it and keeps nothing. Coverage counts the outcome edges
taken like any other transition (they are transitions).
"""

from __future__ import annotations

from engine.actions.outcome import ActionMode, ActionOutcome, read_returned
from engine.actions.runners import ActionRequest, ActionRunner, LiveActions
from engine.actions.stubs import Stub
from engine.providers.base import Provider
from engine.scenario_tests.cassette import CassetteRecorder, CassetteReplayer
from engine.scenario_tests.definition import ScenarioTest

__all__ = ["RecordingActions", "ReplayedActions", "TestActions", "unstubbed"]


def unstubbed(wired: Provider, given: ActionRunner | None = None) -> ActionRunner:
    """What answers a test's unstubbed action steps, by how its model calls are wired: the
    recording when replaying (an action never runs), the action itself otherwise — kept in the
    cassette when recording. ``given`` replaces the action itself (a saved chat's outcomes)."""
    if isinstance(wired, CassetteReplayer):
        return ReplayedActions(wired)
    if isinstance(wired, CassetteRecorder):
        return RecordingActions(wired, given)
    return given or LiveActions()


class ReplayedActions:
    """Answers each action step from the cassette (see the module docstring)."""

    def __init__(self, replayer: CassetteReplayer) -> None:
        self.replayer = replayer

    def mode(self, request: ActionRequest) -> ActionMode:
        return "replayed"

    async def run(self, request: ActionRequest) -> ActionOutcome:
        recorded = self.replayer.replay_action(request.step.id, request.inputs)
        if recorded.outcome in ("error", "timeout"):
            return ActionOutcome(recorded.outcome, error=recorded.error, mode="replayed")
        value = {"outcome": recorded.outcome, "results": recorded.results}
        return read_returned(value, mode="replayed", status=recorded.status)

    async def aclose(self) -> None:
        """Nothing to release."""


class RecordingActions:
    """Runs each action step and keeps its outcome in the recording."""

    def __init__(self, recorder: CassetteRecorder, inner: ActionRunner | None = None) -> None:
        self.recorder = recorder
        self.inner: ActionRunner = inner if inner is not None else LiveActions()

    def mode(self, request: ActionRequest) -> ActionMode:
        return self.inner.mode(request)

    async def run(self, request: ActionRequest) -> ActionOutcome:
        outcome = await self.inner.run(request)
        self.recorder.record_action(request.step.id, request.inputs, outcome)
        return outcome

    async def aclose(self) -> None:
        await self.inner.aclose()


class TestActions:
    """A test's stubs at the current :attr:`turn`, else ``otherwise``."""

    __test__ = False  # not a pytest test class

    def __init__(self, test: ScenarioTest, otherwise: ActionRunner) -> None:
        self.test = test
        self.otherwise = otherwise
        #: The turn being played (0: the start); the runner sets it before each message.
        self.turn = 0

    def stub(self, step: str) -> Stub | None:
        """The stub of ``step`` in force at :attr:`turn` (the latest that names it)."""
        found = self.test.actions.get(step)
        for number, spec in enumerate(self.test.turns, start=1):
            if number > self.turn:
                break
            found = spec.actions.get(step, found)
        return found

    def mode(self, request: ActionRequest) -> ActionMode:
        if self.stub(request.step.id) is not None:
            return "stubbed"
        return self.otherwise.mode(request)

    async def run(self, request: ActionRequest) -> ActionOutcome:
        stub = self.stub(request.step.id)
        if stub is not None:
            return stub.answer()
        return await self.otherwise.run(request)

    async def aclose(self) -> None:
        await self.otherwise.aclose()
