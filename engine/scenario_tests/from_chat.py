"""Save a chat as a test: a conversation's events → a test file and its cassette.

The test's turns are the chat's user messages; each turn's expectations are pre-filled from what
happened (the step after it, the signal taken, the variables the turn changed) and the end
records whether the conversation finished. The author then trims or loosens them.

The cassette must hold the requests exactly as the engine builds them, which a log only
summarises. So the chat is played again, locally and instantly: the logged replies answer, in
order, a fresh conversation over the same scenario, through a :class:`CassetteRecorder`. If that
replay does not go the same way — the scenario was edited since the chat — nothing is saved and
the error says where it parted.

Action steps are never run again to save a chat: an action the chat stubbed becomes a stub of
the test (under the turn it ran in, when it changes), and the outcome of one that ran answers the
replay in order and is kept in the cassette, as if it had been recorded then.

Only completed turns count (a turn rolled back by an error is left out, as a resumed session
leaves it out). A forked conversation, or a log that does not start at the first message, cannot
be a test: a test always starts from the scenario's start.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import yaml

from engine.actions.outcome import ActionMode, ActionOutcome
from engine.actions.runners import ActionRequest
from engine.actions.stubs import Stub
from engine.errors import SessionError
from engine.io.atomic import atomic_write_text
from engine.log.events import (
    ActionResultData,
    Event,
    EventType,
    ModelResponseData,
    SessionStartData,
    StepSummaryData,
    TransitionData,
    UserMessageData,
    VariableChangeData,
)
from engine.log.fold import events_by_turn, fold_log
from engine.providers.base import ClosingProvider, ModelReply, ModelRequest, Usage
from engine.scenario.definition import STAY, Scenario
from engine.scenario_tests.cassette import Cassette
from engine.scenario_tests.definition import (
    CASSETTE_SUFFIX,
    TEST_SUFFIX,
    TESTS_DIR,
    EndSpec,
    Expect,
    ScenarioTest,
    TurnSpec,
)
from engine.scenario_tests.runner import record_cassette

__all__ = ["SavedChat", "chat_to_test", "dump_test"]


@dataclass(frozen=True)
class SavedChat:
    """A chat made into a test: the file's text and the cassette, ready to be written."""

    test: ScenarioTest
    text: str
    cassette: Cassette

    def save(self, scenario_dir: Path | str, stem: str, *, overwrite: bool = False) -> Path:
        """Write ``tests/STEM.test.yaml`` and its cassette (atomically); return the test's path.

        An existing test of that name is kept (:class:`SessionError`) unless ``overwrite``.
        """
        folder = Path(scenario_dir) / TESTS_DIR
        test_file = folder / f"{stem}{TEST_SUFFIX}"
        if test_file.exists() and not overwrite:
            raise SessionError(f"{test_file} already exists; choose another name")
        header = replace(self.cassette.header, test=test_file.name)
        cassette = Cassette(
            header, self.cassette.calls, self.cassette.blobs, actions=self.cassette.actions
        )
        # Both inside the scenario's folder: a tests/ linked elsewhere is refused, not followed.
        cassette.save(folder / f"{stem}{CASSETTE_SUFFIX}", inside=scenario_dir)
        atomic_write_text(test_file, self.text, inside=scenario_dir)
        return test_file


@dataclass(frozen=True)
class _LoggedAction:
    """An action step as the chat's log recorded its end."""

    step: str
    outcome: str
    results: dict[str, Any]
    error: str | None
    stubbed: bool
    status: int | None = None

    def stub(self) -> Stub:
        return Stub(outcome=self.outcome, results=self.results, error=self.error)


@dataclass(frozen=True)
class _LoggedTurn:
    user: str
    step: str
    signals: list[str]
    changed: dict[str, Any]
    replies: list[ModelReply]
    actions: list[_LoggedAction] = field(default_factory=list)


