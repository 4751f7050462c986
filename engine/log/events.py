"""Conversation events: what the engine tells its listeners, and what a log line holds.

One shape serves three readers: the studio subscribes to live events, the log writer appends
each event as one JSON line, and the log viewer / replay reads those lines back into the same
:class:`Event`. A log line is ``event.to_record()`` serialised; nothing else is written.

Record layout (schema version ``LOG_SCHEMA_VERSION``)::

    {"v": 1, "seq": 7, "ts": "2026-11-30T07:12:03.120Z", "session": "9f2c…",
     "turn": 3, "step": "core_features", "type": "transition", ...type-specific fields}

``seq`` counts events of a session from 1 without gaps (a gap in a log means lost lines);
``turn`` is the number of the user message being handled (0 before the first one); ``step`` is
the FSM's current step when the event happened.

**The type-specific fields are typed**: one ``TypedDict`` per event type, below, listed in
:data:`PAYLOADS`. They are the one definition of the log schema — mypy checks every emitter
against them, readers get them typed through :meth:`Event.payload`, and the reader's runtime
check (:mod:`engine.log.schema`) is derived from them. In short:

=====================  ===================================================================
``session_start``      :class:`SessionStartData` — scenario, model, provider, start step;
                       where a resumed or forked session came from
``user_message``       :class:`UserMessageData` — text
``model_request``      :class:`ModelRequestData` — what one model call sent
``model_response``     :class:`ModelResponseData` — what it answered, its tokens and cost
``contract_violation`` :class:`ContractViolationData` — kind, detail, attempt, salvaged
``correction_sent``    :class:`CorrectionSentData` — text, attempt
``fallback``           :class:`FallbackData` — reason, text (sent instead of a reply)
``variable_change``    :class:`VariableChangeData` — name, old, new, source
``step_summary``       :class:`StepSummaryData` — summary, results
``transition``         :data:`TransitionData` — from, to, signal
``message_delta``      :class:`MessageDeltaData` — the new text of the bot's message as the
                       model writes it (streaming); only what is new, so the deltas of one
                       call joined are the message as it was shown
``message_retracted``  :class:`MessageRetractedData` — take back what the deltas showed: the
                       reply broke the contract (a correction streams in its place), the
                       connection dropped (the retried call streams again) or the call failed
``bot_message``        :class:`BotMessageData` — text, source (model|message|fallback)
``action_call``        :class:`ActionCallData` — an action step calls its action: what, with
                       which inputs, idempotency key, timeout, live or stubbed
``action_result``      :class:`ActionResultData` — outcome, results, duration, error; a
                       result that came too late (``late``) is logged, never applied
``turn_end``           :class:`TurnEndData` — the turn's calls, tokens, cost and times; where
                       the response chain stands
``error``              :class:`ErrorData` — inside a turn it means the turn was rolled back
``session_end``        :class:`SessionEndData` — reason, the conversation's totals
=====================  ===================================================================

What a type says and what a reader may rely on differ in one way. A field marked
``NotRequired`` is written only in the case its comment names (or only by newer versions);
every other field is written by this engine every time. A log may also come from elsewhere (an
older Prompter, a hand edit): the reader's check guarantees that every field *present* has its
type, not that it is present, so readers take a default for a missing field
(``data.get("text", "")``). How a log adds up to a conversation's state — turns kept and
rolled back, the chain, the costs — is :mod:`engine.log.fold`.

The API key never appears in any event.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, NotRequired, TypeAlias, TypedDict, TypeVar, cast

LOG_SCHEMA_VERSION = 1


class EventType(StrEnum):
    SESSION_START = "session_start"
    USER_MESSAGE = "user_message"
    MODEL_REQUEST = "model_request"
    MODEL_RESPONSE = "model_response"
    CONTRACT_VIOLATION = "contract_violation"
    CORRECTION_SENT = "correction_sent"
    FALLBACK = "fallback"
    VARIABLE_CHANGE = "variable_change"
    STEP_SUMMARY = "step_summary"
    TRANSITION = "transition"
    BOT_MESSAGE = "bot_message"
    MESSAGE_DELTA = "message_delta"
    MESSAGE_RETRACTED = "message_retracted"
    TURN_END = "turn_end"
    ACTION_CALL = "action_call"
    ACTION_RESULT = "action_result"
    ERROR = "error"
    SESSION_END = "session_end"


#: Events a chat-like view shows as bubbles; everything else is a folded system event.
CHAT_EVENT_TYPES = frozenset({EventType.USER_MESSAGE, EventType.BOT_MESSAGE})

_HEADER_KEYS = ("v", "seq", "ts", "session", "turn", "step", "type")


# --- the value types of fields --------------------------------------------------------------


@dataclass(frozen=True)
class AtLeastZero:
    """Marks an ``int`` that counts something: never negative (see :data:`Count`)."""


#: A whole number of at least 0 (``seq``, ``turn``, tokens, attempts, calls).
Count: TypeAlias = Annotated[int, AtLeastZero()]
#: Any JSON value (a variable's value): only its nesting depth is checked.
JsonValue: TypeAlias = Any
#: A JSON object whose fields are not part of the log schema (a scenario's results, a schema).
JsonObject: TypeAlias = dict[str, Any]
# A ``float`` field is a finite number (an integer is one too); ``bool`` is never a number.


# --- the payload of each event type ---------------------------------------------------------


class ForkedFromData(TypedDict):
    """Where a forked session comes from: the parent session and the turn it was cut at."""

    session: str
    turn: Count


class SessionStartData(TypedDict):
    """A conversation starts, or resumes (``resumed_from``: the session file), or was forked
    from a replayed turn (``forked_from``)."""

    scenario: str
    scenario_path: str | None
    title: str | None
    model: str
    provider: str
    start_step: str
    engine_version: str
    #: Only when the session was resumed from a session file.
    resumed_from: NotRequired[str]
    #: Only when the session was forked from a turn of another one.
    forked_from: NotRequired[ForkedFromData]


class UserMessageData(TypedDict):
    text: str


class InputItemData(TypedDict):
    """A message sent before a request's ``input`` (a step section, earlier steps' summaries)."""

    role: str
    content: str


class ModelRequestData(TypedDict):
    """One model call as sent. ``purpose`` is turn, correction or on_enter."""

    purpose: str
    attempt: Count
    model: str
    instructions: str
    input: str
    schema: JsonObject | None
    previous_response_id: str | None
    #: How many messages of local history were sent (providers that cannot chain).
    history_messages: Count
    #: The layout in force for this call (what ``auto`` chose, under ``layout: auto``). Logs
    #: written before the layouts lack it, and ``prompt_cache_key`` and ``input_items``: read
    #: them as ``per_step``, no items.
    layout: NotRequired[str]
    #: Only under ``layout: auto``: why that layout was chosen (the estimates compared).
    layout_reason: NotRequired[str]
    prompt_cache_key: NotRequired[str | None]
    #: Only when some were sent: messages entering the conversation before ``input``.
    input_items: NotRequired[list[InputItemData]]
    #: Only when the request starts a new response chain (then ``true``).
    new_chain: NotRequired[bool]
    #: Only when some placeholders of the step's text could not be filled.
    unfilled_placeholders: NotRequired[list[str]]


class UsageData(TypedDict):
    """Tokens as billed; ``cached_tokens`` (read from the cache) and ``cache_write_tokens``
    (written to it, Anthropic) are parts of ``input_tokens``."""

    input_tokens: Count
    cached_tokens: Count
    output_tokens: Count
    #: Only when some were written: tokens written to the cache, and those of them with a
    #: one-hour lifetime (the others five minutes).
    cache_write_tokens: NotRequired[Count]
    cache_write_1h_tokens: NotRequired[Count]


class ModelResponseData(TypedDict):
    """One model call's answer: ``raw_text`` cut at ``model.max_reply_chars`` with a note."""

    purpose: str
    attempt: Count
    model: str | None
    response_id: str | None
    raw_text: str
    status: str | None
    incomplete_reason: str | None
    refusal: str | None
    usage: UsageData | None
    latency_ms: float
    #: What the call cost when it was made (the price table of that day).
    cost_usd: float
    #: Only when no model made the reply: what made it up instead (``reply script``, ``fake
    #: model``, ``autopilot``). Such a call cost nothing (``cost_usd`` is 0), and every view
    #: says "no cost (scripted)" rather than a price.
    synthetic: NotRequired[str]


