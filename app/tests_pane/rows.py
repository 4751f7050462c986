"""The list of tests: one row per test file with its last result, one row per problem under it.

:class:`TestList` only shows what it is given (the files, their outcomes, what a run is doing)
and says what the author asked for: :attr:`TestList.problemActivated` (a problem row
double-clicked: open the run's log at its turn) and :attr:`TestList.testActivated` (a test row
double-clicked).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from app.plain_text import plain_tooltip
from app.tests_pane.catalog import TestFile
from app.tests_pane.describe import Problem, problems_of, status_text
from app.tests_pane.runs import Outcome
from app.widgets import retranslated
from engine.scenario_tests import ScenarioTestResult
from engine.scenario_tests.report import SYNTHETIC_MEANING


def meaning(status: str) -> str:
    """What each result means, for the row's tooltip."""
    translate = QCoreApplication.translate
    return {
        "passed": translate("TestList", "Every expectation held."),
        "failed": translate(
            "TestList",
            "An expectation did not hold: double-click to see the run's log at that turn.",
        ),
        "stale": translate(
            "TestList",
            "The recording no longer answers what the scenario asks (an instruction, the "
            "prompt or a user message changed), so the replay says nothing about this "
            "version: record the test again, or undo the change.",
        ),
        "error": translate("TestList", "The test could not run (see the details)."),
    }.get(status, "")


#: The column saying who made the replies a test ran on ("synthetic", or the model's name).
REPLIES_COLUMN = 3
PathRole = Qt.ItemDataRole.UserRole + 1
TurnRole = Qt.ItemDataRole.UserRole + 2
COLORS = {
    "passed": QColor(46, 125, 50),
    "failed": QColor(198, 40, 40),
    "stale": QColor(178, 106, 0),
    "error": QColor(198, 40, 40),
    "running": QColor(21, 101, 192),
    "broken": QColor(198, 40, 40),
}


