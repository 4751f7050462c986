"""A matrix in a window of its own: progress, then the cells, and the graph shaded per cell.

While the matrix runs, a bar shows the runs done and the time left, and *Stop* ends it (what
finished is kept). Then the table lists the cells — pass rate with its Wilson interval, pass^k,
calls per message, cost — the significant differences named under it. Selecting a cell shades
the scenario's graph (the studio's own, read-only) by that cell's contract-violation rate per
step, as the simulation window shades it (:func:`~app.graph.overlay.heat_overlay`), each step's
interval in its tooltip; clicking a step lists that cell's runs that broke the contract there or
failed there, and activating one opens its log (:attr:`MatrixWindow.log_opener`: the studio's
log viewer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.graph.overlay import heat_overlay, heat_ramp
from app.graph.readonly import ReadOnlyGraph, readonly_session
from app.matrix.job import MatrixJob, MatrixSetup
from app.plain_text import PlainLabel, plain_tooltip
from engine.matrix.run import MatrixProgress

LogOpener = Callable[[Path], object]
COLUMNS = 6


def failing_runs(cell: Mapping[str, Any], step: str) -> list[dict[str, Any]]:
    """The cell's runs that broke the contract in ``step``, or failed there."""
    return [
        run
        for run in cell.get("runs", [])
        if (run.get("steps", {}).get(step, [0, 0])[1] > 0)
        or (not run.get("passed") and run.get("failed_at") == step)
    ]


def violation_rates(cell: Mapping[str, Any], steps: list[str]) -> dict[str, float | None]:
    """Each step's violation rate in the cell; ``None`` where no call was made."""
    figures = cell.get("violations_by_step") or {}
    rates: dict[str, float | None] = {}
    for step in steps:
        found = figures.get(step)
        rates[step] = found["violations"] / found["calls"] if found and found.get("calls") else None
    return rates


