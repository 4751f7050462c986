"""The log pane: every event of a conversation as a table, filtered, searched, followed — and
the request inspector beside it.

It shows the events of a conversation view it is attached to (:meth:`LogPane.attach`: the test
chat's, or the log viewer's), as they arrive. Rows are colour-coded by type (errors red, contract
violations and corrections orange, transitions in the link colour); the toolbar filters by type
and by step and searches the summaries and messages. **Follow** keeps the newest row in view;
scrolling up stops it (reading an old turn is never interrupted), scrolling back to the end or
the button resumes it.

Double-click (or Enter on) a model request or reply opens the request inspector
(:class:`~app.request_inspector.inspector.RequestInspector`) on the right; while it is open it
follows the selected call. Selecting a row emits :attr:`LogPane.event_selected` (the studio selects
the turn in the chat and the step on the graph); :meth:`select_event`, :meth:`select_turn` and
:meth:`select_step` select from the outside without echoing it back.

The pane's toolbar, table, filters, following and inspector read each other's state (a filter
changes what following scrolls to, a selection what the inspector shows); :class:`PaneToggle`
is its status-bar button.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QModelIndex,
    QObject,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n.locale_text import number
from app.logview.describe import is_problem
from app.logview.event_rows import EventListModel
from app.logview.table import (
    ALL_TYPES,
    CALL_TYPES,
    PROBLEM_TYPES,
    STEP,
    SUMMARY,
    TIME,
    TURN,
    TYPE,
    EventTableModel,
)
from app.plain_text import PlainLabel
from app.request_inspector.inspector import RequestInspector, RequestInspectorWindow
from engine.log.events import Event
from engine.request_view import CallIndex

#: the step box's first entry (its text: ``LogPane.retranslate_ui``)
ALL_STEPS = "All steps"
#: Events whose search text is prepared per idle slice after a log is shown (a few ms each).
PREPARE_SLICE = 500
#: How long events of a live conversation wait to enter the table together (at most).
FLUSH_MS = 40


def count_problems(events: Iterable[Event]) -> int:
    """Events a reader must notice: errors, fallbacks, violations the engine did not repair."""
    return sum(1 for event in events if is_problem(event))


class LogPane(QWidget):
    """See the module docstring."""

    #: The user selected an event (not emitted by :meth:`select_event` and its kin).
    event_selected = Signal(object)
    #: Follow mode turned on or off (by the button, or by scrolling).
    follow_changed = Signal(bool)
    #: (events, problems): how many events, and how many of them are violations or errors.
    counts_changed = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("logPane")
        self.model = EventTableModel(self)
        self.calls = CallIndex()
        self._source: EventListModel | None = None
        self._quiet = 0  # > 0 while selecting or scrolling on someone else's behalf
        self._following = True
        #: Contract violations (not repaired), fallbacks and errors among the events.
        self.problems = 0
        self.table = QTableView(self)
        self.table.setObjectName("logTable")
        self.table.setModel(self.model)
        #: The request inspector's window (made with the pane, shown on demand).
        self.inspector_window = RequestInspectorWindow(self)
        self.inspector_window.installEventFilter(self)
        self._build_table()
        self._build_toolbar()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        layout.addLayout(self.bar)
        layout.addWidget(self.table, 1)
        #: Events of the attached conversation not in the table yet: a live chat delivers them
        #: one by one, the table takes them in batches (one insert and one scroll per batch).
        self._pending: list[Event] = []
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(FLUSH_MS)
        self._flush_timer.timeout.connect(self.flush)
        self._prepared = -1
        self._prepare = QTimer(self)
        self._prepare.setInterval(0)
        self._prepare.timeout.connect(self._prepare_slice)
        self.model.modelReset.connect(self._after_reset)
        self.model.rowsInserted.connect(self._after_insert)
        self._update_count()

    # --- building ----------------------------------------------------------------------------

    def _build_table(self) -> None:
        table = self.table
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setShowGrid(False)
        table.setWordWrap(False)
        table.setAlternatingRowColors(True)
        table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        rows = table.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        columns = table.horizontalHeader()
        columns.setStretchLastSection(True)
        columns.setHighlightSections(False)
        width = self.fontMetrics().horizontalAdvance
        for column, sample in (
            (TIME, "00:00:00.000_____"),
            (TURN, "Turn__"),
            (STEP, "core_features____"),
            (TYPE, "contract_violation_____"),
        ):
            columns.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            columns.resizeSection(column, width(sample))
        table.selectionModel().selectionChanged.connect(self._selection_changed)
        table.activated.connect(self._activated)
        table.verticalScrollBar().valueChanged.connect(self._scrolled)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._context_menu)

    def _build_toolbar(self) -> None:
        self.types_button = QToolButton(self)
        self.types_button.setObjectName("logTypes")
        self.types_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.types_menu = QMenu(self.types_button)
        self.type_actions: dict[str, QAction] = {}
        #: All types, Problems only, Model calls only (their texts: retranslate_ui)
        self.preset_actions: list[QAction] = []
        for chosen in (None, PROBLEM_TYPES, CALL_TYPES):
            action = self.types_menu.addAction("")
            action.triggered.connect(lambda _c=False, t=chosen: self.set_types(t))
            self.preset_actions.append(action)
        self.types_menu.addSeparator()
        for kind in ALL_TYPES:
            action = self.types_menu.addAction(kind)
            action.setCheckable(True)
            action.setChecked(True)
            action.toggled.connect(lambda _on: self._types_ticked())
            self.type_actions[kind] = action
        self.types_button.setMenu(self.types_menu)
        self.step_box = QComboBox(self)
        self.step_box.setObjectName("logStep")
        self.step_box.addItem(ALL_STEPS)  # its text: retranslate_ui
        self.step_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.step_box.currentIndexChanged.connect(self._step_chosen)
        self.search = QLineEdit(self)
        self.search.setObjectName("logSearch")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.model.set_text)
        find = QAction(self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.triggered.connect(self.focus_search)
        self.addAction(find)
        self.follow_button = QToolButton(self)
        self.follow_button.setObjectName("logFollow")
        self.follow_button.setCheckable(True)
        self.follow_button.setChecked(True)
        self.follow_button.toggled.connect(self.set_following)
        self.inspect_button = QToolButton(self)
        self.inspect_button.setObjectName("logInspect")
        self.inspect_button.setCheckable(True)
        self.inspect_button.toggled.connect(self._toggle_inspector)
        self.count = PlainLabel(self)
        self.count.setObjectName("logCount")
        self.bar = QHBoxLayout()
        self.bar.setContentsMargins(2, 0, 2, 0)
        self.bar.addWidget(self.types_button)
        self.bar.addWidget(self.step_box)
        self.bar.addWidget(self.search, 1)
        self.bar.addWidget(self.follow_button)
        self.bar.addWidget(self.inspect_button)
        self.bar.addWidget(self.count)
        self.retranslate_ui()

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    # --- contents ----------------------------------------------------------------------------

    def attach(self, source: EventListModel | None) -> None:
        """Show ``source``'s events, and follow it (None: detach)."""
        if self._source is not None:
            self._source.events_added.disconnect(self._source_added)
            self._source.events_replaced.disconnect(self._source_replaced)
        self._source = source
        if source is None:
            self.set_events([])
            return
        source.events_added.connect(self._source_added)
        source.events_replaced.connect(self._source_replaced)
        self._source_replaced()

    def _source_added(self, events: list[Event]) -> None:
        self._pending.extend(events)
        if not self._flush_timer.isActive():
            self._flush_timer.start()

    def flush(self) -> None:
        """Put the attached conversation's newest events in the table now."""
        self._flush_timer.stop()
        if self._pending:
            pending, self._pending = self._pending, []
            self.append_events(pending)

    def _source_replaced(self) -> None:
        if self._source is not None:
            self._pending = []
            self.set_events(self._source.events())

    def set_events(self, events: Iterable[Event]) -> None:
        shown = list(events)
        self.calls = CallIndex(shown)
        self.problems = count_problems(shown)
        self.model.set_events(shown)
        self._update_steps()
        self._prepared = 0  # the first search should not have to word every summary
        self._prepare.start()
        self.inspector.show_call(None, None)

    def append_events(self, events: list[Event]) -> None:
        self.calls.add(events)
        self.problems += count_problems(events)
        steps = len(self.model.steps())
        self.model.append_events(events)
        if len(self.model.steps()) != steps:
            self._update_steps()
        self._update_count()

    def clear(self) -> None:
        self.set_events([])

    def _prepare_slice(self) -> None:
        """While idle after a log is shown: the search text of its events, and the messages
        of its calls (so the first search and the first inspection are quick)."""
        if self._prepared >= 0:
            self._prepared = self.model.prepare_search(self._prepared, PREPARE_SLICE)
            return
        if not self.calls.prepare(PREPARE_SLICE // 4):
            self._prepare.stop()

    def events(self) -> list[Event]:
        self.flush()
        return self.model.events()

    def _after_reset(self) -> None:
        self._update_count()
        if self._following:
            self._scroll_to_end()

    def _after_insert(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        if self._following:
            self._scroll_to_end()

    def _update_count(self) -> None:
        total, shown = len(self.model.events()), self.model.rowCount()
        self.count.setText(
            self.tr("{shown} of {total}").format(shown=number(shown), total=number(total))
            if shown != total
            else self.tr("{count} events").format(count=number(total))
        )
        self.counts_changed.emit(total, self.problems)

    # --- filters -----------------------------------------------------------------------------

    def set_types(self, types: Iterable[str] | None) -> None:
        """Show only events of these types (None: all)."""
        wanted = set(ALL_TYPES) if types is None else set(types)
        self._quiet += 1
        try:
            for kind, action in self.type_actions.items():
                action.setChecked(kind in wanted)
        finally:
            self._quiet -= 1
        self._types_ticked()

    def _types_ticked(self) -> None:
        if self._quiet:
            return
        chosen = {kind for kind, action in self.type_actions.items() if action.isChecked()}
        self.model.set_types(chosen)
        self._show_types()

    def _show_types(self) -> None:
        types = self.model.types
        if types is None:
            self.types_button.setText(self.tr("All types"))
        elif types == PROBLEM_TYPES:
            self.types_button.setText(self.tr("Problems only"))
        elif types == CALL_TYPES:
            self.types_button.setText(self.tr("Model calls only"))
        else:
            self.types_button.setText(
                self.tr("{count} of {total} types").format(count=len(types), total=len(ALL_TYPES))
            )

    def set_step(self, step: str | None) -> None:
        """Show only the events of ``step`` (None: all steps)."""
        index = self.step_box.findText(step) if step else 0
        if index < 0:
            self.step_box.addItem(str(step))
            index = self.step_box.count() - 1
        self.step_box.setCurrentIndex(index)

    def _step_chosen(self, index: int) -> None:
        if self._quiet:
            return
        self.model.set_step(None if index <= 0 else self.step_box.itemText(index))

    def _update_steps(self) -> None:
        current = self.model.step
        self._quiet += 1
        try:
            self.step_box.clear()
            self.step_box.addItem(self.tr("All steps"))
            self.step_box.addItems(self.model.steps())
            if current:
                found = self.step_box.findText(current)
                if found < 0:
                    self.step_box.addItem(current)
                    found = self.step_box.count() - 1
                self.step_box.setCurrentIndex(found)
        finally:
            self._quiet -= 1

    # --- following ---------------------------------------------------------------------------

    @property
    def following(self) -> bool:
        return self._following

    def set_following(self, follow: bool) -> None:
        if follow != self._following:
            self._following = follow
            self.follow_button.setChecked(follow)
            self.follow_changed.emit(follow)
        if follow:
            self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        self._quiet += 1
        try:
            self.table.scrollToBottom()
        finally:
            self._quiet -= 1

    def _scrolled(self, value: int) -> None:
        if self._quiet:
            return
        at_end = value >= self.table.verticalScrollBar().maximum()
        if at_end != self._following:
            self.set_following(at_end)

    # --- selection ---------------------------------------------------------------------------

    def selected_event(self) -> Event | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.event_at(rows[0].row()) if rows else None

    def select_event(self, event: Event) -> bool:
        """Select ``event`` (False when the filters hide it); :attr:`event_selected` is not
        emitted."""
        self.flush()
        row = self.model.row_of(event)
        if row is None:
            return False
        self._select_row(row)
        return True

    def select_turn(self, turn: int) -> bool:
        """Select the first shown event of ``turn`` unless the selection is already in it."""
        self.flush()
        current = self.selected_event()
        if current is not None and current.turn == turn:
            return True
        event = next((e for e in self.model.shown_events() if e.turn == turn), None)
        return event is not None and self.select_event(event)

    def select_step(self, step: str) -> bool:
        """Select the last shown event of ``step`` unless the selection is already in it."""
        self.flush()
        current = self.selected_event()
        if current is not None and current.step == step:
            return True
        event = next((e for e in reversed(self.model.shown_events()) if e.step == step), None)
        return event is not None and self.select_event(event)

    def _select_row(self, row: int) -> None:
        index = self.model.index(row, SUMMARY)
        self._quiet += 1
        try:
            self.table.selectRow(row)
            self.table.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        finally:
            self._quiet -= 1
        at_end = self.table.verticalScrollBar().value() >= (
            self.table.verticalScrollBar().maximum()
        )
        if self._following and not at_end:
            self.set_following(False)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        event = self.selected_event()
        if event is None:
            return
        if self.inspector_window.isVisible() and event.type in CALL_TYPES:
            self.inspector_window.show_event(self.calls, event)
        if not self._quiet:
            self.event_selected.emit(event)

    # --- the inspector -----------------------------------------------------------------------

    def inspect(self, event: Event) -> bool:
        """Open the inspector on the call ``event`` belongs to, and select it in the table."""
        if event.type not in CALL_TYPES:
            return False
        self.select_event(event)  # flushes: the call is in the index
        shown = self.inspector_window.show_event(self.calls, event)
        self._show_inspector_window()
        return shown

    def _activated(self, index: QModelIndex) -> None:
        event = self.model.event_at(index.row())
        if event is not None:
            self.inspect(event)

    @property
    def inspector(self) -> RequestInspector:
        return self.inspector_window.inspector

    def _toggle_inspector(self, shown: bool) -> None:
        if not shown:
            self.inspector_window.hide()
            return
        if self.inspector_window.isVisible():
            return
        event = self.selected_event()
        if event is not None and event.type in CALL_TYPES:
            self.inspector_window.show_event(self.calls, event)
        self._show_inspector_window()

    def _show_inspector_window(self) -> None:
        window = self.inspector_window
        if not window.isVisible():
            top = self.window()
            window.move(top.geometry().center() - window.rect().center())
            window.show()
        window.raise_()
        self.inspect_button.blockSignals(True)
        self.inspect_button.setChecked(True)
        self.inspect_button.blockSignals(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.inspector_window and event.type() == QEvent.Type.Hide:
            self.inspect_button.setChecked(False)
        return False

    def _context_menu(self, position: Any) -> None:
        event = self.model.event_at(self.table.indexAt(position).row())
        if event is None:
            return
        menu = QMenu(self)
        if event.type in CALL_TYPES:
            menu.addAction(self.tr("Inspect model call"), lambda: self.inspect(event))
        if event.step:
            menu.addAction(
                self.tr("Only step “{step}”").format(step=event.step),
                lambda: self.set_step(event.step),
            )
        menu.addAction(
            self.tr("Only “{type}” events").format(type=event.type),
            lambda: self.set_types({event.type}),
        )
        menu.addAction(self.tr("Show all events"), self.show_all)
        menu.exec(self.table.viewport().mapToGlobal(position))

    def show_all(self) -> None:
        self.set_types(None)
        self.set_step(None)
        self.search.clear()

    # --- the texts, in the language the studio speaks ----------------------------------------

    def retranslate_ui(self) -> None:
        """Set the pane's texts (again: on ``LanguageChange``)."""
        for action, text in zip(
            self.preset_actions,
            (self.tr("All types"), self.tr("Problems only"), self.tr("Model calls only")),
            strict=True,
        ):
            action.setText(text)
        self.step_box.setItemText(0, self.tr("All steps"))
        self.search.setPlaceholderText(self.tr("Search events (Ctrl+F)"))
        self.follow_button.setText(self.tr("Follow"))
        self.follow_button.setToolTip(
            self.tr("Keep the newest event in view (scrolling up stops it)")
        )
        self.inspect_button.setText(self.tr("Inspector"))
        self.inspect_button.setToolTip(
            self.tr(
                "Show what the selected model call sent and cost (double-click a request or reply)"
            )
        )
        self._show_types()
        self.model.retranslate()
        if hasattr(self, "_prepare"):  # not while building
            self._update_count()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class PaneToggle(QObject):
    """Ctrl+J and a status-bar button that collapse and expand a log pane's dock; the state is
    remembered in ``settings`` under ``key``. The button counts the events and the problems,
    so a collapsed pane still says when something went wrong."""

    def __init__(
        self, dock: QDockWidget, pane: LogPane, window: QMainWindow, settings: QSettings, key: str
    ) -> None:
        super().__init__(window)
        self.dock, self.pane, self.window, self.settings, self.key = (
            dock,
            pane,
            window,
            settings,
            key,
        )
        self.action = QAction(window)
        self.action.setObjectName("toggleLogPane")
        self.action.setShortcut(QKeySequence("Ctrl+J"))
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.action.triggered.connect(self.toggle)
        window.addAction(self.action)
        self.button = QToolButton(window)
        self.button.setObjectName("logPaneButton")
        self.button.setCheckable(True)
        self.button.setAutoRaise(True)
        self.button.clicked.connect(lambda _checked: self.toggle())
        window.statusBar().addPermanentWidget(self.button)
        pane.counts_changed.connect(self._show_counts)
        dock.visibilityChanged.connect(self._visibility_changed)
        self._counts = (0, 0)
        self.button.installEventFilter(self)
        self.retranslate_ui()
        self._show_counts(len(pane.events()), pane.problems)
        self.set_open(_as_bool(settings.value(key, False)))

    def retranslate_ui(self) -> None:
        self.action.setText(self.tr("Toggle Log Pane"))
        self.button.setToolTip(self.tr("Show or hide the log pane (Ctrl+J)"))
        self._show_counts(*self._counts)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.button and event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        return super().eventFilter(watched, event)

    @property
    def is_open(self) -> bool:
        return self.dock.isVisible()

    def toggle(self) -> None:
        self.set_open(not self.is_open)

    def set_open(self, shown: bool) -> None:
        if shown:
            self.dock.show()
            self.dock.raise_()
        else:
            self.dock.hide()
        self.settings.setValue(self.key, shown)
        self.button.setChecked(shown)

    def _visibility_changed(self, visible: bool) -> None:
        self.button.setChecked(visible)

    def _show_counts(self, events: int, problems: int) -> None:
        self._counts = (events, problems)
        warning = f" · ⚠ {number(problems)}" if problems else ""
        self.button.setText(self.tr("Log · {count} events").format(count=number(events)) + warning)
        color = "color: #c0392b; font-weight: bold;" if problems else ""
        self.button.setStyleSheet(f"QToolButton {{ {color} padding: 0 6px; }}")


def _as_bool(value: Any) -> bool:
    return value is True or str(value).lower() == "true"
