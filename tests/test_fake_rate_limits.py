"""The fake server's rate limits behave like OpenAI's: a 429 decided before any model work, with
retry-after and the x-ratelimit headers, per model, counted in tokens too — and the real SDK,
talking to it, waits as long as it is told."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from engine.errors import ProviderRateLimited
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, FakeRequest
from engine.offline.quota import RateLimits, estimate_tokens, format_reset
from engine.providers import make_provider
from engine.providers.base import ModelRequest

SCHEMA = {
    "type": "object",
    "properties": {"message": {"type": "string"}},
    "required": ["message"],
    "additionalProperties": False,
}


class Clock:
    """A hand-driven clock for the limits."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def ask(
    server: FakeOpenAIServer,
    *,
    model: str = "gpt-4.1-mini",
    text: str = "Hello",
    max_retries: int = 0,
    **options: Any,
) -> str:
    provider = make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=max_retries
    )

    async def call() -> str:
        try:
            request = ModelRequest(
                model=model, instructions="Answer.", input=text, schema=SCHEMA, **options
            )
            return (await provider.complete(request)).text
        finally:
            await provider.aclose()

    return asyncio.run(call())


@pytest.fixture
def limited(fake_openai: FakeOpenAIServer) -> tuple[FakeOpenAIServer, Clock]:
    clock = Clock()
    fake_openai.rate_limits = RateLimits(rpm=60, clock=clock)  # one a second, a burst of one
    fake_openai.responder = lambda request: json.dumps({"message": "ok"})
    return fake_openai, clock


def test_a_request_over_the_limit_is_a_429_with_retry_after_and_the_model_never_runs(
    limited: tuple[FakeOpenAIServer, Clock],
) -> None:
    server, _clock = limited
    assert ask(server) == '{"message": "ok"}'
    server.queue("the model would have said this")
    with pytest.raises(ProviderRateLimited) as refused:
        ask(server)
    assert server.pending == 1  # the queued answer is still there: no model work was done
    assert refused.value.retry_after == pytest.approx(2.0, abs=0.05)
    answer = server.model_requests()[-1]
    assert answer.status == 429
    assert answer.answer["error"]["type"] == "requests"
    assert answer.answer["error"]["code"] == "rate_limit_exceeded"
    assert "on requests per min (RPM): Limit 60" in answer.answer["error"]["message"]


def test_every_answer_carries_the_x_ratelimit_headers(
    limited: tuple[FakeOpenAIServer, Clock],
) -> None:
    server, clock = limited
    limits = server.rate_limits
    assert limits is not None
    request = FakeRequest(
        "responses", "gpt-4.1-mini", "", "hi", (), None, None, "text", None, None, None, {}
    )
    first = dict(limits.admit(request).headers)
    assert first["x-ratelimit-limit-requests"] == "60"
    assert first["x-ratelimit-remaining-requests"] == "59"
    assert first["x-ratelimit-reset-requests"] == "1s"
    refused = limits.admit(request)
    assert refused.refusal is not None
    headers = dict(refused.refusal.headers)
    assert headers["retry-after"] == "2"  # the refused request counted too
    assert headers["retry-after-ms"] == "2000"
    assert headers["x-ratelimit-limit-requests"] == "60"
    clock.now += 2.0
    assert limits.admit(request).refusal is None
    assert (limits.admitted, limits.refused) == (2, 1)


def test_refused_requests_count_against_the_limit_so_hammering_digs_deeper() -> None:
    clock = Clock()
    limits = RateLimits(rpm=60, clock=clock)
    request = FakeRequest("responses", "m", "", "hi", (), None, None, "text", None, None, None, {})
    assert limits.admit(request).refusal is None
    for _ in range(3):  # each refusal still takes a request, down to one quantum of debt
        assert limits.admit(request).refusal is not None
    clock.now += 1.0  # a patient client would be through by now, a hammering one is not
    assert limits.admit(request).refusal is not None
    clock.now += 2.0
    assert limits.admit(request).refusal is None
    forgiving = RateLimits(rpm=60, clock=clock, count_refused=False)
    assert forgiving.admit(request).refusal is None
    assert forgiving.admit(request).refusal is not None
    clock.now += 1.0
    assert forgiving.admit(request).refusal is None


