"""Rebuilding what a model call sent from the log alone: the parts, the cache, the diff, export.

Conversations run through the real ``openai`` SDK against the fake server, which keeps
``previous_response_id`` chains as OpenAI does and counts tokens deterministically. So the
conversation rebuilt from the log can be compared with the one the server actually held, and
the parts' token estimates with the billed input. The estimate counts words and punctuation
marks as the fake does; it differs from the fake's count only by the role markers of the
leading system messages, which the fake folds into the instructions of a chat request.
"""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
from dataclasses import dataclass, replace
from typing import Any

import pytest
from test_economics import PLANS, Recorder, analyst, open_chat

from engine.log.events import Event
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, FakeRequest
from engine.offline.fake_openai.requests import RecordedRequest
from engine.providers.server_formats import default_cap_param
from engine.request_view import (
    CACHE_BLOCK_TOKENS,
    MARKER_TOKENS,
    CallIndex,
    RequestView,
    compare,
    estimate_tokens,
    rebuild,
)
from engine.request_view.export import api_body, replay_command
from engine.scenario.definition import PromptLayout

# On one worker, so that each conversation is played once (see played()).
pytestmark = pytest.mark.xdist_group("request_view")


def converse(
    server: FakeOpenAIServer,
    layout: PromptLayout = PromptLayout.COMPACT,
    provider: str = "responses",
    *,
    violation_rate: float = 0.3,
) -> tuple[list[Event], list[FakeRequest]]:
    """The thorough analyst-bot interview, with contract slips (corrections) and a refusal."""
    scenario = analyst(layout)
    plan = Plan.load(PLANS["analyst_bot_thorough"])
    recorder = Recorder(Autopilot(scenario, plan, violation_rate=violation_rate, seed=3))
    server.responder = recorder
    chat, events = open_chat(scenario, server, provider)
    chat.start()
    for planned in plan.turns:
        chat.send(planned.user)
    chat.close()
    return events, recorder.seen


@dataclass(frozen=True)
class Held:
    """A conversation as the log, the model and the server saw it."""

    events: tuple[Event, ...]
    #: each request as the model read it
    seen: tuple[FakeRequest, ...]
    #: each model request as the server received it
    sent: tuple[RecordedRequest, ...]
    base_url: str


@functools.cache
def played(
    layout: PromptLayout = PromptLayout.COMPACT,
    provider: str = "responses",
    *,
    violation_rate: float = 0.3,
    cache_overflow: bool = True,
) -> Held:
    """:func:`converse` on a server of its own, played once per worker for all the tests that
    only read what it logged: played again, it logs the same (the autopilot is seeded, the fake
    server deterministic). ``cache_overflow=False``: the server's cache never overflows (one
    conversation played in a second is more than the 15 requests a minute of one key that the
    service's cache machines take)."""
    with FakeOpenAIServer() as server:
        if not cache_overflow:
            server.cache.overflow_rpm = None
        events, seen = converse(server, layout, provider, violation_rate=violation_rate)
        return Held(tuple(events), tuple(seen), tuple(server.model_requests()), server.base_url)


def conversation_of(view: RequestView) -> list[tuple[str, str]]:
    return [
        (message.role, message.content)
        for part in view.parts
        if part.kind in ("history", "items", "input")
        for message in part.messages
    ]


@pytest.mark.parametrize("layout", list(PromptLayout))
def test_the_rebuilt_conversation_is_the_one_the_server_held_and_the_parts_add_up(
    layout: PromptLayout,
) -> None:
    conversation = played(layout)
    events, seen = conversation.events, conversation.seen
    index = CallIndex(events)
    assert len(index.requests) == len(seen) > 26  # corrections included
    purposes = {request.data["purpose"] for request in index.requests}
    assert "correction" in purposes
    for request, held in zip(index.requests, seen, strict=True):
        view = rebuild(index, request)
        assert conversation_of(view) == [(m.role, m.content) for m in held.messages]
        assert view.billed is not None
        assert view.estimated_tokens == view.billed.input_tokens
        assert [part.kind for part in view.parts][:2] == ["schema", "instructions"]
        assert view.parts[-1].kind == "input" and view.chain_missing is None


def test_a_chat_provider_is_sent_the_accepted_exchanges_again() -> None:
    conversation = played(provider="chat")
    events, seen = conversation.events, conversation.seen
    index = CallIndex(events)
    for request, held in zip(index.requests, seen, strict=True):
        view = rebuild(index, request)
        talk = conversation_of(view)
        lead = next(i for i, (role, _) in enumerate(talk) if role != "system")
        # the fake reads a chat request's leading system messages as its instructions
        assert talk[lead:] == [(m.role, m.content) for m in held.messages]
        assert view.billed is not None
        # … joined by a new line, so their framing is counted once there (and a token may
        # merge across each join)
        framing = lead * MARKER_TOKENS
        assert abs(view.estimated_tokens - view.billed.input_tokens - framing) <= lead
        assert view.notes == ()


