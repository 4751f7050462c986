"""The fake's tokens and its prompt cache, billed as OpenAI bills them.

Input tokens are a deterministic count (``\\w+|[^\\w\\s]``) of the whole prompt as the model
reads it — the structured-output schema first, then the instructions, then the conversation —
and cached tokens are *part of* them: the longest token prefix shared with an earlier prompt to
the same model and ``prompt_cache_key``, in whole blocks, and only from a minimum on (1024, as
OpenAI). That makes the engine's prompt layout visible in the figures.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable

from engine.offline.fake_openai.requests import FakeMessage, Format

TOKEN_PATTERN = re.compile(r"\w+|[^\w\s]")


def count_tokens(text: str) -> int:
    """The fake's token count: words and single punctuation marks. Deterministic and cheap."""
    return len(TOKEN_PATTERN.findall(text))


def truncate_to_tokens(text: str, limit: int) -> str:
    """The text up to the end of its ``limit``-th token, as a model cut off mid-reply."""
    if limit <= 0:
        return ""
    for index, match in enumerate(TOKEN_PATTERN.finditer(text), start=1):
        if index == limit:
            return text[: match.end()]
    return text


class PromptCache:
    """OpenAI-style prefix caching over token blocks, per model and ``prompt_cache_key``.

    Each prompt registers a digest of every whole-block prefix; a later prompt's cached tokens
    are its longest run of leading blocks whose prefix digest is known. OpenAI routes a request
    to a cache machine by a hash of the prompt's start combined with ``prompt_cache_key``, so
    requests with different keys do not share a cache: the fake keeps one cache per (model,
    key), requests without a key sharing one.
    """

    def __init__(self, block_tokens: int, min_tokens: int) -> None:
        self.block_tokens = block_tokens
        self.min_tokens = min_tokens
        self._known: set[tuple[str, bytes]] = set()

    def lookup_and_store(self, model: str, tokens: list[str], key: str | None = None) -> int:
        digests = self._prefix_digests(tokens)
        partition = f"{model}\x00{key or ''}"
        cached_blocks = 0
        for digest in digests:
            if (partition, digest) not in self._known:
                break
            cached_blocks += 1
        self._known.update((partition, digest) for digest in digests)
        cached = cached_blocks * self.block_tokens
        return cached if cached >= max(self.min_tokens, 1) else 0

    def _prefix_digests(self, tokens: list[str]) -> list[bytes]:
        running = hashlib.blake2b(digest_size=16)
        digests = []
        for start in range(0, len(tokens) - self.block_tokens + 1, self.block_tokens):
            for token in tokens[start : start + self.block_tokens]:
                running.update(token.encode("utf-8", "surrogatepass") + b"\x00")
            digests.append(running.copy().digest())
        return digests


def prompt_tokens(instructions: str, fmt: Format, context: Iterable[FakeMessage]) -> list[str]:
    """The tokens the model reads, in the order the service renders them (what caching sees).

    As on OpenAI, the structured-output schema comes first (it is rendered as a prefix of the
    system message), then the instructions, then the conversation: a schema that changes from
    call to call therefore breaks the cache for everything after it.
    """
    tokens: list[str] = []
    if fmt.schema is not None:
        schema_text = json.dumps(fmt.schema, sort_keys=True, separators=(",", ":"))
        tokens += ["<|format|>", *TOKEN_PATTERN.findall(schema_text)]
    if instructions:
        tokens += ["<|system|>", *TOKEN_PATTERN.findall(instructions)]
    for message in context:
        tokens += [f"<|{message.role}|>", *TOKEN_PATTERN.findall(message.content)]
    return tokens


__all__ = ["TOKEN_PATTERN", "PromptCache", "count_tokens", "prompt_tokens", "truncate_to_tokens"]
