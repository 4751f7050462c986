"""Paints event rows: chat bubbles (user right, bot left) and folded/unfolded system events.

One delegate paints every row, so a long log is as cheap as its visible rows. Heights are
computed from the text and cached per (row identity, width, folded), because a list view with
rows of different heights asks for every row's size when it lays out.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from app.i18n.fonts import covering
from app.logview import describe
from app.logview.event_rows import EventRole, ExpandedRole
from app.logview.table import ERROR_COLOR, WARNING_COLOR
from app.theme import is_dark, mix
from engine.log.events import Event, EventType

AnyIndex = QModelIndex | QPersistentModelIndex

MARGIN = 8
BUBBLE_PAD = 9
BUBBLE_RATIO = 0.72  # of the view's width, at most
FOLDED_HEIGHT = 22
CAPTION_HEIGHT = 16
#: Unfolded rows show at most this many lines; "Copy as JSON" always gives everything.
MAX_DETAIL_LINES = 160


def copy_label() -> str:
    """The unfolded row's copy button, in the language the studio speaks."""
    return QCoreApplication.translate("EventDelegate", "Copy JSON")


def detail_text(event: Event) -> str:
    text = describe.details(event)
    lines = text.split("\n")
    if len(lines) > MAX_DETAIL_LINES:
        hidden = len(lines) - MAX_DETAIL_LINES
        more = QCoreApplication.translate(
            "EventDelegate", "… {count} more lines (Copy JSON for all)"
        ).format(count=hidden)
        lines = [*lines[:MAX_DETAIL_LINES], more]
    return "\n".join(lines)


