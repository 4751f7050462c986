"""Save a chat as a test: a conversation's events → a test file and its cassette.

The test's turns are the chat's user messages; each turn's expectations are pre-filled from what
happened (the step after it, the signal taken, the variables the turn changed) and the end
records whether the conversation finished. The author then trims or loosens them.

The cassette must hold the requests exactly as the engine builds them, which a log only
summarises. So the chat is played again, locally and instantly: the logged replies answer, in
order, a fresh conversation over the same scenario, through a :class:`CassetteRecorder`. If that
replay does not go the same way — the scenario was edited since the chat — nothing is saved and
the error says where it parted.

Only completed turns count (a turn rolled back by an error is left out, as a resumed session
leaves it out). A forked conversation, or a log that does not start at the first message, cannot
be a test: a test always starts from the scenario's start.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

import yaml

from engine.errors import SessionError
from engine.io.atomic import atomic_write_text
from engine.log.events import (
    Event,
    EventType,
    ModelResponseData,
    SessionStartData,
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
        cassette = Cassette(header, self.cassette.calls, self.cassette.blobs)
        # Both inside the scenario's folder: a tests/ linked elsewhere is refused, not followed.
        cassette.save(folder / f"{stem}{CASSETTE_SUFFIX}", inside=scenario_dir)
        atomic_write_text(test_file, self.text, inside=scenario_dir)
        return test_file


@dataclass(frozen=True)
class _LoggedTurn:
    user: str
    step: str
    signals: list[str]
    changed: dict[str, Any]
    replies: list[ModelReply]


def chat_to_test(scenario: Scenario, events: Iterable[Event], *, name: str) -> SavedChat:
    """The test (and cassette) for the first conversation in ``events`` (a log or live events).

    Raises :class:`SessionError` when the events are not a whole conversation of this scenario,
    or when the scenario no longer plays it the same way. Runs its own event loop: call it from
    a worker thread or a script, not from inside a running loop.
    """
    opening, turns, finished, provider = _read(scenario, events)
    if not turns:
        raise SessionError("the chat has no completed turn to save as a test")
    test = ScenarioTest(
        name=name,
        turns=[
            TurnSpec(
                user=turn.user,
                expect=Expect(
                    step=turn.step,
                    transition=turn.signals[0] if turn.signals else STAY,
                    variables=turn.changed,
                ),
            )
            for turn in turns
        ],
        end=EndSpec(finished=finished),
    )
    replies = [*opening, *(reply for turn in turns for reply in turn.replies)]
    answer = _LoggedReplies(replies, provider)
    result, cassette = asyncio.run(record_cassette(scenario, test, answer))
    if cassette is None or not result.passed or answer.position != len(replies):
        raise SessionError(_parted(result, answer.position, len(replies)))
    return SavedChat(test, dump_test(test), cassette)


def dump_test(test: ScenarioTest) -> str:
    """A test as the YAML an author would write: block style, short mappings inline."""
    data: dict[str, Any] = {}
    if test.name:
        data["name"] = test.name
    if test.variables:
        data["variables"] = dict(test.variables)
    data["turns"] = []
    for turn in test.turns:
        item: dict[str, Any] = {"user": turn.user}
        expect = turn.expect.model_dump(exclude_defaults=True)
        if expect:
            item["expect"] = expect
        data["turns"].append(item)
    if test.end is not None:
        end = test.end.model_dump(exclude_defaults=True)
        if end:
            data["end"] = end
    text: str = yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
    )
    return text


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
) -> tuple[list[ModelReply], list[_LoggedTurn], bool, str]:
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
    turns: list[_LoggedTurn] = []
    # The turns that stand, by the one rule of engine.log.fold (rolled-back ones left out).
    for turn, turn_events in events_by_turn(ours, fold_log(ours).completed()):
        if turn.number == 0:
            opening = [_reply(e) for e in turn_events if e.type == EventType.MODEL_RESPONSE]
            continue
        if turn.number != len(turns) + 1:
            raise SessionError(
                f"the chat's log starts at turn {turn.number}, not at the "
                "first message: save the whole conversation"
            )
        turns.append(_turn(turn_events))
    last = scenario.steps.get(turns[-1].step) if turns else None
    finished = last is not None and last.final
    return opening, turns, finished, provider


def _turn(events: list[Event]) -> _LoggedTurn:
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
