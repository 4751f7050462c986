"""What one run of tests runs on: the current scenario and the tests as the document holds them.

The studio runs tests on the scenario in the editor, unsaved edits included, as the test chat
does — and on the test files and cassettes as edited, which may exist only in memory (a test
just saved from a chat, an expectation being fixed). The engine's runner reads a test's
cassette from beside its file, so a test whose file or cassette differs from disk is written,
with its cassette, into a private folder for the run (:class:`RunPlan`); the others run from
the scenario folder itself. Nothing in the scenario folder is written by a run: a recording
comes back as an edit of the document (:meth:`RunPlan.recorded`), saved with the scenario.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QCoreApplication

from app.tests_pane.catalog import TestFile, cassette_relpath
from engine.errors import ScenarioError
from engine.io.input_limits import MAX_CASSETTE_BYTES
from engine.io.untrusted import read_bytes, read_text
from engine.scenario.definition import Scenario
from engine.scenario.document import ScenarioDocument
from engine.scenario_tests import ScenarioTest, ScenarioTestResult, parse_test
from engine.scenario_tests.definition import cassette_path

Mode = Literal["replay", "record", "live"]


@dataclass
class RunPlan:
    """The scenario and the tests of one run, and where each test came from."""

    scenario: Scenario
    mode: Mode
    tests: list[ScenarioTest]
    #: the document's relpath of each test, in the order of ``tests``
    relpaths: list[str]
    #: the private folder the tests not run in place were written to (removed by ``close``)
    scratch: Path | None = None
    #: tests that could not be planned (relpath -> why)
    skipped: dict[str, str] = field(default_factory=dict)
    #: a record run answered by the fake model: the autopilot plays what each test expects (no
    #: key, no cost; the recordings say they are synthetic)
    fake_model: bool = False

    def recorded(self, results: list[ScenarioTestResult]) -> dict[str, str]:
        """The cassettes a record run wrote: cassette relpath -> its text."""
        texts: dict[str, str] = {}
        for relpath, test, result in zip(self.relpaths, self.tests, results, strict=True):
            if result.cassette_written and test.path is not None:
                texts[cassette_relpath(relpath)] = read_text(
                    cassette_path(test.path),
                    limit=MAX_CASSETTE_BYTES,
                    what="the cassette",
                    inside=test.path.parent,
                )
        return texts

    def close(self) -> None:
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None


def plan_run(
    document: ScenarioDocument, files: list[TestFile], mode: Mode, *, fake_model: bool = False
) -> RunPlan:
    """The run of ``files`` (the runnable ones) on the document's current scenario
    (``fake_model``: a record run with the fake model, see :attr:`RunPlan.fake_model`).

    Raises :class:`ScenarioError` when the scenario does not load: there is nothing to run on.
    """
    scenario = document.scenario
    if scenario is None:
        raise ScenarioError(
            QCoreApplication.translate(
                "TestRuns", "scenario.yaml does not load: fix it (see Problems) to run tests"
            )
        )
    plan = RunPlan(scenario.model_copy(deep=True), mode, [], [], fake_model=fake_model)
    for file in files:
        if not file.runnable:
            plan.skipped[file.relpath] = QCoreApplication.translate(
                "TestRuns", "the file has errors (see Problems)"
            )
            continue
        cassette = cassette_relpath(file.relpath)
        in_place = (
            mode != "record"
            and not document.is_modified(file.relpath)
            and (mode == "live" or not document.is_modified(cassette))
        )
        try:
            test = file.test if in_place else _write_copy(plan, document, file, cassette)
        except (OSError, ScenarioError) as error:
            plan.skipped[file.relpath] = QCoreApplication.translate(
                "TestRuns", "cannot prepare the run: {error}"
            ).format(error=error)
            continue
        assert test is not None
        plan.tests.append(test)
        plan.relpaths.append(file.relpath)
    return plan


def _write_copy(
    plan: RunPlan, document: ScenarioDocument, file: TestFile, cassette: str
) -> ScenarioTest:
    """The test as edited, written with its cassette as edited into the plan's folder."""
    if plan.scratch is None:
        plan.scratch = Path(tempfile.mkdtemp(prefix="prompter-studio-tests-"))
    target = plan.scratch / file.relpath
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(file.text, encoding="utf-8")
    if plan.mode == "replay":
        source = document.folder / cassette
        copy = plan.scratch / cassette
        if document.is_modified(cassette):
            copy.write_text(document.text(cassette), encoding="utf-8")
        elif source.is_file() or source.is_symlink():
            # through the bounded reader: a cassette linked to /dev/zero is refused, not copied
            data = read_bytes(
                source, limit=MAX_CASSETTE_BYTES, what="the cassette", inside=document.folder
            )
            copy.write_bytes(data)
    return parse_test(file.text, path=target)


__all__ = ["Mode", "RunPlan", "plan_run"]
