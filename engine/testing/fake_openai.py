"""A fake OpenAI server on 127.0.0.1 that the real ``openai`` SDK talks to.

Tests, benches and demos point the SDK's ``base_url`` at it, so every byte goes through the same
client code (serialisation, retries, ``retry-after``, timeouts, error classes) as in production,
while the "model" is a script the test controls. Nothing here needs the network.

What it serves:

* ``POST /v1/responses``: the Responses API, with ``previous_response_id`` chaining. A request's
  context is the stored chain (earlier inputs and outputs; *not* earlier instructions, as the
  real API) plus its own input. An unknown id is a 400 ``previous_response_not_found``.
* ``POST /v1/chat/completions``: Chat Completions; the caller sends the whole history.
* ``GET /v1/models``: the one model list clients use as a connection check.

Usage is computed, not canned, so cost and caching can be measured, and it is billed as OpenAI
bills it: input tokens are a deterministic count (``\\w+|[^\\w\\s]``) of the whole prompt as the
model reads it — the structured-output schema first, then the instructions, then the
conversation (a chained request's stored context included), then the new input; cached tokens
are *part of* the input tokens: the longest token prefix shared with an earlier prompt to the
same model and ``prompt_cache_key``, in whole 128-token blocks, and only from
``cache_min_tokens`` on (1024, as OpenAI). That makes the engine's prompt layout visible: a
prompt that starts with the same schema and text hits the cache, one whose schema or
instructions change per step does not.

The "model" answers from :meth:`FakeOpenAIServer.queue` (in order), then from ``responder`` (a
callable of :class:`FakeRequest`); an answer is text, a :class:`Reply`, a :class:`Fault` (429,
5xx, late answer, dropped connection, any status) or a dict (sent as JSON text). With nothing
to answer, the server says so in a 500 so the failing test explains itself.

Standalone, ``python -m engine.testing.fake_openai [--port 8765]`` serves until Ctrl-C with
:func:`echo_responder`, which answers in whatever schema is asked for: a way to try the real
providers (studio, CLI) with no key and no cost.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import signal
import socket
import sys
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self, TypeAlias

if TYPE_CHECKING:
    from engine.testing.rate_limits import RateLimits

__all__ = [
    "FAKE_API_KEY",
    "Answer",
    "FakeMessage",
    "FakeOpenAIServer",
    "FakeRequest",
    "Fault",
    "RecordedRequest",
    "Reply",
    "count_tokens",
    "echo_responder",
    "example_of",
]

TOKEN_PATTERN = re.compile(r"\w+|[^\w\s]")
REDACTED = "[REDACTED]"
#: The key tests give the SDK: key-shaped, so redaction is tested on something realistic.
FAKE_API_KEY = "sk-test-FAKEKEY0123456789abcdefABCDEF"


def count_tokens(text: str) -> int:
    """The fake's token count: words and single punctuation marks. Deterministic and cheap."""
    return len(TOKEN_PATTERN.findall(text))


def _truncate_to_tokens(text: str, limit: int) -> str:
    """The text up to the end of its ``limit``-th token, as a model cut off mid-reply."""
    if limit <= 0:
        return ""
    for index, match in enumerate(TOKEN_PATTERN.finditer(text), start=1):
        if index == limit:
            return text[: match.end()]
    return text


# --------------------------------------------------------------------------- what the model says


@dataclass(frozen=True)
class Reply:
    """One model answer.

    ``refusal`` makes the model refuse (``text`` is then ignored). ``incomplete`` forces an
    incomplete answer with that reason (``max_output_tokens``, ``content_filter``); an answer
    longer than the request's ``max_output_tokens`` is cut and marked incomplete anyway.
    ``output_tokens`` overrides the counted output tokens (to fake an expensive answer).
    """

    text: str = ""
    refusal: str | None = None
    incomplete: str | None = None
    output_tokens: int | None = None