class EventDelegate(QStyledItemDelegate):
    """See the module docstring. ``copy_button_rect`` lets the view hit-test the copy button."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._size_cache: dict[tuple[int, int, bool], int] = {}
        # The system fixed font, one point smaller than the text around it.
        self._mono = covering(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        base = QApplication.font().pointSizeF()
        self._mono.setPointSizeF(max(base - 1.0, 7.0))

    def clear_cache(self) -> None:
        self._size_cache.clear()

    # --- geometry ------------------------------------------------------------------------

    def _small_font(self, option: QStyleOptionViewItem) -> QFont:
        font = QFont(option.font)
        font.setPointSizeF(max(font.pointSizeF() - 1.0, 7.0))
        return font

    def _bubble_width(self, width: int) -> int:
        return max(int((width - 2 * MARGIN) * BUBBLE_RATIO), 120)

    def _text_rect(self, metrics: QFontMetrics, width: int, text: str) -> QRect:
        return metrics.boundingRect(
            QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap), text
        )

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        event: Event | None = index.data(EventRole)
        if event is None:
            return QSize(0, 0)
        width = option.rect.width() or 600
        expanded = bool(index.data(ExpandedRole))
        return QSize(width, self.row_height(event, expanded, width, option.font))

    def row_height(self, event: Event, expanded: bool, width: int, font: QFont) -> int:
        """The height of ``event``'s row at ``width``: called directly by the view, per row.

        Folded system rows (most of a log) cost nothing; bubbles and unfolded rows are measured
        once per width and cached, so a relayout after an append or a resize stays cheap.
        """
        if not expanded and not event.is_chat:
            return FOLDED_HEIGHT
        key = (id(event), width, expanded)
        cached = self._size_cache.get(key)
        if cached is not None:
            return cached
        if event.is_chat:
            metrics = QFontMetrics(font)
            inner = self._bubble_width(width) - 2 * BUBBLE_PAD
            text_rect = self._text_rect(metrics, inner, describe.message_text(event))
            caption = CAPTION_HEIGHT if event.type == EventType.USER_MESSAGE else 0
            height = text_rect.height() + 2 * BUBBLE_PAD + 2 * 5 + caption
        else:
            metrics = QFontMetrics(self._mono)
            inner = width - 2 * MARGIN - 16 - 2 * BUBBLE_PAD
            text_rect = self._text_rect(metrics, inner, detail_text(event))
            height = FOLDED_HEIGHT + text_rect.height() + 2 * BUBBLE_PAD
        self._size_cache[key] = height
        return height

    def copy_button_rect(self, row_rect: QRect) -> QRect:
        """Where an unfolded row draws its "Copy JSON" button."""
        return QRect(row_rect.right() - MARGIN - 84, row_rect.top() + 2, 84, FOLDED_HEIGHT - 4)

    # --- painting ------------------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        event: Event | None = index.data(EventRole)
        if event is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if event.is_chat:
            self._paint_bubble(painter, option, event)
        else:
            self._paint_system(painter, option, event, bool(index.data(ExpandedRole)))
        painter.restore()

    def _paint_bubble(self, painter: QPainter, option: QStyleOptionViewItem, event: Event) -> None:
        palette: QPalette = option.palette
        rect: QRect = option.rect
        is_user = event.type == EventType.USER_MESSAGE
        text = describe.message_text(event)
        top = rect.top() + 5
        if is_user:
            painter.setFont(self._small_font(option))
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            caption = self.tr("Turn {turn} · {step}").format(turn=event.turn, step=event.step or "")
            painter.drawText(
                QRect(rect.left() + MARGIN, top, rect.width() - 2 * MARGIN, CAPTION_HEIGHT),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                caption,
            )
            top += CAPTION_HEIGHT
        metrics = QFontMetrics(option.font)
        inner = self._bubble_width(rect.width()) - 2 * BUBBLE_PAD
        text_rect = self._text_rect(metrics, inner, text)
        bubble_w = text_rect.width() + 2 * BUBBLE_PAD
        bubble_h = text_rect.height() + 2 * BUBBLE_PAD
        left = rect.right() - MARGIN - bubble_w if is_user else rect.left() + MARGIN
        bubble = QRect(left, top, bubble_w, bubble_h)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        base = palette.color(QPalette.ColorRole.Base)
        if is_user:
            fill, pen = highlight, palette.color(QPalette.ColorRole.HighlightedText)
        else:
            tint = 0.16 if is_dark(palette) else 0.07
            fill = mix(base, palette.color(QPalette.ColorRole.Text), tint)
            if describe.is_fallback_message(event):
                fill = mix(fill, QColor(230, 140, 30), 0.25)
            pen = palette.color(QPalette.ColorRole.Text)
        if option.state & QStyle.StateFlag.State_Selected:
            fill = mix(fill, highlight, 0.35) if not is_user else fill.darker(115)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(bubble, 11, 11)
        painter.setPen(pen)
        painter.setFont(option.font)
        painter.drawText(
            bubble.adjusted(BUBBLE_PAD, BUBBLE_PAD, -BUBBLE_PAD, -BUBBLE_PAD),
            int(Qt.TextFlag.TextWordWrap),
            text,
        )

    @staticmethod
    def system_color(event: Event, palette: QPalette) -> QColor:
        """The colour of a system event's row: errors and problems stand out (as in the log
        pane's table: a slip the engine repaired without a call is not one), a transition is
        a link, the rest is quiet."""
        if describe.is_problem(event):
            return ERROR_COLOR if event.type == EventType.ERROR else WARNING_COLOR
        if event.type == EventType.TRANSITION:
            return palette.color(QPalette.ColorRole.Link)
        return palette.color(QPalette.ColorRole.PlaceholderText)

    def _paint_system(
        self, painter: QPainter, option: QStyleOptionViewItem, event: Event, expanded: bool
    ) -> None:
        palette: QPalette = option.palette
        rect: QRect = option.rect
        text_color = self.system_color(event, palette)
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(
                rect,
                mix(
                    palette.color(QPalette.ColorRole.Base),
                    palette.color(QPalette.ColorRole.Highlight),
                    0.18,
                ),
            )
        header = QRect(rect.left() + MARGIN, rect.top(), rect.width() - 2 * MARGIN, FOLDED_HEIGHT)
        painter.setFont(self._small_font(option))
        painter.setPen(text_color)
        arrow = "▾" if expanded else "▸"
        elided = painter.fontMetrics().elidedText(
            f"{arrow}  {describe.summary(event)}",
            Qt.TextElideMode.ElideRight,
            header.width() - (96 if expanded else 0),
        )
        painter.drawText(header, int(Qt.AlignmentFlag.AlignVCenter), elided)
        if not expanded:
            return
        button = self.copy_button_rect(rect)
        painter.setPen(palette.color(QPalette.ColorRole.ButtonText))
        painter.setBrush(palette.color(QPalette.ColorRole.Button))
        painter.drawRoundedRect(button, 4, 4)
        painter.drawText(button, int(Qt.AlignmentFlag.AlignCenter), copy_label())
        body = QRect(
            rect.left() + MARGIN + 16,
            rect.top() + FOLDED_HEIGHT,
            rect.width() - 2 * MARGIN - 16,
            rect.height() - FOLDED_HEIGHT - 4,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(
            mix(
                palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.05
            )
        )
        painter.drawRoundedRect(body, 6, 6)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.setFont(self._mono)
        painter.drawText(
            body.adjusted(BUBBLE_PAD, BUBBLE_PAD - 2, -BUBBLE_PAD, -2),
            int(Qt.TextFlag.TextWordWrap),
            detail_text(event),
        )
