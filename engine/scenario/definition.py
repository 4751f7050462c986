"""The scenario as data: pydantic models of ``scenario.yaml``.

A scenario is a folder: ``scenario.yaml`` (the graph), one Markdown instruction file per step and
a persona file. These models describe the YAML; the loader (``loader.py``) attaches the text of
the referenced files (``Step.instructions_text``, ``Scenario.persona_text``) so that the engine
and the studio work on one in-memory object — the studio's unsaved edits included — and never
re-read files behind the author's back.
"""

from __future__ import annotations

import math
import re
import reprlib
from collections.abc import Callable, Container, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator
from pydantic.json_schema import SkipJsonSchema

from engine.io.input_limits import DEFAULT_MAX_PROMPT_TOKENS, DEFAULT_MAX_REPLY_CHARS
from engine.languages import BCP47_PATTERN, ENGLISH, scaffolding
from engine.scenario.actions import (
    DEFAULT_TIMEOUT_S,
    MAX_TIMEOUT_S,
    ActionCallSpec,
    ActionsSettings,
)

#: The implicit signal for remaining in the current step; it may not be declared.
STAY = "stay"
RESERVED_SIGNALS = frozenset({STAY})

IDENTIFIER_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"
#: The one pattern of step ids, signals, variable and result names (the models, the document,
#: the studio's dialogs and the draw.io import all check names with it).
IDENTIFIER = re.compile(IDENTIFIER_PATTERN)
Identifier = Annotated[str, Field(pattern=IDENTIFIER_PATTERN)]


def unique_name(base: str, taken: Container[str]) -> str:
    """``base``, or ``base_2``, ``base_3``… — the first not in ``taken``: the name of a new
    step, signal, variable, result or test, and of a step the draw.io import adds."""
    if base not in taken:
        return base
    number = 2
    while f"{base}_{number}" in taken:
        number += 1
    return f"{base}_{number}"


#: ``{{name}}`` or ``{{ name }}`` in instructions, persona and message text: a variable's value.
#: The one definition of the placeholder syntax, shared by the engine (filling) and the
#: validator (checking names), so the two can never disagree.
PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
#: Anything between double braces, to catch placeholders the engine would leave unfilled.
BRACED = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)

#: Where each YAML key and value was: a path of keys (``("steps", "greet", "goal")``, with
#: ``"<key>"`` appended for the key itself) → 1-based (line, column).
Marks = dict[tuple[str, ...], tuple[int, int]]


class ValueType(StrEnum):
    """Types a variable or a step result can have (``list`` is a list of strings)."""

    STRING = "string"
    INTEGER = "integer"
    NUMBER = "number"
    BOOLEAN = "boolean"
    LIST = "list"
    ENUM = "enum"

    def convert(self, value: Any, values: Sequence[str] | None = None) -> Any:
        """``value`` as this type, or ``ValueError`` saying what was expected.

        The one conversion table of Prompter: the contract converts the model's results with
        it and the variables convert what they store with it, so a value one accepts the other
        accepts too. Only *lossless* conversions, where a model is often sloppy and the meaning
        is not in doubt: ``"42"`` or ``42.0`` for the integer 42, ``"19.5"`` for a number, 5
        for the text ``"5"``, ``"Yes"`` for true, ``"Gold"`` for the enum value ``gold``,
        numbers in a list of texts. ``None`` stays ``None`` (unknown). ``values`` are an enum's
        allowed values.
        """
        if value is None:
            return None
        return _CONVERTERS[self](value, values or ())


# --- the conversion table -------------------------------------------------------------------

_TRUE_WORDS = frozenset({"true", "yes"})
_FALSE_WORDS = frozenset({"false", "no"})
#: Longer number texts are refused outright (Python refuses to read over 4,300 digits anyway).
_MAX_NUMBER_TEXT = 64
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


#: Bounded ``repr``: a value nested thousands of levels deep must not crash an error message.
_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel, _SHORT_REPR.maxstring, _SHORT_REPR.maxother = 3, 60, 60
_SHORT_REPR.maxlong = 40