@dataclass(frozen=True)
class Fault:
    """A transport-level misbehaviour instead of an answer. Build one with the class methods."""

    kind: Literal["status", "delay", "drop"]
    http_status: int = 500
    body: Any = None
    headers: tuple[tuple[str, str], ...] = ()
    seconds: float = 0.0
    then: Reply | None = None

    @classmethod
    def rate_limit(
        cls,
        retry_after: float | None = None,
        retry_after_ms: int | None = None,
        *,
        message: str = "Rate limit reached for requests. Please try again later.",
        code: str = "rate_limit_exceeded",
    ) -> Fault:
        """429 with ``retry-after`` (seconds) and/or ``retry-after-ms`` headers, as OpenAI."""
        headers: list[tuple[str, str]] = []
        if retry_after is not None:
            headers.append(("retry-after", f"{retry_after:g}"))
        if retry_after_ms is not None:
            headers.append(("retry-after-ms", str(retry_after_ms)))
        body = _error_body(message, type_="requests", code=code)
        return cls("status", 429, body, tuple(headers))

    @classmethod
    def server_error(cls, status: int = 500, message: str | None = None) -> Fault:
        text = message or "The server had an error while processing your request. Sorry about that!"
        return cls("status", status, _error_body(text, type_="server_error"))

    @classmethod
    def delay(cls, seconds: float, then: Reply | str = "") -> Fault:
        """Answer ``then`` only after ``seconds``: a client with a shorter timeout gives up."""
        reply = then if isinstance(then, Reply) else Reply(then)
        return cls("delay", seconds=seconds, then=reply)

    @classmethod
    def drop(cls) -> Fault:
        """Read the request, then close the connection without a word."""
        return cls("drop")

    @classmethod
    def status(cls, code: int, body: Any = None, headers: Mapping[str, str] | None = None) -> Fault:
        """Any status with any body (a dict is sent as JSON, a str as text)."""
        if body is None:
            body = _error_body(f"fake status {code}", type_="invalid_request_error")
        return cls("status", code, body, tuple((headers or {}).items()))


#: What a queue item or the responder may give: text, a reply, a fault, or a dict sent as JSON.
Answer: TypeAlias = str | Reply | Fault | Mapping[str, Any]


@dataclass(frozen=True)
class FakeMessage:
    """One message of a request's context as the fake model sees it."""

    role: str
    content: str


@dataclass(frozen=True)
class FakeRequest:
    """One model call as the responder sees it, whichever API it came through.

    ``instructions`` is the system text of *this* call (Responses: ``instructions``; chat: the
    system/developer messages). ``messages`` is the conversation the model sees besides the
    instructions: the stored chain or the sent history, ending with this call's input.
    ``input_text`` is the new user-side text of this call.
    """

    api: Literal["responses", "chat"]
    model: str
    instructions: str
    input_text: str
    messages: tuple[FakeMessage, ...]
    schema: dict[str, Any] | None
    schema_name: str | None
    format_type: Literal["json_schema", "json_object", "text"]
    previous_response_id: str | None
    max_output_tokens: int | None
    temperature: float | None
    body: dict[str, Any]
    #: The request's ``prompt_cache_key`` (the fake keeps one prompt cache per key).
    prompt_cache_key: str | None = None


@dataclass(frozen=True)
class RecordedRequest:
    """What reached the server (body, headers with the key redacted) and what it answered."""

    method: str
    path: str
    body: dict[str, Any] | None
    headers: dict[str, str]
    #: ``time.monotonic()`` when the request was read: tests measure retry waits with it.
    at: float
    #: The status answered (None: the connection was dropped) and the body sent with it.
    status: int | None
    answer: Any


Responder: TypeAlias = Callable[[FakeRequest], Answer]


# --------------------------------------------------------------------------- internals


