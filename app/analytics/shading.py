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

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QPalette

from app.graph.overlay import THICK, THIN, EdgeKey, Overlay, heat_overlay, heat_ramp
from app.i18n.locale_text import cost_phrase, money, number, percent
from engine.stats.figures import MEASURES, Measure, StatsReport, StepStats


def measure_label(name: str) -> str:
    """What the toolbar calls measure ``name`` (:data:`engine.stats.MEASURES`), in the
    studio's language."""
    labels = {
        "violation_rate": QCoreApplication.translate("AnalyticsShading", "Violation rate"),
        "corrections_per_visit": QCoreApplication.translate(
            "AnalyticsShading", "Corrections per visit"
        ),
        "cost_per_visit": QCoreApplication.translate("AnalyticsShading", "Cost per visit"),
        "visits": QCoreApplication.translate("AnalyticsShading", "Visits"),
        "drop_off": QCoreApplication.translate("AnalyticsShading", "Drop-off"),
    }
    return labels.get(name, MEASURES[name].label if name in MEASURES else name)


def measure_unit(name: str) -> str:
    """What measure ``name`` counts in (the legend says it), in the studio's language."""
    units = {
        "violation_rate": QCoreApplication.translate("AnalyticsShading", "of model replies"),
        "corrections_per_visit": QCoreApplication.translate("AnalyticsShading", "per visit"),
        "cost_per_visit": QCoreApplication.translate("AnalyticsShading", "USD per visit"),
        "visits": QCoreApplication.translate("AnalyticsShading", "visits"),
        "drop_off": QCoreApplication.translate(
            "AnalyticsShading", "of conversations that reached it"
        ),
    }
    return units.get(name, MEASURES[name].unit if name in MEASURES else name)


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
        title=f"{measure_label(measure.name)} ({measure_unit(measure.name)})",
        ends=lambda high: (format_value(measure, 0.0), format_value(measure, high)),
        unreached=QCoreApplication.translate("AnalyticsShading", "no data"),
    )


def _edge_counts(transitions: Mapping[tuple[str, str, str], int]) -> Counter[EdgeKey]:
    counts: Counter[EdgeKey] = Counter()
    for (source, signal, _target), count in transitions.items():
        counts[(source, signal)] += count
    return counts


def format_value(measure: Measure, value: float) -> str:
    if measure.share:
        return percent(value, 0 if value >= 0.1 or value == 0 else 1)
    if measure.name == "cost_per_visit":
        return money(value)
    if measure.name == "visits":
        return number(round(value))
    return number(value, 2)


def step_tooltip(stats: StepStats, measure: Measure) -> str:
    value = measure.of(stats)
    shown = format_value(measure, value) if value is not None else "—"
    kinds = ", ".join(f"{kind} {count}" for kind, count in stats.violations.most_common(3))
    violations = QCoreApplication.translate("AnalyticsShading", "{count} violation(s)").format(
        count=number(stats.violation_count)
    )
    lines = [
        "<b>{}</b>".format(
            QCoreApplication.translate("AnalyticsShading", "{measure}: {value}").format(
                measure=measure_label(measure.name), value=shown
            )
        ),
        QCoreApplication.translate(
            "AnalyticsShading", "{visits} visit(s), {turns} turn(s), {calls} call(s)"
        ).format(
            visits=number(stats.visits),
            turns=number(stats.turns),
            calls=number(stats.totals.llm_calls),
        ),
        violations + (f": {kinds}" if kinds else ""),
        QCoreApplication.translate(
            "AnalyticsShading", "{corrections} correction(s), {fallbacks} fallback(s)"
        ).format(corrections=number(stats.corrections), fallbacks=number(stats.fallbacks)),
        QCoreApplication.translate(
            "AnalyticsShading",
            "{cost}; {dropped} of {conversations} conversation(s) ended here unfinished",
        ).format(
            cost=cost_phrase(stats.totals),
            dropped=number(stats.dropped),
            conversations=number(stats.conversations),
        ),
    ]
    return "<br>".join(lines)


__all__ = [
    "THICK",
    "THIN",
    "format_value",
    "measure_label",
    "measure_overlay",
    "measure_unit",
    "ramp_for",
    "step_tooltip",
]
