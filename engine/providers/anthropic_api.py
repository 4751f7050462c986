"""The Anthropic provider (Messages API), and where ``anthropic`` SDK errors become Prompter's.

The only engine module that imports ``anthropic`` (``tests/test_architecture.py`` checks).

**The contract, enforced by the vendor.** The reply's JSON schema goes in
``output_config.format`` (structured outputs: the output follows the schema). A model without
structured outputs (``strict_schema=False``) gets a *forced tool* instead: one tool whose
``input_schema`` is the contract and ``tool_choice`` naming it, so its input is the reply.

**History.** The API is stateless (``chains = False``): every call sends the history the engine
keeps, laid out so the constant part comes first and byte-identical from call to call: the
schema (or the tool), then ``system`` (persona and scaffolding), then the messages, ending with
this call's new items and input. A ``system`` message of the history (a step's section entering
the conversation) is sent as a user message where it stands.

**Caching.** ``cache_control`` breakpoints (:mod:`.vendor_caches`): one at the end of
``system`` (the constant prefix, shared by every conversation of the scenario) and one at the
end of the last message (the rolling breakpoint: the next call reads everything up to it, and
writes only the reply and the new message). A new chain (a step change) shares nothing after
``system`` with the last one but the earlier steps' summaries it opens with, which grow a line
at a time: they are sent one block per line with a third breakpoint after them, so the next
chain reads the lines it repeats instead of writing them again (Anthropic finds a cached prefix
at a breakpoint or up to 20 blocks before it). Never more than four; none where the prefix is
shorter than the model's minimum (it would cache nothing). The lifetime is chosen from the
conversation's pace (:func:`~engine.providers.vendor_caches.choose_ttl`): five minutes while
turns come quickly, an hour when they do not.

**Usage.** Anthropic reports ``input_tokens`` as only the uncached remainder, beside
``cache_creation_input_tokens`` and ``cache_read_input_tokens``; :func:`usage_of` adds them up
into Prompter's :class:`~engine.providers.base.Usage` (whose ``input_tokens`` is the whole
prompt, reads and writes being parts of it).

**Streaming.** ``text_delta`` (structured outputs) or ``input_json_delta`` (the forced tool)
events feed the one :class:`~engine.providers.streaming.MessageStream`; a stream cut after it
began is made again, its message taken back.

**Errors and limits.** :func:`map_anthropic_error` maps every SDK error into
:mod:`engine.errors` (529 ``overloaded_error`` is a retryable server error); the
``anthropic-ratelimit-*`` headers of every answer are kept in :attr:`stated_limits`, which
``simulate``'s pacing adopts. ``ANTHROPIC_API_KEY`` (or ``ANTHROPIC_AUTH_TOKEN``) and
``ANTHROPIC_BASE_URL`` are the SDK's own environment variables.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

import anthropic
import httpx2
from anthropic.types import Message as AnthropicMessage
from anthropic.types import Usage as AnthropicUsage

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
from engine.providers.rate_limiter import StatedLimits, anthropic_stated_limits
from engine.providers.streaming import MessageStream
from engine.providers.tokens import count_tokens, schema_text
from engine.providers.vendor_caches import (
    MAX_BREAKPOINTS,
    Ttl,
    anthropic_min_tokens,
    choose_ttl,
)
from engine.providers.vendor_call import StreamCut, VendorProvider, weak_hook

__all__ = [
    "DEFAULT_MAX_OUTPUT_TOKENS",
    "MISSING_KEY_MESSAGE",
    "AnthropicProvider",
    "map_anthropic_error",
    "messages_arguments",
    "usage_of",
]

#: The Messages API requires ``max_tokens``; a reply of the contract fits well under it.
DEFAULT_MAX_OUTPUT_TOKENS = 4096

MISSING_KEY_MESSAGE = (
    "no Anthropic API key: set the ANTHROPIC_API_KEY environment variable (or enter the key in "
    "the studio's settings), or run without a model using the scripted provider "
    "(--provider scripted)."
)


class AnthropicProvider(VendorProvider):
    """Claude through the Messages API: stateless, cached by breakpoints, schema enforced."""

    name = "anthropic"
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
        cache: bool = True,
        max_output_tokens: int | None = None,
    ) -> None:
        super().__init__(model=model, timeout=timeout, max_retries=max_retries, stream=stream)
        key = api_key if api_key is not None else os.environ.get("ANTHROPIC_API_KEY", "")
        token = os.environ.get("ANTHROPIC_AUTH_TOKEN", "") if api_key is None else ""
        if not key.strip() and not token.strip():
            raise ProviderAuthError(MISSING_KEY_MESSAGE)
        self.strict_schema = strict_schema
        #: When set, replaces every request's output cap (``--max-output-tokens``).
        self.max_output_tokens = max_output_tokens
        #: Place ``cache_control`` breakpoints (False: the same conversation without them).
        self.cache = cache
        self._secrets = tuple(secret for secret in (key, token) if secret)
        #: The rate limits the last answer stated (``anthropic-ratelimit-*``), or ``None``.
        self.stated_limits: StatedLimits | None = None
        #: Each conversation's last call (monotonic seconds) and the gap before it.
        self._pace: dict[str, tuple[float, float | None]] = {}
        #: What the pace is measured with (tests drive it by hand).
        self.clock: Callable[[], float] = time.monotonic
        try:
            self._client = anthropic.AsyncAnthropic(
                api_key=key or None,
                base_url=base_url,  # None: ANTHROPIC_BASE_URL, else api.anthropic.com
                timeout=self.timeout,
                max_retries=self.max_retries,
                http_client=anthropic.DefaultAsyncHttpxClient(
                    verify=shared_tls_context(),
                    event_hooks={"response": [weak_hook(self._read_limits)]},
                ),
            )
        except anthropic.AnthropicError as error:
            raise map_anthropic_error(error, secrets=self._secrets) from None
        self._start(self._client.close)

    @property
    def base_url(self) -> str:
        return str(self._client.base_url.copy_with(username=None, password=None))

    @property
    def host(self) -> str:
        url = self._client.base_url
        port = f":{url.port}" if url.port is not None else ""
        return f"{url.scheme}://{url.host}{port}"

    async def _read_limits(self, response: httpx2.Response) -> None:
        stated = anthropic_stated_limits(response.headers)
        if stated is not None:
            self.stated_limits = stated

    def _ttl(self, request: ModelRequest) -> Ttl:
        """The lifetime for this call's writes, from its conversation's pace."""
        key = request.prompt_cache_key or request.metadata.get("conversation_id") or ""
        now = self.clock()
        last = self._pace.get(key)
        gap = now - last[0] if last is not None else None
        previous_gap = last[1] if last is not None else None
        self._pace[key] = (now, gap)
        # Slow once is slow: the longer of the last two gaps decides.
        gaps = [g for g in (gap, previous_gap) if g is not None]
        return choose_ttl(max(gaps) if gaps else None)

    async def _attempt(
        self, request: ModelRequest, message: MessageStream | None, started: float
    ) -> ModelReply:
        if self.max_output_tokens is not None:
            request = replace(request, max_output_tokens=self.max_output_tokens)
        arguments = messages_arguments(
            request,
            model=self._model(request),
            strict_schema=self.strict_schema,
            ttl=self._ttl(request) if self.cache else None,
        )
        try:
            if message is None:
                raw = await self._client.messages.create(**arguments)
                return _reply(raw, time.monotonic() - started)
            return await self._streamed(arguments, message, started)
        except anthropic.APIConnectionError as error:
            if message is not None and _began(error):
                raise StreamCut(type(error.__cause__).__name__) from error
            raise map_anthropic_error(error, secrets=self._secrets) from error
        except anthropic.AnthropicError as error:
            raise map_anthropic_error(error, secrets=self._secrets) from error
        except httpx2.TransportError as error:
            raise StreamCut(type(error).__name__) from error
        except (AttributeError, TypeError, ValueError, KeyError) as error:
            detail = redact(str(error), self._secrets)[:200]
            raise ProviderServerError(
                f"the answer from {self.host} is not a Messages API reply "
                f"({type(error).__name__}: {detail})"
            ) from error

    async def _streamed(
        self, arguments: dict[str, Any], message: MessageStream, started: float
    ) -> ModelReply:
        text: list[str] = []
        usage: dict[str, Any] = {}
        ident = model = ""
        stop: str | None = None
        stream = await self._client.messages.create(**arguments, stream=True)
        async with stream:
            async for event in stream:
                if event.type == "message_start":
                    ident, model = event.message.id, str(event.message.model)
                    usage.update(event.message.usage.model_dump(exclude_none=True))
                elif event.type == "content_block_delta":
                    delta = event.delta
                    if delta.type == "text_delta":
                        piece = delta.text
                    elif delta.type == "input_json_delta":
                        piece = delta.partial_json
                    else:
                        continue
                    text.append(piece)
                    message.feed(piece)
                elif event.type == "message_delta":
                    stop = event.delta.stop_reason or stop
                    usage.update(event.usage.model_dump(exclude_none=True))
        if stop is None:  # the body ended, the stream did not: not the API's answer
            raise ValueError("the stream ended without a message_delta")
        reason = _INCOMPLETE.get(stop)
        return ModelReply(
            text="".join(text),
            response_id=ident or None,
            usage=usage_of(AnthropicUsage.model_validate(usage)),
            latency_s=time.monotonic() - started,
            model=model,
            status="incomplete" if reason else "completed",
            incomplete_reason=reason,
            refusal=None if stop != "refusal" else "".join(text) or "refused",
        )


# --------------------------------------------------------------------------- the request


def messages_arguments(
    request: ModelRequest, *, model: str, strict_schema: bool = True, ttl: Ttl | None = "5m"
) -> dict[str, Any]:
    """The ``messages.create`` arguments of ``request`` (``ttl=None``: no breakpoints)."""
    minimum = anthropic_min_tokens(model)
    system: dict[str, Any] = {"type": "text", "text": request.instructions}
    messages = _messages(request, by_line=ttl is not None)
    arguments: dict[str, Any] = dict(
        model=model,
        max_tokens=request.max_output_tokens or DEFAULT_MAX_OUTPUT_TOKENS,
        system=[system],
        messages=messages,
    )
    if strict_schema:
        arguments["output_config"] = {"format": {"type": "json_schema", "schema": request.schema}}
    else:
        arguments["tools"] = [
            {
                "name": request.schema_name,
                "description": "Reply to the user: the reply's fields, as the instructions say.",
                "input_schema": request.schema,
            }
        ]
        arguments["tool_choice"] = {"type": "tool", "name": request.schema_name}
    # No temperature: the Messages API this SDK speaks (2026-10-21) no longer takes one.
    if ttl is None:
        return arguments
    control = {"type": "ephemeral", "ttl": ttl}
    prefix = count_tokens(schema_text(request.schema), model) + count_tokens(
        request.instructions, model
    )
    breakpoints = 0
    if prefix >= minimum:
        system["cache_control"] = control
        breakpoints += 1
    if not request.history and _opens_with_earlier_steps(request):
        # The next chain repeats these lines (and adds one): a breakpoint after them lets it
        # read them. Writing here costs nothing more: the rolling breakpoint writes them too.
        upto = prefix + count_tokens(_text(messages[0]), model)
        if upto >= minimum and upto > prefix and breakpoints < MAX_BREAKPOINTS - 1:
            messages[0]["content"][-1]["cache_control"] = control
            breakpoints += 1
    whole = prefix + sum(count_tokens(_text(m), model) for m in messages)
    if whole >= minimum and whole > prefix and breakpoints < MAX_BREAKPOINTS:
        last_block = messages[-1]["content"][-1]
        last_block["cache_control"] = control
    return arguments


def _opens_with_earlier_steps(request: ModelRequest) -> bool:
    """Whether ``request``'s chain opens with the earlier steps' summaries (a ``system`` message
    before the step's section, :func:`engine.dialogue.prompting.earlier_steps`)."""
    said = [*request.history, *request.input_items]
    return len(said) >= 2 and said[0].role == said[1].role == "system"


def _messages(request: ModelRequest, *, by_line: bool) -> list[dict[str, Any]]:
    said = [*request.history, *request.input_items, Message("user", request.input)]
    messages = [
        {
            "role": "assistant" if m.role == "assistant" else "user",
            "content": [{"type": "text", "text": m.content}],
        }
        for m in said
    ]
    if by_line and _opens_with_earlier_steps(request):
        lines = _lines(said[0].content)
        messages[0]["content"] = [{"type": "text", "text": line} for line in lines]
    return messages


def _lines(text: str) -> list[str]:
    """``text`` as one block per line, each after its line break (joined: ``text`` again), so
    that a line is the same block whether a line follows it or not: a chain's summaries grow a
    line at a time, and the cache matches whole blocks."""
    first, *rest = text.split("\n")
    return [first, *(f"\n{line}" for line in rest)]


def _text(message: Mapping[str, Any]) -> str:
    return "".join(str(block.get("text", "")) for block in message["content"])


# --------------------------------------------------------------------------- the reply

#: Stop reasons that make a reply incomplete, as the Responses API says them.
_INCOMPLETE = {"max_tokens": "max_output_tokens", "refusal": "content_filter"}


def usage_of(usage: AnthropicUsage) -> Usage:
    """Anthropic's usage as Prompter's: ``input_tokens`` the whole prompt (Anthropic's own is
    only the uncached remainder), reads and writes parts of it."""
    read = usage.cache_read_input_tokens or 0
    written = usage.cache_creation_input_tokens or 0
    hour = usage.cache_creation.ephemeral_1h_input_tokens if usage.cache_creation else 0
    return Usage(
        input_tokens=usage.input_tokens + read + written,
        cached_tokens=read,
        output_tokens=usage.output_tokens,
        cache_write_tokens=written,
        cache_write_1h_tokens=min(hour, written),
    )


def _reply(raw: AnthropicMessage, latency: float) -> ModelReply:
    pieces: list[str] = []
    for block in raw.content:
        if block.type == "text":
            pieces.append(block.text)
        elif block.type == "tool_use":
            pieces.append(json.dumps(block.input, ensure_ascii=False))
    text = "".join(pieces)
    stop = raw.stop_reason or "end_turn"
    reason = _INCOMPLETE.get(stop)
    return ModelReply(
        text=text,
        response_id=raw.id,
        usage=usage_of(raw.usage),
        latency_s=latency,
        model=str(raw.model),
        status="incomplete" if reason else "completed",
        incomplete_reason=reason,
        refusal=None if stop != "refusal" else text or "refused",
    )


def _began(error: anthropic.APIConnectionError) -> bool:
    """Whether the connection was lost while an answer was read (not while connecting)."""
    return isinstance(error.__cause__, httpx2.ReadError | httpx2.RemoteProtocolError)


# --------------------------------------------------------------------------- error mapping


def map_anthropic_error(error: BaseException, *, secrets: Iterable[str] = ()) -> ProviderError:
    """The Prompter error for an ``anthropic`` SDK error: the one place they are translated.
    Messages never contain the key (``secrets`` and key-shaped text are redacted)."""
    mapped = _map(error)
    message = redact(str(mapped), secrets)
    if message != str(mapped):
        mapped.args = (message,)
    return mapped


def _map(error: BaseException) -> ProviderError:
    if isinstance(error, anthropic.APIStatusError):
        return _map_status(error)
    if isinstance(error, anthropic.APITimeoutError):
        return ProviderTimeout("no answer from the Anthropic API in time; raise the timeout")
    if isinstance(error, anthropic.APIConnectionError):
        cause = error.__cause__
        detail = f" ({type(cause).__name__}: {cause})" if cause else ""
        return ProviderConnectionError(
            f"could not reach the Anthropic API{detail}; check the network and the base URL "
            "(ANTHROPIC_BASE_URL)"
        )
    if isinstance(error, anthropic.APIResponseValidationError):
        return ProviderServerError(
            f"the server's answer has an unexpected shape: {error.message}",
            status=error.status_code,
        )
    if isinstance(error, anthropic.APIError):
        return ProviderServerError(f"the API call failed: {error.message}")
    if isinstance(error, anthropic.CredentialsError) or "api_key" in str(error).lower():
        return ProviderAuthError(MISSING_KEY_MESSAGE)
    if type(error).__name__ == "WorkloadIdentityError":
        return ProviderAuthError(f"the Anthropic credentials were refused: {error}")
    if type(error).__name__ == "RetryableError":
        return ProviderServerError(f"the Anthropic API asked to try again: {error}")
    return ProviderRequestError(f"the Anthropic client refused: {type(error).__name__}: {error}")


def _map_status(error: anthropic.APIStatusError) -> ProviderError:
    status = error.status_code
    said, kind = _server_message(error)
    suffix = f" (request id {error.request_id})" if error.request_id else ""
    if isinstance(error, anthropic.AuthenticationError):
        return ProviderAuthError(
            f"the API key was rejected ({status}): {said} Check ANTHROPIC_API_KEY or the key "
            f"in the studio's settings.{suffix}",
            status=status,
        )
    if isinstance(error, anthropic.PermissionDeniedError):
        return ProviderAuthError(
            f"this API key may not do that ({status}): {said}{suffix}", status=status
        )
    if isinstance(error, anthropic.RateLimitError) or status == 429:
        retry_after = retry_after_seconds(error.response.headers)
        if "SpendLimitReached" in type(error).__name__:
            spent = ProviderRateLimited(
                f"the account's spend limit is reached ({status}): {said} Raise it in the "
                f"Anthropic console.{suffix}",
                status=status,
                retry_after=retry_after,
            )
            spent.retryable = False  # waiting does not raise the limit
            return spent
        wait = f", retry after {retry_after:g} s" if retry_after is not None else ""
        return ProviderRateLimited(
            f"rate limited ({status}){wait}: {said}{suffix}",
            status=status,
            retry_after=retry_after,
        )
    if status == 529 or kind == "overloaded_error":
        overloaded = ProviderServerError(
            f"the Anthropic API is overloaded ({status}): {said} Try again shortly.{suffix}",
            status=status,
        )
        return overloaded
    if status in (408, 504):
        return ProviderTimeout(f"the server gave up waiting ({status}): {said}{suffix}")
    if status >= 500:
        return ProviderServerError(
            f"the API failed on its side ({status}): {said}{suffix}", status=status
        )
    if status == 402:
        billing = ProviderRequestError(
            f"the account cannot pay for this call ({status}): {said}{suffix}", status=status
        )
        return billing
    return ProviderRequestError(
        f"the API refused the request ({status}): {said}{suffix}", status=status
    )


def _server_message(error: anthropic.APIStatusError) -> tuple[str, str]:
    """The server's own sentence and error type (``{"type": "error", "error": {...}}``)."""
    body = error.body
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping):
            message, kind = inner.get("message"), str(inner.get("type") or "")
            if isinstance(message, str) and message:
                ended = message if message.endswith((".", "!", "?")) else message + "."
                return ended, kind
    return f"{error.response.reason_phrase or 'no details'}.", ""


def retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    """The server's requested wait in seconds (``retry-after``), if it said one."""
    value = {name.lower(): value for name, value in headers.items()}.get("retry-after")
    if value is None:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        return None
