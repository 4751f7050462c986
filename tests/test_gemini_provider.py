"""The Gemini provider, through the real ``google-genai`` SDK, against the fake Gemini API.

The contract goes as ``responseJsonSchema`` with ``responseMimeType: application/json``, the
history is laid out as a constant prefix so implicit caching keeps hitting (read from
``cachedContentTokenCount``), the reply streams, and every SDK error maps into
``engine.errors`` (429 ``RESOURCE_EXHAUSTED`` with its RetryInfo delay, 503 ``UNAVAILABLE``).

The SDK is imported by the tests that use it (:func:`gemini_api`), never at collection: every
worker of the suite would pay its imports for a module that runs on one of them (the
``vendor_sdks`` group).
"""

from __future__ import annotations

import asyncio
import json
from types import ModuleType
from typing import TYPE_CHECKING, Any

import httpx2
import pytest

from engine.errors import (
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimited,
    ProviderRequestError,
    ProviderServerError,
    ProviderTimeout,
)
from engine.offline.fake_gemini import FAKE_GEMINI_KEY, FakeGeminiServer
from engine.offline.fake_openai import Fault
from engine.providers import Message, ModelRequest, make_provider
from engine.providers.base import streaming_to

if TYPE_CHECKING:
    from engine.providers.gemini_api import GeminiProvider

pytestmark = pytest.mark.xdist_group("vendor_sdks")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "message": {"type": "string"},
        "signal": {"type": "string", "enum": ["stay", "done"]},
    },
    "required": ["message", "signal"],
    "additionalProperties": False,
}
LONG = "You are the analyst bot of a small firm; follow the script step by step. " * 120
MODEL = "gemini-2.5-flash"


def gemini_api() -> ModuleType:
    """The engine's Gemini provider module (and with it the SDK), imported when a test runs."""
    import engine.providers.gemini_api as module

    return module


def genai_errors() -> ModuleType:
    from google.genai import errors

    return errors


def provider(server: FakeGeminiServer, **options: Any) -> GeminiProvider:
    made = make_provider(
        "gemini",
        api_key=FAKE_GEMINI_KEY,
        base_url=server.base_url,
        model=options.pop("model", MODEL),
        max_retries=options.pop("max_retries", 0),
        **options,
    )
    assert isinstance(made, gemini_api().GeminiProvider)
    return made


def request(text: str, history: tuple[Message, ...] = (), instructions: str = LONG) -> ModelRequest:
    return ModelRequest(
        model="ignored", instructions=instructions, input=text, schema=SCHEMA, history=history
    )


def conversation(p: GeminiProvider, turns: list[str], **options: Any) -> list[Any]:
    replies, history = [], ()
    for text in turns:
        reply = asyncio.run(p.complete(request(text, history, **options)))
        replies.append(reply)
        history = (*history, Message("user", text), Message("assistant", reply.text))
    return replies


def test_the_contract_is_a_response_json_schema(fake_gemini: FakeGeminiServer) -> None:
    with provider(fake_gemini) as p:
        reply = asyncio.run(p.complete(request("hello")))

    body = fake_gemini.model_requests()[0].body
    assert body is not None
    assert body["generationConfig"]["responseMimeType"] == "application/json"
    assert body["generationConfig"]["responseJsonSchema"] == SCHEMA
    assert body["systemInstruction"]["parts"][0]["text"] == LONG
    assert json.loads(reply.text) == {"message": "(fake model) You said: hello", "signal": "stay"}
    assert reply.model == MODEL and p.chains is False


def test_the_history_is_a_growing_prefix_and_implicit_caching_hits(
    fake_gemini: FakeGeminiServer,
) -> None:
    with provider(fake_gemini) as p:
        replies = conversation(p, ["one", "two", "three"])

    bodies = [r.body or {} for r in fake_gemini.model_requests()]
    assert bodies[1]["systemInstruction"] == bodies[2]["systemInstruction"]
    assert bodies[1]["contents"] == bodies[2]["contents"][:3]
    assert [c["role"] for c in bodies[2]["contents"]] == ["user", "model"] * 2 + ["user"]
    first, second, third = (r.usage for r in replies)
    assert first.cached_tokens == 0
    assert second.cached_tokens > 0.9 * first.input_tokens
    assert third.cached_tokens > 0.9 * second.input_tokens
    assert third.cached_tokens <= third.input_tokens  # promptTokenCount includes the cached part
    assert third.cache_write_tokens == 0  # implicit caching writes for free


def test_nothing_is_cached_below_the_models_minimum(fake_gemini: FakeGeminiServer) -> None:
    with provider(fake_gemini, model="gemini-2.5-pro") as p:  # 4,096 tokens on Pro
        replies = conversation(p, ["one", "two"])
    assert [r.usage.cached_tokens for r in replies] == [0, 0]


def test_the_message_streams_from_server_sent_events(fake_gemini: FakeGeminiServer) -> None:
    heard: list[str] = []
    with provider(fake_gemini) as p, streaming_to(heard.append):
        reply = asyncio.run(p.complete(request("stream me")))

    assert fake_gemini.model_requests()[0].path.endswith(":streamGenerateContent?alt=sse")
    assert len(heard) > 2 and heard[-1] == "(fake model) You said: stream me"
    assert reply.usage.input_tokens > 0 and reply.usage.output_tokens > 0


def test_a_cut_stream_is_taken_back_and_made_again(fake_gemini: FakeGeminiServer) -> None:
    answer = json.dumps({"message": "Three words here and more", "signal": "stay"})
    fake_gemini.queue(Fault.cut(3, answer), answer)
    heard: list[str] = []
    with provider(fake_gemini, max_retries=1) as p, streaming_to(heard.append):
        reply = asyncio.run(p.complete(request("hello")))

    assert "" in heard and heard[-1] == "Three words here and more"
    assert json.loads(reply.text)["signal"] == "stay"


