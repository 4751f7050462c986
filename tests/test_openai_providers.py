"""The OpenAI providers, through the real SDK, against the fake OpenAI server.

Behaviour both providers share runs against each (the ``provider`` fixture is parametrised);
what only one API has (chaining, history) has its own tests. Waits are kept to fractions of a
second with small timeouts and ``max_retries``.
"""

from __future__ import annotations

import asyncio
import email.utils
import gzip
import json
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import anyio
import httpx2
import openai
import pytest
from openai.types.chat import ChatCompletion

from engine.errors import (
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimited,
    ProviderRequestError,
    ProviderServerError,
    ProviderTimeout,
)
from engine.offline.fake_openai import (
    FAKE_API_KEY,
    FakeMessage,
    FakeOpenAIServer,
    FakeRequest,
    Fault,
    RecordedRequest,
    Reply,
)
from engine.providers import Message, ModelRequest, Provider, Usage, make_provider
from engine.providers.base import streaming_to
from engine.providers.openai_api import (
    ChatCompletionsProvider,
    ResponsesProvider,
    map_openai_error,
    retry_after_seconds,
)

pytestmark = pytest.mark.anyio

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"message": {"type": "string"}, "transition": {"type": "string"}},
    "required": ["message", "transition"],
    "additionalProperties": False,
}
LONG_INSTRUCTIONS = " ".join(f"Rule {n}: follow the script." for n in range(300))


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"  # the providers hop to their own asyncio loop


def request(user_input: str = "hello", **changes: Any) -> ModelRequest:
    fields: dict[str, Any] = {
        "model": "gpt-4.1-mini",
        "instructions": "You greet people.",
        "input": user_input,
        "schema": SCHEMA,
    }
    return ModelRequest(**{**fields, **changes})


ProviderFactory = Callable[..., Provider]


@pytest.fixture
async def open_provider(openai_env: FakeOpenAIServer) -> AsyncIterator[ProviderFactory]:
    """Builds providers on the fake server (short timeout, no retries unless asked); closes all."""
    opened: list[Provider] = []

    def build(name: str = "responses", **options: Any) -> Provider:
        options = {"timeout": 1.0, "max_retries": 0, **options}
        provider = make_provider(name, **options)
        opened.append(provider)
        return provider

    yield build
    for provider in opened:
        await provider.aclose()


@pytest.fixture(params=["responses", "chat"])
def provider(request: pytest.FixtureRequest, open_provider: ProviderFactory) -> Provider:
    return open_provider(request.param)


def model_calls(server: FakeOpenAIServer) -> list[RecordedRequest]:
    return server.model_requests()


def sent_usage(recorded: RecordedRequest) -> Usage:
    """The usage the server put in its answer, read the way each API spells it."""
    usage = recorded.answer["usage"]
    if "input_tokens" in usage:
        return Usage(
            usage["input_tokens"],
            usage["input_tokens_details"]["cached_tokens"],
            usage["output_tokens"],
        )
    return Usage(
        usage["prompt_tokens"],
        usage["prompt_tokens_details"]["cached_tokens"],
        usage["completion_tokens"],
    )


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("stream", [False, True], ids=["unstreamed", "streamed"])
async def test_a_reply_comes_back_with_text_usage_and_timing(
    provider: Provider, openai_env: FakeOpenAIServer, stream: bool
) -> None:
    openai_env.queue('{"message": "Hi!", "transition": "stay"}')

    with streaming_to(listener(stream)):
        reply = await provider.complete(request())

    (call,) = model_calls(openai_env)
    assert reply.text == '{"message": "Hi!", "transition": "stay"}'
    assert reply.usage == sent_usage(call)
    assert reply.usage.input_tokens > 0
    assert (reply.status, reply.refusal, reply.model) == ("completed", None, "gpt-4.1-mini")
    assert reply.response_id == call.answer["id"]
    assert reply.latency_s > 0
    assert (call.body or {}).get("stream", False) is stream


