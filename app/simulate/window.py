"""The simulation window: the run's progress, then its report, over the scenario's graph.

While the run goes on, the strip on top (:class:`~app.simulate.progress.ProgressStrip`) shows
the live counts and a Cancel; conversations appear in the *Conversations* tab as they end, and
the graph is shaded by where they ended unfinished. When the run is over (or cancelled: the
report then covers what ended) the report fills the tabs:

* **By persona** — statuses, calls per message and cost per conversation for the bot and the
  simulated user apart (median or mean, p90, max; the histogram in the tooltip), the whole run
  last; under it, the spread of cost per conversation for each role, and of the bot's calls
  per message;
* **Steps** — visits, turns per visit, violations by kind, corrections, fallbacks, where
  conversations ended; selecting a step selects it on the graph, and the other way round;
* **Conversations** — every conversation; double-click (or Enter) opens its log in the log
  viewer, *Save as test…* keeps it as a scenario test with its cassette; selecting one draws
  its path on the graph;
* **Paths** — the paths taken, most frequent first; selecting one draws it on the graph;
* **Facts** — the persona facts the bot recorded differently, or not at all; double-click
  opens the first conversation that got it wrong.

The graph is the studio's own, over a snapshot of the scenario as it was run, shaded by the
measure chosen in the toolbar (:mod:`app.simulate.shading`). Logs open through
:attr:`SimulationWindow.log_opener`, which the studio points at its own log viewer (replay on
the graph, fork into the test chat).

Why one module of some 700 lines: it is one window. The report's tables, charts and shading
come from :mod:`app.simulate.tables`, :mod:`app.charts` and :mod:`app.simulate.shading`, the
run from :mod:`app.simulate.job`; what is left is how this window ties them together — the
progress, the report shown a part at a time, the selections kept in step between the tabs and
the graph, opening logs and saving tests — which reads best in one place.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app.charts.distribution import HistogramChart
from app.graph.readonly import ReadOnlyGraph, readonly_session
from app.plain_text import PlainLabel, RichLabel, plain_tooltip, show_message
from app.simulate import tables
from app.simulate.job import SimulationJob
from app.simulate.progress import ProgressStrip, duration
from app.simulate.save_test import SaveTestJob
from app.simulate.setup import SimulationSetup
from app.simulate.shading import MEASURES, path_overlay, report_overlay
from app.simulate.tables import ReportTable, money
from app.widgets import size_for_screen
from engine.simulate import STATUSES, ConversationOutcome, Counts
from engine.simulate.report import SimulationReport

Position = tuple[float, float]
#: Opens a conversation log; the studio routes it through its own log viewer.
LogOpener = Callable[[Path], object]
#: The live shading is redrawn at most this often while the run goes on (seconds).
LIVE_SHADING_S = 0.5
ALL_STATUSES = "All conversations"


class SimulationWindow(QMainWindow):
    """See the module docstring. :meth:`start` starts the run."""

    #: the whole report is on screen (after the run ended)
    reportShown = Signal()
    #: the window was closed (the run, if any, stopped)
    closed = Signal()

    def __init__(
        self,
        setup: SimulationSetup,
        *,
        positions: Mapping[str, Position] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setup = setup
        self.scenario = setup.scenario
        self.report: SimulationReport | None = None
        self.job = SimulationJob(setup, self)
        self.log_opener: LogOpener = self._open_log_window
        #: replaceable in tests: (title, label, default) -> text, or None when cancelled
        self.ask_text: Callable[[str, str, str], str | None] = self._ask_text
        #: replaceable in tests: (title, message, is_problem) -> None
        self.tell: Callable[[str, str, bool], None] = self._tell
        self.log_windows: list[QWidget] = []
        self.save_job: SaveTestJob | None = None
        #: every part of the report is on screen (it is shown a part at a time)
        self.report_shown = False
        self._closed = False
        self._path_shown: tuple[str, ...] | None = None
        self._last_live_shading = 0.0
        name = self.scenario.title or self.scenario.name
        self.setWindowTitle(f"{name} — simulation — Prompter")
        size_for_screen(self, 1600, 1000)
        self.session = readonly_session(self.scenario, positions=positions, parent=self)
        self.graph = ReadOnlyGraph(self.session, self)
        self.progress = ProgressStrip(setup.planned, self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("simulationTabs")
        self._build_overview()
        self._build_steps()
        self._build_conversations()
        self._build_paths()
        self._build_facts()
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.graph)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([700, 900])
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 0)
        layout.addWidget(self.progress)
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)
        self._build_toolbar()
        self.status = PlainLabel(self)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusBar().addWidget(self.status, 1)
        self.status.setText(
            f"{setup.planned:,} conversation(s) of {len(setup.personas)} "
            f"persona(s) on {setup.source.describe(self.scenario.model.name)}"
            f"; report and logs in {setup.out_dir}"
        )
        self.progress.cancelRequested.connect(self.cancel)
        self.job.progressed.connect(self._progressed)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(self._failed)
        self.graph.stepSelected.connect(self._step_selected_on_graph)
        # while it runs, the conversations are what there is to see; the report comes later
        self.tabs.setCurrentWidget(self.conversations_page)
        self._tab_chosen = False
        self.tabs.currentChanged.connect(lambda _index: self._tab_changed())
        self.tabs.tabBarClicked.connect(lambda _index: setattr(self, "_tab_chosen", True))
        self.shade()

    # --- building ----------------------------------------------------------------------------

    def _build_toolbar(self) -> None:
        bar = QToolBar("Simulation", self)
        bar.setObjectName("simulationToolbar")
        bar.setMovable(False)
        self.addToolBar(bar)
        bar.addWidget(PlainLabel(" Shade steps by: ", self))
        self.measure_box = QComboBox(self)
        self.measure_box.setObjectName("simulationMeasure")
        for measure in MEASURES.values():
            self.measure_box.addItem(measure.label, measure.name)
        self.measure_box.setToolTip(
            "The other measures need the per-step figures: they come when the run ends"
        )
        self.measure_box.setEnabled(False)
        self.measure_box.activated.connect(lambda _index: self.shade())
        bar.addWidget(self.measure_box)
        bar.addSeparator()
        self.open_log_action = QAction("Open log", self)
        self.open_log_action.setToolTip(
            "Open the selected conversation's log in the log viewer (or double-click it)"
        )
        self.open_log_action.triggered.connect(lambda _checked=False: self.open_selected_log())
        self.save_test_action = QAction("Save as test…", self)
        self.save_test_action.setToolTip(
            "Keep the selected conversation as a scenario test, with its cassette"
        )
        self.save_test_action.triggered.connect(lambda _checked=False: self.save_selected())
        self.folder_action = QAction("Show report folder", self)
        self.folder_action.setToolTip(plain_tooltip(str(self.setup.out_dir)))
        self.folder_action.triggered.connect(lambda _checked=False: self.show_folder())
        bar.addActions([self.open_log_action, self.save_test_action])
        bar.addSeparator()
        bar.addAction(self.folder_action)
        self._update_actions()

    def _build_overview(self) -> None:
        page = QWidget(self)
        self.summary = RichLabel(
            "The report comes when the run ends; conversations are listed as they end.", page
        )
        self.summary.setObjectName("simulationSummary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.personas = ReportTable(
            "personaTable", tables.PERSONA_HEADERS, page, sortable=False, max_column_width=280
        )
        self.roles = ReportTable(
            "roleTable", tables.ROLE_HEADERS, page, sortable=False, max_column_width=180
        )
        for table in (self.personas, self.roles):
            table.fit_height()
        self.calls_chart = HistogramChart(
            "Bot: calls per message", "calls / message", lambda value: f"{value:.2f}", page
        )
        self.turns_chart = HistogramChart(
            "User messages per conversation", "messages", lambda value: f"{value:g}", page
        )
        self.bot_cost_chart = HistogramChart("Bot: cost / conversation", "USD", money, page)
        self.user_cost_chart = HistogramChart(
            "Simulated user: cost / conversation", "USD", money, page
        )
        charts = QGridLayout()
        for index, chart in enumerate(
            (self.calls_chart, self.turns_chart, self.bot_cost_chart, self.user_cost_chart)
        ):
            chart.setMinimumHeight(200)
            charts.addWidget(chart, index // 2, index % 2)
        #: the report's part of the page, shown when the report comes
        self.overview_body = QWidget(page)
        body = QVBoxLayout(self.overview_body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.personas)
        roles_title = RichLabel(
            "<b>Calls and cost</b> — the bot and the simulated user apart: "
            "calls per user message, cost per conversation",
            page,
        )
        body.addWidget(roles_title)
        body.addWidget(self.roles)
        body.addLayout(charts, 1)
        self.overview_body.hide()
        layout = QVBoxLayout(page)
        layout.addWidget(self.summary)
        layout.addWidget(self.overview_body, 1)
        layout.addStretch(0)
        self.overview_page = page
        self.tabs.addTab(page, "By persona")

    def _build_steps(self) -> None:
        self.steps = ReportTable(
            "stepTable", tables.STEP_HEADERS, self, stretch=len(tables.STEP_HEADERS) - 1
        )
        self.steps.rowSelected.connect(self._step_row_changed)
        self.tabs.addTab(self.steps, "Steps")

    def _build_conversations(self) -> None:
        page = QWidget(self)
        self.status_filter = QComboBox(page)
        self.status_filter.setObjectName("statusFilter")
        self.status_filter.addItem(ALL_STATUSES, "")
        for status in (*STATUSES, "cancelled"):
            self.status_filter.addItem(status.capitalize(), status)
        self.status_filter.currentIndexChanged.connect(lambda _i: self._filter_conversations())
        self.conversations = ReportTable(
            "conversationTable",
            tables.CONVERSATION_HEADERS,
            page,
            stretch=len(tables.CONVERSATION_HEADERS) - 1,
        )
        self.conversations.rowActivated.connect(self._conversation_activated)
        self.conversations.rowSelected.connect(self._conversation_changed)
        open_button = QPushButton("Open log", page)
        open_button.clicked.connect(self.open_selected_log)
        save_button = QPushButton("Save as test…", page)
        save_button.setObjectName("saveAsTest")
        save_button.clicked.connect(self.save_selected)
        self._row_buttons = [open_button, save_button]
        top = QHBoxLayout()
        top.addWidget(PlainLabel("Show:", page))
        top.addWidget(self.status_filter)
        hint = PlainLabel("double-click a conversation to open its log", page)
        hint.setEnabled(False)
        top.addWidget(hint)
        top.addStretch(1)
        top.addWidget(open_button)
        top.addWidget(save_button)
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(self.conversations, 1)
        self.conversations_page = page
        self.tabs.addTab(page, "Conversations")

    def _build_paths(self) -> None:
        self.paths = ReportTable(
            "pathTable", tables.PATH_HEADERS, self, stretch=len(tables.PATH_HEADERS) - 1
        )
        self.paths.rowSelected.connect(self._path_changed)
        self.paths_page = _with_hint(
            self.paths,
            "The steps each conversation entered, in "
            "order, most frequent first; select one to draw it on the "
            "graph.",
        )
        self.tabs.addTab(self.paths_page, "Paths")

    def _build_facts(self) -> None:
        self.facts = ReportTable(
            "factTable", tables.FACT_HEADERS, self, stretch=len(tables.FACT_HEADERS) - 1
        )
        self.facts.rowActivated.connect(self._fact_activated)
        self.tabs.addTab(
            _with_hint(
                self.facts,
                "The personas' facts the report checks against "
                "what the bot recorded; double-click one to open the first "
                "conversation that got it wrong.",
            ),
            "Facts",
        )

    # --- the run -----------------------------------------------------------------------------

    def start(self) -> None:
        if not self._closed and self.job.state == "ready":
            self.job.start()

    @property
    def running(self) -> bool:
        return self.job.running

    def cancel(self) -> None:
        if self.job.running:
            self.progress.show_stopping()
            self.job.cancel()

    def _progressed(self, counts: Counts, ended: list[ConversationOutcome]) -> None:
        self.progress.show_counts(counts, stopping=self.job.cancel_requested)
        if ended:
            rows, data = tables.conversation_rows(ended)
            first = self.conversations.rowCount()
            self.conversations.add_rows(rows, data)
            if first == 0:
                self.conversations.resize_columns()
            self._filter_conversations()
            now = time.perf_counter()
            if now - self._last_live_shading >= LIVE_SHADING_S and self._path_shown is None:
                self._last_live_shading = now
                self.shade()

    def _finished(self, report: SimulationReport) -> None:
        """Show the report a part at a time, one per turn of the event loop, so that a report
        of hundreds of conversations never holds the window still (the visible tab first)."""
        self.report = report
        self.progress.show_done(report)
        self.measure_box.setEnabled(True)
        self.measure_box.setToolTip("")
        self._update_actions()
        stages = [
            lambda: self._show_overview(report),
            self._shade_unless_path,
            lambda: self.steps.set_rows(*tables.step_rows(report, self.scenario)),
            lambda: self._complete_conversations(report),
            lambda: self._show_paths_and_facts(report),
            *(
                lambda chart=chart, values=values: chart.set_values(values)
                for chart, values in self._chart_values(report)
            ),
            self._report_complete,
        ]
        self._run_stages(stages)

    def _run_stages(self, stages: Sequence[Callable[[], object]]) -> None:
        if not stages:
            return
        stages[0]()
        if len(stages) > 1:
            QTimer.singleShot(0, self, lambda: self._run_stages(stages[1:]))

    def _report_complete(self) -> None:
        self.report_shown = True
        self.reportShown.emit()

    def _failed(self, message: str) -> None:
        self.progress.show_failed(message)
        self.summary.setText(f"<b>Nothing was simulated.</b> {_html(message)}")

    def _show_overview(self, report: SimulationReport) -> None:
        self.summary.setText(summary_html(report))
        self.overview_body.show()
        if not self._tab_chosen:  # the author has not turned to a tab: show the report
            self.tabs.setCurrentWidget(self.overview_page)
        self.personas.set_rows(*tables.persona_rows(report))
        self.roles.set_rows(*tables.role_rows(report))
        for table in (self.personas, self.roles):
            table.fit_height()

    def _shade_unless_path(self) -> None:
        if self._path_shown is None:
            self.shade()

    def _complete_conversations(self, report: SimulationReport) -> None:
        """The list has every conversation that ended; add those that never started (cancelled
        before their turn), then order by number."""
        shown = {outcome.index for outcome in self.job.outcomes}
        missing = [outcome for outcome in report.conversations if outcome.index not in shown]
        if missing:
            self.conversations.add_rows(*tables.conversation_rows(missing))
        self.conversations.sortItems(0)
        self.conversations.resize_columns()
        self._filter_conversations()

    def _show_paths_and_facts(self, report: SimulationReport) -> None:
        self.paths.set_rows(*tables.path_rows(report))
        self.facts.set_rows(*tables.fact_rows(report))
        self.tabs.setTabText(3, f"Paths ({report.distinct_paths})")
        wrong = sum(1 for fact in report.facts if fact.disagrees or fact.missing)
        self.tabs.setTabText(4, f"Facts ({wrong} wrong)" if wrong else "Facts")

    def _chart_values(self, report: SimulationReport) -> list[tuple[HistogramChart, list[float]]]:
        kept = [c for c in report.conversations if c.status != "cancelled"]
        return [
            (
                self.calls_chart,
                [
                    c.bot.calls / len(c.bot.calls_per_message)
                    for c in kept
                    if c.bot.calls_per_message
                ],
            ),
            (self.turns_chart, [float(c.turns) for c in kept]),
            (self.bot_cost_chart, [c.bot.cost_usd for c in kept]),
            (self.user_cost_chart, [c.user.cost_usd for c in kept]),
        ]

    # --- the graph ---------------------------------------------------------------------------

    @property
    def measure(self) -> str:
        return str(self.measure_box.currentData())

    def set_measure(self, name: str) -> None:
        self.measure_box.setCurrentIndex(self.measure_box.findData(name))
        self.shade()

    def shade(self) -> None:
        """Shade the graph by the chosen measure over the conversations that ended so far."""
        self._path_shown = None
        report = self.report
        conversations = report.conversations if report is not None else self.job.outcomes
        if not any(outcome.path for outcome in conversations):
            self.graph.overlay.clear()  # nothing has ended yet: nothing to shade
            return
        measure = self.measure if report is not None else "unfinished"
        self.graph.overlay.show(
            report_overlay(self.scenario, conversations, report.steps if report else None, measure)
        )

    def show_path(self, path: tuple[str, ...], title: str) -> None:
        self._path_shown = path
        self.graph.overlay.show(path_overlay(self.scenario, path, title))

    def _step_selected_on_graph(self, step: str) -> None:
        if step:
            self.steps.select_data(step)

    def _step_row_changed(self, step: object) -> None:
        if isinstance(step, str) and step in self.scenario.steps:
            self.graph.select(step)

    def _conversation_changed(self, outcome: object) -> None:
        self._update_actions()
        if isinstance(outcome, ConversationOutcome) and outcome.path:
            self.show_path(outcome.path, f"Conversation #{outcome.index} ({outcome.status})")

    def _path_changed(self, path: object) -> None:
        if isinstance(path, tuple) and path:
            figures = (
                next((p for p in self.report.paths if p.steps == path), None)
                if self.report
                else None
            )
            count = f"{figures.count:,} conversation(s)" if figures else ""
            self.show_path(path, f"Path taken by {count}" if count else "Path")

    def _tab_changed(self) -> None:
        page = self.tabs.currentWidget()
        if page is self.conversations_page:
            self._conversation_changed(self.conversations.current_data())
        elif page is self.paths_page:
            self._path_changed(self.paths.current_data())
        elif self._path_shown is not None:
            self.shade()

    # --- conversations -----------------------------------------------------------------------

    def selected_conversation(self) -> ConversationOutcome | None:
        data = self.conversations.current_data()
        return data if isinstance(data, ConversationOutcome) else None

    def select_conversation(self, index: int) -> bool:
        for row in range(self.conversations.rowCount()):
            data = self.conversations.data_of(row)
            if isinstance(data, ConversationOutcome) and data.index == index:
                self.tabs.setCurrentWidget(self.conversations_page)
                self.conversations.selectRow(row)
                return True
        return False

    def open_log(self, outcome: ConversationOutcome) -> object:
        if outcome.log_path is None or not outcome.log_path.exists():
            self.tell(
                "Prompter", f"Conversation #{outcome.index} has no log: it never started.", True
            )
            return None
        return self.log_opener(outcome.log_path)

    def open_selected_log(self) -> object:
        outcome = self.selected_conversation()
        return self.open_log(outcome) if outcome is not None else None

    def _conversation_activated(self, outcome: object) -> None:
        if isinstance(outcome, ConversationOutcome):
            self.open_log(outcome)

    def _fact_activated(self, index: object) -> None:
        conversations = self.report.conversations if self.report else ()
        outcome = next((c for c in conversations if c.index == index), None)
        if outcome is not None:
            self.select_conversation(outcome.index)
            self.open_log(outcome)

    def save_selected(self) -> SaveTestJob | None:
        """Ask for a name and save the selected conversation as a test (off the UI thread)."""
        outcome = self.selected_conversation()
        if outcome is None:
            return None
        if outcome.log_path is None:
            self.tell(
                "Save as test",
                f"Conversation #{outcome.index} never started: there is nothing to save.",
                True,
            )
            return None
        name = self.ask_text(
            "Save as test",
            "Name of the test:",
            f"{outcome.persona_name}, simulated #{outcome.index}",
        )
        if not name or not name.strip():
            return None
        job = SaveTestJob(self.scenario, outcome.log_path, name.strip(), self)
        job.saved.connect(self._test_saved)
        job.failed.connect(self._test_not_saved)
        self.save_job = job
        self._update_actions()
        self.statusBar().showMessage(f"Saving conversation #{outcome.index} as a test…")
        job.start()
        return job

    def _test_saved(self, path: Path) -> None:
        self.save_job = None
        self._update_actions()
        root = self.scenario.root
        shown = path.relative_to(root) if root is not None and path.is_relative_to(root) else path
        self.statusBar().showMessage(f"Saved {shown} and its cassette", 8000)
        self.tell(
            "Save as test",
            f"Saved {shown} with its cassette. It replays without a "
            f"model: prompter test {root or ''} {path.name}",
            False,
        )

    def _test_not_saved(self, message: str) -> None:
        self.save_job = None
        self._update_actions()
        self.statusBar().clearMessage()
        self.tell("Save as test", f"The conversation was not saved as a test: {message}", True)

    def _filter_conversations(self) -> None:
        wanted = str(self.status_filter.currentData() or "")
        for row in range(self.conversations.rowCount()):
            outcome = self.conversations.data_of(row)
            hidden = (
                bool(wanted)
                and isinstance(outcome, ConversationOutcome)
                and (outcome.status != wanted)
            )
            self.conversations.setRowHidden(row, hidden)

    def _update_actions(self) -> None:
        outcome = self.selected_conversation()
        has_log = outcome is not None and outcome.log_path is not None
        self.open_log_action.setEnabled(has_log)
        self.save_test_action.setEnabled(has_log and self.save_job is None)
        for button in self._row_buttons:
            button.setEnabled(
                has_log and (button.objectName() != "saveAsTest" or self.save_job is None)
            )

    # --- the rest ----------------------------------------------------------------------------

    def show_folder(self) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.setup.out_dir)))

    def _open_log_window(self, path: Path) -> object:
        from app.logview.window import open_log_window

        window = open_log_window(path, follow=False)
        self.log_windows.append(window)
        return window

    def _ask_text(self, title: str, label: str, default: str) -> str | None:
        text, ok = QInputDialog.getText(self, title, label, text=default)
        return text if ok else None

    def _tell(self, title: str, message: str, problem: bool) -> None:
        if problem:
            show_message(self, title, message, problem=True)
        else:
            show_message(self, title, message)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.graph.show_all()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing stops the run cleanly (what ended keeps its log) before the window goes."""
        self._closed = True
        if self.job.running:
            self.job.cancel()
        self.job.wait(30)
        if self.save_job is not None:
            self.save_job.wait(30)
        self.session.dispose()
        super().closeEvent(event)
        self.closed.emit()