class ContractViolationData(TypedDict):
    """``salvaged`` is true when the slip was repaired without a correction call: a fence,
    prose around the object, a one-element array, a missing summary, a value converted
    losslessly."""

    kind: str
    detail: str
    attempt: Count
    salvaged: bool


class CorrectionSentData(TypedDict):
    text: str
    attempt: Count


class FallbackData(TypedDict):
    """The contract was broken on every attempt: the scenario's fallback ``text`` was sent."""

    reason: str
    text: str


class VariableChangeData(TypedDict):
    """``source`` is model, system, author or action; the event's ``ts`` is the change's own
    time."""

    name: str
    old: JsonValue
    new: JsonValue
    source: str


class StepSummaryData(TypedDict):
    """The step's summary and all its known results (replay rebuilds from them)."""

    summary: str
    results: JsonObject | None


#: A step change (``from`` is a Python keyword, hence the functional form).
TransitionData = TypedDict("TransitionData", {"from": str, "to": str, "signal": str})


class BotMessageData(TypedDict):
    """``source``: model (an accepted reply), message (a message step) or fallback."""

    text: str
    source: str


class MessageDeltaData(TypedDict):
    """The bot's message grew by ``delta`` while call ``attempt`` of the exchange streamed.

    Nothing is decided by a delta: the reply is judged whole, and only its ``bot_message``
    says what the bot said. Views fold one call's deltas into one growing text."""

    delta: str
    attempt: Count


