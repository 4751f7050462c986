"""Words for events: the one-line summary of a folded row, and the text of an unfolded one.

Plain Python (no Qt) so the wording is tested on its own and shared by the live chat and the
log viewer. A folded row must answer "what happened and what did it cost" at a glance; the
unfolded row shows the whole record, long texts (instructions, raw replies) last.
"""

from __future__ import annotations

import json
from typing import Any

from engine.events import Event, EventType

#: Record fields shown first when unfolded; the long ones go to the end.
_LONG_FIELDS = ("instructions", "input", "raw_text", "text", "schema", "summary")


def format_tokens(count: int) -> str:
    return f"{count:,}"


def format_cost(usd: float | None) -> str:
    if usd is None:
        return "$—"
    return f"${usd:.4f}" if usd < 1 else f"${usd:,.2f}"


def _usage_text(usage: Any) -> str:
    if not isinstance(usage, dict):
        return ""
    return (
        f"{format_tokens(int(usage.get('input_tokens', 0) or 0))} in"
        f" ({format_tokens(int(usage.get('cached_tokens', 0) or 0))} cached)"
        f" · {format_tokens(int(usage.get('output_tokens', 0) or 0))} out"
    )


def _short(text: Any, limit: int = 80) -> str:
    flat = " ".join(str(text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _value(value: Any) -> str:
    return "unset" if value is None else _short(json.dumps(value, ensure_ascii=False), 40)


def summary(event: Event) -> str:
    """The folded row: the event's kind and its few most telling facts."""
    d = event.data
    kind = event.type
    if kind == EventType.SESSION_START:
        return (
            f"Session started · {d.get('title') or d.get('scenario') or 'scenario'}"
            f" · {d.get('provider', '?')} / {d.get('model', '?')} · start: {d.get('start_step')}"
        )
    if kind == EventType.MODEL_REQUEST:
        return (
            f"Model request · {d.get('purpose', 'turn')} #{d.get('attempt', 1)}"
            f" · {d.get('model', '')} · {len(str(d.get('instructions', ''))):,} chars of"
            " instructions"
        )
    if kind == EventType.MODEL_RESPONSE:
        latency = d.get("latency_ms")
        parts = [f"Model reply · {d.get('purpose', 'turn')} #{d.get('attempt', 1)}"]
        if d.get("status") and d.get("status") != "completed":
            parts.append(f"{d.get('status')} ({d.get('incomplete_reason')})")
        parts.append(_usage_text(d.get("usage")))
        parts.append(format_cost(d.get("cost_usd")))
        if latency is not None:
            parts.append(f"{float(latency):,.0f} ms")
        return " · ".join(part for part in parts if part)
    if kind == EventType.CONTRACT_VIOLATION:
        return f"Contract violation · {d.get('kind')} · {_short(d.get('detail'))}"
    if kind == EventType.CORRECTION_SENT:
        return f"Correction sent · attempt {d.get('attempt')} · {_short(d.get('text'))}"
    if kind == EventType.FALLBACK:
        return f"Fallback message sent · {_short(d.get('reason'))}"
    if kind == EventType.VARIABLE_CHANGE:
        return (
            f"{d.get('name')}: {_value(d.get('old'))} → {_value(d.get('new'))}"
            f" · by {d.get('source', '?')}"
        )
    if kind == EventType.STEP_SUMMARY:
        return f"Step summary · {_short(d.get('summary'))}"
    if kind == EventType.TRANSITION:
        return f"Transition · {d.get('from')} → {d.get('to')} on “{d.get('signal')}”"
    if kind == EventType.TURN_END:
        return (
            f"Turn {event.turn} done · {d.get('calls', 0)} call(s),"
            f" {d.get('corrections', 0)} correction(s) · {_usage_text(d.get('usage'))}"
            f" · {format_cost(d.get('cost_usd'))}"
        )
    if kind == EventType.ERROR:
        retry = " · can retry" if d.get("retryable") else ""
        return f"Error · {d.get('kind')} · {_short(d.get('message'), 100)}{retry}"
    if kind == EventType.SESSION_END:
        return f"Session ended · {d.get('reason')}"
    if kind in (EventType.USER_MESSAGE, EventType.BOT_MESSAGE):
        return _short(d.get("text"))
    return f"{kind} · {_short(json.dumps(d, ensure_ascii=False))}"


def details(event: Event) -> str:
    """The unfolded row: every field of the record, short ones first, long texts in full."""
    record = event.to_record()
    lines = [f"{event.type}   seq {event.seq} · turn {event.turn} · step {event.step} · {event.ts}"]
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
        lines.append(text.rstrip() or "(empty)")
    return "\n".join(lines)


def as_json(event: Event) -> str:
    """What "Copy as JSON" puts on the clipboard: the log record, readable."""
    return json.dumps(event.to_record(), ensure_ascii=False, indent=2)


def is_problem(event: Event) -> bool:
    """Events a reader should notice even when folded (painted in a warning colour)."""
    return event.type in (
        EventType.CONTRACT_VIOLATION,
        EventType.FALLBACK,
        EventType.ERROR,
    )
