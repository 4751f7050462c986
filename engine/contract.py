"""The four-field reply contract: the schema the model must fill, and the checks of what it sent.

Every model reply must be one JSON object::

    {"message": "…for the user…", "transition": "stay" | <a signal of this step>,
     "results": {<every declared result of the step, null while unknown>}, "summary": "…"}

:func:`reply_schema` turns a step into the strict JSON schema sent as ``text.format`` (OpenAI
strict mode: every key required, ``additionalProperties: false``, unknowns as ``null``).
:func:`parse_reply` checks a reply's form and returns a :class:`StepReply`;
:func:`check_leaving` checks what only the dialogue state can tell (required results, guards).
Both raise :class:`~engine.errors.ContractViolation` whose ``kind`` is one of
:data:`VIOLATION_KINDS` and whose ``correction`` is the exact text sent back to the model.

Decisions worth knowing:

* **JSON inside a Markdown fence is salvaged.** When the fenced text is itself a valid reply it
  is accepted without a corrective call (a correction costs a whole call, and the meaning is not
  in doubt); :attr:`StepReply.salvaged` records ``fenced_json`` so the log still shows the slip.
  If the fenced text breaks the contract in another way, that other violation is raised, with a
  reminder not to fence.
* **Several problems at once are named in one correction** (a missing field *and* a wrong type):
  the violation's ``kind`` is the first problem, its detail lists all, so one follow-up fixes all.
* **Result keys the step does not declare are dropped**, not punished: strict mode makes them
  impossible on the Responses API, and a chat model's extra key is harmless. A declared result
  left out of ``results`` counts as unknown (``null``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.errors import ContractViolation
from engine.providers.base import ModelReply
from engine.scenario.model import STAY, ResultField, Step, ValueType

FIELDS = ("message", "transition", "results", "summary")


class ViolationKind(StrEnum):
    """Stable names of the ways a reply can break the contract (logged, counted, tested)."""

    INVALID_JSON = "invalid_json"
    FENCED_JSON = "fenced_json"
    NOT_AN_OBJECT = "not_an_object"
    MISSING_FIELD = "missing_field"
    WRONG_TYPE = "wrong_type"
    UNKNOWN_SIGNAL = "unknown_signal"
    GUARD_REFUSED = "guard_refused"
    MISSING_REQUIRED_RESULT = "missing_required_result"
    EMPTY_MESSAGE = "empty_message"
    REFUSAL = "refusal"
    INCOMPLETE = "incomplete"


VIOLATION_KINDS = tuple(kind.value for kind in ViolationKind)


@dataclass(frozen=True)
class StepReply:
    """A reply that kept the contract. ``results`` holds only declared results, coerced."""

    message: str
    transition: str
    results: dict[str, Any]
    summary: str
    #: Slips that were forgiven (``fenced_json``); logged, never corrected.
    salvaged: tuple[str, ...] = field(default=())

    @property
    def stays(self) -> bool:
        return self.transition == STAY


# --- the schema -----------------------------------------------------------------------------


def allowed_signals(step: Step) -> list[str]:
    """``stay`` first, then the step's signals in the order the author declared them."""
    return [STAY, *step.transitions]