class _HTTPError(Exception):
    """An error the fake answers with, shaped like OpenAI's ``{"error": {...}}``."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        type_: str = "invalid_request_error",
        param: str | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.body = _error_body(message, type_=type_, param=param, code=code)


def _error_body(
    message: str, *, type_: str, param: str | None = None, code: str | None = None
) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


@dataclass
class _Outcome:
    """What the handler does: send ``status``/``body`` (maybe after ``delay``), or drop."""

    status: int = 200
    body: Any = None
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0
    drop: bool = False


@dataclass
class _Format:
    type: Literal["json_schema", "json_object", "text"] = "text"
    schema: dict[str, Any] | None = None
    name: str | None = None


def _cache_key(body: Mapping[str, Any]) -> str | None:
    key = body.get("prompt_cache_key")
    if key is not None and not isinstance(key, str):
        raise _HTTPError(400, "Invalid type for 'prompt_cache_key': expected a string.",
                         param="prompt_cache_key")
    return key


def _new_id(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex}"


def _content_text(content: Any) -> str:
    """Text of a message ``content``: a string, or a list of ``input_text``/``text`` parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [part.get("text", "") for part in content if isinstance(part, dict)]
        return "".join(str(part) for part in parts)
    return "" if content is None else json.dumps(content)


def _input_messages(value: Any) -> list[FakeMessage]:
    """The Responses ``input`` (a string or a list of items) as messages."""
    if value is None:
        return []
    if isinstance(value, str):
        return [FakeMessage("user", value)]
    if not isinstance(value, list):
        raise _HTTPError(400, "Invalid type for 'input': expected a string or an array.")
    messages = []
    for item in value:
        if not isinstance(item, dict):
            raise _HTTPError(400, "Invalid type for 'input' item: expected an object.")
        if "role" in item:
            messages.append(FakeMessage(str(item["role"]), _content_text(item.get("content"))))
        else:  # tool outputs and the like: keep them visible to the responder
            messages.append(FakeMessage(str(item.get("type", "item")), json.dumps(item)))
    return messages


def _strict_schema_problem(schema: Any, where: tuple[str, ...] = ()) -> str | None:
    """Why OpenAI's strict structured outputs would reject ``schema``, or None.

    The rules that bite in practice: every object sets ``additionalProperties: false`` and lists
    all its properties in ``required``. Checking them here catches a bad schema in tests rather
    than on the first paid call. ``where`` is the path, printed as OpenAI prints it.
    """
    if not isinstance(schema, dict):
        return None
    if schema.get("type") == "object" or "properties" in schema:
        if schema.get("additionalProperties") is not False:
            return (
                f"In context={where!r}, 'additionalProperties' is required to be supplied "
                "and to be false."
            )
        properties = schema.get("properties", {})
        missing = [name for name in properties if name not in schema.get("required", [])]
        if missing:
            return (
                f"In context={where!r}, 'required' is required to be supplied and to be an "
                f"array including every key in properties. Missing '{missing[0]}'."
            )
        for name, sub in properties.items():
            if problem := _strict_schema_problem(sub, (*where, "properties", name)):
                return problem
    children: list[tuple[Any, tuple[str, ...]]] = []
    if "items" in schema:
        children.append((schema["items"], (*where, "items")))
    for key in ("anyOf", "allOf", "oneOf"):
        children += [(sub, (*where, key, str(i))) for i, sub in enumerate(schema.get(key) or [])]
    for key in ("$defs", "definitions"):
        children += [(sub, (*where, key, name)) for name, sub in (schema.get(key) or {}).items()]
    for child, path in children:
        if problem := _strict_schema_problem(child, path):
            return problem
    return None


class _PromptCache:
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


def _prompt_tokens(instructions: str, fmt: _Format, context: Iterable[FakeMessage]) -> list[str]:
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


# --------------------------------------------------------------------------- the server


