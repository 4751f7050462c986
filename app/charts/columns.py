"""Labels under a bar chart's columns that stay readable however narrow the columns get.

Qt's bar charts need a :class:`QBarCategoryAxis`, but it writes each label inside its own
column and elides it to "…" once the column is narrower than the text: a 120-turn chart showed a
row of dots, a histogram of costs "0.0…" under every bar. So a chart here hides that axis's
labels (:func:`column_axis`) and lays a :class:`QCategoryAxis` over the same columns
(:func:`column_ruler`) that writes only every n-th label (:func:`label_spacing`), where the
column's centre or its edge is, with the room of n columns to be read in. The chart redraws
when a resize changes n.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCharts import QBarCategoryAxis, QCategoryAxis
from PySide6.QtGui import QFontMetrics

#: Room a label needs beside its own width, in pixels.
LABEL_GAP_PX = 12
#: The share of a chart's width its plot takes (its axes' labels and titles have the rest).
PLOT_SHARE = 0.85


def column_axis(columns: int) -> QBarCategoryAxis:
    """The axis the bars are drawn along, its own labels hidden (made unique with zero-width
    spaces, as the category axis requires)."""
    axis = QBarCategoryAxis()
    axis.append(["\u200b" * (index + 1) for index in range(columns)])
    axis.setLabelsVisible(False)
    axis.setGridLineVisible(False)
    return axis


def column_ruler(marks: Iterable[tuple[float, str]], columns: int, title: str) -> QCategoryAxis:
    """Labels at column positions (column ``i``'s centre is ``i``, its edges ``i ± 0.5``) over
    ``columns`` columns; each label is written at its position."""
    ruler = QCategoryAxis()
    ruler.setRange(-0.5, columns - 0.5)
    ruler.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
    for position, text in marks:
        ruler.append(text, position)
    ruler.setTitleText(title)
    ruler.setGridLineVisible(False)
    return ruler


def label_spacing(
    texts: Sequence[str], columns: int, chart_width: float, metrics: QFontMetrics, *, at_most: int
) -> int:
    """Every how many columns a label is written: no more than ``at_most`` labels, and the
    widest of ``texts`` fits in the columns between two labels."""
    if columns <= 0 or not texts:
        return 1
    widest = max(metrics.horizontalAdvance(text) for text in texts) + LABEL_GAP_PX
    column = max(1.0, chart_width * PLOT_SHARE / columns)
    return max(1, -(-columns // at_most), math.ceil(widest / column))
