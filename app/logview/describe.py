"""Words for events: the one-line summary of a folded row, and the text of an unfolded one.

No widgets (only ``QCoreApplication.translate`` and the locale's numbers), so the wording is
tested on its own and shared by the live chat and the log viewer; it is written in the language
the studio speaks, the event types and field names excepted (the log's own words). A folded
row must answer "what happened and what did it cost" at a glance; the unfolded row shows the
whole record, long texts (instructions, raw replies) last.

Each event type's fields are read through its payload type
(:meth:`engine.log.events.Event.payload`), so mypy checks every name against the log schema; the
rules the views draw by (what is a problem, a slip the engine repaired, a fallback) are said here
once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from app.i18n.locale_text import cost, money, number, price_unknown
from engine.dialogue.ledger import Totals
from engine.log.events import (
    ActionCallData,
    ActionResultData,
    BotMessageData,
    ContractViolationData,
    CorrectionSentData,
    ErrorData,
    Event,
    EventType,
    FallbackData,
    MessageDeltaData,
    MessageRetractedData,
    MigratedData,
    ModelRequestData,
    ModelResponseData,
    ProviderNoticeData,
    SessionEndData,
    SessionStartData,
    StepSummaryData,
    TransitionData,
    TurnEndData,
    UsageData,
    UserMessageData,
    VariableChangeData,
)
from engine.log.fold import response_call

#: Record fields shown first when unfolded; the long ones go to the end.
_LONG_FIELDS = ("instructions", "input", "raw_text", "text", "schema", "summary")


def format_tokens(count: int) -> str:
    return number(count)


def _ms(milliseconds: object) -> str:
    return QCoreApplication.translate("EventSummary", "{ms} ms").format(
        ms=number(round(float(str(milliseconds or 0))))
    )


def format_cost(usd: Any) -> str:
    """Dollars as the studio's language writes them (:func:`app.i18n.locale_text.money`);
    "price unknown" for a cost the log does not know (``null``, or none)."""
    if not isinstance(usd, int | float) or isinstance(usd, bool):
        return price_unknown()
    return money(usd)


def _usage_text(usage: UsageData | None) -> str:
    if not isinstance(usage, dict):
        return ""
    return QCoreApplication.translate(
        "EventSummary", "{input} in ({cached} cached) · {output} out"
    ).format(
        input=format_tokens(int(usage.get("input_tokens", 0) or 0)),
        cached=format_tokens(int(usage.get("cached_tokens", 0) or 0)),
        output=format_tokens(int(usage.get("output_tokens", 0) or 0)),
    )


def _short(text: Any, limit: int = 80) -> str:
    flat = " ".join(str(text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _value(value: Any) -> str:
    if value is None:
        return QCoreApplication.translate("EventSummary", "unset")
    return _short(json.dumps(value, ensure_ascii=False), 40)


# --- the folded row of each event type, read through its payload type ------------------------


def _session_start(event: Event) -> str:
    d = event.payload(SessionStartData)
    return QCoreApplication.translate(
        "EventSummary", "Session started · {title} · {provider} / {model} · start: {step}"
    ).format(
        title=d.get("title") or d.get("scenario") or "scenario",
        provider=d.get("provider", "?"),
        model=d.get("model", "?"),
        step=d.get("start_step"),
    )


def _model_request(event: Event) -> str:
    d = event.payload(ModelRequestData)
    return QCoreApplication.translate(
        "EventSummary",
        "Model request · {purpose} #{attempt} · {model} · {chars} chars of instructions",
    ).format(
        purpose=purpose_text(str(d.get("purpose", "turn"))),
        attempt=d.get("attempt", 1),
        model=d.get("model", ""),
        chars=number(len(str(d.get("instructions", "")))),
    )


def _model_response(event: Event) -> str:
    d = event.payload(ModelResponseData)
    latency = d.get("latency_ms")
    parts = [
        QCoreApplication.translate("EventSummary", "Model reply · {purpose} #{attempt}").format(
            purpose=purpose_text(str(d.get("purpose", "turn"))), attempt=d.get("attempt", 1)
        )
    ]
    if d.get("status") and d.get("status") != "completed":
        parts.append(f"{d.get('status')} ({d.get('incomplete_reason')})")
    parts.append(_usage_text(d.get("usage")))
    parts.append(cost(Totals.of_call(response_call(event))))
    if latency is not None:
        parts.append(_ms(latency))
    return " · ".join(part for part in parts if part)


def _contract_violation(event: Event) -> str:
    d = event.payload(ContractViolationData)
    return QCoreApplication.translate(
        "EventSummary", "Contract violation · {kind} · {detail}"
    ).format(kind=d.get("kind"), detail=_short(d.get("detail")))


def _correction_sent(event: Event) -> str:
    d = event.payload(CorrectionSentData)
    return QCoreApplication.translate(
        "EventSummary", "Correction sent · attempt {attempt} · {text}"
    ).format(attempt=d.get("attempt"), text=_short(d.get("text")))


def _fallback(event: Event) -> str:
    return QCoreApplication.translate("EventSummary", "Fallback message sent · {reason}").format(
        reason=_short(event.payload(FallbackData).get("reason"))
    )


def _provider_notice(event: Event) -> str:
    return QCoreApplication.translate("EventSummary", "Provider changed format · {message}").format(
        message=_short(event.payload(ProviderNoticeData).get("message"), 160)
    )


def _variable_change(event: Event) -> str:
    d = event.payload(VariableChangeData)
    return QCoreApplication.translate("EventSummary", "{name}: {old} → {new} · by {source}").format(
        name=d.get("name"),
        old=_value(d.get("old")),
        new=_value(d.get("new")),
        source=d.get("source", "?"),
    )


def _step_summary(event: Event) -> str:
    return QCoreApplication.translate("EventSummary", "Step summary · {summary}").format(
        summary=_short(event.payload(StepSummaryData).get("summary"))
    )


def _transition(event: Event) -> str:
    d = event.payload(TransitionData)
    return QCoreApplication.translate(
        "EventSummary", "Transition · {source} → {target} on “{signal}”"
    ).format(source=d.get("from"), target=d.get("to"), signal=d.get("signal"))


def _turn_end(event: Event) -> str:
    d = event.payload(TurnEndData)
    return QCoreApplication.translate(
        "EventSummary",
        "Turn {turn} done · {calls} call(s), {corrections} correction(s) · {usage} · {cost}",
    ).format(
        turn=event.turn,
        calls=d.get("calls", 0),
        corrections=d.get("corrections", 0),
        usage=_usage_text(d.get("usage")),
        cost=_turn_cost(d),
    )


def _turn_cost(data: TurnEndData) -> str:
    calls, synthetic = data.get("calls", 0), data.get("synthetic_calls", 0)
    if calls and synthetic == calls:
        return cost(Totals(llm_calls=calls, synthetic_calls=synthetic))
    return format_cost(data.get("cost_usd"))


def _error(event: Event) -> str:
    d = event.payload(ErrorData)
    text = QCoreApplication.translate("EventSummary", "Error · {kind} · {message}").format(
        kind=d.get("kind"), message=_short(d.get("message"), 100)
    )
    if d.get("retryable"):
        text += " · " + QCoreApplication.translate("EventSummary", "can retry")
    return text


def _action_call(event: Event) -> str:
    d = event.payload(ActionCallData)
    mode = d.get("mode", "live")
    how = "" if mode == "live" else f" · {mode}"
    inputs = d.get("inputs") or {}
    handed = ", ".join(f"{name}={_value(value)}" for name, value in inputs.items())
    text = QCoreApplication.translate("EventSummary", "Action call · {action}").format(
        action=_short(d.get("action"), 60)
    )
    return text + how + (f" · {handed}" if handed else "")


def _action_result(event: Event) -> str:
    d = event.payload(ActionResultData)
    late = (
        QCoreApplication.translate("EventSummary", "Late action result (not applied)")
        if d.get("late")
        else QCoreApplication.translate("EventSummary", "Action result")
    )
    parts = [f"{late} · {d.get('outcome')}", _ms(d.get("duration_ms"))]
    results = d.get("results") or {}
    if results:
        parts.append(", ".join(f"{name}={_value(value)}" for name, value in results.items()))
    if d.get("error"):
        parts.append(_short(d.get("error"), 100))
    return " · ".join(parts)


def _session_end(event: Event) -> str:
    return QCoreApplication.translate("EventSummary", "Session ended · {reason}").format(
        reason=event.payload(SessionEndData).get("reason")
    )


def _migrated(event: Event) -> str:
    d = event.payload(MigratedData)
    return QCoreApplication.translate(
        "EventSummary", "Moved to version {version} · step {old} → {new}"
    ).format(version=d.get("to_version"), old=d.get("from_step"), new=d.get("to_step"))


def purpose_text(purpose: str) -> str:
    """What a model call was for, in the studio's language (the log keeps the engine's word)."""
    if purpose == "turn":
        return QCoreApplication.translate("EventSummary", "turn")
    if purpose == "correction":
        return QCoreApplication.translate("EventSummary", "correction")
    if purpose == "on_enter":
        return QCoreApplication.translate("EventSummary", "step entry")
    return purpose


def _message_delta(event: Event) -> str:
    """One call's deltas, folded into one row by the log pane (``parts``: how many)."""
    d = event.payload(MessageDeltaData)
    parts = int(event.data.get("parts", 1))
    pieces = (
        QCoreApplication.translate("EventSummary", "1 piece")
        if parts == 1
        else QCoreApplication.translate("EventSummary", "{count} pieces").format(
            count=number(parts)
        )
    )
    return QCoreApplication.translate(
        "EventSummary", "Message streamed · attempt {attempt} · {pieces} · {text}"
    ).format(attempt=d.get("attempt"), pieces=pieces, text=_short(d.get("delta")))


