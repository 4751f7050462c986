"""The four-field reply contract: the schemas the model must fill, and the checks of what it sent.

Every model reply must be one JSON object::

    {"message": "…for the user…", "transition": "stay" | <a signal of this step>,
     "results": {<every declared result, null while unknown>}, "summary": "…"}

:func:`reply_schema` turns one step into the strict JSON schema sent as ``text.format`` (OpenAI
strict mode: every key required, ``additionalProperties: false``, unknowns as ``null``). The
layouts that keep one schema for a whole conversation (so that it stays a cached prefix) use
:func:`any_step_schema` (``compact``: ``results`` is any one step's results object) or
:func:`all_results_schema` (``append``: every step's results, nullable); in both the transition
is an enum of every signal plus ``stay``, and the checks below hold the reply to what the
*current* step allows.

:func:`parse_reply` checks a reply's form and converts its results (with the one conversion table,
:meth:`~engine.scenario.definition.ValueType.convert`); :func:`refused` turns what the FSM found in
the way of a transition (:class:`~engine.dialogue.fsm.Unmet`) into a violation — the guard itself is
judged only by the FSM. Both give :class:`~engine.errors.ContractViolation` whose ``kind`` is one of
:data:`VIOLATION_KINDS` and whose ``correction`` is the exact text sent back to the model.

Decisions worth knowing:

* **Harmless slips are repaired here, without a call** (a correction costs a whole call, and the
  meaning is not in doubt): JSON in a Markdown fence, prose before or after one JSON object, the
  object wrapped in a one-element array, a missing ``summary`` (the step keeps its previous one),
  a result that converts losslessly (``"42"`` for an integer, ``"Gold"`` for the enum value
  ``gold``). Each is recorded in :attr:`StepReply.salvaged` as a :class:`Slip` with the kind it
  would otherwise have been (``fenced_json``, ``invalid_json``, ``not_an_object``,
  ``missing_field``, ``wrong_type``), so the log still shows it. If the repaired reply breaks the
  contract in another way, that other violation is raised (a fence is mentioned in it).
* **Several problems at once are named in one correction** (a missing field *and* a wrong type):
  the violation's ``kind`` is the first problem, its detail lists all, so one follow-up fixes all.
* **Result keys the step does not declare are dropped**, not punished: in the ``append`` layout the
  schema holds every step's results, and a chat model's extra key is harmless. A declared result
  left out of ``results`` counts as unknown (``null``).
* **The correction is in the scenario's language, the log in English**: what was wrong is a
  :class:`Wording` (a key of :mod:`engine.languages` and its values), written in the scenario's
  language in the ``correction`` the model reads and in English in the ``detail`` the log keeps
  (tools and authors read logs of conversations in any language alike).
* **The contract's own words never reach the user**: a ``message`` that repeats the engine's
  scaffolding or a correction (:mod:`engine.dialogue.echo`) is a violation of its own kind,
  ``echoed_instructions``, corrected like the others (without feeding the echo back).
* **A hostile reply is a violation, never a crash**: JSON nested a hundred thousand levels deep, a
  number of thousands of digits, ``NaN``, a lone surrogate in a text, or a reply longer than the
  scenario's ``model.max_reply_chars`` (it is refused before it is read, so it is never fed back).

The schemas the model is asked to fill and the checks of what it sent are written side by side:
they must agree field for field, and a test of one is a test of the other.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.dialogue.echo import echoed_instructions
from engine.dialogue.fsm import Unmet
from engine.errors import ContractViolation
from engine.languages import ENGLISH, Phrasebook, scaffolding
from engine.providers.base import ModelReply
from engine.scenario.definition import STAY, ResultField, Scenario, Step, StepKind, ValueType, shown

FIELDS = ("message", "transition", "results", "summary")
#: The engine's words in English: the log's language, and the default of every function here.
_ENGLISH = scaffolding(ENGLISH)
#: ``schema_name`` of :func:`conversation_schema`.
CONVERSATION_SCHEMA_NAME = "reply"


class ViolationKind(StrEnum):
    """Stable names of the ways a reply can break the contract (logged, counted, tested)."""

    INVALID_JSON = "invalid_json"
    FENCED_JSON = "fenced_json"
    NOT_AN_OBJECT = "not_an_object"
    MISSING_FIELD = "missing_field"
    WRONG_TYPE = "wrong_type"
    INVALID_TEXT = "invalid_text"
    UNKNOWN_SIGNAL = "unknown_signal"
    GUARD_REFUSED = "guard_refused"
    MISSING_REQUIRED_RESULT = "missing_required_result"
    EMPTY_MESSAGE = "empty_message"
    REFUSAL = "refusal"
    INCOMPLETE = "incomplete"
    TOO_LONG = "too_long"
    ECHOED_INSTRUCTIONS = "echoed_instructions"


VIOLATION_KINDS = tuple(kind.value for kind in ViolationKind)


@dataclass(frozen=True)
class Slip:
    """A slip repaired without a correction: the violation ``kind`` it would have been."""

    kind: str
    detail: str


@dataclass(frozen=True)
class StepReply:
    """A reply that kept the contract. ``results`` holds only declared results, converted."""

    message: str
    transition: str
    results: dict[str, Any]
    #: Empty when the model left it out (the step then keeps its previous summary).
    summary: str
    #: Slips that were repaired; logged as violations with ``salvaged: true``, never corrected.
    salvaged: tuple[Slip, ...] = field(default=())

    @property
    def stays(self) -> bool:
        return self.transition == STAY


# --- the schemas ----------------------------------------------------------------------------


def allowed_signals(step: Step) -> list[str]:
    """``stay`` first, then the step's signals in the order the author declared them."""
    return [STAY, *step.transitions]


