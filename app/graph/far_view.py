"""The graph seen from far: below the zoom where its text would be under 8 pixels high, each
step is drawn with its title only, larger, and the arrows without their labels.

An arrow's signal and a step's id are written small; seen from far (a large graph fitted to the
window) they turn to grey specks. :func:`is_far` tells an item, from the painter's scale, whether
the smallest text of the graph would be under :data:`FAR_PIXELS`; the items then draw
:func:`paint_far_title` instead of their two lines of text, and no label.
"""

from __future__ import annotations

import functools
from typing import Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from app.graph.drawing import Fonts

#: Text drawn smaller than this many pixels is not drawn: the far view is drawn instead.
FAR_PIXELS = 8.0


@functools.cache
def _smallest_text() -> float:
    """The height of the graph's smallest text (labels, ids) at 100 %, in pixels."""
    fonts = Fonts.get()
    return min(QFontMetricsF(font).height() for font in (fonts.label, fonts.ident))


def far_scale() -> float:
    """The scale below which the graph is drawn from far."""
    return FAR_PIXELS / _smallest_text()


def is_far(painter: QPainter) -> bool:
    """Whether the painter draws at a scale where the smallest text would be unreadable."""
    scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    return scale < far_scale()


@functools.cache
def far_font() -> QFont:
    """The title's font from far: bold and 1.7 times the size (two lines fit a box)."""
    font = QFont(Fonts.get().title)
    font.setPointSizeF(font.pointSizeF() * 1.7)
    return font


class Titled(Protocol):
    """What the far view reads of a step (:class:`app.graph.items.NodeState`)."""

    title: str
    kind: str
    start: bool
    missing: bool


def far_title(state: Titled) -> str:
    """The step's title with its markers (▶ start, ✉ message, ⚙ action, ? missing)."""
    marker = "? " if state.missing else ("▶ " if state.start else "")
    marker += {"message": "✉ ", "action": "⚙ "}.get(state.kind, "") if not state.missing else ""
    return marker + state.title


def paint_far_title(painter: QPainter, box: QRectF, state: Titled, color: QColor) -> None:
    """The step's title large across ``box``, on two lines if need be, elided past them."""
    title = far_title(state)
    font = far_font()
    painter.setFont(font)
    painter.setPen(color)
    inner = box.adjusted(6, 2, -6, -2)
    metrics = QFontMetricsF(font)
    words = title.split()
    first = ""
    while words and metrics.horizontalAdvance((first + " " + words[0]).strip()) <= inner.width():
        first = (first + " " + words.pop(0)).strip()
    rest = metrics.elidedText(" ".join(words), Qt.TextElideMode.ElideRight, inner.width())
    if not first:  # one word longer than the box
        first, rest = metrics.elidedText(title, Qt.TextElideMode.ElideRight, inner.width()), ""
    text = first if not rest else first + "\n" + rest
    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, text)


__all__ = ["FAR_PIXELS", "far_font", "far_scale", "far_title", "is_far", "paint_far_title"]
