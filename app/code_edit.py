"""A plain-text editor for the scenario's files: line numbers, marked lines, the studio's undo.

:class:`GlobalUndoPlainTextEdit` hands Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y to the studio's undo stack
(the window's actions) instead of keeping a history of its own, so text and graph edits undo in
the order they happened. :class:`CodeEdit` adds a gutter of line numbers — problems are located
by line — and :meth:`CodeEdit.mark_lines` paints the lines a problem points at (a mark in the
gutter, a tinted background, the message as the gutter's tooltip: a red ✖ for an error, an
amber ⚠ for a line with warnings only; :func:`problem_marks` words them from the problems), and
:meth:`CodeEdit.go_to` puts the cursor where a problem is.
The instruction editor, ``scenario.yaml`` and the Tests pane's test files all use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QHelpEvent,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from app.i18n.fonts import covering
from app.theme import mix
from engine.errors import ScenarioError

#: Redo's keys everywhere in the studio: Ctrl+Shift+Z and Ctrl+Y, whatever the platform's is.
REDO_KEYS = (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))


def leaves_undo_to_the_window(event: QEvent) -> bool:
    """True for Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y while a text field has focus: they must reach
    the studio.

    A text widget claims the undo shortcuts for its own history even when that is switched off;
    ignoring the shortcut override lets the window's Undo/Redo (the studio's stack) run instead.
    """
    if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
        return False
    if (
        event.matches(QKeySequence.StandardKey.Undo)
        or event.matches(QKeySequence.StandardKey.Redo)
        or QKeySequence(event.keyCombination()) in REDO_KEYS
    ):
        event.ignore()
        return True
    return False


class GlobalUndoPlainTextEdit(QPlainTextEdit):
    """A QPlainTextEdit whose Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y are the studio's, not its own."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUndoRedoEnabled(False)

    def event(self, event: QEvent) -> bool:
        if leaves_undo_to_the_window(event):
            return False
        return super().event(event)


def monospace_font() -> QFont:
    """The system's monospace font, with the shipped fonts as fallbacks for the scripts it
    lacks (Devanagari, say: :func:`app.i18n.fonts.covering`)."""
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setStyleHint(QFont.StyleHint.Monospace)
    return covering(font)


#: How a marked line is painted, by severity: (gutter symbol, symbol colour, band, line tint).
MARK_STYLES = {
    "error": ("✖", QColor(190, 30, 30), QColor(220, 50, 50, 90), QColor(220, 50, 50, 45)),
    "warning": ("⚠", QColor(170, 105, 0), QColor(235, 165, 20, 90), QColor(235, 165, 20, 45)),
}


class LineMarks(dict[int, str]):
    """Marked lines and why (``{line: text}``), and which of them only warn (``warnings``)."""

    def __init__(
        self, texts: Mapping[int, str] | None = None, warnings: Iterable[int] = ()
    ) -> None:
        super().__init__(texts or {})
        self.warnings = frozenset(warnings)


