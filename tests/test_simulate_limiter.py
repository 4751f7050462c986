"""The client-side limiter: requests and tokens per minute respected, a 429 pauses and slows
everyone, retry-after is honoured, and the one retry loop (the SDK's is off) cooperates with a
server that enforces its limit — including through a storm of 429s."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from engine.errors import (
    ProviderAuthError,
    ProviderRateLimited,
    ProviderServerError,
    ScenarioError,
)
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.offline.quota import RateLimits
from engine.providers import make_provider
from engine.providers.base import ModelReply, ModelRequest
from engine.providers.paced import LimiterPool, PacedProvider, RetryPolicy, estimate_tokens
from engine.providers.rate_limiter import (
    DECREASE,
    MAX_RETRY_AFTER_S,
    RateLimiter,
    StatedLimits,
    parse_reset,
    stated_limits,
)
from engine.providers.rate_table import RateLimit, RateLimitTable

SCHEMA = {
    "type": "object",
    "properties": {"message": {"type": "string"}},
    "required": ["message"],
    "additionalProperties": False,
}


class FakeTime:
    """A clock and a sleep that only move when slept on: time-based tests in no time."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def limiter(rpm: float | None = None, tpm: float | None = None) -> tuple[RateLimiter, FakeTime]:
    time = FakeTime()
    return RateLimiter(RateLimit(rpm, tpm), clock=time.clock, sleep=time.sleep), time


def request(text: str = "Hello", **options: object) -> ModelRequest:
    return ModelRequest(
        model="gpt-4.1-mini", instructions="Answer.", input=text, schema=SCHEMA, **options
    )  # type: ignore[arg-type]


# --- the limiter alone -----------------------------------------------------------------------


def test_requests_are_paced_at_the_rpm_without_a_burst_at_the_start() -> None:
    pacing, time = limiter(rpm=120)  # two a second

    async def go() -> None:
        for _ in range(11):
            await pacing.acquire()

    asyncio.run(go())
    assert time.now == pytest.approx(5.0)  # the first at once, then one every half second


def test_tokens_per_minute_are_respected_and_settled_with_what_was_billed() -> None:
    pacing, time = limiter(tpm=600)  # ten tokens a second, a second's worth to start with

    async def go() -> None:
        for _ in range(4):
            await pacing.acquire(tokens=10)

    asyncio.run(go())
    assert time.now == pytest.approx(3.0)
    pacing.settle(estimated=10, actual=30)  # the call cost more than estimated: pay the rest
    asyncio.run(pacing.acquire(tokens=10))
    assert time.now == pytest.approx(6.0)
    pacing.settle(estimated=10, actual=0)  # refused: refunded
    asyncio.run(pacing.acquire(tokens=10))
    assert time.now == pytest.approx(6.0)


def test_a_429_pauses_every_caller_for_retry_after_and_lowers_the_rate() -> None:
    pacing, time = limiter(rpm=600)
    asyncio.run(pacing.acquire())
    pacing.throttled(retry_after=2.0)
    pacing.throttled(retry_after=1.5)  # the echo of the same congestion: one decrease
    assert pacing.factor == pytest.approx(DECREASE)
    assert pacing.decreases == 1
    assert pacing.throttles == 2
    waited = asyncio.run(pacing.acquire())
    assert waited >= 2.0  # nobody goes before the server's retry-after
    assert pacing.rpm_now is not None and pacing.rpm_now < 600
    time.now += 60  # a quiet minute: the rate has crept back to the limit
    asyncio.run(pacing.acquire())
    assert pacing.factor == 1.0


def test_without_retry_after_the_pause_backs_off_exponentially() -> None:
    pacing, _time = limiter(rpm=600)
    pauses = [pacing.throttled(retry_after=None) for _ in range(5)]
    assert pauses == [0.5, 1.0, 2.0, 4.0, 8.0]
    pacing.succeeded()
    assert pacing.throttled(retry_after=None) == 0.5


def test_callers_are_served_in_the_order_they_came() -> None:
    pacing, _time = limiter(rpm=60)
    served: list[int] = []

    async def caller(number: int) -> None:
        await pacing.acquire()
        served.append(number)

    async def go() -> None:
        await asyncio.gather(*(caller(n) for n in range(5)))

    asyncio.run(go())
    assert served == [0, 1, 2, 3, 4]


def test_the_estimate_counts_the_text_the_chain_and_the_expected_output() -> None:
    plain = estimate_tokens(request("x" * 400))
    assert estimate_tokens(request("x" * 400), context=1000) == plain + 1000
    assert estimate_tokens(request("x" * 400, max_output_tokens=10)) < plain


# --- the one retry loop, against the fake server ---------------------------------------------


def paced(
    server: FakeOpenAIServer, *, rpm: float | None = None, policy: RetryPolicy | None = None
) -> PacedProvider:
    inner = make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
    )  # as a simulation builds it
    pool = LimiterPool(RateLimitTable({}), rpm=rpm)
    return PacedProvider(inner, pool, policy=policy)


