"""The simulation window's graph: shaded by the chosen measure, or showing one path.

The graph is the studio's own, over a snapshot of the scenario as it was run. It is shaded by the
measure chosen in the toolbar (:mod:`app.simulate.shading`) over the conversations that ended so
far; selecting a conversation or a path in the report draws that path instead, and selecting a
step on the graph selects its row in *Steps* (and the other way round).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QMainWindow, QTabWidget, QWidget

from app.graph.readonly import ReadOnlyGraph
from app.i18n.locale_text import number
from app.simulate.job import SimulationJob
from app.simulate.shading import path_overlay, report_overlay
from app.simulate.tables import ReportTable, status_name
from engine.scenario.definition import Scenario
from engine.simulate import ConversationOutcome
from engine.simulate.report import SimulationReport


class GraphPart(QMainWindow):
    """The graph of a :class:`~app.simulate.window.SimulationWindow` (a part of it)."""

    # what the window holds and its graph uses (the window builds them)
    scenario: Scenario
    report: SimulationReport | None
    job: SimulationJob
    graph: ReadOnlyGraph
    measure_box: QComboBox
    tabs: QTabWidget
    steps: ReportTable
    conversations: ReportTable
    conversations_page: QWidget
    paths: ReportTable
    paths_page: QWidget
    _path_shown: tuple[str, ...] | None
    _update_actions: Callable[[], None]

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
            self.show_path(
                outcome.path,
                self.tr("Conversation #{index} ({status})").format(
                    index=outcome.index, status=status_name(outcome.status)
                ),
            )

    def _path_changed(self, path: object) -> None:
        if isinstance(path, tuple) and path:
            figures = (
                next((p for p in self.report.paths if p.steps == path), None)
                if self.report
                else None
            )
            self.show_path(
                path,
                self.tr("Path taken by {count} conversation(s)").format(count=number(figures.count))
                if figures
                else self.tr("Path"),
            )

    def _tab_changed(self) -> None:
        page = self.tabs.currentWidget()
        if page is self.conversations_page:
            self._conversation_changed(self.conversations.current_data())
        elif page is self.paths_page:
            self._path_changed(self.paths.current_data())
        elif self._path_shown is not None:
            self.shade()


__all__ = ["GraphPart"]