async def test_the_responses_provider_asks_for_a_strict_schema(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue("{}")
    await open_provider("responses").complete(request(temperature=0.2, max_output_tokens=300))

    body = model_calls(openai_env)[0].body
    assert body is not None
    assert body["text"] == {
        "format": {"type": "json_schema", "name": "step_reply", "schema": SCHEMA, "strict": True}
    }
    assert (body["instructions"], body["input"]) == ("You greet people.", "hello")
    assert (body["temperature"], body["max_output_tokens"], body["store"]) == (0.2, 300, True)
    assert "previous_response_id" not in body  # absent, not null


async def test_the_chat_provider_sends_system_history_and_input_in_order(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue("{}")
    history = (Message("user", "I am Ann"), Message("assistant", "Hello Ann"))

    await open_provider("chat").complete(
        request("What next?", history=history, previous_response_id="resp_ignored")
    )

    body = model_calls(openai_env)[0].body
    assert body is not None
    assert body["messages"] == [
        {"role": "system", "content": "You greet people."},
        {"role": "user", "content": "I am Ann"},
        {"role": "assistant", "content": "Hello Ann"},
        {"role": "user", "content": "What next?"},
    ]
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "step_reply", "schema": SCHEMA, "strict": True},
    }
    assert "previous_response_id" not in body


