"""Labels under bar charts stay readable however narrow the bars get.

Qt's bar category axis elides a label to "…" once its column is narrower than the text; the
histograms of the analytics showed "0.0…" under every bar. The charts write every n-th label
instead, at the bar's edge (histograms) or centre (the turn chart), n chosen so the widest
label fits, and choose again when resized.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCharts import QCategoryAxis
from PySide6.QtGui import QFont, QFontMetrics
from pytestqt.qtbot import QtBot

from app.charts.columns import label_spacing
from app.charts.distribution import HistogramChart

pytestmark = pytest.mark.gui


def costs(count: int = 300) -> list[float]:
    rng = random.Random(1)
    return [
        0.009 + rng.random() * 0.0013 if rng.random() < 0.8 else rng.random() * 0.009
        for _ in range(count)
    ]


def ruler(chart: HistogramChart) -> QCategoryAxis:
    return next(a for a in chart.chart().axes() if isinstance(a, QCategoryAxis))


def assert_labels_fit(chart: HistogramChart) -> None:
    marks = chart.edge_labels()
    assert ruler(chart).categoriesLabels() == [text for _, text in marks]
    column = chart.chart().plotArea().width() / len(chart.bins)
    room = (marks[1][0] - marks[0][0]) * column
    assert all(chart.fontMetrics().horizontalAdvance(text) < room for _, text in marks)


@pytest.fixture
def chart(qtbot: QtBot) -> HistogramChart:
    """The analytics' cost histogram, 520 pixels wide, over 300 conversations' costs."""
    histogram = HistogramChart("Cost per conversation", "USD", lambda v: f"${v:.4f}")
    qtbot.addWidget(histogram)
    histogram.resize(520, 200)
    histogram.show()
    qtbot.waitExposed(histogram)
    histogram.set_values(costs())
    return histogram


def test_a_histogram_writes_its_edges_under_the_bars_as_a_ruler(chart: HistogramChart) -> None:
    marks = chart.edge_labels()
    assert marks[0] == (-0.5, chart.labels()[0])  # the first bar's lower edge
    assert all(position + 0.5 == int(position + 0.5) for position, _ in marks)  # on edges
    assert_labels_fit(chart)


def test_a_narrower_histogram_writes_fewer_edges_each_still_whole(
    chart: HistogramChart, qtbot: QtBot
) -> None:
    wide = len(chart.edge_labels())

    chart.resize(260, 200)
    qtbot.waitUntil(lambda: len(ruler(chart).categoriesLabels()) < wide)
    assert_labels_fit(chart)


def test_spacing_keeps_to_the_most_labels_asked_and_to_the_widest_label() -> None:
    metrics = QFontMetrics(QFont())
    assert label_spacing(["1", "2", "3"], 3, 1000, metrics, at_most=30) == 1
    assert label_spacing([str(n) for n in range(120)], 120, 10_000, metrics, at_most=30) == 4
    narrow = label_spacing(["12345"], 100, 400, metrics, at_most=100)
    assert narrow > 1 and 400 * 0.85 / 100 * narrow >= metrics.horizontalAdvance("12345")
