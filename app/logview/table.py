"""The log pane's table: one row per event — time, turn, step, type, summary — filtered.

A lazy table model (no widget per row). Like :class:`~app.logview.event_rows.EventListModel` it
filters itself instead of sitting behind a ``QSortFilterProxyModel``: the rows are a Python list
of the events that pass, rebuilt in one pass when a filter changes (a proxy would call back into
Python once per row and per filter). Summaries are worded once per event, when first needed,
and searched in lower case.
"""

from __future__ import annotations

from collections.abc import Iterable
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

from app.logview import describe
from app.plain_text import plain_tooltip
from app.theme import mix
from engine.log.events import Event, EventType

AnyIndex = QModelIndex | QPersistentModelIndex

#: the columns (their titles: :func:`column_titles`)
COLUMNS = ("Time", "Turn", "Step", "Event", "Summary")
TIME, TURN, STEP, TYPE, SUMMARY = range(len(COLUMNS))


def column_titles() -> tuple[str, ...]:
    """The columns' titles, in the language the studio speaks."""
    return (
        QCoreApplication.translate("EventTableModel", "Time"),
        QCoreApplication.translate("EventTableModel", "Turn"),
        QCoreApplication.translate("EventTableModel", "Step"),
        QCoreApplication.translate("EventTableModel", "Event"),
        QCoreApplication.translate("EventTableModel", "Summary"),
    )


#: The :class:`Event` of a row.
EventRole = Qt.ItemDataRole.UserRole + 1

ERROR_COLOR = QColor(214, 80, 60)
WARNING_COLOR = QColor(200, 120, 20)
#: Event types in the order the type filter lists them.
ALL_TYPES: tuple[str, ...] = tuple(kind.value for kind in EventType)
PROBLEM_TYPES = frozenset(
    {EventType.CONTRACT_VIOLATION, EventType.CORRECTION_SENT, EventType.FALLBACK, EventType.ERROR}
)
CALL_TYPES = frozenset({EventType.MODEL_REQUEST, EventType.MODEL_RESPONSE})


def short_time(ts: str) -> str:
    """``2026-11-30T07:12:03.120Z`` → ``07:12:03.120``."""
    _, _, clock = ts.partition("T")
    return clock.rstrip("Z")[:12] if clock else ts


