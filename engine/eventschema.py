"""What a well-formed log record is, field by field: the reader's half of :mod:`engine.events`.

A log may come from anyone (a colleague's file, an older Prompter, a hand edit, a damaged
disk), and every reader of it — the log viewer's painting code, replay, fork, the cost meters —
does arithmetic on its fields. ``"latency_ms": "fast"`` or ``"usage": "lots"`` must therefore
be refused where the line is read, once, not guarded against in every view. :func:`problem`
says what is wrong with a record (``None`` when it is fine); :mod:`engine.logread` skips such a
line and reports it with its number, and :func:`engine.session.session_from_events` ignores such
an event.

The rules, beyond the type table of :mod:`engine.events`:

* numbers are finite, and integers fit in :data:`~engine.limits.MAX_LOG_INT` (``seq: 1e999`` is
  refused, not turned into an ``OverflowError`` later); counts (``seq``, ``turn``, tokens,
  attempts) are not negative; ``true`` is not a number;
* only a field the engine itself leaves empty (``response_id``, ``refusal``, …) may be ``null``;
* fields this version does not know, and event types it does not know, are kept unchecked: a
  newer Prompter's log still opens (its unknown events are shown raw);
* a field whose value is "any JSON" (a variable's ``old``/``new``, ``results``) is only bounded
  in depth: a record nests at most :data:`~engine.limits.MAX_LOG_DEPTH` levels
  (:func:`nesting_depth`), which the writer respects and the reader checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from engine.events import Event, EventType
from engine.limits import MAX_LOG_DEPTH, MAX_LOG_INT

Check = Callable[[Any], bool]


def _is_int(value: Any) -> bool:
    # ``type(...) is int`` refuses ``True`` (a bool is an int to isinstance) in one test.
    return type(value) is int and -MAX_LOG_INT <= value <= MAX_LOG_INT


def _is_count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_LOG_INT


def _is_number(value: Any) -> bool:
    if type(value) is float:
        return math.isfinite(value)
    return _is_int(value)


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_mapping(value: Any) -> bool:
    return isinstance(value, dict)


def _is_texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _optional(check: Check) -> Check:
    def optional(value: Any) -> bool:
        return value is None or check(value)

    optional.__name__ = check.__name__
    optional.inner = check  # type: ignore[attr-defined]  # see _compiled
    return optional


def _record_of(fields: Mapping[str, Check]) -> Check:
    """A JSON object whose listed fields (each optional) pass their checks."""

    def record(value: Any) -> bool:
        if not isinstance(value, dict):
            return False
        return all(name not in value or check(value[name]) for name, check in fields.items())

    record.__name__ = "_is_record"
    return record


_USAGE = _record_of({name: _is_count for name in ("input_tokens", "cached_tokens",
                                                  "output_tokens")})
_TOTALS = _record_of({
    **{name: _is_count for name in ("user_messages", "llm_calls", "corrections", "input_tokens",
                                    "cached_tokens", "output_tokens")},
    "cost_usd": _is_number,
})
_TEXT = _is_text
_NUMBER = _is_number
_COUNT = _is_count
#: Fields the engine leaves ``null`` when there is nothing to say.
_TEXT_OR_NULL = _optional(_is_text)

#: What the header fields of every record must be (``type`` and ``seq`` are required).
HEADER: dict[str, Check] = {
    "type": _is_text,
    "seq": _is_count,
    "session": _is_text,
    "turn": _is_count,
    "step": _TEXT_OR_NULL,
    "ts": _is_text,
    "v": _is_count,
}

#: The type-specific fields of each event type. A listed field may be absent (readers take a
#: default), but when present it has this type; unlisted fields are not checked.
FIELDS: dict[str, dict[str, Check]] = {
    EventType.SESSION_START: {
        "scenario": _TEXT, "scenario_path": _TEXT_OR_NULL, "title": _TEXT_OR_NULL,
        "model": _TEXT, "provider": _TEXT, "start_step": _TEXT, "engine_version": _TEXT,
        "resumed_from": _TEXT, "forked_from": _record_of({"session": _TEXT, "turn": _COUNT}),
    },
    EventType.USER_MESSAGE: {"text": _TEXT},
    EventType.MODEL_REQUEST: {
        "purpose": _TEXT, "attempt": _COUNT, "model": _TEXT, "instructions": _TEXT,
        "input": _TEXT, "schema": _optional(_is_mapping), "previous_response_id": _TEXT_OR_NULL,
        "history_messages": _COUNT, "unfilled_placeholders": _is_texts,
    },
    EventType.MODEL_RESPONSE: {
        "purpose": _TEXT, "attempt": _COUNT, "model": _TEXT_OR_NULL,
        "response_id": _TEXT_OR_NULL, "raw_text": _TEXT, "status": _TEXT_OR_NULL,
        "incomplete_reason": _TEXT_OR_NULL, "refusal": _TEXT_OR_NULL,
        "usage": _optional(_USAGE), "latency_ms": _NUMBER, "cost_usd": _NUMBER,
    },
    EventType.CONTRACT_VIOLATION: {
        "kind": _TEXT, "detail": _TEXT, "attempt": _COUNT, "salvaged": _is_bool,
    },
    EventType.CORRECTION_SENT: {"text": _TEXT, "attempt": _COUNT},
    EventType.FALLBACK: {"reason": _TEXT, "text": _TEXT},
    EventType.VARIABLE_CHANGE: {"name": _TEXT, "source": _TEXT},
    EventType.STEP_SUMMARY: {"summary": _TEXT, "results": _optional(_is_mapping)},
    EventType.TRANSITION: {"from": _TEXT, "to": _TEXT, "signal": _TEXT},
    EventType.BOT_MESSAGE: {"text": _TEXT, "source": _TEXT},
    EventType.TURN_END: {
        "calls": _COUNT, "corrections": _COUNT, "usage": _optional(_USAGE), "cost_usd": _NUMBER,
        "engine_ms": _NUMBER, "model_ms": _NUMBER, "response_id": _TEXT_OR_NULL,
    },
    EventType.ERROR: {"kind": _TEXT, "message": _TEXT, "retryable": _is_bool},
    EventType.SESSION_END: {"reason": _TEXT, "totals": _optional(_TOTALS)},
}

_EXPECTED = {
    "_is_int": "a whole number",
    "_is_count": "a whole number of at least 0",
    "_is_number": "a finite number",
    "_is_text": "text",
    "_is_bool": "true or false",
    "_is_mapping": "a JSON object",
    "_is_texts": "a list of texts",
    "_is_record": "a JSON object of the documented fields",
}


#: One plan per event type: (field, type for a plain ``isinstance`` test or ``None``, check,
#: may be null), header first. Every line of a log is checked, so the tables above are
#: flattened once, and the common checks (text, objects, booleans) become one C call.
Plan = tuple[tuple[str, type | None, Check, bool], ...]
_PLAIN_TYPES: dict[Check, type] = {_is_text: str, _is_mapping: dict, _is_bool: bool}
_ABSENT = object()


def _compiled(fields: Mapping[str, Check]) -> Plan:
    plan = []
    for name, check in fields.items():
        inner: Check = getattr(check, "inner", check)
        plan.append((name, _PLAIN_TYPES.get(inner), inner, hasattr(check, "inner")))
    return tuple(plan)


_HEADER_PLAN = _compiled(HEADER)
_PLANS: dict[str, Plan] = {kind: _HEADER_PLAN + _compiled(FIELDS[kind]) for kind in FIELDS}


def problem(record: Mapping[str, Any]) -> str | None:
    """What is wrong with a log record (a JSON object), or ``None`` if it is well-formed."""
    for name in ("type", "seq"):
        if name not in record:
            return f"no {name!r} field"
    kind = record["type"]
    plan = _PLANS.get(kind, _HEADER_PLAN) if isinstance(kind, str) else _HEADER_PLAN
    for name, plain, check, nullable in plan:
        value = record.get(name, _ABSENT)
        if value is _ABSENT or (nullable and value is None):
            continue
        if plain is not None:
            if isinstance(value, plain):
                continue
        elif check(value):
            continue
        return _mismatch(name, check, value)
    return None


def nesting_depth(value: Any, limit: int = MAX_LOG_DEPTH + 1) -> int:
    """How many objects and lists deep ``value`` nests, counting no further than ``limit``."""
    if limit <= 0 or not isinstance(value, dict | list):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((nesting_depth(item, limit - 1) for item in items), default=0)


def may_nest_too_deep(text: str | bytes) -> bool:
    """Whether the JSON ``text`` has enough brackets to nest past the limit (a cheap pre-check:
    nearly every line has far fewer, and is then never walked)."""
    if isinstance(text, str):
        return text.count("[") + text.count("{") > MAX_LOG_DEPTH
    return text.count(b"[") + text.count(b"{") > MAX_LOG_DEPTH


def event_problem(event: Event) -> str | None:
    """:func:`problem` for an event already built (from a log, or from anyone's list)."""
    return problem(event.to_record())


def _mismatch(name: str, check: Check, value: Any) -> str:
    expected = _EXPECTED.get(check.__name__, "another value")
    return f"{name!r} should be {expected}, not {_shown(value)}"


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_LOG_INT:
        return "a number too large"
    text = repr(value) if isinstance(value, str) else str(value).lower()
    return text if len(text) <= 40 else text[:37] + "..."


__all__ = ["FIELDS", "HEADER", "event_problem", "may_nest_too_deep", "nesting_depth", "problem"]
