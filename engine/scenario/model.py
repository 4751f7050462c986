"""The scenario as data: pydantic models of ``scenario.yaml``.

A scenario is a folder: ``scenario.yaml`` (the graph), one Markdown instruction file per step and
a persona file. These models describe the YAML; the loader (``loader.py``) attaches the text of
the referenced files (``Step.instructions_text``, ``Scenario.persona_text``) so that the engine
and the studio work on one in-memory object — the studio's unsaved edits included — and never
re-read files behind the author's back.
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator
from pydantic.json_schema import SkipJsonSchema

#: The implicit signal for remaining in the current step; it may not be declared.
STAY = "stay"
RESERVED_SIGNALS = frozenset({STAY})

IDENTIFIER_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"
#: The one pattern of step ids, signals, variable and result names (the models, the document,
#: the studio's dialogs and the draw.io import all check names with it).
IDENTIFIER = re.compile(IDENTIFIER_PATTERN)
Identifier = Annotated[str, Field(pattern=IDENTIFIER_PATTERN)]

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


class _Strict(BaseModel):
    """Unknown keys are errors: a typo must never be silently ignored."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class _Typed(_Strict):
    type: ValueType = Field(
        default=ValueType.STRING,
        description="string, integer, number, boolean, list (of strings) or enum (with values)",
    )
    description: str = Field(default="", description="What the value means (shown to the model)")
    values: list[str] | None = Field(
        default=None, description="The allowed values of an enum (required when type is enum)"
    )

    @model_validator(mode="after")
    def _enum_needs_values(self) -> _Typed:
        if self.type is ValueType.ENUM and not self.values:
            raise ValueError("an enum needs a non-empty 'values' list")
        if self.type is not ValueType.ENUM and self.values is not None:
            raise ValueError("'values' is only allowed when type is enum")
        return self


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
        description="prompt: the model answers; message: fixed text is sent, no model call",
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
        default_factory=dict, description="Signal name → transition; 'stay' is implicit"
    )

    #: The instruction file's text, attached by the loader (or edited in the studio).
    instructions_text: SkipJsonSchema[str] = Field(default="", exclude=True)

    @property
    def display_title(self) -> str:
        return self.title or self.id.replace("_", " ").capitalize()


class ModelSettings(_Strict):
    """Defaults for the model calls; the studio and the CLI can override them."""

    name: str = Field(default="gpt-4.1-mini", description="The model's name at the provider")
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_output_tokens: int | None = Field(default=None, gt=0)


class ContractSettings(_Strict):
    """How strictly the engine holds the model to the contract, and what it says on giving up."""

    max_attempts: int = Field(
        default=3, ge=1, le=10, description="Model calls per user message, corrections included"
    )
    fallback_message: str = Field(
        default="Sorry, I didn't quite get that. Could you say it again in other words?",
        description="Sent when the model keeps breaking the contract; the step does not change",
    )


class Scenario(_Strict):
    name: Identifier = Field(description="Machine name of the scenario")
    title: str = Field(default="", description="Human title")
    description: str = Field(
        default="", description="What the conversation is for (sent to the model)"
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

    #: The folder the scenario was loaded from (relative file paths resolve against it).
    root: SkipJsonSchema[Path | None] = Field(default=None, exclude=True)
    #: The persona file's text, attached by the loader.
    persona_text: SkipJsonSchema[str] = Field(default="", exclude=True)
    #: Where each key was in ``scenario.yaml`` when it was parsed; empty for scenarios built in
    #: memory. Private so it is never read from YAML, dumped, or put in the JSON Schema.
    _marks: Marks = PrivateAttr(default_factory=dict)

    @property
    def marks(self) -> Marks:
        """The YAML marks of the parsed text; stale after in-memory edits (re-parse to refresh)."""
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


SCENARIO_FILE = "scenario.yaml"
