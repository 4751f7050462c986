"""The per-turn chart: what each user message cost, in tokens, dollars and model time.

For one conversation (a log in the viewer, or the live test chat), one column per turn:
stacked bars of input tokens billed in full, cached input tokens and output tokens (left axis),
and two lines, the turn's cost (first right axis) and the model's time (second right axis). A
correction shows at once as a taller column and a cost spike.

The turn under the mouse is shaded and announced (:attr:`TurnChart.turnHovered`; -1 when the
mouse leaves the turns) with its figures in a tooltip, so the conversation view next to the chart
can follow it; a click announces :attr:`TurnChart.turnClicked`. The rows come from
:class:`engine.stats.TurnFigures`, fed with the conversation's events.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCharts import (
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QStackedBarSeries,
    QValueAxis,
)
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QPoint,
    QPointF,
    QRectF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QMouseEvent, QPainter, QPen, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsRectItem, QToolTip, QWidget

from app.charts.columns import column_axis, column_ruler, label_spacing
from app.charts.style import ChartStyle, style_chart
from app.i18n.locale_text import cost_phrase, number
from engine.log.events import Event
from engine.stats.distribution import nice_step
from engine.stats.turns import TurnFigures, TurnRow

#: Events arriving within this many milliseconds redraw the chart once.
REDRAW_DELAY_MS = 120
#: At most this many turn numbers are written under the axis (every n-th turn past that).
DENSE_TURNS = 30
#: At most this many turns are drawn at once: a long log shows a window of them, its latest
#: turns first, moved with the mouse wheel and by the replay (Qt's bar series takes about a
#: second to lay out 2,000 columns; 120 stay readable and draw in a few milliseconds).
MAX_COLUMNS = 120
#: Turns one notch of the mouse wheel moves the window by.
WHEEL_TURNS = 12


class TurnChart(QChartView):
    """See the module docstring."""

    turnHovered = Signal(int)
    turnClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("turnChart")
        self.figures = TurnFigures()
        self.style_ = ChartStyle.from_palette()
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMouseTracking(True)
        self.setMinimumHeight(170)
        self._rows: list[TurnRow] = []
        #: the window of turns drawn: the index of its first turn among all, and whether it
        #: keeps to the latest turns as new ones arrive
        self._first = 0
        self._at_end = True
        self._hovered: int | None = None
        self._drawn_every = 1
        self._redraw = QTimer(self, singleShot=True, interval=REDRAW_DELAY_MS)
        self._redraw.timeout.connect(self.redraw)
        self._chart = QChart()
        self.setChart(self._chart)
        self._band = QGraphicsRectItem(self._chart)
        self._band.setPen(QPen(Qt.PenStyle.NoPen))
        self._band.setBrush(QBrush(self.style_.highlight))
        self._band.setZValue(-1)
        self._band.hide()
        self.redraw()

    # --- data ------------------------------------------------------------------------------

    def set_events(self, events: Iterable[Event]) -> None:
        """Show the turns of ``events`` (instead of what was shown), the latest first."""
        self.figures.clear()
        self.figures.feed_many(events)
        self._at_end = True
        self.redraw()

    def add_events(self, events: Iterable[Event]) -> None:
        """Take new events into account; the chart redraws once they stop coming."""
        if self.figures.feed_many(events):
            self._redraw.start()

    def add_event(self, event: Event) -> None:
        self.add_events([event])

    def clear(self) -> None:
        self.figures.clear()
        self._at_end = True
        self.redraw()

    @property
    def rows(self) -> list[TurnRow]:
        """The turns drawn, in order (a window of :data:`MAX_COLUMNS` at most)."""
        return list(self._rows)

    def scroll_turns(self, delta: int) -> None:
        """Move the window of turns drawn by ``delta`` turns (later when positive)."""
        total = len(self.figures.rows)
        first = max(0, min(self._first + delta, total - MAX_COLUMNS))
        if first != self._first:
            self._first = first
            self._at_end = first + MAX_COLUMNS >= total
            self.redraw()

    # --- drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        self._redraw.stop()
        style = self.style_
        chart = self._chart
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        every = self.figures.rows
        if self._at_end or self._first + MAX_COLUMNS > len(every):
            self._first = max(0, len(every) - MAX_COLUMNS)
        self._rows = every[self._first : self._first + MAX_COLUMNS]
        self._hovered = None
        self._band.hide()
        if not self._rows:
            chart.setTitle(self.tr("No model calls yet"))
            chart.legend().hide()
            style_chart(chart, style)
            return
        chart.setTitle(
            ""
            if len(self._rows) == len(every)
            else self.tr(
                "turns {first}–{last} of {count} (the mouse wheel moves along them)"
            ).format(first=self._rows[0].turn, last=self._rows[-1].turn, count=number(len(every)))
        )
        bars, cost, latency = self._series()
        for series in (bars, cost, latency):
            chart.addSeries(series)
        turns = column_axis(len(self._rows))
        numbers = column_ruler(
            ((float(index), text) for index, text in self.turn_labels()),
            len(self._rows),
            self.tr("turn"),
        )
        self._drawn_every = self._label_every()
        tokens, dollars, seconds = self._value_axes()
        chart.addAxis(turns, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(numbers, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(tokens, Qt.AlignmentFlag.AlignLeft)
        chart.addAxis(dollars, Qt.AlignmentFlag.AlignRight)
        chart.addAxis(seconds, Qt.AlignmentFlag.AlignRight)
        for series, y_axis in ((bars, tokens), (cost, dollars), (latency, seconds)):
            series.attachAxis(turns)
            series.attachAxis(y_axis)
        chart.legend().show()
        style_chart(chart, style)

    def _series(self) -> tuple[QStackedBarSeries, QLineSeries, QLineSeries]:
        """The turns drawn as data: stacked token bars, the cost line, the model-time line."""
        style = self.style_
        bars = QStackedBarSeries()
        for name, color, values in (
            (self.tr("cached input"), style.cached, [r.totals.cached_tokens for r in self._rows]),
            (self.tr("input"), style.uncached, [r.totals.uncached_tokens for r in self._rows]),
            (self.tr("output"), style.output, [r.totals.output_tokens for r in self._rows]),
        ):
            bar_set = QBarSet(name)
            bar_set.setColor(color)
            bar_set.setBorderColor(color)
            bar_set.append([float(value) for value in values])
            bars.append(bar_set)
        bars.setBarWidth(0.7)
        cost = QLineSeries()
        cost.setName(self.tr("cost $"))
        cost.setPen(QPen(style.cost, 2.2))
        latency = QLineSeries()
        latency.setName(self.tr("model time s"))
        latency.setPen(QPen(style.latency, 1.6, Qt.PenStyle.DashLine))
        for index, row in enumerate(self._rows):
            if row.totals.cost_usd is not None:  # price unknown: no point (the tooltip says so)
                cost.append(float(index), row.totals.cost_usd)
            latency.append(float(index), row.totals.latency_s)
        return bars, cost, latency

    def _value_axes(self) -> tuple[QValueAxis, QValueAxis, QValueAxis]:
        """The vertical axes (tokens, cost, model time), each topped at a round number."""
        tokens = QValueAxis()
        tokens.setTitleText(self.tr("tokens"))
        tokens.setLabelFormat("%.0f")
        tokens.setRange(
            0, _top(max(r.totals.input_tokens + r.totals.output_tokens for r in self._rows))
        )
        dollars = QValueAxis()
        dollars.setTitleText(self.tr("cost $"))
        top = _top(max(r.totals.cost_usd or 0.0 for r in self._rows))
        dollars.setLabelFormat(_format(top))
        dollars.setRange(0, top)
        seconds = QValueAxis()
        seconds.setTitleText(self.tr("model time s"))
        top = _top(max(r.totals.latency_s for r in self._rows))
        seconds.setLabelFormat(_format(top))
        seconds.setRange(0, top)
        for axis in (tokens, dollars, seconds):
            axis.setTickCount(5)
        return tokens, dollars, seconds

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.redraw()
        super().changeEvent(event)

    def turn_labels(self) -> list[tuple[int, str]]:
        """The turn numbers written under the axis, with the column each stands under: every
        turn, or every n-th — at most :data:`DENSE_TURNS` of them, and far enough apart for
        the widest number to be read whole at the chart's width."""
        texts = [str(row.turn) for row in self._rows]
        every = label_spacing(
            texts[-1:], len(texts), self.viewport().width(), self.fontMetrics(), at_most=DENSE_TURNS
        )
        return [(index, text) for index, text in enumerate(texts) if index % every == 0]

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Wider or narrower, the chart writes more or fewer turn numbers."""
        super().resizeEvent(event)
        if self._rows and self._label_every() != self._drawn_every:
            self._redraw.start()

    def _label_every(self) -> int:
        labels = self.turn_labels()
        return labels[1][0] - labels[0][0] if len(labels) > 1 else len(self._rows)

    # --- the turn under the mouse ----------------------------------------------------------

    def turn_at(self, position: QPoint) -> int | None:
        """The turn whose column is under ``position`` (view coordinates), if any."""
        if not self._rows:
            return None
        scene_point = self.mapToScene(position)
        chart_point = self._chart.mapFromScene(scene_point)
        if not self._chart.plotArea().contains(chart_point):
            return None
        series = self._chart.series()[0]
        index = round(self._chart.mapToValue(chart_point, series).x())
        return self._rows[index].turn if 0 <= index < len(self._rows) else None

    def highlight_turn(self, turn: int | None) -> None:
        """Shade ``turn``'s column (e.g. the turn a replay shows), bringing it into the window
        drawn; ``None`` removes the shade."""
        index = next((i for i, row in enumerate(self._rows) if row.turn == turn), None)
        if index is None and turn is not None:
            every = self.figures.rows
            whole = next((i for i, row in enumerate(every) if row.turn == turn), None)
            if whole is not None:  # outside the window: centre the window on it
                self._first = max(0, min(whole - MAX_COLUMNS // 2, len(every) - MAX_COLUMNS))
                self._at_end = self._first + MAX_COLUMNS >= len(every)
                self.redraw()
                index = whole - self._first
        if index is None:
            self._band.hide()
            return
        series = self._chart.series()[0]
        left = self._chart.mapToPosition(QPointF(index - 0.5, 0), series).x()
        right = self._chart.mapToPosition(QPointF(index + 0.5, 0), series).x()
        area = self._chart.plotArea()
        self._band.setRect(QRectF(left, area.top(), right - left, area.height()))
        self._band.show()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        turn = self.turn_at(event.position().toPoint())
        if turn == self._hovered:
            return
        self._hovered = turn
        self.highlight_turn(turn)
        self.turnHovered.emit(-1 if turn is None else turn)
        row = self.figures.row(turn) if turn is not None else None
        if row is not None:
            QToolTip.showText(event.globalPosition().toPoint(), describe_turn(row), self)
        else:
            QToolTip.hideText()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        turn = self.turn_at(event.position().toPoint())
        if turn is not None and event.button() == Qt.MouseButton.LeftButton:
            self.turnClicked.emit(turn)
            event.accept()
            return
        super().mousePressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if len(self.figures.rows) <= MAX_COLUMNS:
            super().wheelEvent(event)
            return
        notches = event.angleDelta().y() / 120 or event.angleDelta().x() / 120
        self.scroll_turns(-round(notches * WHEEL_TURNS))
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        if self._hovered is not None:
            self._hovered = None
            self._band.hide()
            self.turnHovered.emit(-1)


def describe_turn(row: TurnRow) -> str:
    """A turn's figures, for the tooltip."""
    totals = row.totals
    head = (
        QCoreApplication.translate("TurnChart", "<b>Turn {turn}</b> in <code>{step}</code>")
        if row.step
        else QCoreApplication.translate("TurnChart", "<b>Turn {turn}</b>")
    ).format(turn=row.turn, step=_html(row.step or ""))
    trouble = ""
    if row.violations or totals.corrections:
        trouble = "<br><span style='color:#c60'>{}</span>".format(
            QCoreApplication.translate(
                "TurnChart", "{violations} contract violation(s), {corrections} correction(s)"
            ).format(violations=number(row.violations), corrections=number(totals.corrections))
        )
    figures = QCoreApplication.translate(
        "TurnChart",
        "{calls} model call(s), {seconds} s<br>input {input} tokens ({cached} cached), "
        "output {output}<br>{cost}",
    ).format(
        calls=number(totals.llm_calls),
        seconds=number(totals.latency_s, 2),
        input=number(totals.input_tokens),
        cached=number(totals.cached_tokens),
        output=number(totals.output_tokens),
        cost=cost_phrase(totals),
    )
    return f"{head}<br>{figures}{trouble}"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _format(top: float, ticks: int = 4) -> str:
    """A printf format showing the ticks of an axis from 0 to ``top`` as distinct numbers."""
    step = top / ticks
    decimals = 0 if step >= 1 else max(0, -math.floor(math.log10(step)))
    return f"%.{decimals}f"


def _top(value: float) -> float:
    """A round upper end for an axis, a little above ``value`` (1 when there is nothing)."""
    if value <= 0:
        return 1.0
    return nice_step(value * 1.1 / 4) * 4


__all__ = ["MAX_COLUMNS", "TurnChart", "describe_turn"]