def shown(value: Any) -> str:
    """A value as an error message shows it: its ``repr`` (shortened) and its Python type."""
    text = _SHORT_REPR.repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def _is_number(value: Any) -> bool:
    """An int or a finite float (bools are not numbers here)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _number_text(value: str) -> int | float | None:
    """The number a text spells plainly (``"42"``, ``" 19.5 "``, ``"1e3"``), else ``None``."""
    text = value.strip()
    if len(text) > _MAX_NUMBER_TEXT or not _PLAIN_NUMBER.fullmatch(text):
        return None
    try:
        return int(text)
    except ValueError:
        number = float(text)
    return number if math.isfinite(number) else None


def _to_string(value: Any, _: Sequence[str]) -> str:
    if isinstance(value, str):
        return value
    if _is_number(value):
        return str(value)
    raise ValueError(f"expects text, got {shown(value)}")


def _to_integer(value: Any, _: Sequence[str]) -> int:
    number = _number_text(value) if isinstance(value, str) else value
    if isinstance(number, int) and not isinstance(number, bool):
        return number
    if isinstance(number, float) and _is_number(number) and number.is_integer():
        return int(number)
    raise ValueError(f"expects a whole number, got {shown(value)}")


def _to_number(value: Any, _: Sequence[str]) -> int | float:
    number = _number_text(value) if isinstance(value, str) else value
    if isinstance(number, int | float) and _is_number(number):
        return number
    raise ValueError(f"expects a number, got {shown(value)}")


def _to_boolean(value: Any, _: Sequence[str]) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().casefold()
        if word in _TRUE_WORDS:
            return True
        if word in _FALSE_WORDS:
            return False
    raise ValueError(f"expects true or false, got {shown(value)}")


def _to_list(value: Any, _: Sequence[str]) -> list[str]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"expects a list of texts, got {shown(value)}")
    items: list[str] = []
    for item in value:
        if isinstance(item, str):
            items.append(item)
        elif _is_number(item):
            items.append(str(item))
        else:
            raise ValueError(f"expects a list of texts, but one item is {shown(item)}")
    return items


def _to_enum(value: Any, allowed: Sequence[str]) -> str:
    if isinstance(value, str):
        if value in allowed:
            return value
        folded = {option.casefold(): option for option in allowed}
        match = folded.get(value.strip().casefold())
        if match is not None:
            return match
    options = ", ".join(repr(option) for option in allowed)
    raise ValueError(f"must be one of {options}, got {shown(value)}")


_CONVERTERS: dict[ValueType, Callable[[Any, Sequence[str]], Any]] = {
    ValueType.STRING: _to_string,
    ValueType.INTEGER: _to_integer,
    ValueType.NUMBER: _to_number,
    ValueType.BOOLEAN: _to_boolean,
    ValueType.LIST: _to_list,
    ValueType.ENUM: _to_enum,
}


class _Strict(BaseModel):
    """Unknown keys are errors: a typo must never be silently ignored."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class MarkedModel(BaseModel):
    """A model read from YAML that remembers where each key was written: a scenario, a test.

    The marks are private, so they are never read from YAML, dumped, or put in the JSON
    Schema; they are empty for a model built in memory, and stale after in-memory edits
    (re-parse to refresh).
    """

    _marks: Marks = PrivateAttr(default_factory=dict)

    @property
    def marks(self) -> Marks:
        """Where each key was in the file when it was parsed (:data:`Marks`)."""
        return self._marks

    @marks.setter
    def marks(self, value: Marks) -> None:
        self._marks = value

    def mark(self, *field: str) -> tuple[int, int] | None:
        """The (line, column) of ``field`` or of its nearest ancestor that has a mark.

        ``mark("steps", "greet", "transitions", "next", "to")`` → where that target is written.
        """
        for end in range(len(field), 0, -1):
            found = self._marks.get(field[:end])
            if found is not None:
                return found
        return None


class _Typed(_Strict):
    type: ValueType = Field(
        default=ValueType.STRING,
        description="string, integer, number, boolean, list (of strings) or enum (with values)",
    )
    description: str = Field(default="", description="What the value means (shown to the model)")
    values: list[str] | None = Field(
        default=None, description="The allowed values of an enum (required when type is enum)"
    )
    allow_blank: bool = Field(
        default=False,
        description="A blank text ('' or only spaces) counts as known for 'required' and "
        "'requires' (by default it does not: a blank name must not let the conversation move on)",
    )

    def convert(self, value: Any) -> Any:
        """``value`` as this declaration's type (see :meth:`ValueType.convert`)."""
        return self.type.convert(value, self.values)

    def counts_as_known(self, value: Any) -> bool:
        """See :func:`is_known`."""
        return is_known(value, self)

    @model_validator(mode="after")
    def _enum_needs_values(self) -> _Typed:
        if self.type is ValueType.ENUM and not self.values:
            raise ValueError("an enum needs a non-empty 'values' list")
        if self.type is not ValueType.ENUM and self.values is not None:
            raise ValueError("'values' is only allowed when type is enum")
        return self


