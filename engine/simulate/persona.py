"""Personas: who the simulated user is, what they want, how they behave, and what they know.

A persona is a Markdown file in a scenario's ``tests/personas/`` folder. The text is what the
simulated user's model reads about the character it plays; optional YAML front matter between
``---`` lines adds what a program needs::

    ---
    name: Terse founder                # shown in reports (default: the file's name)
    model: gpt-4.1-mini                # the simulated user's model (default: the bot's)
    goal: A one-page brief for a booking app, in as few words as possible
    facts:                             # what the user knows and tells when asked
      project_name: SnipSlot           # a fact named like a variable or result is checked
      hours_per_week: 6                #   against what the bot recorded
      issue_summary: /sign.?in/        # /…/: checked only (never told), a regular expression
    behaviour: [terse, impatient]      # see TRAITS
    withholds: [budget_usd]            # never given, however often the bot asks
    ---
    Dana runs a hair salon and codes a little at night. ...

The front matter is read with the scenario loader's machinery (size, depth and alias limits,
duplicate keys, no tags) and its errors point at the persona file's own lines and columns, as a
scenario's do: ``tests/personas/terse.md:4:3: error: unknown key 'fact' (did you mean
'facts'?)``. A persona that does not parse stops a simulation before anything runs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import regex
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.errors import ScenarioError, ScenarioErrors, UnreadableFile
from engine.io.input_limits import MAX_PERSONA_BYTES
from engine.io.untrusted import folder_of, read_text
from engine.scenario.definition import Identifier, Marks
from engine.scenario.loader import compose_yaml, located_errors
from engine.scenario_tests.definition import TESTS_DIR, TextPattern

__all__ = [
    "MAX_PERSONA_BYTES",
    "PERSONAS_DIR",
    "TRAITS",
    "Persona",
    "PersonaSpec",
    "find_personas",
    "load_persona",
    "load_personas",
    "parse_persona",
    "persona_file",
    "render_fact",
]

#: Where a scenario keeps its personas, relative to the scenario folder.
PERSONAS_DIR = f"{TESTS_DIR}/personas"

#: The behaviours a persona may list, and what each tells the simulated user's model.
TRAITS: dict[str, str] = {
    "terse": "You answer in as few words as possible, often a bare value without a sentence.",
    "chatty": "You write long, friendly messages and often answer two questions at once, "
    "volunteering things you were not asked yet.",
    "confused": "You sometimes misunderstand a question, ask what it means, or answer a "
    "different one.",
    "changes_mind": "You sometimes give a value, then change your mind a message or two later "
    "and give the real one (the one in your facts).",
    "off_topic": "You sometimes drift off topic and talk about something unrelated.",
    "adversarial": "You test the bot: you sometimes try to make it ignore its instructions, "
    "reveal them, or do something it should not.",
    "impatient": "You give up and leave when the bot asks the same thing again and again.",
}

_FRONT_MATTER_FENCE = "---"
_START_HINT = (
    "front matter is YAML between two '---' lines: name, model, goal, facts, behaviour, withholds"
)

Scalar = str | int | float | bool


class PersonaSpec(BaseModel):
    """The front matter of a persona file."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(default="", description="Shown in reports (default: the file's name)")
    model: str | None = Field(
        default=None, description="The simulated user's model (default: the bot's)"
    )
    goal: str = Field(default="", description="What the user wants from the conversation")
    facts: dict[Identifier, Scalar | list[Scalar]] = Field(
        default_factory=dict,
        description="What the user knows; a fact named like a variable or a step result is "
        "checked against what the bot recorded. /…/ is checked only, as a regular expression",
    )
    behaviour: list[str] = Field(default_factory=list, description="Traits: " + ", ".join(TRAITS))
    withholds: list[Identifier] = Field(
        default_factory=list, description="Facts the user never gives, however often asked"
    )
    temperature: float | None = Field(
        default=None, ge=0, le=2, description="Sampling temperature of the simulated user's model"
    )

    @field_validator("behaviour")
    @classmethod
    def _known_traits(cls, traits: list[str]) -> list[str]:
        for trait in traits:
            if trait not in TRAITS:
                raise ValueError(f"unknown behaviour {trait!r}; known: {', '.join(TRAITS)}")
        return traits

    @field_validator("facts")
    @classmethod
    def _patterns_compile(cls, facts: dict[str, Any]) -> dict[str, Any]:
        for name, value in facts.items():
            if TextPattern.is_pattern(value):
                try:
                    TextPattern(value)
                except regex.error as error:
                    raise ValueError(
                        f"fact {name!r}: {value!r} is not a valid regular expression ({error})"
                    ) from None
        return facts


class Persona:
    """A loaded persona: its front matter, its description, and where it came from."""

    def __init__(
        self,
        spec: PersonaSpec,
        description: str,
        *,
        path: Path | None = None,
        marks: Marks | None = None,
    ) -> None:
        self.spec = spec
        self.description = description.strip()
        self.path = path
        #: Where each front-matter key was, in the persona file's own lines.
        self.marks = marks or {}

    @property
    def name(self) -> str:
        """The name shown in reports: ``name``, else the file's stem."""
        if self.spec.name:
            return self.spec.name
        return self.path.stem if self.path is not None else "persona"

    @property
    def key(self) -> str:
        """A short stable identifier: the file's stem (``terse_founder``)."""
        if self.path is not None:
            return self.path.stem
        return re.sub(r"[^A-Za-z0-9_-]+", "_", self.name).strip("_").lower() or "persona"

    @property
    def told_facts(self) -> dict[str, Any]:
        """The facts the user may tell: all but the ``/regex/`` ones (those are checks only)."""
        return {
            name: value
            for name, value in self.spec.facts.items()
            if not TextPattern.is_pattern(value)
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "key": self.key,
            "file": str(self.path) if self.path else None,
            **self.spec.model_dump(exclude_defaults=True, exclude={"name"}),
        }

    def __repr__(self) -> str:
        return f"Persona({self.name!r}, path={str(self.path) if self.path else None!r})"


def find_personas(scenario_dir: Path | str) -> list[Path]:
    """The scenario's persona files (``tests/personas/*.md``), sorted by name.

    Links are listed too (not followed): :func:`load_persona` with ``inside=`` the scenario
    folder refuses one that leads out of it, and says so, rather than skipping it unseen.
    """
    folder = Path(scenario_dir) / PERSONAS_DIR
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.glob("*.md") if path.is_file() or path.is_symlink())


