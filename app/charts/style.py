"""Chart colours from the application palette, so charts follow the light and the dark theme.

Qt's chart themes (``ChartThemeLight``/``ChartThemeDark``) bring their own backgrounds and
fonts, which clash with the studio's palette; a chart here is instead painted from the palette
the rest of the window uses (:mod:`app.theme`): the window colour behind, the text colour for
labels, a faint mix of both for the grid. Series colours are fixed hues in a light and a dark
variant, chosen to be told apart by colour-blind readers (blue/orange/grey families).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCharts import QAbstractAxis, QChart
from PySide6.QtCore import QLocale, QMargins, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QGuiApplication, QPalette, QPen

from app.theme import is_dark, mix


@dataclass(frozen=True)
class ChartStyle:
    background: QColor
    plot: QColor
    text: QColor
    muted: QColor
    grid: QColor
    #: input tokens billed at the full price, cached input tokens, output tokens
    uncached: QColor
    cached: QColor
    output: QColor
    cost: QColor
    latency: QColor
    #: the turn under the cursor
    highlight: QColor
    bars: QColor

    @classmethod
    def from_palette(cls, palette: QPalette | None = None) -> ChartStyle:
        palette = palette or QGuiApplication.palette()
        window = palette.color(QPalette.ColorRole.Window)
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.WindowText)
        accent = palette.color(QPalette.ColorRole.Highlight)
        if is_dark(palette):
            uncached, cached, output = (
                QColor(96, 165, 250),
                QColor(30, 64, 120),
                QColor(251, 146, 60),
            )
            cost, latency = QColor(250, 204, 21), QColor(203, 213, 225)
        else:
            uncached, cached, output = (
                QColor(37, 99, 235),
                QColor(147, 197, 253),
                QColor(234, 88, 12),
            )
            cost, latency = QColor(161, 98, 7), QColor(71, 85, 105)
        highlight = QColor(accent)
        highlight.setAlpha(45)
        return cls(
            background=window,
            plot=base,
            text=text,
            muted=mix(window, text, 0.6),
            grid=mix(base, text, 0.12),
            uncached=uncached,
            cached=cached,
            output=output,
            cost=cost,
            latency=latency,
            highlight=highlight,
            bars=uncached,
        )


def style_chart(chart: QChart, style: ChartStyle) -> None:
    """Paint ``chart`` (and the axes it has now) from ``style``."""
    chart.setBackgroundBrush(QBrush(style.background))
    chart.setBackgroundRoundness(0)
    chart.setPlotAreaBackgroundBrush(QBrush(style.plot))
    chart.setPlotAreaBackgroundPen(QPen(style.grid, 1))
    chart.setPlotAreaBackgroundVisible(True)
    chart.setMargins(QMargins(4, 4, 4, 4))
    # the axes' numbers as the studio's language writes them (1 613 / 0,5 in French)
    chart.setLocale(QLocale())
    chart.setLocalizeNumbers(True)
    chart.setTitleBrush(QBrush(style.text))
    title = QFont(chart.titleFont())
    title.setBold(True)
    chart.setTitleFont(title)
    legend = chart.legend()
    legend.setLabelColor(style.text)
    legend.setAlignment(Qt.AlignmentFlag.AlignBottom)
    for axis in chart.axes():
        style_axis(axis, style)


def style_axis(axis: QAbstractAxis, style: ChartStyle) -> None:
    axis.setLabelsBrush(QBrush(style.text))
    axis.setTitleBrush(QBrush(style.muted))
    axis.setLinePen(QPen(style.grid, 1))
    axis.setGridLinePen(QPen(style.grid, 1))
    axis.setMinorGridLineVisible(False)
    small = QFont(axis.labelsFont())
    small.setPointSizeF(max(7.0, small.pointSizeF() * 0.9))
    axis.setLabelsFont(small)
    axis.setTitleFont(small)


__all__ = ["ChartStyle", "style_axis", "style_chart"]
