"""Variables panel and cost meter: what a conversation knows, and what it has cost so far.

Both read a :class:`ConversationProjection`, so they look the same live and in a replayed log.
The inspector lists every variable with its current value; unfolding one shows its history
(turn, step, old → new, source). Selecting a history entry emits :attr:`turn_selected`, which
the chat or the viewer answers by scrolling to that turn.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSizePolicy,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.logview.describe import format_cost, format_tokens
from app.logview.projection import ConversationProjection, Meter
from app.plain_text import PlainLabel, plain_tooltip

TURN_ROLE = Qt.ItemDataRole.UserRole + 1


def show_value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


class VariablesPanel(QWidget):
    """See the module docstring. ``show(projection, upto_turn)`` refreshes it."""

    turn_selected = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.caption = PlainLabel(self)
        self.caption.setObjectName("variablesCaption")
        self.caption.hide()
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Variable", "Value", "Source"])
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setUniformRowHeights(True)
        # Every column stays in sight at any width: the value takes what the name and the
        # source leave (elided, whole in its tooltip), never pushing the source out of view.
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.caption)
        layout.addWidget(self.tree)

    def show_projection(
        self, projection: ConversationProjection, upto_turn: int | None = None
    ) -> None:
        """Current values (or those at the end of ``upto_turn``) and each history."""
        unfolded = {item.text(0) for item in self._top_items() if item.isExpanded()}
        values = projection.values() if upto_turn is None else projection.values_as_of(upto_turn)
        # The caption only matters in replay (a dock already says "Variables").
        self.caption.setText("" if upto_turn is None else f"Variables as of turn {upto_turn}")
        self.caption.setVisible(upto_turn is not None)
        self.tree.blockSignals(True)
        self.tree.clear()
        for name in projection.names():
            history = [
                change
                for change in projection.history(name)
                if upto_turn is None or change.turn <= upto_turn
            ]
            value = values.get(name)
            source = history[-1].source if history else ("default" if value is not None else "")
            item = QTreeWidgetItem([name, show_value(values.get(name)), source])
            item.setToolTip(1, plain_tooltip(show_value(values.get(name))))
            for change in history:
                child = QTreeWidgetItem(
                    [
                        f"turn {change.turn} · {change.step or ''}",
                        f"{show_value(change.old)} → {show_value(change.new)}",
                        change.source,
                    ]
                )
                child.setData(0, TURN_ROLE, change.turn)
                child.setToolTip(0, "Select to scroll the chat to this turn")
                item.addChild(child)
            self.tree.addTopLevelItem(item)
            item.setExpanded(name in unfolded)
        self.tree.blockSignals(False)

    def _top_items(self) -> list[QTreeWidgetItem]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item for item in items if item is not None]

    def history_items(self, name: str) -> list[QTreeWidgetItem]:
        for item in self._top_items():
            if item.text(0) == name:
                children = (item.child(j) for j in range(item.childCount()))
                return [child for child in children if child is not None]
        return []

    def value_of(self, name: str) -> str | None:
        for item in self._top_items():
            if item.text(0) == name:
                return item.text(1)
        return None

    def _selection_changed(self) -> None:
        items = self.tree.selectedItems()
        if items:
            turn = items[0].data(0, TURN_ROLE)
            if turn is not None:
                self.turn_selected.emit(int(turn))


class MeterLabel(PlainLabel):
    """One line: calls per user message, tokens (input, cached, output) and cost."""

    def __init__(self, parent: Any = None, *, wrap: bool = True) -> None:
        """``wrap``: in a pane, the text grows with the figures and wraps rather than widening
        the pane it sits in (a docked chat grew wider with every exchange). In a status bar it
        must not: squeezed by a stretching neighbour, a wrapping label was given no width and
        a column's height, so the bar stood 230 pixels tall with the meter invisible."""
        super().__init__(parent)
        self.setObjectName("costMeter")
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setWordWrap(wrap)
        if wrap:
            self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        else:
            self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.show_meter(Meter())

    def show_meter(self, meter: Meter, *, cost: str | None = None) -> None:
        """``cost`` says what the cost is when it is not the model's price (scripted replies
        cost nothing)."""
        shown = format_cost(meter.cost_usd) if cost is None else cost
        self.setText(
            f"{meter.llm_calls:,} calls · {meter.calls_per_message:.2f} per message"
            f" · {format_tokens(meter.input_tokens)} in"
            f" ({format_tokens(meter.cached_tokens)} cached)"
            f" · {format_tokens(meter.output_tokens)} out · {shown}"
        )
        self.setToolTip(
            plain_tooltip(
                f"User messages: {meter.user_messages}\nModel calls: {meter.llm_calls}"
                f"\nCorrections: {meter.corrections}\nInput tokens: {meter.input_tokens:,}"
                f"\nCached input tokens: {meter.cached_tokens:,}"
                f"\nOutput tokens: {meter.output_tokens:,}\nCost: {shown}"
            )
        )
