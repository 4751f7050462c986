"""The server's error answers: one JSON shape, one status per kind, and the engine's errors mapped.

Every error is ``{"error": {"type": …, "message": …}}`` with one of these types:

=================== ====== ==============================================================
``bad_request``     400    the body is not JSON, a field is missing or of the wrong type, an
                           unknown variable, an empty message, a bad ``Idempotency-Key``
``unauthorized``    401    ``PROMPTER_API_TOKENS`` is set and no valid bearer token was sent
``forbidden``       403    the ``Host`` does not name the server, or the ``Origin`` is another
                           site's (:mod:`engine.serve.guard`)
``not_found``       404    no such conversation (or no such path)
``method_not_allowed`` 405 the path exists, the method does not
``busy``            409    the conversation's previous turn is still running (``Retry-After``)
``too_large``       413    the message or the body is over the limit
``unsupported_media_type`` 415 a body that is not ``Content-Type: application/json``
``idempotency_mismatch`` 422 the ``Idempotency-Key`` was used for another message
``finished``        422    the conversation has finished: start a new one
``limit_exceeded``  422    the next call would break the scenario's ``max_prompt_tokens`` or
                           ``max_cost_usd``: the conversation cannot go on within its limits
``model_error``     502    the model call failed (the turn was rolled back: safe to retry)
``model_timeout``   504    the model did not answer in time (rolled back: safe to retry)
``store_unavailable`` 503  the session store does not answer
``internal``        500    a bug; the body never holds a traceback (the server's log does)
=================== ====== ==============================================================

Messages are the engine's own words (``str(error)``), which never hold the API key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import LimitExceeded, ProviderError, ProviderTimeout, SessionError
from engine.serve.store import ConversationBusy, StoreError, UnknownConversation

#: Seconds a client is asked to wait before sending a message again to a busy conversation.
RETRY_AFTER_S = 1


@dataclass
class ApiError(Exception):
    """An error answer; raise it anywhere below a route."""

    status: int
    type: str
    message: str
    headers: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def body(self) -> dict[str, Any]:
        return {"error": {"type": self.type, "message": self.message}}


def bad_request(message: str) -> ApiError:
    return ApiError(400, "bad_request", message)


def api_error(error: Exception) -> ApiError:
    """The answer for an error the engine or the store raised."""
    if isinstance(error, ApiError):
        return error
    if isinstance(error, ConversationBusy):
        return ApiError(409, "busy", str(error), {"Retry-After": str(RETRY_AFTER_S)})
    if isinstance(error, UnknownConversation):
        return ApiError(404, "not_found", "no such conversation")
    if isinstance(error, StoreError):
        return ApiError(503, "store_unavailable", str(error))
    if isinstance(error, ProviderTimeout):
        return ApiError(504, "model_timeout", f"{error} (the turn was rolled back)")
    if isinstance(error, ProviderError):
        return ApiError(502, "model_error", f"{error} (the turn was rolled back)")
    if isinstance(error, LimitExceeded):
        return ApiError(422, "limit_exceeded", str(error))
    if isinstance(error, SessionError):
        return ApiError(400, "bad_request", str(error))
    return ApiError(500, "internal", "internal error; the server's log says more")


__all__ = ["RETRY_AFTER_S", "ApiError", "api_error", "bad_request"]
