"""Rate limits for the fake OpenAI server, enforced the way the real service enforces them.

OpenAI limits each model to so many requests per minute (RPM) and tokens per minute (TPM).
What a client meets, and what this module reproduces:

* **The decision comes first.** A request over the limit is refused before the model does any
  work: a 429 at once (no model latency), with OpenAI's body (``type`` ``requests`` or
  ``tokens``, ``code`` ``rate_limit_exceeded``, a sentence with the limit, the use and the wait)
  and the headers the SDK reads: ``retry-after`` (whole seconds, rounded up, as HTTP wants) and
  ``retry-after-ms`` (the precise wait, which the SDK prefers).
* **Every answer says where the account stands**: ``x-ratelimit-limit-requests``,
  ``x-ratelimit-remaining-requests``, ``x-ratelimit-reset-requests`` and the same three for
  tokens, on successes and refusals alike (resets written as OpenAI writes them: ``20ms``,
  ``1.5s``, ``6m0s``).
* **Buckets that refill continuously.** A minute's budget is a token bucket holding one minute
  of requests (or tokens), refilled at the limit's rate. OpenAI also enforces limits over shorter
  periods ("60,000 requests/minute may be enforced as 1,000 requests/second"), so requests must
  fit a second bucket holding ``quantum_s`` seconds' worth: a client cannot spend a minute's
  budget in one burst.
* **Tokens are counted before the call**, as the service does: the prompt (instructions,
  response format, the chained or sent context and the input, in the fake's token count) plus
  ``max_output_tokens`` when the request sets it. A request larger than the whole minute's
  budget can never pass: it is refused without a ``retry-after``.
* **Refused requests count.** "Unsuccessful requests contribute to your per-minute limit", says
  OpenAI: a refused request still takes its request from the bucket (down to one quantum of
  debt), so a client that hammers on 429s only digs deeper — the client's limiter is tested
  against that, not against a server that forgives.
* Limits are **per model** (as OpenAI's), unless ``per_model=False``.

Wire it into a server with ``server.rate_limits = RateLimits(rpm=6000)``; the server asks
:meth:`RateLimits.admit` for every model call before it looks for an answer.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.offline.fake_openai.answers import Fault
from engine.offline.fake_openai.cache import prompt_tokens
from engine.offline.fake_openai.requests import FakeRequest, Format

__all__ = ["Admission", "RateLimits", "estimate_tokens", "format_reset"]

Clock = Callable[[], float]
Headers = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Admission:
    """The server's decision on one request: the headers to send, and a refusal or ``None``."""

    headers: Headers
    refusal: Fault | None = None


def estimate_tokens(request: FakeRequest) -> int:
    """The tokens a request is charged before it runs: its prompt plus ``max_output_tokens``."""
    fmt = Format(request.format_type, request.schema, request.schema_name)
    prompt = len(prompt_tokens(request.instructions, fmt, request.messages, request.model))
    return prompt + (request.max_output_tokens or 0)


def format_reset(seconds: float) -> str:
    """A wait as OpenAI's ``x-ratelimit-reset-*`` headers write it: ``20ms``, ``1.5s``, ``6m0s``."""
    if seconds < 1:
        return f"{max(math.ceil(seconds * 1000), 0)}ms"
    if seconds < 60:
        return f"{seconds:.3g}s"
    minutes, rest = divmod(math.ceil(seconds), 60)
    return f"{minutes}m{rest}s"


@dataclass
class _Bucket:
    """A continuously refilled bucket: ``capacity`` units, ``rate`` units a second."""

    capacity: float
    rate: float
    level: float
    at: float
    floor: float = 0.0

    def refill(self, now: float) -> None:
        self.level = min(self.capacity, self.level + (now - self.at) * self.rate)
        self.at = now

    def wait_for(self, amount: float) -> float:
        """Seconds until ``amount`` is in the bucket (0 when it is there now)."""
        missing = amount - self.level
        return missing / self.rate if missing > 0 else 0.0

    def take(self, amount: float) -> None:
        self.level = max(self.level - amount, self.floor)

    def time_to_full(self) -> float:
        return max(self.capacity - self.level, 0.0) / self.rate


@dataclass
class _ModelLimits:
    """One model's buckets: a minute and a quantum of requests, a minute of tokens."""

    requests: _Bucket | None
    burst: _Bucket | None
    tokens: _Bucket | None


