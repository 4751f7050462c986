"""A scenario test as data: the pydantic models of ``tests/*.test.yaml``.

One file is one conversation: the values set before it starts, the user's messages in order,
and after each of them what must hold (the step, the signal taken, variables, the bot's words);
optionally, what must hold at the end. Every key under ``expect`` and ``end`` is optional::

    name: Books a dermatology slot
    variables: {patient_name: Ana Ruiz}
    turns:
      - user: Hello, I'd like an appointment
        expect: {step: identify}
      - user: Ana Ruiz, born 1987
        expect:
          step: reason
          transition: identified
          variables: {birth_year: 1987}
          bot_says: year                  # contained, case-insensitive; /…/ is a regex
    end: {finished: false, max_calls_per_message: 1.2}

The models only say what is well-formed; whether the steps, signals and variables exist in the
scenario is the checker's business (:mod:`engine.scenario_tests.check`), with the same located
findings as the scenario validator.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import regex
from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.json_schema import SkipJsonSchema

from engine.errors import PatternTooSlow
from engine.io.input_limits import REGEX_MATCH_SECONDS
from engine.scenario.definition import Identifier, MarkedModel

#: The folder of a scenario that holds its tests, and how test and cassette files are named.
TESTS_DIR = "tests"
TEST_SUFFIX = ".test.yaml"
CASSETTE_SUFFIX = ".replies.jsonl"

__all__ = [
    "CASSETTE_SUFFIX",
    "TESTS_DIR",
    "TEST_SUFFIX",
    "EndSpec",
    "Expect",
    "ScenarioTest",
    "TextPattern",
    "TurnSpec",
    "cassette_path",
    "stem_of",
]


class TextPattern:
    """``text`` (contained, case-insensitive) or ``/regex/`` (searched, case-insensitive, with
    ``.`` matching line breaks too: a reply often has several lines).

    The one reading of a ``bot_says``, of a text value expected in ``variables`` and of a
    persona's ``/…/`` fact. A pattern is the author's, the text it searches the model's, so a
    match is bounded: it is run by the ``regex`` package (the syntax of ``re``) with a time
    limit of :data:`~engine.io.input_limits.REGEX_MATCH_SECONDS` and without holding the GIL, so
    ``/(a+)+$/`` on 34 letters stops with :class:`~engine.errors.PatternTooSlow` naming the
    pattern instead of backtracking for hours — and the studio's window, whose Tests pane runs
    tests in a worker thread, keeps painting meanwhile.
    """

    def __init__(self, written: str) -> None:
        self.written = written
        self.is_regex = len(written) >= 2 and written.startswith("/") and written.endswith("/")
        body = written[1:-1] if self.is_regex else regex.escape(written)
        #: Raises ``regex.error`` for a malformed regular expression.
        self.regex = regex.compile(body, regex.IGNORECASE | regex.DOTALL)

    def matches(self, text: str) -> bool:
        """Whether the pattern is found in ``text``; :class:`PatternTooSlow` past the limit."""
        try:
            found = self.regex.search(text, timeout=REGEX_MATCH_SECONDS, concurrent=True)
        except TimeoutError:
            raise PatternTooSlow(self.written, len(text), REGEX_MATCH_SECONDS) from None
        return found is not None

    @staticmethod
    def is_pattern(value: Any) -> bool:
        """Whether an expected *value* is written as a ``/regex/`` (plain text is compared)."""
        return isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] == "/"


class _Strict(BaseModel):
    """Unknown keys are errors: a typo in an expectation must never be silently ignored."""

    model_config = ConfigDict(extra="forbid")


class Expect(_Strict):
    """What must hold after one user message has been handled."""

    step: Identifier | None = Field(
        default=None, description="The step the conversation is in after this turn"
    )
    transition: Identifier | None = Field(
        default=None,
        description="The signal taken during this turn ('stay': none was taken)",
    )
    variables: dict[Identifier, Any] = Field(
        default_factory=dict,
        description="Values after this turn; only those listed are compared. A text value "
        "written /…/ is a regular expression",
    )
    bot_says: str | None = Field(
        default=None,
        description="Text the bot's reply must contain (case-insensitive); /…/ for a regular "
        "expression",
    )

    @field_validator("bot_says")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is not None:
            _check_pattern(value)
        return value

    @field_validator("variables")
    @classmethod
    def _patterns_compile(cls, values: dict[str, Any]) -> dict[str, Any]:
        for value in values.values():
            for item in value if isinstance(value, list) else [value]:
                if TextPattern.is_pattern(item):
                    _check_pattern(item)
        return values

    @property
    def is_empty(self) -> bool:
        return (
            self.step is None
            and self.transition is None
            and not self.variables
            and self.bot_says is None
        )


class TurnSpec(_Strict):
    """One user message and what it must lead to."""

    user: str = Field(min_length=1, description="What the user says")
    expect: Expect = Field(default_factory=Expect, description="What must hold after it")

    @field_validator("user")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("a user message cannot be blank")
        return value


class EndSpec(_Strict):
    """What must hold after the last turn."""

    finished: bool | None = Field(
        default=None, description="Whether the conversation has reached a final step"
    )
    max_calls_per_message: float | None = Field(
        default=None,
        gt=0,
        description="Model calls per user message, corrections included, at most",
    )


class ScenarioTest(_Strict, MarkedModel):
    """One test: a conversation with expectations, run against the scenario it sits in."""

    __test__ = False  # not a pytest test class, whatever its name suggests to a collector

    name: str = Field(default="", description="What the test shows (default: the file name)")
    variables: dict[Identifier, Any] = Field(
        default_factory=dict, description="Values set before the first message"
    )
    turns: list[TurnSpec] = Field(min_length=1, description="The user's messages, in order")
    end: EndSpec | None = Field(default=None, description="Checked after the last turn")

    #: The file the test was read from (``None`` for a test built in memory).
    path: SkipJsonSchema[Path | None] = Field(default=None, exclude=True)

    @property
    def title(self) -> str:
        """The name shown in reports: ``name``, else the file's stem."""
        if self.name:
            return self.name
        return stem_of(self.path) if self.path else "unnamed test"

    @property
    def cassette_path(self) -> Path | None:
        return cassette_path(self.path) if self.path else None


def stem_of(path: Path) -> str:
    """``books_a_slot`` for ``tests/books_a_slot.test.yaml``."""
    name = path.name
    return name[: -len(TEST_SUFFIX)] if name.endswith(TEST_SUFFIX) else path.stem


def cassette_path(test_file: Path) -> Path:
    """The cassette beside a test file: ``NAME.test.yaml`` → ``NAME.replies.jsonl``."""
    return test_file.with_name(stem_of(test_file) + CASSETTE_SUFFIX)


def _check_pattern(value: str) -> None:
    try:
        TextPattern(value)
    except regex.error as error:
        raise ValueError(f"{value!r} is not a valid regular expression ({error})") from None
