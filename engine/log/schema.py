"""What a well-formed log record is, field by field: the reader's half of :mod:`engine.log.events`.

A log may come from anyone (a colleague's file, an older Prompter, a hand edit, a damaged
disk), and every reader of it — the log viewer's painting code, replay, fork, the cost meters —
does arithmetic on its fields. ``"latency_ms": "fast"`` or ``"usage": "lots"`` must therefore
be refused where the line is read, once, not guarded against in every view. :func:`problem`
says what is wrong with a record (``None`` when it is fine); :mod:`engine.log.reader` skips such a
line and reports it with its number, and :func:`engine.conversation.session.session_from_events`
ignores such an event.

**There is one definition of the schema**: the payload types of :mod:`engine.log.events` (a
``TypedDict`` per event type, :data:`~engine.log.events.PAYLOADS`, and
:class:`~engine.log.events.Event` for the header). The checks here are derived from their
annotations when this module is imported (:func:`check_of`), so a field added to a type is checked
from then on, and a type this module cannot check is an import error, not a silent gap. The rules
the annotations stand for:

* numbers are finite, and integers fit in :data:`~engine.io.input_limits.MAX_LOG_INT` (``seq:
  1e999`` is refused, not turned into an ``OverflowError`` later); counts (``seq``, ``turn``,
  tokens, attempts) are not negative; ``true`` is not a number;
* only a field the engine itself leaves empty (``response_id``, ``refusal``, …) may be ``null``
  (annotated ``X | None``);
* every type-specific field may be absent (a reader takes a default): logs written before a
  field existed still read, and so do hand-made ones;
* fields this version does not know, and event types it does not know, are kept unchecked: a
  newer Prompter's log still opens (its unknown events are shown raw);
* a field whose value is "any JSON" (a variable's ``old``/``new``, ``results``) is only bounded
  in depth: a record nests at most :data:`~engine.io.input_limits.MAX_LOG_DEPTH` levels
  (:func:`nesting_depth`), which the writer respects and the reader checks.
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable, Mapping
from typing import (
    Annotated,
    Any,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from engine.io.input_limits import MAX_LOG_DEPTH, MAX_LOG_INT
from engine.log.events import PAYLOADS, AtLeastZero, Event

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
    optional.inner = check  # type: ignore[attr-defined]  # see _planned
    return optional


def _record_of(fields: Mapping[str, Check]) -> Check:
    """A JSON object whose listed fields (each optional) pass their checks."""

    checks = tuple(fields.items())

    def record(value: Any) -> bool:
        if not isinstance(value, dict):
            return False
        return all(name not in value or check(value[name]) for name, check in checks)

    record.__name__ = "_is_record"
    return record


def _list_of(check: Check) -> Check:
    """A JSON list whose every item passes ``check``."""

    def items(value: Any) -> bool:
        return isinstance(value, list) and all(check(item) for item in value)

    items.__name__ = "_is_records"
    return items


def check_of(annotation: Any) -> Check | None:
    """The runtime check of a field annotated ``annotation`` in :mod:`engine.log.events`, or
    ``None`` for a field that may hold any JSON value (only its depth is checked).

    ``str`` is text, ``bool`` true or false, ``float`` a finite number, ``int`` a whole number
    (:data:`~engine.log.events.Count`: of at least 0), ``dict`` any JSON object, ``list[str]`` a
    list of texts, a ``TypedDict`` an object of its fields (each may be absent), a list of
    those a list of such objects, and ``X | None`` may also be ``null``.
    """
    origin = get_origin(annotation)
    if origin is NotRequired or origin is Required:
        return check_of(get_args(annotation)[0])
    if origin is Annotated:
        inner, *metadata = get_args(annotation)
        if inner is int and any(isinstance(item, AtLeastZero) for item in metadata):
            return _is_count
        return check_of(inner)
    if origin is Union or origin is types.UnionType:
        options = [option for option in get_args(annotation) if option is not type(None)]
        if len(options) == 1:
            inner = check_of(options[0])
            return None if inner is None else _optional(inner)
    elif annotation is Any:
        return None
    elif annotation in _SCALARS:
        return _SCALARS[annotation]
    elif annotation is dict or origin is dict:
        return _is_mapping
    elif origin is list:
        (item,) = get_args(annotation)
        if item is str:
            return _is_texts
        if is_typeddict(item):
            return _list_of(_record_of(fields_of(item)))
    elif is_typeddict(annotation):
        return _record_of(fields_of(annotation))
    raise TypeError(f"the log schema has no runtime check for {annotation!r}")


_SCALARS: dict[Any, Check] = {str: _is_text, bool: _is_bool, int: _is_int, float: _is_number}


def declared(shape: type) -> dict[str, tuple[Any, bool]]:
    """The fields of a payload type: name → (annotation, whether the engine always writes it)."""
    hints = get_type_hints(shape, include_extras=True)
    return {name: (hint, get_origin(hint) is not NotRequired) for name, hint in hints.items()}


def fields_of(shape: type) -> dict[str, Check]:
    """The checks of a payload type's fields, in their order (fields of any value left out)."""
    checks = {name: check_of(hint) for name, (hint, _) in declared(shape).items()}
    return {name: check for name, check in checks.items() if check is not None}


