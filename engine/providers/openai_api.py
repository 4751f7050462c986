"""The OpenAI providers, and the one place where ``openai`` SDK errors become Prompter errors.

This is the only engine module that imports ``openai`` (``tests/test_architecture.py`` checks).

* :class:`ResponsesProvider` (``responses``) calls the Responses API and chains the conversation
  with ``previous_response_id``: the server keeps the history, so each call sends only the
  instructions, the schema and what is new (``input_items``, then ``input``).
* :class:`ChatCompletionsProvider` (``chat``) calls Chat Completions, which any
  OpenAI-compatible server offers; it sends the system instructions, the locally kept history,
  the new items and the input every time — the same messages, in the same order, as the chain
  would hold, so the prompt only ever grows at its end and the provider's cache keeps working.

Both send ``prompt_cache_key`` when the request has one.

Both read the rate limits the service states on every answer (``x-ratelimit-*``), streamed or
not, successful or refused: an httpx response hook on the SDK's client keeps the last answer's in
:attr:`_OpenAIProvider.stated_limits`, which the pacing adopts
(:meth:`~engine.providers.rate_limiter.RateLimiter.adopt`).

Both ask for the reply in the structured-output format the server's profile names
(:mod:`engine.providers.profile`; else strict ``json_schema``, or ``json_object`` with the schema
in the instructions under ``strict_schema=False``), and cap every reply's output in the parameter
the server reads. A refused format or cap (a 400, or llama-cpp-python's 500, naming it) is not
retried: the provider switches once to the next and says so in the reply's ``notices``
(:mod:`engine.providers.server_formats`). Tokens are read from every field servers use; a reply
without usage is counted locally and marked estimated (:mod:`engine.providers.tokens`).

Both stream (``stream=True``, the default) while someone listens to the message
(:func:`~engine.providers.base.streaming_to`): the reply's text arrives in events
(``response.output_text.delta``; Chat Completions chunks, with ``stream_options.include_usage``
for the usage chunk), :class:`~engine.providers.streaming.MessageStream` reads the message out
of it as it grows, and the reply is built from the final event (``response.completed``, or the
chunks and their usage), so its text, tokens and cost are those of the same call unstreamed.
Both read the events as plain JSON (:mod:`engine.providers.server_events`), not as the SDK's
typed events, which cost up to a third of a millisecond each to build.
Listeners are called on the caller's event loop, in order, before ``complete`` returns.

Retries are the SDK's (``max_retries``, exponential backoff, honouring ``retry-after``); what is
left after them is mapped by :func:`map_openai_error`. The one retry added here is for a
stream cut after it began (the SDK retries only until an answer starts): the message shown so
far is taken back (the listener hears ``""``) and the call is made again, ``max_retries`` times
at most, on the SDK's backoff schedule.

**Every call is bounded** (``docs/security.md``): ``timeout`` is the whole call's deadline — its
retries, a server that trickles its answer a byte at a time, a stream — not only each read's;
an answer may hold at most ``max_answer_bytes`` *after decompression* (a gzip bomb is stopped
there; only ``gzip`` and ``deflate`` are accepted); and an answer that is not the API's reply (cut
or empty JSON, an HTML page, a half-compatible server) is a :class:`ProviderServerError` naming
the server by scheme, host and port only — never the credentials or path of a base URL.

It is the only module allowed to import the SDK (``tests/test_architecture.py``): the calls,
the streams read from them and the mapping of the SDK's errors; what needs no SDK lives beside
it (:mod:`.streaming`: the message out of unfinished JSON; :mod:`.bounded_answers`: the size
cap; :mod:`.server_formats`: formats, output caps and refusals; :mod:`.vendor_call`: the loop).

A missing API key is reported when the provider is **constructed**, so a command fails before
the conversation starts rather than at the first user message.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import AsyncGenerator, AsyncIterator, Iterable, Mapping
from dataclasses import replace
from typing import Any, Literal, TypeVar, cast

import httpx2
import openai
from openai.types import CompletionUsage
from openai.types.chat import ChatCompletion, ChatCompletionChunk, ChatCompletionMessageParam
from openai.types.chat.completion_create_params import ResponseFormat
from openai.types.responses import (
    Response,
    ResponseInputParam,
    ResponseTextConfigParam,
)

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
from engine.providers.base import (
    ModelReply,
    ModelRequest,
    Usage,
)
from engine.providers.bounded_answers import (
    DEFAULT_MAX_ANSWER_BYTES,
    ask_for_accepted_encodings,
    bound_answer,
)
from engine.providers.profile import ProviderProfile
from engine.providers.rate_limiter import StatedLimits, retry_after_seconds, stated_limits
from engine.providers.server_events import server_events
from engine.providers.server_formats import (
    DEFAULT_MAX_OUTPUT_TOKENS,
    FormatSwitch,
    StructuredOutput,
    cached_tokens_of,
    chat_response_format,
    default_cap_param,
    names_cap_param,
    names_format,
    next_format,
    other_cap_param,
    responses_input,
    responses_text_format,
    schema_in_instructions,
)
from engine.providers.streaming import MessageStream
from engine.providers.tokens import estimate_usage
from engine.providers.vendor_call import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT_S,
    StreamCut,
    VendorProvider,
    weak_hook,
)

__all__ = [
    "DEFAULT_MAX_ANSWER_BYTES",
    "DEFAULT_MAX_OUTPUT_TOKENS",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT_S",
    "MISSING_KEY_MESSAGE",
    "ChatCompletionsProvider",
    "ResponsesProvider",
    "map_openai_error",
    "retry_after_seconds",
]

_T = TypeVar("_T")


MISSING_KEY_MESSAGE = (
    "no OpenAI API key: set the OPENAI_API_KEY environment variable (or enter the key in the "
    "studio's settings), or run without a model using the scripted provider "
    "(--provider scripted). A local OpenAI-compatible server that needs no key accepts any value."
)
_CHAT_HINT = "use the chat provider (--provider chat), which sends the history itself"
_FORMAT_HINT = (
    "this server takes none of the structured-output formats tried: run `prompter providers "
    "check` to find what it takes"
)


# --------------------------------------------------------------------------- the providers


class _OpenAIProvider(VendorProvider):
    """What both providers share: the SDK client, the key check, timing and error mapping (the
    loop, the deadline, close and a cut stream's retry: :class:`VendorProvider`)."""

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
        max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES,
        profile: ProviderProfile | None = None,
        max_output_tokens: int | None = None,
    ) -> None:
        key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY", "")
        if not key.strip():
            raise ProviderAuthError(MISSING_KEY_MESSAGE)
        super().__init__(model=model, timeout=timeout, max_retries=max_retries, stream=stream)
        self.strict_schema = strict_schema
        self.max_answer_bytes = max_answer_bytes
        self._secrets = (key,)
        #: The rate limits the last answer stated (``x-ratelimit-*``), or ``None`` until then.
        self.stated_limits: StatedLimits | None = None
        try:
            self._client = openai.AsyncOpenAI(
                api_key=key,
                base_url=base_url,  # None: OPENAI_BASE_URL, else api.openai.com
                timeout=self.timeout,  # each read; the whole call is bounded in complete()
                max_retries=self.max_retries,
                http_client=openai.DefaultAsyncHttpxClient(
                    verify=shared_tls_context(),
                    event_hooks={
                        "request": [ask_for_accepted_encodings],
                        "response": [
                            weak_hook(self._read_limits),
                            weak_hook(self._bound_answer),
                            weak_hook(self._final),
                        ],
                    },
                ),
            )
        except openai.OpenAIError as error:
            raise map_openai_error(error, secrets=self._secrets) from None
        #: What :func:`~engine.providers.profile.check_server` found, if it was asked.
        self.profile = profile
        #: How the schema is sent now (a refused format is followed by the next, once).
        self.structured_output: StructuredOutput = (
            profile.structured_output
            if profile is not None
            else ("json_schema" if strict_schema else "json_object")
        )
        #: The output-cap parameter sent, and (when set) the cap that replaces each request's.
        self.cap_param = (
            profile.output_cap_param
            if profile is not None
            else default_cap_param(self.name, self.base_url)
        )
        self.max_output_tokens = max_output_tokens
        self._start(self._client.close)
        self._home.soon(self._warm_up)

    @property
    def base_url(self) -> str:
        """The base URL without its credentials (``http://user:password@host/v1``: never shown)."""
        return str(self._client.base_url.copy_with(username=None, password=None))

    @property
    def host(self) -> str:
        """``scheme://host[:port]`` of the server: what messages about its answers name."""
        url = self._client.base_url
        port = f":{url.port}" if url.port is not None else ""
        return f"{url.scheme}://{url.host}{port}"

    async def _read_limits(self, response: Any) -> None:
        """Every answer's ``x-ratelimit-*`` headers (an httpx response hook)."""
        stated = stated_limits(response.headers)
        if stated is not None:
            self.stated_limits = stated

    async def _bound_answer(self, response: httpx2.Response) -> None:
        """The answer's body, decoded under the size cap (an httpx response hook)."""
        bound_answer(response, self.max_answer_bytes, self.host)

    async def _final(self, response: httpx2.Response) -> None:
        """A 5xx refusing the structured-output format is final: the SDK must not retry it
        (an httpx response hook; the provider switches format instead)."""
        if response.status_code >= 500:
            await response.aread()
            if names_format(response.status_code, response.text):
                response.headers["x-should-retry"] = "false"

    @property
    def schema_notice(self) -> str | None:
        """What the CLI says beside the provider when the schema is not enforced."""
        enforced = (
            self.profile.schema_enforced
            if self.profile is not None and self.profile.structured_output == self.structured_output
            else not schema_in_instructions(self.structured_output)
        )
        return None if enforced else "schema not enforced: replies checked after the fact"

    async def _attempts(
        self, request: ModelRequest, message: MessageStream | None, started: float
    ) -> ModelReply:
        """The call, made again (its message taken back) when its stream is cut, or with the
        next format when the server refused the one sent (once per format, said in the reply)."""
        retries = 0
        notices: list[str] = []
        while True:
            try:
                reply = await self._attempt(request, message, started)
                return replace(reply, notices=tuple(notices)) if notices else reply
            except _Switched as switched:
                if switched.args[0] in notices:  # refused both ways: nothing left to try
                    cause = switched.__cause__
                    assert isinstance(cause, openai.APIStatusError)
                    raise map_openai_error(cause, secrets=self._secrets) from cause
                notices.append(switched.args[0])
            except StreamCut as cut:
                retries = await self._after_cut(cut, message, retries)

    async def _attempt(
        self, request: ModelRequest, message: MessageStream | None, started: float
    ) -> ModelReply:
        form, cap = self.structured_output, self.cap_param
        try:
            if message is None:
                raw = await self._call(request)
                return self._counted(request, self._parse(raw, time.monotonic() - started))
            return self._counted(request, await self._streamed(request, message, started))
        except openai.APIStatusError as error:
            switch = self._switch(error, form, cap)
            if switch is None:
                raise map_openai_error(error, secrets=self._secrets) from error
            raise _Switched(switch.message(self.host)) from error
        except openai.OpenAIError as error:
            raise map_openai_error(error, secrets=self._secrets) from error
        except httpx2.TransportError as error:  # the SDK retries only until the answer begins
            raise StreamCut(type(error).__name__) from error
        except (AttributeError, TypeError, ValueError, KeyError) as error:
            # Cut or empty JSON, a proxy's HTML page, a half-compatible server's JSON: not what
            # the API returns. The server is named by its host only.
            detail = redact(str(error), self._secrets)[:200]
            raise ProviderServerError(
                f"the answer from {self.host} is not a {self.name} API reply "
                f"({type(error).__name__}: {detail})"
            ) from error

    def __repr__(self) -> str:  # never the key, nor the base URL's credentials
        return f"{type(self).__name__}(base_url={self.base_url!r}, model={self.model!r})"

    def _switch(self, error: openai.APIStatusError, form: str, cap: str) -> FormatSwitch | None:
        """The format (or output cap) to send instead of the one ``error`` refuses, now in
        force; ``None`` when the refusal is of something else, or nothing is left to try."""
        said = json.dumps(error.body) if error.body is not None else error.message
        status = error.status_code
        other = other_cap_param(cap)
        if other is not None and names_cap_param(status, said, cap):
            if self.cap_param == cap:  # not already swapped by a call made meanwhile
                self.cap_param = other
            return FormatSwitch("output_cap", cap, other, status)
        following = next_format(cast("StructuredOutput", form))
        if following is None or not names_format(status, said):
            return None
        if self.structured_output == form:
            self.structured_output = following
        return FormatSwitch("structured_output", form, self.structured_output, status)

    def _counted(self, request: ModelRequest, reply: ModelReply) -> ModelReply:
        """The reply, its tokens counted here when the server said none (``estimated``)."""
        usage = reply.usage
        if usage.input_tokens or usage.output_tokens or not (reply.text or request.input):
            return reply
        return replace(reply, usage=estimate_usage(request, reply.text, self._model(request)))

    def _cap(self, request: ModelRequest) -> dict[str, int]:
        """The output cap, in the parameter the server reads (every request carries one)."""
        cap = self.max_output_tokens or request.max_output_tokens or DEFAULT_MAX_OUTPUT_TOKENS
        return {self.cap_param: cap}

    def _model(self, request: ModelRequest) -> str:
        return self.model or request.model

    def _instructions(self, request: ModelRequest) -> str:
        """The instructions; where the server does not take the schema they carry it too."""
        if not schema_in_instructions(self.structured_output):
            return request.instructions
        schema = json.dumps(request.schema, indent=2, ensure_ascii=False)
        return (
            f"{request.instructions}\n\nAnswer with one JSON object only, valid against this "
            f"JSON Schema:\n```json\n{schema}\n```"
        )

    def _warm_up(self) -> None:
        """Load what the SDK loads lazily on the first call (about half a second of imports
        and pydantic models), on the provider's own thread and ahead of time, so the first
        turn's ``latency_s`` measures the model rather than Python."""

    async def _call(self, request: ModelRequest) -> Any:
        raise NotImplementedError

    def _parse(self, raw: Any, latency: float) -> ModelReply:
        raise NotImplementedError

    async def _streamed(
        self, request: ModelRequest, message: MessageStream, started: float
    ) -> ModelReply:
        raise NotImplementedError


