"""How cost and calls per message spread across conversations: two histograms.

An average hides the conversation that cost ten times the others; a histogram shows it as a
lonely bar on the right. Bins are round (:func:`engine.stats.distribution.histogram`), each bar
says in its tooltip how many conversations it holds, and the title gives the median and the 90th
percentile.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCharts import QBarSeries, QBarSet, QChart, QChartView, QValueAxis
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QCursor, QPainter, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QToolTip, QWidget

from app.charts.columns import column_axis, column_ruler, label_spacing
from app.charts.style import ChartStyle, style_chart
from app.i18n.locale_text import cost, money, number
from app.widgets import retranslated
from engine.stats.distribution import Bin, histogram, nice_step, spread
from engine.stats.figures import StatsReport

Formatter = Callable[[float], str]


class HistogramChart(QChartView):
    """One histogram: ``set_values(values)`` redraws it."""

    def __init__(
        self, title: str, unit: str, formatter: Formatter, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.title, self.unit, self.formatter = title, unit, formatter
        self.style_ = ChartStyle.from_palette()
        self.bins: list[Bin] = []
        self._values: list[float | None] = []
        self._instead = ""
        self._drawn_every = 1
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(160)
        self._chart = QChart()
        self._chart.legend().hide()
        self.setChart(self._chart)
        self.set_values([])

    def set_title(self, title: str, unit: str) -> None:
        """Name the chart again (the studio's language changed) and redraw it."""
        self.title, self.unit = title, unit
        self.set_values(self._values, instead=self._instead)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.set_values(self._values, instead=self._instead)
        super().changeEvent(event)

    def set_values(self, values: Sequence[float | None], *, instead: str = "") -> None:
        """Draw ``values``; with none, the title says so — or says ``instead`` (why there is
        nothing to draw, e.g. "no cost (scripted)"). A ``None`` is a conversation whose price
        is unknown: not drawn, and the title says how many there were."""
        self._instead = instead
        chart = self._chart
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        self._values = list(values)
        known = [value for value in values if value is not None]
        unknown = len(values) - len(known)
        self.bins = histogram(known, bins=10)
        if not known:
            chart.setTitle(
                self.tr("{title}: {reason}").format(title=self.title, reason=instead)
                if instead
                else self.tr("{title}: price unknown").format(title=self.title)
                if unknown
                else self.tr("{title}: no conversations").format(title=self.title)
            )
            style_chart(chart, self.style_)
            return
        figures = spread(known)
        title = self.tr("{title} — median {median}, p90 {p90}, max {max}").format(
            title=self.title,
            median=self.formatter(figures.median),
            p90=self.formatter(figures.p90),
            max=self.formatter(figures.maximum),
        )
        if unknown:
            title += self.tr(" · price unknown for {count}").format(count=number(unknown))
        chart.setTitle(title)
        bar_set = QBarSet(self.unit)
        bar_set.setColor(self.style_.bars)
        bar_set.setBorderColor(self.style_.bars)
        bar_set.append([float(b.count) for b in self.bins])
        bar_set.hovered.connect(self._hovered)
        series = QBarSeries()
        series.setBarWidth(0.92)
        series.append(bar_set)
        chart.addSeries(series)
        categories = column_axis(len(self.bins))
        ruler = column_ruler(self.edge_labels(), len(self.bins), self.unit)
        self._drawn_every = self._label_every()
        counts = QValueAxis()
        counts.setTitleText(self.tr("conversations"))
        counts.setLabelFormat("%.0f")
        step = max(1.0, nice_step(max(b.count for b in self.bins) / 5))
        top = math.ceil(max(b.count for b in self.bins) / step) * step
        counts.setRange(0, top)
        counts.setTickCount(int(top / step) + 1)
        chart.addAxis(categories, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(ruler, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(counts, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(categories)
        series.attachAxis(counts)
        style_chart(chart, self.style_)

    def labels(self) -> list[str]:
        """Each bar's lower edge, with as many decimals as the bins' width needs (the unit is
        the axis title), so the axis reads as a ruler."""
        if not self.bins:
            return []
        width = self.bins[0].high - self.bins[0].low
        decimals = 0 if width >= 1 or width <= 0 else -math.floor(math.log10(width))
        return [number(b.low, decimals) for b in self.bins]

    def edge_labels(self) -> list[tuple[float, str]]:
        """The labels written under the bars, each at its bar's lower edge: every edge, or
        every n-th when the bars are too narrow for the widest label."""
        texts = self.labels()
        every = label_spacing(
            texts, len(texts), self.viewport().width(), self.fontMetrics(), at_most=len(texts)
        )
        return [(index - 0.5, text) for index, text in enumerate(texts) if index % every == 0]

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Wider or narrower, the histogram writes more or fewer of its edges."""
        super().resizeEvent(event)
        if self.bins and self._label_every() != self._drawn_every:
            self.set_values(self._values, instead=self._instead)

    def _label_every(self) -> int:
        marks = self.edge_labels()
        return round(marks[1][0] - marks[0][0]) if len(marks) > 1 else len(self.bins)

    def _hovered(self, status: bool, index: int) -> None:
        if not status or not 0 <= index < len(self.bins):
            QToolTip.hideText()
            return
        b = self.bins[index]
        QToolTip.showText(
            QCursor.pos(),
            self.tr("{count} conversation(s) from {low} to {high}").format(
                count=number(b.count), low=self.formatter(b.low), high=self.formatter(b.high)
            ),
            self,
        )


class DistributionCharts(QWidget):
    """Cost per conversation and calls per message, side by side."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("distributionCharts")
        self.cost = HistogramChart("", "USD", _dollars, self)
        self.calls = HistogramChart("", "", _ratio, self)
        retranslated(self, self.retranslate_ui)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.cost)
        layout.addWidget(self.calls)

    def retranslate_ui(self) -> None:
        self.cost.set_title(self.tr("Cost per conversation"), "USD")
        self.calls.set_title(self.tr("Calls per message"), self.tr("calls / message"))

    def show_report(self, report: StatsReport) -> None:
        conversations = report.conversations
        if conversations and report.totals.costs_nothing():
            # No model made the replies: a histogram of $0.00 in USD would pass for free calls.
            self.cost.set_values([], instead=cost(report.totals))
        else:
            self.cost.set_values([c.totals.cost_usd for c in conversations])
        self.calls.set_values([c.calls_per_message for c in conversations if c.user_messages])


def _dollars(value: float) -> str:
    return money(value)


def _ratio(value: float) -> str:
    return number(value, 2)


__all__ = ["DistributionCharts", "HistogramChart"]
