"""The Gemini provider (``generateContent``), and where ``google-genai`` errors become Prompter's.

The only engine module that imports ``google.genai`` (``tests/test_architecture.py`` checks).

**The contract, enforced by the vendor**: ``responseMimeType: application/json`` with the
reply's schema as ``responseJsonSchema``. A model that cannot take a schema
(``strict_schema=False``) gets JSON mode alone, with the schema described in the instructions;
the engine's contract check validates the reply either way.

**History.** The API is stateless (``chains = False``): every call sends the engine's history,
laid out so the constant part is a byte-identical prefix — ``systemInstruction`` (persona and
scaffolding) and the generation config first, then the turns (``user``/``model``), then this
call's new items and input. That is what keeps Gemini's implicit cache hitting: it serves the
longest prefix already seen, above the model's minimum
(:func:`~engine.providers.vendor_caches.gemini_min_tokens`), with no guarantee;
``usageMetadata.cachedContentTokenCount`` says how much it served, and is read into
``Usage.cached_tokens`` (``promptTokenCount`` includes it, as Prompter's ``input_tokens`` does).

**Streaming**: ``streamGenerateContent`` (server-sent events), each chunk's text fed to the one
:class:`~engine.providers.streaming.MessageStream`; the last chunk carries the usage.

**Errors**: :func:`map_gemini_error` maps the SDK's ``APIError`` tree into :mod:`engine.errors`:
429 ``RESOURCE_EXHAUSTED`` is a rate limit whose wait is the body's ``RetryInfo.retryDelay``;
503 ``UNAVAILABLE`` a retryable server error. Keys: ``GEMINI_API_KEY`` or ``GOOGLE_API_KEY``
(the SDK's own variables), the base URL: ``--base-url`` or ``GOOGLE_GEMINI_BASE_URL``.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import httpx2
from google import genai
from google.genai import errors as genai_errors
from google.genai import types as genai_types

from engine.errors import (
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimited,
    ProviderRequestError,
    ProviderServerError,
    ProviderTimeout,
)
from engine.io.redact import redact
from engine.io.tls import shared_tls_context
from engine.providers.base import Message, ModelReply, ModelRequest, Usage
from engine.providers.streaming import MessageStream
from engine.providers.vendor_call import StreamCut, VendorProvider

__all__ = [
    "MISSING_KEY_MESSAGE",
    "GeminiProvider",
    "generate_arguments",
    "map_gemini_error",
    "retry_delay_seconds",
]

MISSING_KEY_MESSAGE = (
    "no Gemini API key: set the GEMINI_API_KEY (or GOOGLE_API_KEY) environment variable (or "
    "enter the key in the studio's settings), or run without a model using the scripted "
    "provider (--provider scripted)."
)
#: Statuses the SDK retries itself (with its backoff) before Prompter sees an error.
_RETRIED = [408, 429, 500, 502, 503, 504]


class GeminiProvider(VendorProvider):
    """Gemini through the Gemini API: stateless, implicitly cached, schema enforced."""

    name = "gemini"
    chains = False

    def __init__(
        self,
        *,
        model: str | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float | None = None,
        max_retries: int | None = None,
        strict_schema: bool = True,
        stream: bool = True,
        max_output_tokens: int | None = None,
    ) -> None:
        super().__init__(model=model, timeout=timeout, max_retries=max_retries, stream=stream)
        key = api_key
        if key is None:
            key = os.environ.get("GOOGLE_API_KEY") or os.environ.get("GEMINI_API_KEY") or ""
        if not key.strip():
            raise ProviderAuthError(MISSING_KEY_MESSAGE)
        self.strict_schema = strict_schema
        #: When set, replaces every request's output cap (``--max-output-tokens``).
        self.max_output_tokens = max_output_tokens
        self._secrets = (key,)
        self._base_url = (
            base_url
            or os.environ.get("GOOGLE_GEMINI_BASE_URL")
            or "https://generativelanguage.googleapis.com"
        ).rstrip("/")
        try:
            self._client = genai.Client(
                api_key=key,
                http_options=genai_types.HttpOptions(
                    base_url=self._base_url,
                    timeout=int(self.timeout * 1000),
                    client_args={"verify": shared_tls_context()},
                    # "ssl": the context of its websockets and aiohttp transport, which it
                    # would otherwise build per client (the certificate store read again)
                    async_client_args={"verify": shared_tls_context(), "ssl": shared_tls_context()},
                    retry_options=genai_types.HttpRetryOptions(
                        attempts=self.max_retries + 1,
                        initial_delay=0.5,
                        max_delay=8.0,
                        http_status_codes=_RETRIED,
                    ),
                ),
            )
        except (genai_errors.APIError, ValueError) as error:
            raise map_gemini_error(error, secrets=self._secrets) from None
        self._start(self._client.aio.aclose)

    @property
    def base_url(self) -> str:
        return str(httpx2.URL(self._base_url).copy_with(username=None, password=None))

    @property
    def host(self) -> str:
        url = httpx2.URL(self._base_url)
        port = f":{url.port}" if url.port is not None else ""
        return f"{url.scheme}://{url.host}{port}"

    async def _attempt(
        self, request: ModelRequest, message: MessageStream | None, started: float
    ) -> ModelReply:
        if self.max_output_tokens is not None:
            request = replace(request, max_output_tokens=self.max_output_tokens)
        arguments = generate_arguments(
            request, model=self._model(request), strict_schema=self.strict_schema
        )
        try:
            if message is None:
                raw = await self._client.aio.models.generate_content(**arguments)
                return _reply(raw, [], time.monotonic() - started)
            chunks: list[genai_types.GenerateContentResponse] = []
            async for chunk in await self._client.aio.models.generate_content_stream(**arguments):
                chunks.append(chunk)
                piece = _text(chunk)
                if piece:
                    message.feed(piece)
            if not chunks:
                raise ValueError("the stream ended without a chunk")
            return _reply(chunks[-1], chunks[:-1], time.monotonic() - started)
        except genai_errors.APIError as error:
            raise map_gemini_error(error, secrets=self._secrets) from error
        except (httpx2.ReadError, httpx2.RemoteProtocolError) as error:
            if message is None:
                raise map_gemini_error(error, secrets=self._secrets) from error
            raise StreamCut(type(error).__name__) from error
        except httpx2.TransportError as error:
            raise map_gemini_error(error, secrets=self._secrets) from error
        except (AttributeError, TypeError, ValueError, KeyError) as error:
            detail = redact(str(error), self._secrets)[:200]
            raise ProviderServerError(
                f"the answer from {self.host} is not a Gemini API reply "
                f"({type(error).__name__}: {detail})"
            ) from error


# --------------------------------------------------------------------------- the request


def generate_arguments(
    request: ModelRequest, *, model: str, strict_schema: bool = True
) -> dict[str, Any]:
    """The ``generate_content`` arguments of ``request``: the constant part first."""
    instructions = request.instructions
    config: dict[str, Any] = {"response_mime_type": "application/json"}
    if strict_schema:
        config["response_json_schema"] = request.schema
    else:
        schema = json.dumps(request.schema, indent=2, ensure_ascii=False)
        instructions = (
            f"{instructions}\n\nAnswer with one JSON object only, valid against this JSON "
            f"Schema:\n```json\n{schema}\n```"
        )
    config["system_instruction"] = instructions
    if request.max_output_tokens is not None:
        config["max_output_tokens"] = request.max_output_tokens
    if request.temperature is not None:
        config["temperature"] = request.temperature
    said = [*request.history, *request.input_items, Message("user", request.input)]
    contents = [
        genai_types.Content(
            role="model" if m.role == "assistant" else "user",
            parts=[genai_types.Part(text=m.content)],
        )
        for m in said
    ]
    return dict(model=model, contents=contents, config=genai_types.GenerateContentConfig(**config))


# --------------------------------------------------------------------------- the reply

#: Finish reasons that make a reply incomplete, as the Responses API says them.
_INCOMPLETE = {"MAX_TOKENS": "max_output_tokens"}
_BLOCKED = {"SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY"}


def _text(chunk: genai_types.GenerateContentResponse) -> str:
    pieces: list[str] = []
    for candidate in chunk.candidates or []:
        if candidate.index not in (None, 0) or candidate.content is None:
            continue
        pieces += [part.text for part in candidate.content.parts or [] if part.text]
    return "".join(pieces)


def usage_of(metadata: genai_types.GenerateContentResponseUsageMetadata | None) -> Usage:
    """Gemini's usage as Prompter's: the prompt (cached part included), the reply (its
    thinking included: billed as output)."""
    if metadata is None:
        return Usage()
    return Usage(
        input_tokens=metadata.prompt_token_count or 0,
        cached_tokens=metadata.cached_content_token_count or 0,
        output_tokens=(metadata.candidates_token_count or 0) + (metadata.thoughts_token_count or 0),
    )


def _reply(
    last: genai_types.GenerateContentResponse,
    earlier: list[genai_types.GenerateContentResponse],
    latency: float,
) -> ModelReply:
    text = "".join(_text(chunk) for chunk in (*earlier, last))
    finish = ""
    for chunk in (*earlier, last):
        for candidate in chunk.candidates or []:
            if candidate.finish_reason is not None:
                finish = str(getattr(candidate.finish_reason, "value", candidate.finish_reason))
    feedback = last.prompt_feedback
    blocked = feedback.block_reason if feedback is not None else None
    if not finish and blocked is None:
        raise ValueError("the reply has no finish reason")
    usage_source = last.usage_metadata or next(
        (c.usage_metadata for c in reversed(earlier) if c.usage_metadata), None
    )
    refused = finish in _BLOCKED or blocked is not None
    reason = "content_filter" if refused else _INCOMPLETE.get(finish)
    return ModelReply(
        text=text,
        response_id=last.response_id,
        usage=usage_of(usage_source),
        latency_s=latency,
        model=str(last.model_version or ""),
        status="incomplete" if reason else "completed",
        incomplete_reason=reason,
        refusal=(finish or str(blocked)) if refused else None,
    )


# --------------------------------------------------------------------------- error mapping


def map_gemini_error(error: BaseException, *, secrets: Iterable[str] = ()) -> ProviderError:
    """The Prompter error for a ``google-genai`` error (or a transport error under it): the one
    place they are translated. Messages never contain the key."""
    mapped = _map(error)
    message = redact(str(mapped), secrets)
    if message != str(mapped):
        mapped.args = (message,)
    return mapped


def _map(error: BaseException) -> ProviderError:
    if isinstance(error, genai_errors.APIError):
        return _map_status(error)
    if isinstance(error, httpx2.TimeoutException):
        return ProviderTimeout("no answer from the Gemini API in time; raise the timeout")
    if isinstance(error, httpx2.TransportError):
        return ProviderConnectionError(
            f"could not reach the Gemini API ({type(error).__name__}: {error}); check the "
            "network and the base URL (GOOGLE_GEMINI_BASE_URL)"
        )
    if isinstance(error, ValueError) and "api key" in str(error).lower():
        return ProviderAuthError(MISSING_KEY_MESSAGE)
    if isinstance(error, genai_errors.UnknownFunctionCallArgumentError | ValueError):
        return ProviderRequestError(f"the Gemini client refused: {error}")
    return ProviderRequestError(f"the Gemini client refused: {type(error).__name__}: {error}")


def _map_status(error: genai_errors.APIError) -> ProviderError:
    status = int(error.code or 0)
    said = str(error.message or error.status or "no details")
    said = said if said.endswith((".", "!", "?")) else said + "."
    state = str(error.status or "")
    where = f" ({status} {state})" if state else f" ({status})"
    if status == 401 or state == "UNAUTHENTICATED" or "API key not valid" in said:
        return ProviderAuthError(
            f"the API key was rejected{where}: {said} Check GEMINI_API_KEY or the key in the "
            "studio's settings.",
            status=status,
        )
    if status == 403 or state == "PERMISSION_DENIED":
        return ProviderAuthError(f"this API key may not do that{where}: {said}", status=status)
    if status == 429 or state == "RESOURCE_EXHAUSTED":
        delay = retry_delay_seconds(error.details)
        wait = f", retry after {delay:g} s" if delay is not None else ""
        return ProviderRateLimited(
            f"rate limited{where}{wait}: {said}", status=status, retry_after=delay
        )
    if status in (408, 504) or state == "DEADLINE_EXCEEDED":
        return ProviderTimeout(f"the server gave up waiting{where}: {said}")
    if status >= 500:
        return ProviderServerError(f"the API failed on its side{where}: {said}", status=status)
    return ProviderRequestError(f"the API refused the request{where}: {said}", status=status)


_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)s\s*$")


def retry_delay_seconds(details: Any) -> float | None:
    """The wait a Google error asks for: its ``google.rpc.RetryInfo`` detail's ``retryDelay``
    (``"17s"``, ``"0.5s"``), if it has one."""
    body = details.get("error", details) if isinstance(details, Mapping) else None
    items = body.get("details") if isinstance(body, Mapping) else None
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, Mapping) or not str(item.get("@type", "")).endswith("RetryInfo"):
            continue
        match = _DURATION.match(str(item.get("retryDelay", "")))
        if match:
            return float(match.group(1))
    return None