class ResponsesProvider(_OpenAIProvider):
    """The Responses API; chains calls with ``previous_response_id`` (responses are stored)."""

    name = "responses"
    chains = True

    def _warm_up(self) -> None:
        self._client.responses  # noqa: B018 (the attribute imports the resource)
        Response.model_rebuild()

    async def _call(self, request: ModelRequest) -> Response:
        return cast(Response, await self._client.responses.create(**self._arguments(request)))

    async def _streamed(
        self, request: ModelRequest, message: MessageStream, started: float
    ) -> ModelReply:
        """The events are read as plain JSON (:mod:`.server_events` says why); the final
        response is built as the SDK's stream builds it (``Response.construct``: lenient, as
        servers other than OpenAI's need)."""
        final: Response | None = None
        streaming = self._client.responses.with_streaming_response
        answer = streaming.create(**self._arguments(request), stream=True)
        async with answer as body, _cut_is_retried(), _events_of(body) as events:
            async for event in events:
                kind = event.get("type")
                if kind == "response.output_text.delta":
                    message.feed(str(event.get("delta") or ""))
                elif kind in ("response.completed", "response.incomplete", "response.failed"):
                    final = _final_response(event)  # _parse says how a failed one failed
                elif kind == "error":
                    raise ProviderServerError(
                        f"the stream from {self.host} failed: "
                        f"{event.get('message')} ({event.get('code')})"
                    )
        if final is None:  # the body ended, the stream did not: not the API's answer
            raise ValueError("the stream ended without a response.completed event")
        return self._parse(final, time.monotonic() - started)

    def _arguments(self, request: ModelRequest) -> dict[str, Any]:
        text_format = responses_text_format(
            self.structured_output, request.schema_name, request.schema
        )
        return dict(
            model=self._model(request),
            instructions=self._instructions(request),
            input=cast("str | ResponseInputParam", responses_input(request)),
            text=cast("ResponseTextConfigParam", {"format": text_format}),
            store=True,  # chaining needs the server to keep the response
            previous_response_id=_given(request.previous_response_id),
            temperature=_given(request.temperature),
            metadata=_given(dict(request.metadata) or None),
            prompt_cache_key=_given(request.prompt_cache_key),
            **self._cap(request),
        )

    def _parse(self, raw: Response, latency: float) -> ModelReply:
        status = _response_status(raw)
        refusal = None
        for item in raw.output:
            if item.type == "message":
                for part in item.content:
                    if part.type == "refusal":
                        refusal = part.refusal
        usage = Usage()
        if raw.usage is not None:
            cached = cached_tokens_of(raw.usage.model_dump(), raw.model_extra or {})
            usage = Usage(
                input_tokens=raw.usage.input_tokens,
                cached_tokens=cached or 0,
                output_tokens=raw.usage.output_tokens,
            )
        reason = raw.incomplete_details.reason if raw.incomplete_details else None
        return ModelReply(
            text=raw.output_text,
            response_id=raw.id,
            usage=usage,
            latency_s=latency,
            model=str(raw.model),
            status=status,
            incomplete_reason=reason if status == "incomplete" else None,
            refusal=refusal,
        )


