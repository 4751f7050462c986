"""The inspector's table of prompt parts: one row per part, and one per message of the
conversation parts, in the order the model (and the cache) reads them.

A lazy table model: a chain of thousands of messages costs a list of small tuples, not widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from app.i18n.locale_text import number as figure
from app.theme import is_dark, mix
from engine.request_view import PartKind, RequestDiff, RequestView

AnyIndex = QModelIndex | QPersistentModelIndex

COLUMNS = ("Part", "≈ Tokens", "Cached", "vs previous call")
#: Each part's colour on the prefix bar and in the table (light, dark).
PART_COLORS: dict[PartKind, tuple[str, str]] = {
    "schema": ("#8e6cc9", "#a98bdf"),
    "instructions": ("#4a86d8", "#6aa2ee"),
    "history": ("#8a8f98", "#a3a8b0"),
    "items": ("#2f9e8f", "#47b9a9"),
    "input": ("#d9822b", "#eb9a48"),
}
#: A message's preview is read from this much of its start: a step section of thousands of
#: characters is not split into words for the sixty the row shows.
PREVIEW_SCAN = 400
CACHED_COLOR = QColor(46, 160, 67)
CHANGED_COLOR = QColor(214, 80, 60)
#: What a call wrote to the provider's cache (Anthropic: billed above the input price).
WRITTEN_COLOR = QColor(214, 150, 30)


def part_color(kind: PartKind, palette: QPalette | None = None) -> QColor:
    light, dark = PART_COLORS[kind]
    palette = palette or QApplication.palette()
    return QColor(dark if is_dark(palette) else light)


@dataclass(frozen=True)
class Row:
    """One line of the table; ``text`` is what the detail view shows when it is selected."""

    kind: PartKind
    label: str
    tokens: int
    cached: int
    change: str
    text: str
    is_part: bool


def rows_of(view: RequestView, diff: RequestDiff | None) -> list[Row]:
    rows: list[Row] = []
    same_messages = _same_messages(diff)
    position = 0  # index of a message in the whole conversation (history, items, input)
    for part in view.parts:
        change = diff.change(part.kind) if diff else None
        status = change.status if change else ("—" if diff is None else "")
        label = part.title
        if part.kind == "history":
            label += " · " + QCoreApplication.translate("PartsModel", "{count} message(s)").format(
                count=len(part.messages)
            )
        elif part.kind == "items":
            label += f" · {len(part.messages)}"
        conversation_part = part.kind in ("history", "items", "input")
        if conversation_part and diff is not None:
            status = "same" if position + len(part.messages) <= same_messages else "new"
            if part.kind == "history" and change is not None:
                status = change.status
        rows.append(
            Row(part.kind, label, part.tokens, view.part_cached(part), status, part.text, True)
        )
        if part.kind in ("history", "items"):
            start = part.start
            for number, message in enumerate(part.messages):
                where = (
                    QCoreApplication.translate("PartsModel", "turn {turn}").format(
                        turn=message.turn
                    )
                    + " · "
                    if message.turn is not None
                    else ""
                )
                rejected = (
                    " · " + QCoreApplication.translate("PartsModel", "rejected reply")
                    if message.rejected
                    else ""
                )
                mark = ("same" if position + number < same_messages else "new") if diff else ""
                preview = " ".join(message.content[:PREVIEW_SCAN].split())[:60]
                rows.append(
                    Row(
                        part.kind,
                        f"    {where}{message.role}{rejected}: {preview}",
                        message.tokens,
                        view.cached_in(start, message.tokens),
                        mark,
                        message.content,
                        False,
                    )
                )
                start += message.tokens
        if conversation_part:
            position += len(part.messages)
    return rows


def _same_messages(diff: RequestDiff | None) -> int:
    return diff.same_messages if diff is not None else 0


class PartsModel(QAbstractTableModel):
    """See the module docstring."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[Row] = []
        self._bold = QFont()
        self._bold.setBold(True)

    def set_rows(self, rows: list[Row]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (
                self.tr("Part"),
                self.tr("≈ Tokens"),
                self.tr("Cached"),
                self.tr("vs previous call"),
            )[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, column = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return row.label
            if column == 1:
                return figure(row.tokens)
            if column == 2:
                if not row.cached:
                    return ""
                return self.tr("all") if row.cached >= row.tokens else figure(row.cached)
            return row.change
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and row.is_part:
            return self._bold
        if role == Qt.ItemDataRole.DecorationRole and column == 0 and row.is_part:
            return part_color(row.kind)
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and column == 3
            and row.change in ("changed", "restarted", "new", "gone")
        ):
            return CHANGED_COLOR
        if role == Qt.ItemDataRole.BackgroundRole and row.cached:
            base = QApplication.palette().color(QPalette.ColorRole.Base)
            share = row.cached / row.tokens if row.tokens else 0.0
            return mix(base, CACHED_COLOR, 0.10 + 0.12 * share)
        if role == Qt.ItemDataRole.ToolTipRole and column == 2 and row.cached:
            return self.tr("{cached} of its ≈{tokens} tokens were billed as cached input").format(
                cached=figure(row.cached), tokens=figure(row.tokens)
            )
        return None

    def row(self, number: int) -> Row | None:
        return self.rows[number] if 0 <= number < len(self.rows) else None
