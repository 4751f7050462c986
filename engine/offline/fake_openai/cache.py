"""The fake's tokens and its prompt cache, billed as OpenAI bills them — misses included.

**Tokens** are the model's own (:mod:`engine.providers.tokens`: ``o200k_base`` or
``cl100k_base``), over the whole prompt as the model reads it — the structured-output schema
first (compact JSON), then the instructions, then the conversation — each part framed by
:data:`~engine.providers.tokens.MESSAGE_OVERHEAD` marker tokens. Cached tokens are *part of*
them.

**The cache** follows OpenAI's published rules, the ones that make a real cache miss:

* a prompt's cached tokens are its longest run of leading 128-token blocks already seen, and
  only from 1,024 tokens on;
* requests are routed to a cache machine by a hash of the prompt's first
  :data:`ROUTE_PREFIX_TOKENS` tokens combined with ``prompt_cache_key``; requests without a key
  share one route per prefix. Above about :data:`OVERFLOW_RPM` requests a minute for one route,
  the service spreads the route over more machines: requests go round-robin to
  ``ceil(rate / 15)`` machines, each with its own cache, so some land where their prefix has
  never been read and miss;
* a prefix not read for :attr:`PromptCache.idle_s` seconds (300 by default: "after 5 to 10
  minutes of inactivity") is evicted;
* ``hit_rate`` (``--cache-hit-rate``): the share of would-be hits that the service actually
  serves from the cache — exactly that share, by error diffusion from a seeded phase (not coin
  flips, so one short conversation shows the rate asked for). ``1.0`` is the rules alone,
  ``0.0`` a cache that never hits: the bench measures every layout at 100 %, 50 % and 0 %.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Sequence

from engine.offline.fake_openai.requests import FakeMessage, Format
from engine.providers.tokens import MESSAGE_OVERHEAD, count_tokens, decode, encode, schema_text

#: Requests a minute one route (prefix hash + ``prompt_cache_key``) takes before it overflows.
OVERFLOW_RPM = 15
#: The route is a hash of this many leading tokens (and the key).
ROUTE_PREFIX_TOKENS = 256
#: Seconds a cached prefix survives without being read.
IDLE_EVICTION_S = 300.0

#: The framing tokens of a part, by role (ids outside every vocabulary: never in a text).
_MARKS = {"format": -1, "system": -2, "developer": -2, "user": -3, "assistant": -4}

Clock = Callable[[], float]


def truncate_to_tokens(text: str, limit: int, model: str | None = None) -> str:
    """The text up to its ``limit``-th token, as a model cut off mid-reply."""
    if limit <= 0:
        return ""
    ids = encode(text, model)
    return text if len(ids) <= limit else decode(ids[:limit], model)


def _framed(role: str, text: str, model: str | None) -> list[int]:
    mark = _MARKS.get(role, -5)
    frame = [mark] * (MESSAGE_OVERHEAD - 1)
    return [*frame, *encode(text, model), -9]


def prompt_tokens(
    instructions: str, fmt: Format, context: Iterable[FakeMessage], model: str | None = None
) -> list[int]:
    """The tokens the model reads, in the order the service renders them (what caching sees).

    As on OpenAI, the structured-output schema comes first (it is rendered as a prefix of the
    system message), then the instructions, then the conversation: a schema that changes from
    call to call therefore breaks the cache for everything after it.
    """
    tokens: list[int] = []
    if fmt.schema is not None:
        tokens += _framed("format", schema_text(fmt.schema), model)
    if instructions:
        tokens += _framed("system", instructions, model)
    for message in context:
        tokens += _framed(message.role, message.content, model)
    return tokens


class PromptCache:
    """OpenAI-style prefix caching over token blocks, with routing, overflow and eviction.

    Each machine of a route keeps the digests of every whole-block prefix it has read, with
    when each was last read; a prompt's cached tokens are its longest run of leading blocks
    whose prefix digest that machine knows and has read within ``idle_s``. Thread-safe only
    under the server's lock. ``clock`` and ``seed`` make it reproducible in tests.
    """

    def __init__(
        self,
        block_tokens: int,
        min_tokens: int,
        *,
        hit_rate: float = 1.0,
        idle_s: float = IDLE_EVICTION_S,
        overflow_rpm: float | None = OVERFLOW_RPM,
        seed: int = 0,
        clock: Clock = time.monotonic,
    ) -> None:
        if not 0.0 <= hit_rate <= 1.0:
            raise ValueError(f"hit_rate must be between 0 and 1, got {hit_rate!r}")
        self.block_tokens = block_tokens
        self.min_tokens = min_tokens
        self.hit_rate = hit_rate
        self.idle_s = idle_s
        self.overflow_rpm = overflow_rpm
        self.clock = clock
        #: Error diffusion from a seeded phase: exactly ``hit_rate`` of would-be hits hit.
        self._debt = random.Random(seed).random()
        self._read: dict[tuple[str, int, bytes], float] = {}
        self._route_times: dict[str, deque[float]] = {}
        self._route_turn: dict[str, int] = {}
        #: Lookups, and how many were sent elsewhere by an overflowing route or dropped by
        #: ``hit_rate`` (for tests and benches).
        self.lookups = 0
        self.overflowed = 0
        self.dropped = 0

    def lookup_and_store(self, model: str, tokens: Sequence[int], key: str | None = None) -> int:
        """The cached tokens of a prompt, and remember it on the machine that served it."""
        now = self.clock()
        self.lookups += 1
        if self.lookups % 4096 == 0:
            self.evict_idle()
        route = self._route(model, tokens, key)
        machine = self._machine(route, now)
        digests = self._prefix_digests(tokens)
        cached_blocks = 0
        for digest in digests:
            seen = self._read.get((route, machine, digest))
            if seen is None or now - seen > self.idle_s:
                break
            cached_blocks += 1
        for digest in digests:
            self._read[(route, machine, digest)] = now
        cached = cached_blocks * self.block_tokens
        if cached < max(self.min_tokens, 1):
            return 0
        if self.hit_rate < 1.0:
            self._debt += self.hit_rate
            if self._debt < 1.0:
                self.dropped += 1
                return 0
            self._debt -= 1.0
        return cached

    def evict_idle(self) -> None:
        """Forget every prefix idle for longer than ``idle_s`` (memory; lookups ignore them)."""
        now = self.clock()
        self._read = {k: at for k, at in self._read.items() if now - at <= self.idle_s}

    def _route(self, model: str, tokens: Sequence[int], key: str | None) -> str:
        start = array("q", tokens[:ROUTE_PREFIX_TOKENS]).tobytes()
        digest = hashlib.blake2b(start, digest_size=8).hexdigest()
        return f"{model}\x00{key or ''}\x00{digest}"

    def _machine(self, route: str, now: float) -> int:
        """Which of the route's machines serves this request (0 unless the route overflows)."""
        if self.overflow_rpm is None:
            return 0
        times = self._route_times.setdefault(route, deque())
        times.append(now)
        while times and now - times[0] > 60.0:
            times.popleft()
        machines = max(1, math.ceil(len(times) / self.overflow_rpm))
        if machines == 1:
            return 0
        turn = self._route_turn.get(route, 0) + 1
        self._route_turn[route] = turn
        machine = turn % machines
        if machine:
            self.overflowed += 1
        return machine

    def _prefix_digests(self, tokens: Sequence[int]) -> list[bytes]:
        running = hashlib.blake2b(digest_size=16)
        digests = []
        size = self.block_tokens
        for start in range(0, len(tokens) - size + 1, size):
            running.update(array("q", tokens[start : start + size]).tobytes())
            digests.append(running.copy().digest())
        return digests


__all__ = [
    "IDLE_EVICTION_S",
    "OVERFLOW_RPM",
    "ROUTE_PREFIX_TOKENS",
    "PromptCache",
    "count_tokens",
    "prompt_tokens",
    "truncate_to_tokens",
]
