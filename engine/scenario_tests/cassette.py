"""Cassettes: a conversation's model replies recorded once, replayed offline, checked for staleness.

A scenario test (:mod:`engine.scenario_tests`) is replayed from its cassette by default, with no
key and no network. Two providers behind the ordinary :class:`~engine.providers.base.Provider`
interface do it:

* :class:`CassetteRecorder` wraps the real provider, passes every call through and keeps the
  request and the reply; :meth:`CassetteRecorder.cassette` is then saved next to the test.
* :class:`CassetteReplayer` answers each call with the next recorded reply — but only after
  checking that the request is the one that was recorded. A request that differs (a step's
  instructions were edited, the prompt layout changed, the test's user message was reworded, the
  engine now makes a call it did not make then) raises :class:`CassetteStale`, naming the call,
  the turn and the first differing field with both texts: the recorded replies no longer answer
  what the engine asks, so the test is *stale* and must be re-recorded, never passed.

What is compared is the request as the engine hands it to the provider (every field of
:class:`~engine.providers.base.ModelRequest`, read generically so new fields are covered without
changing this module), **normalised**: the response ids the provider returned become ordinals
(``@r1``, ``@r2`` … in the order the replies came), and every registered volatile string (the
session id, which also appears inside ``metadata`` or a cache key) becomes a fixed token. Fields
that are ``None`` or empty are left out, so a new optional request field does not make every
cassette stale until it is actually used.

File format (JSON Lines, UTF-8, one object per line; written atomically)::

    {"cassette": "prompter", "version": 1, "scenario": "analyst_bot", "test": "x.test.yaml",
     "provider": "responses", "chains": true, "model": "gpt-4.1-mini",
     "made_by": "gpt-4.1-mini-2025-04-14"}
    {"blob": "3f2a…", "value": "…a long text or JSON value, stored once…"}
    {"call": 1, "turn": 1, "digest": "sha256:…", "request": {"instructions": {"$blob": "3f2a…"},
     "input": "Hello", …}, "reply": {"text": "{…}", "response": "@r1", "model": "gpt-4.1-mini",
     "usage": {"input_tokens": 812, "cached_tokens": 0, "output_tokens": 64}}}

The header says which model made the replies (``made_by``); replies no model made — the
autopilot's, the fake model's, a reply script's — are marked ``"synthetic": true``, and their
replay is synthetic too (it costs nothing, and reports say who recorded it).
An action step that ran while recording (one the test does not stub) adds a line after the
call it followed, with what it was handed and how it ended; a replay answers the step from it and
never runs the action (:mod:`engine.scenario_tests.test_actions`)::

    {"action": 1, "turn": 2, "step": "find_slots", "inputs": {"specialty": "dermatology"},
     "outcome": "ok", "results": {"slots": ["Mon 9:00"]}}

Long values (instructions, schemas, history messages: anything over :data:`BLOB_MIN_CHARS` as
JSON) are stored once as a ``blob`` and referred to by their content hash, so a cassette stays
small and a diff of two recordings shows what changed. Latency and timestamps are not recorded:
recording the same conversation twice gives the same file.

This module holds the two providers and the request's normalisation; the data and the file are
:mod:`engine.scenario_tests.cassette_file`, the staleness report
:mod:`engine.scenario_tests.cassette_staleness` (their public names are offered here too).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any

from engine.actions.outcome import ActionOutcome
from engine.providers.base import (
    ClosingProvider,
    ModelReply,
    ModelRequest,
    Provider,
    endpoint_of,
    message_listener,
)
from engine.providers.streaming import stream_words
from engine.scenario_tests.cassette_file import (
    BLOB_MIN_CHARS,
    CASSETTE_FORMAT,
    CASSETTE_VERSION,
    MAX_CASSETTE_BYTES,
    Cassette,
    CassetteError,
    CassetteHeader,
    RecordedAction,
    RecordedCall,
    RecordedReply,
    compact_request,
    dumps,
    resolve,
)
from engine.scenario_tests.cassette_staleness import (
    EXCERPT_CHARS,
    CassetteStale,
    Staleness,
    describe_field,
    first_difference,
)

__all__ = [
    "BLOB_MIN_CHARS",
    "CASSETTE_FORMAT",
    "CASSETTE_VERSION",
    "MAX_CASSETTE_BYTES",
    "Cassette",
    "CassetteError",
    "CassetteHeader",
    "CassetteRecorder",
    "CassetteReplayer",
    "CassetteStale",
    "RecordedAction",
    "RecordedCall",
    "RecordedReply",
    "Staleness",
    "normalise_request",
]

SESSION_TOKEN = "@session"


# --- normalising a request -------------------------------------------------------------------


def normalise_request(request: ModelRequest, volatile: Mapping[str, str]) -> dict[str, Any]:
    """The request as plain JSON values, volatile strings replaced, empty fields left out.

    ``volatile`` maps a string that changes from run to run (a response id, the session id) to
    the stable token that stands for it; replacement happens inside every string, so a session id
    embedded in a cache key or in ``metadata`` is covered too.
    """
    needles = sorted(volatile.items(), key=lambda item: -len(item[0]))
    plain = _plain(request)
    if not isinstance(plain, dict):  # a dataclass is always a mapping here
        raise TypeError("a model request must be a dataclass")
    return {name: _replace(value, needles) for name, value in plain.items()}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (
            (item.name, _plain(getattr(value, item.name))) for item in dataclasses.fields(value)
        )
        return {name: item for name, item in fields if not _empty(item)}
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    dump = getattr(value, "model_dump", None)  # a pydantic model inside a future request
    if callable(dump):
        return _plain(dump(mode="json"))
    raise TypeError(f"cannot record a request field of type {type(value).__name__}")


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, dict | list) and not value)


def _replace(value: Any, needles: list[tuple[str, str]]) -> Any:
    if isinstance(value, str):
        for needle, token in needles:
            if needle and needle in value:
                value = value.replace(needle, token)
        return value
    if isinstance(value, dict):
        return {key: _replace(item, needles) for key, item in value.items()}
    if isinstance(value, list):
        return [_replace(item, needles) for item in value]
    return value


# --- recording -------------------------------------------------------------------------------


class _Normaliser:
    """Response ids → ordinals, registered volatile strings → tokens, for one conversation."""

    def __init__(self) -> None:
        self.volatile: dict[str, str] = {}
        self.responses = 0

    def mark_volatile(self, value: str, token: str) -> None:
        if value:
            self.volatile[value] = token

    def response_token(self, response_id: str | None) -> str | None:
        if response_id is None:
            return None
        token = self.volatile.get(response_id)
        if token is None:
            self.responses += 1
            token = f"@r{self.responses}"
            self.volatile[response_id] = token
        return token

    def request(self, request: ModelRequest) -> tuple[dict[str, Any], dict[str, Any], str]:
        return compact_request(normalise_request(request, self.volatile))


class CassetteRecorder(ClosingProvider):
    """Passes every call to ``inner`` and keeps what was asked and answered.

    Set :attr:`turn` before each user message (the runner does), and register the session id
    with :meth:`mark_volatile` once the conversation exists. The inner provider is the caller's
    to close: :meth:`aclose` does nothing, so one real provider can serve many recordings.
    """

    def __init__(self, inner: Provider, *, scenario: str, test: str, model: str) -> None:
        self.inner = inner
        self.name = inner.name
        self.chains = inner.chains
        self.header = CassetteHeader(
            scenario=scenario, test=test, provider=inner.name, chains=inner.chains, model=model
        )
        self.turn: int | None = None
        self._normaliser = _Normaliser()
        self._calls: list[RecordedCall] = []
        self._blobs: dict[str, Any] = {}
        #: Who made each reply: its model, or what made it up (``ModelReply.synthetic``).
        self._makers: list[tuple[str, bool]] = []
        self._actions: list[RecordedAction] = []

    @property
    def endpoint(self) -> str | None:
        """The inner provider's: the calls are its own."""
        return endpoint_of(self.inner)

    @property
    def made_by(self) -> str | None:
        """The inner provider's, when no model makes its replies."""
        made_by = getattr(self.inner, "made_by", None)
        return made_by if isinstance(made_by, str) else None

    def mark_volatile(self, value: str, token: str = SESSION_TOKEN) -> None:
        self._normaliser.mark_volatile(value, token)

    async def complete(self, request: ModelRequest) -> ModelReply:
        compact, blobs, digest = self._normaliser.request(request)
        reply = await self.inner.complete(request)
        recorded = RecordedReply(
            text=reply.text,
            usage=reply.usage,
            model=reply.model,
            response=self._normaliser.response_token(reply.response_id),
            status=reply.status,
            incomplete_reason=reply.incomplete_reason,
            refusal=reply.refusal,
        )
        self._blobs.update(blobs)
        self._calls.append(RecordedCall(len(self._calls) + 1, self.turn, compact, digest, recorded))
        self._makers.append((reply.synthetic or reply.model, bool(reply.synthetic)))
        return reply

    @property
    def calls(self) -> int:
        return len(self._calls)

    def record_action(self, step: str, inputs: dict[str, Any], outcome: ActionOutcome) -> None:
        """Keep an action step that ran (after the calls made so far)."""
        self._actions.append(
            RecordedAction(
                number=len(self._actions) + 1,
                turn=self.turn,
                step=step,
                inputs=dict(inputs),
                outcome=outcome.outcome,
                results=dict(outcome.results),
                error=outcome.error,
                status=outcome.status,
                after_call=len(self._calls),
            )
        )

    def cassette(self) -> Cassette:
        """The recording, its header saying who made the replies."""
        makers = list(dict.fromkeys(name for name, _synthetic in self._makers if name))
        synthetic = bool(self._makers) and all(synthetic for _name, synthetic in self._makers)
        header = dataclasses.replace(self.header, made_by=", ".join(makers), synthetic=synthetic)
        return Cassette(header, list(self._calls), dict(self._blobs), actions=list(self._actions))


