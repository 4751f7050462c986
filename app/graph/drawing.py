"""What the graph's items draw with: their fonts, a label's size, a rounded polyline."""

from __future__ import annotations

import functools

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QFont, QFontMetricsF, QPainterPath

from app.i18n.fonts import covering


class Fonts:
    """Fonts shared by every item, made once (creating them per paint is the costly part)."""

    title: QFont
    ident: QFont
    label: QFont
    badge: QFont
    ready = False

    @classmethod
    def get(cls) -> type[Fonts]:
        if not cls.ready:
            # every font with the shipped ones as fallbacks: a Hindi title is drawn, not boxes
            cls.title = covering(QFont())
            cls.title.setBold(True)
            cls.title.setPointSizeF(max(cls.title.pointSizeF(), 10.0))
            cls.ident = covering(QFont("monospace"))
            cls.ident.setStyleHint(QFont.StyleHint.Monospace)
            cls.ident.setPointSizeF(cls.title.pointSizeF() * 0.85)
            cls.label = covering(QFont())
            cls.label.setPointSizeF(7.5)
            cls.badge = covering(QFont())
            cls.badge.setBold(True)
            cls.badge.setPointSizeF(7.5)
            cls.ready = True
        return cls


@functools.lru_cache(maxsize=4096)
def label_size(text: str) -> tuple[float, float]:
    """The size of an arrow's label (measured once per text: there are thousands of arrows)."""
    metrics = QFontMetricsF(Fonts.get().label)
    return metrics.horizontalAdvance(text) + 8, metrics.height() + 2


def rounded(points: list[QPointF], radius: float = 8.0) -> QPainterPath:
    """A polyline through ``points`` with its corners rounded."""
    path = QPainterPath(points[0])
    for before, corner, after in zip(points, points[1:], points[2:], strict=False):
        into, out = QLineF(corner, before), QLineF(corner, after)
        bend = min(radius, into.length() / 2, out.length() / 2)
        if bend <= 0.5:
            path.lineTo(corner)
            continue
        path.lineTo(into.pointAt(bend / into.length()))
        path.quadTo(corner, out.pointAt(bend / out.length()))
    path.lineTo(points[-1])
    return path


__all__ = ["Fonts", "label_size", "rounded"]
