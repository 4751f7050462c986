"""The Tests pane: the open scenario's tests, run on a worker thread, red / green / stale.

The list (:class:`~app.tests_pane.rows.TestList`) shows every ``tests/*.test.yaml`` of the
document (unsaved ones included) with the outcome of its last run: passed, failed at turn N,
stale at turn N (the recording no longer answers what the scenario asks), could not run — or
that the file has errors. Under a test that went wrong, one row per problem. Selecting a test
shows the details (expected against what happened, the user's message and the bot's reply) and
its file in the editor tab (:class:`~app.tests_pane.yaml_editor.TestFileEditor`).

* **Run all** / **Run selected** run on the scenario as it is in the editor (unsaved edits
  included, as the test chat does) and on the test files as edited
  (:class:`~app.tests_pane.runs.TestRuns`). *Replay* (the default) needs no key; *Record* and
  *Live* call the model the test chat is set up with, and are offered only when it has a key;
  *Record (fake model)* needs none: the autopilot plays what each test expects, so a stale test
  can be re-recorded without a key, its recording marked synthetic (the list says so, and the
  details say what such a test checks). A recording comes back as an undoable edit of the
  cassettes, saved with the scenario.
* Double-clicking a problem (or a test that went wrong) opens that run's log in the log viewer
  at the failing turn, with the expectation beside it (:mod:`.in_log`).
* **Coverage on graph** shades the steps and transitions no test exercised in the last runs
  (:mod:`.coverage`).
* A result is marked *before edits* once its test file or the scenario changed after the run.

The pane needs only the session; the studio glue (:mod:`.studio`) gives it the graph for the
coverage, a log opener wired like the chat's, and the chat's provider for record and live runs.

The list, the details, the editor tab and the run buttons share the selection and the last
run's results, and every change of either refreshes all four; the rows, the runs, the editor,
the coverage and the log link live in their own modules.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QFileSystemWatcher,
    QSize,
    Qt,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import QAction, QResizeEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app.edit_session import EditSession, follow_session
from app.i18n.locale_text import number
from app.logview.window import LogWindow, open_log_window
from app.plain_text import PlainLabel, RichLabel, plain_tooltip, show_message
from app.tests_pane.catalog import TestCatalog, TestFile
from app.tests_pane.coverage import CoverageShading, coverage_overlay
from app.tests_pane.describe import details_html
from app.tests_pane.in_log import show_run_in_log
from app.tests_pane.modes import FAKE_RECORD_ROW, MODES, ModeBox, mode_texts
from app.tests_pane.plan import Mode
from app.tests_pane.rows import TestList
from app.tests_pane.runs import Outcome, ProviderSource, TestRuns
from app.tests_pane.worker import ProviderFactory
from app.tests_pane.yaml_editor import TestFileEditor
from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.document import Change
from engine.scenario_tests import (
    TESTS_DIR,
    CoverageReport,
    ScenarioTest,
    SuiteResult,
    parse_test,
)

#: Opens a log in the viewer (the studio wires the chat's, so a replay drives the graph).
LogOpener = Callable[[Path], LogWindow]

REFRESH_DELAY_MS = 200
#: The list's share of a wide pane (the details and the editor get the rest).
LIST_SHARE = 0.5


#: The pane's own minimum height, below what its parts would ask for (see ``_build``).
MIN_HEIGHT = 90


class TestsPane(QWidget):
    """See the module docstring."""

    __test__ = False  # not a pytest test class

    #: a run ended (a ``SuiteResult``, or None when it could not run)
    runFinished = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("testsPane")
        self.session: EditSession | None = None
        self.catalog: TestCatalog | None = None
        self.runs: TestRuns | None = None
        self.files: list[TestFile] = []
        self.provider_source: ProviderSource | None = None
        self.log_opener: LogOpener | None = None
        self.coverage: CoverageShading | None = None
        #: replaceable in tests: (title, message, is_problem) -> None
        self.tell: Callable[[str, str, bool], None] = self._tell
        #: log windows opened without a log opener (kept while the pane lives)
        self.log_windows: list[LogWindow] = []
        self._coverage_after_run = False
        self._split_once = False
        self._refresh_timer = QTimer(self, singleShot=True, interval=REFRESH_DELAY_MS)
        self._refresh_timer.timeout.connect(self.refresh)
        #: the scenario folder and its tests/: a test written by another program (``prompter
        #: simulate --save-test``, a ``git pull``) appears in the list without an edit here
        self._folder_watch = QFileSystemWatcher(self)
        self._folder_watch.directoryChanged.connect(lambda _path: self._changed())
        self._built = False
        self._build()
        self.set_session(None)
        self._built = True

    # --- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        bar = self.toolbar = QToolBar(self)
        bar.setObjectName("testsToolbar")
        bar.setIconSize(QSize(16, 16))
        bar.setMovable(False)  # no handle: a pane's toolbar is not moved
        bar.setContentsMargins(0, 0, 0, 0)
        self.run_all_action = self._action(lambda: self.run())
        self.run_selected_action = self._action(lambda: self.run_selected())
        self.stop_action = self._action(lambda: self.stop())
        self.mode_box = ModeBox(self)
        self.mode_box.setObjectName("testsMode")
        for _mode in MODES:
            self.mode_box.addItem("")
        self.mode_box.opening.connect(self.update_modes)
        self.coverage_action = self._action(None)
        self.coverage_action.setCheckable(True)
        self.coverage_action.toggled.connect(self.show_coverage)
        self.edit_action = self._action(lambda: self.edit_selected())
        bar.addActions([self.run_all_action, self.run_selected_action, self.stop_action])
        bar.addWidget(self.mode_box)
        bar.addSeparator()
        bar.addActions([self.coverage_action, self.edit_action])
        # the summary beside the toolbar rather than in it (and the mode box as wide as the mode
        # shown): in French the toolbar overflowed at 1600×1000
        self.summary = PlainLabel(self)
        self.summary.setObjectName("testsSummary")
        self.summary.setContentsMargins(8, 0, 4, 0)
        self.summary.setMinimumWidth(0)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(bar)
        top.addWidget(self.summary, 1)

        self.tree = TestList(self)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self.tree.problemActivated.connect(self.open_log)
        self.tree.testActivated.connect(self._test_activated)
        self.details = QTextBrowser(self)
        self.details.setObjectName("testDetails")
        self.details.setOpenLinks(False)
        self.details.anchorClicked.connect(self._link)
        self.editor = TestFileEditor(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("testTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.details, "")
        self.tabs.addTab(self.editor, "")
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.tabs)
        self.splitter.setChildrenCollapsible(False)
        self.empty = RichLabel(self)
        self.empty.setObjectName("testsEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 4)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.empty, 1)
        # a strip under the graph, tabbed with Problems: the file editor's problem list must not
        # make the whole bottom area taller than the studio gives it (the author drags it taller)
        self.setMinimumHeight(MIN_HEIGHT)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set every text of the pane (again, on ``LanguageChange``)."""
        self.toolbar.setWindowTitle(self.tr("Tests"))
        for action, text, tip in (
            (
                self.run_all_action,
                self.tr("▶ Run all"),
                self.tr(
                    "Run every test of the scenario (as it is in the editor, unsaved edits "
                    "included)"
                ),
            ),
            (self.run_selected_action, self.tr("Run selected"), self.tr("Run the selected tests")),
            (self.stop_action, self.tr("■ Stop"), self.tr("Stop after the turn each test is in")),
            (
                self.coverage_action,
                self.tr("Coverage on graph"),
                self.tr(
                    "Shade the steps and transitions no test exercised in the "
                    "last runs (runs every test first if none ran)"
                ),
            ),
            (
                self.edit_action,
                self.tr("Edit file"),
                self.tr("Edit the selected test file (undoable; saved with the scenario)"),
            ),
        ):
            action.setText(text)
            action.setToolTip(plain_tooltip(tip))
        for row, (label, tip) in enumerate(mode_texts()):
            self.mode_box.setItemText(row, label)
            self.mode_box.setItemData(row, plain_tooltip(tip), Qt.ItemDataRole.ToolTipRole)
        self.mode_box.setToolTip(
            self.tr(
                "Replay needs no key; Record and Live call the model set up "
                "in the test chat's Settings…"
            )
        )
        self.tabs.setTabText(0, self.tr("Details"))
        self.tabs.setTabText(1, self.tr("File"))
        if self._built:
            self._update_empty()
            self._update_summary()
            for file in self.files:
                self.tree.show_test(
                    file, self.outcomes.get(file.relpath), self.outdated(file.relpath)
                )
            self._show_selected()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _action(self, slot: Callable[[], object] | None) -> QAction:
        action = QAction(self)
        if slot is not None:
            action.triggered.connect(lambda _checked=False: slot())
        return action

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Side by side in a wide pane (under the graph), stacked in a tall one (a column)."""
        super().resizeEvent(event)
        wide = event.size().width() > 1.4 * event.size().height()
        wanted = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() != wanted or not self._split_once:
            self._split_once = True
            self.splitter.setOrientation(wanted)
            length = event.size().width() if wide else event.size().height()
            first = int(length * LIST_SHARE)
            self.splitter.setSizes([first, length - first])

    # --- the session shown ---------------------------------------------------------------------

    def set_session(self, session: EditSession | None) -> None:
        """Show the tests of ``session`` (results of another scenario are dropped)."""
        if self.runs is not None:
            self.runs.stop(wait=True)
            self.runs.deleteLater()
        follow_session(
            self.session,
            session,
            {"changed": self._changed, "reloaded": self._reloaded, "saved": self._changed},
        )
        self.session = session
        self.catalog = TestCatalog(session.document) if session is not None else None
        self.runs = TestRuns(session, self) if session is not None else None
        if self.runs is not None:
            self.runs.provider_source = self._provider
            self.runs.started.connect(self._started)
            self.runs.skipped.connect(
                lambda relpath, why: self.tree.set_status(relpath, f"✖ {why}", "broken")
            )
            self.runs.progressed.connect(
                lambda relpath, doing: self.tree.set_status(relpath, f"▶ {doing}", "running")
            )
            self.runs.testFinished.connect(self._test_finished)
            self.runs.finished.connect(self._finished)
            self.runs.message.connect(
                lambda text, problem: self.tell(self.tr("Tests"), text, problem)
            )
        self.editor.set_session(session)
        self.tree.set_files([])
        self._watch_folder()
        self.refresh()
        if self.coverage is not None:
            self.coverage.follow_scene()
            self._update_coverage()

    def _watch_folder(self) -> None:
        watched = self._folder_watch.directories()
        if watched:
            self._folder_watch.removePaths(watched)
        if self.session is None:
            return
        folder = self.session.folder
        found = [str(path) for path in (folder, folder / TESTS_DIR) if path.is_dir()]
        if found:
            self._folder_watch.addPaths(found)

    def _provider(self) -> ProviderFactory | str:
        if self.provider_source is None:
            return self.tr(
                "no model is set up: Record and Live use the test chat's (its Settings…)."
            )
        return self.provider_source()

    @property
    def outcomes(self) -> dict[str, Outcome]:
        return self.runs.outcomes if self.runs is not None else {}

    def _changed(self, _change: Change | None = None) -> None:
        self._refresh_timer.start()
        if self.session is not None and len(self._folder_watch.directories()) < 2:
            self._watch_folder()  # tests/ may have been created (a first test saved)

    def _reloaded(self) -> None:
        self.outcomes.clear()
        self.refresh()

    def refresh(self) -> None:
        """Read the tests from the document again: list, checks, outdated results, coverage."""
        self._refresh_timer.stop()
        self.files = self.catalog.files() if self.catalog is not None else []
        for gone in set(self.outcomes) - {file.relpath for file in self.files}:
            del self.outcomes[gone]
        self.tree.set_files(self.files)
        if not self.running:
            for file in self.files:
                self.tree.show_test(
                    file, self.outcomes.get(file.relpath), self.outdated(file.relpath)
                )
        if self.session is not None:
            self.session.set_extra_problems(
                "tests", [finding for file in self.files for finding in file.findings]
            )
        self._update_empty()
        self._update_summary()
        self._update_actions()
        self._show_selected()
        if self.coverage is not None and self.coverage.shown:
            self._update_coverage()

    def outdated(self, relpath: str) -> str:
        """Why the last result of ``relpath`` no longer describes the test ("" when it does)."""
        outcome = self.outcomes.get(relpath)
        file = self._file(relpath)
        if outcome is None or file is None or self.session is None:
            return ""
        return outcome.outdated(file.text, self.session.document.scenario)

    def _file(self, relpath: str | None) -> TestFile | None:
        return next((file for file in self.files if file.relpath == relpath), None)

    def _update_empty(self) -> None:
        if self.session is None:
            text = self.tr("Open a scenario to see its tests.")
        elif not self.files:
            text = self.tr(
                "<p><b>This scenario has no tests yet.</b></p><p>Chat with it in the "
                "<b>Test chat</b>, then <b>File ▸ Save Chat as Test…</b> (or <b>Save as "
                "test…</b> in the chat's toolbar): the conversation becomes a test "
                "(<code>tests/NAME.test.yaml</code>) with its recorded replies, replayed "
                "here in a second and with no key.</p>"
            )
        else:
            text = ""
        self.empty.setText(text)
        self.empty.setVisible(bool(text))
        self.splitter.setVisible(not text)

    def _update_summary(self) -> None:
        if self.running:
            return
        counts: dict[str, int] = {}
        for file in self.files:
            outcome = self.outcomes.get(file.relpath)
            key = (
                "broken" if not file.runnable else (outcome.result.status if outcome else "not run")
            )
            counts[key] = counts.get(key, 0) + 1
        order = (
            ("passed", self.tr("{count} passed")),
            ("failed", self.tr("{count} failed")),
            ("stale", self.tr("{count} stale")),
            ("error", self.tr("{count} could not run")),
            ("broken", self.tr("{count} with errors")),
            ("not run", self.tr("{count} not run")),
        )
        self.summary.setText(
            " · ".join(
                label.format(count=number(counts[key])) for key, label in order if counts.get(key)
            )
        )

    def _update_actions(self) -> None:
        running = self.running
        self.run_all_action.setEnabled(not running and bool(self.files))
        self.run_selected_action.setEnabled(not running and bool(self.selected_relpaths()))
        self.stop_action.setEnabled(running)
        self.mode_box.setEnabled(not running)
        self.edit_action.setEnabled(len(self.selected_relpaths()) == 1)

    # --- selection, details, editor --------------------------------------------------------------

    def selected_relpaths(self) -> list[str]:
        return self.tree.selected_relpaths()

    def select(self, relpath: str) -> None:
        self.tree.select(relpath)

    def _selection_changed(self) -> None:
        self._update_actions()
        self._show_selected()

    def _show_selected(self) -> None:
        selected = self.selected_relpaths()
        file = self._file(selected[0] if len(selected) == 1 else None)
        if file is None:
            self.details.setHtml(
                self.tr("<p>Select a test to see its last result.</p>") if self.files else ""
            )
            if self.editor.relpath is not None:
                self.editor.show_file(None)
            return
        outcome = self.outcomes.get(file.relpath)
        self.details.setHtml(
            details_html(
                file.title,
                file.relpath,
                outcome.result if outcome else None,
                finished_at=outcome.finished_at if outcome else None,
                outdated=self.outdated(file.relpath),
                errors=[error.render() for error in file.errors] if not file.runnable else None,
            )
        )
        if self.editor.relpath != file.relpath:
            self.editor.show_file(file.relpath)
        self.editor.set_findings(list(file.findings))

    def edit_selected(self) -> None:
        """Show the selected test's file in the editor tab."""
        selected = self.selected_relpaths()
        if selected:
            self.open_file(selected[0])

    def open_file(self, relpath: str, line: int | None = None, column: int | None = None) -> None:
        self.select(relpath)
        self.raise_pane()
        self.tabs.setCurrentWidget(self.editor)
        if self.editor.relpath != relpath:
            self.editor.show_file(relpath)
        self.editor.go_to(line, column)

    def raise_pane(self) -> None:
        dock = self.parentWidget()
        if isinstance(dock, QDockWidget):
            dock.show()
            dock.raise_()

    def show_problem(self, problem: ScenarioError) -> bool:
        """Show a problem of a test file in the editor (for the Problems pane); False when the
        problem is not in a test file of this scenario."""
        if self.session is None or problem.path is None:
            return False
        try:
            relpath = problem.path.relative_to(self.session.folder).as_posix()
        except ValueError:
            return False
        if self._file(relpath) is None:
            return False
        self.open_file(relpath, problem.line, problem.column)
        return True

    def _test_activated(self, relpath: str) -> None:
        outcome = self.outcomes.get(relpath)
        if (
            outcome is not None
            and outcome.result.status != "passed"
            and (outcome.result.log_path is not None)
        ):
            self.open_log(relpath, outcome.result.failing_turn)
        else:
            self.open_file(relpath)

    def _link(self, url: QUrl) -> None:
        selected = self.selected_relpaths()
        if len(selected) != 1:
            return
        relpath, target = selected[0], url.toString()
        if target.startswith("log:"):
            turn = target.removeprefix("log:")
            self.open_log(relpath, int(turn) if turn.isdigit() else None)
        elif target == "edit:":
            self.open_file(relpath)
        elif target == "record:":
            self.run([relpath], mode="record", fake_model=False)
        elif target == "fake-record:":
            self.run([relpath], mode="record", fake_model=True)

    # --- the log viewer ------------------------------------------------------------------------

    def open_log(self, relpath: str, turn: int | None) -> LogWindow | None:
        """Open the last run of ``relpath`` in the log viewer at ``turn``, the expectation
        beside it."""
        outcome = self.outcomes.get(relpath)
        if outcome is None or outcome.result.log_path is None:
            self.tell(
                self.tr("Tests"), self.tr("This test has no log to show: run it first."), False
            )
            return None
        path = outcome.result.log_path
        if not path.exists():
            self.tell(
                self.tr("Tests"),
                self.tr(
                    "The run's log {file} is gone (the system's temporary folder "
                    "was cleaned): run the test again."
                ).format(file=path),
                True,
            )
            return None
        if self.log_opener is not None:
            window = self.log_opener(path)
        else:
            window = open_log_window(path)
            self.log_windows.append(window)
        test: ScenarioTest | None
        try:
            test = parse_test(outcome.text)
        except ScenarioErrors:
            test = None
        show_run_in_log(window, test, outcome.result, turn)
        window.raise_()
        window.activateWindow()
        return window

    # --- running ---------------------------------------------------------------------------------

    def mode(self) -> Mode:
        return MODES[max(0, self.mode_box.currentIndex())]

    @property
    def fake_model_chosen(self) -> bool:
        """Whether the runs record with the fake model (*Record (fake model)*)."""
        return self.mode_box.currentIndex() == FAKE_RECORD_ROW

    def set_mode(self, mode: Mode, *, fake_model: bool = False) -> bool:
        """Choose how the next runs are answered; False when ``mode`` is not available."""
        self.update_modes()
        row = FAKE_RECORD_ROW if fake_model else MODES.index(mode)
        model = self.mode_box.model()
        assert isinstance(model, QStandardItemModel)
        item = model.item(row)
        if item is None or not item.isEnabled():
            return False
        self.mode_box.setCurrentIndex(row)
        return True

    def update_modes(self) -> None:
        """Record and Live only when the chat's provider can be made (a key is configured)."""
        source = self.runs.provider() if self.runs is not None else self.tr("no scenario is open.")
        why = source if isinstance(source, str) else None
        model = self.mode_box.model()
        assert isinstance(model, QStandardItemModel)
        for row in (1, 2):
            item = model.item(row)
            if item is not None:
                item.setEnabled(why is None)
                item.setToolTip(
                    plain_tooltip(
                        mode_texts()[row][1]
                        if why is None
                        else self.tr("Calls the model, and {why}").format(why=why)
                    )
                )
        if why is not None and self.mode_box.currentIndex() in (1, 2):
            self.mode_box.setCurrentIndex(0)

    @property
    def running(self) -> bool:
        return self.runs is not None and self.runs.running

    def run_selected(self) -> bool:
        return self.run(self.selected_relpaths())

    def run(
        self,
        relpaths: list[str] | None = None,
        mode: Mode | None = None,
        *,
        fake_model: bool | None = None,
    ) -> bool:
        """Run ``relpaths`` (every test when None) on a worker thread; False if nothing ran
        (the reason is told). ``mode``/``fake_model`` default to the ones chosen."""
        if self.runs is None or self.running:
            return False
        self.refresh()
        wanted = set(relpaths) if relpaths is not None else None
        files = [file for file in self.files if wanted is None or file.relpath in wanted]
        if not files:
            return False
        fake = fake_model if fake_model is not None else (mode is None and self.fake_model_chosen)
        why = self.runs.run(files, mode or self.mode(), fake_model=fake)
        if why is not None:
            self.tell(self.tr("Tests"), why, True)
            self.refresh()
            return False
        return True

    def stop(self) -> None:
        """Stop the run under way (its unfinished tests keep their previous result)."""
        if self.runs is not None and self.runs.running:
            self.runs.stop()
            self.summary.setText(self.tr("Stopping…"))

    def _started(self, relpaths: list[str]) -> None:
        for relpath in relpaths:
            self.tree.set_status(relpath, self.tr("… queued"), "running")
        plan = self.runs.plan if self.runs is not None else None
        mode = (
            (
                self.tr("{mode} with the fake model").format(mode=plan.mode)
                if plan.fake_model
                else plan.mode
            )
            if plan
            else ""
        )
        self.summary.setText(
            self.tr("Running {count} test(s) ({mode})…").format(
                count=number(len(relpaths)), mode=mode
            )
        )
        self._update_actions()

    def _test_finished(self, relpath: str) -> None:
        file = self._file(relpath)
        if file is not None:
            self.tree.show_test(file, self.outcomes.get(relpath), self.outdated(relpath))
        if relpath in self.selected_relpaths():
            self._show_selected()

    def _finished(self, result: SuiteResult | None) -> None:
        stopped = self.runs is not None and self.runs.stopped
        self.refresh()
        if result is not None:
            self.summary.setText(
                self.summary.text()
                + " · "
                + (
                    self.tr("stopped")
                    if stopped
                    else self.tr("{seconds} s ({mode})").format(
                        seconds=number(result.duration_s, 2), mode=result.mode
                    )
                )
            )
        if self._coverage_after_run:
            self._coverage_after_run = False
            self._update_coverage()
        self.runFinished.emit(result)

    # --- coverage --------------------------------------------------------------------------------

    def coverage_report(self) -> CoverageReport | None:
        """What the last result of each test covered, against the current scenario."""
        scenario = self.session.shown if self.session is not None else None
        if scenario is None:
            return None
        per_test = {
            Path(file.relpath).name: self.outcomes[file.relpath].result.coverage
            for file in self.files
            if file.relpath in self.outcomes
        }
        return CoverageReport.of(scenario, per_test)

    def show_coverage(self, on: bool) -> None:
        """Shade what no test covers (running every test first if none has run)."""
        if self.coverage is None:
            return
        if not on:
            self._coverage_after_run = False
            self.coverage.hide()
            return
        if not self.outcomes and self.files and not self.running:
            self._coverage_after_run = True
            if not self.run(mode="replay"):
                self._coverage_after_run = False
            return
        self._update_coverage()

    def _update_coverage(self) -> None:
        if self.coverage is None:
            return
        report = self.coverage_report()
        if not self.coverage_action.isChecked() or report is None:
            self.coverage.hide()
            return
        note = self.tr("{count} of {total} tests run").format(
            count=number(len(report.per_test)), total=number(len(self.files))
        )
        if any(self.outdated(relpath) for relpath in self.outcomes):
            note += self.tr("; edited since")
        self.coverage.show(coverage_overlay(report, note=note))

    # --- messages and closing --------------------------------------------------------------------

    def _tell(self, title: str, message: str, problem: bool) -> None:
        parent = self.window()
        if problem:
            show_message(parent, title, message, problem=True)
        else:
            show_message(parent, title, message)

    def shutdown(self) -> None:
        """Stop a run under way and wait for it (closing the studio)."""
        if self.runs is not None:
            self.runs.stop(wait=True)
        for window in self.log_windows:
            window.close()


__all__ = ["MODES", "LogOpener", "ModeBox", "TestsPane"]
