"""Small widget recipes the studio's panes share, so they look and behave alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QTableWidget, QTableWidgetItem

from engine.scenario.model import ValueType


def add_remove_buttons(
    add: Callable[[], object], remove: Callable[[], object], *, name: str = ""
) -> QHBoxLayout:
    """The "Add  Remove" row under an editable table, left-aligned.

    ``name`` sets the buttons' object names (``add<name>``/``remove<name>``) so tests and style
    sheets can find them.
    """
    row = QHBoxLayout()
    for label, action in (("Add", add), ("Remove", remove)):
        button = QPushButton(label)
        if name:
            button.setObjectName(f"{label.lower()}{name}")
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
        combo.activated.connect(
            lambda _index, n=str(name), c=combo: on_type(n, c.currentText()))
        table.setCellWidget(row, 1, combo)
        fill_rest(row, entry)
    table.resizeColumnToContents(0)
