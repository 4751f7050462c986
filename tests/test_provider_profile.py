"""What a server does, found by asking it (``prompter providers check``), and how the providers
use it: the format a server takes, never downgraded silently; an output cap on every request in
the parameter the server reads; tokens counted honestly when the server says none."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.errors import ProviderRequestError
from engine.offline.fake_openai import FakeOpenAIServer, Fault
from engine.offline.fake_openai.requests import FakeRequest
from engine.providers import Provider, make_provider
from engine.providers.base import ModelRequest, streaming_to
from engine.providers.profile import (
    ProviderProfile,
    check_server,
    load_profile,
    normalised_base_url,
    profile_path,
    save_profile,
)
from engine.providers.server_check import MAX_CALLS
from engine.providers.server_formats import cached_tokens_of

pytestmark = pytest.mark.anyio

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"message": {"type": "string"}},
    "required": ["message"],
    "additionalProperties": False,
}
#: llama-cpp-python 0.3.36's answer to a ``json_schema`` format: a 500 naming the parameter.
LLAMA_CPP_REFUSAL = {
    "error": {
        "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', "
        "'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\"}",
        "type": "internal_server_error",
        "param": None,
        "code": None,
    }
}
POEM = "The sea is wide,\nthe sea is deep."


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def request(**changes: Any) -> ModelRequest:
    fields: dict[str, Any] = {
        "model": "gpt-4.1-mini",
        "instructions": "You greet people.",
        "input": "hello",
        "schema": SCHEMA,
        "max_output_tokens": 200,
    }
    return ModelRequest(**{**fields, **changes})


def profile(**changes: Any) -> ProviderProfile:
    fields: dict[str, Any] = {
        "provider": "chat",
        "base_url": "http://127.0.0.1:8080/v1",
        "model": "smollm2",
        "schema_enforced": True,
        "structured_output": "json_object_schema",
        "chaining": False,
        "usage_when_streaming": False,
        "cached_tokens_reported": False,
        "context_tokens": 4096,
        "output_cap_param": "max_tokens",
        "checked_at": "2026-12-05T10:00:00Z",
    }
    return ProviderProfile(**{**fields, **changes})


def honest_server(call: FakeRequest) -> str:
    """A model the server holds to the schema when it has one; a poem otherwise (the bait)."""
    if call.schema is not None and "verdict" in json.dumps(call.schema):
        return '{"verdict": "yes"}'
    if call.schema is not None:
        return '{"message": "hello"}'
    return POEM if "poem" in call.input_text else '{"message": "hello"}'


ProviderFactory = Callable[..., Provider]


@pytest.fixture
async def open_provider(openai_env: FakeOpenAIServer) -> AsyncIterator[ProviderFactory]:
    opened: list[Provider] = []

    def build(name: str = "chat", **options: Any) -> Provider:
        provider = make_provider(name, **{"timeout": 5.0, "max_retries": 2, **options})
        opened.append(provider)
        return provider

    yield build
    for provider in opened:
        await provider.aclose()


# --------------------------------------------------------------------------- the saved profile


def test_a_profile_is_saved_per_base_url_and_model_in_the_config_folder(
    config_folder: Path,
) -> None:
    saved = profile()
    path = save_profile(saved)
    save_profile(profile(provider="responses", chaining=True))

    assert path.parent == config_folder / "providers"
    assert load_profile("chat", "http://127.0.0.1:8080/v1/", "smollm2") == saved
    assert load_profile("responses", "http://127.0.0.1:8080/v1", "smollm2") is not None
    assert load_profile("chat", "http://127.0.0.1:8080/v1", "other-model") is None
    assert load_profile("chat", "http://127.0.0.1:9999/v1", "smollm2") is None
    assert ProviderProfile.from_json(json.loads(json.dumps(saved.to_json()))) == saved


def test_a_base_url_is_keyed_without_its_credentials() -> None:
    with_secret = "HTTP://user:s3cret@Example.COM:8443/v1/"
    assert normalised_base_url(with_secret) == "http://example.com:8443/v1"
    assert profile_path(with_secret, "m") == profile_path("http://example.com:8443/v1", "m")
    assert "s3cret" not in str(profile_path(with_secret, "m"))


def test_a_file_that_is_no_profile_is_ignored() -> None:
    path = save_profile(profile())
    stored = json.loads(path.read_text())
    stored["profiles"]["chat"]["schema_enforced"] = "yes"
    path.write_text(json.dumps(stored))
    assert load_profile("chat", "http://127.0.0.1:8080/v1", "smollm2") is None
    path.write_text("not json")
    assert load_profile("chat", "http://127.0.0.1:8080/v1", "smollm2") is None


# --------------------------------------------------------------------------- the check


async def test_the_check_finds_a_server_that_enforces_strict_schemas(
    openai_env: FakeOpenAIServer,
) -> None:
    openai_env.responder = honest_server

    found = await check_server(
        "chat", model="gpt-4.1-mini", base_url=openai_env.base_url, api_key=None
    )

    assert (found.structured_output, found.schema_enforced) == ("json_schema", True)
    assert (found.chaining, found.usage_when_streaming, found.cached_tokens_reported) == (
        True,
        True,
        True,
    )
    assert found.output_cap_param == "max_tokens"  # not OpenAI's host: the older parameter
    assert found.base_url == normalised_base_url(openai_env.base_url)
    assert len(openai_env.requests) <= MAX_CALLS


async def test_the_check_sees_through_a_server_that_drops_the_schema(
    openai_env: FakeOpenAIServer,
) -> None:
    """No strict schemas; a ``json_object`` format whose schema it ignores: the bait is answered
    with a poem, so the schema is not enforced, and the check says so."""
    openai_env.supports_strict_schema = False
    openai_env.supports_responses = False
    openai_env.stream_usage = False
    openai_env.responder = honest_server

    found = await check_server(
        "chat", model="gpt-4.1-mini", base_url=openai_env.base_url, api_key=None
    )

    assert found.structured_output == "json_object_schema"
    assert (found.schema_enforced, found.chaining, found.usage_when_streaming) == (
        False,
        False,
        False,
    )
    assert found.schema_mode == "schema not enforced: replies checked after the fact"
    assert len(openai_env.requests) <= MAX_CALLS


def test_providers_check_prints_and_saves_the_profile(
    openai_env: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    openai_env.responder = honest_server

    code = main(["providers", "check", "--provider", "chat", "--model", "gpt-4.1-mini", "--json"])

    assert code == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["schema_enforced"] is True
    assert printed["would_choose"]["provider"] == "responses"  # chaining works here
    assert Path(printed["saved_to"]).is_file()
    assert load_profile("chat", openai_env.base_url, "gpt-4.1-mini") is not None


def test_providers_check_without_a_key_says_how_to_set_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["providers", "check"]) == 2
    assert "OPENAI_API_KEY" in capsys.readouterr().err


# ----------------------------------------------------------------- never a silent downgrade


async def test_a_format_refused_with_a_500_is_not_retried_but_switched_once_and_said(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.status(500, LLAMA_CPP_REFUSAL))
    openai_env.responder = honest_server
    provider = open_provider("chat")

    reply = await provider.complete(request())
    again = await provider.complete(request())

    calls = openai_env.model_requests()
    assert [call.status for call in calls] == [500, 200, 200]  # the SDK did not retry the 500
    assert calls[0].body is not None and calls[0].body["response_format"]["type"] == "json_schema"
    for call in calls[1:]:
        assert call.body is not None
        assert call.body["response_format"] == {"type": "json_object", "schema": SCHEMA}
    (notice,) = reply.notices
    assert "'json_schema'" in notice and "'json_object_schema'" in notice and "500" in notice
    assert again.notices == ()  # said once, when it happened


async def test_a_profile_sets_the_format_and_the_output_cap_parameter(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.responder = honest_server
    checked = profile(structured_output="json_object", output_cap_param="max_completion_tokens")

    await open_provider("chat", profile=checked).complete(request())

    (call,) = openai_env.model_requests()
    assert call.body is not None
    assert call.body["response_format"] == {"type": "json_object"}
    assert call.body["max_completion_tokens"] == 200 and "max_tokens" not in call.body
    assert '"additionalProperties": false' in call.body["messages"][0]["content"]


async def test_an_output_cap_parameter_refused_is_swapped_and_said(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    words = "Unsupported parameter: 'max_tokens' is not supported with this model."
    openai_env.queue(Fault.status(400, {"error": {"message": words, "param": "max_tokens"}}))
    openai_env.responder = honest_server

    reply = await open_provider("chat").complete(request())

    refused, taken = openai_env.model_requests()
    assert refused.body is not None and refused.body["max_tokens"] == 200
    assert taken.body is not None and taken.body["max_completion_tokens"] == 200
    assert "max_completion_tokens" in reply.notices[0]


async def test_a_server_refusing_both_output_caps_is_an_error_not_a_loop(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    def refused(param: str) -> Fault:
        words = f"Unsupported parameter: '{param}'."
        return Fault.status(400, {"error": {"message": words, "param": param}})

    openai_env.queue(refused("max_tokens"), refused("max_completion_tokens"), refused("max_tokens"))

    with pytest.raises(ProviderRequestError, match="Unsupported parameter"):
        await open_provider("chat").complete(request())

    assert len(openai_env.model_requests()) == 3


async def test_the_providers_cap_replaces_the_requests(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.responder = honest_server

    await open_provider("responses", max_output_tokens=77).complete(request())

    (call,) = openai_env.model_requests()
    assert call.body is not None and call.body["max_output_tokens"] == 77


# --------------------------------------------------------------------------- honest numbers


async def test_a_stream_without_usage_is_counted_locally_and_marked_estimated(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.stream_usage = False
    openai_env.responder = honest_server
    heard: list[str] = []

    with streaming_to(heard.append):
        reply = await open_provider("chat").complete(request())

    assert heard  # it did stream
    assert reply.usage.estimated
    assert reply.usage.input_tokens > 10 and reply.usage.output_tokens > 0


async def test_usage_the_server_reports_is_not_estimated(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    openai_env.responder = honest_server

    with streaming_to(lambda _: None):
        reply = await open_provider("chat").complete(request())

    assert not reply.usage.estimated and reply.usage.output_tokens > 0


def test_cached_tokens_are_read_from_every_field_servers_use() -> None:
    openai_usage = {"prompt_tokens": 900, "prompt_tokens_details": {"cached_tokens": 768}}
    assert cached_tokens_of(openai_usage, {}) == 768  # OpenAI, and vLLM's same field
    responses_usage = {"input_tokens": 900, "input_tokens_details": {"cached_tokens": 512}}
    assert cached_tokens_of(responses_usage, {}) == 512
    llama_cpp = {"timings": {"cache_n": 640, "prompt_n": 12}}
    assert cached_tokens_of({"prompt_tokens": 652}, llama_cpp) == 640
    assert cached_tokens_of({"prompt_tokens": 652}, {}) is None  # not said: not reported


async def test_a_schema_the_server_finds_wrong_is_an_error_not_a_downgrade(
    open_provider: ProviderFactory, openai_env: FakeOpenAIServer
) -> None:
    said = {
        "error": {
            "message": "Invalid schema for response_format 'step_reply': 'required' is missing",
            "param": "response_format",
            "code": "invalid_json_schema",
        }
    }
    openai_env.queue(Fault.status(400, said))

    with pytest.raises(ProviderRequestError, match="Invalid schema"):
        await open_provider("chat").complete(request())

    assert len(openai_env.model_requests()) == 1
