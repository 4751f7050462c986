"""The problems pane: load errors and validator findings, one row each, newest state only.

Double-clicking a row emits :attr:`ProblemsPane.problemActivated`; the main window selects the
step and puts the cursor on the field or the line (in the instruction editor) it concerns.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.edit_session import EditSession, step_of
from app.i18n.locale_text import number
from app.plain_text import PlainLabel, plain_tooltip
from app.widgets import retranslated
from engine.errors import ScenarioError

ProblemRole = Qt.ItemDataRole.UserRole + 1


class ProblemsPane(QWidget):
    """Lists :attr:`EditSession.problems` (see the module docstring)."""

    problemActivated = Signal(object)
    #: "2 errors, 1 warning" — for the dock's title
    summaryChanged = Signal(str)

    def __init__(self, session: EditSession | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: EditSession | None = None
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # the columns exist before their resize modes are set (a mode set for a column not
        # there yet is dropped: the list then never stretched to the pane's width)
        self.tree.setColumnCount(4)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.tree.itemActivated.connect(self._activated)
        self.empty = PlainLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.tree)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        retranslated(self, self.retranslate_ui)
        if session is not None:
            self.set_session(session)

    def retranslate_ui(self) -> None:
        self.tree.setHeaderLabels(["", self.tr("Problem"), self.tr("Step"), self.tr("Where")])
        self.empty.setText(self.tr("✓  No problems found."))
        if self.session is not None:
            self.refresh()

    def set_session(self, session: EditSession | None) -> None:
        if self.session is not None:
            self.session.problemsChanged.disconnect(self.refresh)
        self.session = session
        if session is not None:
            session.problemsChanged.connect(self.refresh)
        self.refresh()

    @property
    def problems(self) -> list[ScenarioError]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item.data(0, ProblemRole) for item in items if item is not None]

    def refresh(self) -> None:
        problems = list(self.session.problems) if self.session else []
        problems.sort(key=lambda p: (p.severity != "error", str(p.path or ""), p.line or 0))
        self.tree.clear()
        folder = self.session.folder if self.session else None
        for problem in problems:
            error = problem.severity == "error"
            message = problem.message + (f" — {problem.hint}" if problem.hint else "")
            where = ""
            if problem.path is not None:
                try:
                    where = problem.path.relative_to(folder).as_posix() if folder else ""
                except ValueError:
                    where = problem.path.name
                if problem.line:
                    where += f":{problem.line}"
            item = QTreeWidgetItem(["✖" if error else "⚠", message, step_of(problem) or "", where])
            item.setForeground(0, QColor(210, 50, 50) if error else QColor(200, 140, 0))
            item.setToolTip(1, plain_tooltip(problem.render()))
            item.setData(0, ProblemRole, problem)
            self.tree.addTopLevelItem(item)
        self.stack.setCurrentIndex(1 if problems else 0)
        errors = sum(p.severity == "error" for p in problems)
        warnings = len(problems) - errors
        parts = []
        if errors:
            parts.append(
                self.tr("1 error")
                if errors == 1
                else self.tr("{count} errors").format(count=number(errors))
            )
        if warnings:
            parts.append(
                self.tr("1 warning")
                if warnings == 1
                else self.tr("{count} warnings").format(count=number(warnings))
            )
        self.summaryChanged.emit(", ".join(parts))

    def _activated(self, item: QTreeWidgetItem, column: int) -> None:
        self.problemActivated.emit(item.data(0, ProblemRole))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        item = self.tree.currentItem()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and item is not None:
            self._activated(item, 0)
            return
        super().keyPressEvent(event)