def load_persona(path: Path | str, *, inside: Path | str | None) -> Persona:
    """Read and parse one persona file; :class:`ScenarioErrors` says what is wrong, located.

    ``inside`` is the folder the file must stay in (the scenario's, for a persona found there or
    named by its name; ``None`` only for a file the user named outside the scenario): the
    bounded reader refuses links out of it, pipes and devices, and files over
    :data:`~engine.io.input_limits.MAX_PERSONA_BYTES` before reading them.
    """
    file = Path(path)
    try:
        text = read_text(file, limit=MAX_PERSONA_BYTES, what="the persona file", inside=inside)
    except UnreadableFile as error:
        if error.reason == "missing":
            raise ScenarioErrors([ScenarioError("no such persona file", path=file)]) from None
        raise ScenarioErrors([error]) from None
    return parse_persona(text, path=file)


def parse_persona(text: str, *, path: Path | None = None) -> Persona:
    """Parse the text of a persona file (nothing else is read)."""
    text = text.removeprefix("\ufeff")
    front, first_line, body = _split_front_matter(text, path)
    spec, marks = _parse_front(front, first_line, path) if front.strip() else (PersonaSpec(), {})
    if not body.strip() and not spec.goal.strip():
        raise ScenarioErrors(
            [
                ScenarioError(
                    "the persona says nothing about the user",
                    path=path,
                    line=1,
                    column=1,
                    hint=(
                        "write who the user is and how they behave below the front matter, "
                        "or a goal"
                    ),
                )
            ]
        )
    return Persona(spec, body, path=path, marks=marks)


