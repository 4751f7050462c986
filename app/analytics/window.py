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

from PySide6.QtCore import Qt
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
from app.analytics.shading import measure_overlay
from app.charts.distribution import DistributionCharts
from app.graph.readonly import ReadOnlyGraph, readonly_session
from app.plain_text import PlainLabel
from app.widgets import show_window, size_for_screen
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
        self.setWindowTitle(f"{scenario.title or scenario.name} — Prompter analytics")
        size_for_screen(self, 1500, 950)
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
        self.reload()

    def _build_toolbar(self) -> None:
        bar = QToolBar("Analytics", self)
        bar.setObjectName("analyticsToolbar")
        bar.setMovable(False)
        self.addToolBar(bar)
        bar.addWidget(PlainLabel(" Shade steps by: ", self))
        self.measure_box = QComboBox(self)
        self.measure_box.setObjectName("measureBox")
        for name, measure in MEASURES.items():
            self.measure_box.addItem(measure.label, name)
        self.measure_box.currentIndexChanged.connect(lambda _index: self.shade())
        bar.addWidget(self.measure_box)
        bar.addSeparator()
        self.add_action = QAction("Add logs…", self)
        self.add_action.setToolTip("Read more logs (a folder, or files) into the figures")
        self.add_action.triggered.connect(self.ask_for_logs)
        bar.addAction(self.add_action)
        self.reload_action = QAction("Read again", self)
        self.reload_action.setToolTip("Read the logs again (they may have grown)")
        self.reload_action.triggered.connect(self.reload)
        bar.addAction(self.reload_action)

    # --- reading ---------------------------------------------------------------------------

    def reload(self) -> None:
        """Read :attr:`paths` (again) off the UI thread."""
        if self.job is not None:
            self.job.wait()
        self.report = None
        self.panel.set_report(None)
        self.status.setText(f"Reading {len(self.paths)} location(s)…")
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
            self, "Add a folder of conversation logs", str(self.paths[0] if self.paths else "")
        )
        if folder:
            self.add_paths([Path(folder)])

    def _current(self) -> bool:
        """Whether a job's signal comes from the latest reading (an older one is stale)."""
        return self.sender() is self.job

    def _progress(self, done: int, total: int) -> None:
        if self._current():
            self.status.setText(f"Reading logs… {done:,} of {total:,}")

    def _failed(self, message: str) -> None:
        if self._current():
            self.status.setText(f"⚠ {message}")

    def _finished(self, report: StatsReport) -> None:
        if not self._current():
            return
        self.report = report
        self.panel.set_report(report)
        self.charts.show_report(report)
        self.shade()
        self.status.setText(summary(report))
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
    text = (
        f"{len(report.conversations):,} conversation(s) in {report.files:,} log(s), "
        f"{report.finished:,} finished; {report.events:,} events; "
        f"cost ${report.total_cost:.4f}"
    )
    if report.damaged:
        text += f" · ⚠ {len(report.damaged):,} damaged line(s) skipped"
    if report.unreadable:
        text += f" · ⚠ {len(report.unreadable):,} file(s) unreadable"
    if report.unknown_steps:
        text += f" · {len(report.unknown_steps)} step(s) not in this scenario"
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