class MessageRetractedData(TypedDict):
    """What the deltas of call ``attempt`` showed is taken back. ``reason``:
    ``contract_violation`` (a correction follows), ``retried`` (the call is made again) or
    ``failed`` (the turn fails)."""

    reason: str
    attempt: Count


class ActionCallData(TypedDict):
    """An action step calls its action. ``action`` is the call as written (``python
    find_slots``, ``POST http://…/bookings``: header values are never logged); ``mode`` is live,
    stubbed, replayed (a cassette) or reused (the same call completed earlier in the session)."""

    action: str
    kind: str
    inputs: JsonObject
    idempotency_key: str
    timeout_s: float
    mode: str


class ActionResultData(TypedDict):
    """How the action ended. ``results`` are the step's declared results, converted; an
    ``error``/``timeout`` outcome has none. ``duration_ms``: what the conversation waited."""

    outcome: str
    results: JsonObject
    duration_ms: float
    error: str | None
    mode: str
    #: Only when the result came after the conversation had moved on (then ``true``): logged,
    #: never applied. It may arrive after the turn's ``turn_end``.
    late: NotRequired[bool]
    #: Only when the action returned fields that are no declared result (they were dropped).
    ignored: NotRequired[list[str]]
    #: Only for an HTTP action that got a reply: its status code.
    status: NotRequired[Count]
    #: Only on a late result: the call it answers (its ``action_call``'s key).
    idempotency_key: NotRequired[str]


class TurnEndData(TypedDict):
    """A turn completed. ``response_id`` is where the chain stands after it (fork needs it)."""

    calls: Count
    corrections: Count
    usage: UsageData | None
    cost_usd: float
    engine_ms: float
    model_ms: float
    response_id: str | None
    #: Only when some of the turn's replies were made up by no model (they cost nothing).
    synthetic_calls: NotRequired[Count]
    #: Only when the turn ran action steps: the time it waited for them (not in ``engine_ms``).
    action_ms: NotRequired[float]


class ErrorData(TypedDict):
    """``kind`` is the exception class. Inside a turn it means the turn was rolled back: the
    conversation is as it was before it (the event carries the restored ``turn``)."""

    kind: str
    message: str
    retryable: bool


class SessionTotalsData(TypedDict):
    """The conversation's :class:`~engine.dialogue.ledger.Totals`, as ``session_end`` writes
    them (``Totals.session_record``)."""

    user_messages: Count
    llm_calls: Count
    corrections: Count
    input_tokens: Count
    cached_tokens: Count
    output_tokens: Count
    cost_usd: float
    #: Only when some replies were made up by no model (see ``ModelResponseData.synthetic``).
    synthetic_calls: NotRequired[Count]
    #: Only when some tokens were written to the provider's cache (Anthropic).
    cache_write_tokens: NotRequired[Count]
    cache_write_1h_tokens: NotRequired[Count]


class SessionEndData(TypedDict):
    """``reason``: finished, closed or failed."""

    reason: str
    totals: SessionTotalsData | None