def schema_name(step: Step) -> str:
    """A name for ``text.format`` (the API allows ``[A-Za-z0-9_-]{1,64}``)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{step.id}_reply")[:64]


def result_schema(result: ResultField) -> dict[str, Any]:
    """The JSON schema of one result: its type, or ``null`` while the model does not know it."""
    schema: dict[str, Any]
    if result.type is ValueType.LIST:
        schema = {"type": ["array", "null"], "items": {"type": "string"}}
    elif result.type is ValueType.ENUM:
        schema = {"type": ["string", "null"], "enum": [*(result.values or []), None]}
    else:
        schema = {"type": [result.type.value, "null"]}
    if result.description:
        schema["description"] = result.description
    return schema


def reply_schema(step: Step) -> dict[str, Any]:
    """The strict JSON schema of a reply in ``step`` (OpenAI strict mode compatible)."""
    results = {name: result_schema(result) for name, result in step.results.items()}
    return {
        "type": "object",
        "properties": {
            "message": {"type": "string", "description": "What the user reads"},
            "transition": {
                "type": "string",
                "enum": allowed_signals(step),
                "description": "'stay' to remain in this step, or a signal to move on",
            },
            "results": {
                "type": "object",
                "properties": results,
                "required": list(results),
                "additionalProperties": False,
            },
            "summary": {"type": "string", "description": "What this step established so far"},
        },
        "required": list(FIELDS),
        "additionalProperties": False,
    }


# --- checking a reply -----------------------------------------------------------------------

_FENCE = re.compile(r"^\s*```[A-Za-z0-9_-]*[ \t]*\n(?P<body>.*?)\n?```\s*$", re.DOTALL)


def parse_reply(reply: ModelReply, step: Step) -> StepReply:
    """Check the form of ``reply`` for ``step``; raise :class:`ContractViolation` if broken."""
    if reply.refusal:
        raise violation(ViolationKind.REFUSAL, f"the model refused: {_clip(reply.refusal)}", step)
    if reply.status == "incomplete":
        reason = reply.incomplete_reason or "unknown reason"
        raise violation(ViolationKind.INCOMPLETE, f"the reply was cut off ({reason})", step)
    text = reply.text.strip()
    fence = _FENCE.match(text)
    if fence is None:
        return parse_text(text, step)
    try:
        inner = parse_text(fence.group("body").strip(), step)
    except ContractViolation as error:
        detail = f"{error.detail}; also, the JSON was inside a ``` fence"
        raise violation(ViolationKind(error.kind), detail, step) from None
    return StepReply(inner.message, inner.transition, inner.results, inner.summary,
                     salvaged=(ViolationKind.FENCED_JSON.value,))


def parse_text(text: str, step: Step) -> StepReply:
    """Check the text of a reply (no fence handling); the core of :func:`parse_reply`."""
    if not text:
        raise violation(ViolationKind.INVALID_JSON, "the reply was empty", step)
    if "```" in text:
        raise violation(ViolationKind.FENCED_JSON,
                        "the reply mixed a ``` fence with other text", step)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        detail = f"the reply is not valid JSON ({error.msg} at {where})"
        raise violation(ViolationKind.INVALID_JSON, detail, step) from None
    if not isinstance(data, dict):
        raise violation(
            ViolationKind.NOT_AN_OBJECT, f"the reply is a JSON {_json_type(data)}, not an object",
            step,
        )
    problems: list[tuple[ViolationKind, str]] = []
    for name in FIELDS:
        if name not in data:
            problems.append((ViolationKind.MISSING_FIELD, f"the field '{name}' is missing"))
    for name, expected in (("message", str), ("transition", str), ("summary", str)):
        if name in data and not isinstance(data[name], expected):
            problems.append((ViolationKind.WRONG_TYPE,
                             f"'{name}' must be a string, not {_describe(data[name])}"))
    results: dict[str, Any] = {}
    raw_results = data.get("results", {})
    if not isinstance(raw_results, dict):
        problems.append((ViolationKind.WRONG_TYPE,
                         f"'results' must be an object, not {_describe(raw_results)}"))
    else:
        for name, declared in step.results.items():
            try:
                results[name] = coerce_result(declared, raw_results.get(name))
            except ValueError as error:
                problems.append((ViolationKind.WRONG_TYPE, f"'results.{name}' {error}"))
    if problems:
        kind = problems[0][0]
        raise violation(kind, "; ".join(detail for _, detail in problems), step)
    message, transition, summary = data["message"], data["transition"], data["summary"]
    if transition not in allowed_signals(step):
        raise violation(
            ViolationKind.UNKNOWN_SIGNAL,
            f"'transition' is {transition!r}, which this step does not have", step,
        )
    if not message.strip():
        raise violation(ViolationKind.EMPTY_MESSAGE, "'message' is empty", step)
    return StepReply(message=message, transition=transition, results=results, summary=summary)


def coerce_result(declared: ResultField, value: Any) -> Any:
    """``value`` as the declared type (``None`` stays unknown); ``ValueError`` says what is wrong.

    Only lossless conversions: ``3.0`` is the integer 3, but ``"3"`` is not a number.
    """
    if value is None:
        return None
    kind = declared.type
    if kind is ValueType.STRING and isinstance(value, str):
        return value
    if kind is ValueType.BOOLEAN and isinstance(value, bool):
        return value
    if kind is ValueType.INTEGER and not isinstance(value, bool):
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
    if kind is ValueType.NUMBER and isinstance(value, int | float) and not isinstance(value, bool):
        return value
    if kind is ValueType.LIST and isinstance(value, list):
        if all(isinstance(item, str) for item in value):
            return list(value)
        raise ValueError("must be a list of strings, or null")
    if kind is ValueType.ENUM and isinstance(value, str):
        if value in (declared.values or []):
            return value
        raise ValueError(
            f"is {value!r}, not one of {', '.join(declared.values or [])} (or null)"
        )
    expected = {"integer": "an integer", "number": "a number", "boolean": "true or false",
                "list": "a list of strings", "enum": "one of " + ", ".join(declared.values or []),
                "string": "a string"}[kind.value]
    raise ValueError(f"must be {expected} or null, not {_describe(value)}")


def check_leaving(
    reply: StepReply,
    step: Step,
    is_set: Callable[[str], bool],
) -> None:
    """Before a reply may leave ``step``: required results known, the guard's variables set.

    ``is_set`` answers for variables and results *including* this reply's results, so a model
    may fill a required result and leave in the same reply.
    """
    if reply.stays:
        return
    missing = [name for name, result in step.results.items() if result.required
               and not is_set(name)]
    if missing:
        names = ", ".join(f"'results.{name}'" for name in missing)
        raise violation(
            ViolationKind.MISSING_REQUIRED_RESULT,
            f"'transition' is {reply.transition!r} but the required {names} "
            f"{'is' if len(missing) == 1 else 'are'} still unknown", step,
        )
    transition = step.transitions[reply.transition]
    unset = [name for name in transition.requires if not is_set(name)]
    if unset:
        raise violation(
            ViolationKind.GUARD_REFUSED,
            f"'transition' {reply.transition!r} needs {', '.join(unset)} to be known first", step,
        )


# --- corrections ----------------------------------------------------------------------------

_ADVICE: dict[ViolationKind, str] = {
    ViolationKind.INVALID_JSON: "Send one JSON object only, with no text before or after it.",
    ViolationKind.FENCED_JSON: "Send the bare JSON object: no ``` fence, no text around it.",
    ViolationKind.NOT_AN_OBJECT: "Send one JSON object, not an array or a bare value.",
    ViolationKind.MISSING_FIELD: "Include all four fields, even when a value is empty or null.",
    ViolationKind.WRONG_TYPE: "Use the types of the schema; use null for a result you do not know.",
    ViolationKind.UNKNOWN_SIGNAL: "Use one of the allowed transitions, exactly as spelled.",
    ViolationKind.GUARD_REFUSED: (
        "Fill the missing value in 'results' if the user already gave it; otherwise use "
        "\"stay\" and ask the user for it."
    ),
    ViolationKind.MISSING_REQUIRED_RESULT: (
        "Fill the required result from what the user said; if you do not know it yet, use "
        "\"stay\" and ask for it."
    ),
    ViolationKind.EMPTY_MESSAGE: "Write the message the user should read in 'message'.",
    ViolationKind.REFUSAL: (
        "Answer within this step's instructions. If the request is out of scope, say so politely "
        "in 'message' and use \"stay\"."
    ),
    ViolationKind.INCOMPLETE: "Reply again, shorter: a brief 'message' and a one-line 'summary'.",
}


def correction_text(kind: ViolationKind, detail: str, step: Step) -> str:
    """The corrective follow-up: what was wrong, how to fix it, and the allowed transitions."""
    signals = ", ".join(f'"{signal}"' for signal in allowed_signals(step))
    return (
        f"Your last reply broke the reply contract: {detail}. {_ADVICE[kind]} "
        "Reply again to the user's last message as one JSON object with exactly the fields "
        f"message, transition, results, summary. Allowed transitions: {signals}."
    )


def violation(kind: ViolationKind, detail: str, step: Step) -> ContractViolation:
    return ContractViolation(kind.value, detail, correction_text(kind, detail, step))


# --- helpers --------------------------------------------------------------------------------


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _describe(value: Any) -> str:
    kind = _json_type(value)
    if kind in ("object", "array", "null"):
        return "an array" if kind == "array" else ("an object" if kind == "object" else "null")
    return f"the {kind} {_clip(json.dumps(value, ensure_ascii=False), 40)}"


def _clip(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


__all__ = [
    "FIELDS",
    "VIOLATION_KINDS",
    "StepReply",
    "ViolationKind",
    "allowed_signals",
    "check_leaving",
    "coerce_result",
    "correction_text",
    "parse_reply",
    "parse_text",
    "reply_schema",
    "result_schema",
    "schema_name",
    "violation",
]

