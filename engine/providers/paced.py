"""A provider whose every attempt waits for the model's limiter, with the one retry loop.

Why the SDK's own retries are turned off in a simulation (the providers are built with
``max_retries=0``): the ``openai`` SDK retries each request on its own — after ``retry-after``
when the server sends one (up to two minutes), else with jittered exponential backoff from half a
second — without telling anyone. Its retries would bypass the limiter (uncounted requests, which
the server does count), and a 429 seen by one request would not slow the hundred others that are
about to get the same answer. So here the retry loop is the limiter's: each attempt, retries
included, is paced and counted; a 429 pauses every caller until ``retry-after`` and lowers the
rate (:meth:`RateLimiter.throttled`); a ``retry-after`` over a minute is not waited at all: the
call fails at once with a :class:`~engine.errors.ProviderRateLimited` that cannot be retried
(:func:`too_long_a_wait`, counted in :attr:`Traffic.capped_waits`), which stops a simulation
with the reason, instead of waiting a minute, asking again, and waiting again for hours in
silence; other failures a retry may cure (timeouts, dropped
connections, 5xx) are retried with the SDK's own backoff schedule. What cannot be cured — a
rejected key, an exhausted quota, a refused request — is raised at once.

Token estimates: the request's own texts, counted with the model's tokenizer
(:mod:`engine.providers.tokens`), plus the context a chained request continues (remembered from
the usage of the response it chains to), plus the expected output. :meth:`RateLimiter.settle`
corrects the estimate with the real usage.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from engine.errors import ProviderError, ProviderRateLimited
from engine.providers.base import (
    ClosingProvider,
    ModelReply,
    ModelRequest,
    Provider,
    endpoint_of,
)
from engine.providers.rate_limiter import (
    MAX_BACKOFF_S,
    MAX_RETRY_AFTER_S,
    RateLimiter,
    StatedLimits,
)
from engine.providers.rate_table import RateLimit, RateLimitTable
from engine.providers.tokens import request_tokens

__all__ = [
    "LimiterPool",
    "PacedProvider",
    "RetryPolicy",
    "Traffic",
    "estimate_tokens",
    "too_long_a_wait",
]

#: Output tokens assumed for a request that sets no ``max_output_tokens``.
EXPECTED_OUTPUT_TOKENS = 256
#: Responses whose context size is remembered (a chained request's estimate needs it).
_REMEMBERED = 20_000


@dataclass(frozen=True)
class RetryPolicy:
    """How often one call is tried again: after 429s, and after other curable failures."""

    rate_limited: int = 8
    other: int = 2
    first_backoff_s: float = 0.5


@dataclass
class Traffic:
    """What went over the wire for one role: attempts, 429s, retries, time spent waiting."""

    requests: int = 0
    succeeded: int = 0
    rate_limited: int = 0
    retries: int = 0
    failed: int = 0
    waited_s: float = 0.0
    #: The failures retried or given up on, by error class (``ProviderTimeout``: 3).
    errors: Counter[str] = field(default_factory=Counter)
    #: 429s whose ``retry-after`` asked for more than ``MAX_RETRY_AFTER_S`` (their calls failed
    #: at once: :func:`too_long_a_wait`); and the longest wait a server asked for.
    capped_waits: int = 0
    longest_asked_s: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "requests": self.requests,
            "succeeded": self.succeeded,
            "rate_limited": self.rate_limited,
            "retries": self.retries,
            "failed": self.failed,
            "waited_s": round(self.waited_s, 3),
            "errors": dict(self.errors.most_common()),
            "capped_waits": self.capped_waits,
            "longest_asked_s": round(self.longest_asked_s, 3),
        }

    def __iadd__(self, other: Traffic) -> Traffic:
        self.requests += other.requests
        self.succeeded += other.succeeded
        self.rate_limited += other.rate_limited
        self.retries += other.retries
        self.failed += other.failed
        self.waited_s += other.waited_s
        self.errors.update(other.errors)
        self.capped_waits += other.capped_waits
        self.longest_asked_s = max(self.longest_asked_s, other.longest_asked_s)
        return self


@dataclass
class LimiterPool:
    """One :class:`RateLimiter` per model (OpenAI's limits are per model), shared by roles."""

    table: RateLimitTable
    rpm: float | None = None
    tpm: float | None = None
    burst_s: float = 1.0
    _limiters: dict[str, RateLimiter] = field(default_factory=dict)

    def limit(self, model: str) -> RateLimit:
        """The starting guess for ``model``: the table's limits, with the user's overrides."""
        return self.table.limit(model).with_overrides(self.rpm, self.tpm)

    @property
    def ceiling(self) -> RateLimit:
        """What the user set (``--rpm``/``--tpm``): the service's stated limits never exceed it."""
        return RateLimit(self.rpm or None, self.tpm or None)

    def for_model(self, model: str) -> RateLimiter:
        key = model.strip().lower()
        limiter = self._limiters.get(key)
        if limiter is None:
            limiter = RateLimiter(self.limit(model), burst_s=self.burst_s)
            self._limiters[key] = limiter
        return limiter


def estimate_tokens(request: ModelRequest, context: int = 0) -> int:
    """About how many tokens ``request`` will be billed (input and output)."""
    output = request.max_output_tokens or EXPECTED_OUTPUT_TOKENS
    return context + request_tokens(request) + output


def too_long_a_wait(asked: float) -> ProviderRateLimited:
    """The error of a 429 whose ``retry-after`` is over :data:`MAX_RETRY_AFTER_S`: not worth
    retrying (``retryable`` False), so a simulation stops at once and says why."""
    hours = f" ({asked / 3600:.1f} hours)" if asked >= 3600 else ""
    error = ProviderRateLimited(
        f"the model's server asks to wait {asked:g} s{hours} before the next call, more than "
        f"the {MAX_RETRY_AFTER_S:g} s a simulation waits: try again later, or lower --rpm",
        retry_after=asked,
    )
    error.retryable = False
    return error


class PacedProvider(ClosingProvider):
    """Wraps a provider (built with ``max_retries=0``): limiter first, then the call, retried.

    ``traffic`` counts this wrapper's attempts; give each role its own wrapper to count them
    apart. ``sleep`` and ``rng`` are injectable for tests.
    """

    def __init__(
        self,
        inner: Provider,
        pool: LimiterPool,
        *,
        policy: RetryPolicy | None = None,
        traffic: Traffic | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.inner = inner
        self.pool = pool
        self.policy = policy or RetryPolicy()
        self.traffic = traffic if traffic is not None else Traffic()
        self.name = inner.name
        self.chains = inner.chains
        self._sleep = sleep or asyncio.sleep
        self._rng = rng or random.Random()
        self._context: OrderedDict[str, int] = OrderedDict()

    @property
    def endpoint(self) -> str | None:
        """The inner provider's (:func:`~engine.providers.base.endpoint_of`)."""
        return endpoint_of(self.inner)

    @property
    def made_by(self) -> str | None:
        """The inner provider's, when no model makes its replies."""
        made_by = getattr(self.inner, "made_by", None)
        return made_by if isinstance(made_by, str) else None

    def model_of(self, request: ModelRequest) -> str:
        forced = getattr(self.inner, "model", None)
        return forced if isinstance(forced, str) and forced else request.model

    async def complete(self, request: ModelRequest) -> ModelReply:
        limiter = self.pool.for_model(self.model_of(request))
        context = self._context.get(request.previous_response_id or "", 0)
        estimate = estimate_tokens(request, context)
        throttled = other = 0
        while True:
            self.traffic.waited_s += await limiter.acquire(estimate)
            self.traffic.requests += 1
            try:
                reply = await self.inner.complete(request)
            except ProviderRateLimited as error:
                self._adopt_stated(limiter)
                self.traffic.rate_limited += 1
                limiter.settle(estimate, 0)
                if not error.retryable or throttled >= self.policy.rate_limited:
                    self.traffic.failed += 1
                    raise
                asked = error.retry_after
                if asked is not None and asked > MAX_RETRY_AFTER_S:
                    # waiting the cap and asking again would only be told the same, for hours,
                    # in silence: the call fails at once, and the run stops saying why
                    self.traffic.capped_waits += 1
                    self.traffic.longest_asked_s = max(self.traffic.longest_asked_s, asked)
                    self.traffic.failed += 1
                    raise too_long_a_wait(asked) from error
                throttled += 1
                self.traffic.retries += 1
                limiter.throttled(asked)  # the next acquire waits it out
                continue
            except ProviderError as error:
                self.traffic.errors[type(error).__name__] += 1
                limiter.settle(estimate, 0)
                if not error.retryable or other >= self.policy.other:
                    self.traffic.failed += 1
                    raise
                other += 1
                self.traffic.retries += 1
                await self._sleep(self._backoff(other))
                continue
            self._adopt_stated(limiter)
            limiter.succeeded()
            self.traffic.succeeded += 1
            used = reply.usage.input_tokens + reply.usage.output_tokens
            limiter.settle(estimate, used)
            self._remember(reply.response_id, used)
            return reply

    def _adopt_stated(self, limiter: RateLimiter) -> None:
        """Pace to the limits the inner provider's last answer stated, if it states any."""
        stated = getattr(self.inner, "stated_limits", None)
        if isinstance(stated, StatedLimits):
            limiter.adopt(stated, self.pool.ceiling)

    async def aclose(self) -> None:
        await self.inner.aclose()

    def close(self) -> None:
        self.inner.close()

    def _backoff(self, attempt: int) -> float:
        """The SDK's schedule: 0.5 s doubled per retry, at most 8 s, minus up to 25 % jitter."""
        delay: float = min(self.policy.first_backoff_s * 2.0 ** (attempt - 1), MAX_BACKOFF_S)
        return delay * (1 - 0.25 * self._rng.random())

    def _remember(self, response_id: str | None, tokens: int) -> None:
        if response_id is None:
            return
        self._context[response_id] = tokens
        while len(self._context) > _REMEMBERED:
            self._context.popitem(last=False)
