"""What the fake Anthropic and Gemini servers share with the fake OpenAI one: the plumbing.

Both fakes (:mod:`.fake_anthropic`, :mod:`.fake_gemini`) serve on 127.0.0.1 through the same
HTTP plumbing as :mod:`.fake_openai` (its ``transport.FakeHTTPServer``), read each request into
the same :class:`~engine.offline.fake_openai.FakeRequest`, and answer it from the same queue or
``responder`` — so the key-free bot (:class:`~.scenario_bot.ScenarioBot`) and the demo echo
answer them unchanged. Each fake says how its API routes, checks the key, bills and shapes
bodies, streams and errors; :class:`FakeVendorServer` does the rest.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.offline.fake_openai.answers import Answer, Fault, Reply, ServiceError
from engine.offline.fake_openai.requests import FakeRequest, RecordedRequest, Responder
from engine.offline.fake_openai.transport import Outcome, ServedFake

if TYPE_CHECKING:
    from engine.offline.quota import RateLimits

__all__ = ["FakeVendorServer"]

REDACTED = "[REDACTED]"
_SECRET_HEADERS = ("authorization", "x-api-key", "x-goog-api-key")


class FakeVendorServer(ServedFake):
    """A fake model API on 127.0.0.1: lifecycle, the queue, the record of requests.

    Subclasses implement :meth:`_serve` (route, key, read, answer) and :meth:`_error`
    (the API's error body for a status and a message).
    """

    #: What the fake calls itself in the messages it answers with.
    title = "fake vendor"

    def __init__(
        self,
        *,
        responder: Responder | None = None,
        api_key: str | None = None,
        latency: float = 0.0,
        word_s: float = 0.0,
        port: int = 0,
    ) -> None:
        self.responder = responder
        self.api_key = api_key
        self.latency = latency
        self.word_s = word_s
        self.rate_limits: RateLimits | None = None
        self._serve_on(port)
        self._queue: deque[Answer] = deque()
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``: what the SDK's base URL should be."""
        return f"http://127.0.0.1:{self.port}"

    # ---- programming the model

    def queue(self, *answers: Answer) -> None:
        """Answer the next calls with these, in order (before ``responder`` is asked)."""
        with self._lock:
            self._queue.extend(answers)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, oldest first (a copy)."""
        with self._lock:
            return list(self._requests)

    def model_requests(self) -> list[RecordedRequest]:
        """The requests that asked the model for a reply, oldest first."""
        return [r for r in self.requests if r.method == "POST"]

    # ---- request handling (handler threads)

    def _handle(self, method: str, path: str, headers: Mapping[str, str], raw: bytes) -> Outcome:
        received = time.monotonic()
        try:
            body = json.loads(raw) if raw else None
        except (ValueError, UnicodeDecodeError):
            body = None
        try:
            outcome = self._serve(method, path, headers, body)
        except ServiceError as error:
            outcome = Outcome(error.status, self._error(error.status, str(error)))
        except Exception as error:  # a bug in the fake: say so where the test will read it
            message = f"{self.title} bug: {type(error).__name__}: {error}"
            outcome = Outcome(500, self._error(500, message))
        visible = {
            name.lower(): (REDACTED if name.lower() in _SECRET_HEADERS else value)
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
        return outcome

    def _serve(self, method: str, path: str, headers: Mapping[str, str], body: Any) -> Outcome:
        raise NotImplementedError

    def _error(self, status: int, message: str) -> dict[str, Any]:
        raise NotImplementedError

    def _next_answer(self, request: FakeRequest) -> Answer:
        with self._lock:
            queued = self._queue.popleft() if self._queue else None
        if queued is not None:
            return queued
        if self.responder is None:
            raise ServiceError(
                500,
                f"{self.title}: no answer for this call (input {request.input_text[:60]!r}): "
                "the queue is empty and no responder is set",
            )
        try:
            return self.responder(request)
        except Exception as error:
            raise ServiceError(
                500, f"{self.title}: the responder raised {type(error).__name__}: {error}"
            ) from error

    @staticmethod
    def as_reply(answer: Answer) -> Reply | Fault:
        """An answer as a :class:`Reply` (text, a dict as JSON) or the :class:`Fault` it is."""
        if isinstance(answer, Fault | Reply):
            return answer
        if isinstance(answer, str):
            return Reply(answer)
        return Reply(json.dumps(dict(answer), ensure_ascii=False))
