"""A simulation on the graph: where conversations got stuck or broke the contract, and the paths.

Steps are filled along a colour ramp by the chosen :data:`MEASURES` — pale where it is low, red
where it is high:

* **ended unfinished** (the default, and the one shown live while the run goes on): how many
  conversations ended in the step *stuck* (the turn limit came), *abandoned* (the user left) or
  *failed*; the tooltip breaks it down, finished ones included;
* **contract violations per visit**, with the kinds in the tooltip;
* **turns per visit**: a step that needs five user messages where one should do asks badly;
* **visits**.

Steps no conversation reached are faded. Arrows are as thick as they were taken often (from the
conversations' paths: an arrow is named by its step and signal, so a step entered from another
counts on every signal of that step leading there), and faded when never taken.

:func:`path_overlay` instead shows one path — the steps of a conversation or of a row of the
paths table — in the accent colour, in order, with everything else faded.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication, QPalette

from app.graph.overlay import (
    EdgeKey,
    EdgeStyle,
    Legend,
    LegendEntry,
    NodeStyle,
    Overlay,
    heat_overlay,
    heat_ramp,
)
from app.i18n.locale_text import number
from app.simulate.tables import status_count
from app.theme import mix
from engine.scenario.definition import Scenario
from engine.simulate import ConversationOutcome

#: Statuses that mean the script did not get the conversation to its end.
UNFINISHED = ("stuck", "abandoned", "failed")


@dataclass(frozen=True)
class Measure:
    name: str
    label: str
    #: the legend's title (short: the legend floats over the graph)
    short: str
    #: True when the figure needs the finished report (per-step figures from the events)
    needs_report: bool


MEASURES: dict[str, Measure] = {
    measure.name: measure
    for measure in (
        Measure(
            "unfinished", "Where conversations ended unfinished", "Ended here unfinished", False
        ),
        Measure("violations", "Contract violations per visit", "Violations per visit", True),
        Measure("turns", "Turns per visit", "User messages per visit", True),
        Measure("visits", "Visits", "Visits", True),
    )
}


def measure_label(name: str) -> str:
    """What the toolbar calls measure ``name``, in the studio's language."""
    labels = {
        "unfinished": QCoreApplication.translate(
            "SimulationShading", "Where conversations ended unfinished"
        ),
        "violations": QCoreApplication.translate(
            "SimulationShading", "Contract violations per visit"
        ),
        "turns": QCoreApplication.translate("SimulationShading", "Turns per visit"),
        "visits": QCoreApplication.translate("SimulationShading", "Visits"),
    }
    return labels.get(name, MEASURES[name].label if name in MEASURES else name)


def measure_short(name: str) -> str:
    """The legend's title for measure ``name``, in the studio's language."""
    labels = {
        "unfinished": QCoreApplication.translate("SimulationShading", "Ended here unfinished"),
        "violations": QCoreApplication.translate("SimulationShading", "Violations per visit"),
        "turns": QCoreApplication.translate("SimulationShading", "User messages per visit"),
        "visits": QCoreApplication.translate("SimulationShading", "Visits"),
    }
    return labels.get(name, MEASURES[name].short if name in MEASURES else name)


def ended_by_step(conversations: Iterable[ConversationOutcome]) -> dict[str, Counter[str]]:
    """Step → statuses of the conversations that ended there (cancelled ones left out, as in
    the report)."""
    ended: dict[str, Counter[str]] = {}
    for outcome in conversations:
        if outcome.status != "cancelled" and outcome.path:
            ended.setdefault(outcome.final_step, Counter())[outcome.status] += 1
    return ended


def edges_taken(
    scenario: Scenario, conversations: Iterable[ConversationOutcome]
) -> Counter[EdgeKey]:
    """(step, signal) → how many times conversations went that way, from their paths."""
    moves: Counter[tuple[str, str]] = Counter()
    for outcome in conversations:
        for source, target in itertools.pairwise(outcome.path):
            moves[(source, target)] += 1
    taken: Counter[EdgeKey] = Counter()
    for (source, target), count in moves.items():
        step = scenario.steps.get(source)
        if step is None:
            continue
        for signal, transition in step.transitions.items():
            if transition.to == target:
                taken[(source, signal)] += count
    return taken


def report_overlay(
    scenario: Scenario,
    conversations: Sequence[ConversationOutcome],
    steps: Mapping[str, Mapping[str, Any]] | None,
    measure_name: str = "unfinished",
    *,
    palette: QPalette | None = None,
) -> Overlay:
    """The graph shaded by ``measure_name`` over the conversations that ended so far;
    ``steps`` are the report's per-step figures (``None`` while the run goes on)."""
    measure = MEASURES[measure_name]
    ended = ended_by_step(conversations)
    reached = {step for outcome in conversations for step in outcome.path}

    def figures(step: str) -> Mapping[str, Any] | None:
        return steps.get(step) if steps is not None else None

    values = {
        step: _value(measure.name, ended.get(step, Counter()), figures(step))
        if step in reached
        else None
        for step in scenario.steps
    }
    return heat_overlay(
        values,
        edges_taken(scenario, conversations),
        ramp=heat_ramp(palette),
        tooltip=lambda step: step_tooltip(ended.get(step, Counter()), figures(step)),
        title=measure_short(measure.name),
        ends=lambda high: _ends(measure.name, high),
        unreached=QCoreApplication.translate("SimulationShading", "not reached"),
    )


