"""Stubs: what an action step answers when it is not run — in tests, simulations, an untrusted
folder, or the studio's chat set to *stubbed*.

A stub names an outcome and, optionally, results and an error message; a bare outcome name is
short for ``{outcome: NAME}``::

    actions:                       # in a test file (from a turn on: under that turn)
      find_slots: {outcome: ok, results: {slots: [Mon 9:00, Tue 14:30]}}
      book: no_slots

A stubs file (``simulate --stubs FILE``; ``tests/stubs.yaml`` of a scenario by default) holds
the same mapping under ``stubs:``. It is read like every file that came with a scenario: through
the bounded reader, with the loader's YAML limits, its errors located at line and column.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.actions.outcome import ActionMode, ActionOutcome
from engine.errors import ScenarioError, ScenarioErrors, UnreadableFile
from engine.io.input_limits import MAX_TEXT_FILE_BYTES
from engine.io.untrusted import read_text
from engine.scenario.actions import ERROR
from engine.scenario.definition import Identifier, MarkedModel
from engine.scenario.loader import compose_yaml, located_errors

#: The stubs file a scenario's simulations read when ``--stubs`` does not name one.
DEFAULT_STUBS_FILE = "tests/stubs.yaml"


class Stub(BaseModel):
    """What a stubbed action step answers."""

    model_config = ConfigDict(extra="forbid")

    outcome: Identifier = Field(default="ok", description="ok, error, timeout, or a named one")
    results: dict[Identifier, Any] = Field(
        default_factory=dict, description="The results, by name (converted like a real action's)"
    )
    error: str | None = Field(default=None, description="The message of an 'error' outcome")

    @model_validator(mode="before")
    @classmethod
    def _bare_outcome(cls, value: Any) -> Any:
        if isinstance(value, str):
            return {"outcome": value}
        return value

    def answer(self, *, mode: ActionMode = "stubbed") -> ActionOutcome:
        """The outcome this stub stands for."""
        error = self.error
        if self.outcome == ERROR and error is None:
            error = "stubbed: the outcome 'error'"
        results = dict(self.results) if self.outcome != ERROR else {}
        return ActionOutcome(self.outcome, results=results, error=error, mode=mode)


#: Stubs by action step id.
Stubs = dict[Identifier, Stub]


class StubsFile(MarkedModel):
    """A stubs file: ``stubs: {STEP: STUB, …}``."""

    model_config = ConfigDict(extra="forbid")

    stubs: dict[Identifier, Stub] = Field(default_factory=dict)


def load_stubs(path: Path | str, *, inside: Path | str | None = None) -> Stubs:
    """Read a stubs file; :class:`ScenarioErrors` lists what is wrong, located. ``inside``: the
    scenario's folder, for its own ``tests/stubs.yaml`` (a link out of it is refused)."""
    file = Path(path)
    try:
        text = read_text(file, limit=MAX_TEXT_FILE_BYTES, what="the stubs file", inside=inside)
    except UnreadableFile as error:
        raise ScenarioErrors([error]) from None
    data, marks = compose_yaml(text, path=file)
    if not isinstance(data, dict):
        raise ScenarioErrors(
            [
                ScenarioError(
                    "a stubs file is a mapping: 'stubs: {STEP: {outcome: ..., results: ...}}'",
                    path=file,
                    line=1,
                    column=1,
                )
            ]
        )
    try:
        read = StubsFile.model_validate(data)
    except ValidationError as error:
        raise ScenarioErrors(located_errors(error, marks, file, StubsFile)) from None
    return dict(read.stubs)


__all__ = ["DEFAULT_STUBS_FILE", "Stub", "Stubs", "StubsFile", "load_stubs"]