def _response_status(raw: Response) -> Literal["completed", "incomplete"]:
    """``completed`` or ``incomplete``; any other final status is the server's failure."""
    if raw.status in (None, "completed"):
        return "completed"
    if raw.status == "incomplete":
        return "incomplete"
    detail = f": {raw.error.message}" if raw.error is not None else ""
    raise ProviderServerError(f"the response {raw.id} ended as {raw.status!r}{detail}")


class ChatCompletionsProvider(_OpenAIProvider):
    """Chat Completions, for any OpenAI-compatible server; sends the whole history each call."""

    name = "chat"
    chains = False

    def _warm_up(self) -> None:
        self._client.chat.completions  # noqa: B018 (the attribute imports the resource)
        ChatCompletion.model_rebuild()

    async def _call(self, request: ModelRequest) -> ChatCompletion:
        created = await self._client.chat.completions.create(**self._arguments(request))
        return cast(ChatCompletion, created)

    async def _streamed(
        self, request: ModelRequest, message: MessageStream, started: float
    ) -> ModelReply:
        text: list[str] = []
        refusal: list[str] = []
        finish: str | None = None
        usage = Usage()
        ident = model = ""
        streaming = self._client.chat.completions.with_streaming_response
        answer = streaming.create(
            **self._arguments(request), stream=True, stream_options={"include_usage": True}
        )
        async with answer as body, _cut_is_retried(), _events_of(body) as chunks:
            async for chunk in chunks:  # plain JSON, as for Responses
                ident = str(chunk.get("id") or ident)
                model = str(chunk.get("model") or model)
                if isinstance(chunk.get("usage"), dict):
                    usage = _chat_usage(CompletionUsage.construct(**chunk["usage"]), _extra(chunk))
                for choice in chunk.get("choices") or ():
                    if not isinstance(choice, dict) or choice.get("index") != 0:
                        continue
                    delta = choice.get("delta") or {}
                    if delta.get("content"):
                        text.append(str(delta["content"]))
                        message.feed(str(delta["content"]))
                    if delta.get("refusal"):
                        refusal.append(str(delta["refusal"]))
                    finish = choice.get("finish_reason") or finish
        if finish is None:  # the body ended, the stream did not: not the API's answer
            raise ValueError("the stream ended without a finish_reason")
        reason = _CHAT_REASONS.get(finish)
        return ModelReply(
            text="".join(text),
            response_id=ident or None,
            usage=usage,
            latency_s=time.monotonic() - started,
            model=model,
            status="incomplete" if reason else "completed",
            incomplete_reason=reason,
            refusal="".join(refusal) or None,
        )

    def _arguments(self, request: ModelRequest) -> dict[str, Any]:
        messages = [
            {"role": "system", "content": self._instructions(request)},
            *({"role": m.role, "content": m.content} for m in request.history),
            *({"role": m.role, "content": m.content} for m in request.input_items),
            {"role": "user", "content": request.input},
        ]
        response_format = chat_response_format(
            self.structured_output, request.schema_name, request.schema
        )
        return dict(
            model=self._model(request),
            messages=cast("list[ChatCompletionMessageParam]", messages),
            response_format=_given(cast("ResponseFormat | None", response_format)),
            temperature=_given(request.temperature),
            prompt_cache_key=_given(request.prompt_cache_key),
            **self._cap(request),
        )

    def _parse(self, raw: ChatCompletion, latency: float) -> ModelReply:
        if not raw.choices:
            raise ProviderServerError(f"the completion {raw.id} has no choices")
        choice = raw.choices[0]
        reason = _CHAT_REASONS.get(choice.finish_reason)
        usage = _chat_usage(raw.usage, raw.model_extra) if raw.usage is not None else Usage()
        return ModelReply(
            text=choice.message.content or "",
            response_id=raw.id,
            usage=usage,
            latency_s=latency,
            model=raw.model,
            status="incomplete" if reason else "completed",
            incomplete_reason=reason,
            refusal=choice.message.refusal,
        )


