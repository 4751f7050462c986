"""Editing a step's title, or a message step's text, where it is drawn on the canvas.

F2 or a double-click on a step's title opens a line editor over the title; a double-click on a
message step's text opens one over the text. Enter (or leaving the field) keeps the text, Esc
drops it. The editor only asks: :attr:`InlineEditor.committed` says which field of which step
the author wrote, and the editor turns it into one undo command.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QGraphicsView, QLineEdit

from app.graph.items import NodeItem
from app.graph.layout import NODE_HEIGHT, NODE_WIDTH

#: The fields that can be edited on the canvas.
TITLE, TEXT = "title", "text"


def field_at(node: NodeItem, local_y: float) -> str:
    """Which field a double-click at ``local_y`` (in the box) means ("" for the step itself)."""
    if node.state.missing:
        return ""
    if local_y < NODE_HEIGHT / 2 - 2:
        return TITLE
    if node.state.kind == "message" and local_y > NODE_HEIGHT / 2 + 2:
        return TEXT
    return ""


class InlineEditor(QLineEdit):
    """A line editor over a step on the canvas (see the module docstring)."""

    #: (step id, field, text): the author kept this text
    committed = Signal(str, str, str)

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("inlineEditor")
        self.step_id = ""
        self.field = ""
        self._original = ""
        self.hide()

    def begin(self, node: NodeItem, field: str) -> None:
        """Edit ``field`` of ``node``'s step over where it is drawn."""
        state = node.state
        self.step_id, self.field = state.step_id, field
        self._original = state.title if field == TITLE else state.text
        self.setAccessibleName(
            self.tr("Title of {step}").format(step=state.step_id)
            if field == TITLE
            else self.tr("Text of {step}").format(step=state.step_id)
        )
        top = 4.0 if field == TITLE else NODE_HEIGHT / 2
        area = node.mapRectToScene(QRectF(6, top, NODE_WIDTH - 12, NODE_HEIGHT / 2 - 4))
        box = self.view.mapFromScene(area).boundingRect()
        height = max(box.height(), self.sizeHint().height())
        self.setGeometry(box.left(), box.center().y() - height // 2, max(box.width(), 160), height)
        self.setText(self._original)
        self.selectAll()
        self.show()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def finish(self, keep: bool) -> None:
        if not self.isVisible():
            return
        self.hide()
        text = self.text().strip()
        if keep and text and text != self._original:
            self.committed.emit(self.step_id, self.field, text)
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish(True)
            return
        if event.key() == Qt.Key.Key_Escape:
            self.finish(False)
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.finish(True)


__all__ = ["TEXT", "TITLE", "InlineEditor", "field_at"]
