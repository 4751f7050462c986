"""The palette of step kinds above the graph: question, message, action, end.

Click an entry (or press its key, Alt+1 … Alt+4) and a step of that kind is placed below the
selected step, or in free space near the view's centre; drag an entry onto the canvas and it
lands where it is dropped (:class:`~app.graph.view.GraphView` accepts the drop). Each icon is a
small box drawn as the graph draws that kind. What each kind writes is :mod:`app.step_kinds`.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QDrag,
    QIcon,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QToolBar, QToolButton, QWidget

from app.step_kinds import PALETTE, palette_name, palette_tip
from app.theme import GraphColors

#: The drag's MIME type; its data is the palette entry's name.
MIME = "application/x-prompter-step-kind"
MARKERS = {"question": "?", "message": "✉", "action": "⚙", "end": "■"}


def kind_icon(entry: str, colors: GraphColors) -> QIcon:
    """A small step box of the entry's kind, as the graph draws it."""
    pixmap = QPixmap(28, 20)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    fill = {"message": colors.message_fill, "end": colors.message_fill}.get(
        entry, colors.action_fill if entry == "action" else colors.node_fill
    )
    painter.setBrush(fill)
    painter.setPen(QPen(colors.node_border, 1.2))
    box = QRectF(1, 1, 26, 18)
    painter.drawRoundedRect(box, 4, 4)
    if entry == "end":
        painter.drawRoundedRect(box.adjusted(2.5, 2.5, -2.5, -2.5), 2, 2)
    if entry == "action":
        painter.drawLine(5, 2, 5, 18)
        painter.drawLine(23, 2, 23, 18)
    painter.setPen(QColor(colors.text))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, MARKERS[entry])
    painter.end()
    return QIcon(pixmap)


class _EntryButton(QToolButton):
    """A palette entry: a click adds a step, a drag carries the kind onto the canvas."""

    def __init__(self, entry: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entry = entry
        self._press: QPoint | None = None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        start = self._press
        if start is not None and (event.position().toPoint() - start).manhattanLength() > 8:
            self._press = None
            self.setDown(False)
            drag = QDrag(self)
            data = QMimeData()
            data.setData(MIME, QByteArray(self.entry.encode()))
            drag.setMimeData(data)
            drag.setPixmap(self.icon().pixmap(28, 20))
            drag.exec(Qt.DropAction.CopyAction)
            return
        super().mouseMoveEvent(event)


class StepPalette(QToolBar):
    """The kinds of step, to click, press or drag (see the module docstring)."""

    #: (palette entry): add one below the selected step
    addRequested = Signal(str)

    def __init__(self, colors: GraphColors, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolbar:palette")
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.actions_by_entry: dict[str, QAction] = {}
        for index, (entry, _kind, _final) in enumerate(PALETTE, start=1):
            action = QAction(kind_icon(entry, colors), "", self)
            action.setShortcut(QKeySequence(f"Alt+{index}"))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _=False, entry=entry: self.addRequested.emit(entry))
            button = _EntryButton(entry, self)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setObjectName(f"palette:{entry}")
            self.addWidget(button)  # the button holds the action: its shortcut works too
            self.actions_by_entry[entry] = action
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Step kinds"))
        for entry, action in self.actions_by_entry.items():
            action.setText(palette_name(entry))
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(
                self.tr("{what} ({keys}; or drag it onto the canvas)").format(
                    what=palette_tip(entry), keys=keys
                )
            )


__all__ = ["MIME", "StepPalette", "kind_icon"]
