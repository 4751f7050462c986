"""A fake Gemini API on 127.0.0.1 that the real ``google-genai`` SDK talks to.

``POST /v1beta/models/{model}:generateContent`` (or ``/v1/``, as newer SDKs call it) and
``:streamGenerateContent?alt=sse`` (server-sent events, one ``GenerateContentResponse`` chunk
per word, the last with ``finishReason`` and ``usageMetadata``), the key in ``x-goog-api-key``,
errors shaped as Google's (``{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "details":
[RetryInfo]}}``; :meth:`FakeGeminiServer.resource_exhausted`,
:meth:`FakeGeminiServer.unavailable`).

**It bills as Gemini does.** ``promptTokenCount`` is the whole prompt (the schema, the system
instruction, the turns), ``cachedContentTokenCount`` the part served by implicit caching: the
longest prefix already seen, in whole blocks, from the model's minimum on
(:func:`~engine.providers.vendor_caches.gemini_min_tokens`; ``min_tokens`` overrides it) — the
same prefix cache as the OpenAI fake's (:class:`~engine.offline.fake_openai.cache.PromptCache`),
with ``hit_rate`` for a cache that serves only part of what it could (no guarantee).

The model is the same as the other fakes': queued answers, then ``responder`` (the key-free
bot), each read into a :class:`~engine.offline.fake_openai.FakeRequest` (``api="gemini"``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Literal

from engine.offline.fake_openai.answers import Fault, Reply, ServiceError
from engine.offline.fake_openai.bodies import new_id
from engine.offline.fake_openai.cache import PromptCache, prompt_tokens, truncate_to_tokens
from engine.offline.fake_openai.requests import FakeMessage, FakeRequest, Format, Responder
from engine.offline.fake_openai.server import written_words
from engine.offline.fake_openai.transport import Outcome
from engine.offline.fake_vendor import FakeVendorServer
from engine.providers.tokens import count_tokens
from engine.providers.vendor_caches import gemini_min_tokens

__all__ = ["FAKE_GEMINI_KEY", "FakeGeminiServer", "google_error"]

FAKE_GEMINI_KEY = "AIzaFAKEKEY0123456789abcdefABCDEFghijk"
_ROUTE = re.compile(
    r"^/v1(?:beta)?/models/(?P<model>[^/:]+):(?P<verb>generateContent|streamGenerateContent)$"
)
_STATUS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}


def google_error(
    status: int, message: str, *, details: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The body Google APIs answer an error with."""
    error: dict[str, Any] = {
        "code": status,
        "message": message,
        "status": _STATUS.get(status, "UNKNOWN"),
    }
    if details:
        error["details"] = details
    return {"error": error}