def path_overlay(
    scenario: Scenario, path: Sequence[str], title: str, *, palette: QPalette | None = None
) -> Overlay:
    """``path`` in the accent colour, each step numbered in its tooltip; the rest faded."""
    palette = palette or QGuiApplication.palette()
    accent = palette.color(QPalette.ColorRole.Highlight)
    fill = mix(palette.color(QPalette.ColorRole.Base), accent, 0.45)
    order: dict[str, list[int]] = {}
    for place, step in enumerate(path, start=1):
        order.setdefault(step, []).append(place)
    nodes = {
        step: NodeStyle(
            fill=fill,
            border=accent,
            tooltip=QCoreApplication.translate(
                "SimulationShading", "step {numbers} of the path"
            ).format(numbers=", ".join(map(str, numbers))),
        )
        for step, numbers in order.items()
        if step in scenario.steps
    }
    edges: dict[EdgeKey, EdgeStyle] = {}
    for source, target in set(itertools.pairwise(path)):
        left = scenario.steps.get(source)
        for signal, transition in left.transitions.items() if left is not None else ():
            if transition.to == target:
                edges[(source, signal)] = EdgeStyle(color=accent, width=4.0)
    legend = Legend(
        title=title,
        entries=(
            LegendEntry(QCoreApplication.translate("SimulationShading", "on the path"), fill),
            LegendEntry(QCoreApplication.translate("SimulationShading", "taken"), accent, "line"),
        ),
        note=QCoreApplication.translate(
            "SimulationShading", "choose a shading above to see all conversations again"
        ),
    )
    return Overlay(
        nodes=nodes,
        edges=edges,
        legend=legend,
        default_node=NodeStyle(faded=True),
        default_edge=EdgeStyle(faded=True),
    )


def step_tooltip(ended: Counter[str], figures: Mapping[str, Any] | None) -> str:
    lines = []
    unfinished = ", ".join(status_count(s, number(ended[s])) for s in UNFINISHED if ended[s])
    lines.append(
        "<b>{}</b>".format(
            QCoreApplication.translate(
                "SimulationShading", "ended here unfinished: {counts}"
            ).format(counts=unfinished)
        )
        if unfinished
        else QCoreApplication.translate(
            "SimulationShading", "no conversation ended here unfinished"
        )
    )
    if ended["finished"]:
        lines.append(
            QCoreApplication.translate("SimulationShading", "{count} finished here").format(
                count=number(ended["finished"])
            )
        )
    if figures is not None:
        kinds = ", ".join(
            f"{kind} {number(count)}"
            for kind, count in sorted(figures["violations"].items(), key=lambda kv: -kv[1])
        )
        violations = QCoreApplication.translate("SimulationShading", "{count} violation(s)").format(
            count=number(figures["violations_total"])
        )
        lines += [
            QCoreApplication.translate(
                "SimulationShading", "{visits} visit(s), {turns} turns per visit"
            ).format(visits=number(figures["visits"]), turns=number(figures["turns_per_visit"], 2)),
            violations + (f": {kinds}" if kinds else ""),
            QCoreApplication.translate(
                "SimulationShading", "{corrections} correction(s), {fallbacks} fallback(s)"
            ).format(
                corrections=number(figures["corrections"]), fallbacks=number(figures["fallbacks"])
            ),
        ]
    return "<br>".join(lines)


def _value(name: str, ended: Counter[str], figures: Mapping[str, Any] | None) -> float:
    if name == "unfinished":
        return float(sum(ended[status] for status in UNFINISHED))
    if figures is None:
        return 0.0
    visits = figures["visits"]
    if name == "violations":
        return figures["violations_total"] / visits if visits else 0.0
    if name == "turns":
        return float(figures["turns_per_visit"])
    return float(visits)


def _ends(name: str, high: float) -> tuple[str, str]:
    if name == "unfinished":
        return (
            QCoreApplication.translate("SimulationShading", "none"),
            QCoreApplication.translate("SimulationShading", "{count} conversation(s)").format(
                count=number(round(high))
            ),
        )
    if name == "visits":
        return "0", number(round(high))
    return "0", number(high, 2)


__all__ = [
    "MEASURES",
    "UNFINISHED",
    "Measure",
    "edges_taken",
    "ended_by_step",
    "measure_label",
    "measure_short",
    "path_overlay",
    "report_overlay",
    "step_tooltip",
]