def schema_name(step: Step) -> str:
    """A name for ``text.format`` (the API allows ``[A-Za-z0-9_-]{1,64}``)."""
    return step_schema_name(step.id)


def step_schema_name(step_id: str) -> str:
    """:func:`schema_name` of the step ``step_id`` (a log names steps by id)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{step_id}_reply")[:64]


def result_schema(result: ResultField, *, described: bool = True) -> dict[str, Any]:
    """The JSON schema of one result: its type, or ``null`` while the model does not know it."""
    schema: dict[str, Any]
    if result.type is ValueType.LIST:
        schema = {"type": ["array", "null"], "items": {"type": "string"}}
    elif result.type is ValueType.ENUM:
        schema = {"type": ["string", "null"], "enum": [*(result.values or []), None]}
    else:
        schema = {"type": [result.type.value, "null"]}
    if described and result.description:
        schema["description"] = result.description
    return schema


def reply_schema(step: Step, words: Phrasebook = _ENGLISH) -> dict[str, Any]:
    """The strict JSON schema of a reply in ``step`` (OpenAI strict mode compatible); its
    descriptions in the language of ``words``."""
    results = {name: result_schema(result) for name, result in step.results.items()}
    return _envelope(results, allowed_signals(step), words.say("schema_transition"), words)


def all_results_schema(scenario: Scenario) -> dict[str, Any]:
    """One strict schema for every reply of a conversation, flat (the ``append`` layout).

    ``results`` holds every result of every prompt step, each nullable (descriptions are left to
    the step sections, so the schema stays short); a result declared by several steps with
    different types accepts any of them (``anyOf``). ``transition`` is an enum of ``stay`` and
    every signal. Which of them the current step allows is checked by :func:`parse_reply`.
    The price: every reply writes a ``null`` for every result of the script.
    """
    results: dict[str, dict[str, Any]] = {}
    for step in _prompt_steps(scenario):
        for name, result in step.results.items():
            results[name] = _merged_schema(
                results.get(name), result_schema(result, described=False)
            )
    words = scaffolding(scenario.language)
    return _envelope(results, _all_signals(scenario), words.say("schema_transition_shared"), words)


def any_step_schema(scenario: Scenario) -> dict[str, Any]:
    """One strict schema for every reply of a conversation, by step (the ``compact`` layout).

    ``results`` is *any one* step's results object (``anyOf``, one branch per distinct set of
    results, descriptions left to the step sections): the model writes only the current step's
    results, as with a per-step schema, yet the schema never changes, so it stays part of the
    cached prefix when the chain restarts. ``transition`` is an enum of ``stay`` and every
    signal; :func:`parse_reply` holds the reply to what the current step allows.
    """
    branches: list[dict[str, Any]] = []
    for step in _prompt_steps(scenario):
        branch = _results_object(
            {name: result_schema(result, described=False) for name, result in step.results.items()}
        )
        if branch not in branches:
            branches.append(branch)
    words = scaffolding(scenario.language)
    schema = _envelope({}, _all_signals(scenario), words.say("schema_transition_shared"), words)
    schema["properties"]["results"] = {
        "anyOf": branches or [_results_object({})],
        "description": words.say("schema_results"),
    }
    return schema


def _prompt_steps(scenario: Scenario) -> Iterable[Step]:
    return (step for step in scenario.steps.values() if step.kind is StepKind.PROMPT)


def _all_signals(scenario: Scenario) -> list[str]:
    signals: dict[str, None] = {STAY: None}
    for step in _prompt_steps(scenario):
        signals.update(dict.fromkeys(step.transitions))
    return list(signals)


def _merged_schema(known: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
    if known is None or known == new:
        return new
    if "enum" in known and "enum" in new:
        values = [value for value in known["enum"] if value is not None]
        values += [value for value in new["enum"] if value is not None and value not in values]
        return {"type": ["string", "null"], "enum": [*values, None]}
    options = known.get("anyOf", [known])
    return {"anyOf": options if new in options else [*options, new]}


def _results_object(properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _envelope(
    results: dict[str, Any], signals: list[str], about: str, words: Phrasebook
) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "message": {"type": "string", "description": words.say("schema_message")},
            "transition": {"type": "string", "enum": signals, "description": about},
            "results": _results_object(results),
            "summary": {"type": "string", "description": words.say("schema_summary")},
        },
        "required": list(FIELDS),
        "additionalProperties": False,
    }


# --- checking a reply -----------------------------------------------------------------------

_FENCE = re.compile(r"^\s*```[A-Za-z0-9_-]*[ \t]*\n(?P<body>.*?)\n?```\s*$", re.DOTALL)
#: Where to look for one JSON object inside prose: at most this many opening braces are tried.
_MAX_OBJECT_STARTS = 20


@dataclass(frozen=True)
class Wording:
    """What was wrong with a reply, before it is written: a key of the phrase tables
    (:mod:`engine.languages`, ``detail_…``) and its values, which may be wordings too."""

    key: str
    values: tuple[tuple[str, object], ...] = ()

    def render(self, words: Phrasebook) -> str:
        return words.say(
            self.key,
            **{
                name: value.render(words) if isinstance(value, Wording | Joined) else value
                for name, value in self.values
            },
        )


@dataclass(frozen=True)
class Joined:
    """Several wordings in one detail, one after the other (``separator``: a key of the
    tables, or none when each part begins with its own)."""

    parts: tuple[Wording, ...]
    separator: str | None = "detail_separator"

    def render(self, words: Phrasebook) -> str:
        between = words.say(self.separator) if self.separator else ""
        return between.join(part.render(words) for part in self.parts)


#: What a violation says was wrong: a :class:`Wording` (or several), or a text already written
#: (in English, by a caller that words its own problem).
Detail = Wording | Joined | str


def _wording(key: str, **values: object) -> Wording:
    return Wording(f"detail_{key}", tuple(values.items()))


def _written(detail: Detail, words: Phrasebook) -> str:
    return detail if isinstance(detail, str) else detail.render(words)


class _NotJSON(Exception):
    """The text is not one JSON value; ``detail`` says why, for the correction."""

    def __init__(self, detail: Wording) -> None:
        super().__init__(detail.key)
        self.detail = detail


class _Broken(Exception):
    """A reply's fields break the contract: the first kind, and everything that was wrong."""

    def __init__(self, kind: ViolationKind, detail: Wording | Joined) -> None:
        super().__init__(kind.value)
        self.kind = kind
        self.detail = detail


