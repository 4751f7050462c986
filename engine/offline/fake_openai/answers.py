"""What the fake model says: a reply, a fault instead of one, or an error shaped like OpenAI's.

A test queues :class:`Reply` and :class:`Fault` values (or plain text, or a dict sent as JSON:
together an :data:`Answer`); the server turns each into what the real service would send. The
faults are transport-level (429 with ``retry-after``, 5xx, a late answer, a dropped
connection, a stream cut half-way, a body that trickles in, any status, any bytes), so the
client's own retry, timeout and size-cap code is what gets tested.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias


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

    kind: Literal["status", "delay", "drop", "cut", "raw", "trickle"]
    http_status: int = 500
    body: Any = None
    headers: tuple[tuple[str, str], ...] = ()
    seconds: float = 0.0
    then: Reply | None = None
    #: ``cut``: how many words of the reply are sent before the connection closes.
    after: int = 0

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
        body = error_body(message, type_="requests", code=code)
        return cls("status", 429, body, tuple(headers))

    @classmethod
    def server_error(cls, status: int = 500, message: str | None = None) -> Fault:
        text = message or "The server had an error while processing your request. Sorry about that!"
        return cls("status", status, error_body(text, type_="server_error"))

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
    def cut(cls, after: int, then: Reply | str = "") -> Fault:
        """Start answering ``then``, and close the connection after ``after`` words of it: a
        stream cut mid-reply (an unstreamed answer is cut half-way through its body)."""
        reply = then if isinstance(then, Reply) else Reply(then)
        return cls("cut", then=reply, after=after)

    @classmethod
    def raw(
        cls,
        payload: bytes,
        status: int = 200,
        headers: Mapping[str, str] | None = None,
        content_type: str = "application/json",
    ) -> Fault:
        """Send exactly ``payload`` (cut JSON, an empty body, a gzip bomb with
        ``content-encoding: gzip``) with ``status`` and these headers."""
        sent = (("content-type", content_type), *(headers or {}).items())
        return cls("raw", status, payload, sent)

    @classmethod
    def trickle(cls, seconds_per_byte: float, then: Reply | str = "") -> Fault:
        """Answer ``then``, one byte of the body every ``seconds_per_byte``: each read is
        quick, the answer never ends in time."""
        reply = then if isinstance(then, Reply) else Reply(then)
        return cls("trickle", seconds=seconds_per_byte, then=reply)

    @classmethod
    def status(cls, code: int, body: Any = None, headers: Mapping[str, str] | None = None) -> Fault:
        """Any status with any body (a dict is sent as JSON, a str as text)."""
        if body is None:
            body = error_body(f"fake status {code}", type_="invalid_request_error")
        return cls("status", code, body, tuple((headers or {}).items()))


#: What a queue item or the responder may give: text, a reply, a fault, or a dict sent as JSON.
Answer: TypeAlias = str | Reply | Fault | Mapping[str, Any]


class ServiceError(Exception):
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
        self.body = error_body(message, type_=type_, param=param, code=code)


def error_body(
    message: str, *, type_: str, param: str | None = None, code: str | None = None
) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


__all__ = ["Answer", "Fault", "Reply", "ServiceError", "error_body"]
