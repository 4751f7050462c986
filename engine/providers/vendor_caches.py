"""How each vendor's prompt cache works: the one table the providers, the fakes and
``layout: auto`` read (no SDK here).

* **OpenAI**: automatic, from 1,024 tokens, in 128-token steps, best effort; a read costs the
  model's ``cached_input`` price.
* **Anthropic**: explicit ``cache_control`` breakpoints (at most :data:`MAX_BREAKPOINTS`), the
  prefix in the order tools → system → messages. A breakpoint below the model's minimum
  (:func:`anthropic_min_tokens`: 1,024 to 4,096 tokens) caches nothing. A write costs 1.25× the
  input price for a five-minute lifetime, 2× for an hour; a read 0.1×. Each read refreshes the
  lifetime.
* **Gemini**: implicit caching above a minimum (:func:`gemini_min_tokens`: 1,024 or 4,096), no
  guarantee, reported as ``usageMetadata.cachedContentTokenCount``; a read costs 0.1× (2.5
  models and later).

Sources: Anthropic's prompt-caching and pricing pages, Google's Gemini API caching page, as last
known to the author (2026-12-05); the prices themselves are in ``resources/prices.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "CACHE_READ_FACTOR",
    "CACHE_WRITE_FACTOR",
    "MAX_BREAKPOINTS",
    "TTL_SECONDS",
    "CacheRules",
    "Ttl",
    "anthropic_min_tokens",
    "cache_rules",
    "choose_ttl",
    "gemini_min_tokens",
]

Ttl = Literal["5m", "1h"]

#: Anthropic: at most this many ``cache_control`` breakpoints in one request.
MAX_BREAKPOINTS = 4
#: A cache entry's lifetime, refreshed by every read.
TTL_SECONDS: dict[Ttl, float] = {"5m": 300.0, "1h": 3600.0}
#: What a written token costs, over the input price, by lifetime (Anthropic).
CACHE_WRITE_FACTOR: dict[Ttl, float] = {"5m": 1.25, "1h": 2.0}
#: What a token read from the cache costs, over the input price (Anthropic, Gemini 2.5+).
CACHE_READ_FACTOR = 0.1

#: Anthropic's minimum cacheable prompt, by model family (the first prefix that matches).
_ANTHROPIC_MINIMUM: tuple[tuple[str, int], ...] = (
    ("claude-opus-4-6", 4096),
    ("claude-opus-4-5", 4096),
    ("claude-haiku-4-5", 4096),
    ("claude-sonnet-4-6", 2048),
    ("claude-3-5-haiku", 2048),
    ("claude-3-haiku", 2048),
    ("claude-haiku-3", 2048),
    ("claude-opus-4", 1024),
    ("claude-sonnet-4", 1024),
    ("claude-3-7-sonnet", 1024),
    ("claude-3-5-sonnet", 1024),
    ("claude-3-opus", 1024),
)
#: Gemini's minimum for implicit caching, by model family.
_GEMINI_MINIMUM: tuple[tuple[str, int], ...] = (
    ("gemini-2.5-flash", 1024),
    ("gemini-2.5-pro", 4096),
    ("gemini-3", 4096),
    ("gemini-2.0", 4096),
)


def _lookup(table: tuple[tuple[str, int], ...], model: str, default: int) -> int:
    name = model.strip().lower()
    for prefix, tokens in table:
        if name.startswith(prefix):
            return tokens
    return default


def anthropic_min_tokens(model: str) -> int:
    """The smallest prefix a breakpoint caches on ``model`` (an unknown model: 4,096, the
    largest, so that no breakpoint is placed where it would cost a write and save nothing)."""
    return _lookup(_ANTHROPIC_MINIMUM, model, 4096)


def gemini_min_tokens(model: str) -> int:
    """The smallest prefix Gemini's implicit cache serves on ``model`` (unknown: 4,096)."""
    return _lookup(_GEMINI_MINIMUM, model, 4096)


def choose_ttl(gap_s: float | None) -> Ttl:
    """The lifetime to write with, from the seconds between a conversation's last two calls.

    A conversation whose turns come within four minutes keeps a five-minute entry alive (each
    read refreshes it) at 1.25×; a slower one would find it gone at every turn and write the
    whole prefix again, so it pays 2× once for an hour.
    """
    return "1h" if gap_s is not None and gap_s > 240.0 else "5m"


@dataclass(frozen=True)
class CacheRules:
    """What ``layout: auto`` weighs a cached prefix by, on one provider and model."""

    #: Smallest prefix cached, in tokens.
    min_tokens: int
    #: A read's price over a fresh input token's.
    read_factor: float
    #: A write's price over a fresh input token's (1.0: writing costs nothing extra).
    write_factor: float
    #: How long an unread entry lives, in seconds.
    ttl_s: float
    #: The steps a cached prefix grows by (OpenAI, Gemini: 128-token blocks; Anthropic: 1).
    block_tokens: int
    #: True when the provider places the breakpoints itself (Anthropic): caching is certain;
    #: False when it is the vendor's best effort (OpenAI, Gemini).
    explicit: bool


def cache_rules(provider: str, model: str, *, ttl: Ttl = "5m") -> CacheRules:
    """The cache rules of ``provider`` (``anthropic``, ``gemini``, else OpenAI's) for ``model``."""
    if provider == "anthropic":
        return CacheRules(
            anthropic_min_tokens(model),
            CACHE_READ_FACTOR,
            CACHE_WRITE_FACTOR[ttl],
            TTL_SECONDS[ttl],
            1,
            explicit=True,
        )
    if provider == "gemini":
        minimum = gemini_min_tokens(model)
        return CacheRules(minimum, CACHE_READ_FACTOR, 1.0, 300.0, 128, explicit=False)
    return CacheRules(1024, 0.25, 1.0, 300.0, 128, explicit=False)
