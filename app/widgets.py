"""Small widget recipes the studio's panes share, so they look and behave alike."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QPushButton


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
