"""Text from a scenario, a model, a user or a server is shown as text, never as Qt rich text.

Qt renders a string as HTML wherever it "might be rich text" (``Qt.mightBeRichText``: something
like a tag before the first line break): a ``QLabel`` in its default auto-text mode, every
tooltip (a widget's, an item's, a model's ``ToolTipRole``), a ``QMessageBox``'s text. And rich
text loads ``<img src>`` from local files: a scenario titled ``Probe <img src='/dev/zero'>`` once
killed the studio (std::bad_alloc) as soon as the typing indicator showed it. So the studio has
one way for each:

* :class:`PlainLabel` — every label that shows a value is one (``Qt.PlainText``);
  ``tests/test_studio_plain_text.py`` fails on a ``QLabel(`` anywhere else in ``app/``;
* :class:`RichLabel` — a label with the studio's own markup (bold, a link), into which values
  from outside go only through :func:`escape`;
* :func:`plain_tooltip` — a tooltip that shows its text verbatim, whatever it holds (escaped,
  then given to Qt as rich text, so Qt never guesses); literal tooltips need nothing;
* :func:`show_message` / :func:`ask` — message boxes with plain text (the static
  ``QMessageBox.warning`` and friends guess, and are not used elsewhere).
"""

from __future__ import annotations

import html

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

PLAIN = Qt.TextFormat.PlainText


class PlainLabel(QLabel):
    """A label that shows its text as it is: never HTML, never an image. Made as a ``QLabel``
    is: ``PlainLabel(text, parent)`` or ``PlainLabel(parent)``."""

    def __init__(self, text: str | QWidget | None = "", parent: QWidget | None = None) -> None:
        if isinstance(text, str):
            super().__init__(text, parent)
        else:
            super().__init__(text)
        self.setTextFormat(PLAIN)


class RichLabel(QLabel):
    """A label with the studio's own markup (``<b>``, a link). Every value from outside in its
    text goes through :func:`escape` first."""

    def __init__(self, markup: str | QWidget | None = "", parent: QWidget | None = None) -> None:
        if isinstance(markup, str):
            super().__init__(markup, parent)
        else:
            super().__init__(markup)
        self.setTextFormat(Qt.TextFormat.RichText)


def escape(text: object) -> str:
    """``text`` as markup that shows exactly it (``<``, ``&`` and quotes escaped)."""
    return html.escape(str(text), quote=True)


def plain_tooltip(text: object) -> str:
    """A tooltip showing ``text`` verbatim, line breaks kept: Qt treats a tooltip that looks
    like HTML as HTML, so the text is escaped and handed over as rich text that says so."""
    value = str(text)
    if not value:
        return ""
    lines = "<br>".join(escape(line) for line in value.split("\n"))
    return f"<p style='white-space:pre-wrap'>{lines}</p>"


def shown_text(text: str) -> str:
    """What a person reads in a tooltip (or an auto-text label) holding ``text``: Qt's own
    rendering of it, as plain text. For tests, and for anything that copies what is shown."""
    if not QtGui.Qt.mightBeRichText(text):
        return text
    return QTextDocumentFragment.fromHtml(text).toPlainText()


def show_message(
    parent: QWidget | None, title: str, text: str, *, problem: bool = False
) -> QMessageBox.StandardButton:
    """A modal message in plain text: a warning when ``problem``, else an information."""
    icon = QMessageBox.Icon.Warning if problem else QMessageBox.Icon.Information
    return _box(parent, icon, title, text, QMessageBox.StandardButton.Ok)


def ask(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton = (
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    ),
    default: QMessageBox.StandardButton = QMessageBox.StandardButton.NoButton,
) -> QMessageBox.StandardButton:
    """A question in plain text; returns the button chosen."""
    return _box(parent, QMessageBox.Icon.Question, title, text, buttons, default)


def _box(
    parent: QWidget | None,
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton,
    default: QMessageBox.StandardButton = QMessageBox.StandardButton.NoButton,
) -> QMessageBox.StandardButton:
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(PLAIN)
    if default != QMessageBox.StandardButton.NoButton:
        box.setDefaultButton(default)
    try:
        return QMessageBox.StandardButton(box.exec())
    finally:
        box.deleteLater()


__all__ = [
    "PLAIN",
    "PlainLabel",
    "RichLabel",
    "ask",
    "escape",
    "plain_tooltip",
    "show_message",
    "shown_text",
]