def parse_reply(
    reply: ModelReply,
    step: Step,
    *,
    max_chars: int | None = None,
    offered: Sequence[str] | None = None,
    words: Phrasebook = _ENGLISH,
) -> StepReply:
    """Check the form of ``reply`` for ``step``; raise :class:`ContractViolation` if broken.

    ``max_chars`` refuses a longer reply before reading it. ``offered`` is the list of signals
    the model was shown (for the correction); default: all of the step's. ``words``: the
    language of the correction (the scenario's).
    """
    detail: Wording | Joined
    if reply.refusal:
        detail = _wording("refused", text=_clip(reply.refusal))
        raise violation(ViolationKind.REFUSAL, detail, step, offered, words=words)
    if reply.status == "incomplete":
        reason: object = (
            _clip(reply.incomplete_reason)
            if reply.incomplete_reason
            else _wording("unknown_reason")
        )
        detail = _wording("incomplete", reason=reason)
        raise violation(ViolationKind.INCOMPLETE, detail, step, offered, words=words)
    if max_chars is not None and len(reply.text) > max_chars:
        detail = _wording("too_long", length=f"{len(reply.text):,}", limit=f"{max_chars:,}")
        raise violation(ViolationKind.TOO_LONG, detail, step, offered, words=words)
    slips: list[Slip] = []
    data = _read_object(reply.text.strip(), step, slips, offered, words)
    try:
        return _check_fields(data, step, slips)
    except _Broken as broken:
        detail = broken.detail
        if any(slip.kind == ViolationKind.FENCED_JSON for slip in slips):
            detail = _wording("also_fenced", detail=detail)
        raise violation(broken.kind, detail, step, offered, words=words) from None


