"""Figures over conversations as an :class:`~app.graph.overlay.Overlay` of the graph.

Each step is filled along a colour ramp by the chosen measure (:data:`engine.stats.MEASURES`):
pale where it is low, red where it is high for the measures where high is bad (violation rate,
corrections per visit, cost per visit, drop-off), blue for visits. The scale runs from 0 to the
highest value among the steps, and the legend says both ends. Steps no conversation reached are
faded ("no data"); arrows are as thick as they are taken often, and the ones never taken faded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from PySide6.QtGui import QColor, QPalette

from app.graph.overlay import THICK, THIN, EdgeKey, Overlay, heat_overlay, heat_ramp
from engine.dialogue.ledger import format_usd
from engine.stats.figures import MEASURES, Measure, StatsReport, StepStats


def ramp_for(measure: str, palette: QPalette | None = None) -> tuple[QColor, ...]:
    """The measure's colours: blue for visits, pale to red for the rest (high is bad)."""
    return heat_ramp(palette, cool=measure == "visits")


def measure_overlay(
    report: StatsReport,
    measure_name: str,
    steps: Iterable[str],
    *,
    palette: QPalette | None = None,
) -> Overlay:
    """The graph of ``steps`` shaded by ``measure_name`` over ``report``."""
    measure = MEASURES[measure_name]
    values: dict[str, float | None] = {}
    for step in steps:
        stats = report.steps.get(step)
        values[step] = measure.of(stats) if stats is not None else None
    return heat_overlay(
        values,
        _edge_counts(report.transitions),
        ramp=ramp_for(measure_name, palette),
        tooltip=lambda step: step_tooltip(report.steps[step], measure),
        title=f"{measure.label} ({measure.unit})",
        ends=lambda high: (format_value(measure, 0.0), format_value(measure, high)),
        unreached="no data",
    )


def _edge_counts(transitions: Mapping[tuple[str, str, str], int]) -> Counter[EdgeKey]:
    counts: Counter[EdgeKey] = Counter()
    for (source, signal, _target), count in transitions.items():
        counts[(source, signal)] += count
    return counts


def format_value(measure: Measure, value: float) -> str:
    if measure.share:
        return f"{value:.0%}" if value >= 0.1 or value == 0 else f"{value:.1%}"
    if measure.name == "cost_per_visit":
        return format_usd(value)
    if measure.name == "visits":
        return f"{value:,.0f}"
    return f"{value:.2f}"


def step_tooltip(stats: StepStats, measure: Measure) -> str:
    value = measure.of(stats)
    shown = format_value(measure, value) if value is not None else "—"
    kinds = ", ".join(f"{kind} {count}" for kind, count in stats.violations.most_common(3))
    lines = [
        f"<b>{measure.label}: {shown}</b>",
        f"{stats.visits:,} visit(s), {stats.turns:,} turn(s), {stats.totals.llm_calls:,} call(s)",
        f"{stats.violation_count:,} violation(s)" + (f": {kinds}" if kinds else ""),
        f"{stats.corrections:,} correction(s), {stats.fallbacks:,} fallback(s)",
        f"cost {stats.totals.cost_text()}; {stats.dropped:,} of {stats.conversations:,} "
        "conversation(s) ended here unfinished",
    ]
    return "<br>".join(lines)


__all__ = ["THICK", "THIN", "format_value", "measure_overlay", "ramp_for", "step_tooltip"]