def is_known(value: Any, declared: _Typed | None = None) -> bool:
    """Whether ``value`` counts as known for a ``required`` result and a transition's
    ``requires``: anything but ``None`` and blank text (``""``, spaces), unless its declaration
    says ``allow_blank: true``. The one rule of the FSM, the turn loop and the variables."""
    if value is None:
        return False
    if isinstance(value, str) and not value.strip():
        return declared is not None and declared.allow_blank
    return True


class Variable(_Typed):
    """A dialogue variable, kept by ``vars_memory`` with the history of its changes."""

    default: Any = Field(default=None, description="Initial value (unset when omitted)")


class ResultField(_Typed):
    """A structured result the model returns for a step.

    A result whose name is a declared variable updates that variable. ``required`` results must
    be known before the step may be left.
    """

    required: bool = Field(
        default=False, description="The step may not be left before this result is known"
    )


class Transition(_Strict):
    """Where a signal leads, and the variables that must be set before the FSM allows it."""

    to: Identifier = Field(description="The step this signal leads to")
    description: str = Field(default="", description="When to take it (shown to the model)")
    requires: list[Identifier] = Field(
        default_factory=list, description="Variables that must be set before it is allowed"
    )


class StepKind(StrEnum):
    PROMPT = "prompt"  #: the model answers under the step's instructions
    MESSAGE = "message"  #: fixed (templated) text, no model call
    ACTION = "action"  #: calls a Python function or an HTTP endpoint, no model call


class OnEnter(StrEnum):
    WAIT = "wait"  #: wait for the user's next message (the default; no extra call)
    RESPOND = "respond"  #: reply at once under this step's instructions (one extra call)


class Step(_Strict):
    """One step of the dialogue: what the model is told there, what it returns, where it leads."""

    id: SkipJsonSchema[str] = Field(default="", exclude=True)
    title: str = Field(default="", description="Human title (default: the id, capitalised)")
    goal: str = Field(default="", description="One line, shown to the model in other steps")
    kind: StepKind = Field(
        default=StepKind.PROMPT,
        description="prompt: the model answers; message: fixed text is sent, no model call; "
        "action: a Python function or an HTTP endpoint is called, no model call",
    )
    instructions: str | None = Field(
        default=None, description="Path of the step's Markdown instructions, inside the folder"
    )
    text: str | None = Field(default=None, description="The text a message step sends")
    final: bool = Field(default=False, description="Entering this step ends the conversation")
    on_enter: OnEnter = Field(
        default=OnEnter.WAIT,
        description="wait for the user, or respond at once (costs one extra model call)",
    )
    results: dict[Identifier, ResultField] = Field(
        default_factory=dict, description="What the model returns in this step, by name"
    )
    transitions: dict[Identifier, Transition] = Field(
        default_factory=dict,
        description="Signal name → transition; 'stay' is implicit. An action step's are keyed "
        "by outcome: ok, error, timeout or one the action names",
    )
    call: ActionCallSpec | None = Field(
        default=None, description="What an action step calls: {python: NAME} or {http: {...}}"
    )
    inputs: list[Identifier] = Field(
        default_factory=list,
        description="Variables (or earlier results) an action step hands to its call",
    )
    timeout_s: float | None = Field(
        default=None,
        gt=0,
        le=MAX_TIMEOUT_S,
        description=f"How long an action step waits for its call (default {DEFAULT_TIMEOUT_S:g})",
    )

    #: The instruction file's text, attached by the loader (or edited in the studio).
    instructions_text: SkipJsonSchema[str] = Field(default="", exclude=True)

    @property
    def display_title(self) -> str:
        return self.title or self.id.replace("_", " ").capitalize()

    @property
    def action_timeout_s(self) -> float:
        """How long the step's action may take (``timeout_s``, else the default)."""
        return self.timeout_s if self.timeout_s is not None else DEFAULT_TIMEOUT_S


class PromptLayout(StrEnum):
    """How the prompt of each call is laid out (see :mod:`engine.dialogue.prompting`)."""

    #: The default: for each new chain, the layout of the ``compact`` family that bills least
    #: for this scenario and model (:mod:`engine.dialogue.layout_choice`), maybe with the goals
    #: of every step in the constant prefix so that it reaches the cache minimum.
    AUTO = "auto"
    #: The chain restarts at each step change from the summaries of the steps left; constant
    #: instructions and one schema for the whole conversation.
    COMPACT = "compact"
    #: As ``compact``, with each step's own schema (for servers without ``anyOf`` schemas).
    COMPACT_STEP_SCHEMA = "compact_step_schema"
    #: One chain for the whole conversation; each step's section enters it once.
    APPEND = "append"
    #: The step's section in the instructions and a per-step schema (the first layout).
    PER_STEP = "per_step"