def parse_text(text: str, step: Step) -> StepReply:
    """Check the text of a reply alone (no refusal, status or size to look at)."""
    slips: list[Slip] = []
    data = _read_object(text.strip(), step, slips, None, _ENGLISH)
    try:
        return _check_fields(data, step, slips)
    except _Broken as broken:
        raise violation(broken.kind, broken.detail, step) from None


def _read_object(
    text: str, step: Step, slips: list[Slip], offered: Sequence[str] | None, words: Phrasebook
) -> dict[str, Any]:
    """The reply's JSON object, repairing a fence, prose around it, a one-element array."""
    if not text:
        raise violation(ViolationKind.INVALID_JSON, _wording("empty"), step, offered, words=words)
    fence = _FENCE.match(text)
    try:
        if fence is not None:
            value = _decode(fence.group("body").strip())
            slips.append(Slip(ViolationKind.FENCED_JSON, "the JSON was inside a ``` fence"))
        else:
            value = _decode(text)
    except _NotJSON as error:
        embedded = _embedded_object(text)
        if embedded is not None:
            value = embedded
            kind = ViolationKind.FENCED_JSON if "```" in text else ViolationKind.INVALID_JSON
            slips.append(Slip(kind, "text before or after the JSON object was ignored"))
        elif "```" in text:
            raise violation(
                ViolationKind.FENCED_JSON, _wording("fence_mixed"), step, offered, words=words
            ) from None
        else:
            raise violation(
                ViolationKind.INVALID_JSON, error.detail, step, offered, words=words
            ) from None
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], dict):
        slips.append(
            Slip(ViolationKind.NOT_AN_OBJECT, "the object was wrapped in a one-element array")
        )
        value = value[0]
    if not isinstance(value, dict):
        detail = _wording("not_an_object", kind=_json_type(value))
        raise violation(ViolationKind.NOT_AN_OBJECT, detail, step, offered, words=words)
    return value