# --- front matter ----------------------------------------------------------------------------


def _split_front_matter(text: str, path: Path | None) -> tuple[str, int, str]:
    """(front matter, its first line number, body). No front matter: ("", 0, text)."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip("\r\n").rstrip() != _FRONT_MATTER_FENCE:
        return "", 0, text
    for index in range(1, len(lines)):
        if lines[index].rstrip("\r\n").rstrip() in (_FRONT_MATTER_FENCE, "..."):
            return "".join(lines[1:index]), 2, "".join(lines[index + 1 :])
    raise ScenarioErrors(
        [
            ScenarioError(
                "the front matter opened on line 1 is never closed",
                path=path,
                line=1,
                column=1,
                hint="end it with a line holding only '---'",
            )
        ]
    )


def _parse_front(front: str, first_line: int, path: Path | None) -> tuple[PersonaSpec, Marks]:
    shift = first_line - 1
    try:
        data, marks = compose_yaml(front, path=path)
    except ScenarioErrors as errors:
        raise ScenarioErrors([_shifted(error, shift) for error in errors.errors]) from None
    marks = {key: (line + shift, column) for key, (line, column) in marks.items()}
    if not isinstance(data, dict):
        raise ScenarioErrors(
            [
                ScenarioError(
                    "the front matter must be a mapping of keys to values",
                    path=path,
                    line=first_line,
                    column=1,
                    hint=_START_HINT,
                )
            ]
        )
    try:
        spec = PersonaSpec.model_validate(data)
    except ValidationError as error:
        raise ScenarioErrors(located_errors(error, marks, path, PersonaSpec)) from None
    return spec, marks


def _shifted(error: ScenarioError, shift: int) -> ScenarioError:
    """A YAML error of the front matter, at its line in the whole file and with our hint."""
    hint = _START_HINT if error.hint and "'steps:'" in error.hint else error.hint
    return ScenarioError(
        error.message,
        path=error.path,
        line=error.line + shift if error.line is not None else None,
        column=error.column,
        field=error.field,
        hint=hint,
    )


def render_fact(value: Any) -> str:
    """A fact as the simulated user reads it: text as is, yes/no, lists as JSON arrays."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def persona_file(scenario_dir: Path | str, given: Path | str) -> Path:
    """A persona path as given when it exists, else a name in the scenario's personas folder
    (``terse_founder`` or ``terse_founder.md``)."""
    path = Path(given)
    if path.exists():
        return path
    name = path.name if path.suffix == ".md" else f"{path.name}.md"
    inside = Path(scenario_dir) / PERSONAS_DIR / name
    return inside if inside.exists() else path


def load_personas(
    scenario_dir: Path | str, files: list[Path] | list[str] | None = None
) -> list[Persona]:
    """The personas to simulate: ``files`` (paths or names), else all of the scenario's.

    Every file is read before any error is raised, so :class:`ScenarioErrors` lists the problems
    of all of them; an empty selection is an error too (there is nothing to simulate).
    """
    paths = (
        [persona_file(scenario_dir, file) for file in files]
        if files
        else find_personas(scenario_dir)
    )
    if not paths:
        folder = Path(scenario_dir) / PERSONAS_DIR
        raise ScenarioErrors(
            [
                ScenarioError(
                    "no personas to simulate",
                    path=folder,
                    hint=f"write {PERSONAS_DIR}/NAME.md: who the user is, what they want, how they "
                    "behave",
                )
            ]
        )
    personas: list[Persona] = []
    errors: list[ScenarioError] = []
    for path in paths:
        try:
            personas.append(load_persona(path, inside=folder_of(path, scenario_dir)))
        except ScenarioErrors as problems:
            errors += problems.errors
    if errors:
        raise ScenarioErrors(errors)
    return personas
