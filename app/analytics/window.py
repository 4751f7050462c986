"""The analytics window: where, across many conversations, the model struggles.

The scenario's graph (the studio's own view, over a snapshot of the scenario taken when the
window opens) is shaded by a measure chosen in the toolbar — violation rate, corrections per
visit, cost per visit, visits, drop-off — with a legend; arrows are as thick as they are taken
often. Clicking a step shows its figures and the conversations that struggled there; opening one
shows its log in the log viewer at the turn where the trouble began. Under the graph, the
spread of cost and calls per message across conversations.

The logs are read off the UI thread (:class:`~app.analytics.loader.StatsJob`); more can be
added (*Add logs…*), which reads everything again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QMainWindow,
    QSplitter,
    QToolBar,
    QWidget,
)

from app.analytics.loader import StatsJob
from app.analytics.panel import StepPanel
from app.analytics.shading import measure_label, measure_overlay
from app.charts.distribution import DistributionCharts
from app.graph.readonly import ReadOnlyGraph, readonly_session
from app.i18n.locale_text import cost_phrase, number
from app.plain_text import PlainLabel
from app.widgets import closes_from_keyboard, retranslated, show_window, size_for_screen
from engine.scenario.definition import Scenario
from engine.stats import MEASURES, StatsReport

Position = tuple[float, float]
#: Opens a log at a turn; the studio may route it through its own log viewer.
LogOpener = Callable[[Path, int], object]


class AnalyticsWindow(QMainWindow):
    """See the module docstring."""

    def __init__(
        self,
        scenario: Scenario,
        paths: Sequence[Path],
        *,
        positions: Mapping[str, Position] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.paths = [Path(path) for path in paths]
        self.report: StatsReport | None = None
        self.job: StatsJob | None = None
        self.log_opener: LogOpener = open_log_at
        self._wanted_step: str | None = None
        #: shows the status line again (in the language the studio speaks now)
        self._status: Callable[[], str] = lambda: ""
        size_for_screen(self, 1500, 950)
        closes_from_keyboard(self)  # Esc, Ctrl+W
        self.session = readonly_session(scenario, positions=positions, parent=self)
        self.graph = ReadOnlyGraph(self.session, self)
        self.panel = StepPanel(self)
        self.charts = DistributionCharts(self)
        left = QSplitter(Qt.Orientation.Vertical, self)
        left.addWidget(self.graph)
        left.addWidget(self.charts)
        left.setStretchFactor(0, 4)
        left.setStretchFactor(1, 1)
        left.setSizes([700, 230])
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(self.panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([1000, 500])
        self.setCentralWidget(splitter)
        self._build_toolbar()
        self.status = PlainLabel(self)
        self.statusBar().addWidget(self.status, 1)
        self.graph.stepSelected.connect(self.panel.show_step)
        self.panel.openRequested.connect(lambda path, turn: self.log_opener(path, turn))
        retranslated(self, self.retranslate_ui)
        self.reload()

    def retranslate_ui(self) -> None:
        """Every text of the window in the language the studio speaks."""
        name = self.scenario.title or self.scenario.name
        self.setWindowTitle(self.tr("{name} — Prompter analytics").format(name=name))
        self.toolbar.setWindowTitle(self.tr("Analytics"))
        self.shade_label.setText(self.tr(" Shade steps by: "))
        for index in range(self.measure_box.count()):
            self.measure_box.setItemText(
                index, measure_label(str(self.measure_box.itemData(index)))
            )
        self.add_action.setText(self.tr("Add logs…"))
        self.add_action.setToolTip(self.tr("Read more logs (a folder, or files) into the figures"))
        self.reload_action.setText(self.tr("Read again"))
        self.reload_action.setToolTip(self.tr("Read the logs again (they may have grown)"))
        self._show_status(self._status)
        self.shade()

    def _show_status(self, text: Callable[[], str]) -> None:
        self._status = text
        self.status.setText(text())

    def _build_toolbar(self) -> None:
        bar = QToolBar(self)
        bar.setObjectName("analyticsToolbar")
        bar.setMovable(False)
        self.toolbar = bar
        self.addToolBar(bar)
        self.shade_label = PlainLabel(self)
        bar.addWidget(self.shade_label)
        self.measure_box = QComboBox(self)
        self.measure_box.setObjectName("measureBox")
        for name in MEASURES:
            self.measure_box.addItem(measure_label(name), name)
        self.measure_box.currentIndexChanged.connect(lambda _index: self.shade())
        bar.addWidget(self.measure_box)
        bar.addSeparator()
        self.add_action = QAction(self)
        self.add_action.triggered.connect(self.ask_for_logs)
        bar.addAction(self.add_action)
        self.reload_action = QAction(self)
        self.reload_action.triggered.connect(self.reload)
        bar.addAction(self.reload_action)

    # --- reading ---------------------------------------------------------------------------

    def reload(self) -> None:
        """Read :attr:`paths` (again) off the UI thread."""
        if self.job is not None:
            self.job.wait()
        self.report = None
        self.panel.set_report(None)
        count = len(self.paths)
        self._show_status(
            lambda: self.tr("Reading {count} location(s)…").format(count=number(count))
        )
        job = StatsJob(self.paths, self.scenario, self)
        job.progress.connect(self._progress)
        job.finished.connect(self._finished)
        job.failed.connect(self._failed)
        self.job = job
        job.start()

    def add_paths(self, paths: Sequence[Path]) -> None:
        self.paths += [Path(path) for path in paths if Path(path) not in self.paths]
        self.reload()

    def ask_for_logs(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self,
            self.tr("Add a folder of conversation logs"),
            str(self.paths[0] if self.paths else ""),
        )
        if folder:
            self.add_paths([Path(folder)])

    def _current(self) -> bool:
        """Whether a job's signal comes from the latest reading (an older one is stale)."""
        return self.sender() is self.job

    def _progress(self, done: int, total: int) -> None:
        if self._current():
            self._show_status(
                lambda: self.tr("Reading logs… {done} of {total}").format(
                    done=number(done), total=number(total)
                )
            )

    def _failed(self, message: str) -> None:
        if self._current():
            self._show_status(lambda: f"⚠ {message}")

    def _finished(self, report: StatsReport) -> None:
        if not self._current():
            return
        self.report = report
        self.panel.set_report(report)
        self.charts.show_report(report)
        self.shade()
        self._show_status(lambda: summary(report))
        if self._wanted_step is not None:
            self.select_step(self._wanted_step)

    # --- showing ---------------------------------------------------------------------------

    @property
    def measure(self) -> str:
        return str(self.measure_box.currentData())

    def set_measure(self, name: str) -> None:
        self.measure_box.setCurrentIndex(self.measure_box.findData(name))

    def shade(self) -> None:
        """Shade the graph by the chosen measure (once the figures are there)."""
        if self.report is None:
            return
        self.graph.overlay.show(measure_overlay(self.report, self.measure, self.scenario.steps))

    def select_step(self, step: str) -> None:
        self.graph.select(step)
        self.panel.show_step(step)

    def select_step_when_ready(self, step: str) -> None:
        """Select ``step`` now, or as soon as the figures are read."""
        if self.report is not None:
            self.select_step(step)
        else:
            self._wanted_step = step

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.graph.show_all()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.job is not None:
            self.job.wait(5)
        self.session.dispose()
        super().closeEvent(event)


