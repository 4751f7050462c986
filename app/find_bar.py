"""Find in the scenario (Ctrl+F): step ids, titles and instruction text, highlighted on the graph.

Typing highlights every matching step at once; Enter / Shift+Enter walk through them (selecting
and centring each), Esc closes the bar and clears the highlight.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLineEdit, QToolButton, QWidget

from app.i18n.locale_text import number
from app.plain_text import PlainLabel, plain_tooltip
from app.widgets import retranslated
from engine.scenario.definition import Scenario


def find_steps(scenario: Scenario | None, query: str) -> list[str]:
    """Steps whose id, title, goal or instruction text contains ``query`` (any case)."""
    needle = query.strip().casefold()
    if scenario is None or not needle:
        return []
    return [
        step_id
        for step_id, step in scenario.steps.items()
        if any(
            needle in text.casefold()
            for text in (
                step_id,
                step.display_title,
                step.goal,
                step.instructions_text,
                step.text or "",
            )
        )
    ]


class FindBar(QWidget):
    """The find bar shown above the graph."""

    #: the query changed: (matching step ids)
    matchesChanged = Signal(list)
    #: go to this match (step id)
    matchChosen = Signal(str)
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenario: Scenario | None = None
        self.matches: list[str] = []
        self.index = -1
        self.field = QLineEdit()
        self.field.setClearButtonEnabled(True)
        self.field.textChanged.connect(self.search)
        self.field.returnPressed.connect(self._return_pressed)
        self.count = PlainLabel()
        self.buttons = previous, following, close = (
            _tool_button("▲"),
            _tool_button("▼"),
            _tool_button("✕"),
        )
        previous.clicked.connect(self.previous_match)
        following.clicked.connect(self.next_match)
        close.clicked.connect(self.close_bar)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        self.label = PlainLabel()
        layout.addWidget(self.label)
        layout.addWidget(self.field, 1)
        layout.addWidget(self.count)
        layout.addWidget(previous)
        layout.addWidget(following)
        layout.addWidget(close)
        retranslated(self, self.retranslate_ui)

    def retranslate_ui(self) -> None:
        self.field.setPlaceholderText(self.tr("Find steps by id, title or instruction text"))
        self.label.setText(self.tr("Find:"))
        tips = (
            self.tr("Previous match (Shift+Enter)"),
            self.tr("Next match (Enter)"),
            self.tr("Close (Esc)"),
        )
        for button, tip in zip(self.buttons, tips, strict=True):
            button.setToolTip(plain_tooltip(tip))
        if self.index >= 0:
            self._show_index()
        elif self.isVisible():
            self._show_count()

    def open_bar(self, scenario: Scenario | None) -> None:
        self.scenario = scenario
        self.show()
        self.field.setFocus()
        self.field.selectAll()
        self.search()

    def close_bar(self) -> None:
        self.hide()
        self.matches, self.index = [], -1
        self.matchesChanged.emit([])
        self.closed.emit()

    def set_scenario(self, scenario: Scenario | None) -> None:
        self.scenario = scenario
        if self.isVisible():
            self.search()

    def search(self) -> None:
        query = self.field.text()
        self.matches = find_steps(self.scenario, query)
        self.index = -1
        self._show_count()
        self.matchesChanged.emit(list(self.matches))

    def _show_count(self) -> None:
        count = len(self.matches)
        if not self.field.text().strip():
            self.count.setText("")
        elif not count:
            self.count.setText(self.tr("no matches"))
        elif count == 1:
            self.count.setText(self.tr("1 match"))
        else:
            self.count.setText(self.tr("{count} matches").format(count=number(count)))

    def _show_index(self) -> None:
        self.count.setText(
            self.tr("{index} of {count}").format(
                index=number(self.index + 1), count=number(len(self.matches))
            )
        )

    def next_match(self) -> None:
        self._go(+1)

    def previous_match(self) -> None:
        self._go(-1)

    def _go(self, delta: int) -> None:
        if not self.matches:
            return
        self.index = (self.index + delta) % len(self.matches)
        self._show_index()
        self.matchChosen.emit(self.matches[self.index])

    def _return_pressed(self) -> None:
        if QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.previous_match()
        else:
            self.next_match()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        super().keyPressEvent(event)


def _tool_button(text: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    return button