#: Chat Completions' finish reasons that make a reply incomplete, as the Responses API says them.
_CHAT_REASONS = {"length": "max_output_tokens", "content_filter": "content_filter"}


def _extra(chunk: dict[str, Any]) -> dict[str, Any]:
    """What a chunk holds beyond the API's fields (where some servers say their cached tokens),
    as the SDK's ``model_extra`` would hold it."""
    return {
        key: value for key, value in chunk.items() if key not in ChatCompletionChunk.model_fields
    }


def _chat_usage(usage: CompletionUsage, extra: Mapping[str, Any] | None) -> Usage:
    """The usage of a completion; cached tokens wherever the server says them."""
    cached = cached_tokens_of(usage.model_dump(), extra or {})
    return Usage(
        input_tokens=usage.prompt_tokens,
        cached_tokens=cached or 0,
        output_tokens=usage.completion_tokens,
    )


def _given(value: _T | None) -> _T | openai.Omit:
    """The value, or the SDK's "leave it out" marker: absent fields are not sent as null."""
    return openai.omit if value is None else value


# --------------------------------------------------------------------------- bounded answers


class _Switched(Exception):
    """The server refused the format (or cap) sent; the call is made again with the next."""


@contextlib.asynccontextmanager
async def _cut_is_retried() -> AsyncIterator[None]:
    """A connection lost while a stream is read (the SDK says ``APIConnectionError`` then, and
    does not retry): a :class:`StreamCut`, which the provider retries."""
    try:
        yield
    except openai.APIConnectionError as error:
        cause = error.__cause__
        raise StreamCut(type(cause).__name__ if cause else "connection lost") from error