def summary(report: StatsReport) -> str:
    text = QCoreApplication.translate(
        "AnalyticsWindow",
        "{conversations} conversation(s) in {files} log(s), {finished} finished; "
        "{events} events; {cost}",
    ).format(
        conversations=number(len(report.conversations)),
        files=number(report.files),
        finished=number(report.finished),
        events=number(report.events),
        cost=cost_phrase(report.totals),
    )
    if report.damaged:
        text += " · ⚠ " + QCoreApplication.translate(
            "AnalyticsWindow", "{count} damaged line(s) skipped"
        ).format(count=number(len(report.damaged)))
    if report.unreadable:
        text += " · ⚠ " + QCoreApplication.translate(
            "AnalyticsWindow", "{count} file(s) unreadable"
        ).format(count=number(len(report.unreadable)))
    if report.unknown_steps:
        text += " · " + QCoreApplication.translate(
            "AnalyticsWindow", "{count} step(s) not in this scenario"
        ).format(count=number(len(report.unknown_steps)))
    return text


def open_log_at(path: Path, turn: int) -> object:
    """Open ``path`` in the log viewer, scrolled to ``turn`` once it is read."""
    from app.logview.window import open_log_window

    window = open_log_window(path, follow=False)

    def scroll() -> None:
        window.view.scroll_to_turn(turn)
        window.turn_chart.highlight_turn(turn)

    if window.loaded:
        scroll()
    else:
        window.load_finished.connect(scroll)
    return window


def open_analytics_window(
    scenario: Scenario,
    paths: Sequence[Path],
    *,
    positions: Mapping[str, Position] | None = None,
    parent: QWidget | None = None,
) -> AnalyticsWindow:
    window = AnalyticsWindow(scenario, paths, positions=positions, parent=parent)
    show_window(window, parent)
    return window


__all__ = ["AnalyticsWindow", "open_analytics_window", "open_log_at", "summary"]
