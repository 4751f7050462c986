"""*Tools ▸ Live versions*: the versions a server's store keeps, side by side, and where each
loses people.

The table is ``prompter versions``: each version's share of new conversations, its conversations
(unfinished / all), turns per conversation, completion rate, fallbacks, contract violations and
cost per conversation. Selecting a version draws *its* graph (loaded from the store's files, at
the studio's positions where the steps are the same) shaded by drop-off — the share of the
conversations that reached a step and are still sitting there — as the analytics window shades
it, so the author sees which version loses people where. Everything is read off the UI thread.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QMainWindow,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolBar,
    QWidget,
)

from app.analytics.shading import measure_overlay
from app.graph.readonly import ReadOnlyGraph, readonly_session
from app.i18n.locale_text import money, number, percent
from app.plain_text import PlainLabel
from app.publish.jobs import LiveVersions, StoreJob, live_versions
from app.widgets import closes_from_keyboard, size_for_screen

Position = tuple[float, float]
#: The measure the graph is shaded by (:data:`engine.stats.MEASURES`).
SHADE_BY = "drop_off"


class LiveVersionsWindow(QMainWindow):
    """See the module docstring. ``url`` opens the store (with its password, never shown)."""

    def __init__(
        self,
        url: str,
        shown_url: str,
        *,
        positions: Mapping[str, Position] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.url = url
        self.positions = dict(positions or {})
        self.versions: LiveVersions | None = None
        self.job: StoreJob | None = None
        self.graph: ReadOnlyGraph | None = None
        self.setWindowTitle(self.tr("Live versions — {store}").format(store=shown_url))
        size_for_screen(self, 1400, 900)
        closes_from_keyboard(self)
        headers = [
            self.tr("Version"),
            self.tr("New conversations"),
            self.tr("Live"),
            self.tr("All"),
            self.tr("Turns"),
            self.tr("Completed"),
            self.tr("Fallbacks"),
            self.tr("Violations"),
            self.tr("Cost / conversation"),
        ]
        self.table = QTableWidget(0, len(headers), self)
        self.table.setObjectName("versionsTable")
        self.table.setHorizontalHeaderLabels(headers)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.itemSelectionChanged.connect(self._show_selected)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(self.table)
        self.placeholder = PlainLabel(self.tr("Reading the store…"), self)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.splitter.addWidget(self.placeholder)
        self.splitter.setSizes([260, 640])
        self.setCentralWidget(self.splitter)
        bar = QToolBar(self)
        bar.setMovable(False)
        self.reload_action = QAction(self.tr("Read again"), self)
        self.reload_action.triggered.connect(self.reload)
        bar.addAction(self.reload_action)
        self.addToolBar(bar)
        self.status = PlainLabel(self)
        self.statusBar().addWidget(self.status, 1)
        self.reload()

    def reload(self) -> None:
        if self.job is not None and not self.job.wait(0):
            return
        self.status.setText(self.tr("Reading the store…"))
        self.job = StoreJob(self.url, live_versions, self)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(
            lambda message: self.status.setText(self.tr("⚠ {reason}").format(reason=message))
        )
        self.job.start()

    def _finished(self, versions: LiveVersions) -> None:
        self.versions = versions
        self.table.setRowCount(len(versions.figures))
        for row, item in enumerate(versions.figures):
            cells = [
                item.row.version,
                percent(item.share / 100, 0),
                number(item.row.live_conversations),
                number(item.row.conversations),
                number(item.turns_per_conversation, 1),
                percent(item.completion_rate, 0),
                number(item.fallbacks),
                number(item.violations),
                "?" if item.cost_per_conversation is None else money(item.cost_per_conversation),
            ]
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                if column:
                    cell.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, cell)
        self.table.resizeColumnsToContents()
        self.status.setText(
            self.tr("{count} version(s); the graph shows the selected one's drop-off").format(
                count=number(len(versions.figures))
            )
        )
        live = next((i for i, item in enumerate(versions.figures) if item.share), 0)
        if versions.figures:
            self.table.selectRow(live)

    def selected_version(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.versions is None:
            return None
        return self.versions.figures[rows[0].row()].row.version

    def _show_selected(self) -> None:
        version = self.selected_version()
        if version is None or self.versions is None:
            return
        scenario = self.versions.scenarios.get(version)
        figures = next(f for f in self.versions.figures if f.row.version == version)
        if scenario is None:
            return
        session = readonly_session(scenario, positions=self.positions, parent=self)
        graph = ReadOnlyGraph(session, self)
        if self.graph is not None:
            self.graph.session.dispose()
        graph.overlay.show(measure_overlay(figures.report, SHADE_BY, scenario.steps))
        old = self.splitter.widget(1)
        self.splitter.replaceWidget(1, graph)
        if old is not None:
            old.deleteLater()
        self.graph = graph
        graph.show_all()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.job is not None:
            self.job.wait(5)
        if self.graph is not None:
            self.graph.session.dispose()
        super().closeEvent(event)


__all__ = ["LiveVersionsWindow"]