class FakeGeminiServer(FakeVendorServer):
    """The fake Gemini API. ``min_tokens`` overrides every model's implicit-cache minimum;
    ``hit_rate`` is the share of would-be cache hits served."""

    title = "fake Gemini API"

    def __init__(
        self,
        *,
        responder: Responder | None = None,
        api_key: str | None = None,
        latency: float = 0.0,
        word_s: float = 0.0,
        port: int = 0,
        min_tokens: int | None = None,
        hit_rate: float = 1.0,
    ) -> None:
        super().__init__(
            responder=responder, api_key=api_key, latency=latency, word_s=word_s, port=port
        )
        self.min_tokens = min_tokens
        self._caches: dict[str, PromptCache] = {}
        self._hit_rate = hit_rate

    @staticmethod
    def resource_exhausted(retry_delay_s: float = 17.0) -> Fault:
        """429 ``RESOURCE_EXHAUSTED`` with a ``RetryInfo`` detail, as the API sends it."""
        detail = {
            "@type": "type.googleapis.com/google.rpc.RetryInfo",
            "retryDelay": f"{retry_delay_s:g}s",
        }
        message = "You exceeded your current quota, please check your plan and billing details."
        return Fault("status", 429, google_error(429, message, details=[detail]))

    @staticmethod
    def unavailable() -> Fault:
        """503 ``UNAVAILABLE``: the model is overloaded."""
        return Fault(
            "status", 503, google_error(503, "The model is overloaded. Please try again later.")
        )

    def _error(self, status: int, message: str) -> dict[str, Any]:
        return google_error(status, message)

    def _serve(self, method: str, path: str, headers: Mapping[str, str], body: Any) -> Outcome:
        route, _, query = path.partition("?")
        found = _ROUTE.match(route)
        if method != "POST" or found is None:
            raise ServiceError(404, f"Not found: {method} {route}")
        lowered = {name.lower(): value for name, value in headers.items()}
        key = lowered.get("x-goog-api-key", "")
        if not key.strip() or (self.api_key is not None and key != self.api_key):
            raise ServiceError(400, "API key not valid. Please pass a valid API key.")
        if not isinstance(body, dict):
            raise ServiceError(400, "Invalid JSON payload received.")
        stream = found["verb"] == "streamGenerateContent"
        if stream and "alt=sse" not in query:
            raise ServiceError(400, "the fake streams server-sent events only (alt=sse)")
        request = _read(found["model"], body)
        answer = self.as_reply(self._next_answer(request))
        if isinstance(answer, Fault):
            if answer.kind == "drop":
                return Outcome(drop=True)
            if answer.kind in ("status", "raw"):
                body_sent = answer.body
                if answer.kind == "status" and isinstance(body_sent, dict):
                    error = body_sent.get("error", {})
                    if "status" not in error:
                        body_sent = google_error(answer.http_status, str(error.get("message")))
                return Outcome(answer.http_status, body_sent, answer.headers)
            outcome = self._reply(request, answer.then or Reply(), stream, cut=answer.after)
            if answer.kind == "delay":
                outcome.delay, outcome.cut_after = answer.seconds, None
            return outcome
        return self._reply(request, answer, stream)

    def usage(self, request: FakeRequest) -> dict[str, int]:
        """``usageMetadata`` of a request's prompt (the reply's tokens left to the caller)."""
        fmt = Format(request.format_type, request.schema, request.schema_name)
        tokens = prompt_tokens(request.instructions, fmt, request.messages, request.model)
        minimum = self.min_tokens if self.min_tokens is not None else None
        cache = self._caches.get(request.model)
        if cache is None:
            floor = minimum if minimum is not None else gemini_min_tokens(request.model)
            cache = PromptCache(128, floor, hit_rate=self._hit_rate, overflow_rpm=None)
            self._caches[request.model] = cache
        with self._lock:
            cached = cache.lookup_and_store(request.model, tokens)
        usage = {"promptTokenCount": len(tokens)}
        if cached:
            usage["cachedContentTokenCount"] = cached
        return usage

    def _reply(
        self, request: FakeRequest, reply: Reply, stream: bool, *, cut: int | None = None
    ) -> Outcome:
        usage = self.usage(request)
        text, finish = reply.text, "STOP"
        limit = request.max_output_tokens
        if reply.refusal is not None:
            text, finish = "", "SAFETY"
        elif limit is not None and count_tokens(text, request.model) > limit:
            text, finish = truncate_to_tokens(text, limit, request.model), "MAX_TOKENS"
        elif reply.incomplete is not None:
            finish = "MAX_TOKENS"
        output = (
            reply.output_tokens
            if reply.output_tokens is not None
            else count_tokens(text, request.model)
        )
        usage["candidatesTokenCount"] = output
        usage["totalTokenCount"] = usage["promptTokenCount"] + output
        ident = new_id("")[:22]
        whole = _chunk(text, request.model, ident, finish, usage)
        if not stream:
            pieces = written_words(text)
            delay = self.latency + self.word_s * len(pieces)
            return Outcome(200, whole, delay=delay, cut_after=cut)
        pieces = written_words(text) or [""]
        chunks = [_chunk(piece, request.model, ident, None, None) for piece in pieces[:-1]]
        chunks.append(_chunk(pieces[-1], request.model, ident, finish, usage))
        sent = [f"data: {json.dumps(chunk)}\r\n\r\n".encode() for chunk in chunks]
        pauses = [self.latency if i == 0 else self.word_s for i in range(len(sent))]
        return Outcome(200, whole, events=list(zip(pauses, sent, strict=True)), cut_after=cut)


def _chunk(
    text: str, model: str, ident: str, finish: str | None, usage: dict[str, int] | None
) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"parts": [{"text": text}], "role": "model"}}
    if finish is not None:
        candidate["finishReason"] = finish
    candidate["index"] = 0
    chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": model, "responseId": ident}
    if usage is not None:
        chunk["usageMetadata"] = usage
    return chunk


def _read(model: str, body: dict[str, Any]) -> FakeRequest:
    """A ``generateContent`` body as the model sees it."""
    raw = body.get("contents")
    if not isinstance(raw, list) or not raw:
        raise ServiceError(400, "* GenerateContentRequest.contents: contents is not specified")
    messages = []
    for item in raw:
        role = item.get("role", "user") if isinstance(item, dict) else None
        if role not in ("user", "model"):
            raise ServiceError(400, f"Please use a valid role: user, model. Got {role!r}.")
        text = _parts_text(item.get("parts"))
        messages.append(FakeMessage("assistant" if role == "model" else "user", text))
    system = body.get("systemInstruction") or {}
    instructions = _parts_text(system.get("parts")) if isinstance(system, dict) else ""
    config = body.get("generationConfig") or {}
    schema = config.get("responseJsonSchema") or config.get("responseSchema")
    if schema is not None and config.get("responseMimeType") != "application/json":
        raise ServiceError(
            400, "responseMimeType must be application/json when a response schema is set."
        )
    kind: Literal["json_schema", "json_object", "text"] = (
        "json_schema" if schema else "json_object" if config.get("responseMimeType") else "text"
    )
    users = [m.content for m in messages if m.role == "user"]
    return FakeRequest(
        api="gemini",
        model=model,
        instructions=instructions,
        input_text=users[-1] if users else "",
        messages=tuple(messages),
        schema=schema if isinstance(schema, dict) else None,
        schema_name="reply" if schema else None,
        format_type=kind,
        previous_response_id=None,
        max_output_tokens=config.get("maxOutputTokens"),
        temperature=config.get("temperature"),
        body=body,
    )


def _parts_text(parts: Any) -> str:
    if not isinstance(parts, list):
        return ""
    return "".join(str(p.get("text", "")) for p in parts if isinstance(p, dict))
