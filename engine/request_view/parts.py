"""The values a rebuilt model call is made of: its prompt's parts and messages, what it was
billed, and how it differs from the previous call. See :mod:`engine.request_view`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from engine.dialogue.ledger import Totals
from engine.log.events import Event
from engine.providers.tokens import MESSAGE_OVERHEAD, count_tokens, schema_text
from engine.providers.vendor_caches import CacheRules, cache_rules

#: The framing every part and message carries in the rendered prompt (the engine's one count).
MARKER_TOKENS = MESSAGE_OVERHEAD
#: OpenAI caches prompt prefixes in blocks of this many tokens…
CACHE_BLOCK_TOKENS = 128
#: …from this many tokens on.
CACHE_MIN_TOKENS = 1024
#: Providers that keep the conversation on the server (``previous_response_id``).
CHAINING_PROVIDERS = frozenset({"responses", "scripted"})

PartKind = Literal["schema", "instructions", "history", "items", "input"]
PART_TITLES: Mapping[PartKind, str] = {
    "schema": "Output schema",
    "instructions": "Instructions",
    "history": "Conversation the chain carries",
    "items": "New input items",
    "input": "Input",
}


def estimate_tokens(text: str, model: str | None = None) -> int:
    """How many tokens ``text`` is for ``model``: the engine's one count
    (:func:`engine.providers.tokens.count_tokens`)."""
    return count_tokens(text, model)


@dataclass(frozen=True)
class PromptMessage:
    """One message of the prompt, with the log event it was read from (``seq``, ``turn``)."""

    role: str
    content: str
    tokens: int
    seq: int | None = None
    turn: int | None = None
    step: str | None = None
    #: This message is the output of a reply the engine rejected (the chain keeps it).
    rejected: bool = False


@dataclass(frozen=True)
class PromptPart:
    """A part of the prompt; ``start`` is the estimated tokens read before it."""

    kind: PartKind
    text: str
    tokens: int
    start: int
    messages: tuple[PromptMessage, ...] = ()

    @property
    def title(self) -> str:
        return PART_TITLES[self.kind]

    @property
    def end(self) -> int:
        return self.start + self.tokens


@dataclass(frozen=True)
class RequestView:
    """One model call, rebuilt: see the module docstring."""

    request: Event
    response: Event | None
    provider: str
    parts: tuple[PromptPart, ...]
    #: A ``previous_response_id`` the chain needs that is not in the log.
    chain_missing: str | None = None
    notes: tuple[str, ...] = ()
    #: How many messages of the carried conversation came from rejected replies.
    rejected_messages: int = 0
    #: What the call's ``model_response`` says it cost: the totals of this one call.
    billed: Totals | None = field(default=None)

    @cached_property
    def estimated_tokens(self) -> int:
        return sum(part.tokens for part in self.parts)

    @cached_property
    def scale(self) -> float:
        """Billed input ÷ estimated input (1.0 when nothing was billed yet)."""
        if self.billed is None or not self.estimated_tokens or self.chain_missing:
            return 1.0
        return self.billed.input_tokens / self.estimated_tokens

    def part(self, kind: PartKind) -> PromptPart | None:
        return next((part for part in self.parts if part.kind == kind), None)

    @property
    def history(self) -> tuple[PromptMessage, ...]:
        part = self.part("history")
        return part.messages if part else ()

    def cached_in(self, start: int, tokens: int) -> int:
        """Of the estimated tokens ``[start, start + tokens)``, how many the cache covered.

        Positions are scaled to the billed input, so the marked prefix ends where the billed
        ``cached_tokens`` end even when the estimate is off.
        """
        if self.billed is None or not tokens:
            return 0
        cached = self.billed.cached_tokens / self.scale if self.scale else 0.0
        return round(min(max(cached - start, 0.0), float(tokens)))

    def part_cached(self, part: PromptPart) -> int:
        return self.cached_in(part.start, part.tokens)


@dataclass(frozen=True)
class PartChange:
    """How a part differs from the previous call's: ``same``, ``changed``, ``new``, ``gone``,
    ``grew`` (the conversation: the previous one, then more) or ``restarted`` (a new chain)."""

    kind: PartKind
    status: str
    detail: str = ""


@dataclass(frozen=True)
class RequestDiff:
    """A call compared with the previous call of its conversation."""

    previous: RequestView
    current: RequestView
    changes: tuple[PartChange, ...]
    #: Estimated tokens both prompts start with, byte for byte.
    common_tokens: int
    #: Where the prompts first differ, in words ("the instructions", "message 3 of …").
    first_difference: str
    #: How many messages of the conversation (history, items, input) both start with.
    same_messages: int = 0

    @property
    def cache_rules(self) -> CacheRules:
        """The cache of the call's provider (OpenAI's, Anthropic's, Gemini's) for its model."""
        model = self.current.request.data.get("model")
        return cache_rules(self.current.provider, model if isinstance(model, str) else "")

    @property
    def cacheable_tokens(self) -> int:
        """The most the cache could reuse from the previous call: whole blocks from the minimum
        of the provider's cache (in estimated tokens; multiply by ``current.scale`` for billed
        ones)."""
        rules = self.cache_rules
        blocks = self.common_tokens // rules.block_tokens * rules.block_tokens
        return blocks if blocks >= rules.min_tokens else 0

    def change(self, kind: PartKind) -> PartChange | None:
        return next((change for change in self.changes if change.kind == kind), None)


__all__ = [
    "CACHE_BLOCK_TOKENS",
    "CACHE_MIN_TOKENS",
    "CHAINING_PROVIDERS",
    "MARKER_TOKENS",
    "PART_TITLES",
    "PartChange",
    "PartKind",
    "PromptMessage",
    "PromptPart",
    "RequestDiff",
    "RequestView",
    "estimate_tokens",
    "schema_text",
]
