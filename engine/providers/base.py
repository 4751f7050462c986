"""The provider interface: the one door through which the engine reaches a model.

The conversation core builds a :class:`ModelRequest` and awaits :meth:`Provider.complete`; it
never knows which API is behind it. Implementations: ``openai_api.ResponsesProvider`` (the
default, chains with ``previous_response_id``), ``openai_api.ChatCompletionsProvider`` (any
OpenAI-compatible server; history sent from ``ModelRequest.history``), and
``scripted.ScriptedProvider`` (replays replies from a file, for demos and tests).

Providers are stateless between calls: everything a call needs is in the request, so a failed
call changes nothing and a conversation can be saved and resumed with any provider.

**Streaming.** While a caller awaits :meth:`Provider.complete` inside :func:`streaming_to`, a
provider that streams calls the listener with the reply's ``message`` field *so far*, each time it
grows (:class:`engine.providers.streaming.MessageStream` reads it out of the unfinished JSON). A
text that does not continue the previous one takes back what was shown (a call retried after a
dropped connection starts again from ``""``). The listener is a context variable, not an
argument, so the wrappers (pacing, recording, synthetic marks) pass it through untouched; a
provider that does not stream ignores it, and the reply is the same either way.

**Who closes a provider: whoever made it.** Conversations never close the provider they were
given, so one provider (one HTTP connection pool) serves many conversations. ``close()`` is for
synchronous code, ``aclose()`` for async code; both may be called again, and every provider is a
context manager (``with`` and ``async with``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Literal, Protocol, Self, runtime_checkable

Purpose = Literal["turn", "correction", "on_enter"]
Role = Literal["user", "assistant", "system"]


@dataclass(frozen=True)
class Message:
    """One message of the locally kept history (for providers that cannot chain)."""

    role: Role
    content: str


@dataclass(frozen=True)
class ModelRequest:
    """Everything one model call needs.

    What the model reads, in order: ``schema``, ``instructions``, the conversation so far (the
    chain behind ``previous_response_id``, or ``history``), ``input_items``, then ``input``.

    ``instructions`` is the system text for this call only (persona + contract rules, and in
    the ``per_step`` layout the current step's section).
    ``input_items`` are messages that enter the conversation with this call, before ``input``:
    a step's section when the step changes, the summaries of earlier steps when a chain
    restarts (see :mod:`engine.dialogue.prompting`). Usually empty.
    ``input`` is the new user-side text: the user's message, or a corrective follow-up.
    ``schema`` is the strict JSON schema of the reply (``text.format`` of the Responses API).
    ``previous_response_id`` chains to the conversation's last response (Responses API).
    ``history`` is the conversation so far as messages, for providers that keep no server-side
    state (the messages the chain would hold). Providers that chain ignore it.
    ``prompt_cache_key`` keeps one conversation's calls on the same provider cache.
    """

    model: str
    instructions: str
    input: str
    schema: dict[str, Any]
    schema_name: str = "step_reply"
    previous_response_id: str | None = None
    history: tuple[Message, ...] = ()
    purpose: Purpose = "turn"
    temperature: float | None = None
    max_output_tokens: int | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    input_items: tuple[Message, ...] = ()
    prompt_cache_key: str | None = None


@dataclass(frozen=True)
class Usage:
    """Tokens of one call as the API billed them.

    ``input_tokens`` is the whole prompt: ``cached_tokens`` (read from the provider's cache) and
    ``cache_write_tokens`` (written to it: Anthropic bills them above the input price) are parts
    of it, whatever the API reports (Anthropic's ``input_tokens`` is only the remainder: its
    provider adds the three up). ``cache_write_1h_tokens`` is the part of the writes made with a
    one-hour lifetime (billed 2x the input price; the others, five minutes, 1.25x).
    """

    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_write_1h_tokens: int = 0

    @property
    def cache_ttl(self) -> str | None:
        """``5m``, ``1h`` or ``mixed``: how long the written tokens live (None: none written)."""
        if not self.cache_write_tokens:
            return None
        if not self.cache_write_1h_tokens:
            return "5m"
        return "1h" if self.cache_write_1h_tokens >= self.cache_write_tokens else "mixed"

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.cached_tokens + other.cached_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_write_tokens + other.cache_write_tokens,
            self.cache_write_1h_tokens + other.cache_write_1h_tokens,
        )


@dataclass(frozen=True)
class ModelReply:
    """What came back: the raw text (validated later by the contract), and its accounting.

    ``status`` is ``completed`` or ``incomplete`` (``incomplete_reason`` then says why, e.g.
    ``max_output_tokens``). ``refusal`` holds the model's refusal text when it refused.
    ``synthetic`` is set when no model made the reply, and says what did (``reply script``,
    ``fake model``, ``autopilot``): the call costs nothing, and the log says so for good.
    """

    text: str
    response_id: str | None
    usage: Usage
    latency_s: float
    model: str
    status: Literal["completed", "incomplete"] = "completed"
    incomplete_reason: str | None = None
    refusal: str | None = None
    synthetic: str | None = None


#: Hears the reply's message so far, as the model writes it (see "Streaming" above).
MessageListener = Callable[[str], None]

_LISTENER: ContextVar[MessageListener | None] = ContextVar("prompter_message", default=None)


@contextmanager
def streaming_to(listener: MessageListener | None) -> Iterator[None]:
    """Calls of :meth:`Provider.complete` inside this block stream their message to
    ``listener`` (``None``: they do not stream)."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def message_listener() -> MessageListener | None:
    """Who hears the message of the call being made (``None``: nobody, do not stream)."""
    return _LISTENER.get()


@runtime_checkable
class Provider(Protocol):
    """A model behind one async call. Raises :class:`engine.errors.ProviderError` subclasses."""

    #: ``responses``, ``chat`` or ``scripted``: written to logs and summaries.
    name: str
    #: True when the provider chains with ``previous_response_id`` (history is not sent).
    chains: bool

    async def complete(self, request: ModelRequest) -> ModelReply: ...

    async def aclose(self) -> None:
        """Release connections (async code); calling it again does nothing."""
        ...

    def close(self) -> None:
        """Release connections (synchronous code); calling it again does nothing."""
        ...


class ClosingProvider:
    """``with``/``async with`` for a provider, from its :meth:`close` and :meth:`aclose`.

    Providers with nothing to release inherit both as no-ops; those that hold connections
    override them.
    """

    async def aclose(self) -> None:
        """Nothing to release."""

    def close(self) -> None:
        """Nothing to release."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()


__all__ = [
    "ClosingProvider",
    "Message",
    "MessageListener",
    "ModelReply",
    "ModelRequest",
    "Provider",
    "Purpose",
    "Role",
    "Usage",
    "message_listener",
    "streaming_to",
]
