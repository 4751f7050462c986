"""The compare view's side panel: the list of differences, and the diff of the one selected."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QIcon,
    QPainter,
    QPixmap,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)
from PySide6.QtWidgets import QPlainTextEdit, QTreeWidget, QTreeWidgetItem, QWidget

from app.compare.marks import DiffColors, status_word
from app.i18n.locale_text import number
from app.plain_text import plain_tooltip
from app.widgets import retranslated
from engine.compare.changes import ScenarioDiff, StepDiff, StepStatus
from engine.compare.render import section_detail, step_detail

#: How a changed step field is named in the list (the instruction *text* is "instructions").
_FIELD_NAMES = {"instructions": "instructions file", "on_enter": "on enter"}
#: Item data: ("step", step id as drawn) or ("settings" | "variables" | "layout", "").
KEY_ROLE = Qt.ItemDataRole.UserRole
_SYMBOL = {
    StepStatus.ADDED: "+",
    StepStatus.REMOVED: "−",
    StepStatus.RENAMED: "→",
    StepStatus.CHANGED: "~",
}


class DiffList(QTreeWidget):
    """Every difference, grouped: steps (in the new scenario's order), settings, variables,
    layout. ``selected`` says which one was chosen: (kind, step id or "")."""

    selected = Signal(str, str)

    def __init__(
        self, diff: ScenarioDiff, colors: DiffColors | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("diffList")
        self.setHeaderHidden(True)
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        colors = colors or DiffColors.from_palette()
        self.diff = diff
        self._items: dict[tuple[str, str], QTreeWidgetItem] = {}
        self._steps: QTreeWidgetItem | None = None
        if diff.steps:
            self._steps = group = self._group("")
            for step in diff.steps:
                item = QTreeWidgetItem(group, [""])
                item.setIcon(0, _swatch(colors.of_step(step.status)))
                self._remember(item, "step", step.id)
        if diff.settings or diff.persona:
            self._remember(self._group(""), "settings", "")
        if diff.variables:
            self._remember(self._group(""), "variables", "")
        if diff.layout.changed:
            self._remember(self._group(""), "layout", "")
        retranslated(self, self.retranslate_ui)
        self.expandAll()
        self.currentItemChanged.connect(self._current_changed)

    def retranslate_ui(self) -> None:
        """The entries' texts, in the language the studio speaks."""
        diff = self.diff
        if self._steps is not None:
            self._steps.setText(0, self.tr("Steps ({count})").format(count=number(len(diff.steps))))
        for step in diff.steps:
            item = self._items[("step", step.id)]
            item.setText(0, describe_step(step))
            item.setToolTip(0, plain_tooltip(f"{status_word(step.status.value)}: {step.id}"))
        if ("settings", "") in self._items:
            count = len(diff.settings) + (diff.persona is not None)
            self._items[("settings", "")].setText(
                0, self.tr("Scenario settings ({count})").format(count=number(count))
            )
        if ("variables", "") in self._items:
            self._items[("variables", "")].setText(
                0, self.tr("Variables ({count})").format(count=number(len(diff.variables)))
            )
        if ("layout", "") in self._items:
            moved = len(diff.layout.moved)
            self._items[("layout", "")].setText(
                0,
                self.tr("Layout only: {count} step(s) moved").format(count=number(moved))
                if moved
                else self.tr("Layout only: saved positions changed"),
            )

    def entries(self) -> list[str]:
        """The texts shown, in order (groups and their children)."""
        texts: list[str] = []
        for index in range(self.topLevelItemCount()):
            group = self.topLevelItem(index)
            if group is None:
                continue
            texts.append(group.text(0))
            children = (group.child(row) for row in range(group.childCount()))
            texts += [child.text(0) for child in children if child is not None]
        return texts

    def choose(self, kind: str, key: str = "") -> bool:
        item = self._items.get((kind, key))
        if item is None:
            return False
        self.setCurrentItem(item)
        self.scrollToItem(item)
        return True

    def _group(self, text: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(self, [text])
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        return item

    def _remember(self, item: QTreeWidgetItem, kind: str, key: str) -> None:
        item.setData(0, KEY_ROLE, (kind, key))
        self._items[(kind, key)] = item

    def _current_changed(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        data = current.data(0, KEY_ROLE) if current is not None else None
        if isinstance(data, tuple):
            self.selected.emit(str(data[0]), str(data[1]))


def describe_step(step: StepDiff) -> str:
    """One line for the list: the symbol, the id(s) and what changed."""
    symbol = _SYMBOL[step.status]
    if step.status is StepStatus.RENAMED:
        head = f"{symbol} {step.old_id} → {step.new_id}"
    else:
        head = f"{symbol} {step.id}"
    parts: list[str] = []
    if step.status in (StepStatus.ADDED, StepStatus.REMOVED):
        parts.append(status_word(step.status.value))
    else:
        if step.fields:
            parts.append(
                ", ".join(_FIELD_NAMES.get(change.field, change.field) for change in step.fields)
            )
        if step.results:
            parts.append(
                QCoreApplication.translate("DiffList", "{count} result(s)").format(
                    count=number(len(step.results))
                )
            )
        if step.transitions:
            parts.append(
                ", ".join(f"{t.signal} {status_word(t.status.value)}" for t in step.transitions)
            )
        if step.instructions is not None:
            parts.append(QCoreApplication.translate("DiffList", "instructions"))
    return f"{head} — {'; '.join(parts)}" if parts else head


def detail_text(diff: ScenarioDiff, kind: str, key: str) -> str:
    """What the text pane shows for a list entry."""
    if kind == "step":
        step = diff.step(key)
        return step_detail(step) if step is not None else ""
    return section_detail(diff, kind)


class DiffText(QPlainTextEdit):
    """A read-only, monospaced diff with added lines green and removed lines red."""

    def __init__(self, colors: DiffColors | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diffText")
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.setFont(font)
        self.highlighter = DiffHighlighter(self.document(), colors or DiffColors.from_palette())


class DiffHighlighter(QSyntaxHighlighter):
    _ADDED = re.compile(r"^\s*\+(?!\+\+ )")
    _REMOVED = re.compile(r"^\s*-(?!-- )")
    _HUNK = re.compile(r"^\s*@@")
    _HEAD = re.compile(r"^([+~\-] step |\s*(---|\+\+\+) )")

    def __init__(self, document: QTextDocument, colors: DiffColors) -> None:
        super().__init__(document)
        self.formats: dict[str, QTextCharFormat] = {}
        for name, color in (
            ("added", colors.added),
            ("removed", colors.removed),
            ("hunk", colors.renamed),
        ):
            fmt = QTextCharFormat()
            fmt.setForeground(QBrush(color))
            fmt.setBackground(QBrush(_alpha(color, 28)))
            self.formats[name] = fmt
        head = QTextCharFormat()
        head.setFontWeight(QFont.Weight.Bold)
        self.formats["head"] = head

    def highlightBlock(self, text: str) -> None:
        if self._HEAD.match(text):
            self.setFormat(0, len(text), self.formats["head"])
        elif self._HUNK.match(text):
            self.setFormat(0, len(text), self.formats["hunk"])
        elif self._ADDED.match(text):
            self.setFormat(0, len(text), self.formats["added"])
        elif self._REMOVED.match(text):
            self.setFormat(0, len(text), self.formats["removed"])


def _alpha(color: QColor, alpha: int) -> QColor:
    faint = QColor(color)
    faint.setAlpha(alpha)
    return faint


def _swatch(color: QColor) -> QIcon:
    pixmap = QPixmap(12, 12)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(color)
    painter.setPen(color.darker(130))
    painter.drawRoundedRect(1, 1, 10, 10, 3, 3)
    painter.end()
    return QIcon(pixmap)


__all__ = ["DiffHighlighter", "DiffList", "DiffText", "describe_step", "detail_text"]