def test_retry_after_is_honoured_and_every_attempt_is_counted(
    fake_openai: FakeOpenAIServer,
) -> None:
    fake_openai.queue(Fault.rate_limit(retry_after_ms=400), {"message": "ok"})
    provider = paced(fake_openai)

    async def go() -> ModelReply:
        try:
            return await provider.complete(request())
        finally:
            await provider.aclose()

    reply = asyncio.run(go())
    assert json.loads(reply.text) == {"message": "ok"}
    refused, answered = fake_openai.model_requests()
    assert answered.at - refused.at >= 0.4 - 0.02
    assert answered.headers["x-stainless-retry-count"] == "0"  # the SDK did not retry: we did
    traffic = provider.traffic
    assert (traffic.requests, traffic.succeeded, traffic.rate_limited, traffic.retries) == (
        2,
        1,
        1,
        1,
    )


def test_curable_failures_are_retried_with_backoff_and_incurable_ones_raised_at_once(
    fake_openai: FakeOpenAIServer,
) -> None:
    fake_openai.queue(Fault.server_error(503), Fault.server_error(500), {"message": "ok"})
    provider = paced(fake_openai, policy=RetryPolicy(other=2, first_backoff_s=0.01))
    assert json.loads(asyncio.run(provider.complete(request())).text) == {"message": "ok"}
    assert dict(provider.traffic.errors) == {"ProviderServerError": 2}
    fake_openai.queue(*(Fault.server_error(500) for _ in range(3)))
    with pytest.raises(ProviderServerError):
        asyncio.run(provider.complete(request()))
    assert provider.traffic.failed == 1
    quota = Fault.rate_limit(
        retry_after=1, code="insufficient_quota", message="You exceeded your current quota."
    )
    fake_openai.queue(quota, {"message": "never reached"})
    with pytest.raises(ProviderRateLimited):
        asyncio.run(provider.complete(request()))
    assert fake_openai.pending == 1  # no retry: waiting does not buy credits
    fake_openai.api_key = "sk-another-key-entirely-0000"
    with pytest.raises(ProviderAuthError):
        asyncio.run(provider.complete(request()))
    asyncio.run(provider.aclose())


def test_a_storm_of_429s_calms_down_and_no_call_is_lost(fake_openai: FakeOpenAIServer) -> None:
    """The account allows 600 requests a minute (10 a second), the client was told 2,400: the
    first answers state the real limit and the 429s of the first burst pause and slow the
    limiter until it fits, and every call gets through."""
    fake_openai.rate_limits = RateLimits(rpm=600)
    fake_openai.responder = lambda _request: json.dumps({"message": "ok"})
    provider = paced(fake_openai, rpm=2400)

    async def go() -> None:
        try:
            await asyncio.gather(*(provider.complete(request(f"call {n}")) for n in range(30)))
        finally:
            await provider.aclose()

    asyncio.run(go())
    received = fake_openai.model_requests()
    answered = [r for r in received if r.status == 200]
    refused = [r for r in received if r.status == 429]
    assert len(answered) == 30
    assert provider.traffic.failed == 0
    # Clients that leave the retries to the SDK (each retrying alone, after its retry-after)
    # dig the account's debt deeper: in such a storm most of their calls fail for good, after
    # about eight 429s each (bench/bench_simulate.py --storm measures both).
    assert len(refused) < len(answered)
    limiter_ = provider.pool.for_model("gpt-4.1-mini")
    assert limiter_.limit.rpm == 600  # the stated limit, under the 2,400 the user allowed
    assert limiter_.throttles == len(refused)
    seconds = answered[-1].at - answered[0].at
    assert 29 / seconds <= 10 * 1.4  # the server's rate, with its one-second burst


