"""The fake OpenAI API itself: routes, the key, the queue of answers, chaining and billing.

Each request is routed (``/v1/responses``, ``/v1/chat/completions``, ``/v1/models``), its key
checked, its body read (:mod:`~engine.offline.fake_openai.requests`), then answered from the
queue or the responder (:mod:`~engine.offline.fake_openai.answers`), billed through the prompt
cache (:mod:`~engine.offline.fake_openai.cache`) and sent as the service's body
(:mod:`~engine.offline.fake_openai.bodies`) by the HTTP plumbing
(:mod:`~engine.offline.fake_openai.transport`). Responses are stored, so a later request can
chain to them with ``previous_response_id``; every request is recorded for tests to read.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine.offline.fake_openai.answers import Answer, Fault, Reply, ServiceError, error_body
from engine.offline.fake_openai.bodies import (
    TokenUse,
    chat_body,
    chat_chunks,
    models_body,
    responses_body,
    responses_events,
)
from engine.offline.fake_openai.cache import (
    IDLE_EVICTION_S,
    OVERFLOW_RPM,
    PromptCache,
    count_tokens,
    prompt_tokens,
    truncate_to_tokens,
)
from engine.offline.fake_openai.requests import (
    FakeMessage,
    FakeRequest,
    Format,
    RecordedRequest,
    Responder,
    chat_request,
    require_model,
    responses_request,
)
from engine.offline.fake_openai.transport import Outcome, ServedFake
from engine.providers.streaming import words

#: A JSON key (``"summary": ``) or punctuation alone: written with the word after it.
_WORDLESS = re.compile(r'[\W_]*|.*"\s*:\s*"?', re.DOTALL)


def written_words(text: str) -> list[str]:
    """What the fake model writes one at a time, ``word_s`` apart: the words of ``text``, a
    JSON key or a lone brace coming with the word that follows it (``{"message": "Hello ``),
    so the message's first word arrives with the reply's first token, as on the service."""
    pieces: list[str] = []
    carried = ""
    for word in words(text):
        if _WORDLESS.fullmatch(word.strip()):
            carried += word
            continue
        pieces.append(carried + word)
        carried = ""
    if carried:
        pieces.append(carried)
    return pieces


if TYPE_CHECKING:
    from engine.offline.quota import RateLimits

REDACTED = "[REDACTED]"
#: The key tests give the SDK: key-shaped, so redaction is tested on something realistic.
FAKE_API_KEY = "sk-test-FAKEKEY0123456789abcdefABCDEF"


class FakeOpenAIServer(ServedFake):
    """The fake OpenAI API. Use as a context manager, or ``start()``/``stop()``.

    ``cache_min_tokens``: smallest cached prefix reported (OpenAI: 1024; tests may use 0).
    ``supports_responses=False``: ``/v1/responses`` is a 404, as on many compatible servers.
    ``reject_previous_response_id=True``: a request sending it is a 400.
    ``supports_strict_schema=False``: a ``json_schema`` format is a 400 (``json_object`` is fine).
    ``stream_usage=False``: a streamed chat completion never sends its usage chunk, whatever
    ``stream_options`` asks (as llama-cpp-python's server).
    ``api_key``: when set, any other key is a 401 ``invalid_api_key``.
    ``basic_auth=True``: a gateway that also takes HTTP Basic credentials (what a client sends
    for a base URL ``http://user:password@host/v1``) instead of a key.
    ``latency``: seconds added before every answer (to bench against a slow model): the time
    to the first token of a streamed one.
    ``word_s``: seconds the model takes to write each word of its reply, streamed or not (a
    request with ``stream: true`` gets its reply as the service streams it, word by word).
    ``port``: 0 (the default) picks a free one; demos may want a fixed one.
    ``rate_limits`` (an attribute): RPM/TPM limits answered with 429s, see ``quota.py``.
    ``cache_hit_rate``: the share of would-be cache hits served from the cache (1.0: the rules
    alone; 0.0: nothing is ever cached); ``cache_idle_s``: a prefix unread that long is evicted;
    ``cache_overflow_rpm``: requests a minute one prefix and key take before the service spreads
    them over more machines (None: never); ``cache_seed``: the hit-rate draws. See ``cache.py``.
    """

    title = "fake OpenAI server"

    def __init__(
        self,
        *,
        responder: Responder | None = None,
        cache_min_tokens: int = 1024,
        cache_block_tokens: int = 128,
        supports_responses: bool = True,
        reject_previous_response_id: bool = False,
        supports_strict_schema: bool = True,
        stream_usage: bool = True,
        api_key: str | None = None,
        basic_auth: bool = False,
        models: Iterable[str] = ("gpt-4.1-mini", "gpt-4.1", "gpt-4o-mini"),
        latency: float = 0.0,
        word_s: float = 0.0,
        port: int = 0,
        cache_hit_rate: float = 1.0,
        cache_idle_s: float = IDLE_EVICTION_S,
        cache_overflow_rpm: float | None = OVERFLOW_RPM,
        cache_seed: int = 0,
    ) -> None:
        self.responder = responder
        self.supports_responses = supports_responses
        self.reject_previous_response_id = reject_previous_response_id
        self.supports_strict_schema = supports_strict_schema
        self.stream_usage = stream_usage
        self.models = tuple(models)
        self.latency = latency
        self.word_s = word_s
        self.rate_limits: RateLimits | None = None
        self._serve_on(port)
        self.api_key = api_key
        self.basic_auth = basic_auth
        self._cache = PromptCache(
            cache_block_tokens,
            cache_min_tokens,
            hit_rate=cache_hit_rate,
            idle_s=cache_idle_s,
            overflow_rpm=cache_overflow_rpm,
            seed=cache_seed,
        )
        self._queue: deque[Answer] = deque()
        self._requests: list[RecordedRequest] = []
        #: Stored responses: id -> the context a request chaining to it continues.
        self._stored: dict[str, tuple[FakeMessage, ...]] = {}
        self._lock = threading.Lock()

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

    @property
    def cache(self) -> PromptCache:
        """The prompt cache (its knobs and counters: ``hit_rate``, ``overflowed``, …)."""
        return self._cache

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

    def _handle(self, method: str, path: str, headers: Mapping[str, str], raw: bytes) -> Outcome:
        received = time.monotonic()
        body = self._parse_body(raw)
        outcome = self._outcome(method, path, headers, body)
        self._record(method, path, headers, body, received, outcome)
        return outcome

    def _outcome(self, method: str, path: str, headers: Mapping[str, str], body: Any) -> Outcome:
        try:
            route = self._route(method, path)
            self._check_key(headers)
            if route == "models":
                return Outcome(body=models_body(self.models))
            if not isinstance(body, dict):
                raise ServiceError(
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
        except ServiceError as error:
            return Outcome(error.status, error.body)
        except Exception as error:  # a bug in the fake: say so where the test will read it
            message = f"fake OpenAI server bug: {type(error).__name__}: {error}"
            return Outcome(500, error_body(message, type_="server_error"))

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
        outcome: Outcome,
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
        raise ServiceError(404, f"Invalid URL ({method} {path})")

    def _check_key(self, headers: Mapping[str, str]) -> None:
        sent = {name.lower(): value for name, value in headers.items()}.get("authorization", "")
        if self.basic_auth and sent.startswith("Basic "):
            return
        if not sent.startswith("Bearer ") or not sent[len("Bearer ") :].strip():
            raise ServiceError(
                401,
                "You didn't provide an API key. You need to provide your API key in an "
                "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
            )
        key = sent[len("Bearer ") :]
        if self.api_key is not None and key != self.api_key:
            masked = f"{key[:3]}{'*' * max(len(key) - 7, 0)}{key[-4:]}"
            raise ServiceError(
                401,
                f"Incorrect API key provided: {masked}. You can find your API key at "
                "https://platform.openai.com/account/api-keys.",
                code="invalid_api_key",
            )

    def _responses_request(self, body: dict[str, Any]) -> FakeRequest:
        require_model(body)
        context = self._chained_context(body.get("previous_response_id"))
        return responses_request(body, context, strict_supported=self.supports_strict_schema)

    def _chat_request(self, body: dict[str, Any]) -> FakeRequest:
        return chat_request(body, strict_supported=self.supports_strict_schema)

    def _chained_context(self, previous_id: Any) -> tuple[FakeMessage, ...]:
        """What a request chaining to ``previous_id`` continues: the stored chain, or nothing."""
        if previous_id is None:
            return ()
        if self.reject_previous_response_id:
            raise ServiceError(
                400,
                "Unsupported parameter: 'previous_response_id' is not supported by this server.",
                param="previous_response_id",
                code="unsupported_parameter",
            )
        with self._lock:
            stored = self._stored.get(str(previous_id))
        if stored is None:
            raise ServiceError(
                400,
                f"Previous response with id '{previous_id}' not found.",
                param="previous_response_id",
                code="previous_response_not_found",
            )
        return stored

    def _next_answer(self, request: FakeRequest) -> Answer:
        with self._lock:
            queued = self._queue.popleft() if self._queue else None
        if queued is not None:
            return queued
        if self.responder is None:
            raise ServiceError(
                500,
                f"fake OpenAI server: no answer for this {request.api} call (input "
                f"{request.input_text[:60]!r}): the queue is empty and no responder is set. "
                "Queue answers with server.queue(...) or set server.responder.",
                type_="server_error",
            )
        try:
            return self.responder(request)
        except Exception as error:  # surfaces in the test as the server's message
            raise ServiceError(
                500,
                f"fake OpenAI server: the responder raised {type(error).__name__}: {error}",
                type_="server_error",
            ) from error

    def _answer(self, request: FakeRequest, answer: Answer) -> Outcome:
        if isinstance(answer, Fault):
            if answer.kind == "drop":
                return Outcome(drop=True)
            if answer.kind == "status":
                return Outcome(answer.http_status, answer.body, answer.headers)
            if answer.kind == "raw":
                return Outcome(answer.http_status, answer.body, answer.headers, delay=self.latency)
            reply = answer.then or Reply()
            if answer.kind == "cut":
                return self._reply(request, reply, cut=answer.after)
            outcome = self._reply(request, reply)
            if answer.kind == "trickle":
                outcome.trickle_s = answer.seconds
                if outcome.events is not None:
                    outcome.events = [(answer.seconds, event) for _, event in outcome.events]
            else:
                outcome.delay = answer.seconds
            return outcome
        if isinstance(answer, Reply):
            return self._reply(request, answer)
        if isinstance(answer, str):
            return self._reply(request, Reply(answer))
        if isinstance(answer, Mapping):  # a model writes UTF-8, not \u escapes
            return self._reply(request, Reply(json.dumps(dict(answer), ensure_ascii=False)))
        raise ServiceError(
            500,
            f"fake OpenAI server: cannot answer with {type(answer).__name__} {answer!r:.60}; "
            "give a str, dict, Reply or Fault",
            type_="server_error",
        )

    def _reply(self, request: FakeRequest, reply: Reply, *, cut: int | None = None) -> Outcome:
        """The reply's body (or its stream), billed; ``cut``: close after that many words."""
        fmt = Format(request.format_type, request.schema, request.schema_name)
        prompt = prompt_tokens(request.instructions, fmt, request.messages, request.model)
        with self._lock:
            cached = self._cache.lookup_and_store(request.model, prompt, request.prompt_cache_key)
        text, incomplete = reply.text, reply.incomplete
        limit = request.max_output_tokens
        model = request.model
        if reply.refusal is None and limit is not None and count_tokens(text, model) > limit:
            text, incomplete = truncate_to_tokens(text, limit, model), "max_output_tokens"
        spoken = reply.refusal if reply.refusal is not None else text
        output_tokens = (
            reply.output_tokens if reply.output_tokens is not None else count_tokens(spoken, model)
        )
        usage = TokenUse(len(prompt), cached, output_tokens)
        if request.api == "chat":
            body = chat_body(request, text, reply.refusal, incomplete, usage)
        else:
            body = responses_body(request, text, reply.refusal, incomplete, usage)
            if request.body.get("store", True) is not False:
                context = (*request.messages, FakeMessage("assistant", spoken))
                with self._lock:
                    self._stored[body["id"]] = context
        pieces = written_words(spoken)
        if request.body.get("stream") is True:
            events, first_word = self._events(request, body, pieces)
            stop = None if cut is None else first_word + cut
            return Outcome(200, body, events=events, cut_after=stop)
        writing = self.latency + self.word_s * len(pieces)
        return Outcome(200, body, delay=writing, cut_after=cut)

    def _events(
        self, request: FakeRequest, body: dict[str, Any], pieces: list[str]
    ) -> tuple[list[tuple[float, bytes]], int]:
        """The stream of ``body``: each event's bytes after its pause (the first word after
        ``latency``, the others ``word_s`` apart), and the index of the first word's event."""
        if request.api == "chat":
            options = request.body.get("stream_options") or {}
            usage = isinstance(options, dict) and options.get("include_usage") is True
            usage = usage and self.stream_usage
            chunks = chat_chunks(body, pieces, include_usage=usage)
            sent = [f"data: {json.dumps(chunk)}\n\n".encode() for chunk in chunks]
            sent.append(b"data: [DONE]\n\n")
            first = 1  # after the role chunk
        else:
            events = responses_events(body, pieces)
            sent = [
                f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()
                for event in events
            ]
            first = 4  # after created, in_progress, output_item.added, content_part.added
        pauses = [0.0] * len(sent)
        for index in range(first, first + len(pieces)):
            pauses[index] = self.latency if index == first else self.word_s
        if not pieces:
            pauses[first] = self.latency
        return list(zip(pauses, sent, strict=True)), first


__all__ = ["FAKE_API_KEY", "FakeOpenAIServer"]