class ModelSettings(_Strict):
    """Defaults and limits for the model calls; the studio and the CLI can override the model."""

    name: str = Field(default="gpt-4.1-mini", description="The model's name at the provider")
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_output_tokens: int | None = Field(default=None, gt=0)
    layout: PromptLayout = Field(
        default=PromptLayout.AUTO,
        description="How prompts are laid out for the provider's cache: auto (the default: "
        "the cheapest for this scenario and model), compact, compact_step_schema, append or "
        "per_step",
    )
    max_cost_usd: float | None = Field(
        default=None,
        gt=0,
        description="Budget of one conversation in US dollars: a call that could exceed it is "
        "not sent",
    )
    max_prompt_tokens: int = Field(
        default=DEFAULT_MAX_PROMPT_TOKENS,
        gt=0,
        description="Largest prompt one call may send, in (estimated) tokens",
    )
    max_reply_chars: int = Field(
        default=DEFAULT_MAX_REPLY_CHARS,
        gt=0,
        description="Longest reply accepted from the model, in characters",
    )
    stream: bool = Field(
        default=True,
        description="Show the bot's message as the model writes it, where the provider can "
        "stream (false: the whole reply at once; the reply and its cost are the same)",
    )


class ContractSettings(_Strict):
    """How strictly the engine holds the model to the contract, and what it says on giving up."""

    max_attempts: int = Field(
        default=3, ge=1, le=10, description="Model calls per user message, corrections included"
    )
    fallback_message: str | None = Field(
        default=None,
        description="Sent when the model keeps breaking the contract; the step does not change "
        "(default: a sentence in the scenario's language)",
    )


class Scenario(_Strict, MarkedModel):
    name: Identifier = Field(description="Machine name of the scenario")
    title: str = Field(default="", description="Human title")
    description: str = Field(
        default="", description="What the conversation is for (sent to the model)"
    )
    language: str = Field(
        default=ENGLISH,
        pattern=BCP47_PATTERN,
        description="The language of its conversations, a BCP 47 tag (en, fr, hi, pt-BR…): the "
        "engine's own words in the prompts are written in it",
    )
    start: Identifier = Field(description="The step the conversation starts in")
    persona: str | None = Field(
        default=None, description="Path of the persona file (sent on every call), inside the folder"
    )
    model: ModelSettings = Field(default_factory=ModelSettings)
    contract: ContractSettings = Field(default_factory=ContractSettings)
    variables: dict[Identifier, Variable] = Field(
        default_factory=dict, description="The dialogue's variables, by name"
    )
    steps: dict[Identifier, Step] = Field(description="The steps, by id")
    actions: ActionsSettings = Field(
        default_factory=ActionsSettings,
        description="Where Python actions live and which hosts HTTP actions may reach",
    )

    #: The folder the scenario was loaded from (relative file paths resolve against it).
    root: SkipJsonSchema[Path | None] = Field(default=None, exclude=True)
    #: The persona file's text, attached by the loader.
    persona_text: SkipJsonSchema[str] = Field(default="", exclude=True)

    @model_validator(mode="after")
    def _name_steps(self) -> Scenario:
        for step_id, step in self.steps.items():
            step.id = step_id
        return self

    def step(self, step_id: str) -> Step:
        return self.steps[step_id]

    @property
    def yaml_path(self) -> Path | None:
        return self.root / "scenario.yaml" if self.root else None

    @property
    def placeholder_names(self) -> list[str]:
        """What a ``{{placeholder}}`` may name, in order: the variables, then every step's
        results — what the engine fills, and what a step captures from the conversation.

        The one rule: the validator reports a placeholder naming anything else, and the
        studio's instruction editor marks and completes by it."""
        names = dict.fromkeys(self.variables)
        for step in self.steps.values():
            names.update(dict.fromkeys(step.results))
        return list(names)

    @property
    def fallback_text(self) -> str:
        """Sent when the model keeps breaking the contract: the author's ``fallback_message``,
        else the default sentence in the scenario's language."""
        if self.contract.fallback_message is not None:
            return self.contract.fallback_message
        return scaffolding(self.language).say("fallback_message")


SCENARIO_FILE = "scenario.yaml"


__all__ = [
    "BRACED",
    "IDENTIFIER",
    "IDENTIFIER_PATTERN",
    "PLACEHOLDER",
    "RESERVED_SIGNALS",
    "SCENARIO_FILE",
    "STAY",
    "ContractSettings",
    "Identifier",
    "MarkedModel",
    "Marks",
    "ModelSettings",
    "OnEnter",
    "PromptLayout",
    "ResultField",
    "Scenario",
    "Step",
    "StepKind",
    "Transition",
    "ValueType",
    "Variable",
    "is_known",
    "shown",
    "unique_name",
]