@dataclass
class RateLimits:
    """RPM and TPM limits, per model; thread-safe (the server answers on many threads).

    ``rpm``/``tpm``: ``None`` leaves that limit out. ``quantum_s``: the shorter period requests
    are also enforced over. ``count_refused``: a refused request still uses up a request.
    ``clock`` is injectable for tests. ``admitted`` and ``refused`` count the decisions.
    """

    rpm: float | None = None
    tpm: float | None = None
    quantum_s: float = 1.0
    per_model: bool = True
    count_refused: bool = True
    clock: Clock = time.monotonic
    admitted: int = 0
    refused: int = 0
    _models: dict[str, _ModelLimits] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        for name, value in (("rpm", self.rpm), ("tpm", self.tpm)):
            if value is not None and value <= 0:
                raise ValueError(f"{name} must be > 0 (or None for no limit), got {value!r}")
        if self.quantum_s <= 0:
            raise ValueError(f"quantum_s must be > 0, got {self.quantum_s!r}")

    def admit(self, request: FakeRequest) -> Admission:
        """Admit or refuse ``request`` now; either way the request is counted."""
        tokens = estimate_tokens(request)
        with self._lock:
            now = self.clock()
            limits = self._limits_for(request.model, now)
            for bucket in (limits.requests, limits.burst, limits.tokens):
                if bucket is not None:
                    bucket.refill(now)
            refused = self._refused_by(limits, tokens)
            if refused is None:
                self._take(limits, tokens)
                self.admitted += 1
            elif self.count_refused:  # taken first, so that retry-after includes it
                self._take(limits, 0)
            refusal = (
                None if refused is None else self._refusal(request.model, limits, tokens, refused)
            )
            if refusal is not None:
                self.refused += 1
            headers = self._headers(limits)
        if refusal is None:
            return Admission(headers)
        status, body, extra = refusal
        return Admission(headers, Fault("status", status, body, (*extra, *headers)))

    # --- internals ---------------------------------------------------------------------------

    def _limits_for(self, model: str, now: float) -> _ModelLimits:
        key = model if self.per_model else "*"
        limits = self._models.get(key)
        if limits is None:
            limits = _ModelLimits(None, None, None)
            if self.rpm is not None:
                per_second = self.rpm / 60
                burst = max(per_second * self.quantum_s, 1.0)
                limits.requests = _Bucket(self.rpm, per_second, self.rpm, now)
                limits.burst = _Bucket(burst, per_second, burst, now, floor=-burst)
            if self.tpm is not None:
                limits.tokens = _Bucket(self.tpm, self.tpm / 60, self.tpm, now)
            self._models[key] = limits
        return limits

    def _refused_by(self, limits: _ModelLimits, tokens: int) -> str | None:
        """``requests`` or ``tokens`` when that limit refuses the request now, else None."""
        if (
            limits.requests is not None
            and limits.burst is not None
            and max(limits.requests.wait_for(1), limits.burst.wait_for(1)) > 0
        ):
            return "requests"
        if (
            limits.tokens is not None
            and self.tpm is not None
            and (tokens > self.tpm or limits.tokens.wait_for(tokens) > 0)
        ):
            return "tokens"
        return None

    def _refusal(
        self, model: str, limits: _ModelLimits, tokens: int, kind: str
    ) -> tuple[int, dict[str, object], Headers]:
        """The 429 for a request refused by ``kind``; its wait is counted from the buckets as
        they are after the refusal (which, counted, took a request too)."""
        if kind == "requests" and limits.requests is not None and limits.burst is not None:
            wait = max(limits.requests.wait_for(1), limits.burst.wait_for(1))
            used = self._rpm_used(limits)
            return self._too_many(model, "requests", "RPM", self.rpm, used, 1, wait)
        assert limits.tokens is not None and self.tpm is not None
        if tokens > self.tpm:
            message = (
                f"Request too large for {model} on tokens per min (TPM): Limit "
                f"{self.tpm:g}, Requested {tokens}. The input or output tokens must be "
                "reduced in order to run successfully."
            )
            return 429, _error(message, "tokens"), ()
        wait = limits.tokens.wait_for(tokens)
        used = round(self.tpm - limits.tokens.level)
        return self._too_many(model, "tokens", "TPM", self.tpm, used, tokens, wait)

    def _rpm_used(self, limits: _ModelLimits) -> int:
        if limits.requests is None or self.rpm is None:
            return 0
        return round(self.rpm - limits.requests.level)

    @staticmethod
    def _too_many(
        model: str,
        kind: str,
        short: str,
        limit: float | None,
        used: int,
        requested: int,
        wait: float,
    ) -> tuple[int, dict[str, object], Headers]:
        message = (
            f"Rate limit reached for {model} in organization org-fake on {kind} per min "
            f"({short}): Limit {limit:g}, Used {used}, Requested {requested}. Please try again "
            f"in {format_reset(wait)}. Visit https://platform.openai.com/account/rate-limits "
            "to learn more."
        )
        headers = (
            ("retry-after", str(max(math.ceil(wait), 1))),
            ("retry-after-ms", str(max(math.ceil(wait * 1000), 1))),
        )
        return 429, _error(message, kind), headers

    def _take(self, limits: _ModelLimits, tokens: int) -> None:
        for bucket in (limits.requests, limits.burst):
            if bucket is not None:
                bucket.take(1)
        if limits.tokens is not None and tokens:
            limits.tokens.take(tokens)

    def _headers(self, limits: _ModelLimits) -> Headers:
        headers: list[tuple[str, str]] = []
        if limits.requests is not None and self.rpm is not None:
            headers += [
                ("x-ratelimit-limit-requests", f"{self.rpm:g}"),
                ("x-ratelimit-remaining-requests", str(max(math.floor(limits.requests.level), 0))),
                ("x-ratelimit-reset-requests", format_reset(limits.requests.time_to_full())),
            ]
        if limits.tokens is not None and self.tpm is not None:
            headers += [
                ("x-ratelimit-limit-tokens", f"{self.tpm:g}"),
                ("x-ratelimit-remaining-tokens", str(max(math.floor(limits.tokens.level), 0))),
                ("x-ratelimit-reset-tokens", format_reset(limits.tokens.time_to_full())),
            ]
        return tuple(headers)


def _error(message: str, kind: str) -> dict[str, object]:
    return {
        "error": {"message": message, "type": kind, "param": None, "code": "rate_limit_exceeded"}
    }
