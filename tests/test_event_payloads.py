"""Every event type has a payload type, the engine writes what the types say, and the reader's
runtime check is derived from those types (one definition of the log schema)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from pathlib import Path
from typing import Any, NotRequired, TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.log.events
from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.errors import ProviderError
from engine.io.input_limits import MAX_LOG_INT
from engine.log.events import (
    PAYLOADS,
    Count,
    Event,
    EventType,
    TurnEndData,
    UserMessageData,
)
from engine.log.schema import FIELDS, HEADER, check_of, declared, fields_of, problem
from engine.providers.base import ModelReply, ModelRequest
from engine.providers.scripted import ScriptedProvider
from engine.scenario.loader import load_scenario
from engine.serve.versioned import migrate_session

PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"


def reply(message: str, transition: str = "stay", **results: Any) -> dict[str, Any]:
    return {"message": message, "transition": transition, "results": results, "summary": "so far"}


class SwitchingScript(ScriptedProvider):
    """A script whose first reply came after the server refused a format (a notice), with
    no usage from the server (counted locally: estimated), from a server at a base URL (the
    endpoint whose prices apply)."""

    async def complete(self, request: ModelRequest) -> ModelReply:
        reply = await super().complete(request)
        if self.calls > 1:
            return reply
        usage = dataclasses.replace(reply.usage, estimated=True)
        return dataclasses.replace(
            reply,
            usage=usage,
            notices=("switched to json_object",),
            endpoint="http://127.0.0.1:8080/v1",
        )


def every_kind_of_event(tmp_path: Path) -> list[Event]:
    """A conversation that makes the engine write every event type and every optional field:
    a placeholder it cannot fill, a correction, a fallback, a salvaged slip, a step change
    (a new chain under the default layout), a streamed message and one taken back (its reply
    names no transition of the step), a failed call, then a resume and a fork."""
    scenario = load_scenario(PIZZA)
    scenario.steps["greet"].instructions_text += " Greet {{nickname}}."
    events: list[Event] = []
    provider = SwitchingScript(
        [
            reply("Hi, your name?"),
            reply("Hello, straight to the pizzas?", "no_such_transition"),
            "still not JSON",
            "never JSON",
            reply("Hello Ann!", "wants_to_order", customer_name="Ann"),
            "```json\n" + json.dumps(reply("Which pizzas?", pizzas=["margherita"])) + "\n```",
        ],
        stream=True,
    )
    conversation = Conversation(scenario, provider)
    conversation.events.subscribe(events.append)
    chat = SyncConversation(conversation)
    for text in ("hi", "I am Ann", "Ann", "margherita", "that's all"):
        with contextlib.suppress(ProviderError):  # the script runs out: an error event
            chat.send(text)
    saved = tmp_path / "session.json"
    chat.save(saved)
    chat.close()
    for follow_up in (
        Conversation.resume(saved, scenario, ScriptedProvider([])),
        Conversation.fork(list(events), 1, scenario, ScriptedProvider([])),
    ):
        follow_up.events.subscribe(events.append)
        with SyncConversation(follow_up) as again:
            again.start()
    return events


ACTIONS_SCENARIO = """\
name: acting
start: book
actions: {allow_hosts: [127.0.0.1]}
variables:
  booking: {type: string}
steps:
  book:
    kind: action
    call: {http: {method: POST, url: "http://127.0.0.1:{port}/book"}}
    results: {booking: {type: string, required: true}}
    transitions: {ok: {to: note}, error: {to: slow}}
  note:
    kind: action
    call: {python: note}
    transitions: {ok: {to: slow}, error: {to: slow}}
  slow:
    kind: action
    call: {python: slow}
    timeout_s: 0.2
    transitions: {error: {to: done}}
  done: {kind: message, text: Done., final: true}
"""

ACTIONS_MODULE = """\
import asyncio

def note():
    return {"unexpected": 1}

async def slow():
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        await asyncio.sleep(0.05)
    return {"late": True}