async def test_responses_chain_so_the_server_sees_the_first_exchange(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    seen: list[FakeRequest] = []
    openai_env.responder = lambda call: seen.append(call) or f"re: {call.input_text}"
    provider = open_provider("responses")

    first = await provider.complete(request("first", instructions="Step one."))
    await provider.complete(
        request("second", instructions="Step two.", previous_response_id=first.response_id)
    )

    second_body = model_calls(openai_env)[1].body
    assert second_body is not None
    assert second_body["previous_response_id"] == first.response_id
    assert seen[1].messages == (
        FakeMessage("user", "first"),
        FakeMessage("assistant", "re: first"),
        FakeMessage("user", "second"),
    )
    assert seen[1].instructions == "Step two."


async def test_a_repeated_long_prefix_shows_up_as_cached_tokens(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue("{}", "{}")

    cold = await provider.complete(request("one", instructions=LONG_INSTRUCTIONS))
    warm = await provider.complete(request("two", instructions=LONG_INSTRUCTIONS))

    assert cold.usage.cached_tokens == 0
    assert warm.usage.cached_tokens >= 1024
    assert warm.usage.cached_tokens % 128 == 0
    assert warm.usage.cached_tokens < warm.usage.input_tokens


async def test_no_cached_tokens_below_the_servers_minimum(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    openai_env.cache_min_tokens = 100_000
    openai_env.queue("{}", "{}")

    await provider.complete(request("one", instructions=LONG_INSTRUCTIONS))
    warm = await provider.complete(request("two", instructions=LONG_INSTRUCTIONS))

    assert warm.usage.cached_tokens == 0


@pytest.mark.parametrize("stream", [False, True], ids=["unstreamed", "streamed"])
async def test_a_refusal_is_reported_not_taken_for_text(
    provider: Provider, openai_env: FakeOpenAIServer, stream: bool
) -> None:
    openai_env.queue(Reply(refusal="I can't help with that."))

    with streaming_to(listener(stream)):
        reply = await provider.complete(request())

    assert (reply.text, reply.refusal) == ("", "I can't help with that.")


@pytest.mark.parametrize("stream", [False, True], ids=["unstreamed", "streamed"])
async def test_a_reply_cut_by_max_output_tokens_is_incomplete(
    provider: Provider, openai_env: FakeOpenAIServer, stream: bool
) -> None:
    openai_env.queue('{"message": "a very long answer indeed", "transition": "stay"}')

    with streaming_to(listener(stream)):
        reply = await provider.complete(request(max_output_tokens=4))

    assert (reply.status, reply.incomplete_reason) == ("incomplete", "max_output_tokens")
    assert reply.usage.output_tokens == 4
    body = model_calls(openai_env)[0].body
    assert body is not None
    # each API's cap; a Chat Completions server other than OpenAI's reads the older max_tokens
    cap = {"responses": "max_output_tokens", "chat": "max_tokens"}[provider.name]
    assert body[cap] == 4


async def test_a_model_given_to_the_provider_overrides_the_requests(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue("{}")

    reply = await open_provider("responses", model="gpt-4.1").complete(request())

    body = model_calls(openai_env)[0].body
    assert body is not None
    assert (body["model"], reply.model) == ("gpt-4.1", "gpt-4.1")


@pytest.mark.parametrize("name", ["responses", "chat"])
async def test_without_strict_schemas_the_schema_travels_in_the_instructions(
    name: str, openai_env: FakeOpenAIServer, open_provider: ProviderFactory
) -> None:
    openai_env.supports_strict_schema = False
    seen: list[FakeRequest] = []
    openai_env.responder = lambda call: seen.append(call) or '{"message": "ok"}'

    reply = await open_provider(name, strict_schema=False).complete(request())

    (call,) = seen
    assert (call.format_type, call.schema) == ("json_object", None)
    assert call.instructions.startswith("You greet people.")
    assert '"additionalProperties": false' in call.instructions
    assert reply.text == '{"message": "ok"}'


# --------------------------------------------------------------------------- transport faults


async def test_a_rate_limit_is_retried_after_the_servers_retry_after(
    provider: Provider, openai_env: FakeOpenAIServer, open_provider: ProviderFactory
) -> None:
    patient = open_provider(provider.name, max_retries=1)
    openai_env.queue(Fault.rate_limit(retry_after=0.3), '{"ok": 1}')

    reply = await patient.complete(request())

    first, second = model_calls(openai_env)
    assert reply.text == '{"ok": 1}'
    assert second.at - first.at >= 0.3
    assert reply.latency_s >= 0.3  # latency covers the whole call, retries included


async def test_retry_after_ms_is_honoured_too(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.rate_limit(retry_after_ms=250), "{}")

    await open_provider("responses", max_retries=1).complete(request())

    first, second = model_calls(openai_env)
    assert second.at - first.at >= 0.25


async def test_a_rate_limit_left_after_the_retries_says_how_long_to_wait(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.rate_limit(retry_after=7))

    with pytest.raises(ProviderRateLimited) as raised:
        await provider.complete(request())

    assert raised.value.retry_after == 7
    assert raised.value.status == 429
    assert raised.value.retryable
    assert "retry after 7 s" in str(raised.value)


async def test_an_exhausted_quota_is_a_rate_limit_that_waiting_will_not_fix(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(
        Fault.rate_limit(message="You exceeded your current quota.", code="insufficient_quota")
    )

    with pytest.raises(ProviderRateLimited, match="billing") as raised:
        await provider.complete(request())

    assert not raised.value.retryable


async def test_a_server_error_then_success_is_retried_by_the_sdk(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.server_error(503), '{"ok": 1}')

    reply = await open_provider("chat", max_retries=1).complete(request())

    assert reply.text == '{"ok": 1}'
    assert [call.status for call in model_calls(openai_env)] == [503, 200]


async def test_a_persistent_server_error_is_a_provider_server_error(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.server_error(500), Fault.server_error(500))

    with pytest.raises(ProviderServerError) as raised:
        await provider.complete(request())

    assert raised.value.status == 500
    assert raised.value.retryable
    assert "The server had an error" in str(raised.value)


async def test_no_answer_in_time_is_a_timeout(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.delay(3, then="{}"))

    with pytest.raises(ProviderTimeout, match="in time"):
        await open_provider("responses", timeout=0.25).complete(request())


async def test_a_dropped_connection_is_a_connection_error(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.drop())

    with pytest.raises(ProviderConnectionError, match=r"could not reach http://127\.0\.0\.1"):
        await provider.complete(request())


async def test_a_server_that_is_not_there_is_a_connection_error(
    open_provider: ProviderFactory,
) -> None:
    with FakeOpenAIServer() as gone:
        address = gone.base_url

    with pytest.raises(ProviderConnectionError, match="OPENAI_BASE_URL"):
        await open_provider("chat", base_url=address).complete(request())


async def test_an_answer_that_is_not_an_api_reply_is_a_server_error(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.status(200, "<html>Welcome to the hotel Wi-Fi</html>"))

    with pytest.raises(ProviderServerError, match="is not a"):
        await provider.complete(request())


# ----------------------------------------------------------------- bounded calls (27.9-12)

#: A 200 answer cut in the middle of its JSON, as each API would have sent it (the SSE variant
#: is cut inside an event's data), and an empty one.
CUT_BODIES = {
    "cut": (b'{"id": "resp_1", "object": "response", "output": [{"ty', "application/json"),
    "empty": (b"", "application/json"),
    "cut stream": (
        b'event: response.created\ndata: {"type": "response.created", "sequence_number": 0, "resp'
        b'\n\ndata: {"id": "chatcmpl-1", "choi\n\n',
        "text/event-stream",
    ),
}


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "unstreamed"])
@pytest.mark.parametrize("body", CUT_BODIES, ids=list(CUT_BODIES))
async def test_a_cut_or_empty_200_answer_is_a_server_error_naming_the_host_only(
    provider: Provider, openai_env: FakeOpenAIServer, body: str, stream: bool
) -> None:
    payload, content_type = CUT_BODIES[body]
    openai_env.queue(Fault.raw(payload, content_type=content_type))

    with pytest.raises(ProviderServerError) as raised, streaming_to(listener(stream)):
        await provider.complete(request())

    message = str(raised.value)
    host = openai_env.base_url.removesuffix("/v1")
    assert f"from {host} " in message and "/v1" not in message


def listener(on: bool) -> Callable[[str], None] | None:
    """A message listener that keeps nothing (``None``: the call does not stream)."""
    return (lambda text: None) if on else None


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "unstreamed"])
async def test_an_answer_that_trickles_in_is_cut_at_the_calls_deadline(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer, stream: bool
) -> None:
    provider = open_provider("responses", timeout=0.6, max_retries=2)
    openai_env.queue(Fault.trickle(0.2, then='{"message": "hi", "transition": "stay"}'))

    began = time.monotonic()
    with pytest.raises(ProviderTimeout, match="in time"), streaming_to(listener(stream)):
        await provider.complete(request())

    # every read was quick, the whole body would take a minute: the call was bounded
    assert time.monotonic() - began < 4
    assert len(model_calls(openai_env)) == 1  # the deadline includes the SDK's retries


async def test_a_dead_server_is_bounded_by_one_deadline_retries_included(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    provider = open_provider("chat", timeout=1.0, max_retries=2)
    openai_env.queue(*[Fault.delay(6, then="late")] * 3)

    began = time.monotonic()
    with pytest.raises(ProviderTimeout):
        await provider.complete(request())

    assert time.monotonic() - began < 3  # not 3 x 1 s and the backoffs in between (4.5 s)


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "unstreamed"])
async def test_a_gzip_bomb_is_refused_at_the_size_cap_after_decompression(
    provider: Provider, openai_env: FakeOpenAIServer, stream: bool
) -> None:
    cap = provider.max_answer_bytes  # type: ignore[attr-defined]
    bomb = gzip.compress(b" " * (cap * 4))  # a few hundred kilobytes on the wire
    assert len(bomb) < cap // 20
    openai_env.queue(Fault.raw(bomb, headers={"content-encoding": "gzip"}))

    with (
        pytest.raises(ProviderServerError, match="larger than") as raised,
        streaming_to(listener(stream)),
    ):
        await provider.complete(request())

    assert not raised.value.retryable  # the same server would send the same answer
    assert len(model_calls(openai_env)) == 1