def test_rate_limits_come_from_the_price_table_file(tmp_path: Path) -> None:
    table = RateLimitTable.load()
    assert table.limit("gpt-4.1-mini") == RateLimit(500, 200000)
    assert table.limit("gpt-4.1-mini-2025-04-14") == RateLimit(500, 200000)
    assert table.limit("a-model-nobody-knows") == table.limit("default")
    pool = LimiterPool(table, rpm=6000, tpm=0)
    assert pool.limit("gpt-4.1-mini") == RateLimit(6000, None)  # 0: no limit of that kind
    broken = tmp_path / "prices.yaml"
    broken.write_text("models: {}\nrate_limits:\n  gpt-x: {rpm: -5}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"gpt-x.rpm must be a number > 0") as error:
        RateLimitTable.load(broken)
    assert str(error.value).startswith(f"{broken}:3:")
    broken.write_text("rate_limits:\n  gpt-x: {rpm: 5, rps: 1}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="unknown key"):
        RateLimitTable.load(broken)
    assert RateLimitTable.parse("models: {}\n").limit("gpt-x") == RateLimit()


def test_usage_of_a_chained_call_is_remembered_for_the_next_estimate(
    fake_openai: FakeOpenAIServer,
) -> None:
    fake_openai.responder = lambda _request: json.dumps({"message": "ok " * 50})
    provider = paced(fake_openai)

    async def go() -> tuple[int, int]:
        try:
            first = await provider.complete(request("x" * 4000))
            used = first.usage.input_tokens + first.usage.output_tokens
            follow = request("again", previous_response_id=first.response_id)
            assert estimate_tokens(follow, context=used) > used
            await provider.complete(follow)
            return used, provider._context[first.response_id or ""]
        finally:
            await provider.aclose()

    used, remembered = asyncio.run(go())
    assert remembered == used > 0


# --- limits stated by the service (issue 26, item 4) and retry-after capped (issue 27, item 8) --


def test_the_headers_are_read_as_openai_writes_them() -> None:
    stated = stated_limits(
        {
            "X-RateLimit-Limit-Requests": "600",
            "x-ratelimit-limit-tokens": "150000",
            "x-ratelimit-remaining-requests": "599",
            "x-ratelimit-remaining-tokens": "149000",
            "x-ratelimit-reset-requests": "100ms",
            "x-ratelimit-reset-tokens": "6m0s",
        }
    )
    assert stated == StatedLimits(600, 150000, 599, 149000, 0.1, 360.0)
    assert [parse_reset(text) for text in ("20ms", "1.5s", "1h2m3s", "2", "soon")] == [
        0.02,
        1.5,
        3723.0,
        2.0,
        None,
    ]
    assert stated_limits({"content-type": "application/json"}) is None


def test_the_stated_limits_replace_the_tables_guess_under_the_users_ceiling() -> None:
    pacing, _ = limiter(rpm=500, tpm=30_000)  # the table's guess
    assert pacing.adopt(StatedLimits(rpm=600, tpm=None))  # no token limit stated: none
    assert pacing.limit == RateLimit(600, None)
    assert not pacing.adopt(StatedLimits(rpm=600, tpm=None))  # the same: nothing changes
    pacing.adopt(StatedLimits(rpm=10_000, tpm=2_000_000), ceiling=RateLimit(rpm=300))
    assert pacing.limit == RateLimit(300, 2_000_000)  # never above what the user set


def test_a_server_that_says_nothing_is_left_is_waited_for_until_its_reset() -> None:
    pacing, time = limiter(rpm=6000)
    pacing.adopt(StatedLimits(rpm=6000, remaining_requests=0, reset_requests_s=2.5))
    asyncio.run(pacing.acquire())
    assert time.now >= 2.5


def test_a_huge_retry_after_is_cut_to_a_minute_and_said() -> None:
    pacing, time = limiter(rpm=600)
    assert pacing.throttled(99_999) == MAX_RETRY_AFTER_S
    assert pacing.capped_waits == 1
    asyncio.run(pacing.acquire())
    assert MAX_RETRY_AFTER_S <= time.now < 99_999


def test_a_retry_after_over_the_cap_fails_the_call_at_once_and_says_why(
    fake_openai: FakeOpenAIServer,
) -> None:
    """Issue 34 item 13: waiting the cap and asking again met the same answer for hours, in
    silence; now the call fails at once, as a failure no retry cures."""
    fake_openai.queue(Fault.rate_limit(retry_after=99_999), {"message": "never reached"})
    provider = paced(fake_openai)
    pacing, time = provider.pool.for_model("gpt-4.1-mini"), FakeTime()
    time.now = pacing.clock()
    pacing.clock, pacing.sleep = time.clock, time.sleep
    started = time.now
    with pytest.raises(ProviderRateLimited, match="asks to wait 99999 s") as refused:
        asyncio.run(provider.complete(request()))
    asyncio.run(provider.aclose())
    assert refused.value.retryable is False and refused.value.retry_after == 99_999
    assert time.now == started  # nothing was waited
    assert fake_openai.pending == 1  # and nothing asked again
    assert provider.traffic.capped_waits == 1 and provider.traffic.longest_asked_s == 99_999
    assert provider.traffic.to_dict()["capped_waits"] == 1


def test_every_answer_states_the_limits_and_the_pacing_adopts_them(
    fake_openai: FakeOpenAIServer,
) -> None:
    """The table guesses 500 requests and 30,000 tokens a minute; the server states 600 and
    no token limit on its first answer, and from then on the limiter paces to that."""
    fake_openai.rate_limits = RateLimits(rpm=600)
    fake_openai.responder = lambda _request: json.dumps({"message": "ok"})
    inner = make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=fake_openai.base_url, max_retries=0
    )
    pool = LimiterPool(RateLimitTable({"default": RateLimit(500, 30_000)}))
    provider = PacedProvider(inner, pool)
    asyncio.run(provider.complete(request()))
    asyncio.run(provider.aclose())
    assert inner.stated_limits is not None and inner.stated_limits.rpm == 600  # type: ignore[attr-defined]
    assert pool.for_model("gpt-4.1-mini").limit == RateLimit(600, None)
