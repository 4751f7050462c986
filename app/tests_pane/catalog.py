"""The open scenario's tests as the document holds them: listed, parsed, checked — no widgets.

A test is read from the **document** (``tests/*.test.yaml``, unsaved edits included), never from
disk behind its back, and checked against the document's current scenario, exactly as
``python -m engine test`` checks the files before running: load errors and check findings with
file, line and column. Parsing and checking are cached by the file's text and the scenario
object (the document hands out a new scenario only when it changed), so listing the tests after
every edit costs only what changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.i18n.locale_text import number
from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.definition import Scenario
from engine.scenario.document import ScenarioDocument
from engine.scenario_tests import (
    CASSETTE_SUFFIX,
    TEST_SUFFIX,
    TESTS_DIR,
    ScenarioTest,
    check_test,
    parse_test,
)
from engine.scenario_tests.loader import MAX_TEST_BYTES

#: The glob of a scenario's test files, relative to its folder.
TEST_PATTERN = f"{TESTS_DIR}/*{TEST_SUFFIX}"


def stem_of(relpath: str) -> str:
    """``books_a_slot`` for ``tests/books_a_slot.test.yaml``."""
    name = relpath.rsplit("/", 1)[-1]
    return name[: -len(TEST_SUFFIX)] if name.endswith(TEST_SUFFIX) else name


def test_relpath(stem: str) -> str:
    return f"{TESTS_DIR}/{stem}{TEST_SUFFIX}"


def cassette_relpath(relpath: str) -> str:
    """The cassette beside a test file: ``tests/NAME.replies.jsonl``."""
    return f"{TESTS_DIR}/{stem_of(relpath)}{CASSETTE_SUFFIX}"


@dataclass(frozen=True)
class TestFile:
    """One test file of the document: its text, the test it parses to, what is wrong with it."""

    __test__ = False  # not a pytest test class

    relpath: str
    text: str
    #: ``None`` when the file does not parse (its errors are in ``findings``)
    test: ScenarioTest | None
    #: load errors and the checks against the scenario, located in the file
    findings: tuple[ScenarioError, ...]
    #: whether the document has its cassette (on disk, or saved by a chat and not written yet)
    has_cassette: bool

    @property
    def stem(self) -> str:
        return stem_of(self.relpath)

    @property
    def title(self) -> str:
        return self.test.title if self.test is not None and self.test.name else self.stem

    @property
    def errors(self) -> list[ScenarioError]:
        return [finding for finding in self.findings if finding.severity == "error"]

    @property
    def runnable(self) -> bool:
        """Whether it can run: it parses, and nothing it names is missing from the scenario."""
        return self.test is not None and not self.errors

    @property
    def turns(self) -> int:
        return len(self.test.turns) if self.test is not None else 0


class TestCatalog:
    """Lists and checks the tests of one document (see the module docstring)."""

    __test__ = False

    def __init__(self, document: ScenarioDocument) -> None:
        self.document = document
        #: relpath -> (text, parsed test or None, load errors)
        self._parsed: dict[str, tuple[str, ScenarioTest | None, tuple[ScenarioError, ...]]] = {}
        #: relpath -> (text, scenario, findings)
        self._checked: dict[str, tuple[str, Scenario, tuple[ScenarioError, ...]]] = {}

    def relpaths(self) -> list[str]:
        return self.document.files(TEST_PATTERN)

    def files(self) -> list[TestFile]:
        """Every test file, in run order (by name), parsed and checked."""
        scenario = self.document.scenario
        cassettes = set(self.document.files(f"{TESTS_DIR}/*{CASSETTE_SUFFIX}"))
        listed = self.relpaths()
        for gone in set(self._parsed) - set(listed):
            self._parsed.pop(gone, None)
            self._checked.pop(gone, None)
        return [self._file(relpath, scenario, cassettes) for relpath in listed]

    def file(self, relpath: str) -> TestFile | None:
        if relpath not in self.relpaths():
            return None
        cassettes = set(self.document.files(f"{TESTS_DIR}/*{CASSETTE_SUFFIX}"))
        return self._file(relpath, self.document.scenario, cassettes)

    def findings(self) -> list[ScenarioError]:
        """Every problem of every test file (what the Problems pane lists for the tests)."""
        return [finding for file in self.files() for finding in file.findings]

    def _file(self, relpath: str, scenario: Scenario | None, cassettes: set[str]) -> TestFile:
        path = self.document.folder / relpath
        try:
            text = self.document.text(relpath)
        except ScenarioError as error:
            return TestFile(
                relpath, "", None, (_located(error, path),), cassette_relpath(relpath) in cassettes
            )
        test, errors = self._parse(relpath, text, path)
        findings = errors
        if test is not None and scenario is not None:
            findings = self._check(relpath, text, scenario, test)
        return TestFile(relpath, text, test, findings, cassette_relpath(relpath) in cassettes)

    def _parse(
        self, relpath: str, text: str, path: Path
    ) -> tuple[ScenarioTest | None, tuple[ScenarioError, ...]]:
        cached = self._parsed.get(relpath)
        if cached is not None and cached[0] == text:
            return cached[1], cached[2]
        test: ScenarioTest | None = None
        errors: tuple[ScenarioError, ...] = ()
        if len(text.encode("utf-8")) > MAX_TEST_BYTES:
            errors = (
                ScenarioError(
                    QCoreApplication.translate(
                        "TestCatalog", "file is too large ({count} characters)"
                    ).format(count=number(len(text))),
                    path=path,
                    line=1,
                    column=1,
                ),
            )
        else:
            try:
                test = parse_test(text, path=path)
            except ScenarioErrors as problems:
                errors = tuple(problems.errors)
            except ScenarioError as problem:
                errors = (problem,)
        self._parsed[relpath] = (text, test, errors)
        self._checked.pop(relpath, None)
        return test, errors

    def _check(
        self, relpath: str, text: str, scenario: Scenario, test: ScenarioTest
    ) -> tuple[ScenarioError, ...]:
        cached = self._checked.get(relpath)
        if cached is not None and cached[0] == text and cached[1] is scenario:
            return cached[2]
        findings = tuple(check_test(scenario, test))
        self._checked[relpath] = (text, scenario, findings)
        return findings


def _located(error: ScenarioError, path: Path) -> ScenarioError:
    if error.path is not None:
        return error
    return ScenarioError(
        error.message, path=path, line=error.line, column=error.column, hint=error.hint
    )


__all__ = ["TEST_PATTERN", "TestCatalog", "TestFile", "cassette_relpath", "stem_of", "test_relpath"]