@pytest.mark.parametrize("provider", ["responses", "chat"])
def test_chains_the_index_keeps_read_as_a_fresh_rebuild_in_any_order(provider: str) -> None:
    """An index keeps the chains it rebuilt so the next call's walk stops there; whatever order
    calls are inspected in, each reads exactly as it would from a new index."""
    events = played(provider=provider).events
    kept = CallIndex(events)
    order = list(kept.requests)
    random.Random(7).shuffle(order)
    for request in order:
        assert rebuild(kept, request) == rebuild(CallIndex(events), request)


def test_a_kept_chain_reads_again_once_a_correction_rejects_its_last_reply() -> None:
    """In a log still being written, a reply reads as accepted until the correction after it
    arrives; a chain kept before then must not be served after."""
    events = played().events
    live = CallIndex()
    for number, event in enumerate(events):
        live.add([event])
        if event.type != "model_request" or len(live.requests) < 2:
            continue
        fresh = CallIndex(events[: number + 1])
        for request in live.requests[-3:]:
            assert rebuild(live, request) == rebuild(fresh, request)


def test_a_rejected_reply_stays_in_the_chain_and_is_marked() -> None:
    events = played().events
    index = CallIndex(events)
    correction = next(r for r in index.requests if r.data["purpose"] == "correction")
    view = rebuild(index, correction)
    last = view.history[-1]
    assert last.role == "assistant" and last.rejected
    assert view.rejected_messages >= 1
    later = index.next_call(correction)
    assert later is not None
    # the turn after the correction still re-reads the rejected reply (it is in the chain)
    assert any(message.rejected for message in rebuild(index, later).history) or later.data.get(
        "new_chain"
    )


def test_the_cached_prefix_is_marked_on_the_parts_in_the_order_the_cache_reads() -> None:
    events = played().events
    index = CallIndex(events)
    marked = 0
    for request in index.requests:
        view = rebuild(index, request)
        assert view.billed is not None
        covered = [view.part_cached(part) for part in view.parts]
        assert sum(covered) == view.billed.cached_tokens
        # a prefix: every part before a partly covered one is covered in full
        for part, cached, after in zip(view.parts, covered, covered[1:], strict=False):
            assert after == 0 or cached == part.tokens
        marked += bool(view.billed.cached_tokens)
    assert marked > len(index.requests) // 2


def test_the_diff_names_what_changed_and_so_where_the_cache_stopped() -> None:
    # here the layout alone is looked at, not the cache machines' overflow
    events = played(violation_rate=0.0, cache_overflow=False).events
    index = CallIndex(events)
    statuses = set()
    for request in index.requests[1:]:
        previous = index.previous_call(request)
        assert previous is not None
        diff = compare(rebuild(index, previous), rebuild(index, request))
        current = diff.current
        assert current.billed is not None
        schema, instructions, history = (
            diff.change(kind) for kind in ("schema", "instructions", "history")
        )
        assert schema is not None and schema.status == "same"  # compact: constant schema
        assert instructions is not None and instructions.status == "same"
        assert history is not None
        statuses.add(history.status)
        if request.data.get("new_chain"):
            assert history.status == "restarted"
            assert diff.first_difference == "message 1 of the conversation (a new chain)"
        else:
            assert history.status == "grew"
        # the previous prompt was cached, so at least its shared whole blocks are billed cached
        assert current.billed.cached_tokens >= diff.cacheable_tokens > 0
        assert diff.cacheable_tokens % CACHE_BLOCK_TOKENS == 0
    assert statuses == {"grew", "restarted"}


def test_a_changed_instruction_is_where_the_prompts_part() -> None:
    events = played(PromptLayout.PER_STEP, violation_rate=0.0).events
    index = CallIndex(events)
    step_changes = [
        r
        for r in index.requests[1:]
        if (p := index.previous_call(r)) is not None and p.step != r.step
    ]
    diff = compare(
        rebuild(index, index.previous_call(step_changes[0])),  # type: ignore[arg-type]
        rebuild(index, step_changes[0]),
    )
    assert [change.status for change in diff.changes] == ["changed", "changed", "grew"]
    assert diff.first_difference == "the output schema"
    assert diff.common_tokens < 1024 and diff.cacheable_tokens == 0


def test_a_chain_continuing_another_log_says_what_it_cannot_show() -> None:
    events = list(played(PromptLayout.APPEND, violation_rate=0.0).events)
    cut = len(events) // 2
    tail = [events[0], *events[cut:]]  # the session start, then a later half
    index = CallIndex(tail)
    view = rebuild(index, index.requests[0])
    assert view.chain_missing == index.requests[0].data["previous_response_id"]
    assert "not in this log" in view.notes[0]
    assert view.billed is not None and view.estimated_tokens < view.billed.input_tokens


