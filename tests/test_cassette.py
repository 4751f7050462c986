"""Cassettes: a recording through the real provider replays offline, and a changed request is
caught as stale — naming the call, the field, and both versions — never answered."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Reply
from engine.providers import make_provider
from engine.providers.base import Message, ModelReply, ModelRequest, Provider, streaming_to
from engine.scenario_tests.cassette import (
    Cassette,
    CassetteError,
    CassetteRecorder,
    CassetteReplayer,
    CassetteStale,
    normalise_request,
)

INSTRUCTIONS = "You take pizza orders.\n" + "\n".join(f"Rule {n}: be kind." for n in range(40))
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"message": {"type": "string", "description": "what the user reads " * 20}},
    "required": ["message"],
    "additionalProperties": False,
}


def request(text: str, previous: str | None = None, **changes: Any) -> ModelRequest:
    fields: dict[str, Any] = {
        "model": "gpt-4.1-mini",
        "instructions": INSTRUCTIONS,
        "input": text,
        "schema": SCHEMA,
        "previous_response_id": previous,
        "metadata": {"session": "s-123", "turn": "1"},
    }
    return ModelRequest(**{**fields, **changes})


def provider_on(server: FakeOpenAIServer, name: str = "responses") -> Provider:
    return make_provider(name, api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0)


async def converse(provider: Any, texts: list[str], **changes: Any) -> list[ModelReply]:
    """A chained exchange, as the conversation core makes one."""
    replies: list[ModelReply] = []
    previous = None
    for turn, text in enumerate(texts, start=1):
        provider.turn = turn
        reply = await provider.complete(request(text, previous, **changes))
        replies.append(reply)
        previous = reply.response_id
    return replies


def record(server: FakeOpenAIServer, texts: list[str], answers: list[Any]) -> Cassette:
    server.queue(*answers)
    inner = provider_on(server)
    recorder = CassetteRecorder(inner, scenario="pizza", test="t.test.yaml", model="gpt-4.1-mini")
    recorder.mark_volatile("s-123")

    async def run() -> None:
        try:
            await converse(recorder, texts)
        finally:
            await inner.aclose()

    asyncio.run(run())
    return recorder.cassette()


def replay(
    cassette: Cassette, texts: list[str], session: str = "s-456", **changes: Any
) -> tuple[CassetteReplayer, list[ModelReply]]:
    replayer = CassetteReplayer(cassette)
    replayer.mark_volatile(session)
    changes.setdefault("metadata", {"session": session, "turn": "1"})
    return replayer, asyncio.run(converse(replayer, texts, **changes))


def test_a_recording_replays_the_same_replies_and_usage_offline(
    fake_openai: FakeOpenAIServer,
) -> None:
    cassette = record(
        fake_openai, ["Hi", "A margherita"], ['{"message": "Hello!"}', '{"message": "Coming up."}']
    )
    fake_openai.stop()  # no server: the replay cannot be reaching it

    replayer, replies = replay(cassette, ["Hi", "A margherita"])

    assert [reply.text for reply in replies] == [
        '{"message": "Hello!"}',
        '{"message": "Coming up."}',
    ]
    assert [reply.usage for reply in replies] == [call.reply.usage for call in cassette.calls]
    assert replies[0].usage.input_tokens > 0
    assert replayer.unused == 0 and replayer.leftover() is None


def test_response_ids_and_the_session_id_are_normalised(fake_openai: FakeOpenAIServer) -> None:
    cassette = record(fake_openai, ["Hi", "More"], ['{"message": "a"}', '{"message": "b"}'])

    first, second = (call.request for call in cassette.calls)
    assert "previous_response_id" not in first  # None is left out
    assert second["previous_response_id"] == "@r1"
    assert first["metadata"] == {"session": "@session", "turn": "1"}
    assert [call.reply.response for call in cassette.calls] == ["@r1", "@r2"]


def test_long_values_are_stored_once_and_the_file_round_trips(
    fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    cassette = record(fake_openai, ["Hi", "More", "Done"], ['{"message": "a"}'] * 3)
    path = tmp_path / "t.replies.jsonl"
    cassette.save(path)
    text = path.read_text(encoding="utf-8")

    assert text.count("Rule 39: be kind.") == 1  # the instructions: one blob for three calls
    assert len(cassette.blobs) == 2  # the instructions and the schema
    again = Cassette.load(path, inside=tmp_path)
    assert again.calls == cassette.calls and again.header == cassette.header
    assert again.to_text() == text


def test_a_changed_instruction_is_stale_at_that_call_with_both_lines(
    fake_openai: FakeOpenAIServer,
) -> None:
    cassette = record(fake_openai, ["Hi", "More"], ['{"message": "a"}', '{"message": "b"}'])
    edited = INSTRUCTIONS.replace("Rule 7: be kind.", "Rule 7: be brief.")

    with pytest.raises(CassetteStale) as caught:
        replay(cassette, ["Hi", "More"], instructions=edited)

    stale = caught.value.staleness
    assert (stale.call, stale.turn, stale.field) == (1, 1, "instructions")
    assert stale.recorded == "line 9: Rule 7: be kind."
    assert stale.current == "line 9: Rule 7: be brief."
    assert not caught.value.retryable


def test_a_changed_schema_names_the_path_inside_it(fake_openai: FakeOpenAIServer) -> None:
    cassette = record(fake_openai, ["Hi"], ['{"message": "a"}'])
    schema = {**SCHEMA, "required": ["message", "mood"]}

    with pytest.raises(CassetteStale) as caught:
        replay(cassette, ["Hi"], schema=schema)

    assert caught.value.staleness.field == "schema.required"


def test_a_reworded_user_message_is_stale_at_its_turn(fake_openai: FakeOpenAIServer) -> None:
    cassette = record(fake_openai, ["Hi", "A margherita"], ['{"message": "a"}', '{"message": "b"}'])
    with pytest.raises(CassetteStale) as caught:
        replay(cassette, ["Hi", "Two margheritas"])

    assert caught.value.staleness.turn == 2
    assert caught.value.staleness.field == "input"


def test_more_calls_than_recorded_or_fewer_are_both_stale(fake_openai: FakeOpenAIServer) -> None:
    cassette = record(fake_openai, ["Hi", "More"], ['{"message": "a"}', '{"message": "b"}'])

    with pytest.raises(CassetteStale, match="more model calls than the 2 recorded"):
        replay(cassette, ["Hi", "More", "And more"])
    replayer, _ = replay(cassette, ["Hi"])
    leftover = replayer.leftover()
    assert leftover is not None and leftover.call == 2 and "1 more model call" in leftover.reason


def test_a_new_optional_request_field_left_empty_keeps_old_recordings_valid() -> None:
    @dataclasses.dataclass(frozen=True)
    class NewerRequest(ModelRequest):
        prompt_cache_key: str | None = None

    old = normalise_request(request("Hi"), {"s-123": "@session"})
    new = normalise_request(
        NewerRequest(
            **{f.name: getattr(request("Hi"), f.name) for f in dataclasses.fields(ModelRequest)}
        ),
        {"s-123": "@session"},
    )
    used = normalise_request(
        NewerRequest(
            model="m", instructions="i", input="x", schema={}, prompt_cache_key="prompter-s-123"
        ),
        {"s-123": "@session"},
    )

    assert old == new
    assert used["prompt_cache_key"] == "prompter-@session"  # a session id inside a value too


def test_structured_request_fields_are_read_by_value_never_by_identity() -> None:
    from enum import StrEnum

    from pydantic import BaseModel

    class Layout(StrEnum):
        APPEND = "append"

    class Item(BaseModel):
        role: str
        text: str

    @dataclasses.dataclass(frozen=True)
    class Richer(ModelRequest):
        layout: Layout | None = None
        items: tuple[Item, ...] = ()

    plain = normalise_request(
        Richer(
            model="m",
            instructions="i",
            input="x",
            schema={},
            layout=Layout.APPEND,
            items=(Item(role="developer", text="Step: greet"),),
        ),
        {},
    )

    assert plain["layout"] == "append"
    assert plain["items"] == [{"role": "developer", "text": "Step: greet"}]
    with pytest.raises(TypeError, match="cannot record a request field of type object"):
        normalise_request(
            Richer(model="m", instructions="i", input="x", schema={}, metadata={"x": object()}), {}
        )


def test_the_chat_provider_history_is_recorded_and_checked(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.queue('{"message": "a"}')
    inner = provider_on(fake_openai, "chat")
    recorder = CassetteRecorder(inner, scenario="pizza", test="t", model="gpt-4.1-mini")
    history = (Message("user", "Hi"), Message("assistant", '{"message": "Hello"}'))

    async def run() -> None:
        try:
            await recorder.complete(request("More", history=history))
        finally:
            await inner.aclose()

    asyncio.run(run())
    cassette = recorder.cassette()
    assert cassette.header.chains is False
    replayer = CassetteReplayer(cassette)
    assert replayer.chains is False
    changed = (Message("user", "Hi"), Message("assistant", '{"message": "Hi there"}'))
    with pytest.raises(CassetteStale) as caught:
        asyncio.run(replayer.complete(request("More", history=changed)))
    assert caught.value.staleness.field == "history.1.content"


def test_recording_the_same_conversation_twice_gives_the_same_file(
    fake_openai: FakeOpenAIServer,
) -> None:
    answers = ['{"message": "a"}', Reply(text='{"message": "b"}')]
    first = record(fake_openai, ["Hi", "More"], answers).to_text()
    with FakeOpenAIServer() as other:
        second = record(other, ["Hi", "More"], answers).to_text()

    assert first == second


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", ":1: the cassette is empty"),
        ("not json\n", ":1: not a JSON line"),
        ('{"cassette": "other"}\n', ":1: not a Prompter cassette"),
        ('{"cassette": "prompter", "version": 9}\n', "version 9 is not supported"),
        (
            '{"cassette": "prompter", "version": 1, "scenario": "s", "test": "t", '
            '"provider": "responses", "chains": true, "model": "m"}\n{"call": 2}\n',
            ":2: expected call 1, found 2",
        ),
        (
            '{"cassette": "prompter", "version": 1, "scenario": "s", "test": "t", '
            '"provider": "responses", "chains": true, "model": "m"}\n'
            '{"call": 1, "digest": "d", "request": {"instructions": {"$blob": "x"}}, '
            '"reply": {"text": "", "model": "m"}}\n',
            "refers to blob 'x'",
        ),
        (
            '{"cassette": "prompter", "version": 1, "scenario": "s", "test": "t", '
            '"provider": "responses", "chains": true, "model": "m"}\n'
            '{"call": 1, "digest": "d", "request": {}, "reply": {"text": "", "model": "m", '
            '"usage": {"input_tokens": -3}}}\n',
            "valid 'usage.input_tokens'",
        ),
        (
            '{"cassette": "prompter", "version": 1, "scenario": "s", "test": "t", '
            '"provider": "responses", "chains": true, "model": "m"}\n{"call": 1, "digest": "d", '
            '"request": {}, "reply": {"text": "{\\"message\\": \\"a',
            "not a JSON line",
        ),
    ],
    ids=["empty", "not-json", "foreign", "version", "order", "blob", "usage", "half-line"],
)
def test_a_broken_cassette_is_refused_with_its_file_and_line(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "t.replies.jsonl"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(CassetteError, match="re-record") as caught:
        Cassette.load(path, inside=tmp_path)

    assert message in str(caught.value)
    assert str(path) in str(caught.value)


def test_a_missing_cassette_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(CassetteError, match="no cassette; record one with --record"):
        Cassette.load(tmp_path / "absent.replies.jsonl", inside=tmp_path)


def test_a_streamed_recording_keeps_the_final_reply_and_replays_streamed_word_by_word(
    fake_openai: FakeOpenAIServer,
) -> None:
    heard: list[str] = []
    with streaming_to(heard.append):  # recorded while the model streamed
        cassette = record(fake_openai, ["Hi"], ['{"message": "Hello there, Ann!"}'])
    assert heard[-1] == "Hello there, Ann!"
    assert cassette.calls[0].reply.text == '{"message": "Hello there, Ann!"}'

    shown: list[str] = []
    replayer = CassetteReplayer(cassette, stream=True)
    replayer.mark_volatile("s-456")

    async def replayed() -> list[ModelReply]:
        with streaming_to(shown.append):
            return await converse(replayer, ["Hi"], metadata={"session": "s-456", "turn": "1"})

    (reply,) = asyncio.run(replayed())
    assert shown == ["Hello ", "Hello there, ", "Hello there, Ann!"]
    assert reply.text == cassette.calls[0].reply.text
