"""The replay bar: step through a conversation turn by turn, and fork a live chat from a turn.

It only says which turn the reader wants (``turn_changed``; ``None`` means "everything, live")
and when they want to fork; the window decides what that shows (rows up to the turn, variables
as of the turn, the step highlighted on the graph).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QSlider,
    QStyle,
    QToolButton,
    QWidget,
)

from app.plain_text import PlainLabel, plain_tooltip
from app.widgets import retranslated


class ReplayBar(QWidget):
    """See the module docstring."""

    #: The turn to show, or ``None`` to leave replay and show everything.
    turn_changed = Signal(object)
    #: Continue live from this turn.
    fork_requested = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._last_turn = 0
        self._turn: int | None = None
        self._step: str | None = None
        pixmap = QStyle.StandardPixmap
        self.first_button = self._tool(pixmap.SP_MediaSkipBackward, lambda: self.set_turn(0))
        self.prev_button = self._tool(pixmap.SP_MediaSeekBackward, self.previous_turn)
        self.prev_button.setShortcut("Alt+Left")
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setMinimum(0)
        self.slider.setPageStep(1)
        self.slider.valueChanged.connect(self._slider_moved)
        self.next_button = self._tool(pixmap.SP_MediaSeekForward, self.next_turn)
        self.next_button.setShortcut("Alt+Right")
        self.live_button = QPushButton(self)
        self.live_button.clicked.connect(lambda: self.set_turn(None))
        self.position_label = PlainLabel(self)
        self.position_label.setMinimumWidth(180)
        self.fork_button = QPushButton(self)
        self.fork_button.clicked.connect(self._fork)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        self.replay_label = PlainLabel(self)
        layout.addWidget(self.replay_label)
        for widget in (self.first_button, self.prev_button, self.slider, self.next_button):
            layout.addWidget(widget)
        layout.addWidget(self.position_label)
        layout.addWidget(self.live_button)
        layout.addWidget(self.fork_button)
        retranslated(self, self.retranslate_ui)

    def retranslate_ui(self) -> None:
        """Set the bar's texts (again: on ``LanguageChange``)."""
        for button, tip in (
            (self.first_button, self.tr("First turn")),
            (self.prev_button, self.tr("Previous turn (Alt+Left)")),
            (self.next_button, self.tr("Next turn (Alt+Right)")),
            (self.live_button, self.tr("Leave replay: show the whole conversation")),
            (
                self.fork_button,
                self.tr("Continue live from the end of this turn with the current scenario"),
            ),
        ):
            button.setToolTip(plain_tooltip(tip))
        self.live_button.setText(self.tr("Show all"))
        self.fork_button.setText(self.tr("Fork from this turn…"))
        self.replay_label.setText(self.tr("Replay"))
        self._refresh()

    def _tool(self, icon: QStyle.StandardPixmap, slot: Any) -> QToolButton:
        button = QToolButton(self)
        button.setIcon(self.style().standardIcon(icon))
        button.clicked.connect(slot)
        return button

    @property
    def turn(self) -> int | None:
        return self._turn

    @property
    def last_turn(self) -> int:
        return self._last_turn

    def set_last_turn(self, last_turn: int) -> None:
        self._last_turn = max(last_turn, 0)
        self.slider.blockSignals(True)
        self.slider.setMaximum(self._last_turn)
        self.slider.setValue(self._last_turn if self._turn is None else self._turn)
        self.slider.blockSignals(False)
        self._refresh()

    def set_turn(self, turn: int | None) -> None:
        if turn is not None:
            turn = min(max(turn, 0), self._last_turn)
        if turn == self._turn:
            return
        self._turn = turn
        self.slider.blockSignals(True)
        self.slider.setValue(self._last_turn if turn is None else turn)
        self.slider.blockSignals(False)
        self._refresh()
        self.turn_changed.emit(turn)

    def next_turn(self) -> None:
        current = self._last_turn if self._turn is None else self._turn
        self.set_turn(min(current + 1, self._last_turn) if self._turn is not None else 0)

    def previous_turn(self) -> None:
        current = self._last_turn if self._turn is None else self._turn
        self.set_turn(max(current - 1, 0))

    def set_step_text(self, step: str | None) -> None:
        self._step = step
        self._refresh()

    def _slider_moved(self, value: int) -> None:
        self.set_turn(value)

    def _fork(self) -> None:
        self.fork_requested.emit(self._last_turn if self._turn is None else self._turn)

    def _refresh(self) -> None:
        where = " · " + self.tr("step {step}").format(step=self._step) if self._step else ""
        if self._turn is None:
            self.position_label.setText(
                self.tr("All {count} turn(s)").format(count=self._last_turn) + where
            )
        else:
            self.position_label.setText(
                self.tr("Turn {turn} of {count}").format(turn=self._turn, count=self._last_turn)
                + where
            )
        self.live_button.setEnabled(self._turn is not None)
        self.next_button.setEnabled(self._turn is None or self._turn < self._last_turn)
        self.prev_button.setEnabled(self._turn is None or self._turn > 0)