def test_limits_are_per_model_unless_shared() -> None:
    clock = Clock()
    request = {
        name: FakeRequest("responses", name, "", "hi", (), None, None, "text", None, None, None, {})
        for name in ("a", "b")
    }
    per_model = RateLimits(rpm=60, clock=clock)
    assert per_model.admit(request["a"]).refusal is None
    assert per_model.admit(request["b"]).refusal is None
    shared = RateLimits(rpm=60, clock=clock, per_model=False)
    assert shared.admit(request["a"]).refusal is None
    assert shared.admit(request["b"]).refusal is not None


def test_a_minute_cannot_be_spent_in_one_burst() -> None:
    clock = Clock()
    limits = RateLimits(rpm=6000, clock=clock, count_refused=False)  # enforced per second too
    request = FakeRequest("responses", "m", "", "hi", (), None, None, "text", None, None, None, {})
    assert sum(limits.admit(request).refusal is None for _ in range(300)) == 100
    clock.now += 0.5
    assert sum(limits.admit(request).refusal is None for _ in range(300)) == 50


def test_tokens_are_counted_before_the_call_and_a_request_too_large_never_passes() -> None:
    clock = Clock()
    limits = RateLimits(tpm=600, clock=clock)  # 10 tokens a second
    small = FakeRequest("responses", "m", "", "hi", (), None, None, "text", None, 100, None, {})
    assert estimate_tokens(small) == 100  # max_output_tokens counts, as OpenAI counts max_tokens
    for _ in range(6):
        assert limits.admit(small).refusal is None
    refused = limits.admit(small).refusal
    assert refused is not None
    assert refused.body["error"]["type"] == "tokens"
    assert dict(refused.headers)["retry-after-ms"] == "10000"  # 100 tokens at 10 a second
    both = RateLimits(rpm=6000, tpm=600, clock=clock)  # the tokens refuse, and say so
    for _ in range(6):
        assert both.admit(small).refusal is None
    by_tokens = both.admit(small).refusal
    assert by_tokens is not None and by_tokens.body["error"]["type"] == "tokens"
    huge = FakeRequest("responses", "m", "", "hi", (), None, None, "text", None, 5000, None, {})
    clock.now += 120
    too_large = limits.admit(huge).refusal
    assert too_large is not None
    assert "Request too large" in too_large.body["error"]["message"]
    assert "retry-after" not in dict(too_large.headers)


def test_the_sdk_honours_retry_after_when_it_retries_itself(
    limited: tuple[FakeOpenAIServer, Clock],
) -> None:
    """What the SDK already does (why simulations turn its retries off and pace instead): it
    sleeps the server's retry-after-ms, then sends the same request again on its own."""
    server, _clock = limited
    server.rate_limits = RateLimits(rpm=60)  # real time: one request a second
    ask(server)
    ask(server, max_retries=2)
    first, refused, retried = server.model_requests()
    assert (first.status, refused.status, retried.status) == (200, 429, 200)
    assert retried.headers["x-stainless-retry-count"] == "1"
    # Its own backoff would have been 0.5 s at most: it waited for the bucket, as told (two
    # seconds: one for the first request, one for the refused one, which counted).
    assert retried.at - first.at >= 2.0 - 0.05


@pytest.mark.parametrize(
    ("seconds", "written"), [(0.0204, "21ms"), (1.5, "1.5s"), (360, "6m0s"), (61.2, "1m2s")]
)
def test_resets_are_written_as_openai_writes_them(seconds: float, written: str) -> None:
    assert format_reset(seconds) == written


def test_limits_must_be_positive() -> None:
    with pytest.raises(ValueError, match="rpm must be > 0"):
        RateLimits(rpm=0)
    with pytest.raises(ValueError, match="quantum_s"):
        RateLimits(rpm=1, quantum_s=0)