# --- replaying -------------------------------------------------------------------------------


class CassetteReplayer(ClosingProvider):
    """Answers each call with the next recorded reply, after checking the request matches.

    No key, no network, no latency. :attr:`unused` counts recorded calls the conversation did
    not ask for; the runner treats a finished test with unused calls as stale too.
    ``stream=True`` streams each reply word by word (a streaming view, tested offline).
    """

    name = "cassette"

    def __init__(self, cassette: Cassette, *, stream: bool = False, word_s: float = 0.0) -> None:
        self.cassette = cassette
        #: Play each recorded reply to whoever listens to its message, word by word, ``word_s``
        #: apart, as the model streamed it (the cassette keeps the final reply only).
        self.stream = stream
        self.word_s = word_s
        self.chains = cassette.header.chains
        self.turn: int | None = None
        self.position = 0
        self.action_position = 0
        self._normaliser = _Normaliser()

    @property
    def made_by(self) -> str | None:
        """What made the recorded replies when no model did (they cost nothing)."""
        header = self.cassette.header
        return (header.made_by or "a stand-in model") if header.synthetic else None

    def mark_volatile(self, value: str, token: str = SESSION_TOKEN) -> None:
        self._normaliser.mark_volatile(value, token)

    @property
    def unused(self) -> int:
        return len(self.cassette.calls) - self.position

    def leftover(self) -> Staleness | None:
        """The staleness of a recording that holds calls (or actions) the conversation never
        made."""
        unused_actions = len(self.cassette.actions) - self.action_position
        if self.unused <= 0 and unused_actions > 0:
            left = self.cassette.actions[self.action_position]
            return Staleness(
                call=self.position + 1,
                turn=left.turn,
                reason=f"the recording has {unused_actions} more action step(s) than the "
                f"conversation ran (the engine no longer runs step {left.step!r} there)",
                field="actions",
            )
        if self.unused <= 0:
            return None
        nxt = self.cassette.calls[self.position]
        return Staleness(
            call=nxt.number,
            turn=nxt.turn,
            reason=f"the recording has {self.unused} more model call(s) than the conversation "
            f"made (the engine no longer asks for call {nxt.number})",
        )

    async def complete(self, request: ModelRequest) -> ModelReply:
        calls = self.cassette.calls
        number = self.position + 1
        if self.position >= len(calls):
            raise CassetteStale(
                Staleness(
                    call=number,
                    turn=self.turn,
                    reason=f"the conversation made more model calls than the {len(calls)} recorded",
                )
            )
        recorded = calls[self.position]
        compact, blobs, digest = self._normaliser.request(request)
        if digest != recorded.digest:
            raise CassetteStale(self._difference(recorded, compact, blobs))
        self.position += 1
        reply = recorded.reply
        response_id = None
        if reply.response is not None:
            response_id = f"replay-{reply.response.lstrip('@')}"
            self._normaliser.mark_volatile(response_id, reply.response)
        listener = message_listener()
        if self.stream and listener is not None:
            await stream_words(reply.text, listener, self.word_s)
        return ModelReply(
            text=reply.text,
            response_id=response_id,
            usage=reply.usage,
            latency_s=0.0,
            model=reply.model,
            status=reply.status,
            incomplete_reason=reply.incomplete_reason,
            refusal=reply.refusal,
            synthetic=self.made_by,
        )

    def replay_action(self, step: str, inputs: dict[str, Any]) -> RecordedAction:
        """The recorded run of the next action step, which must be ``step`` with the same
        inputs; raises :class:`CassetteStale` otherwise (the test must be recorded again)."""
        actions = self.cassette.actions
        number = self.action_position + 1
        if self.action_position >= len(actions):
            raise CassetteStale(
                Staleness(
                    call=self.position + 1,
                    turn=self.turn,
                    reason=f"action step {step!r} ran, but the recording holds only "
                    f"{len(actions)} action run(s)",
                    field="actions",
                )
            )
        recorded = actions[self.action_position]
        if recorded.step != step:
            raise CassetteStale(
                Staleness(
                    call=self.position + 1,
                    turn=self.turn,
                    reason=f"the recording's action {number} is step {recorded.step!r}; "
                    f"the conversation now runs step {step!r}",
                    field="actions",
                    recorded=recorded.step,
                    current=step,
                )
            )
        if recorded.inputs != inputs:
            raise CassetteStale(
                Staleness(
                    call=self.position + 1,
                    turn=self.turn,
                    reason=f"action step {step!r} is handed other inputs than when recorded",
                    field=f"actions.{step}.inputs",
                    recorded=dumps(recorded.inputs)[:EXCERPT_CHARS],
                    current=dumps(inputs)[:EXCERPT_CHARS],
                )
            )
        self.action_position += 1
        return recorded

    def _difference(
        self, recorded: RecordedCall, compact: dict[str, Any], blobs: dict[str, Any]
    ) -> Staleness:
        before = self.cassette.resolve(recorded.request)
        now = resolve(compact, blobs)
        path, old, new = first_difference(before, now, ())
        where = ".".join(path) or "the request"
        turn = self.turn if self.turn is not None else recorded.turn
        return Staleness(
            call=recorded.number,
            turn=turn,
            reason=f"the request differs from the recording in {describe_field(path, now)}",
            field=where,
            recorded=old,
            current=new,
        )
