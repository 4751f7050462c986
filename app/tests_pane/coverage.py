"""Coverage on the graph: the steps and arrows no test exercises, shaded where the author edits.

:func:`coverage_overlay` turns the engine's :class:`~engine.scenario_tests.CoverageReport` (what
the runs actually did, read from the engine's events) into an
:class:`~app.graph.overlay.Overlay`:

* a step no test enters is filled orange; a step entered whose results some test never fills
  is tinted lighter, and its tooltip names the results;
* an arrow (step, signal) no test takes is drawn thick and orange;
* what is covered keeps its look, and its tooltip names the tests that cover it;
* the legend says what the colours mean and the totals (steps, signals, results).

:class:`CoverageShading` keeps such an overlay on the studio's graph through the overlay's public
API only, and follows the scene when another scenario is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QGraphicsView

from app.graph.overlay import (
    EdgeKey,
    EdgeStyle,
    GraphOverlay,
    Legend,
    LegendEntry,
    NodeStyle,
    Overlay,
)
from app.graph.scene import GraphScene
from app.i18n.locale_text import number
from app.theme import is_dark, mix
from engine.scenario_tests import Coverage, CoverageReport

K = TypeVar("K")


def gap_color(palette: QPalette | None = None) -> QColor:
    """The colour of what no test covers (orange: a gap to look at, not an error)."""
    return (
        QColor(251, 146, 60)
        if is_dark(palette or QGuiApplication.palette())
        else QColor(234, 88, 12)
    )


def coverage_overlay(
    report: CoverageReport, *, note: str = "", palette: QPalette | None = None
) -> Overlay:
    """The graph shaded by what no test of ``report`` covers (see the module docstring)."""
    palette = palette or QGuiApplication.palette()
    base = palette.color(QPalette.ColorRole.Base)
    gap = gap_color(palette)
    missed_fill = mix(base, gap, 0.42)
    partial_fill = mix(base, gap, 0.16)
    total = report.total
    translate = QCoreApplication.translate
    by_step = _tests_by(report.per_test, lambda coverage: coverage.steps)
    by_edge = _tests_by(report.per_test, lambda coverage: coverage.signals)
    unfilled: dict[str, list[str]] = {}
    for step, result in report.all_results:
        if (step, result) not in total.results:
            unfilled.setdefault(step, []).append(result)
    nodes: dict[str, NodeStyle] = {}
    for step in report.all_steps:
        if step not in total.steps:
            nodes[step] = NodeStyle(
                fill=missed_fill,
                border=gap,
                tooltip=_bold(translate("Coverage", "No test enters this step.")),
            )
        elif step in unfilled:
            names = ", ".join(unfilled[step])
            nodes[step] = NodeStyle(
                fill=partial_fill,
                border=gap,
                tooltip=(
                    _bold(translate("Coverage", "No test fills:"))
                    + f" {_html(names)}<br>{_covered_by(by_step.get(step, []))}"
                ),
            )
        else:
            nodes[step] = NodeStyle(tooltip=_covered_by(by_step.get(step, [])))
    edges: dict[EdgeKey, EdgeStyle] = {}
    for key in report.all_signals:
        if key in total.signals:
            edges[key] = EdgeStyle(tooltip=_covered_by(by_edge.get(key, [])))
        else:
            edges[key] = EdgeStyle(
                color=gap,
                width=2.4,
                tooltip=_bold(translate("Coverage", "No test takes this transition.")),
            )
    ratios = report.ratios(total)
    kinds = {
        "steps": translate("Coverage", "steps {ratio}"),
        "signals": translate("Coverage", "signals {ratio}"),
        "results": translate("Coverage", "results {ratio}"),
    }
    figures = " · ".join(kinds[kind].format(ratio=ratios[kind]) for kind in kinds)
    legend = Legend(
        title=translate("Coverage", "Test coverage: what no test exercises"),
        entries=(
            LegendEntry(translate("Coverage", "step no test enters"), missed_fill),
            LegendEntry(translate("Coverage", "a result no test fills"), partial_fill),
            LegendEntry(translate("Coverage", "transition no test takes"), gap, shape="line"),
        ),
        note=translate("Coverage", "covered: {figures}").format(figures=figures)
        + (f" · {note}" if note else ""),
    )
    return Overlay(nodes=nodes, edges=edges, legend=legend)


def _tests_by(
    per_test: Mapping[str, Coverage], items: Callable[[Coverage], frozenset[K]]
) -> dict[K, list[str]]:
    found: dict[K, list[str]] = {}
    for name, coverage in per_test.items():
        for item in items(coverage):
            found.setdefault(item, []).append(name)
    return found


def _covered_by(tests: list[str]) -> str:
    if not tests:
        return ""
    translate = QCoreApplication.translate
    shown = ", ".join(tests[:4])
    if len(tests) > 4:
        shown = translate("Coverage", "{names} and {count} more").format(
            names=shown, count=number(len(tests) - 4)
        )
    return _html(translate("Coverage", "Covered by {names}").format(names=shown))


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _bold(text: str) -> str:
    return f"<b>{_html(text)}</b>"


class CoverageShading:
    """The coverage overlay on a graph whose scene may be replaced (another scenario opened).

    ``scene_of`` returns the graph's current scene; the overlay is made anew for a new scene
    and the last coverage shown again on it.
    """

    def __init__(self, scene_of: Callable[[], GraphScene], view: QGraphicsView) -> None:
        self.scene_of = scene_of
        self.view = view
        self.overlay: Overlay | None = None
        self._graph: GraphOverlay | None = None
        self._scene: GraphScene | None = None

    @property
    def shown(self) -> bool:
        return self.overlay is not None

    def show(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self._current().show(overlay)

    def hide(self) -> None:
        self.overlay = None
        if self._graph is not None and self._scene is self.scene_of():
            self._graph.clear()

    def follow_scene(self) -> None:
        """The graph may have a new scene: put the coverage shown (if any) on it."""
        if self._scene is self.scene_of():
            return
        if self._graph is not None:
            self._graph.clear()  # its legend floats over the view, which stays
        self._graph, self._scene = None, None
        if self.overlay is not None:
            self._current().show(self.overlay)

    def _current(self) -> GraphOverlay:
        scene = self.scene_of()
        if self._graph is None or self._scene is not scene:
            if self._graph is not None:
                self._graph.clear()
            self._graph, self._scene = GraphOverlay(scene, self.view), scene
        return self._graph


__all__ = ["CoverageShading", "coverage_overlay", "gap_color"]
