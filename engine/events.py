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

Type-specific fields (all JSON values):

=====================  ===================================================================
``session_start``      scenario, scenario_path, title, model, provider, start_step,
                       engine_version; ``resumed_from`` (a session file) when resumed;
                       ``forked_from`` {session, turn} when forked from a replayed turn
``user_message``       text
``model_request``      purpose (turn|correction|on_enter), attempt, model, instructions,
                       input, schema, previous_response_id, history_messages (count),
                       layout, prompt_cache_key; ``input_items`` [{role, content}] (the step
                       section, earlier steps' summaries) only when some were sent;
                       ``new_chain`` (true) when the request starts a new response chain;
                       ``unfilled_placeholders`` only when some were left. Logs written
                       before layouts lack the newer fields: read them as per_step, no items
``model_response``     purpose, attempt, model, response_id, raw_text (cut at
                       ``model.max_reply_chars``, with a note), status, incomplete_reason,
                       refusal, usage {input_tokens, cached_tokens, output_tokens},
                       latency_ms, cost_usd
``contract_violation`` kind, detail, attempt, salvaged (true when the slip was repaired without
                       a correction call: a fence, prose around the object, a one-element
                       array, a missing summary, a value converted losslessly)
``correction_sent``    text, attempt
``fallback``           reason, text (the scenario's fallback message, sent instead)
``variable_change``    name, old, new, source (model|system|author)
``step_summary``       summary, results (the step's known results; replay rebuilds from them)
``transition``         from, to, signal
``bot_message``        text, source (model|message|fallback)
``turn_end``           calls, corrections, usage {…}, cost_usd, engine_ms, model_ms,
                       response_id (where the chain stands after the turn; fork needs it)
``error``              kind (the exception class), message, retryable; inside a turn it means
                       the turn was rolled back: the conversation is as it was before it
``session_end``        reason (finished|closed|failed), totals {user_messages, llm_calls,
                       corrections, input_tokens, cached_tokens, output_tokens, cost_usd}
=====================  ===================================================================

The API key never appears in any event.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

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
    TURN_END = "turn_end"
    ERROR = "error"
    SESSION_END = "session_end"


#: Events a chat-like view shows as bubbles; everything else is a folded system event.
CHAT_EVENT_TYPES = frozenset({EventType.USER_MESSAGE, EventType.BOT_MESSAGE})

_HEADER_KEYS = ("v", "seq", "ts", "session", "turn", "step", "type")


def utc_now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Event:
    """One thing that happened in a conversation. ``data`` holds the type-specific fields."""

    type: str
    session: str
    seq: int
    turn: int
    step: str | None
    data: dict[str, Any] = field(default_factory=dict)
    ts: str = field(default_factory=utc_now_iso)
    v: int = LOG_SCHEMA_VERSION

    @property
    def is_chat(self) -> bool:
        return self.type in CHAT_EVENT_TYPES

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