def test_a_log_whose_responses_chain_in_a_circle_is_rebuilt_without_hanging() -> None:
    def call(seq: int, previous: str) -> list[Event]:
        request = Event(
            "model_request",
            "s",
            seq,
            1,
            "a",
            {"purpose": "turn", "input": f"m{seq}", "previous_response_id": previous},
        )
        response = Event(
            "model_response", "s", seq + 1, 1, "a", {"response_id": f"r{seq}", "raw_text": "ok"}
        )
        return [request, response]

    events = [*call(1, "r3"), *call(3, "r1")]
    view = rebuild(CallIndex(events), events[2])
    # a request can only continue a response written before it: r3 comes after request 1
    assert [message.content for message in view.history] == ["m1", "ok"]
    assert view.chain_missing == "r3"


def test_only_model_calls_can_be_rebuilt() -> None:
    message = Event("user_message", "s", 1, 1, "a", {"text": "hi"})
    with pytest.raises(ValueError, match="not a model call"):
        rebuild(CallIndex([message]), message)


def test_the_estimate_is_the_models_tokenizer() -> None:
    # o200k_base: "Hello" "," " world" "!"; JSON merges its punctuation: '{"' 'a' '":' '1' '}'
    assert estimate_tokens("Hello, world!") == 4
    assert estimate_tokens('{"a":1}') == 5
    assert estimate_tokens("") == 0


# --- copying the request ---------------------------------------------------------------------


@pytest.mark.parametrize("provider", ["responses", "chat"])
def test_the_copied_json_is_the_body_that_was_sent(provider: str) -> None:
    conversation = played(provider=provider)
    model = analyst().model
    index = CallIndex(conversation.events)
    # The calls streamed; the copy asks for the whole reply (the same prompt and reply).
    streaming = ("stream", "stream_options")
    sent = [
        {key: value for key, value in (r.body or {}).items() if key not in streaming}
        for r in conversation.sent
    ]
    assert {(r.body or {}).get("stream") for r in conversation.sent} == {True}
    for request, body in zip(index.requests, sent, strict=True):
        rebuilt = api_body(
            rebuild(index, request),
            temperature=model.temperature,
            max_output_tokens=model.max_output_tokens,
            cap_param=default_cap_param(provider, conversation.base_url),
        )
        assert rebuilt == body


def run_replay(command: str, server: FakeOpenAIServer) -> dict[str, Any]:
    environment = {**os.environ, "OPENAI_API_KEY": FAKE_API_KEY, "OPENAI_BASE_URL": server.base_url}
    done = subprocess.run(
        ["bash", "-c", command],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
        timeout=30,
    )
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_the_replay_command_reads_the_key_from_the_environment_and_costs_the_same(
    fake_openai: FakeOpenAIServer,
) -> None:
    events, _ = converse(fake_openai, violation_rate=0.0)
    index = CallIndex(events)
    view = rebuild(index, index.requests[5])
    assert view.billed is not None and view.history
    for inline in (False, True):
        command = replay_command(view, api_body(view, inline_history=inline, temperature=0.3))
        assert FAKE_API_KEY not in command and "$OPENAI_API_KEY" in command
        assert ("previous_response_id" in command) is not inline
        answer = run_replay(command, fake_openai)
        assert answer["usage"]["input_tokens"] == view.billed.input_tokens


def test_a_replay_without_the_key_is_refused(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.api_key = FAKE_API_KEY
    events, _ = converse(fake_openai, violation_rate=0.0)
    index = CallIndex(events)
    view = rebuild(index, index.requests[0])
    environment = {key: value for key, value in os.environ.items() if key != "OPENAI_API_KEY"}
    environment["OPENAI_BASE_URL"] = fake_openai.base_url
    done = subprocess.run(
        ["bash", "-c", replay_command(view, api_body(view))],
        capture_output=True,
        text=True,
        env=environment,
        timeout=30,
    )
    assert "error" in json.loads(done.stdout)


def test_an_event_with_odd_fields_is_read_defensively() -> None:
    request = Event(
        "model_request",
        "s",
        1,
        1,
        None,
        {
            "purpose": "turn",
            "input": "hi",
            "input_items": ["junk", {"role": "system"}],
            "schema": "not a schema",
            "previous_response_id": 7,
        },
    )
    response = Event("model_response", "s", 2, 1, None, {"usage": "lots", "response_id": None})
    view = rebuild(CallIndex([request, response]), response)
    assert [part.kind for part in view.parts] == ["items", "input"]
    assert view.billed is None and view.chain_missing is None
    assert replace(view, billed=None).scale == 1.0