class TestList(QTreeWidget):
    """See the module docstring."""

    __test__ = False  # not a pytest test class

    #: (relpath, turn or None): a problem row was double-clicked
    problemActivated = Signal(str, object)
    #: relpath: a test row was double-clicked
    testActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("testsTree")
        self.setHeaderLabels(["", "", "", ""])
        retranslated(self, self.retranslate_ui)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Fixed widths, wide enough for what the columns show: sized to their contents, every
        # status change during a run would measure every row again.
        metrics = self.fontMetrics()
        for column, widest in (
            (1, "◐ stale at turn 12"),
            (2, "Turns"),
            (REPLIES_COLUMN, "synthetic"),
        ):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            self.setColumnWidth(column, metrics.horizontalAdvance(widest) + 24)
        self.items: dict[str, QTreeWidgetItem] = {}
        self.itemDoubleClicked.connect(self._double_clicked)

    def retranslate_ui(self) -> None:
        self.setHeaderLabels(
            [self.tr("Test"), self.tr("Result"), self.tr("Turns"), self.tr("Replies")]
        )
        self.headerItem().setToolTip(
            REPLIES_COLUMN, self.tr("Who made the replies the test ran on")
        )

    def set_files(self, files: Sequence[TestFile]) -> None:
        """One row per file, in order (rows and the selection kept when the list is the same)."""
        relpaths = [file.relpath for file in files]
        if list(self.items) == relpaths:
            return
        selected = self.selected_relpaths()
        self.clear()
        self.items = {}
        for file in files:
            item = QTreeWidgetItem([file.title, "", "", ""])
            item.setData(0, PathRole, file.relpath)
            self.items[file.relpath] = item
            self.addTopLevelItem(item)
        for relpath in selected:
            if relpath in self.items:
                self.items[relpath].setSelected(True)

    def show_test(self, file: TestFile, outcome: Outcome | None, outdated: str) -> None:
        """The row of ``file`` with its last result (``outdated``: why it is out of date)."""
        item = self.items.get(file.relpath)
        if item is None:
            return
        item.setText(0, file.title)
        item.setToolTip(0, plain_tooltip(file.relpath))
        item.setText(2, str(file.turns) if file.turns else "")
        if not file.runnable:
            self.set_status(
                file.relpath,
                self.tr("✖ file has errors"),
                "broken",
                tip="\n".join(error.render() for error in file.errors),
            )
            self._set_problems(item, [])
            return
        if outcome is None:
            self.set_status(file.relpath, self.tr("○ not run"), None)
            self._set_problems(item, [])
            return
        result = outcome.result
        text = status_text(result) + (" · " + self.tr("before edits") if outdated else "")
        tip = "\n".join(part for part in (meaning(result.status), outdated) if part)
        self.set_status(file.relpath, text, result.status, faded=bool(outdated), tip=tip)
        self._show_maker(item, result)
        self._set_problems(item, problems_of(result))

    def _show_maker(self, item: QTreeWidgetItem, result: ScenarioTestResult) -> None:
        """Who made the replies the run used: a model, or (synthetic) what stood in for one."""
        if result.synthetic:
            item.setText(REPLIES_COLUMN, self.tr("synthetic"))
            item.setToolTip(
                REPLIES_COLUMN,
                plain_tooltip(
                    self.tr("Replies by {maker}: {meaning}.").format(
                        maker=result.recorded_by, meaning=SYNTHETIC_MEANING
                    )
                ),
            )
            item.setForeground(REPLIES_COLUMN, QBrush(COLORS["stale"]))
        else:
            item.setText(REPLIES_COLUMN, result.made_by)
            tip = (
                self.tr("Replies by {maker}").format(maker=result.recorded_by)
                if result.made_by
                else ""
            )
            item.setToolTip(REPLIES_COLUMN, plain_tooltip(tip))
            item.setForeground(REPLIES_COLUMN, QBrush())

    def set_status(
        self, relpath: str, text: str, status: str | None, *, faded: bool = False, tip: str = ""
    ) -> None:
        item = self.items.get(relpath)
        if item is None:
            return
        item.setText(1, text)
        item.setToolTip(1, plain_tooltip(tip))
        color = COLORS.get(status or "")
        if color is not None and faded:
            color = QColor(color)
            color.setAlpha(140)
        item.setForeground(1, QBrush(color) if color is not None else QBrush())

    def status(self, relpath: str) -> str:
        item = self.items.get(relpath)
        return item.text(1) if item is not None else ""

    def problem_rows(self, relpath: str) -> list[str]:
        item = self.items.get(relpath)
        if item is None:
            return []
        return [
            child.text(0)
            for index in range(item.childCount())
            if (child := item.child(index)) is not None
        ]

    def selected_relpaths(self) -> list[str]:
        found: list[str] = []
        for item in self.selectedItems():
            relpath = item.data(0, PathRole)
            if relpath and relpath not in found:
                found.append(relpath)
        return found

    def select(self, relpath: str) -> None:
        item = self.items.get(relpath)
        if item is not None:
            # setCurrentItem alone selects nothing when the item is current already (after a
            # rebuild kept it current but not selected): the details would not follow
            self.setCurrentItem(item)
            if self.selected_relpaths() != [relpath]:
                self.clearSelection()
                item.setSelected(True)
            self.scrollToItem(item)

    def _set_problems(self, item: QTreeWidgetItem, problems: Sequence[Problem]) -> None:
        item.takeChildren()
        relpath = item.data(0, PathRole)
        for problem in problems:
            child = QTreeWidgetItem([problem.headline, "", ""])
            child.setData(0, PathRole, relpath)
            child.setData(0, TurnRole, problem.turn)
            child.setToolTip(
                0,
                plain_tooltip(
                    problem.headline
                    + "\n"
                    + self.tr("Double-click: open the run's log at this turn")
                ),
            )
            item.addChild(child)
            child.setFirstColumnSpanned(True)
        item.setExpanded(bool(problems))

    def _double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        relpath = item.data(0, PathRole)
        if not relpath:
            return
        if item.parent() is not None:
            turn = item.data(0, TurnRole)
            self.problemActivated.emit(relpath, turn if isinstance(turn, int) else None)
        else:
            self.testActivated.emit(relpath)


__all__ = ["COLORS", "TestList"]
