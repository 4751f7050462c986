"""The conversation view: bubbles and folded system events, shared by the chat and the viewer.

A small item view of its own rather than a ``QListView``: a list view with rows of different
heights re-measures *every* row after each append (one Python call per row — half a second on
a 20,000-event log, on every new line in follow mode). This view keeps the rows' heights and
their running offsets in Python lists: an append measures only the new rows, painting touches
only the visible ones (found by bisection), and folding a row re-measures that row alone.

A click unfolds or folds a system event; an unfolded row's "Copy JSON" button, the context menu
and Ctrl+C copy the log record. New rows keep the view at the bottom only if the reader was
already there — reading an old turn is never interrupted by a live one.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QMetaMethod,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QRegion,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QAbstractItemView, QMenu, QStyle, QStyleOptionViewItem

from app.logview import describe
from app.logview.delegate import EventDelegate
from app.logview.event_rows import EventListModel, ExpandedRole
from engine.log.events import Event, EventType

#: Events whose context menu offers the request inspector.
INSPECTABLE = frozenset({EventType.MODEL_REQUEST, EventType.MODEL_RESPONSE})

AnyIndex = QModelIndex | QPersistentModelIndex
Cursor = QAbstractItemView.CursorAction


class ConversationView(QAbstractItemView):
    """See the module docstring."""

    #: A row was clicked: (event)
    event_clicked = Signal(object)
    #: "Inspect model call…" was chosen on a model request or reply: (event). The menu item
    #: shows only while something is connected (the log pane's inspector).
    inspect_requested = Signal(object)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._heights: list[int] = []
        self._tops: list[int] = [0]  # _tops[row] is the row's y; _tops[-1] the total height
        self._measured_width = -1
        self._stick_to_bottom = True
        self.events_model = EventListModel(self)
        self.delegate = EventDelegate(self)
        self.setItemDelegate(self.delegate)
        self.setModel(self.events_model)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # A scroll bar that comes and goes would change the width, and so every bubble's height.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self._remeasure_timer = QTimer(self)
        self._remeasure_timer.setSingleShot(True)
        self._remeasure_timer.setInterval(0)
        self._remeasure_timer.timeout.connect(self._remeasure_if_width_changed)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setMouseTracking(True)
        self.verticalScrollBar().setSingleStep(20)
        self.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)
        copy = self.copy_action = QAction(self.tr("Copy as JSON"), self)
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy.triggered.connect(self.copy_current)
        self.addAction(copy)

    # --- contents ------------------------------------------------------------------------

    def append_events(self, events: Iterable[Event]) -> None:
        self.events_model.append_events(events)

    def set_events(self, events: Iterable[Event]) -> None:
        self._stick_to_bottom = True
        self.events_model.set_events(events)

    def clear(self) -> None:
        self.events_model.clear()

    def visible_events(self) -> list[Event]:
        """The events a user can currently see rows for (after the filters), in order."""
        return list(self.events_model.shown_events())

    def set_show_system(self, show: bool) -> None:
        self.events_model.set_show_system(show)

    def set_upto_turn(self, turn: int | None) -> None:
        self._stick_to_bottom = True
        self.events_model.set_upto_turn(turn)

    # --- measuring -----------------------------------------------------------------------

    def _row_width(self) -> int:
        return max(self.viewport().width(), 200)

    def _measure(self, events: list[Event]) -> list[int]:
        width, font = self._row_width(), self.font()
        model, delegate = self.events_model, self.delegate
        expanded = model.is_expanded_event
        return [delegate.row_height(event, expanded(event), width, font) for event in events]

    def _remeasure_all(self) -> None:
        if not self.isVisible():
            # Measured at the first show, at the real width (never twice for one open).
            self._measured_width = -1
            self._heights, self._tops = [], [0]
            return
        self._measured_width = self._row_width()
        self.delegate.clear_cache()
        self._heights = self._measure(self.events_model.shown_events())
        self._tops = [0, *accumulate(self._heights)]
        self._layout_changed()

    def _layout_changed(self) -> None:
        self.updateGeometries()
        if self._stick_to_bottom:
            self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())
        self.viewport().update()

    def reset(self) -> None:
        super().reset()
        self._remeasure_all()

    def rowsInserted(self, parent: AnyIndex, start: int, end: int) -> None:
        super().rowsInserted(parent, start, end)
        shown = self.events_model.shown_events()
        if start != len(self._heights) or self._measured_width != self._row_width():
            # Not an append (or not measured yet): measure everything again.
            self._remeasure_all()
            return
        new = self._measure(shown[start : end + 1])
        self._heights.extend(new)
        self._tops.extend(list(accumulate(new, initial=self._tops[-1]))[1:])
        self._layout_changed()

    def rowsAboutToBeRemoved(self, parent: AnyIndex, start: int, end: int) -> None:
        super().rowsAboutToBeRemoved(parent, start, end)
        if end < len(self._heights):
            del self._heights[start : end + 1]
            self._tops = [0, *accumulate(self._heights)]
            self._layout_changed()

    def dataChanged(
        self, top_left: AnyIndex, bottom_right: AnyIndex, roles: Sequence[int] = ()
    ) -> None:
        """A row unfolded, folded or changed its size (a streamed bubble grew): measure it
        again (only it)."""
        super().dataChanged(top_left, bottom_right, list(roles))
        resized = (ExpandedRole, Qt.ItemDataRole.SizeHintRole)
        if roles and any(role in roles for role in resized):
            first, last = top_left.row(), bottom_right.row()
            shown = self.events_model.shown_events()
            self._heights[first : last + 1] = self._measure(shown[first : last + 1])
            self._tops = [0, *accumulate(self._heights)]
            if Qt.ItemDataRole.SizeHintRole in roles:
                self._layout_changed()  # a growing bubble stays in view at the bottom
            else:
                self.updateGeometries()
                self.viewport().update()

    def updateGeometries(self) -> None:
        super().updateGeometries()
        bar = self.verticalScrollBar()
        page = self.viewport().height()
        bar.setPageStep(page)
        bar.setRange(0, max(self._tops[-1] - page, 0))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._remeasure_timer.start()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Showing a window resizes it several times in a row: measure once, at the last size.
        self._remeasure_timer.start()
        self._layout_changed()

    def _remeasure_if_width_changed(self) -> None:
        if self._row_width() != self._measured_width:
            self._remeasure_all()

    def _scrolled(self, value: int) -> None:
        self._stick_to_bottom = value >= self.verticalScrollBar().maximum() - 4

    # --- QAbstractItemView geometry --------------------------------------------------------

    def _row_at_y(self, y: int) -> int:
        """The row covering content coordinate ``y`` (clamped to the rows that exist)."""
        return min(max(bisect_right(self._tops, y) - 1, 0), max(len(self._heights) - 1, 0))

    def visualRect(self, index: AnyIndex) -> QRect:
        row = index.row() if index.isValid() else -1
        if not 0 <= row < len(self._heights):
            return QRect()
        top = self._tops[row] - self.verticalScrollBar().value()
        return QRect(0, top, self.viewport().width(), self._heights[row])

    def indexAt(self, point: QPoint) -> QModelIndex:
        y = point.y() + self.verticalScrollBar().value()
        if not self._heights or y < 0 or y >= self._tops[-1]:
            return QModelIndex()
        return self.events_model.index(self._row_at_y(y))

    def scrollTo(
        self,
        index: AnyIndex,
        hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible,
    ) -> None:
        row = index.row() if index.isValid() else -1
        if not 0 <= row < len(self._heights):
            return
        bar = self.verticalScrollBar()
        top, height, page = self._tops[row], self._heights[row], self.viewport().height()
        if hint == QAbstractItemView.ScrollHint.PositionAtTop:
            bar.setValue(top)
        elif hint == QAbstractItemView.ScrollHint.PositionAtBottom:
            bar.setValue(top + height - page)
        elif hint == QAbstractItemView.ScrollHint.PositionAtCenter:
            bar.setValue(top + height // 2 - page // 2)
        elif top < bar.value():
            bar.setValue(top)
        elif top + height > bar.value() + page:
            bar.setValue(min(top, top + height - page))
        self.viewport().update()

    def horizontalOffset(self) -> int:
        return 0

    def verticalOffset(self) -> int:
        return self.verticalScrollBar().value()

    def isIndexHidden(self, index: AnyIndex) -> bool:
        return False

    def moveCursor(
        self, cursor_action: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        count = len(self._heights)
        if not count:
            return QModelIndex()
        current = self.currentIndex().row() if self.currentIndex().isValid() else -1
        page_rows = max(self.viewport().height() // 40, 1)
        target = {
            Cursor.MoveUp: current - 1,
            Cursor.MovePrevious: current - 1,
            Cursor.MoveDown: current + 1,
            Cursor.MoveNext: current + 1,
            Cursor.MovePageUp: current - page_rows,
            Cursor.MovePageDown: current + page_rows,
            Cursor.MoveHome: 0,
            Cursor.MoveEnd: count - 1,
        }.get(cursor_action, current)
        return self.events_model.index(min(max(target, 0), count - 1))

    def setSelection(self, rect: QRect, command: QItemSelectionModel.SelectionFlag) -> None:
        if not self._heights:
            return
        offset = self.verticalScrollBar().value()
        first = self._row_at_y(rect.top() + offset)
        last = self._row_at_y(rect.bottom() + offset)
        selection = QItemSelection(self.events_model.index(first), self.events_model.index(last))
        self.selectionModel().select(selection, command)

    def visualRegionForSelection(self, selection: QItemSelection) -> QRegion:
        region = QRegion()
        for index in range(selection.count()):
            selected = selection.at(index)
            for row in range(selected.top(), selected.bottom() + 1):
                region = region.united(self.visualRect(self.events_model.index(row)))
        return region

    # --- painting ------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._heights:
            return
        painter = QPainter(self.viewport())
        offset = self.verticalScrollBar().value()
        area = event.rect()
        first = self._row_at_y(area.top() + offset)
        last = self._row_at_y(area.bottom() + offset)
        selection = self.selectionModel()
        width = self.viewport().width()
        for row in range(first, last + 1):
            index = self.events_model.index(row)
            option = QStyleOptionViewItem()
            self.initViewItemOption(option)
            option.rect = QRect(0, self._tops[row] - offset, width, self._heights[row])
            if selection is not None and selection.isSelected(index):
                option.state |= QStyle.StateFlag.State_Selected
            self.delegate.paint(painter, option, index)
        painter.end()

    # --- navigation ----------------------------------------------------------------------

    def select_event(self, event: Event) -> bool:
        """Select ``event``'s row and bring it into view; if it has no row (system events
        hidden, or after the replayed turn) its turn's first row. False if neither is shown."""
        model = self.events_model
        row = model.first_row_of_turn(event.turn)
        if row is None:
            return False
        shown = model.shown_events()
        for candidate in range(row, len(shown)):
            if shown[candidate] is event:
                row = candidate
                break
            if shown[candidate].turn != event.turn:
                break
        index = model.index(row)
        self.setCurrentIndex(index)
        self.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        return True

    def scroll_to_turn(self, turn: int) -> bool:
        """Show the first row of ``turn`` at the top and select it; False if it has no rows."""
        row = self.events_model.first_row_of_turn(turn)
        if row is None:
            return False
        index = self.events_model.index(row)
        self.setCurrentIndex(index)
        self.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtTop)
        return True

    # --- folding and copying -------------------------------------------------------------

    def event_at(self, index: AnyIndex) -> Event | None:
        if not index.isValid() or not 0 <= index.row() < self.events_model.rowCount():
            return None
        return self.events_model.event_at(index.row())

    def is_expanded(self, index: AnyIndex) -> bool:
        return index.isValid() and self.events_model.is_expanded(index.row())

    def toggle_row(self, index: AnyIndex) -> None:
        if index.isValid():
            self.events_model.toggle(index.row())

    def copy_event(self, event: Event) -> None:
        QGuiApplication.clipboard().setText(describe.as_json(event))

    def copy_current(self) -> None:
        event = self.event_at(self.currentIndex())
        if event is not None:
            self.copy_event(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton:
            return
        position = event.position().toPoint()
        index = self.indexAt(position)
        item = self.event_at(index)
        if item is None:
            return
        self.event_clicked.emit(item)
        if item.is_chat:
            return
        copy_button = self.delegate.copy_button_rect(self.visualRect(index))
        if self.is_expanded(index) and copy_button.contains(position):
            self.copy_event(item)
            return
        self.toggle_row(index)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.toggle_row(self.currentIndex())
            return
        super().keyPressEvent(event)

    def _context_menu(self, position: QPoint) -> None:
        index = self.indexAt(position)
        item = self.event_at(index)
        if item is None:
            return
        row = index.row()
        menu = QMenu(self)
        menu.addAction(self.tr("Copy as JSON"), lambda: self.copy_event(item))
        if item.is_chat:
            text = describe.message_text(item)
            menu.addAction(self.tr("Copy text"), lambda: QGuiApplication.clipboard().setText(text))
        else:
            label = self.tr("Fold") if self.events_model.is_expanded(row) else self.tr("Unfold")
            menu.addAction(label, lambda: self.events_model.toggle(row))
        if item.type in INSPECTABLE and self.isSignalConnected(self._inspect_signal()):
            menu.addAction(
                self.tr("Inspect model call…"), lambda: self.inspect_requested.emit(item)
            )
        menu.exec(self.viewport().mapToGlobal(position))

    def changeEvent(self, event: QEvent) -> None:
        """The language changed: the summaries and captions are worded again."""
        if event.type() == QEvent.Type.LanguageChange:
            self.copy_action.setText(self.tr("Copy as JSON"))
            self.viewport().update()
        super().changeEvent(event)

    def _inspect_signal(self) -> QMetaMethod:
        return QMetaMethod.fromSignal(self.inspect_requested)
