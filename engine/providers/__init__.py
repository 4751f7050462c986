"""Model providers behind one interface, and :func:`make_provider` to build one by name.

``responses`` (the default: OpenAI Responses API, chained), ``chat`` (Chat Completions, for any
OpenAI-compatible server), ``anthropic`` and ``gemini`` (the vendors' own APIs through their
official SDKs, with their strict schemas and prompt caches) and ``scripted`` (replays replies
from a file: demos and tests, no model, no key). The CLI's ``--provider`` and the studio's
settings both go through :func:`make_provider`, so they accept the same names and report the
same errors.

    base          the interface: ``ModelRequest`` in, ``ModelReply`` out; who closes a provider
    openai_api    Responses and Chat Completions through the ``openai`` SDK (its only importer)
    anthropic_api Claude's Messages API through the ``anthropic`` SDK (its only importer)
    gemini_api    Gemini's generateContent through the ``google-genai`` SDK (its only importer)
    vendor_call   what those two share: their own loop, the call's deadline, a cut stream retried
    vendor_caches each vendor's prompt-cache rules: minimums, breakpoints, TTLs, price factors
    streaming     the bot's message read out of a reply still being streamed (partial JSON)
    bounded_answers  an answer's body under a size cap after decompression (httpx hooks)
    scripted      replies from a file
    synthetic     replies no model made, marked so that they cost nothing (``SyntheticReplies``)
    tokens        the one token count: each model's own tokenizer (o200k_base, cl100k_base)
    prices        the one reader of ``resources/prices.yaml``; the price table
    rate_table    each model's requests and tokens per minute (the same file): the first guess
    rate_limiter  client-side pacing under the limits the service states (``x-ratelimit-*``)
    paced         a provider whose every attempt waits for the limiter, with the one retry loop

It may import only :mod:`engine.io` and :mod:`engine.errors`: providers know nothing of
scenarios or conversations, only of requests.
"""

from __future__ import annotations

from pathlib import Path

from engine.errors import ProviderError
from engine.providers.base import Message, ModelReply, ModelRequest, Provider, Purpose, Usage

__all__ = [
    "PROVIDER_NAMES",
    "Message",
    "ModelReply",
    "ModelRequest",
    "Provider",
    "Purpose",
    "Usage",
    "make_provider",
]

#: The names :func:`make_provider` accepts, the default first.
PROVIDER_NAMES = ("responses", "chat", "anthropic", "gemini", "scripted")
#: The vendors reached through their own SDK (the ``providers`` extra), by provider name.
_VENDOR_SDKS = {"anthropic": "anthropic", "gemini": "google-genai"}


def make_provider(
    name: str,
    *,
    model: str | None = None,
    api_key: str | None = None,
    base_url: str | None = None,
    script: str | Path | None = None,
    timeout: float | None = None,
    max_retries: int | None = None,
    strict_schema: bool = True,
    stream: bool = True,
    max_answer_bytes: int | None = None,
) -> Provider:
    """The provider called ``name``.

    ``model`` overrides the model the scenario names. ``api_key``/``base_url`` default to
    ``OPENAI_API_KEY``/``OPENAI_BASE_URL``; a missing key raises
    :class:`~engine.errors.ProviderAuthError` here, before any conversation starts. ``script``
    is the reply file of the scripted provider (and only of it). The OpenAI SDK is imported
    only when an OpenAI provider is asked for. ``stream=False`` (``--no-stream``): the OpenAI
    providers never stream the message, whoever listens. ``max_answer_bytes``: the largest
    answer read, decompressed (default ``DEFAULT_MAX_ANSWER_BYTES``).
    """
    if name in ("responses", "chat"):
        if script is not None:
            raise ProviderError(f"a script is only for the scripted provider, not {name!r}")
        from engine.providers.openai_api import ChatCompletionsProvider, ResponsesProvider

        cls = ResponsesProvider if name == "responses" else ChatCompletionsProvider
        return cls(
            model=model,
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            strict_schema=strict_schema,
            stream=stream,
            **({} if max_answer_bytes is None else {"max_answer_bytes": max_answer_bytes}),
        )
    if name in _VENDOR_SDKS:
        if script is not None:
            raise ProviderError(f"a script is only for the scripted provider, not {name!r}")
        return _vendor_provider(
            name,
            model=model,
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            strict_schema=strict_schema,
            stream=stream,
        )
    if name == "scripted":
        if script is None:
            raise ProviderError("the scripted provider needs a script: the file of its replies")
        from engine.providers.scripted import ScriptedProvider  # written alongside; lazy

        provider: Provider = ScriptedProvider(Path(script))
        return provider
    choices = ", ".join(PROVIDER_NAMES)
    raise ProviderError(f"unknown provider {name!r}; choose one of: {choices}")


def _vendor_provider(
    name: str,
    *,
    model: str | None,
    api_key: str | None,
    base_url: str | None,
    timeout: float | None,
    max_retries: int | None,
    strict_schema: bool,
    stream: bool,
) -> Provider:
    """The Anthropic or Gemini provider; a clear error when its SDK is not installed."""
    try:
        if name == "anthropic":
            from engine.providers.anthropic_api import AnthropicProvider as cls
        else:
            from engine.providers.gemini_api import GeminiProvider as cls  # type: ignore[assignment]
    except ImportError as error:
        raise ProviderError(
            f"the {name} provider needs the {_VENDOR_SDKS[name]} package ({error.name} is not "
            "installed): pip install 'prompter[providers]'"
        ) from None
    provider: Provider = cls(
        model=model,
        api_key=api_key,
        base_url=base_url,
        timeout=timeout,
        max_retries=max_retries,
        strict_schema=strict_schema,
        stream=stream,
    )
    return provider
