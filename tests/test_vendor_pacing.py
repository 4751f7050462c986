"""``simulate``'s pacing adopts what the vendors say: Anthropic's ``anthropic-ratelimit-*``
headers, Gemini's 429 ``RESOURCE_EXHAUSTED`` wait (its RetryInfo), as it does OpenAI's."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.fake_gemini import FAKE_GEMINI_KEY, FakeGeminiServer
from engine.providers import ModelRequest, make_provider
from engine.providers.paced import LimiterPool, PacedProvider
from engine.providers.rate_table import RateLimit, RateLimitTable

pytestmark = pytest.mark.xdist_group("vendor_sdks")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"message": {"type": "string"}},
    "required": ["message"],
    "additionalProperties": False,
}


def request() -> ModelRequest:
    return ModelRequest(model="m", instructions="Be brief.", input="hi", schema=SCHEMA)


def test_the_pace_adopts_anthropics_stated_limits(fake_anthropic: FakeAnthropicServer) -> None:
    fake_anthropic.requests_per_minute = 50
    fake_anthropic.tokens_per_minute = 40_000
    inner = make_provider(
        "anthropic",
        api_key=FAKE_ANTHROPIC_KEY,
        base_url=fake_anthropic.base_url,
        model="claude-sonnet-4-5",
        max_retries=0,
    )
    pool = LimiterPool(RateLimitTable({"default": RateLimit(500, 30_000)}))
    provider = PacedProvider(inner, pool)
    asyncio.run(provider.complete(request()))
    asyncio.run(provider.aclose())
    assert pool.for_model("claude-sonnet-4-5").limit == RateLimit(50, 40_000)


def test_the_pace_waits_out_geminis_retry_delay(fake_gemini: FakeGeminiServer) -> None:
    fake_gemini.queue(FakeGeminiServer.resource_exhausted(0.2))
    inner = make_provider(
        "gemini",
        api_key=FAKE_GEMINI_KEY,
        base_url=fake_gemini.base_url,
        model="gemini-2.5-flash",
        max_retries=0,
    )
    provider = PacedProvider(inner, LimiterPool(RateLimitTable({}), rpm=6000, tpm=0))
    reply = asyncio.run(provider.complete(request()))
    asyncio.run(provider.aclose())

    assert "hi" in reply.text
    assert provider.traffic.rate_limited == 1 and provider.traffic.retries == 1
    first, second = fake_gemini.model_requests()
    assert second.at - first.at >= 0.2  # the RetryInfo delay, waited


def test_the_check_finds_each_vendors_schema_stream_and_cache(
    fake_anthropic: FakeAnthropicServer, fake_gemini: FakeGeminiServer
) -> None:
    from engine.providers.vendor_check import probe_vendor

    for name, server, key, model in (
        ("anthropic", fake_anthropic, FAKE_ANTHROPIC_KEY, "claude-sonnet-4-5"),
        ("gemini", fake_gemini, FAKE_GEMINI_KEY, "gemini-2.5-flash"),
    ):
        with make_provider(name, api_key=key, base_url=server.base_url, model=model) as p:
            found = asyncio.run(probe_vendor(p, name, model))
        assert found["schema_enforced"] and found["structured_output"] == "json_schema"
        assert found["usage_when_streaming"] and found["cached_tokens_reported"]
        assert found["chaining"] is False
    assert found["output_cap_param"] == "maxOutputTokens"


def test_providers_check_knows_both_vendors(
    anthropic_env: FakeAnthropicServer,
    gemini_env: FakeGeminiServer,
    capsys: Any,
) -> None:
    import json

    from engine.cli import main
    from engine.providers.profile import load_profile

    for name, server, model in (
        ("anthropic", anthropic_env, "claude-sonnet-4-5"),
        ("gemini", gemini_env, "gemini-2.5-flash"),
    ):
        code = main(["providers", "check", "--provider", name, "--model", model, "--json"])
        assert code == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed["provider"] == name and printed["schema_enforced"] is True
        assert printed["would_choose"]["provider"] == name
        assert printed["cached_tokens_reported"] is True
        assert load_profile(name, server.base_url, model) is not None


def test_providers_check_of_a_vendor_without_its_key_names_its_variable(capsys: Any) -> None:
    from engine.cli import main

    assert main(["providers", "check", "--provider", "gemini", "--model", "gemini-2.5-flash"]) == 2
    assert "GEMINI_API_KEY" in capsys.readouterr().err
