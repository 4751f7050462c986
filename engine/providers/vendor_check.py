"""``prompter providers check`` for Anthropic and Gemini: what the vendor's API does, in three
small calls through the provider itself (its SDK, its key, its base URL).

1. A *bait*: instructions asking for plain prose, with the contract's schema sent the vendor's
   way; a reply that is still a JSON object with the schema's fields means the schema is
   enforced by the vendor.
2. The same call streamed: the usage arrives with the stream (``usage_when_streaming``).
3. A prompt longer than the model's cache minimum, sent twice: the second reports tokens read
   from the cache (``cached_tokens_reported``; Gemini's implicit cache may not hit: then it
   says so).

The rest is the API's documented shape: no chaining (both are stateless), the output cap's
parameter (``max_tokens``; ``maxOutputTokens``).
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import ProviderError
from engine.providers.base import ModelRequest, Provider, streaming_to
from engine.providers.vendor_caches import anthropic_min_tokens, gemini_min_tokens

__all__ = ["VENDOR_BASE_URLS", "probe_vendor"]

#: Each vendor's own API, when no base URL is given (the SDKs' defaults).
VENDOR_BASE_URLS = {
    "anthropic": "https://api.anthropic.com",
    "gemini": "https://generativelanguage.googleapis.com",
}
_OUTPUT_CAP = {"anthropic": "max_tokens", "gemini": "maxOutputTokens"}
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"message": {"type": "string"}, "ok": {"type": "boolean"}},
    "required": ["message", "ok"],
    "additionalProperties": False,
}
_BAIT = (
    "Answer in two plain sentences of prose. Do not write JSON, braces or quotes: a JSON "
    "answer is wrong."
)
_FILLER = "Prompter checks whether this server reads a long prompt from its cache. "


def _enforced(text: str) -> bool:
    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and set(_SCHEMA["required"]) <= set(value)


async def probe_vendor(provider: Provider, name: str, model: str) -> dict[str, Any]:
    """The profile fields :func:`~engine.providers.profile.check_server` fills, for ``name``
    (``anthropic`` or ``gemini``) through ``provider``."""
    bait = ModelRequest(
        model=model, instructions=_BAIT, input="Say hello.", schema=_SCHEMA, max_output_tokens=200
    )
    first = await provider.complete(bait)
    heard: list[str] = []
    with streaming_to(heard.append):
        streamed = await provider.complete(bait)
    minimum = anthropic_min_tokens(model) if name == "anthropic" else gemini_min_tokens(model)
    long = _FILLER * (minimum // 12 + 20)
    cached = 0
    for _ in range(2):
        try:
            reply = await provider.complete(
                ModelRequest(
                    model=model,
                    instructions=long,
                    input="Say hello.",
                    schema=_SCHEMA,
                    max_output_tokens=50,
                    prompt_cache_key="prompter-providers-check",
                )
            )
        except ProviderError:
            break
        cached = reply.usage.cached_tokens
    return {
        "schema_enforced": _enforced(first.text),
        "structured_output": "json_schema" if _enforced(first.text) else "prompt_only",
        "chaining": False,
        "usage_when_streaming": streamed.usage.input_tokens > 0,
        "cached_tokens_reported": cached > 0,
        "context_tokens": None,
        "output_cap_param": _OUTPUT_CAP[name],
    }