def _retracted_reason(reason: str) -> str:
    if reason == "contract_violation":
        return QCoreApplication.translate(
            "EventSummary", "the reply broke the contract; the correction streams"
        )
    if reason == "retried":
        return QCoreApplication.translate(
            "EventSummary", "the stream was cut; the call is made again"
        )
    if reason == "failed":
        return QCoreApplication.translate("EventSummary", "the call failed")
    return reason


def _message_retracted(event: Event) -> str:
    reason = str(event.payload(MessageRetractedData).get("reason", ""))
    return QCoreApplication.translate(
        "EventSummary", "Streamed message taken back · {reason}"
    ).format(reason=_retracted_reason(reason))


def _chat(event: Event) -> str:
    return _short(message_text(event))


_SUMMARIES: dict[str, Callable[[Event], str]] = {
    EventType.SESSION_START: _session_start,
    EventType.MODEL_REQUEST: _model_request,
    EventType.MODEL_RESPONSE: _model_response,
    EventType.CONTRACT_VIOLATION: _contract_violation,
    EventType.CORRECTION_SENT: _correction_sent,
    EventType.FALLBACK: _fallback,
    EventType.PROVIDER_NOTICE: _provider_notice,
    EventType.VARIABLE_CHANGE: _variable_change,
    EventType.STEP_SUMMARY: _step_summary,
    EventType.TRANSITION: _transition,
    EventType.TURN_END: _turn_end,
    EventType.ERROR: _error,
    EventType.ACTION_CALL: _action_call,
    EventType.ACTION_RESULT: _action_result,
    EventType.SESSION_END: _session_end,
    EventType.MIGRATED: _migrated,
    EventType.USER_MESSAGE: _chat,
    EventType.BOT_MESSAGE: _chat,
    EventType.MESSAGE_DELTA: _message_delta,
    EventType.MESSAGE_RETRACTED: _message_retracted,
}