class MatrixWindow(QWidget):
    """One matrix run (see the module docstring)."""

    closed = Signal()

    def __init__(self, setup: MatrixSetup, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setup = setup
        self.setWindowTitle(self.tr("Model matrix — {name}").format(name=setup.scenario.name))
        self.summary: dict[str, Any] | None = None
        self.log_opener: LogOpener = self._open_log_window
        self.log_windows: list[object] = []
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.progress = QProgressBar()
        self.status = PlainLabel(self.tr("Starting…"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.clicked.connect(self.stop)
        top.addWidget(self.progress, 1)
        top.addWidget(self.status, 2)
        top.addWidget(self.stop_button)
        layout.addLayout(top)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, COLUMNS)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Cell"),
                self.tr("Passed"),
                self.tr("95% interval"),
                self.tr("pass^k"),
                self.tr("Calls per message"),
                self.tr("Cost"),
            ]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.itemSelectionChanged.connect(self._cell_selected)
        column.addWidget(self.table, 2)
        self.differences = PlainLabel("")
        self.differences.setWordWrap(True)
        column.addWidget(self.differences)
        self.runs_title = PlainLabel(self.tr("Click a step to list the runs that broke there."))
        column.addWidget(self.runs_title)
        self.runs = QListWidget()
        self.runs.itemActivated.connect(self._open_run)
        column.addWidget(self.runs, 1)
        splitter.addWidget(left)
        self.session = readonly_session(setup.scenario, parent=self)
        self.graph = ReadOnlyGraph(self.session, self)
        self.graph.stepSelected.connect(self.show_step)
        splitter.addWidget(self.graph)
        splitter.setSizes([520, 680])
        layout.addWidget(splitter, 1)
        self.resize(1280, 800)
        self.job = MatrixJob(setup, self)
        self.job.progressed.connect(self._progressed)
        self.job.finished.connect(self.show_summary)
        self.job.failed.connect(self._failed)

    # --- running -----------------------------------------------------------------------------

    def start(self) -> None:
        self.job.start()

    def stop(self) -> None:
        self.stop_button.setEnabled(False)
        self.status.setText(self.tr("Stopping: what finished is kept…"))
        self.job.cancel()

    def _progressed(self, progress: MatrixProgress) -> None:
        self.progress.setMaximum(max(progress.total, 1))
        self.progress.setValue(progress.done)
        self.status.setText(
            self.tr("{done} of {total} runs, {failed} failed").format(
                done=progress.done, total=progress.total, failed=progress.failed
            )
        )

    def _failed(self, message: str) -> None:
        self.stop_button.setEnabled(False)
        self.status.setText(self.tr("The matrix could not run: {reason}").format(reason=message))

    # --- the result --------------------------------------------------------------------------

    def show_summary(self, summary: dict[str, Any]) -> None:
        self.summary = summary
        self.stop_button.setEnabled(False)
        cells = summary.get("cells", [])
        runs = sum(cell["pass"]["runs"] for cell in cells)
        self.status.setText(
            self.tr("Done: {runs} runs in {cells} cells; written to {folder}").format(
                runs=runs, cells=len(cells), folder=str(self.setup.out_dir)
            )
        )
        self.table.setRowCount(len(cells))
        for row, cell in enumerate(cells):
            figures = cell["pass"]
            lo, hi = figures["wilson95"]
            k = figures.get("pass_all_k")
            cost = cell.get("cost_usd")
            per_message = cell.get("calls_per_message")
            texts = [
                str(cell["label"]),
                f"{figures['passes']}/{figures['runs']}",
                f"[{lo:.2f}, {hi:.2f}]",
                "–" if k is None else f"{k:.2f}",
                "–" if per_message is None else f"{per_message:.2f}",
                self.tr("no cost (fake model)")
                if cell.get("no_cost")
                else self.tr("unknown")
                if cost is None
                else f"${cost:.4f}",
            ]
            for column, text in enumerate(texts):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.differences.setText(self._difference_text(summary))
        if cells:
            self.table.selectRow(0)

    def _difference_text(self, summary: Mapping[str, Any]) -> str:
        cells = summary.get("cells", [])
        lines = []
        for row in sorted(summary.get("comparisons", []), key=lambda item: item["holm_p"]):
            if row["holm_p"] >= 0.05:
                continue
            a_wins = row["a_better"] > row["b_better"]
            better, worse = (row["a"], row["b"]) if a_wins else (row["b"], row["a"])
            lines.append(
                self.tr("{better} beats {worse} on {test} (Holm p = {p})").format(
                    better=cells[better]["label"],
                    worse=cells[worse]["label"],
                    test=row["test"] or self.tr("all tests"),
                    p=f"{row['holm_p']:.2g}",
                )
            )
        return "\n".join(lines) or self.tr("No significant difference between the cells.")

    def selected_cell(self) -> dict[str, Any] | None:
        if self.summary is None:
            return None
        rows = self.table.selectionModel().selectedRows()
        cells = self.summary.get("cells", [])
        return cells[rows[0].row()] if rows and rows[0].row() < len(cells) else None

    def _cell_selected(self) -> None:
        cell = self.selected_cell()
        if cell is None:
            self.graph.overlay.clear()
            return
        steps = list(self.setup.scenario.steps)
        figures = cell.get("violations_by_step") or {}

        def tooltip(step: str) -> str:
            found = figures[step]
            lo, hi = found["wilson95"]
            return plain_tooltip(
                self.tr("{violations} violations in {calls} calls (95%: {lo}–{hi})").format(
                    violations=found["violations"],
                    calls=found["calls"],
                    lo=f"{lo:.2f}",
                    hi=f"{hi:.2f}",
                )
            )

        overlay = heat_overlay(
            violation_rates(cell, steps),
            {},
            ramp=heat_ramp(),
            tooltip=tooltip,
            title=self.tr("Violation rate"),
            ends=lambda high: ("0", f"{high:.2f}"),
            unreached=self.tr("no call"),
        )
        # no arrow counts here: the arrows stay as drawn, and the legend says nothing of them
        legend = replace(overlay.legend, note="") if overlay.legend is not None else None
        self.graph.overlay.show(replace(overlay, legend=legend, default_edge=None))
        self.runs.clear()

    def show_step(self, step: str) -> None:
        """List the selected cell's runs that broke the contract in ``step`` or failed there."""
        self.runs.clear()
        cell = self.selected_cell()
        if cell is None or not step:
            return
        found = failing_runs(cell, step)
        self.runs_title.setText(
            self.tr("{count} runs broke or failed in {step}").format(count=len(found), step=step)
        )
        for run in found:
            violations = run.get("steps", {}).get(step, [0, 0])[1]
            text = self.tr("{name}, repeat {repeat}: {violations} violations{failed}").format(
                name=run["name"],
                repeat=int(run["repeat"]) + 1,
                violations=violations,
                failed="" if run.get("passed") else self.tr(", failed"),
            )
            item = QListWidgetItem(text, self.runs)
            item.setData(Qt.ItemDataRole.UserRole, run.get("log") or "")
            item.setToolTip(plain_tooltip(str(run.get("detail") or "")))

    def _open_run(self, item: QListWidgetItem) -> None:
        log = str(item.data(Qt.ItemDataRole.UserRole) or "")
        if log:
            self.log_opener(Path(log))

    def _open_log_window(self, path: Path) -> object:
        from app.logview.window import open_log_window

        window = open_log_window(path, follow=False)
        self.log_windows.append(window)
        return window

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.graph.show_all()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing stops the run (what finished is written) before the window goes."""
        if self.job.running:
            self.job.cancel()
        self.job.wait(30)
        self.session.dispose()
        super().closeEvent(event)
        self.closed.emit()
