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
* **The service's word beats the table.** OpenAI states the account's limits on every answer
  (``x-ratelimit-limit-requests``/``-tokens``, ``-remaining-``, ``-reset-``); the providers read
  them (:func:`stated_limits`) and :meth:`RateLimiter.adopt` paces to them from then on, never
  above a limit the user set (the ceiling). A server that states a request limit and no token
  limit has none. When it says no request is left, everyone waits for its reset. Anthropic
  states the same in its own words (``anthropic-ratelimit-requests-limit``, ``-remaining``,
  ``-reset`` as an RFC 3339 time): :func:`anthropic_stated_limits` reads them alike.
* **A wait is never longer than** :data:`MAX_RETRY_AFTER_S`. A server asking for more
  (``retry-after: 99999`` would be 27 hours of silence) is not waited for by a simulation: its
  call fails at once and the run stops, saying why (:func:`engine.providers.paced.too_long_a_wait`).
  Here :meth:`RateLimiter.throttled` cuts such a wait to the cap and counts it.
* The clock and the sleep are injectable, so the tests drive time by hand.
"""

from __future__ import annotations

import asyncio
import datetime
import math
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from engine.providers.rate_table import RateLimit

__all__ = [
    "DECREASE",
    "MAX_RETRY_AFTER_S",
    "MIN_FACTOR",
    "RECOVERY_PER_S",
    "RateLimiter",
    "StatedLimits",
    "anthropic_stated_limits",
    "parse_reset",
    "stated_limits",
]

#: The rate is multiplied by this on a 429 …
DECREASE = 0.5
#: … never below this share of the limit …
MIN_FACTOR = 0.1
#: … and recovers by this share of the limit each second without a 429.
RECOVERY_PER_S = 0.02
#: The pause after a 429 that came without a ``retry-after``: doubled on each one in a row.
FIRST_BACKOFF_S = 0.5
MAX_BACKOFF_S = 8.0
#: The longest a server's ``retry-after`` is obeyed, in seconds (the ``openai`` SDK's own bound).
MAX_RETRY_AFTER_S = 60.0

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True)
class StatedLimits:
    """What one answer's ``x-ratelimit-*`` headers say (``None``: that header was absent)."""

    rpm: float | None = None
    tpm: float | None = None
    remaining_requests: float | None = None
    remaining_tokens: float | None = None
    reset_requests_s: float | None = None
    reset_tokens_s: float | None = None


_RESET_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|h|m|s)")
_UNIT_S = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}


def parse_reset(text: str) -> float | None:
    """A reset as OpenAI writes it (``20ms``, ``1.5s``, ``6m0s``, ``1h2m``) in seconds."""
    text = text.strip()
    parts = _RESET_PART.findall(text)
    if not parts or "".join(a + b for a, b in parts) != text:
        try:
            seconds = float(text)
        except ValueError:
            return None
        return seconds if math.isfinite(seconds) and seconds >= 0 else None
    return sum(float(amount) * _UNIT_S[unit] for amount, unit in parts)


def stated_limits(headers: Mapping[str, str]) -> StatedLimits | None:
    """The limits an answer's headers state, or ``None`` when it states none."""
    lowered = {name.lower(): value for name, value in headers.items()}

    def number(name: str) -> float | None:
        value = lowered.get(f"x-ratelimit-{name}")
        if value is None:
            return None
        try:
            parsed = float(value)
        except ValueError:
            return None
        return parsed if math.isfinite(parsed) and parsed >= 0 else None

    def reset(name: str) -> float | None:
        value = lowered.get(f"x-ratelimit-reset-{name}")
        return parse_reset(value) if value is not None else None

    rpm, tpm = number("limit-requests"), number("limit-tokens")
    if rpm is None and tpm is None:
        return None
    return StatedLimits(
        rpm=rpm or None,
        tpm=tpm or None,
        remaining_requests=number("remaining-requests"),
        remaining_tokens=number("remaining-tokens"),
        reset_requests_s=reset("requests"),
        reset_tokens_s=reset("tokens"),
    )


def anthropic_stated_limits(
    headers: Mapping[str, str], *, now: float | None = None
) -> StatedLimits | None:
    """The limits an Anthropic answer states (``anthropic-ratelimit-*``), or ``None``.

    Its resets are times (``2026-12-05T12:00:30Z``), turned into seconds from ``now`` (the
    wall clock by default). Its token limit is ``tokens`` (input and output together).
    """
    lowered = {name.lower(): value for name, value in headers.items()}
    clock = time.time() if now is None else now

    def number(name: str) -> float | None:
        value = lowered.get(f"anthropic-ratelimit-{name}")
        if value is None:
            return None
        try:
            parsed = float(value)
        except ValueError:
            return None
        return parsed if math.isfinite(parsed) and parsed >= 0 else None

    def reset(name: str) -> float | None:
        value = lowered.get(f"anthropic-ratelimit-{name}-reset")
        if value is None:
            return None
        try:
            when = datetime.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=datetime.UTC)
        return max(when.timestamp() - clock, 0.0)

    rpm, tpm = number("requests-limit"), number("tokens-limit")
    if rpm is None and tpm is None:
        return None
    return StatedLimits(
        rpm=rpm or None,
        tpm=tpm or None,
        remaining_requests=number("requests-remaining"),
        remaining_tokens=number("tokens-remaining"),
        reset_requests_s=reset("requests"),
        reset_tokens_s=reset("tokens"),
    )


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
        self.burst_s = burst_s
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
        #: Waits a server asked for that were longer than :data:`MAX_RETRY_AFTER_S`.
        self.capped_waits = 0
        #: The limits the service last stated (``None`` until an answer states them).
        self.stated: StatedLimits | None = None

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
            pause = min(retry_after, MAX_RETRY_AFTER_S)
            self.capped_waits += retry_after > MAX_RETRY_AFTER_S
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

    def adopt(self, stated: StatedLimits, ceiling: RateLimit | None = None) -> bool:
        """Pace to the limits the service stated, under ``ceiling`` (what the user set; ``None``
        in a field: no ceiling). Returns whether the limits changed."""
        self.stated = stated
        ceiling = ceiling or RateLimit()
        rpm = _under(stated.rpm, ceiling.rpm) if stated.rpm is not None else self.limit.rpm
        tpm: float | None
        if stated.tpm is not None:
            tpm = _under(stated.tpm, ceiling.tpm)
        else:  # a service that states its request limit and no token limit has none
            tpm = ceiling.tpm if stated.rpm is not None else self.limit.tpm
        if stated.remaining_requests == 0 and stated.reset_requests_s:
            now = self._advance()
            wait = min(stated.reset_requests_s, MAX_RETRY_AFTER_S)
            self._paused_until = max(self._paused_until, now + wait)
        new = RateLimit(rpm, tpm)
        if new == self.limit:
            return False
        self._advance()
        self.limit = new
        self._requests = _resized(self._requests, rpm, self.burst_s)
        self._tokens = _resized(self._tokens, tpm, self.burst_s)
        return True

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


def _under(stated: float, ceiling: float | None) -> float:
    return min(stated, ceiling) if ceiling is not None else stated


def _resized(bucket: _Bucket | None, per_minute: float | None, burst_s: float) -> _Bucket | None:
    """A bucket for a new limit, keeping the share of it already used."""
    if per_minute is None:
        return None
    rate = per_minute / 60
    capacity = max(rate * burst_s, 1.0)
    if bucket is None:
        return _Bucket(rate, capacity, 1.0)
    return _Bucket(rate, capacity, min(bucket.level, capacity))