def _events_of(body: Any) -> contextlib.aclosing[AsyncGenerator[dict[str, Any], None]]:
    """The events of a streamed answer (the SDK's ``AsyncAPIResponse``), closed, with the lines
    under them, when the block ends: early too (an error event, a cut, a deadline)."""
    return contextlib.aclosing(server_events(body.iter_lines()))


def _final_response(event: dict[str, Any]) -> Response:
    """The response a ``response.completed`` (``incomplete``, ``failed``) event carries."""
    body = event.get("response")
    if not isinstance(body, dict):
        raise ValueError(f"a {event.get('type')} event without its response")
    return Response.construct(**body)


# --------------------------------------------------------------------------- error mapping


def map_openai_error(error: BaseException, *, secrets: Iterable[str] = ()) -> ProviderError:
    """The Prompter error for an ``openai`` SDK error: the one place they are translated.

    Order matters: timeouts are connection errors and OAuth errors are authentication errors
    in the SDK's tree, so the narrower classes are tested first. Messages say what happened and
    what to do, and never contain the API key (``secrets`` and key-shaped text are redacted).
    """
    mapped = _map(error)
    message = redact(str(mapped), secrets)
    if message != str(mapped):
        mapped.args = (message,)
    return mapped


def _map(error: BaseException) -> ProviderError:
    if isinstance(error, openai.APIStatusError):
        return _map_status(error)
    if isinstance(error, openai.APITimeoutError):
        return ProviderTimeout(
            f"no answer from {_where(error.request)} in time; raise the timeout or try again"
        )
    if isinstance(error, openai.APIConnectionError):
        cause = error.__cause__
        detail = f" ({type(cause).__name__}: {cause})" if cause else ""
        return ProviderConnectionError(
            f"could not reach {_where(error.request)}{detail}; check the network, the base URL "
            "(OPENAI_BASE_URL) and proxy settings"
        )
    if isinstance(error, openai.APIResponseValidationError):
        return ProviderServerError(
            f"the server's answer has an unexpected shape: {error.message}",
            status=error.status_code,
        )
    if isinstance(error, openai.APIError):
        return ProviderServerError(f"the API call failed: {error.message}")
    if isinstance(error, openai.WebSocketConnectionClosedError):
        return ProviderConnectionError(f"the connection closed: {error}")
    if isinstance(error, openai.OpenAIError) and "credentials" in str(error).lower():
        return ProviderAuthError(MISSING_KEY_MESSAGE)
    # Client-side errors (content filter or length while parsing, bad webhook signature, queue
    # full, misconfiguration): sending the same request again would fail the same way.
    return ProviderRequestError(f"the OpenAI client refused: {type(error).__name__}: {error}")