def test_resource_exhausted_carries_its_retry_delay(fake_gemini: FakeGeminiServer) -> None:
    fake_gemini.queue(FakeGeminiServer.resource_exhausted(17))
    with provider(fake_gemini) as p, pytest.raises(ProviderRateLimited) as raised:
        asyncio.run(p.complete(request("hello")))
    assert raised.value.retry_after == 17.0 and raised.value.retryable
    assert "RESOURCE_EXHAUSTED" in str(raised.value)


@pytest.mark.parametrize(
    ("fault", "expected", "retryable"),
    [
        (FakeGeminiServer.unavailable(), ProviderServerError, True),
        (Fault.server_error(500), ProviderServerError, True),
        (Fault.status(403), ProviderAuthError, False),
        (Fault.status(400), ProviderRequestError, False),
    ],
)
def test_error_answers_map_into_the_one_tree(
    fake_gemini: FakeGeminiServer, fault: Fault, expected: type[ProviderError], retryable: bool
) -> None:
    fake_gemini.queue(fault)
    with provider(fake_gemini) as p, pytest.raises(expected) as raised:
        asyncio.run(p.complete(request("hello")))
    assert raised.value.retryable is retryable
    assert FAKE_GEMINI_KEY not in str(raised.value)


def test_a_wrong_key_is_an_authentication_error() -> None:
    with FakeGeminiServer(api_key="right") as server:
        p = make_provider("gemini", api_key="wrong", base_url=server.base_url, max_retries=0)
        with p, pytest.raises(ProviderAuthError, match="GEMINI_API_KEY"):
            asyncio.run(p.complete(request("hello")))


def test_a_missing_key_is_said_before_the_conversation_starts() -> None:
    with pytest.raises(ProviderAuthError, match="GEMINI_API_KEY"):
        make_provider("gemini")


def test_the_sdks_own_variables_reach_the_fake(gemini_env: FakeGeminiServer) -> None:
    with make_provider("gemini", model=MODEL) as p:
        reply = asyncio.run(p.complete(request("from the environment")))
    assert "from the environment" in reply.text


def test_a_retry_delay_is_read_from_the_error_details() -> None:
    details = {
        "error": {
            "code": 429,
            "details": [
                {"@type": "type.googleapis.com/google.rpc.QuotaFailure"},
                {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2.5s"},
            ],
        }
    }
    assert gemini_api().retry_delay_seconds(details) == 2.5
    assert gemini_api().retry_delay_seconds({"error": {"code": 429}}) is None


# --------------------------------------------------------------------------- SDK exceptions

_RESPONSE = {"error": {"code": 503, "message": "busy", "status": "UNAVAILABLE"}}

#: How every exception class ``google.genai.errors`` exports is mapped.
EXPECTED: dict[str, tuple[Any, type[ProviderError]]] = {
    "APIError": (lambda: genai_errors().APIError(418, {}), ProviderRequestError),
    "ClientError": (
        lambda: genai_errors().ClientError(429, {"error": {"status": "RESOURCE_EXHAUSTED"}}),
        ProviderRateLimited,
    ),
    "ServerError": (lambda: genai_errors().ServerError(503, _RESPONSE), ProviderServerError),
    "UnknownFunctionCallArgumentError": (
        lambda: genai_errors().UnknownFunctionCallArgumentError("x"),
        ProviderRequestError,
    ),
    "UnsupportedFunctionError": (
        lambda: genai_errors().UnsupportedFunctionError("x"),
        ProviderRequestError,
    ),
    "FunctionInvocationError": (
        lambda: genai_errors().FunctionInvocationError("x"),
        ProviderRequestError,
    ),
    "UnknownApiResponseError": (
        lambda: genai_errors().UnknownApiResponseError("x"),
        ProviderRequestError,
    ),
    "ContinuationInterruptedError": (
        lambda: genai_errors().ContinuationInterruptedError("x"),
        ProviderRequestError,
    ),
}


def exported_exception_names() -> set[str]:
    return {
        name
        for name, value in vars(genai_errors()).items()
        if type(value) is type
        and issubclass(value, Exception)
        and not issubclass(value, Warning)
        and not name.startswith("_")
        and value.__module__ == genai_errors().__name__
    }


def test_every_exception_the_sdk_exports_has_a_decided_mapping() -> None:
    assert exported_exception_names() == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_sdk_exception_maps_to_its_provider_error(name: str) -> None:
    build, expected = EXPECTED[name]
    error = build()
    assert type(error).__name__ == name
    mapped = gemini_api().map_gemini_error(error)
    assert type(mapped) is expected and str(mapped)


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (httpx2.ReadTimeout("slow"), ProviderTimeout),
        (httpx2.ConnectError("refused"), ProviderConnectionError),
    ],
)
def test_transport_errors_under_the_sdk_map_too(
    error: BaseException, expected: type[ProviderError]
) -> None:
    assert type(gemini_api().map_gemini_error(error)) is expected


def test_an_output_cap_given_to_the_provider_replaces_the_requests(
    fake_gemini: FakeGeminiServer,
) -> None:
    made = gemini_api().GeminiProvider(
        api_key=FAKE_GEMINI_KEY, base_url=fake_gemini.base_url, model=MODEL, max_output_tokens=77
    )
    with made:
        asyncio.run(made.complete(request("hello")))
    body = fake_gemini.model_requests()[0].body
    assert body is not None and body["generationConfig"]["maxOutputTokens"] == 77