class CodeEdit(GlobalUndoPlainTextEdit):
    """A monospace editor with line numbers and marked lines (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFont(monospace_font())
        self.setTabStopDistance(self.fontMetrics().horizontalAdvance(" ") * 4)
        self.gutter = _Gutter(self)
        #: 1-based line -> why it is marked
        self.marked: dict[int, str] = {}
        #: the marked lines whose problems are all warnings (painted amber, not red)
        self.warning_lines: frozenset[int] = frozenset()
        self.blockCountChanged.connect(lambda _count: self._fit_gutter())
        self.updateRequest.connect(self._scroll_gutter)
        self._fit_gutter()

    # --- marks ------------------------------------------------------------------------------

    def mark_lines(
        self, marks: Mapping[int, str], underlines: Sequence[QTextEdit.ExtraSelection] = ()
    ) -> None:
        """Mark these 1-based lines (``{line: why}``); an empty mapping clears the marks.

        A :class:`LineMarks` says which lines only warn. ``underlines`` are drawn over the marks
        (a problem's exact place in its line, say).
        """
        self.marked = dict(marks)
        self.warning_lines = marks.warnings if isinstance(marks, LineMarks) else frozenset()
        selections = []
        for line in self.marked:
            block = self.document().findBlockByNumber(line - 1)
            if not block.isValid():
                continue
            selection = QTextEdit.ExtraSelection()
            selection.format.setBackground(MARK_STYLES[self.severity_of(line)][3])
            selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            cursor = QTextCursor(block)
            selection.cursor = cursor
            selections.append(selection)
        self.setExtraSelections([*selections, *underlines])
        self.gutter.update()

    def severity_of(self, line: int) -> str:
        """``error`` or ``warning``: how a marked line is painted."""
        return "warning" if line in self.warning_lines else "error"

    def go_to(self, line: int | None, column: int | None = None) -> None:
        """Put the cursor at a 1-based line and column (a problem's location), and focus."""
        block = self.document().findBlockByNumber(max(0, (line or 1) - 1))
        cursor = QTextCursor(block)
        if column:
            cursor.movePosition(
                QTextCursor.MoveOperation.Right,
                QTextCursor.MoveMode.MoveAnchor,
                min(column - 1, max(0, block.length() - 1)),
            )
        self.setTextCursor(cursor)
        self.centerCursor()
        self.setFocus()

    def line_of(self, y: int) -> int | None:
        """The 1-based line shown at viewport height ``y``."""
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        while block.isValid():
            bottom = top + round(self.blockBoundingRect(block).height())
            if top <= y < bottom:
                return block.blockNumber() + 1
            block, top = block.next(), bottom
        return None

    # --- the gutter ---------------------------------------------------------------------------

    def gutter_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 14 + self.fontMetrics().horizontalAdvance("9") * max(3, digits)

    def _fit_gutter(self) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _scroll_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        area = self.contentsRect()
        self.gutter.setGeometry(QRect(area.left(), area.top(), self.gutter_width(), area.height()))

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self.gutter)
        palette = self.palette()
        base, text = palette.base().color(), palette.text().color()
        painter.fillRect(event.rect(), mix(base, text, 0.05))
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        current = self.textCursor().blockNumber()
        height = self.fontMetrics().height()
        width = self.gutter.width() - 6
        while block.isValid() and top <= event.rect().bottom():
            bottom = top + round(self.blockBoundingRect(block).height())
            if block.isVisible() and bottom >= event.rect().top():
                number = block.blockNumber() + 1
                if number in self.marked:
                    symbol, color, band, _tint = MARK_STYLES[self.severity_of(number)]
                    painter.fillRect(QRect(0, top, self.gutter.width(), bottom - top), band)
                    painter.setPen(color)
                    painter.drawText(QRect(2, top, 12, height), Qt.AlignmentFlag.AlignLeft, symbol)
                    painter.setPen(text)
                else:
                    painter.setPen(
                        text if block.blockNumber() == current else mix(base, text, 0.45)
                    )
                painter.drawText(
                    QRect(0, top, width, height), Qt.AlignmentFlag.AlignRight, str(number)
                )
            block, top = block.next(), bottom
        painter.end()

    def gutter_tooltip(self, position: QPoint) -> str:
        line = self.line_of(position.y())
        return self.marked.get(line, "") if line is not None else ""


def problem_marks(problems: Iterable[ScenarioError], path: Path | None = None) -> LineMarks:
    """The lines the problems point at (those of ``path`` when given), each with what is wrong
    there and how to fix it, one problem a line of text, and which lines have warnings only:
    what :meth:`CodeEdit.mark_lines` shows."""
    target = path.resolve() if path is not None else None
    marks: dict[int, str] = {}
    errors: set[int] = set()
    for problem in problems:
        if not problem.line:
            continue
        if target is not None and (problem.path is None or problem.path.resolve() != target):
            continue
        text = problem.message + (f" — {problem.hint}" if problem.hint else "")
        marks[problem.line] = marks[problem.line] + "\n" + text if problem.line in marks else text
        if problem.severity != "warning":
            errors.add(problem.line)
    return LineMarks(marks, warnings=set(marks) - errors)


class _Gutter(QWidget):
    """The strip of line numbers left of a :class:`CodeEdit` (it paints it)."""

    def __init__(self, editor: CodeEdit) -> None:
        super().__init__(editor)
        self.editor = editor
        self.setObjectName("lineNumbers")

    def sizeHint(self) -> QSize:
        return QSize(self.editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_gutter(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tip = self.editor.gutter_tooltip(event.pos())
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)


__all__ = [
    "REDO_KEYS",
    "CodeEdit",
    "GlobalUndoPlainTextEdit",
    "LineMarks",
    "leaves_undo_to_the_window",
    "monospace_font",
    "problem_marks",
]