"""


def every_kind_of_action_event(folder: Path, port: int) -> list[Event]:
    """An HTTP action (its status), a Python one returning a field it does not declare, and
    an async one that answers after its deadline (a late result)."""
    folder.mkdir()
    (folder / "scenario.yaml").write_text(ACTIONS_SCENARIO.replace("{port}", str(port)))
    (folder / "actions.py").write_text(ACTIONS_MODULE)
    conversation = Conversation(load_scenario(folder), ScriptedProvider([]))
    events: list[Event] = []
    conversation.events.subscribe(events.append)

    async def run() -> None:
        await conversation.start()
        await asyncio.sleep(0.3)  # the late result comes in

    asyncio.run(run())
    return events


def test_every_event_type_has_a_payload_type_the_reader_checks() -> None:
    assert set(PAYLOADS) == set(EventType) == set(FIELDS)
    for kind, shape in PAYLOADS.items():
        assert declared(shape), kind
        assert f":class:`{shape.__name__}`" in (engine.log.events.__doc__ or "") or (
            f":data:`{shape.__name__}`" in (engine.log.events.__doc__ or "")
        ), kind


def test_the_engine_writes_exactly_what_the_payload_types_say(
    tmp_path: Path, action_service: Any
) -> None:
    action_service.route("/book", status=201, body={"booking": "B-1"})
    events = every_kind_of_event(tmp_path)
    events += every_kind_of_action_event(tmp_path / "acting", action_service.port)
    # the server writes one more, between two turns: a conversation moved to a new version
    saved = (tmp_path / "session.json").read_text(encoding="utf-8")
    events.append(migrate_session(saved, "0123abcd4567", "89efab012345", {"greet": "hello"})[1])

    seen: dict[str, set[str]] = {kind: set() for kind in PAYLOADS}
    for event in events:
        fields = declared(PAYLOADS[event.type])
        required = {name for name, (_, always) in fields.items() if always}
        assert required <= set(event.data) <= set(fields), (event.type, sorted(event.data))
        assert problem(event.to_record()) is None, event
        seen[event.type] |= set(event.data)
    # every field of every type was written at least once: no type declares a field in vain
    assert {kind: set(declared(PAYLOADS[kind])) - names for kind, names in seen.items()} == {
        kind: set() for kind in PAYLOADS
    }


def test_a_field_added_to_a_payload_type_is_checked_from_then_on() -> None:
    class Later(TypedDict):
        text: str
        count: NotRequired[Count]
        ratio: float | None
        anything: Any

    checks = fields_of(Later)

    assert set(checks) == {"text", "count", "ratio"}  # "anything": only its depth is checked
    assert not checks["count"](-1) and checks["count"](3) and not checks["count"](True)
    assert checks["ratio"](None) and checks["ratio"](1) and not checks["ratio"](float("nan"))
    with pytest.raises(TypeError, match="no runtime check"):
        check_of(set[str])


def test_the_newer_request_fields_are_checked_too() -> None:
    base = {"type": "model_request", "seq": 1}

    assert problem(base | {"input_items": [{"role": "system", "content": "…"}]}) is None
    assert problem(base | {"input_items": [{"role": 1}]}) == (
        "'input_items' should be a list of JSON objects of the documented fields, not a list"
    )
    assert problem(base | {"new_chain": "yes"}) == "'new_chain' should be true or false, not 'yes'"
    assert problem(base | {"layout": None}) == "'layout' should be text, not none"
    assert problem(base | {"prompt_cache_key": None}) is None


def test_a_payload_is_read_typed_only_as_its_own_type() -> None:
    event = Event(EventType.TURN_END, "s", 3, 1, "greet", {"calls": 2})

    assert event.payload(TurnEndData).get("calls") == 2
    with pytest.raises(TypeError, match="'turn_end' event has no UserMessageData"):
        event.payload(UserMessageData)


VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-2 * MAX_LOG_INT, 2 * MAX_LOG_INT)
    | st.floats()
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=2)
        | st.dictionaries(
            st.sampled_from(["role", "content", "input_tokens", "session", "turn", "x"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=6,
)
NAMES = sorted({name for fields in FIELDS.values() for name in fields} | set(HEADER))


def walked(record: dict[str, Any]) -> str | None:
    """The field the schema refuses, found by walking its checks one by one (the reference the
    compiled check must agree with)."""
    for name in ("type", "seq"):
        if name not in record:
            return name
    kind = record["type"]
    fields = {**HEADER, **(FIELDS.get(kind, {}) if isinstance(kind, str) else {})}
    return next(
        (name for name, check in fields.items() if name in record and not check(record[name])), None
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from([*PAYLOADS, "unknown"]) | VALUES,
    seq=st.integers(-1, 3) | VALUES,
    fields=st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=6),
)
def test_the_compiled_check_refuses_exactly_what_the_field_checks_refuse(
    kind: Any, seq: Any, fields: dict[str, Any]
) -> None:
    record = {**fields, "type": kind, "seq": seq}

    refused = walked(record)
    found = problem(record)

    assert (found is None) == (refused is None), (record, found)
    if found is not None:
        assert found.startswith(f"'{refused}' should be"), (record, found)
