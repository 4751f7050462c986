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

The report's tables, charts and shading come from :mod:`app.simulate.tables`, :mod:`app.charts`
and :mod:`app.simulate.shading`, the run from :mod:`app.simulate.job`. This module builds the
window and shows the run and its report; the graph's shading and selections are
:class:`~app.simulate.window_graph.GraphPart`, the conversations' logs and tests
:class:`~app.simulate.window_conversations.ConversationsPart`: parts the window is made of.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer, QUrl, Signal
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
from app.i18n.locale_text import cost, number
from app.plain_text import PlainLabel, RichLabel, plain_tooltip, show_message
from app.simulate import tables
from app.simulate.job import SimulationJob
from app.simulate.progress import ProgressStrip, duration
from app.simulate.save_test import SaveTestJob
from app.simulate.setup import SimulationSetup
from app.simulate.shading import MEASURES, measure_label
from app.simulate.tables import ReportTable, money, status_count, status_name
from app.simulate.window_conversations import ConversationsPart
from app.simulate.window_graph import GraphPart
from app.widgets import closes_from_keyboard, retranslated, size_for_screen
from engine.simulate import STATUSES, ConversationOutcome, Counts
from engine.simulate.report import SimulationReport

Position = tuple[float, float]
#: Opens a conversation log; the studio routes it through its own log viewer.
LogOpener = Callable[[Path], object]
#: The live shading is redrawn at most this often while the run goes on (seconds).
LIVE_SHADING_S = 0.5


