"""Variables panel and cost meter: what a conversation knows, and what it has cost so far.

Both read a :class:`ConversationProjection`, so they look the same live and in a replayed log.
The inspector lists every variable with its current value; unfolding one shows its history
(turn, step, old → new, source). Selecting a history entry emits :attr:`turn_selected`, which
the chat or the viewer answers by scrolling to that turn.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSizePolicy,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.i18n.locale_text import cost, number
from app.logview.describe import format_tokens
from app.logview.projection import ConversationProjection
from app.plain_text import PlainLabel, plain_tooltip
from engine.dialogue.ledger import Totals

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
        self._shown: tuple[ConversationProjection, int | None] | None = None
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set the panel's texts (again: on ``LanguageChange``)."""
        self.tree.setHeaderLabels([self.tr("Variable"), self.tr("Value"), self.tr("Source")])
        if self._shown is not None:
            self.show_projection(*self._shown)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def show_projection(
        self, projection: ConversationProjection, upto_turn: int | None = None
    ) -> None:
        """Current values (or those at the end of ``upto_turn``) and each history."""
        self._shown = (projection, upto_turn)
        unfolded = {item.text(0) for item in self._top_items() if item.isExpanded()}
        values = projection.values() if upto_turn is None else projection.values_as_of(upto_turn)
        # The caption only matters in replay (a dock already says "Variables").
        self.caption.setText(
            ""
            if upto_turn is None
            else self.tr("Variables as of turn {turn}").format(turn=upto_turn)
        )
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
            if history and history[-1].source == "result":
                item.setToolTip(
                    0,
                    plain_tooltip(
                        self.tr(
                            "A result step {step} captured; no variable declares it under "
                            "variables: (placeholders fill from it all the same)"
                        ).format(step=history[-1].step or "?")
                    ),
                )
            for change in history:
                child = QTreeWidgetItem(
                    [
                        self.tr("turn {turn} · {step}").format(
                            turn=change.turn, step=change.step or ""
                        ),
                        f"{show_value(change.old)} → {show_value(change.new)}",
                        change.source,
                    ]
                )
                child.setData(0, TURN_ROLE, change.turn)
                child.setToolTip(0, self.tr("Select to scroll the chat to this turn"))
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
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._shown: tuple[Totals, int, bool] = (Totals(), 0, False)
        self.show_meter(Totals(), 0)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            totals, user_messages, synthetic = self._shown
            self.show_meter(totals, user_messages, synthetic=synthetic)
        super().changeEvent(event)

    def show_meter(self, totals: Totals, user_messages: int, *, synthetic: bool = False) -> None:
        """What ``totals`` billed over ``user_messages``; ``synthetic``: no model answers this
        conversation (a reply script, the fake model), so it costs nothing even before its
        first call."""
        self._shown = (totals, user_messages, synthetic)
        shown = cost(totals, synthetic=synthetic)
        per_message = totals.llm_calls / user_messages if user_messages else 0.0
        self.setText(
            self.tr(
                "{calls} calls · {per_message} per message · {input} in ({cached} cached)"
                " · {output} out · {cost}"
            ).format(
                calls=number(totals.llm_calls),
                per_message=number(per_message, 2),
                input=format_tokens(totals.input_tokens),
                cached=format_tokens(totals.cached_tokens),
                output=format_tokens(totals.output_tokens),
                cost=shown,
            )
        )
        self.setToolTip(
            plain_tooltip(
                self.tr(
                    "User messages: {messages}\nModel calls: {calls}\nCorrections: {corrections}"
                    "\nInput tokens: {input}\nCached input tokens: {cached}"
                    "\nOutput tokens: {output}\nCost: {cost}"
                ).format(
                    messages=number(user_messages),
                    calls=number(totals.llm_calls),
                    corrections=number(totals.corrections),
                    input=number(totals.input_tokens),
                    cached=number(totals.cached_tokens),
                    output=number(totals.output_tokens),
                    cost=shown,
                )
            )
        )
