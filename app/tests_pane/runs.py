"""Running the tests of one session, one run at a time, and each test's last outcome — no widgets.

:class:`TestRuns` plans a run (:func:`~app.tests_pane.plan.plan_run`: the scenario and the test
files as edited), starts it on a :class:`~app.tests_pane.worker.SuiteWorker`, turns the runner's
progress into per-test signals for the pane, and keeps each test's last :class:`Outcome` with
what it ran on, so a result edited past can say so. A stopped test keeps its previous outcome.
A record run's cassettes come back as one undoable edit of the document.

Each run writes its logs to a fresh folder under the system's temporary folder, as
``python -m engine test`` does. Running the tests again and again from the studio must not fill
it: a run's folder is removed once no test's last outcome points into it any more.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal

from app import commands
from app.edit_session import EditSession
from app.i18n.locale_text import number
from app.tests_pane.catalog import TestFile
from app.tests_pane.plan import Mode, RunPlan, plan_run
from app.tests_pane.worker import ProviderFactory, SuiteWorker
from engine.errors import ScenarioError
from engine.scenario.definition import Scenario
from engine.scenario_tests import (
    ScenarioTestResult,
    SuiteResult,
    TestFinished,
    TestStarted,
    TurnChecked,
)

#: Makes the provider of a record or live run, or says why there is none ("add a key…").
ProviderSource = Callable[[], ProviderFactory | str]


@dataclass(frozen=True)
class Outcome:
    """A test's last result, and what it ran on (to tell when it is out of date)."""

    result: ScenarioTestResult
    #: the test file's text when it ran
    text: str
    #: the document's scenario it ran on (the document hands out a new one after an edit)
    scenario: Scenario | None
    finished_at: datetime

    def outdated(self, text: str, scenario: Scenario | None) -> str:
        """Why this outcome no longer describes the test ("" when it still does)."""
        if text != self.text:
            return QCoreApplication.translate(
                "TestRuns", "The test file was edited after this run: run it again."
            )
        if scenario is not self.scenario:
            return QCoreApplication.translate(
                "TestRuns", "The scenario was edited after this run: run it again."
            )
        return ""


