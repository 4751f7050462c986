"""Small widgets of the test chat: the input box, the typing indicator, the in-pane banner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout

from app.plain_text import PlainLabel, RichLabel


class ChatInput(QPlainTextEdit):
    """Enter sends, Shift+Enter starts a new line."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class TypingIndicator(PlainLabel):
    """Shows "<bot> is typing ● ● ●", animated while a model call is in flight."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("typingIndicator")
        self.who = self.tr("The bot")
        self._phase = 0
        self._timer = QTimer(self)
        self._timer.setInterval(350)
        self._timer.timeout.connect(self._tick)
        self.hide()

    def start(self) -> None:
        self._phase = 0
        self._tick()
        self._timer.start()
        self.show()

    def stop(self) -> None:
        self._timer.stop()
        self.hide()

    def _tick(self) -> None:
        dots = "".join("●" if i == self._phase % 3 else "○" for i in range(3))
        self.setText("  " + self.tr("{bot} is typing {dots}").format(bot=self.who, dots=dots))
        self._phase += 1


class Banner(QFrame):
    """A message with buttons, shown inside the pane (no modal dialogs in a chat)."""

    def __init__(self, object_name: str, tint: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._style = f"#{object_name} {{ background: {tint}; border-radius: 6px; }}"
        self.setStyleSheet(self._style)
        self._restyling = False
        self.label = RichLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QHBoxLayout()
        self.buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addLayout(self.buttons)
        self.hide()

    def changeEvent(self, event: QEvent) -> None:
        """A ``palette(…)`` tint is read when the style sheet is set: read it again when the
        palette changes (View ▸ Dark Theme)."""
        super().changeEvent(event)
        if (
            event.type() == QEvent.Type.PaletteChange
            and "palette(" in self._style
            and not self._restyling
        ):
            self._restyling = True
            QTimer.singleShot(0, self._restyle)  # not inside the change: it changes it again

    def _restyle(self) -> None:
        self.setStyleSheet("")
        self.setStyleSheet(self._style)
        QTimer.singleShot(0, self._restyled)

    def _restyled(self) -> None:
        self._restyling = False

    def add_button(self, text: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text, self)
        button.clicked.connect(slot)
        self.buttons.addWidget(button)
        return button


__all__ = ["Banner", "ChatInput", "TypingIndicator"]