def chat_to_test(scenario: Scenario, events: Iterable[Event], *, name: str) -> SavedChat:
    """The test (and cassette) for the first conversation in ``events`` (a log or live events).

    Raises :class:`SessionError` when the events are not a whole conversation of this scenario,
    or when the scenario no longer plays it the same way. Runs its own event loop: call it from
    a worker thread or a script, not from inside a running loop.
    """
    opening, turns, finished, provider, opening_actions = _read(scenario, events)
    if not turns:
        raise SessionError("the chat has no completed turn to save as a test")
    # A step's first stub is the test's; a different one later is its turn's, from then on.
    everything = [*opening_actions, *(action for turn in turns for action in turn.actions)]
    stubs_at_start: dict[str, Stub] = {}
    for action in everything:
        if action.stubbed:
            stubs_at_start.setdefault(action.step, action.stub())
    in_force = dict(stubs_at_start)
    specs: list[TurnSpec] = []
    for turn in turns:
        changed_stubs: dict[str, Stub] = {}
        for action in turn.actions:
            if action.stubbed and in_force.get(action.step) != action.stub():
                changed_stubs[action.step] = in_force[action.step] = action.stub()
        specs.append(
            TurnSpec(
                user=turn.user,
                expect=Expect(
                    step=turn.step,
                    transition=turn.signals[0] if turn.signals else STAY,
                    variables=turn.changed,
                ),
                actions=changed_stubs,
            )
        )
    test = ScenarioTest(
        name=name, turns=specs, end=EndSpec(finished=finished), actions=stubs_at_start
    )
    replies = [*opening, *(reply for turn in turns for reply in turn.replies)]
    answer = _LoggedReplies(replies, provider)
    ran = [action for action in everything if not action.stubbed]
    logged = _LoggedActions(ran)
    result, cassette = asyncio.run(record_cassette(scenario, test, answer, actions=logged))
    if (
        cassette is None
        or not result.passed
        or answer.position != len(replies)
        or logged.position != len(ran)
    ):
        raise SessionError(_parted(result, answer.position, len(replies)))
    return SavedChat(test, dump_test(test), cassette)


def dump_test(test: ScenarioTest) -> str:
    """A test as the YAML an author would write: block style, short mappings inline."""
    data: dict[str, Any] = {}
    if test.name:
        data["name"] = test.name
    if test.variables:
        data["variables"] = dict(test.variables)
    if test.actions:
        data["actions"] = _stubs_data(test.actions)
    data["turns"] = []
    for turn in test.turns:
        item: dict[str, Any] = {"user": turn.user}
        expect = turn.expect.model_dump(exclude_defaults=True)
        if expect:
            item["expect"] = expect
        if turn.actions:
            item["actions"] = _stubs_data(turn.actions)
        data["turns"].append(item)
    if test.end is not None:
        end = test.end.model_dump(exclude_defaults=True)
        if end:
            data["end"] = end
    text: str = yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
    )
    return text


def _stubs_data(stubs: dict[str, Stub]) -> dict[str, Any]:
    return {step: stub.model_dump(exclude_defaults=True) for step, stub in stubs.items()}


class _LoggedActions:
    """Answers the action steps with the chat's logged outcomes, in order (never runs one)."""

    def __init__(self, actions: list[_LoggedAction]) -> None:
        self.actions = actions
        self.position = 0

    def mode(self, request: ActionRequest) -> ActionMode:
        return "replayed"

    async def run(self, request: ActionRequest) -> ActionOutcome:
        if self.position >= len(self.actions):
            raise SessionError("the scenario now runs more action steps than the chat did")
        logged = self.actions[self.position]
        if logged.step != request.step.id:
            raise SessionError(
                f"the scenario now runs action step {request.step.id!r} where the chat ran "
                f"{logged.step!r}"
            )
        self.position += 1
        if logged.outcome in ("error", "timeout"):
            return ActionOutcome(logged.outcome, error=logged.error, status=logged.status)
        return ActionOutcome(logged.outcome, results=logged.results, status=logged.status)

    async def aclose(self) -> None:
        """Nothing to release."""


class _LoggedReplies(ClosingProvider):
    """Answers with the chat's logged replies, in order (the provider the cassette records)."""

    def __init__(self, replies: list[ModelReply], name: str) -> None:
        self.replies = replies
        self.name = name
        self.chains = name != "chat"
        self.position = 0

    async def complete(self, request: ModelRequest) -> ModelReply:
        if self.position >= len(self.replies):
            raise SessionError("the scenario now makes more model calls than the chat did")
        reply = self.replies[self.position]
        self.position += 1
        return reply