class SimulationWindow(GraphPart, ConversationsPart, QMainWindow):
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
        #: what the summary says before the report (a failure's message once it failed)
        self._failure: str | None = None
        size_for_screen(self, 1600, 1000)
        closes_from_keyboard(self)  # Esc, Ctrl+W
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
        retranslated(self, self.retranslate_ui)
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

    def retranslate_ui(self) -> None:
        """Every text of the window in the language the studio speaks, the report's too."""
        name = self.scenario.title or self.scenario.name
        self.setWindowTitle(self.tr("{name} — simulation — Prompter").format(name=name))
        setup = self.setup
        self.status.setText(
            self.tr(
                "{conversations} conversation(s) of {personas} persona(s) on {source};"
                " report and logs in {folder}"
            ).format(
                conversations=number(setup.planned),
                personas=number(len(setup.personas)),
                source=setup.source.describe(self.scenario.model.name),
                folder=setup.out_dir,
            )
        )
        self._retranslate_toolbar()
        self._retranslate_charts_and_tables()
        self._retranslate_conversations_page()
        self.paths_hint.setText(
            self.tr(
                "The steps each conversation entered, in order, most frequent first; select "
                "one to draw it on the graph."
            )
        )
        self.facts_hint.setText(
            self.tr(
                "The personas' facts the report checks against what the bot recorded; "
                "double-click one to open the first conversation that got it wrong."
            )
        )
        self.tabs.setTabText(0, self.tr("By persona"))
        self.tabs.setTabText(1, self.tr("Steps"))
        self.tabs.setTabText(2, self.tr("Conversations"))
        self._name_report_tabs()
        self._retranslate_report()

    def _retranslate_toolbar(self) -> None:
        """The toolbar's texts: the shading's measures, the log and test actions, the folder."""
        self.toolbar.setWindowTitle(self.tr("Simulation"))
        self.shade_label.setText(self.tr(" Shade steps by: "))
        for index, measure in enumerate(MEASURES.values()):
            self.measure_box.setItemText(index, measure_label(measure.name))
        self.measure_box.setToolTip(
            ""
            if self.report is not None
            else self.tr(
                "The other measures need the per-step figures: they come when the run ends"
            )
        )
        self.open_log_action.setText(self.tr("Open log"))
        self.open_log_action.setToolTip(
            self.tr("Open the selected conversation's log in the log viewer (or double-click it)")
        )
        self.save_test_action.setText(self.tr("Save as test…"))
        self.save_test_action.setToolTip(
            self.tr("Keep the selected conversation as a scenario test, with its cassette")
        )
        self.folder_action.setText(self.tr("Show report folder"))

    def _retranslate_charts_and_tables(self) -> None:
        """The overview's charts (titles and units) and every table's headers."""
        self.roles_title.setText(
            self.tr(
                "<b>Calls and cost</b> — the bot and the simulated user apart: "
                "calls per user message, cost per conversation"
            )
        )
        self.calls_chart.set_title(self.tr("Bot: calls per message"), self.tr("calls / message"))
        self.turns_chart.set_title(self.tr("User messages per conversation"), self.tr("messages"))
        self.bot_cost_chart.set_title(self.tr("Bot: cost / conversation"), "USD")
        self.user_cost_chart.set_title(self.tr("Simulated user: cost / conversation"), "USD")
        self.personas.set_headers(tables.persona_headers())
        self.roles.set_headers(tables.role_headers())
        self.steps.set_headers(tables.step_headers())
        self.conversations.set_headers(tables.conversation_headers())
        self.paths.set_headers(tables.path_headers())
        self.facts.set_headers(tables.fact_headers())

    def _retranslate_conversations_page(self) -> None:
        """The Conversations tab's filter, hint and row buttons."""
        self.status_filter.setItemText(0, self.tr("All conversations"))
        for index in range(1, self.status_filter.count()):
            word = status_name(str(self.status_filter.itemData(index)))
            self.status_filter.setItemText(index, word[:1].upper() + word[1:])
        self.show_label.setText(self.tr("Show:"))
        self.hint.setText(self.tr("double-click a conversation to open its log"))
        for button in self._row_buttons:
            button.setText(
                self.tr("Save as test…")
                if button.objectName() == "saveAsTest"
                else self.tr("Open log")
            )

    def _retranslate_report(self) -> None:
        """The summary, the progress strip and the report's rows, written again; the shading."""
        report = self.report
        if self._failure is not None:
            self._failed(self._failure)
        elif report is None:
            self.summary.setText(
                self.tr("The report comes when the run ends; conversations are listed as they end.")
            )
        self.progress.retranslate_ui()
        self._refill_conversations()
        if report is not None and self.report_shown:
            self._show_overview(report)
            self.steps.set_rows(*tables.step_rows(report, self.scenario))
            self._show_paths_and_facts(report)
        self.shade()

    def _name_report_tabs(self) -> None:
        report = self.report
        if report is None or not self.report_shown:
            self.tabs.setTabText(3, self.tr("Paths"))
            self.tabs.setTabText(4, self.tr("Facts"))
            return
        self.tabs.setTabText(
            3, self.tr("Paths ({count})").format(count=number(report.distinct_paths))
        )
        wrong = sum(1 for fact in report.facts if fact.disagrees or fact.missing)
        self.tabs.setTabText(
            4,
            self.tr("Facts ({count} wrong)").format(count=number(wrong))
            if wrong
            else self.tr("Facts"),
        )

    def _refill_conversations(self) -> None:
        """The conversations listed again, in the language the studio speaks now."""
        if self.conversations.rowCount() == 0:
            return
        shown = [
            data
            for row in range(self.conversations.rowCount())
            if isinstance(data := self.conversations.data_of(row), ConversationOutcome)
        ]
        current = self.selected_conversation()
        self.conversations.set_rows(*tables.conversation_rows(shown))
        self._filter_conversations()
        if current is not None:
            self.select_conversation(current.index)

    # --- building ----------------------------------------------------------------------------

    def _build_toolbar(self) -> None:
        bar = QToolBar(self)
        bar.setObjectName("simulationToolbar")
        bar.setMovable(False)
        self.toolbar = bar
        self.addToolBar(bar)
        self.shade_label = PlainLabel(self)
        bar.addWidget(self.shade_label)
        self.measure_box = QComboBox(self)
        self.measure_box.setObjectName("simulationMeasure")
        for measure in MEASURES.values():
            self.measure_box.addItem(measure_label(measure.name), measure.name)
        self.measure_box.setEnabled(False)
        self.measure_box.activated.connect(lambda _index: self.shade())
        bar.addWidget(self.measure_box)
        bar.addSeparator()
        self.open_log_action = QAction(self)
        self.open_log_action.triggered.connect(lambda _checked=False: self.open_selected_log())
        self.save_test_action = QAction(self)
        self.save_test_action.triggered.connect(lambda _checked=False: self.save_selected())
        self.folder_action = QAction(self)
        self.folder_action.setToolTip(plain_tooltip(str(self.setup.out_dir)))
        self.folder_action.triggered.connect(lambda _checked=False: self.show_folder())
        bar.addActions([self.open_log_action, self.save_test_action])
        bar.addSeparator()
        bar.addAction(self.folder_action)
        self._update_actions()

    def _build_overview(self) -> None:
        page = QWidget(self)
        self.summary = RichLabel(page)
        self.summary.setObjectName("simulationSummary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.personas = ReportTable(
            "personaTable", tables.persona_headers(), page, sortable=False, max_column_width=280
        )
        self.roles = ReportTable(
            "roleTable", tables.role_headers(), page, sortable=False, max_column_width=180
        )
        for table in (self.personas, self.roles):
            table.fit_height()
        self.calls_chart = HistogramChart("", "", lambda value: number(value, 2), page)
        self.turns_chart = HistogramChart("", "", number, page)
        self.bot_cost_chart = HistogramChart("", "USD", money, page)
        self.user_cost_chart = HistogramChart("", "USD", money, page)
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
        self.roles_title = RichLabel(page)
        body.addWidget(self.roles_title)
        body.addWidget(self.roles)
        body.addLayout(charts, 1)
        self.overview_body.hide()
        layout = QVBoxLayout(page)
        layout.addWidget(self.summary)
        layout.addWidget(self.overview_body, 1)
        layout.addStretch(0)
        self.overview_page = page
        self.tabs.addTab(page, "")

    def _build_steps(self) -> None:
        self.steps = ReportTable(
            "stepTable", tables.step_headers(), self, stretch=len(tables.step_headers()) - 1
        )
        self.steps.rowSelected.connect(self._step_row_changed)
        self.tabs.addTab(self.steps, "")

    def _build_conversations(self) -> None:
        page = QWidget(self)
        self.status_filter = QComboBox(page)
        self.status_filter.setObjectName("statusFilter")
        self.status_filter.addItem("", "")
        for status in (*STATUSES, "cancelled"):
            self.status_filter.addItem(status, status)
        self.status_filter.currentIndexChanged.connect(lambda _i: self._filter_conversations())
        self.conversations = ReportTable(
            "conversationTable",
            tables.conversation_headers(),
            page,
            stretch=len(tables.conversation_headers()) - 1,
        )
        self.conversations.rowActivated.connect(self._conversation_activated)
        self.conversations.rowSelected.connect(self._conversation_changed)
        open_button = QPushButton(page)
        open_button.clicked.connect(self.open_selected_log)
        save_button = QPushButton(page)
        save_button.setObjectName("saveAsTest")
        save_button.clicked.connect(self.save_selected)
        self._row_buttons = [open_button, save_button]
        top = QHBoxLayout()
        self.show_label = PlainLabel(page)
        top.addWidget(self.show_label)
        top.addWidget(self.status_filter)
        self.hint = PlainLabel(page)
        self.hint.setEnabled(False)
        top.addWidget(self.hint)
        top.addStretch(1)
        top.addWidget(open_button)
        top.addWidget(save_button)
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(self.conversations, 1)
        self.conversations_page = page
        self.tabs.addTab(page, "")

    def _build_paths(self) -> None:
        self.paths = ReportTable(
            "pathTable", tables.path_headers(), self, stretch=len(tables.path_headers()) - 1
        )
        self.paths.rowSelected.connect(self._path_changed)
        self.paths_page, self.paths_hint = _with_hint(self.paths)
        self.tabs.addTab(self.paths_page, "")

    def _build_facts(self) -> None:
        self.facts = ReportTable(
            "factTable", tables.fact_headers(), self, stretch=len(tables.fact_headers()) - 1
        )
        self.facts.rowActivated.connect(self._fact_activated)
        facts_page, self.facts_hint = _with_hint(self.facts)
        self.tabs.addTab(facts_page, "")

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
        self._name_report_tabs()
        self.reportShown.emit()

    def _failed(self, message: str) -> None:
        self._failure = message
        self.progress.show_failed(message)
        self.summary.setText(self.tr("<b>Nothing was simulated.</b>") + f" {_html(message)}")

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
        self._name_report_tabs()

    def _chart_values(
        self, report: SimulationReport
    ) -> list[tuple[HistogramChart, list[float | None]]]:
        kept = [c for c in report.conversations if c.status != "cancelled"]
        return [
            (
                self.calls_chart,
                [
                    c.bot.totals.llm_calls / len(c.bot.calls_per_message)
                    for c in kept
                    if c.bot.calls_per_message
                ],
            ),
            (self.turns_chart, [float(c.turns) for c in kept]),
            (self.bot_cost_chart, [c.bot.totals.cost_usd for c in kept]),
            (self.user_cost_chart, [c.user.totals.cost_usd for c in kept]),
        ]

    # --- the graph ---------------------------------------------------------------------------

    # --- conversations -----------------------------------------------------------------------

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
    counts = ", ".join(
        status_count(status, number(report.counts.get(status, 0))) for status in STATUSES
    )
    head = QCoreApplication.translate(
        "SimulationWindow", "<b>{reported} of {planned} conversations</b> in {duration}: {counts}"
    ).format(
        reported=number(report.reported),
        planned=number(report.planned),
        duration=duration(report.duration_s),
        counts=counts,
    )
    if report.counts.get("cancelled"):
        head += " " + QCoreApplication.translate(
            "SimulationWindow", "({count} cancelled, left out)"
        ).format(count=number(report.counts.get("cancelled", 0)))
    lines = [head]
    if report.stopped:
        lines.append(
            QCoreApplication.translate(
                "SimulationWindow",
                "<b>Stopped early</b> ({why}): the figures cover the conversations that ended.",
            ).format(why=_html(report.stopped))
        )
    traffic = report.bot.traffic.rate_limited + report.user.traffic.rate_limited
    lines.append(
        QCoreApplication.translate(
            "SimulationWindow",
            "{paths} distinct path(s) · bot {bot_calls} calls, {bot_cost} · simulated user "
            "{user_calls} calls, {user_cost} · {rate} requests/min, {limited} × 429",
        ).format(
            paths=number(report.distinct_paths),
            bot_calls=number(report.bot.totals.llm_calls),
            bot_cost=cost(report.bot.totals),
            user_calls=number(report.user.totals.llm_calls),
            user_cost=cost(report.user.totals),
            rate=number(round(report.requests_per_minute)),
            limited=number(traffic),
        )
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


def _with_hint(table: QWidget) -> tuple[QWidget, PlainLabel]:
    """``table`` under a line (its text set by the caller) saying what it holds and what a
    click does."""
    page = QWidget()
    label = PlainLabel(page)
    label.setWordWrap(True)
    label.setEnabled(False)
    layout = QVBoxLayout(page)
    layout.addWidget(label)
    layout.addWidget(table, 1)
    return page, label


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["SimulationWindow", "open_simulation_window", "summary_html"]