def _decode(text: str) -> Any:
    """``json.loads``; every way hostile text can make it fail becomes a :class:`_NotJSON`."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise _NotJSON(_wording("too_deep")) from None
    except json.JSONDecodeError as error:
        raise _NotJSON(
            _wording("not_json", message=error.msg, line=error.lineno, column=error.colno)
        ) from None
    except _Constant as error:
        raise _NotJSON(_wording("constant", name=str(error))) from None
    except ValueError:  # Python's limit on the digits of an integer
        raise _NotJSON(_wording("too_many_digits")) from None


class _Constant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _Constant(name)


def _embedded_object(text: str) -> dict[str, Any] | None:
    """The one JSON object inside ``text`` (with prose around it), or ``None``.

    ``None`` as well when a second object follows: which one the model meant is then in doubt.
    """
    decoder = json.JSONDecoder(parse_constant=_no_constant)
    start = text.find("{")
    for _ in range(_MAX_OBJECT_STARTS):
        if start < 0:
            return None
        try:
            value, end = decoder.raw_decode(text, start)
        except (RecursionError, ValueError):
            start = text.find("{", start + 1)
            continue
        if not isinstance(value, dict):
            return None
        rest = text.find("{", end)
        if rest >= 0:
            try:
                decoder.raw_decode(text, rest)
            except (RecursionError, ValueError):
                return value
            return None
        return value
    return None


def _check_fields(data: dict[str, Any], step: Step, slips: list[Slip]) -> StepReply:
    """The reply, or :class:`_Broken` naming every problem of its fields."""
    problems: list[tuple[ViolationKind, Wording]] = []
    for name in FIELDS:
        if name in data:
            continue
        if name == "summary":
            slips.append(
                Slip(
                    ViolationKind.MISSING_FIELD,
                    "the field 'summary' was missing; the step keeps its summary",
                )
            )
        else:
            problems.append((ViolationKind.MISSING_FIELD, _wording("missing_field", name=name)))
    for name in ("message", "transition", "summary"):
        value = data.get(name, "")
        if not isinstance(value, str):
            problems.append(
                (
                    ViolationKind.WRONG_TYPE,
                    _wording("not_a_string", name=name, value=_describe(value)),
                )
            )
        elif not _is_text(value):
            problems.append((ViolationKind.INVALID_TEXT, _wording("not_text", name=name)))
    results: dict[str, Any] = {}
    raw_results = data.get("results", {})
    if not isinstance(raw_results, dict):
        problems.append(
            (ViolationKind.WRONG_TYPE, _wording("results_not_object", value=_describe(raw_results)))
        )
    else:
        for name, declared in step.results.items():
            raw = raw_results.get(name)
            try:
                value = declared.convert(raw)
            except ValueError as error:
                problems.append(
                    (
                        ViolationKind.WRONG_TYPE,
                        _wording("result_wrong", name=name, problem=_printable(error)),
                    )
                )
                continue
            if not all(_is_text(item) for item in _texts(value)):
                problems.append(
                    (ViolationKind.INVALID_TEXT, _wording("not_text", name=f"results.{name}"))
                )
                continue
            if value != raw or isinstance(value, str) != isinstance(raw, str):
                slips.append(
                    Slip(
                        ViolationKind.WRONG_TYPE,
                        f"'results.{name}' was {_printable(shown(raw))}; "
                        f"read as {_clip(json.dumps(value, ensure_ascii=False), 60)}",
                    )
                )
            results[name] = value
    if problems:
        raise _Broken(problems[0][0], _joined([detail for _, detail in problems]))
    message, transition = data["message"], data["transition"]
    summary = data.get("summary", "")
    if transition not in allowed_signals(step):
        signal = _printable(_clip(repr(transition), 60))
        raise _Broken(ViolationKind.UNKNOWN_SIGNAL, _wording("unknown_signal", signal=signal))
    if not message.strip():
        raise _Broken(ViolationKind.EMPTY_MESSAGE, _wording("message_empty"))
    if echoed_instructions(message) is not None:
        raise _Broken(ViolationKind.ECHOED_INSTRUCTIONS, _wording("echoed_instructions"))
    return StepReply(
        message=message,
        transition=transition,
        results=results,
        summary=summary,
        salvaged=tuple(slips),
    )


def _joined(details: Sequence[Wording]) -> Wording | Joined:
    """Several problems named in one detail."""
    return details[0] if len(details) == 1 else Joined(tuple(details))


def _texts(value: Any) -> Iterable[Any]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        yield from value


def _is_text(value: Any) -> bool:
    """False for a string Python cannot write as UTF-8 (a lone surrogate from ``\\ud800``)."""
    if not isinstance(value, str):
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# --- transitions the FSM refused ------------------------------------------------------------


def refused(
    unmet: Unmet,
    signal: str,
    step: Step,
    offered: Sequence[str] | None = None,
    *,
    words: Phrasebook = _ENGLISH,
) -> ContractViolation:
    """The violation for a transition the FSM found blocked
    (:meth:`~engine.dialogue.fsm.DialogueFSM.unmet`).

    The FSM judges the guard; this only words the correction, naming exactly what is missing.
    """
    quoted = repr(signal)
    detail: Wording | Joined
    if unmet.unknown_signal:
        detail = _wording("unknown_signal", signal=quoted)
        return violation(ViolationKind.UNKNOWN_SIGNAL, detail, step, offered, words=words)
    if unmet.problem:
        detail = _wording("guard_problem", signal=quoted, problem=unmet.problem)
        return violation(ViolationKind.GUARD_REFUSED, detail, step, offered, words=words)
    if unmet.results:
        names = ", ".join(f"'results.{name}'" for name in unmet.results)
        number = "one" if len(unmet.results) == 1 else "many"
        detail = _wording(f"required_unknown_{number}", signal=quoted, names=names)
        if unmet.variables:
            more = _wording("also_needs", names=_listed(unmet))
            detail = Joined((detail, more), separator=None)
        return violation(ViolationKind.MISSING_REQUIRED_RESULT, detail, step, offered, words=words)
    detail = _wording("needs", signal=quoted, names=_listed(unmet))
    return violation(ViolationKind.GUARD_REFUSED, detail, step, offered, words=words)


def _listed(unmet: Unmet) -> str:
    return ", ".join(unmet.variables)


# --- corrections ----------------------------------------------------------------------------


def correction_text(
    kind: ViolationKind,
    detail: Detail,
    step: Step,
    offered: Sequence[str] | None = None,
    *,
    words: Phrasebook = _ENGLISH,
) -> str:
    """The corrective follow-up: what was wrong, how to fix it, and the allowed transitions, in
    the language of ``words``."""
    signals = ", ".join(
        words.say("signal_quoted", signal=signal) for signal in _allowed(step, offered)
    )
    return words.say(
        "correction",
        start=words.say("correction_start"),
        detail=_written(detail, words),
        advice=words.say(f"advice_{kind.value}"),
        signals=signals,
    )


def violation(
    kind: ViolationKind,
    detail: Detail,
    step: Step,
    offered: Sequence[str] | None = None,
    *,
    words: Phrasebook = _ENGLISH,
) -> ContractViolation:
    """The violation: its ``detail`` in English (the log's), its ``correction`` in the
    language of ``words`` (the scenario's)."""
    return ContractViolation(
        kind.value,
        _written(detail, _ENGLISH),
        correction_text(kind, detail, step, offered, words=words),
    )


def _allowed(step: Step, offered: Sequence[str] | None) -> list[str]:
    if offered is None:
        return allowed_signals(step)
    return [STAY, *(signal for signal in offered if signal != STAY)]


# --- helpers --------------------------------------------------------------------------------


def _json_type(value: Any) -> Wording:
    if value is None:
        return Wording("json_null")
    if isinstance(value, bool):
        return Wording("json_boolean")
    if isinstance(value, int | float):
        return Wording("json_number")
    if isinstance(value, str):
        return Wording("json_string")
    if isinstance(value, list):
        return Wording("json_array")
    return Wording("json_object")


def _describe(value: Any) -> Wording:
    if value is None:
        return Wording("value_null")
    if isinstance(value, list):
        return Wording("value_array")
    if isinstance(value, dict):
        return Wording("value_object")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**40:
        return Wording("value_huge_number")
    shown_value = _clip(json.dumps(value, ensure_ascii=False), 40)
    return Wording("value_shown", (("kind", _json_type(value)), ("value", shown_value)))


def _printable(text: object) -> str:
    """``text`` with lone surrogates written as ``\\udXXX``, so it can be logged and sent."""
    return str(text).encode("utf-8", "backslashreplace").decode("utf-8")


def _clip(text: str, limit: int = 120) -> str:
    text = _printable(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


__all__ = [
    "CONVERSATION_SCHEMA_NAME",
    "FIELDS",
    "VIOLATION_KINDS",
    "Slip",
    "StepReply",
    "ViolationKind",
    "all_results_schema",
    "allowed_signals",
    "any_step_schema",
    "correction_text",
    "parse_reply",
    "parse_text",
    "refused",
    "reply_schema",
    "result_schema",
    "schema_name",
    "step_schema_name",
    "violation",
]
