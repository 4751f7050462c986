"""Small widget recipes the studio's panes share, so they look and behave alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QSize, Qt
from PySide6.QtGui import (
    QAction,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QKeySequence,
    QResizeEvent,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from app.plain_text import RichLabel, plain_tooltip, show_message
from engine.scenario.definition import ValueType

Shortcut = QKeySequence | QKeySequence.StandardKey | Sequence[QKeySequence]


#: Room left around a top-level window for the frame and title bar a window manager adds (not
#: known before the window is first shown).
FRAME_ALLOWANCE = QSize(16, 40)


def size_for_screen(window: QWidget, width: int, height: int, *, centre: bool = False) -> None:
    """Give a top-level ``window`` ``width`` × ``height``, or less where its screen's free area
    (less the window frame) is smaller: a fixed 1500 × 950 ran off a 1366 × 768 laptop screen.
    ``centre`` also puts it in the middle of that area (the main window, at a first start)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(width, height)
        return
    free = screen.availableGeometry()
    room = free.size() - FRAME_ALLOWANCE
    size = QSize(min(width, room.width()), min(height, room.height()))
    window.resize(size)
    if centre:
        window.move(free.center() - QPoint(size.width() // 2, size.height() // 2))


class PaneHost(Protocol):
    """A window the studio's parts plug panes into (``app.main_window.MainWindow``): each
    part's host protocol extends it with what else that part needs."""

    def add_pane(
        self,
        name: str,
        widget: QWidget,
        area: Qt.DockWidgetArea = ...,
        *,
        tabify_with: str | None = None,
        below: str | None = None,
    ) -> QDockWidget: ...


#: Windows shown with no parent, kept here until they are closed (and so deleted).
_PARENTLESS: set[QWidget] = set()


def show_window(window: QWidget, parent: QWidget | None) -> None:
    """Show ``window`` as a window of its own that is deleted when closed, with what it holds.

    With a ``parent`` (the studio) it is the parent's child, which keeps it alive while open —
    and, were it not deleted on close, hidden for as long as the studio runs. Without one it
    is kept here until closed, so a window opened from a script is not garbage-collected.
    """
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window, True)
    else:
        _PARENTLESS.add(window)
        window.destroyed.connect(lambda: _PARENTLESS.discard(window))
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    window.show()


class _EscapeCloses(QObject):
    """Closes its window on an Escape no widget inside took (a find bar's, a popup's)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and isinstance(watched, QWidget)
        ):
            watched.close()
            return True
        return False


def closes_from_keyboard(window: QWidget) -> None:
    """Let a tool window (the request inspector, the log viewer, analytics, …) be closed from
    the keyboard as any window is: Ctrl+W (the platform's Close key) and Escape. An Escape a
    widget inside uses first (closing a find bar, a completion) does not close the window."""
    close = QAction(QCoreApplication.translate("ToolWindow", "Close Window"), window)
    close.setObjectName("closeWindowAction")
    close.setShortcut(QKeySequence.StandardKey.Close)
    close.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    close.triggered.connect(lambda _checked=False: window.close())
    window.addAction(close)
    window.installEventFilter(_EscapeCloses(window))


def make_action(
    parent: QObject,
    text: str,
    slot: Callable[[], object],
    shortcut: Shortcut | None = None,
    tip: str = "",
    icon: QIcon | None = None,
) -> QAction:
    """A menu/toolbar action calling ``slot()`` (the ``checked`` argument is dropped)."""
    action = QAction(text, parent)
    if isinstance(shortcut, QKeySequence.StandardKey):
        action.setShortcuts(shortcut)
    elif isinstance(shortcut, QKeySequence):
        action.setShortcut(shortcut)
    elif shortcut is not None:
        action.setShortcuts(list(shortcut))
    if tip:
        action.setStatusTip(tip)  # the status bar draws it as plain text
        action.setToolTip(plain_tooltip(tip))
    if icon is not None:
        action.setIcon(icon)
    action.triggered.connect(lambda _checked=False: slot())
    return action


class _Retranslator(QObject):
    """Calls its function whenever the widget it watches gets ``LanguageChange``."""

    def __init__(self, watched: QObject, apply: Callable[[], object]) -> None:
        super().__init__(watched)
        self._apply = apply
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self._apply()
        return False


def retranslated(widget: QObject, apply: Callable[[], object]) -> None:
    """Run ``apply`` (it sets ``widget``'s texts through ``tr()``) now and again on every
    ``LanguageChange`` of ``widget``: the retranslate pattern for a widget that is not a class
    of its own (a button, a label, a header made in a builder)."""
    apply()
    # The filter's Python side must live as long as the widget: Qt calls its eventFilter, a
    # Python method, and a wrapper nothing in Python holds may be collected under it (two
    # settings dialogs in one test crashed the interpreter in processEvents).
    kept: list[_Retranslator] = widget.__dict__.setdefault("_retranslators", [])
    kept.append(_Retranslator(widget, apply))


def set_texts(action: QAction, text: str, tip: str = "") -> None:
    """Give ``action`` its text, and its tip as status tip and tooltip (a retranslate step)."""
    action.setText(text)
    action.setStatusTip(tip)
    action.setToolTip(plain_tooltip(tip or text.replace("&", "")))


class ToolsMenu(QMenu):
    """The menu the studio's tool windows are opened from; its title follows the language."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("menu:tools")
        retranslated(self, self.retranslate_ui)

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("&Tools"))


def tools_menu(window: QMainWindow) -> QMenu:
    """The window's Tools menu (made before Help when there is none yet): each tool plugged
    into the studio from the outside adds its entries to it. Menus are found by their object
    names (``menu:tools``, ``menu:help``), which no translation changes."""
    bar = window.menuBar()
    found = window.findChild(QMenu, "menu:tools")
    if found is not None:
        return found
    menu = ToolsMenu(window)
    after = window.findChild(QMenu, "menu:help")
    if after is not None:
        bar.insertMenu(after.menuAction(), menu)
    else:
        bar.addMenu(menu)
    return menu


def tell_problem(window: QWidget, title: str, message: str) -> None:
    """Say a problem through the window's ``tell`` (the studio's, which tests replace), or in a
    message box for a window without one."""
    tell = getattr(window, "tell", None)
    if callable(tell):
        tell(title, message, True)
    else:
        show_message(window, title, message, problem=True)


def add_remove_buttons(
    add: Callable[[], object], remove: Callable[[], object], *, name: str = ""
) -> QHBoxLayout:
    """The "Add  Remove" row under an editable table, left-aligned.

    ``name`` sets the buttons' object names (``add<name>``/``remove<name>``) so tests and style
    sheets can find them.
    """
    row = QHBoxLayout()
    translate = QCoreApplication.translate
    texts = (
        ("add", lambda: translate("Widgets", "Add"), add),
        ("remove", lambda: translate("Widgets", "Remove"), remove),
    )
    for key, label, action in texts:
        button = QPushButton()

        def set_text(button: QPushButton = button, text: Callable[[], str] = label) -> None:
            button.setText(text())

        retranslated(button, set_text)
        if name:
            button.setObjectName(f"{key}{name}")
        button.clicked.connect(lambda _checked=False, act=action: act())
        row.addWidget(button)
    row.addStretch(1)
    return row


def fill_typed_rows(
    table: QTableWidget,
    entries: Any,
    on_type: Callable[[str, str], object],
    fill_rest: Callable[[int, dict[str, Any]], None],
) -> None:
    """Fill a "name | type | …" table from a mapping of names to typed entries.

    Results and variables share this shape. Column 0 is the editable name (the original name is
    kept under ``UserRole`` so an edit can be recognised as a rename); column 1 is a combo of the
    value types that calls ``on_type(name, new_type)``; ``fill_rest(row, entry)`` fills the rest.
    """
    rows = list(entries.items()) if isinstance(entries, dict) else []
    table.setRowCount(len(rows))
    for row, (name, value) in enumerate(rows):
        entry = value if isinstance(value, dict) else {}
        name_item = QTableWidgetItem(str(name))
        name_item.setData(Qt.ItemDataRole.UserRole, str(name))
        table.setItem(row, 0, name_item)
        kind = str(entry.get("type", ValueType.STRING.value))
        table.setItem(row, 1, QTableWidgetItem(kind))
        combo = QComboBox()
        combo.addItems([value_type.value for value_type in ValueType])
        combo.setCurrentText(kind)
        combo.activated.connect(lambda _index, n=str(name), c=combo: on_type(n, c.currentText()))
        table.setCellWidget(row, 1, combo)
        fill_rest(row, entry)
    table.resizeColumnToContents(0)


class FittedTable(QTableWidget):
    """A table whose columns are fitted again when it is resized (see :func:`fit_columns`).

    With :attr:`fit_rows` it asks for the height of its rows (one empty row more, for room to
    add): a form of several tables gives each what it holds, not an equal share."""

    def __init__(self, rows: int, columns: int, parent: QWidget | None = None) -> None:
        super().__init__(rows, columns, parent)
        self.fit_rows = False
        model = self.model()
        model.rowsInserted.connect(self.updateGeometry)
        model.rowsRemoved.connect(self.updateGeometry)
        model.modelReset.connect(self.updateGeometry)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if not self.fit_rows:
            return hint
        row = self.verticalHeader().defaultSectionSize()
        height = (
            self.horizontalHeader().sizeHint().height()
            + row * (self.rowCount() + 1)
            + 2 * self.frameWidth()
        )
        return QSize(hint.width(), max(self.minimumHeight(), height))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        fit_columns(self)


def fitted_table(headers: list[str], *, stretch: int, fit_rows: bool = False) -> QTableWidget:
    """An editable table for a narrow pane: whole rows selected, no sideways scrolling — the
    ``stretch`` column takes the width the others (sized by :func:`fit_columns`) leave."""
    table = FittedTable(0, len(headers))
    table.fit_rows = fit_rows
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().hide()
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.AnyKeyPressed
    )
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    header.setMinimumSectionSize(24)
    for column in range(len(headers)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    table.setProperty("stretchColumn", stretch)
    table.setAlternatingRowColors(True)
    table.setMinimumHeight(90)
    return table


#: A column other than the stretching one never takes more than this share of the table.
FITTED_SHARE = 0.36


def fit_columns(table: QTableWidget) -> None:
    """Size every column but the stretching one to its contents (menus in cells included),
    each at most a share of the table, so the stretching one keeps room."""
    stretch = table.property("stretchColumn")
    available = max(table.viewport().width(), 240)
    metrics = table.fontMetrics()
    for column in range(table.columnCount()):
        if column == stretch:
            continue
        header_item = table.horizontalHeaderItem(column)
        width = metrics.horizontalAdvance(header_item.text() if header_item else "") + 24
        for row in range(table.rowCount()):
            widget = table.cellWidget(row, column)
            item = table.item(row, column)
            if widget is not None:
                width = max(width, widget.sizeHint().width() + 4)
            elif item is not None:
                width = max(
                    width,
                    metrics.horizontalAdvance(item.text())
                    + 16
                    + (22 if item.flags() & Qt.ItemFlag.ItemIsUserCheckable else 0),
                )
        table.setColumnWidth(column, min(width, int(available * FITTED_SHARE)))


class Banner(QFrame):
    """A message strip above the graph with optional buttons (disk changes, broken YAML)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.label = RichLabel()
        self.label.setWordWrap(True)
        self._buttons: list[QPushButton] = []
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._layout.addWidget(self.label, 1)
        self.hide()

    def show_message(
        self, text: str, buttons: Sequence[tuple[str, Callable[[], object]]] = ()
    ) -> None:
        for button in self._buttons:
            button.deleteLater()
        self._buttons = []
        for label, action in buttons:
            button = QPushButton(label)
            button.clicked.connect(lambda _checked=False, act=action: act())
            self._layout.addWidget(button)
            self._buttons.append(button)
        self.label.setText(text)
        self.show()

    def button(self, label: str) -> QPushButton | None:
        return next((b for b in self._buttons if b.text() == label), None)


def set_text_minimally(edit: QPlainTextEdit, text: str) -> None:
    """Make ``edit`` show ``text`` by replacing only the part that differs from what it shows.

    ``setPlainText`` lays out the whole text again and loses the cursor and the scroll position:
    on a 2,000-step ``scenario.yaml`` that is most of a frame for a one-line edit.
    """
    old = edit.toPlainText()
    if old == text:
        return
    start = _common_prefix(old, text)
    end = _common_prefix(old[start:][::-1], text[start:][::-1])
    cursor = QTextCursor(edit.document())
    cursor.setPosition(_utf16(old, start))
    cursor.setPosition(_utf16(old, len(old) - end), QTextCursor.MoveMode.KeepAnchor)
    cursor.insertText(text[start : len(text) - end])


def _common_prefix(a: str, b: str) -> int:
    """The length of the common prefix of ``a`` and ``b`` (slices compare in C)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _utf16(text: str, index: int) -> int:
    """A Python string index as Qt counts it (UTF-16 code units)."""
    head = text[:index]
    return index if head.isascii() else len(head.encode("utf-16-le")) // 2