def _map_status(error: openai.APIStatusError) -> ProviderError:
    status = error.status_code
    said = _server_message(error)
    code, param = error.code or "", error.param or ""
    suffix = f" (request id {error.request_id})" if error.request_id else ""
    if isinstance(error, openai.AuthenticationError):
        return ProviderAuthError(
            f"the API key was rejected ({status}): {said} Check OPENAI_API_KEY or the key in "
            f"the studio's settings.{suffix}",
            status=status,
        )
    if isinstance(error, openai.PermissionDeniedError):
        return ProviderAuthError(
            f"this API key may not do that ({status}): {said}{suffix}", status=status
        )
    if isinstance(error, openai.RateLimitError) or status == 429:
        retry_after = retry_after_seconds(error.response.headers)
        if code == "insufficient_quota":
            hint = "" if "billing" in said else " Check the account's plan and billing."
            quota = ProviderRateLimited(
                f"out of quota ({status}): {said}{hint}{suffix}",
                status=status,
                retry_after=retry_after,
            )
            quota.retryable = False  # waiting does not buy credits
            return quota
        wait = f", retry after {retry_after:g} s" if retry_after is not None else ""
        return ProviderRateLimited(
            f"rate limited ({status}){wait}: {said}{suffix}",
            status=status,
            retry_after=retry_after,
        )
    if status == 408:
        return ProviderTimeout(f"the server gave up waiting ({status}): {said}{suffix}")
    if status >= 500:
        return ProviderServerError(
            f"the API failed on its side ({status}): {said}{suffix}", status=status
        )
    if "previous_response_id" in param or "previous_response" in code:
        return ProviderRequestError(
            f"the server cannot continue this conversation by previous_response_id ({status}): "
            f"{said} Start the conversation again, or {_CHAT_HINT}.{suffix}",
            status=status,
        )
    if _is_schema_format_refusal(param, code, said):
        return ProviderRequestError(f"{said} ({status}); {_FORMAT_HINT}.{suffix}", status=status)
    path = error.request.url.path if error.request is not None else ""
    if status == 404 and path.endswith("/responses") and code != "model_not_found":
        return ProviderRequestError(
            f"{_where(error.request)} has no Responses API (404: {said}); {_CHAT_HINT}.{suffix}",
            status=status,
        )
    return ProviderRequestError(
        f"the API refused the request ({status}): {said}{suffix}", status=status
    )


def _is_schema_format_refusal(param: str, code: str, said: str) -> bool:
    about_format = param in ("text.format", "response_format") or names_format(400, said)
    return about_format and code in ("unsupported_value", "unsupported_parameter", "")


def _server_message(error: openai.APIStatusError) -> str:
    """The server's own sentence (``error.message`` in the body), else the status line."""
    body = error.body
    if isinstance(body, Mapping):
        message = body.get("message")
        if isinstance(message, str) and message:
            return message if message.endswith((".", "!", "?")) else message + "."
    if isinstance(body, str) and body.strip():
        return body.strip()[:300]
    return f"{error.response.reason_phrase or 'no details'}."


def _where(request: Any) -> str:
    """``host/path`` of a request, for messages (never its headers or query)."""
    try:
        url = request.url
        return f"{url.scheme}://{url.netloc.decode()}{url.path}"
    except (AttributeError, RuntimeError):
        return "the API"