class EventTableModel(QAbstractTableModel):
    """All events of a conversation; the rows are those the filters let through."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._events: list[Event] = []
        self._shown: list[Event] = []
        self._rows: dict[int, int] = {}  # id(event) -> row, for the shown events
        self._summaries: dict[int, str] = {}
        self._haystacks: dict[int, str] = {}
        self._types: frozenset[str] | None = None  # None: every type
        self._step: str | None = None
        self._text = ""
        self._steps: dict[str, None] = {}
        self._bold = QFont()
        self._bold.setBold(True)

    # --- Qt model API --------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return column_titles()[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._shown):
            return None
        event = self._shown[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == TIME:
                return short_time(event.ts)
            if column == TURN:
                return event.turn
            if column == STEP:
                return event.step or ""
            if column == TYPE:
                return event.type
            return self.summary(event)
        if role == EventRole:
            return event
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._color(event)
        if role == Qt.ItemDataRole.BackgroundRole and event.type == EventType.ERROR:
            base = QApplication.palette().color(QPalette.ColorRole.Base)
            return mix(base, ERROR_COLOR, 0.14)
        if role == Qt.ItemDataRole.FontRole and (event.is_chat or event.type in PROBLEM_TYPES):
            return self._bold
        if role == Qt.ItemDataRole.ToolTipRole and column == SUMMARY:
            tip = self.summary(event)
            if event.type in CALL_TYPES:
                tip += "\n" + self.tr("Double-click or Enter: inspect this model call")
            return plain_tooltip(tip)  # a model's words, a user's: never rendered as HTML
        return None

    def _color(self, event: Event) -> QColor | None:
        kind = event.type
        if kind == EventType.ERROR:
            return ERROR_COLOR
        if kind in PROBLEM_TYPES:
            return None if describe.is_salvaged(event) else WARNING_COLOR
        palette = QApplication.palette()
        if kind == EventType.TRANSITION:
            return palette.color(QPalette.ColorRole.Link)
        if event.is_chat:
            return None
        return palette.color(QPalette.ColorRole.PlaceholderText)

    # --- contents ------------------------------------------------------------------------

    def retranslate(self) -> None:
        """The language changed: word the summaries again, and the columns' titles."""
        self._summaries.clear()
        self._haystacks.clear()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)
        if self._shown:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._shown) - 1, len(COLUMNS) - 1)
            )

    def summary(self, event: Event) -> str:
        key = id(event)
        text = self._summaries.get(key)
        if text is None:
            text = self._summaries[key] = describe.summary(event)
        return text

    def events(self) -> list[Event]:
        return self._events

    def shown_events(self) -> list[Event]:
        return self._shown

    def event_at(self, row: int) -> Event | None:
        return self._shown[row] if 0 <= row < len(self._shown) else None

    def row_of(self, event: Event) -> int | None:
        return self._rows.get(id(event))

    def steps(self) -> list[str]:
        """Every step an event was in, in the order they first appeared."""
        return list(self._steps)

    def append_events(self, events: Iterable[Event]) -> None:
        new = list(events)
        if not new:
            return
        self._events.extend(new)
        for event in new:
            if event.step:
                self._steps.setdefault(event.step, None)
        shown = [event for event in new if self.accepts(event)]
        if not shown:
            return
        first = len(self._shown)
        self.beginInsertRows(QModelIndex(), first, first + len(shown) - 1)
        for offset, event in enumerate(shown):
            self._rows[id(event)] = first + offset
        self._shown.extend(shown)
        self.endInsertRows()

    def set_events(self, events: Iterable[Event]) -> None:
        self.beginResetModel()
        self._events = list(events)
        self._summaries.clear()
        self._haystacks.clear()
        self._steps = {event.step: None for event in self._events if event.step}
        self._refilter()
        self.endResetModel()

    def clear(self) -> None:
        self.set_events([])

    # --- filters -------------------------------------------------------------------------

    def accepts(self, event: Event) -> bool:
        if self._types is not None and event.type not in self._types:
            return False
        if self._step is not None and event.step != self._step:
            return False
        return not self._text or self._text in self._haystack(event)

    def _haystack(self, event: Event) -> str:
        key = id(event)
        text = self._haystacks.get(key)
        if text is None:
            extra = describe.searched_text(event)
            text = self._haystacks[key] = (
                f"{self.summary(event)}\n{event.type}\n{event.step or ''}\n{extra}"
            ).lower()
        return text

    def prepare_search(self, start: int, count: int) -> int:
        """Word and lower the searched text of ``count`` events from ``start`` ahead of a
        search (the pane does it in slices while idle); returns where to go on, or -1."""
        events = self._events
        for event in events[start : start + count]:
            self._haystack(event)
        end = start + count
        return end if end < len(events) else -1

    def _refilter(self) -> None:
        accepts = self.accepts
        self._shown = [event for event in self._events if accepts(event)]
        self._rows = {id(event): row for row, event in enumerate(self._shown)}

    def _changed_filter(self) -> None:
        self.beginResetModel()
        self._refilter()
        self.endResetModel()

    @property
    def types(self) -> frozenset[str] | None:
        return self._types

    def set_types(self, types: Iterable[str] | None) -> None:
        """Show only these event types (None: all)."""
        wanted = None if types is None else frozenset(types)
        if wanted is not None and wanted >= set(ALL_TYPES):
            wanted = None
        if wanted != self._types:
            self._types = wanted
            self._changed_filter()

    @property
    def step(self) -> str | None:
        return self._step

    def set_step(self, step: str | None) -> None:
        if step != self._step:
            self._step = step or None
            self._changed_filter()

    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        """Show only events whose summary, type, step or searched texts
        (:func:`~app.logview.describe.searched_text`) contain ``text`` (any case)."""
        wanted = text.strip().lower()
        if wanted != self._text:
            self._text = wanted
            self._changed_filter()