#: The payload type of every event type: the log schema.
PAYLOADS: dict[str, type] = {
    EventType.SESSION_START: SessionStartData,
    EventType.USER_MESSAGE: UserMessageData,
    EventType.MODEL_REQUEST: ModelRequestData,
    EventType.MODEL_RESPONSE: ModelResponseData,
    EventType.CONTRACT_VIOLATION: ContractViolationData,
    EventType.CORRECTION_SENT: CorrectionSentData,
    EventType.FALLBACK: FallbackData,
    EventType.VARIABLE_CHANGE: VariableChangeData,
    EventType.STEP_SUMMARY: StepSummaryData,
    EventType.TRANSITION: TransitionData,
    EventType.BOT_MESSAGE: BotMessageData,
    EventType.MESSAGE_DELTA: MessageDeltaData,
    EventType.MESSAGE_RETRACTED: MessageRetractedData,
    EventType.TURN_END: TurnEndData,
    EventType.ACTION_CALL: ActionCallData,
    EventType.ACTION_RESULT: ActionResultData,
    EventType.ERROR: ErrorData,
    EventType.SESSION_END: SessionEndData,
}

#: Any event's payload, as an emitter builds it.
Payload: TypeAlias = (
    SessionStartData
    | UserMessageData
    | ModelRequestData
    | ModelResponseData
    | ContractViolationData
    | CorrectionSentData
    | FallbackData
    | VariableChangeData
    | StepSummaryData
    | TransitionData
    | BotMessageData
    | MessageDeltaData
    | MessageRetractedData
    | TurnEndData
    | ActionCallData
    | ActionResultData
    | ErrorData
    | SessionEndData
)

P = TypeVar("P")


def utc_now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Event:
    """One thing that happened in a conversation. ``data`` holds the type-specific fields: read
    them typed with :meth:`payload`."""

    type: str
    session: str
    seq: Count
    turn: Count
    step: str | None
    data: Mapping[str, Any] = field(default_factory=dict)
    ts: str = field(default_factory=utc_now_iso)
    v: Count = LOG_SCHEMA_VERSION

    @property
    def is_chat(self) -> bool:
        return self.type in CHAT_EVENT_TYPES

    def payload(self, shape: builtins.type[P]) -> P:
        """``data`` as the payload type of this event's type (``event.payload(TurnEndData)``).

        The same mapping, typed for mypy; raises ``TypeError`` when ``shape`` is not the
        payload type of this event's type (the caller tested the wrong type).
        """
        if PAYLOADS.get(self.type) is not shape:
            raise TypeError(f"a '{self.type}' event has no {shape.__name__} payload")
        return cast(P, self.data)

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "v": self.v,
            "seq": self.seq,
            "ts": self.ts,
            "session": self.session,
            "turn": self.turn,
            "step": self.step,
            "type": self.type,
        }
        record.update(self.data)
        return record

    def to_json(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Event:
        """Rebuild an event from a log record; raises ``KeyError``/``TypeError`` if malformed."""
        data = {key: value for key, value in record.items() if key not in _HEADER_KEYS}
        return cls(
            type=str(record["type"]),
            session=str(record.get("session", "")),
            seq=int(record["seq"]),
            turn=int(record.get("turn", 0)),
            step=record.get("step"),
            data=data,
            ts=str(record.get("ts", "")),
            v=int(record.get("v", LOG_SCHEMA_VERSION)),
        )


Listener = Callable[[Event], None]


class EventBus:
    """Plain-Python publish/subscribe; listeners are called in subscription order.

    A listener that raises is reported to ``on_listener_error`` (default: re-raise), so a broken
    view can never corrupt the engine's state half-way through a turn if the caller chooses to
    swallow it.
    """

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add ``listener``; returns a function that removes it again."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)


__all__ = [
    "CHAT_EVENT_TYPES",
    "LOG_SCHEMA_VERSION",
    "PAYLOADS",
    "ActionCallData",
    "ActionResultData",
    "AtLeastZero",
    "BotMessageData",
    "ContractViolationData",
    "CorrectionSentData",
    "Count",
    "ErrorData",
    "Event",
    "EventBus",
    "EventType",
    "FallbackData",
    "ForkedFromData",
    "InputItemData",
    "JsonObject",
    "JsonValue",
    "Listener",
    "MessageDeltaData",
    "MessageRetractedData",
    "ModelRequestData",
    "ModelResponseData",
    "Payload",
    "SessionEndData",
    "SessionStartData",
    "SessionTotalsData",
    "StepSummaryData",
    "TransitionData",
    "TurnEndData",
    "UsageData",
    "UserMessageData",
    "VariableChangeData",
    "utc_now_iso",
]