def summary(event: Event) -> str:
    """The folded row: the event's kind and its few most telling facts."""
    describe = _SUMMARIES.get(event.type)
    if describe is not None:
        return describe(event)
    return f"{event.type} · {_short(json.dumps(dict(event.data), ensure_ascii=False))}"


def message_text(event: Event) -> str:
    """What a chat bubble says: the text of a user or bot message ("" for other events)."""
    if event.type == EventType.USER_MESSAGE:
        return event.payload(UserMessageData).get("text", "")
    if event.type == EventType.BOT_MESSAGE:
        return event.payload(BotMessageData).get("text", "")
    return ""


def is_fallback_message(event: Event) -> bool:
    """A bot message that is the scenario's fallback text (the contract was broken on every
    attempt): its bubble is tinted."""
    return (
        event.type == EventType.BOT_MESSAGE
        and event.payload(BotMessageData).get("source") == "fallback"
    )


def is_salvaged(event: Event) -> bool:
    """A contract violation the engine repaired without a call (``salvaged: true``): logged for
    the record, drawn quietly, never counted as a problem."""
    return event.type == EventType.CONTRACT_VIOLATION and bool(
        event.payload(ContractViolationData).get("salvaged")
    )


def searched_text(event: Event) -> str:
    """What a search looks in besides the summary: the messages, the model's replies, the input
    sent, problems. Instructions and schemas (long, and the same on every call) are left out."""
    kind = event.type
    texts: list[object] = []
    if kind in (EventType.USER_MESSAGE, EventType.BOT_MESSAGE):
        texts.append(message_text(event))
    elif kind == EventType.MODEL_REQUEST:
        texts.append(event.payload(ModelRequestData).get("input"))
    elif kind == EventType.MODEL_RESPONSE:
        texts.append(event.payload(ModelResponseData).get("raw_text"))
    elif kind == EventType.CONTRACT_VIOLATION:
        texts.append(event.payload(ContractViolationData).get("detail"))
    elif kind == EventType.CORRECTION_SENT:
        texts.append(event.payload(CorrectionSentData).get("text"))
    elif kind == EventType.FALLBACK:
        fallback = event.payload(FallbackData)
        texts += [fallback.get("text"), fallback.get("reason")]
    elif kind == EventType.STEP_SUMMARY:
        texts.append(event.payload(StepSummaryData).get("summary"))
    elif kind == EventType.ERROR:
        texts.append(event.payload(ErrorData).get("message"))
    elif kind == EventType.ACTION_CALL:
        texts.append(event.payload(ActionCallData).get("action"))
    elif kind == EventType.ACTION_RESULT:
        ended = event.payload(ActionResultData)
        texts += [ended.get("outcome"), ended.get("error")]
    elif kind == EventType.SESSION_END:
        texts.append(event.payload(SessionEndData).get("reason"))
    return "\n".join(str(text) for text in texts if text)