def summary_html(report: SimulationReport) -> str:
    counts = ", ".join(f"{report.counts.get(status, 0):,} {status}" for status in STATUSES)
    lines = [
        f"<b>{report.reported:,} of {report.planned:,} conversations</b> in "
        f"{duration(report.duration_s)}: {counts}"
        + (
            f" ({report.counts.get('cancelled', 0):,} cancelled, left out)"
            if report.counts.get("cancelled")
            else ""
        )
    ]
    if report.stopped:
        lines.append(
            f"<b>Stopped early</b> ({_html(report.stopped)}): the figures cover the "
            "conversations that ended."
        )
    traffic = report.bot.traffic.rate_limited + report.user.traffic.rate_limited
    lines.append(
        f"{report.distinct_paths:,} distinct path(s) · bot {report.bot.calls:,} calls, "
        f"{money(report.bot.cost_usd)} · simulated user {report.user.calls:,} calls, "
        f"{money(report.user.cost_usd)} · {report.requests_per_minute:,.0f} "
        f"requests/min, {traffic:,} × 429"
    )
    return "<br>".join(lines)


def open_simulation_window(
    setup: SimulationSetup,
    *,
    positions: Mapping[str, Position] | None = None,
    parent: QWidget | None = None,
    log_opener: LogOpener | None = None,
) -> SimulationWindow:
    """Open a simulation window on ``setup`` and start the run."""
    window = SimulationWindow(setup, positions=positions, parent=parent)
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window, True)
    if log_opener is not None:
        window.log_opener = log_opener
    window.show()
    QTimer.singleShot(0, window, window.start)  # after the first paint: the run can wait that
    return window


def _with_hint(table: QWidget, hint: str) -> QWidget:
    """``table`` under a line saying what it holds and what a click does."""
    page = QWidget()
    label = PlainLabel(hint, page)
    label.setWordWrap(True)
    label.setEnabled(False)
    layout = QVBoxLayout(page)
    layout.addWidget(label)
    layout.addWidget(table, 1)
    return page


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["SimulationWindow", "open_simulation_window", "summary_html"]
