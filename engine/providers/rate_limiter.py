"""Client-side pacing: stay under a model's requests- and tokens-per-minute limits, politely.

A :class:`RateLimiter` holds two buckets that refill continuously at the limit's rate, each
holding at most ``burst_s`` seconds' worth — the server enforces its minute over short periods
too, so a client must not spend a minute's budget at once. Callers queue in arrival order (one
lock, held while waiting), so a conversation never starves behind later ones.

* **Tokens are known only after the call.** A request is admitted on an estimate and
  :meth:`RateLimiter.settle` then charges (or refunds) the difference with what the server
  billed, so the token rate holds over time whatever the estimate's error.
* **A 429 slows everyone, not just the request that got it.** :meth:`RateLimiter.throttled`
  pauses every caller until the server's ``retry-after`` has passed and empties the buckets (no
  burst when the pause ends). It also lowers the rate multiplicatively (×0.5, at most once per
  pause), and the rate creeps back (+2 % of the limit a second) while no 429 comes: when the
  account's real limit is lower than configured — another program shares it, the tier changed —
  the simulation settles just under it instead of living in a 429 storm, which the server counts
  against the account.
* The clock and the sleep are injectable, so the tests drive time by hand.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from engine.providers.rate_table import RateLimit

__all__ = ["DECREASE", "MIN_FACTOR", "RECOVERY_PER_S", "RateLimiter"]

#: The rate is multiplied by this on a 429 …
DECREASE = 0.5
#: … never below this share of the limit …
MIN_FACTOR = 0.1
#: … and recovers by this share of the limit each second without a 429.
RECOVERY_PER_S = 0.02
#: The pause after a 429 that came without a ``retry-after``: doubled on each one in a row.
FIRST_BACKOFF_S = 0.5
MAX_BACKOFF_S = 8.0

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


@dataclass
class _Bucket:
    """Units refilled at ``rate × factor`` a second, up to ``capacity``; may run into debt."""

    rate: float
    capacity: float
    level: float

    def refill(self, seconds: float, factor: float) -> None:
        self.level = min(self.capacity, self.level + seconds * self.rate * factor)

    def wait_for(self, amount: float, factor: float) -> float:
        needed = min(amount, self.capacity) - self.level
        return needed / (self.rate * factor) if needed > 0 else 0.0


class RateLimiter:
    """Paces one model's calls under ``limit``. Use from one event loop."""

    def __init__(
        self,
        limit: RateLimit,
        *,
        burst_s: float = 1.0,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        if burst_s <= 0:
            raise ValueError(f"burst_s must be > 0, got {burst_s!r}")
        self.limit = limit
        self.clock = clock
        self.sleep = sleep
        self.factor = 1.0
        # Requests start with one request's worth, not a full bucket: no burst at the start
        # (a server whose short-period bucket is emptied by it would then refuse every late
        # arrival). A second of tokens is no such risk: the server counts tokens by the minute.
        self._requests = self._bucket(limit.rpm, burst_s, full=False)
        self._tokens = self._bucket(limit.tpm, burst_s, full=True)
        self._at = clock()
        self._paused_until = 0.0
        self._backoff = FIRST_BACKOFF_S
        self._lock = asyncio.Lock()
        #: Seconds callers spent waiting here, all of them together.
        self.waited_s = 0.0
        #: 429s reported, and how many of them lowered the rate.
        self.throttles = 0
        self.decreases = 0

    @staticmethod
    def _bucket(per_minute: float | None, burst_s: float, *, full: bool) -> _Bucket | None:
        if per_minute is None:
            return None
        rate = per_minute / 60
        capacity = max(rate * burst_s, 1.0)
        return _Bucket(rate, capacity, capacity if full else 1.0)

    @property
    def rpm_now(self) -> float | None:
        """The request rate the limiter allows at the moment, per minute."""
        return self.limit.rpm * self.factor if self.limit.rpm is not None else None

    async def acquire(self, tokens: int = 0) -> float:
        """Wait until one request of about ``tokens`` tokens may go; returns the seconds waited."""
        started = self.clock()
        async with self._lock:
            while True:
                now = self._advance()
                wait = self._paused_until - now
                if self._requests is not None:
                    wait = max(wait, self._requests.wait_for(1, self.factor))
                if self._tokens is not None and tokens > 0:
                    wait = max(wait, self._tokens.wait_for(tokens, self.factor))
                if wait <= 0:
                    break
                await self.sleep(wait)
            if self._requests is not None:
                self._requests.level -= 1
            if self._tokens is not None:
                self._tokens.level -= tokens
        waited = self.clock() - started
        self.waited_s += waited
        return waited

    def settle(self, estimated: int, actual: int) -> None:
        """Charge the tokens the server billed instead of the estimate (refund or extra)."""
        if self._tokens is not None:
            self._tokens.level = min(self._tokens.capacity, self._tokens.level + estimated - actual)

    def throttled(self, retry_after: float | None) -> float:
        """A 429 came back: pause everyone, slow down; returns the pause in seconds."""
        now = self._advance()
        self.throttles += 1
        if retry_after is not None and retry_after > 0:
            pause = retry_after
        else:
            pause = self._backoff
            self._backoff = min(self._backoff * 2, MAX_BACKOFF_S)
        if now >= self._paused_until:  # a new congestion event, not an echo of the last one
            self.factor = max(self.factor * DECREASE, MIN_FACTOR)
            self.decreases += 1
        self._paused_until = max(self._paused_until, now + pause)
        for bucket in (self._requests, self._tokens):
            if bucket is not None:
                bucket.level = min(bucket.level, 0.0)
        return pause

    def succeeded(self) -> None:
        """A call went through: the next 429 without ``retry-after`` starts the backoff afresh."""
        self._backoff = FIRST_BACKOFF_S

    def _advance(self) -> float:
        """Refill the buckets and recover the rate for the time elapsed; returns now."""
        now = self.clock()
        elapsed = max(now - self._at, 0.0)
        self._at = now
        if now >= self._paused_until and self.factor < 1.0:
            self.factor = min(1.0, self.factor + RECOVERY_PER_S * elapsed)
        for bucket in (self._requests, self._tokens):
            if bucket is not None:
                bucket.refill(elapsed, self.factor)
        return now
