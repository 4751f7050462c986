"""The list model behind every conversation view: one row per shown event, folded by default.

Rows hold the engine's :class:`Event` unchanged; the delegate decides how a row looks (a user
or bot bubble, or a folded system event). Nothing is formatted until a row is painted, so a
20,000-event log costs a list append, not 20,000 widgets.

A streamed message shows as one draft bubble that grows (:mod:`app.logview.streamed`): its
``message_delta`` events are never rows of their own; the draft goes on ``message_retracted``
and gives its place to the reply's ``bot_message``.

The model filters itself — system events hidden while the log pane is collapsed, events after a
turn hidden while replaying — instead of sitting behind a ``QSortFilterProxyModel``: the view
then reads the shown events as a Python list, which is what keeps a long log's layout fast
(a proxy costs a C++ round trip per row, every relayout).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal

from app.logview import describe
from app.logview.streamed import draft
from engine.log.events import Event, EventType

AnyIndex = QModelIndex | QPersistentModelIndex

#: The :class:`Event` of a row.
EventRole = Qt.ItemDataRole.UserRole + 1
#: True when a system-event row is unfolded.
ExpandedRole = Qt.ItemDataRole.UserRole + 2
#: The row's turn number.
TurnRole = Qt.ItemDataRole.UserRole + 3


class EventListModel(QAbstractListModel):
    """All events of a conversation; the rows are those the current filter shows.

    :attr:`events_added` and :attr:`events_replaced` announce every event, shown or not, so
    another view of the same conversation (the log pane) can follow it.
    """

    #: Events were appended (a list of :class:`Event`, filtered or not).
    events_added = Signal(list)
    #: Every event was replaced (``events()`` holds the new ones).
    events_replaced = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._events: list[Event] = []
        self._shown: list[Event] = []
        self._shown_turns: list[int] = []  # parallel to _shown, to find a turn's first row
        self._turns_sorted = True  # one session per log: turns never decrease
        self._expanded: set[int] = set()  # id() of unfolded events (the model keeps them alive)
        self._show_system = True
        self._upto_turn: int | None = None
        #: The row of the draft bubble of a message being streamed, if one is.
        self._draft: int | None = None
        #: Drafts replaced as they grew: kept alive, so that no later row reuses their id().
        self._retired: list[Event] = []

    # --- Qt model API --------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._shown)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._shown):
            return None
        event = self._shown[index.row()]
        if role == EventRole:
            return event
        if role == ExpandedRole:
            return id(event) in self._expanded
        if role == TurnRole:
            return event.turn
        if role == Qt.ItemDataRole.DisplayRole:
            return describe.summary(event)
        if role == Qt.ItemDataRole.ToolTipRole and not event.is_chat:
            return self.tr("Click to unfold · right-click to copy as JSON")
        return None

    # --- contents ------------------------------------------------------------------------

    def events(self) -> list[Event]:
        """Every event, shown or not, in arrival order."""
        return list(self._events)

    def shown_events(self) -> list[Event]:
        """The events of the rows, in order (the view lays these out)."""
        return self._shown

    def event_at(self, row: int) -> Event:
        return self._shown[row]

    def accepts(self, event: Event) -> bool:
        if self._upto_turn is not None and event.turn > self._upto_turn:
            return False
        return self._show_system or event.is_chat

    def append_events(self, events: Iterable[Event]) -> None:
        new = list(events)
        if not new:
            return
        self._events.extend(new)
        pending: list[Event] = []
        for event in new:
            if not self._streams(event):
                if self.accepts(event):
                    pending.append(event)
                continue
            self._insert(pending)
            pending = []
            self._stream(event)
        self._insert(pending)
        self.events_added.emit(new)

    def _streams(self, event: Event) -> bool:
        """Whether ``event`` makes, grows or ends a draft bubble."""
        return event.type in (EventType.MESSAGE_DELTA, EventType.MESSAGE_RETRACTED) or (
            self._draft is not None and event.type == EventType.BOT_MESSAGE
        )

    def _stream(self, event: Event) -> None:
        """A delta grows the draft (or makes one); a retraction takes it away; the reply's
        ``bot_message`` takes its place (at the end: where a replay shows it)."""
        if self._upto_turn is not None and event.turn > self._upto_turn:
            return
        row = self._draft
        if event.type == EventType.MESSAGE_DELTA:
            if row is None:
                self._insert([draft(event)])
                self._draft = len(self._shown) - 1
            else:
                self._retired.append(self._shown[row])
                self._shown[row] = draft(event, self._shown[row])
                index = self.index(row)
                self.dataChanged.emit(index, index, [Qt.ItemDataRole.SizeHintRole])
            return
        self._draft = None
        if row is not None and row == len(self._shown) - 1 and event.type == EventType.BOT_MESSAGE:
            self._retired.append(self._shown[row])
            self._shown[row] = event  # in place: the bubble does not blink
            index = self.index(row)
            self.dataChanged.emit(index, index, [Qt.ItemDataRole.SizeHintRole])
            return
        if row is not None:
            self.beginRemoveRows(QModelIndex(), row, row)
            self._retired.append(self._shown.pop(row))
            self._shown_turns.pop(row)
            self.endRemoveRows()
        if self.accepts(event):
            self._insert([event])

    def _insert(self, shown: list[Event]) -> None:
        if shown:
            first = len(self._shown)
            self.beginInsertRows(QModelIndex(), first, first + len(shown) - 1)
            self._add_shown(shown)
            self.endInsertRows()

    def set_events(self, events: Iterable[Event]) -> None:
        self.beginResetModel()
        self._events = list(events)
        self._expanded.clear()
        self._retired.clear()
        self._refilter()
        self.endResetModel()
        self.events_replaced.emit()

    def clear(self) -> None:
        self.set_events([])

    def _refilter(self) -> None:
        """The rows, from every event: what :meth:`append_events` would have made of them."""
        self._shown, self._shown_turns, self._turns_sorted = [], [], True
        self._draft = None
        shown: list[Event] = []
        for event in self._events:
            if self._upto_turn is not None and event.turn > self._upto_turn:
                continue
            if event.type == EventType.MESSAGE_DELTA:
                if self._draft is None:
                    self._draft = len(shown)
                    shown.append(draft(event))
                else:
                    shown[self._draft] = draft(event, shown[self._draft])
                continue
            if self._draft is not None and event.type in (
                EventType.MESSAGE_RETRACTED,
                EventType.BOT_MESSAGE,
            ):
                del shown[self._draft]
                self._draft = None
            if self.accepts(event):
                shown.append(event)
        self._add_shown(shown)

    def _add_shown(self, events: list[Event]) -> None:
        for event in events:
            if self._shown_turns and event.turn < self._shown_turns[-1]:
                self._turns_sorted = False
            self._shown_turns.append(event.turn)
        self._shown.extend(events)

    def first_row_of_turn(self, turn: int) -> int | None:
        """The first row of ``turn`` (or of the next turn that has rows), for scroll-to-turn."""
        if self._turns_sorted:
            row = bisect_left(self._shown_turns, turn)
            return row if row < len(self._shown_turns) else None
        return next((row for row, t in enumerate(self._shown_turns) if t >= turn), None)

    # --- filters -------------------------------------------------------------------------

    def set_show_system(self, show: bool) -> None:
        if show != self._show_system:
            self.beginResetModel()
            self._show_system = show
            self._refilter()
            self.endResetModel()

    @property
    def upto_turn(self) -> int | None:
        return self._upto_turn

    def set_upto_turn(self, turn: int | None) -> None:
        if turn != self._upto_turn:
            self.beginResetModel()
            self._upto_turn = turn
            self._refilter()
            self.endResetModel()

    # --- folding -------------------------------------------------------------------------

    def is_expanded_event(self, event: Event) -> bool:
        return id(event) in self._expanded

    def is_expanded(self, row: int) -> bool:
        return 0 <= row < len(self._shown) and id(self._shown[row]) in self._expanded

    def set_expanded(self, row: int, expanded: bool) -> None:
        if not 0 <= row < len(self._shown) or self._shown[row].is_chat:
            return
        key = id(self._shown[row])
        if expanded == (key in self._expanded):
            return
        if expanded:
            self._expanded.add(key)
        else:
            self._expanded.discard(key)
        index = self.index(row)
        self.dataChanged.emit(index, index, [ExpandedRole])  # the view re-measures the row

    def toggle(self, row: int) -> None:
        self.set_expanded(row, not self.is_expanded(row))