async def test_a_gzip_answer_under_the_cap_reads_as_usual(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    provider = open_provider("responses")
    openai_env.queue("first")
    body = (await provider.complete(request())).text
    answer = dict(model_calls(openai_env)[-1].answer)
    openai_env.queue(
        Fault.raw(gzip.compress(json.dumps(answer).encode()), headers={"content-encoding": "gzip"})
    )

    assert (await provider.complete(request())).text == body == "first"
    assert model_calls(openai_env)[-1].headers["accept-encoding"] == "gzip, deflate"


async def test_an_answer_size_cap_holds_for_uncompressed_answers_too(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    provider = open_provider("chat", max_answer_bytes=10_000, max_output_tokens=100_000)
    openai_env.queue("x" * 20_000)

    with pytest.raises(ProviderServerError, match="larger than 10,000 bytes"):
        await provider.complete(request())


async def test_a_base_url_with_credentials_is_never_shown(open_provider: ProviderFactory) -> None:
    with FakeOpenAIServer(basic_auth=True) as gateway:
        secret_url = gateway.base_url.replace("http://", "http://gateway-user:s3cr3t-pass@")
        provider = open_provider("responses", base_url=secret_url)
        gateway.queue(Fault.status(200, "<html>Welcome to the hotel Wi-Fi</html>"))

        with pytest.raises(ProviderServerError) as raised:
            await provider.complete(request())

    shown = [str(raised.value), repr(provider), provider.base_url]  # type: ignore[attr-defined]
    assert not [text for text in shown if "s3cr3t-pass" in text or "gateway-user" in text]
    assert "127.0.0.1" in str(raised.value)


async def test_a_cancelled_call_leaves_the_provider_usable(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    provider = open_provider("responses", timeout=5.0)
    openai_env.queue(Fault.delay(2, then="late"), "on time")

    with anyio.move_on_after(0.2) as scope:
        await provider.complete(request())

    assert scope.cancelled_caught
    assert (await provider.complete(request())).text == "on time"


# --------------------------------------------------------------------------- keys


async def test_a_missing_key_is_reported_when_the_provider_is_made(
    fake_openai: FakeOpenAIServer,
) -> None:
    for name in ("responses", "chat"):
        with pytest.raises(ProviderAuthError) as raised:
            make_provider(name, base_url=fake_openai.base_url)
        assert "OPENAI_API_KEY" in str(raised.value)
        assert "--provider scripted" in str(raised.value)
        assert not raised.value.retryable


async def test_a_rejected_key_is_an_auth_error_without_the_key(
    provider: Provider,
) -> None:
    with FakeOpenAIServer(api_key="sk-the-only-valid-key") as strict_server:
        picky = make_provider(provider.name, base_url=strict_server.base_url, max_retries=0)
        try:
            with pytest.raises(ProviderAuthError) as raised:
                await picky.complete(request())
        finally:
            await picky.aclose()

    assert raised.value.status == 401
    assert "OPENAI_API_KEY" in str(raised.value)
    assert FAKE_API_KEY not in str(raised.value)
    assert FAKE_API_KEY[-4:] not in str(raised.value)  # not even the masked tail


async def test_the_key_reaches_no_recorded_header_error_or_repr(
    provider: Provider, openai_env: FakeOpenAIServer
) -> None:
    echoing = {"error": {"message": f"bad request from {FAKE_API_KEY}", "type": "x"}}
    openai_env.queue("{}", Fault.status(400, echoing), Fault.drop())
    messages = [repr(provider)]

    await provider.complete(request())
    for _ in range(2):
        with pytest.raises(ProviderError) as raised:
            await provider.complete(request())
        messages.append(str(raised.value))

    headers = repr([call.headers for call in openai_env.requests])
    assert all(FAKE_API_KEY not in text for text in [*messages, headers])
    assert "[REDACTED]" in messages[1]


# --------------------------------------------------------------------------- weaker servers


async def test_a_server_without_the_responses_api_points_to_the_chat_provider(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.supports_responses = False

    with pytest.raises(ProviderRequestError, match="--provider chat") as raised:
        await open_provider("responses").complete(request())

    assert "no Responses API" in str(raised.value)
    assert not raised.value.retryable


async def test_a_server_refusing_previous_response_id_points_to_the_chat_provider(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.reject_previous_response_id = True

    with pytest.raises(ProviderRequestError, match="--provider chat"):
        await open_provider("responses").complete(request(previous_response_id="resp_1"))


async def test_a_forgotten_previous_response_says_so(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    with pytest.raises(ProviderRequestError, match="not found") as raised:
        await open_provider("responses").complete(request(previous_response_id="resp_gone"))

    assert "previous_response_id" in str(raised.value)


async def test_a_server_taking_no_format_at_all_says_to_check_it(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.supports_strict_schema = False
    refused = {"error": {"message": "Invalid value for 'response_format.type'", "type": "x"}}
    openai_env.queue(*[Fault.status(400, refused)] * 4)

    with pytest.raises(ProviderRequestError, match="providers check"):
        await open_provider("chat").complete(request())

    assert len(model_calls(openai_env)) == 4  # each format once: never the same one again


async def test_an_unknown_model_is_a_request_error_with_the_servers_words(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    words = "The model `gpt-nope` does not exist or you do not have access to it."
    body = {"error": {"message": words, "type": "invalid_request_error", "code": "model_not_found"}}
    openai_env.queue(Fault.status(404, body))

    with pytest.raises(ProviderRequestError, match="gpt-nope") as raised:
        await open_provider("responses").complete(request())

    assert "chat provider" not in str(raised.value)


# --------------------------------------------------------------------------- lifecycle


def test_a_provider_serves_callers_on_different_event_loops(openai_env: FakeOpenAIServer) -> None:
    """A studio worker may run each turn with its own ``asyncio.run``: connections survive it."""
    openai_env.queue("one", "two")
    provider = make_provider("responses", max_retries=0)

    first = asyncio.run(provider.complete(request()))
    second = asyncio.run(provider.complete(request()))
    asyncio.run(provider.aclose())

    assert (first.text, second.text) == ("one", "two")


async def test_a_closed_provider_refuses_calls(open_provider: ProviderFactory) -> None:
    provider = open_provider("chat")
    await provider.aclose()
    await provider.aclose()  # twice is harmless

    with pytest.raises(ProviderError, match="closed"):
        await provider.complete(request())


async def test_providers_declare_what_the_engine_relies_on(
    open_provider: ProviderFactory,
) -> None:
    responses, chat = open_provider("responses"), open_provider("chat")

    assert isinstance(responses, ResponsesProvider) and isinstance(responses, Provider)
    assert isinstance(chat, ChatCompletionsProvider) and isinstance(chat, Provider)
    assert (responses.name, responses.chains, chat.name, chat.chains) == (
        "responses",
        True,
        "chat",
        False,
    )


# --------------------------------------------------------------------------- make_provider


def test_make_provider_names_the_choices_for_an_unknown_name() -> None:
    with pytest.raises(ProviderError, match="responses, chat, anthropic, gemini, scripted"):
        make_provider("mistral")


def test_make_provider_builds_the_scripted_provider_from_a_script(tmp_path: Path) -> None:
    script = tmp_path / "replies.yaml"
    script.write_text('- {message: "Hi", transition: stay, results: {}, summary: ""}\n')

    provider = make_provider("scripted", script=script)

    assert provider.name == "scripted"
    with pytest.raises(ProviderError, match="needs a script"):
        make_provider("scripted")


# --------------------------------------------------------------------------- error mapping


def _request() -> httpx2.Request:
    return httpx2.Request("POST", "http://127.0.0.1:9/v1/responses")


def _response(status: int, body: dict[str, Any] | None = None) -> httpx2.Response:
    return httpx2.Response(status, json=body or {"error": {"message": "boom"}}, request=_request())


def _status_error(cls: type[openai.APIStatusError], status: int) -> openai.APIStatusError:
    return cls("boom", response=_response(status), body={"message": "boom"})


#: How every exception class ``openai`` exports is mapped (instances built per constructor).
EXPECTED: dict[type[BaseException], tuple[Callable[[], BaseException], type[ProviderError]]] = {
    openai.OpenAIError: (lambda: openai.OpenAIError("x"), ProviderRequestError),
    openai.APIError: (lambda: openai.APIError("x", _request(), body=None), ProviderServerError),
    openai.APIStatusError: (
        lambda: _status_error(openai.APIStatusError, 418),
        ProviderRequestError,
    ),
    openai.BadRequestError: (
        lambda: _status_error(openai.BadRequestError, 400),
        ProviderRequestError,
    ),
    openai.AuthenticationError: (
        lambda: _status_error(openai.AuthenticationError, 401),
        ProviderAuthError,
    ),
    openai.OAuthError: (
        lambda: openai.OAuthError(response=_response(401), body={"error": "invalid_grant"}),
        ProviderAuthError,
    ),
    openai.PermissionDeniedError: (
        lambda: _status_error(openai.PermissionDeniedError, 403),
        ProviderAuthError,
    ),
    openai.NotFoundError: (lambda: _status_error(openai.NotFoundError, 404), ProviderRequestError),
    openai.ConflictError: (lambda: _status_error(openai.ConflictError, 409), ProviderRequestError),
    openai.UnprocessableEntityError: (
        lambda: _status_error(openai.UnprocessableEntityError, 422),
        ProviderRequestError,
    ),
    openai.RateLimitError: (lambda: _status_error(openai.RateLimitError, 429), ProviderRateLimited),
    openai.InternalServerError: (
        lambda: _status_error(openai.InternalServerError, 502),
        ProviderServerError,
    ),
    openai.APIConnectionError: (
        lambda: openai.APIConnectionError(request=_request()),
        ProviderConnectionError,
    ),
    openai.APITimeoutError: (lambda: openai.APITimeoutError(_request()), ProviderTimeout),
    openai.APIResponseValidationError: (
        lambda: openai.APIResponseValidationError(_response(200), body={}),
        ProviderServerError,
    ),
    openai.LengthFinishReasonError: (
        lambda: openai.LengthFinishReasonError(completion=ChatCompletion.model_construct()),
        ProviderRequestError,
    ),
    openai.ContentFilterFinishReasonError: (
        openai.ContentFilterFinishReasonError,
        ProviderRequestError,
    ),
    openai.InvalidWebhookSignatureError: (
        lambda: openai.InvalidWebhookSignatureError("bad signature"),
        ProviderRequestError,
    ),
    openai.WebSocketConnectionClosedError: (
        lambda: openai.WebSocketConnectionClosedError("closed", unsent_messages=[]),
        ProviderConnectionError,
    ),
    openai.WebSocketQueueFullError: (
        lambda: openai.WebSocketQueueFullError("full"),
        ProviderRequestError,
    ),
}


def exported_exception_classes() -> set[type[BaseException]]:
    """Public exception classes of ``openai``: its ``__all__`` and any other public class.

    ``type(value) is type`` reads real classes without waking the SDK's lazy module proxies.
    """
    public = [getattr(openai, name) for name in openai.__all__]
    public += [value for name, value in list(vars(openai).items()) if not name.startswith("_")]
    return {value for value in public if type(value) is type and issubclass(value, BaseException)}


def test_every_exception_the_sdk_exports_has_a_decided_mapping() -> None:
    """A new SDK exception fails here until someone decides what it means for Prompter."""
    assert exported_exception_classes() == set(EXPECTED)


@pytest.mark.parametrize("sdk_class", list(EXPECTED), ids=lambda cls: cls.__name__)
def test_each_sdk_exception_maps_to_its_provider_error(sdk_class: type[BaseException]) -> None:
    build, expected = EXPECTED[sdk_class]
    error = build()
    assert type(error) is sdk_class

    mapped = map_openai_error(error)

    assert type(mapped) is expected
    assert str(mapped)


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (402, ProviderRequestError),
        (408, ProviderTimeout),
        (413, ProviderRequestError),
        (503, ProviderServerError),
        (529, ProviderServerError),
    ],
)
def test_a_status_without_its_own_class_maps_by_number(
    status: int, expected: type[ProviderError]
) -> None:
    mapped = map_openai_error(_status_error(openai.APIStatusError, status))

    assert type(mapped) is expected
    assert f"({status})" in str(mapped)


def test_mapped_messages_hide_keys_given_and_key_shaped_text() -> None:
    body = {"message": "Incorrect API key provided: sk-proj-abcdefghijklmnop1234."}
    error = openai.AuthenticationError("x", response=_response(401), body=body)
    secret = "my-own-secret-value"

    mapped = map_openai_error(openai.OpenAIError(f"odd: {secret}"), secrets=[secret])

    assert "sk-proj-abcdefghijklmnop1234" not in str(map_openai_error(error))
    assert secret not in str(mapped)


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"retry-after-ms": "1500", "retry-after": "9"}, 1.5),
        ({"Retry-After": "2"}, 2.0),
        ({"retry-after": "0.5"}, 0.5),
        ({}, None),
        ({"retry-after": "soon"}, None),
    ],
)
def test_retry_after_is_read_from_either_header(
    headers: dict[str, str], seconds: float | None
) -> None:
    assert retry_after_seconds(headers) == seconds


def test_retry_after_may_be_an_http_date() -> None:
    in_ten = email.utils.formatdate(time.time() + 10, usegmt=True)

    seconds = retry_after_seconds({"retry-after": in_ten})

    assert seconds is not None and 8 <= seconds <= 10