#: What the header fields of every record must be (``type`` and ``seq`` are required): the
#: fields of :class:`~engine.log.events.Event` but ``data``.
HEADER: dict[str, Check] = {
    name: check
    for name, (hint, _) in declared(Event).items()
    if name != "data" and (check := check_of(hint)) is not None
}

#: The type-specific fields of each event type, from :data:`engine.log.events.PAYLOADS`. A listed
#: field may be absent (readers take a default), but when present it has this type; unlisted
#: fields are not checked.
FIELDS: dict[str, dict[str, Check]] = {kind: fields_of(shape) for kind, shape in PAYLOADS.items()}

_EXPECTED = {
    "_is_int": "a whole number",
    "_is_count": "a whole number of at least 0",
    "_is_number": "a finite number",
    "_is_text": "text",
    "_is_bool": "true or false",
    "_is_mapping": "a JSON object",
    "_is_texts": "a list of texts",
    "_is_record": "a JSON object of the documented fields",
    "_is_records": "a list of JSON objects of the documented fields",
}


#: One plan per event type: (field, type for a plain ``isinstance`` test or ``None``, check,
#: may be null), header first.
Plan = tuple[tuple[str, type | None, Check, bool], ...]
#: A plan compiled into one function: the index in its plan of the first bad field, or -1.
Checker = Callable[[Mapping[str, Any]], int]
_PLAIN_TYPES: dict[Check, type] = {_is_text: str, _is_mapping: dict, _is_bool: bool}
_ABSENT = object()


def _planned(fields: Mapping[str, Check]) -> Plan:
    plan = []
    for name, check in fields.items():
        inner: Check = getattr(check, "inner", check)
        plan.append((name, _PLAIN_TYPES.get(inner), inner, hasattr(check, "inner")))
    return tuple(plan)


def _compiled(plan: Plan) -> Checker:
    """``plan`` as one straight-line function, the way :mod:`dataclasses` writes ``__init__``.

    Every line of a log is checked, so the per-field loop is unrolled once, here: a text, an
    object or a boolean is one ``isinstance``, a count or a number is tested inline, the rest
    call their check. About twice as fast as walking the plan; :func:`problem` then words the
    first mismatch from the plan itself.
    """
    env: dict[str, Any] = {"ABSENT": _ABSENT, "LIMIT": MAX_LOG_INT, "isfinite": math.isfinite}
    body = ["    get = record.get"]
    for index, (name, plain, check, nullable) in enumerate(plan):
        present = "v is not ABSENT and v is not None" if nullable else "v is not ABSENT"
        if plain is not None:
            env[f"T{index}"] = plain
            wrong = f"not isinstance(v, T{index})"
        elif check is _is_count:
            wrong = "not (type(v) is int and 0 <= v <= LIMIT)"
        elif check is _is_number:
            wrong = (
                "not (type(v) is float and isfinite(v) or type(v) is int and -LIMIT <= v <= LIMIT)"
            )
        else:
            env[f"C{index}"] = check
            wrong = f"not C{index}(v)"
        body += [
            f"    v = get({name!r}, ABSENT)",
            f"    if {present} and {wrong}:",
            f"        return {index}",
        ]
    source = "def check(record):\n" + "\n".join([*body, "    return -1"]) + "\n"
    exec(compile(source, "<engine.log.schema plan>", "exec"), env)  # the text is ours, built above
    checker: Checker = env["check"]
    return checker


_HEADER_PLAN = _planned(HEADER)
_PLANS: dict[str, Plan] = {kind: _HEADER_PLAN + _planned(FIELDS[kind]) for kind in FIELDS}
_HEADER_CHECK = (_HEADER_PLAN, _compiled(_HEADER_PLAN))
_CHECKS: dict[str, tuple[Plan, Checker]] = {
    kind: (plan, _compiled(plan)) for kind, plan in _PLANS.items()
}


def problem(record: Mapping[str, Any]) -> str | None:
    """What is wrong with a log record (a JSON object), or ``None`` if it is well-formed."""
    if "type" not in record:
        return "no 'type' field"
    if "seq" not in record:
        return "no 'seq' field"
    kind = record["type"]
    plan, check = _CHECKS.get(kind, _HEADER_CHECK) if isinstance(kind, str) else _HEADER_CHECK
    wrong = check(record)
    if wrong < 0:
        return None
    name, _, field_check, _ = plan[wrong]
    return _mismatch(name, field_check, record[name])


def nesting_depth(value: Any, limit: int = MAX_LOG_DEPTH + 1) -> int:
    """How many objects and lists deep ``value`` nests, counting no further than ``limit``.

    Level by level, keeping only the containers of each, in one list comprehension per level:
    the reader measures every record with many brackets — every request, whose reply schema
    holds dozens of objects — and a recursive generator per item made this half the time
    ``prompter stats`` spent. Nothing recurses, so no input is too deep to measure.
    """
    depth = 0
    level = [value] if isinstance(value, dict | list) else []
    while level and depth < limit:
        depth += 1
        deeper: list[Any] = []
        for container in level:
            items = container.values() if isinstance(container, dict) else container
            deeper += [item for item in items if isinstance(item, dict | list)]
        level = deeper
    return depth


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


__all__ = [
    "FIELDS",
    "HEADER",
    "check_of",
    "declared",
    "event_problem",
    "fields_of",
    "may_nest_too_deep",
    "nesting_depth",
    "problem",
]
