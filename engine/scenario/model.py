"""The scenario as data: pydantic models of ``scenario.yaml``.

A scenario is a folder: ``scenario.yaml`` (the graph), one Markdown instruction file per step and
a persona file. These models describe the YAML; the loader (``loader.py``) attaches the text of
the referenced files (``Step.instructions_text``, ``Scenario.persona_text``) so that the engine
and the studio work on one in-memory object — the studio's unsaved edits included — and never
re-read files behind the author's back.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.json_schema import SkipJsonSchema

#: The implicit signal for remaining in the current step; it may not be declared.
STAY = "stay"
RESERVED_SIGNALS = frozenset({STAY})

Identifier = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")]


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
    type: ValueType = ValueType.STRING
    description: str = ""
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

    required: bool = False


class Transition(_Strict):
    """Where a signal leads, and the variables that must be set before the FSM allows it."""

    to: Identifier
    description: str = ""
    requires: list[Identifier] = Field(default_factory=list)


class StepKind(StrEnum):
    PROMPT = "prompt"  #: the model answers under the step's instructions
    MESSAGE = "message"  #: fixed (templated) text, no model call


class OnEnter(StrEnum):
    WAIT = "wait"  #: wait for the user's next message (the default; no extra call)
    RESPOND = "respond"  #: reply at once under this step's instructions (one extra call)


class Step(_Strict):
    id: SkipJsonSchema[str] = Field(default="", exclude=True)
    title: str = ""
    goal: str = Field(default="", description="One line, shown to the model in other steps")
    kind: StepKind = StepKind.PROMPT
    instructions: str | None = Field(
        default=None, description="Path of the step's Markdown instructions, inside the folder"
    )
    text: str | None = Field(default=None, description="The text a message step sends")
    final: bool = False
    on_enter: OnEnter = OnEnter.WAIT
    results: dict[Identifier, ResultField] = Field(default_factory=dict)
    transitions: dict[Identifier, Transition] = Field(default_factory=dict)

    #: The instruction file's text, attached by the loader (or edited in the studio).
    instructions_text: SkipJsonSchema[str] = Field(default="", exclude=True)

    @property
    def display_title(self) -> str:
        return self.title or self.id.replace("_", " ").capitalize()


class ModelSettings(_Strict):
    name: str = "gpt-4.1-mini"
    temperature: float | None = None
    max_output_tokens: int | None = Field(default=None, gt=0)


class ContractSettings(_Strict):
    """How strictly the engine holds the model to the contract, and what it says when it gives up."""

    max_attempts: int = Field(
        default=3, ge=1, le=10, description="Model calls per user message, corrections included"
    )
    fallback_message: str = Field(
        default="Sorry, I didn't quite get that. Could you say it again in other words?",
        description="Sent when the model keeps breaking the contract; the step does not change",
    )


class Scenario(_Strict):
    name: Identifier
    title: str = ""
    description: str = ""
    start: Identifier
    persona: str | None = Field(default=None, description="Path of the persona file")
    model: ModelSettings = Field(default_factory=ModelSettings)
    contract: ContractSettings = Field(default_factory=ContractSettings)
    variables: dict[Identifier, Variable] = Field(default_factory=dict)
    steps: dict[Identifier, Step]

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


SCENARIO_FILE = "scenario.yaml"