def details(event: Event) -> str:
    """The unfolded row: every field of the record, short ones first, long texts in full."""
    record = event.to_record()
    lines = [
        f"{event.type}   "
        + QCoreApplication.translate(
            "EventSummary", "seq {seq} · turn {turn} · step {step}"
        ).format(seq=event.seq, turn=event.turn, step=event.step)
        + f" · {event.ts}"
    ]
    long_items: list[tuple[str, Any]] = []
    for key, value in record.items():
        if key in ("v", "seq", "ts", "session", "turn", "step", "type"):
            continue
        if key in _LONG_FIELDS or (isinstance(value, str) and "\n" in value):
            long_items.append((key, value))
        else:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    for key, value in long_items:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=2)
        lines.append(f"── {key} ──")
        lines.append(text.rstrip() or QCoreApplication.translate("EventSummary", "(empty)"))
    return "\n".join(lines)


def as_json(event: Event) -> str:
    """What "Copy as JSON" puts on the clipboard: the log record, readable."""
    return json.dumps(event.to_record(), ensure_ascii=False, indent=2)


def is_problem(event: Event) -> bool:
    """Events a reader should notice even when folded (painted in a warning colour): errors,
    fallbacks, contract violations the engine did not repair (:func:`is_salvaged`), actions
    that failed, timed out or answered late."""
    if event.type == EventType.CONTRACT_VIOLATION:
        return not is_salvaged(event)
    if event.type == EventType.ACTION_RESULT:  # an action that failed, or answered too late
        ended = event.payload(ActionResultData)
        return ended.get("outcome") in ("error", "timeout") or bool(ended.get("late"))
    return event.type in (EventType.FALLBACK, EventType.ERROR)