class TestRuns(QObject):
    """See the module docstring."""

    __test__ = False  # not a pytest test class

    #: a run started: the relpaths it runs, in order
    started = Signal(list)
    #: (relpath, why) a chosen test that cannot run
    skipped = Signal(str, str)
    #: (relpath, what it is doing: "running", "turn 3/10", …)
    progressed = Signal(str, str)
    #: a test's run ended (its outcome is in ``outcomes``, or its previous one stands)
    testFinished = Signal(str)
    #: the run ended (a ``SuiteResult``; ``stopped`` tells whether it was stopped)
    finished = Signal(object)
    #: (message, is_problem) for the author
    message = Signal(str, bool)

    def __init__(self, session: EditSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.outcomes: dict[str, Outcome] = {}
        self.provider_source: ProviderSource | None = None
        self.worker: SuiteWorker | None = None
        self.plan: RunPlan | None = None
        self.stopped = False
        self._scenario: Scenario | None = None
        self._texts: dict[str, str] = {}
        #: the log folders of the runs so far (removed once no outcome points into them)
        self.log_dirs: list[Path] = []

    @property
    def running(self) -> bool:
        return self.worker is not None

    def provider(self) -> ProviderFactory | str:
        """The provider for record and live runs, or why there is none."""
        if self.provider_source is None:
            return self.tr("no model is set up (the test chat's Settings… set one up).")
        return self.provider_source()

    def run(self, files: list[TestFile], mode: Mode, *, fake_model: bool = False) -> str | None:
        """Start a run of ``files``; None when it started, else why it did not.
        ``fake_model``: record with the fake model (no key needed)."""
        if self.worker is not None:
            return self.tr("a run is under way")
        factory: ProviderFactory | None = None
        fake_model = fake_model and mode == "record"
        if mode != "replay" and not fake_model:
            source = self.provider()
            if isinstance(source, str):
                return self.tr("A {mode} run calls the model, and {why}").format(
                    mode=mode, why=source
                )
            factory = source
        try:
            plan = plan_run(self.session.document, files, mode, fake_model=fake_model)
        except ScenarioError as error:
            return error.message
        for relpath, why in plan.skipped.items():
            self.skipped.emit(relpath, why)
        if not plan.tests:
            plan.close()
            return self.tr("Nothing to run: every chosen test has errors (see Problems).")
        self.plan = plan
        self.stopped = False
        self._scenario = self.session.document.scenario
        self._texts = {file.relpath: file.text for file in files}
        worker = SuiteWorker(plan, provider=factory, parent=self)
        worker.progress.connect(lambda progress: self._progress(worker, progress))
        worker.finished.connect(lambda result: self._finished(worker, result))
        worker.failed.connect(lambda why: self._failed(worker, why))
        self.worker = worker
        self.started.emit(list(plan.relpaths))
        worker.start()
        return None

    def stop(self, *, wait: bool = False) -> None:
        """Stop the run under way after the turn each test is in (``wait``: for it to end,
        dropping what it would still report — for closing)."""
        worker = self.worker
        if worker is None:
            return
        self.stopped = True
        worker.stop()
        if wait:
            worker.wait(10.0)
            self._end(worker)

    # --- from the worker, on the UI thread ---------------------------------------------------

    def _progress(self, worker: SuiteWorker, batch: list[object]) -> None:
        """A batch of the runner's progress: each finished test, and what each test still
        running is doing now (only its latest turn)."""
        plan = self.plan
        if worker is not self.worker or plan is None:
            return
        doing: dict[int, str] = {}
        failed: set[int] = set()
        for progress in batch:
            if isinstance(progress, TestStarted):
                doing[progress.index] = self.tr("running")
            elif isinstance(progress, TurnChecked):
                if not progress.record.passed:
                    failed.add(progress.index)
                total = len(plan.tests[progress.index].turns)
                mark = " " + self.tr("(a check failed)") if progress.index in failed else ""
                doing[progress.index] = (
                    self.tr("turn {turn}/{total}").format(
                        turn=number(progress.record.turn), total=number(total)
                    )
                    + mark
                )
            elif isinstance(progress, TestFinished):
                doing.pop(progress.index, None)
                self._keep(plan.relpaths[progress.index], progress.result)
        for index, what in doing.items():
            self.progressed.emit(plan.relpaths[index], what)

    def _keep(self, relpath: str, result: ScenarioTestResult) -> None:
        current = self.outcomes.get(relpath)
        if current is not None and current.result is result:
            return
        if not (result.status == "error" and result.error == "cancelled"):
            self.outcomes[relpath] = Outcome(
                result, self._texts.get(relpath, ""), self._scenario, datetime.now()
            )
        self.testFinished.emit(relpath)

    def _finished(self, worker: SuiteWorker, result: SuiteResult) -> None:
        plan = self.plan
        if worker is not self.worker or plan is None:
            return
        for relpath, test_result in zip(plan.relpaths, result.results, strict=True):
            self._keep(relpath, test_result)
        if plan.mode == "record":
            self._keep_recordings(plan, list(result.results))
        self._end(worker)
        self.log_dirs.append(result.log_dir)
        self._forget_old_logs()
        self.finished.emit(result)

    def _failed(self, worker: SuiteWorker, why: str) -> None:
        if worker is not self.worker:
            return
        self._end(worker)
        self.message.emit(f"The tests could not run: {why}", True)
        self.finished.emit(None)

    def _end(self, worker: SuiteWorker) -> None:
        if worker is not self.worker:
            return
        self.worker = None
        if self.plan is not None:
            self.plan.close()
            self.plan = None
        worker.deleteLater()

    def _forget_old_logs(self) -> None:
        shown = {
            outcome.result.log_path.parent
            for outcome in self.outcomes.values()
            if outcome.result.log_path is not None
        }
        for folder in list(self.log_dirs):
            if folder not in shown:
                shutil.rmtree(folder, ignore_errors=True)
                self.log_dirs.remove(folder)

    def _keep_recordings(self, plan: RunPlan, results: list[ScenarioTestResult]) -> None:
        """A record run's cassettes become one undoable edit of the document."""
        session = self.session
        try:
            texts = plan.recorded(results)
        except OSError as error:
            self.message.emit(
                self.tr("The recordings could not be read back: {error}").format(error=error), True
            )
            return
        texts = {
            relpath: text for relpath, text in texts.items() if not self._same_text(relpath, text)
        }
        if not texts:
            return
        label = (
            self.tr("Record {file}").format(file=next(iter(texts)))
            if len(texts) == 1
            else self.tr("Record {count} tests").format(count=number(len(texts)))
        )
        try:
            with commands.macro(session.undo_stack, label) as edit:
                for relpath, text in texts.items():
                    edit.push(commands.SetTextCommand(session, relpath, text, label=label))
        except ScenarioError as error:
            self.message.emit(
                self.tr("The recordings could not be kept: {error}").format(error=error.message),
                True,
            )

    def _same_text(self, relpath: str, text: str) -> bool:
        try:
            return self.session.document.text(relpath) == text
        except ScenarioError:
            return False


__all__ = ["Outcome", "ProviderSource", "TestRuns"]
