"""Figures over conversations as an :class:`~app.graph.overlay.Overlay` of the graph.

Each step is filled along a colour ramp by the chosen measure (:data:`engine.stats.MEASURES`):
pale where it is low, red where it is high for the measures where high is bad (violation rate,
corrections per visit, cost per visit, drop-off), blue for visits. The scale runs from 0 to the
highest value among the steps, and the legend says both ends. Steps no conversation reached are
faded ("no data"); arrows are as thick as they are taken often, and the ones never taken faded.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

from PySide6.QtGui import QColor, QGuiApplication, QPalette

from app.graph.overlay import (
    ColorRamp,
    EdgeKey,
    EdgeStyle,
    Legend,
    LegendEntry,
    NodeStyle,
    Overlay,
    ramp_color,
)
from app.theme import is_dark, mix
from engine.stats.model import MEASURES, Measure, StatsReport, StepStats

#: Arrow widths: the least and the most taken arrow.
THIN, THICK = 1.2, 8.0


def ramp_for(measure: str, palette: QPalette | None = None) -> tuple[QColor, ...]:
    palette = palette or QGuiApplication.palette()
    base = palette.color(QPalette.ColorRole.Base)
    dark = is_dark(palette)
    if measure == "visits":
        stops = ((QColor(56, 189, 248), QColor(37, 99, 235), QColor(147, 197, 253)) if dark
                 else (QColor(186, 230, 253), QColor(59, 130, 246), QColor(30, 64, 175)))
    else:
        stops = ((QColor(250, 204, 21), QColor(234, 88, 12), QColor(239, 68, 68)) if dark
                 else (QColor(254, 240, 138), QColor(249, 115, 22), QColor(185, 28, 28)))
    low = mix(base, stops[0], 0.35)
    return (low, *stops)


def measure_overlay(
    report: StatsReport,
    measure_name: str,
    steps: Iterable[str],
    *,
    palette: QPalette | None = None,
) -> Overlay:
    """The graph of ``steps`` shaded by ``measure_name`` over ``report``."""
    measure = MEASURES[measure_name]
    ramp = ramp_for(measure_name, palette)
    values: dict[str, float | None] = {}
    for step in steps:
        stats = report.steps.get(step)
        values[step] = measure.of(stats) if stats is not None else None
    present = [value for value in values.values() if value is not None]
    high = max(present, default=0.0)
    nodes: dict[str, NodeStyle] = {}
    for step, value in values.items():
        stats = report.steps.get(step)
        if value is None or stats is None:
            nodes[step] = NodeStyle(faded=True, tooltip="<i>no conversation reached it</i>")
            continue
        color = ramp_color(ramp, value / high if high > 0 else 0.0)
        nodes[step] = NodeStyle(fill=color, border=color.darker(140),
                                tooltip=step_tooltip(stats, measure))
    edges = edge_styles(report.transitions, values.keys())
    taken = max((count for count in _edge_counts(report.transitions).values()), default=0)
    legend = Legend(
        title=f"{measure.label} ({measure.unit})",
        ramp=ColorRamp(ramp, format_value(measure, 0.0), format_value(measure, high)),
        entries=(LegendEntry("no data", mix(ramp[0], QColor(128, 128, 128), 0.5)),),
        note=f"arrow width: how often taken (up to {taken:,}×)",
    )
    return Overlay(nodes=nodes, edges=edges, legend=legend,
                   default_edge=EdgeStyle(faded=True, tooltip="never taken"))


def edge_styles(transitions: Mapping[tuple[str, str, str], int],
                steps: Iterable[str]) -> dict[EdgeKey, EdgeStyle]:
    """Arrows by (step, signal): thickness from how often taken; only steps in ``steps``."""
    counts = _edge_counts(transitions)
    known = set(steps)
    top = max(counts.values(), default=0)
    styles: dict[EdgeKey, EdgeStyle] = {}
    for (source, signal), count in counts.items():
        if source not in known:
            continue
        width = THIN + (THICK - THIN) * math.sqrt(count / top) if top else THIN
        styles[(source, signal)] = EdgeStyle(width=width, tooltip=f"taken {count:,}×")
    return styles


def _edge_counts(transitions: Mapping[tuple[str, str, str], int]) -> Counter[EdgeKey]:
    counts: Counter[EdgeKey] = Counter()
    for (source, signal, _target), count in transitions.items():
        counts[(source, signal)] += count
    return counts


def format_value(measure: Measure, value: float) -> str:
    if measure.share:
        return f"{value:.0%}" if value >= 0.1 or value == 0 else f"{value:.1%}"
    if measure.name == "cost_per_visit":
        return f"${value:.4f}" if value < 1 else f"${value:.2f}"
    if measure.name == "visits":
        return f"{value:,.0f}"
    return f"{value:.2f}"


def step_tooltip(stats: StepStats, measure: Measure) -> str:
    value = measure.of(stats)
    shown = format_value(measure, value) if value is not None else "—"
    kinds = ", ".join(f"{kind} {count}" for kind, count in stats.violations.most_common(3))
    lines = [
        f"<b>{measure.label}: {shown}</b>",
        f"{stats.visits:,} visit(s), {stats.turns:,} turn(s), {stats.calls:,} call(s)",
        f"{stats.violation_count:,} violation(s)" + (f": {kinds}" if kinds else ""),
        f"{stats.corrections:,} correction(s), {stats.fallbacks:,} fallback(s)",
        f"cost ${stats.cost_usd:.4f}; {stats.dropped:,} of {stats.conversations:,} "
        "conversation(s) ended here unfinished",
    ]
    return "<br>".join(lines)


__all__ = ["edge_styles", "format_value", "measure_overlay", "ramp_for", "step_tooltip"]