def _read(
    scenario: Scenario, events: Iterable[Event]
) -> tuple[list[ModelReply], list[_LoggedTurn], bool, str, list[_LoggedAction]]:
    items = list(events)
    start = next((event for event in items if event.type == EventType.SESSION_START), None)
    if start is None:
        raise SessionError("the events hold no session_start: not a conversation")
    started = start.payload(SessionStartData)
    if started.get("scenario") not in (None, scenario.name):
        raise SessionError(
            f"the chat is of scenario {started.get('scenario')!r}, not {scenario.name!r}"
        )
    if started.get("forked_from"):
        raise SessionError(
            "a forked chat cannot be saved as a test: a test starts at the "
            "scenario's start (save the chat it was forked from)"
        )
    provider = started.get("provider") or "responses"
    ours = [event for event in items if event.session == start.session]
    opening: list[ModelReply] = []
    opening_actions: list[_LoggedAction] = []
    turns: list[_LoggedTurn] = []
    #: results no variable declares, as captured so far (a turn expects those it changed)
    captured: dict[str, Any] = {}
    # The turns that stand, by the one rule of engine.log.fold (rolled-back ones left out).
    for turn, turn_events in events_by_turn(ours, fold_log(ours).completed()):
        if turn.number == 0:
            opening = [_reply(e) for e in turn_events if e.type == EventType.MODEL_RESPONSE]
            opening_actions = _actions(turn_events)
            continue
        if turn.number != len(turns) + 1:
            raise SessionError(
                f"the chat's log starts at turn {turn.number}, not at the "
                "first message: save the whole conversation"
            )
        turns.append(_turn(turn_events, scenario, captured))
    last = scenario.steps.get(turns[-1].step) if turns else None
    finished = last is not None and last.final
    return opening, turns, finished, provider, opening_actions


def _actions(events: list[Event]) -> list[_LoggedAction]:
    """The action steps that ended during a turn, in order (late results are not ends)."""
    found: list[_LoggedAction] = []
    for event in events:
        if event.type != EventType.ACTION_RESULT or not event.step:
            continue
        data = event.payload(ActionResultData)
        if data.get("late"):
            continue
        found.append(
            _LoggedAction(
                step=event.step,
                outcome=data.get("outcome") or "error",
                results=dict(data.get("results") or {}),
                error=data.get("error"),
                stubbed=data.get("mode") == "stubbed",
                status=data.get("status"),
            )
        )
    return found


def _turn(events: list[Event], scenario: Scenario, captured: dict[str, Any]) -> _LoggedTurn:
    """One turn as logged; ``captured`` (updated here): the values of results no variable
    declares so far, so that the turn expects those it captured or changed, as it expects the
    variables it changed."""
    user = next(
        (
            e.payload(UserMessageData).get("text", "")
            for e in events
            if e.type == EventType.USER_MESSAGE
        ),
        "",
    )
    changed: dict[str, Any] = {}
    for event in events:
        if event.type == EventType.VARIABLE_CHANGE:
            change = event.payload(VariableChangeData)
            changed[str(change.get("name"))] = change.get("new")
        elif event.type == EventType.STEP_SUMMARY:
            results = event.payload(StepSummaryData).get("results") or {}
            for name, value in results.items():
                if name in scenario.variables or value is None or captured.get(name) == value:
                    continue
                changed[name] = captured[name] = value
    return _LoggedTurn(
        user=user,
        step=str(events[-1].step),
        signals=[
            e.payload(TransitionData).get("signal", "")
            for e in events
            if e.type == EventType.TRANSITION
        ],
        changed=changed,
        replies=[_reply(e) for e in events if e.type == EventType.MODEL_RESPONSE],
        actions=_actions(events),
    )


def _reply(event: Event) -> ModelReply:
    data = event.payload(ModelResponseData)
    usage = data.get("usage")
    status: Literal["completed", "incomplete"] = (
        "incomplete" if data.get("status") == "incomplete" else "completed"
    )
    return ModelReply(
        text=data.get("raw_text") or "",
        response_id=data.get("response_id"),
        usage=Usage(
            usage.get("input_tokens", 0),
            usage.get("cached_tokens", 0),
            usage.get("output_tokens", 0),
        )
        if usage
        else Usage(),
        latency_s=0.0,
        model=data.get("model") or "",
        status=status,
        incomplete_reason=data.get("incomplete_reason"),
        refusal=data.get("refusal"),
        # a chat with the fake model or a reply script makes a synthetic cassette, and says so
        synthetic=data.get("synthetic") or None,
    )


def _parted(result: Any, used: int, logged: int) -> str:
    where = ""
    if result.failures:
        where = f": {result.failures[0].describe()}"
    elif result.error:
        where = f": {result.error}"
    elif used != logged:
        where = f": it used {used} of the chat's {logged} model replies"
    return (
        "the scenario no longer plays this chat the same way (was it edited since?)"
        f"{where}; chat again to save a test"
    )
