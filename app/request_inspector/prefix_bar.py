"""The prompt as one bar: each part as wide as its tokens, in the order the cache reads them.

The cached prefix is shaded green from the left up to the billed ``cached_tokens``; the part
written to the cache by this call (Anthropic's ``cache_write_tokens``, billed above the input
price) is shaded amber right after it; a dashed red line marks where the prompt first differs
from the previous call's — the furthest the cache could have reached. Parts are scaled to the
billed input, as the inspector's table is.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.i18n.locale_text import number, percent
from app.plain_text import plain_tooltip
from app.request_inspector.rows import CACHED_COLOR, CHANGED_COLOR, WRITTEN_COLOR, part_color
from engine.request_view import RequestDiff, RequestView

BAR_HEIGHT = 26
CAPTION_HEIGHT = 16


class PrefixBar(QWidget):
    """See the module docstring."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.view: RequestView | None = None
        self.diff: RequestDiff | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(BAR_HEIGHT + 2 * CAPTION_HEIGHT + 6)

    def sizeHint(self) -> QSize:
        return QSize(400, BAR_HEIGHT + 2 * CAPTION_HEIGHT + 6)

    def show_call(self, view: RequestView | None, diff: RequestDiff | None) -> None:
        self.view, self.diff = view, diff
        self.setToolTip(plain_tooltip(self._tooltip()))
        self.update()

    def _tooltip(self) -> str:
        view = self.view
        if view is None:
            return ""
        lines = [
            self.tr("{part}: ≈{tokens} tokens").format(part=part.title, tokens=number(part.tokens))
            for part in view.parts
        ]
        if view.billed is not None:
            lines.append(
                self.tr("Cached (green): {cached} of {billed} billed input tokens").format(
                    cached=number(view.billed.cached_tokens),
                    billed=number(view.billed.input_tokens),
                )
            )
            if view.billed.cache_write_tokens:
                lines.append(
                    self.tr("Cache write (amber): {written} tokens, kept {ttl}").format(
                        written=number(view.billed.cache_write_tokens),
                        ttl=self._ttl_text(view.billed.usage.cache_ttl),
                    )
                )
        if self.diff is not None:
            lines.append(
                self.tr(
                    "Red line: the prompt differs from the previous call's from {where}"
                ).format(where=self.diff.first_difference)
            )
        return "\n".join(lines)

    def paintEvent(self, event: QPaintEvent) -> None:
        view = self.view
        if view is None or not view.estimated_tokens:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        width = self.width() - 2
        total = float(view.estimated_tokens)
        top = CAPTION_HEIGHT + 2
        small = painter.font()
        small.setPointSizeF(max(small.pointSizeF() - 1.0, 7.0))
        painter.setFont(small)
        for part in view.parts:
            left = 1 + width * part.start / total
            span = max(width * part.tokens / total, 1.0)
            rect = QRectF(left, top, span, BAR_HEIGHT)
            color = part_color(part.kind, palette)
            painter.fillRect(rect, color)
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Base), 1))
            painter.drawLine(rect.topLeft(), rect.bottomLeft())
            label = f"{part.title} {part.tokens:,}"
            if painter.fontMetrics().horizontalAdvance(label) + 8 < span:
                painter.setPen(QColor("white"))
                painter.drawText(
                    rect.adjusted(4, 0, -2, 0), int(Qt.AlignmentFlag.AlignVCenter), label
                )
        text_pen = QPen(palette.color(QPalette.ColorRole.Text))
        if view.billed is not None and view.billed.cached_tokens:
            share = min(view.billed.cached_tokens / max(view.billed.input_tokens, 1), 1.0)
            cached = QRectF(1, top - 3, width * share, BAR_HEIGHT + 6)
            shade = QColor(CACHED_COLOR)
            shade.setAlpha(70)
            painter.fillRect(cached, QBrush(shade))
            painter.fillRect(cached, QBrush(QColor(255, 255, 255, 60), Qt.BrushStyle.BDiagPattern))
            painter.setPen(QPen(CACHED_COLOR, 2))
            painter.drawRect(cached)
            painter.setPen(text_pen)
            painter.drawText(
                QRectF(1, 0, max(width * share, 200), CAPTION_HEIGHT),
                int(Qt.AlignmentFlag.AlignVCenter),
                self.tr("cached prefix: {tokens} tokens ({share})").format(
                    tokens=number(view.billed.cached_tokens), share=percent(share)
                ),
            )
        if view.billed is not None and view.billed.cache_write_tokens:
            self._paint_written(painter, view, width, top)
        if self.diff is not None:
            x = 1 + width * min(self.diff.common_tokens / total, 1.0)
            painter.setPen(QPen(CHANGED_COLOR, 2, Qt.PenStyle.DashLine))
            painter.drawLine(int(x), top - 4, int(x), top + BAR_HEIGHT + 4)
            grew = any(
                change.kind == "history" and change.status == "grew" for change in self.diff.changes
            )
            caption = (
                self.tr("the previous call's prompt ends here: the rest is new")
                if grew
                else self.tr("differs from the previous call here: {where}").format(
                    where=self.diff.first_difference
                )
            )
            advance = painter.fontMetrics().horizontalAdvance(caption)
            left = min(max(x - advance / 2, 1), max(self.width() - advance - 2, 1))
            painter.setPen(QPen(CHANGED_COLOR))
            painter.drawText(
                QRectF(left, top + BAR_HEIGHT + 4, advance + 2, CAPTION_HEIGHT),
                int(Qt.AlignmentFlag.AlignVCenter),
                caption,
            )
        painter.end()

    def _paint_written(self, painter: QPainter, view: RequestView, width: int, top: int) -> None:
        """The part this call wrote to the cache: after the cached prefix, to its end."""
        billed = view.billed
        assert billed is not None
        whole = max(billed.input_tokens, 1)
        start = min(billed.cached_tokens / whole, 1.0)
        share = min(billed.cache_write_tokens / whole, 1.0 - start)
        written = QRectF(1 + width * start, top - 3, max(width * share, 2.0), BAR_HEIGHT + 6)
        shade = QColor(WRITTEN_COLOR)
        shade.setAlpha(70)
        painter.fillRect(written, QBrush(shade))
        painter.fillRect(written, QBrush(QColor(255, 255, 255, 60), Qt.BrushStyle.FDiagPattern))
        painter.setPen(QPen(WRITTEN_COLOR, 2))
        painter.drawRect(written)
        caption = self.tr("cache write: {tokens} tokens ({ttl})").format(
            tokens=number(billed.cache_write_tokens), ttl=self._ttl_text(billed.usage.cache_ttl)
        )
        # Above the bar, after the cached prefix's caption (below it is the red line's).
        metrics = painter.fontMetrics()
        advance = metrics.horizontalAdvance(caption)
        cached_caption = self.tr("cached prefix: {tokens} tokens ({share})").format(
            tokens=number(billed.cached_tokens), share=percent(start)
        )
        after_cached = metrics.horizontalAdvance(cached_caption) + 16 if start else 0
        left = max(written.left() + 4, after_cached)
        left = min(left, max(self.width() - advance - 2.0, 1.0))
        painter.setPen(QPen(WRITTEN_COLOR))
        painter.drawText(
            QRectF(left, 0, advance + 2, CAPTION_HEIGHT),
            int(Qt.AlignmentFlag.AlignVCenter),
            caption,
        )

    def _ttl_text(self, ttl: str | None) -> str:
        """How long written tokens live, in words."""
        if ttl == "1h":
            return self.tr("1 hour")
        if ttl == "mixed":
            return self.tr("5 minutes and 1 hour")
        return self.tr("5 minutes")