class FakeOpenAIServer:
    """The fake OpenAI API. Use as a context manager, or ``start()``/``stop()``.

    ``cache_min_tokens``: smallest cached prefix reported (OpenAI: 1024; tests may use 0).
    ``supports_responses=False``: ``/v1/responses`` is a 404, as on many compatible servers.
    ``reject_previous_response_id=True``: a request sending it is a 400.
    ``supports_strict_schema=False``: a ``json_schema`` format is a 400 (``json_object`` is fine).
    ``api_key``: when set, any other key is a 401 ``invalid_api_key``.
    ``latency``: seconds added before every answer (to bench against a slow model).
    ``port``: 0 (the default) picks a free one; demos may want a fixed one.
    ``rate_limits`` (an attribute): RPM/TPM limits answered with 429s, see ``rate_limits.py``.
    """

    def __init__(
        self,
        *,
        responder: Responder | None = None,
        cache_min_tokens: int = 1024,
        cache_block_tokens: int = 128,
        supports_responses: bool = True,
        reject_previous_response_id: bool = False,
        supports_strict_schema: bool = True,
        api_key: str | None = None,
        models: Iterable[str] = ("gpt-4.1-mini", "gpt-4.1", "gpt-4o-mini"),
        latency: float = 0.0,
        port: int = 0,
    ) -> None:
        self.responder = responder
        self.supports_responses = supports_responses
        self.reject_previous_response_id = reject_previous_response_id
        self.supports_strict_schema = supports_strict_schema
        self.models = tuple(models)
        self.latency = latency
        self.rate_limits: RateLimits | None = None
        self._port = port
        self.api_key = api_key
        self._cache = _PromptCache(cache_block_tokens, cache_min_tokens)
        self._queue: deque[Answer] = deque()
        self._requests: list[RecordedRequest] = []
        #: Stored responses: id -> the context a request chaining to it continues.
        self._stored: dict[str, tuple[FakeMessage, ...]] = {}
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._http: _HTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ---- lifecycle

    def start(self) -> Self:
        if self._http is not None:
            return self
        self._stopping.clear()
        self._http = _HTTPServer(self, self._port)
        self._thread = threading.Thread(
            target=self._http.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="fake-openai",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving, cut open connections, wait for handlers: no socket is left open."""
        http, thread = self._http, self._thread
        if http is None or thread is None:
            return
        self._stopping.set()
        http.shutdown()
        thread.join()
        http.close_all()
        self._http = self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._http is None:
            raise RuntimeError("the fake OpenAI server is not started")
        return int(self._http.server_address[1])

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``: what ``OPENAI_BASE_URL`` / ``base_url`` should be."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def cache_min_tokens(self) -> int:
        """Smallest cached prefix reported; OpenAI's 1024 by default, tests may lower it."""
        return self._cache.min_tokens

    @cache_min_tokens.setter
    def cache_min_tokens(self, value: int) -> None:
        self._cache.min_tokens = value

    # ---- programming the model

    def queue(self, *answers: Answer) -> None:
        """Answer the next calls with these, in order (before ``responder`` is asked)."""
        with self._lock:
            self._queue.extend(answers)

    @property
    def pending(self) -> int:
        """How many queued answers are not consumed yet."""
        with self._lock:
            return len(self._queue)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, oldest first (a copy)."""
        with self._lock:
            return list(self._requests)

    def model_requests(self) -> list[RecordedRequest]:
        """The requests to ``/responses`` and ``/chat/completions`` only, oldest first."""
        return [r for r in self.requests if r.path.endswith(("/responses", "/chat/completions"))]

    # ---- request handling (called from handler threads)

    def _handle(self, method: str, path: str, headers: Mapping[str, str], raw: bytes) -> _Outcome:
        received = time.monotonic()
        body = self._parse_body(raw)
        outcome = self._outcome(method, path, headers, body)
        self._record(method, path, headers, body, received, outcome)
        return outcome

    def _outcome(self, method: str, path: str, headers: Mapping[str, str], body: Any) -> _Outcome:
        try:
            route = self._route(method, path)
            self._check_key(headers)
            if route == "models":
                return _Outcome(body=self._models_body())
            if not isinstance(body, dict):
                raise _HTTPError(
                    400,
                    "We could not parse the JSON body of your request. (HINT: This likely "
                    "means you aren't using your HTTP library correctly.)",
                )
            request = (
                self._responses_request(body) if route == "responses" else self._chat_request(body)
            )
            admission = self.rate_limits.admit(request) if self.rate_limits else None
            if admission is not None and admission.refusal is not None:
                return self._answer(request, admission.refusal)  # before any model work
            outcome = self._answer(request, self._next_answer(request))
            outcome.headers += admission.headers if admission is not None else ()
            return outcome
        except _HTTPError as error:
            return _Outcome(error.status, error.body)
        except Exception as error:  # a bug in the fake: say so where the test will read it
            message = f"fake OpenAI server bug: {type(error).__name__}: {error}"
            return _Outcome(500, _error_body(message, type_="server_error"))

    @staticmethod
    def _parse_body(raw: bytes) -> Any:
        if not raw:
            return None
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            return None

    def _record(
        self,
        method: str,
        path: str,
        headers: Mapping[str, str],
        body: Any,
        received: float,
        outcome: _Outcome,
    ) -> None:
        visible = {
            name.lower(): (REDACTED if name.lower() in ("authorization", "api-key") else value)
            for name, value in headers.items()
        }
        entry = RecordedRequest(
            method,
            path,
            body if isinstance(body, dict) else None,
            visible,
            received,
            None if outcome.drop else outcome.status,
            None if outcome.drop else outcome.body,
        )
        with self._lock:
            self._requests.append(entry)

    def _route(self, method: str, path: str) -> str:
        path = path.split("?", 1)[0].rstrip("/")
        if method == "POST" and path == "/v1/responses" and self.supports_responses:
            return "responses"
        if method == "POST" and path == "/v1/chat/completions":
            return "chat"
        if method == "GET" and path == "/v1/models":
            return "models"
        raise _HTTPError(404, f"Invalid URL ({method} {path})")

    def _check_key(self, headers: Mapping[str, str]) -> None:
        sent = {name.lower(): value for name, value in headers.items()}.get("authorization", "")
        if not sent.startswith("Bearer ") or not sent[len("Bearer ") :].strip():
            raise _HTTPError(
                401,
                "You didn't provide an API key. You need to provide your API key in an "
                "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
            )
        key = sent[len("Bearer ") :]
        if self.api_key is not None and key != self.api_key:
            masked = f"{key[:3]}{'*' * max(len(key) - 7, 0)}{key[-4:]}"
            raise _HTTPError(
                401,
                f"Incorrect API key provided: {masked}. You can find your API key at "
                "https://platform.openai.com/account/api-keys.",
                code="invalid_api_key",
            )

    def _models_body(self) -> dict[str, Any]:
        created = int(time.time())
        data = [
            {"id": name, "object": "model", "created": created, "owned_by": "system"}
            for name in self.models
        ]
        return {"object": "list", "data": data}

    def _responses_request(self, body: dict[str, Any]) -> FakeRequest:
        model = self._require_model(body)
        previous_id = body.get("previous_response_id")
        context: tuple[FakeMessage, ...] = ()
        if previous_id is not None:
            if self.reject_previous_response_id:
                raise _HTTPError(
                    400,
                    "Unsupported parameter: 'previous_response_id' is not supported by this "
                    "server.",
                    param="previous_response_id",
                    code="unsupported_parameter",
                )
            with self._lock:
                stored = self._stored.get(str(previous_id))
            if stored is None:
                raise _HTTPError(
                    400,
                    f"Previous response with id '{previous_id}' not found.",
                    param="previous_response_id",
                    code="previous_response_not_found",
                )
            context = stored
        text_config = body.get("text") or {}
        fmt = self._format(text_config.get("format"), param="text.format")
        inputs = _input_messages(body.get("input"))
        return FakeRequest(
            api="responses",
            model=model,
            instructions=str(body.get("instructions") or ""),
            input_text="\n".join(m.content for m in inputs if m.role == "user"),
            messages=(*context, *inputs),
            schema=fmt.schema,
            schema_name=fmt.name,
            format_type=fmt.type,
            previous_response_id=previous_id,
            max_output_tokens=body.get("max_output_tokens"),
            temperature=body.get("temperature"),
            body=body,
            prompt_cache_key=_cache_key(body),
        )

    def _chat_request(self, body: dict[str, Any]) -> FakeRequest:
        model = self._require_model(body)
        raw_messages = body.get("messages")
        if not isinstance(raw_messages, list) or not raw_messages:
            raise _HTTPError(400, "Missing required parameter: 'messages'.", param="messages")
        messages = [
            FakeMessage(str(m.get("role")), _content_text(m.get("content")))
            for m in raw_messages
            if isinstance(m, dict)
        ]
        # The leading system messages are the instructions; a system message further down (a
        # step's section entering the conversation) stays where it is, as the model reads it.
        lead = 0
        while lead < len(messages) and messages[lead].role in ("system", "developer"):
            lead += 1
        system = [m.content for m in messages[:lead]]
        conversation = tuple(messages[lead:])
        users = [m.content for m in conversation if m.role == "user"]
        fmt = self._format(body.get("response_format"), param="response_format")
        limit = body.get("max_completion_tokens", body.get("max_tokens"))
        return FakeRequest(
            api="chat",
            model=model,
            instructions="\n".join(system),
            input_text=users[-1] if users else "",
            messages=conversation,
            schema=fmt.schema,
            schema_name=fmt.name,
            format_type=fmt.type,
            previous_response_id=None,
            max_output_tokens=limit,
            temperature=body.get("temperature"),
            body=body,
            prompt_cache_key=_cache_key(body),
        )

    @staticmethod
    def _require_model(body: dict[str, Any]) -> str:
        model = body.get("model")
        if not isinstance(model, str) or not model:
            raise _HTTPError(400, "Missing required parameter: 'model'.", param="model")
        return model

    def _format(self, spec: Any, *, param: str) -> _Format:
        """Read ``text.format`` / ``response_format`` (their shapes differ slightly)."""
        if not spec:
            return _Format()
        kind = spec.get("type")
        if kind == "text":
            return _Format()
        if kind == "json_object":
            return _Format("json_object")
        if kind != "json_schema":
            raise _HTTPError(400, f"Invalid value for '{param}.type': {kind!r}.", param=param)
        if not self.supports_strict_schema:
            raise _HTTPError(
                400,
                f"Invalid parameter: '{param}' of type 'json_schema' is not supported with "
                "this model.",
                param=param,
                code="unsupported_value",
            )
        # Responses puts name/schema/strict in the format; chat nests them in "json_schema".
        inner = spec.get("json_schema", spec)
        schema, name = inner.get("schema"), inner.get("name")
        if not isinstance(name, str) or not name:
            raise _HTTPError(400, f"Missing required parameter: '{param}.name'.", param=param)
        if not isinstance(schema, dict):
            raise _HTTPError(400, f"Missing required parameter: '{param}.schema'.", param=param)
        if inner.get("strict") and (problem := _strict_schema_problem(schema)):
            raise _HTTPError(
                400,
                f"Invalid schema for response_format '{name}': {problem}",
                param=param,
                code="invalid_json_schema",
            )
        return _Format("json_schema", schema, name)

    def _next_answer(self, request: FakeRequest) -> Answer:
        with self._lock:
            queued = self._queue.popleft() if self._queue else None
        if queued is not None:
            return queued
        if self.responder is None:
            raise _HTTPError(
                500,
                f"fake OpenAI server: no answer for this {request.api} call (input "
                f"{request.input_text[:60]!r}): the queue is empty and no responder is set. "
                "Queue answers with server.queue(...) or set server.responder.",
                type_="server_error",
            )
        try:
            return self.responder(request)
        except Exception as error:  # surfaces in the test as the server's message
            raise _HTTPError(
                500,
                f"fake OpenAI server: the responder raised {type(error).__name__}: {error}",
                type_="server_error",
            ) from error

    def _answer(self, request: FakeRequest, answer: Answer) -> _Outcome:
        if isinstance(answer, Fault):
            if answer.kind == "drop":
                return _Outcome(drop=True)
            if answer.kind == "status":
                return _Outcome(answer.http_status, answer.body, answer.headers)
            reply = answer.then or Reply()
            outcome = self._reply(request, reply)
            outcome.delay = answer.seconds
            return outcome
        if isinstance(answer, Reply):
            return self._reply(request, answer)
        if isinstance(answer, str):
            return self._reply(request, Reply(answer))
        if isinstance(answer, Mapping):  # a model writes UTF-8, not \u escapes
            return self._reply(request, Reply(json.dumps(dict(answer), ensure_ascii=False)))
        raise _HTTPError(
            500,
            f"fake OpenAI server: cannot answer with {type(answer).__name__} {answer!r:.60}; "
            "give a str, dict, Reply or Fault",
            type_="server_error",
        )

    def _reply(self, request: FakeRequest, reply: Reply) -> _Outcome:
        fmt = _Format(request.format_type, request.schema, request.schema_name)
        prompt = _prompt_tokens(request.instructions, fmt, request.messages)
        with self._lock:
            cached = self._cache.lookup_and_store(request.model, prompt, request.prompt_cache_key)
        text, incomplete = reply.text, reply.incomplete
        limit = request.max_output_tokens
        if reply.refusal is None and limit is not None and count_tokens(text) > limit:
            text, incomplete = _truncate_to_tokens(text, limit), "max_output_tokens"
        spoken = reply.refusal if reply.refusal is not None else text
        output_tokens = (
            reply.output_tokens if reply.output_tokens is not None else count_tokens(spoken)
        )
        usage = _TokenUse(len(prompt), cached, output_tokens)
        if request.api == "chat":
            body = _chat_body(request, text, reply.refusal, incomplete, usage)
        else:
            body = _responses_body(request, text, reply.refusal, incomplete, usage)
            if request.body.get("store", True) is not False:
                context = (*request.messages, FakeMessage("assistant", spoken))
                with self._lock:
                    self._stored[body["id"]] = context
        return _Outcome(200, body, delay=self.latency)


@dataclass(frozen=True)
class _TokenUse:
    input_tokens: int
    cached_tokens: int
    output_tokens: int

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens


def _responses_body(
    request: FakeRequest,
    text: str,
    refusal: str | None,
    incomplete: str | None,
    usage: _TokenUse,
) -> dict[str, Any]:
    if refusal is not None:
        part: dict[str, Any] = {"type": "refusal", "refusal": refusal}
    else:
        part = {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
    status = "incomplete" if incomplete else "completed"
    text_format: dict[str, Any] = {"type": request.format_type}
    if request.format_type == "json_schema":
        text_format.update(
            name=request.schema_name, schema=request.schema, strict=True, description=None
        )
    now = time.time()
    return {
        "id": _new_id("resp_"),
        "object": "response",
        "created_at": int(now),
        "completed_at": None if incomplete else int(now),
        "status": status,
        "error": None,
        "incomplete_details": {"reason": incomplete} if incomplete else None,
        "instructions": request.instructions or None,
        "max_output_tokens": request.max_output_tokens,
        "model": request.model,
        "output": [
            {
                "id": _new_id("msg_"),
                "type": "message",
                "status": status,
                "role": "assistant",
                "content": [part],
            }
        ],
        "parallel_tool_calls": True,
        "previous_response_id": request.previous_response_id,
        "reasoning": {"effort": None, "summary": None},
        "store": request.body.get("store", True) is not False,
        "temperature": request.temperature if request.temperature is not None else 1.0,
        "text": {"format": text_format},
        "tool_choice": "auto",
        "tools": [],
        "top_p": 1.0,
        "truncation": "disabled",
        "usage": {
            "input_tokens": usage.input_tokens,
            "input_tokens_details": {"cached_tokens": usage.cached_tokens, "cache_write_tokens": 0},
            "output_tokens": usage.output_tokens,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": usage.total,
        },
        "user": None,
        "metadata": request.body.get("metadata") or {},
    }


def _chat_body(
    request: FakeRequest,
    text: str,
    refusal: str | None,
    incomplete: str | None,
    usage: _TokenUse,
) -> dict[str, Any]:
    finish_reason = {None: "stop", "max_output_tokens": "length"}.get(incomplete, "content_filter")
    return {
        "id": _new_id("chatcmpl-"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.model,
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": None if refusal is not None else text,
                    "refusal": refusal,
                    "annotations": [],
                },
                "logprobs": None,
                "finish_reason": finish_reason,
            }
        ],
        "usage": {
            "prompt_tokens": usage.input_tokens,
            "completion_tokens": usage.output_tokens,
            "total_tokens": usage.total,
            "prompt_tokens_details": {"cached_tokens": usage.cached_tokens, "audio_tokens": 0},
            "completion_tokens_details": {
                "reasoning_tokens": 0,
                "audio_tokens": 0,
                "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            },
        },
        "service_tier": "default",
        "system_fingerprint": "fp_fake",
    }


# --------------------------------------------------------------------------- HTTP plumbing


class _HTTPServer(ThreadingHTTPServer):
    """A threading server that knows its connections, so stopping leaves none open."""

    allow_reuse_address = True
    request_queue_size = 1024  # the listen backlog: 200 clients connecting at once all get in

    def __init__(self, fake: FakeOpenAIServer, port: int) -> None:
        self.fake = fake
        self._connections: set[socket.socket] = set()
        self._handlers: set[threading.Thread] = set()
        self._guard = threading.Lock()
        super().__init__(("127.0.0.1", port), _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self._serve_connection,
            args=(request, client_address),
            name="fake-openai-connection",
            daemon=True,
        )
        with self._guard:
            self._connections.add(request)
            self._handlers.add(thread)
        thread.start()

    def _serve_connection(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except OSError:
            pass  # the client went away: nothing to answer
        finally:
            self.shutdown_request(request)
            with self._guard:
                self._connections.discard(request)
                self._handlers.discard(threading.current_thread())

    def close_all(self) -> None:
        """Unblock every handler (keep-alive reads, late answers), wait for them, close."""
        with self._guard:
            connections, handlers = list(self._connections), list(self._handlers)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        for handler in handlers:
            handler.join(timeout=5)
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _HTTPServer
    server_version = "fake-openai/1"

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def log_message(self, format: str, *args: Any) -> None:
        """Silent: tests read ``server.requests`` instead of a log on stderr."""

    def _serve(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        fake = self.server.fake
        outcome = fake._handle(self.command, self.path, dict(self.headers.items()), raw)
        if outcome.drop:
            self.close_connection = True
            return
        if outcome.delay > 0 and fake._stopping.wait(outcome.delay):
            self.close_connection = True
            return
        if isinstance(outcome.body, (dict, list)):
            payload, content_type = json.dumps(outcome.body).encode(), "application/json"
        else:
            payload = str(outcome.body or "").encode()
            content_type = "text/plain; charset=utf-8"
        self.send_response(outcome.status)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(payload)))
        self.send_header("x-request-id", _new_id("req_"))
        self.send_header("openai-processing-ms", "1")
        for name, value in outcome.headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)


# --------------------------------------------------------------------------- standalone demo


def example_of(schema: Mapping[str, Any], text: str) -> Any:
    """A small value valid against ``schema``: strings say ``text``, enums prefer ``stay``."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        choices = list(schema["enum"])
        return "stay" if "stay" in choices else choices[0]
    alternatives = schema.get("anyOf") or schema.get("oneOf")
    if alternatives:
        usable = [alt for alt in alternatives if alt.get("type") != "null"] or alternatives
        return example_of(usable[0], text)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        return {name: example_of(sub, text) for name, sub in schema.get("properties", {}).items()}
    simple: dict[str, Any] = {"array": [], "integer": 0, "number": 0, "boolean": False}
    return text if kind == "string" else simple.get(kind)


def echo_responder(request: FakeRequest) -> str:
    """A model for demos: answers in the requested schema, saying what it was told."""
    said = f"(fake model) You said: {request.input_text}"
    if request.schema is None:
        return said
    return json.dumps(example_of(request.schema, said), ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.testing.fake_openai``: serve until Ctrl-C, answering with echoes."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before answering")
    parser.add_argument("--cache-min-tokens", type=int, default=1024, dest="cache_min_tokens")
    args = parser.parse_args(argv)
    # Ctrl-C and a plain ``kill`` both stop it, even when started from a shell that ignores
    # SIGINT for its background jobs (Python keeps an inherited SIG_IGN unless told otherwise).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    server = FakeOpenAIServer(
        responder=echo_responder,
        port=args.port,
        latency=args.latency,
        cache_min_tokens=args.cache_min_tokens,
    )
    with server:
        print(f"fake OpenAI API on {server.base_url} (Ctrl-C stops it); point the SDK at it:")
        print(f"  export OPENAI_BASE_URL={server.base_url} OPENAI_API_KEY=sk-fake-demo")
        sys.stdout.flush()  # a pipe buffers: whoever started us reads the address now
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
