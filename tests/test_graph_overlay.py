"""The graph overlay: steps and arrows marked by data, on the studio's own graph, undone cleanly."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from app.graph.items import NODE_HEIGHT
from app.graph.overlay import (
    CORNERS,
    FADED_OPACITY,
    ColorRamp,
    EdgeStyle,
    GraphOverlay,
    Legend,
    LegendEntry,
    LegendStack,
    LegendWidget,
    NodeStyle,
    Overlay,
    ramp_color,
    readable_text,
)

pytestmark = pytest.mark.gui

RED, GREEN = QColor(200, 30, 30), QColor(20, 160, 60)


def pixel_at(studio: Any, step_id: str) -> QColor:
    """What the user sees inside a node's box, left of its centred text."""
    node = studio.scenario_editor.scene.nodes[step_id]
    studio.scenario_editor.view.reveal(step_id)
    point = studio.scenario_editor.view.mapFromScene(node.pos() + QPointF(6, NODE_HEIGHT / 2))
    return studio.scenario_editor.view.viewport().grab().toImage().pixelColor(point)


def close(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


@pytest.fixture
def overlay(studio: Any) -> GraphOverlay:
    return GraphOverlay(studio.scenario_editor.scene, studio.scenario_editor.view)


def example() -> Overlay:
    return Overlay(
        nodes={"idea": NodeStyle(fill=RED, tooltip="<b>hot</b>"), "users": NodeStyle(fill=GREEN)},
        edges={("idea", "idea_clear"): EdgeStyle(color=RED, width=7.0, tooltip="taken 40×")},
        legend=Legend(
            "Heat",
            (LegendEntry("no data", QColor("grey")),),
            ColorRamp((GREEN, RED), "0%", "40%"),
            note="arrow width: how often",
        ),
        default_node=NodeStyle(faded=True),
    )


def test_named_steps_are_filled_and_the_others_faded(studio: Any, overlay: GraphOverlay) -> None:
    overlay.show(example())
    nodes = studio.scenario_editor.scene.nodes
    assert close(pixel_at(studio, "idea"), RED)
    assert close(pixel_at(studio, "users"), GREEN)
    assert nodes["idea"].opacity() == 1.0 and nodes["consent"].opacity() == FADED_OPACITY
    # the title stays readable on a strong fill
    assert nodes["idea"].colors.text == readable_text(RED)
    assert "<b>hot</b>" in nodes["idea"].toolTip() and "Idea and goal" in nodes["idea"].toolTip()


def test_arrows_take_colour_and_width(studio: Any, overlay: GraphOverlay) -> None:
    edges = {
        (edge.source.step_id, edge.signal): edge for edge in studio.scenario_editor.scene.edges
    }
    thin = edges[("idea", "idea_clear")].boundingRect()
    overlay.show(example())
    busy = edges[("idea", "idea_clear")]
    assert busy.line_width == 7.0 and busy.colors.edge == RED
    assert busy.boundingRect().width() > thin.width()
    assert "taken 40×" in busy.toolTip() and "idea —idea_clear→ users" in busy.toolTip()
    assert edges[("users", "users_clear")].line_width == 1.4


def test_the_legend_says_what_the_colours_mean(studio: Any, overlay: GraphOverlay) -> None:
    overlay.show(example())
    legend = overlay.legend_widget
    assert legend is not None and legend.isVisible()
    assert legend.lines() == ["Heat", "no data", "0%", "40%", "arrow width: how often"]
    assert legend.width() >= legend.RAMP_WIDTH


def test_the_overlay_survives_an_edit_that_rebuilds_the_graph(
    studio: Any, overlay: GraphOverlay
) -> None:
    overlay.show(example())
    studio.scenario_editor.connect_steps("users", "review", "skip_ahead")
    edges = {
        (edge.source.step_id, edge.signal): edge for edge in studio.scenario_editor.scene.edges
    }
    assert ("users", "skip_ahead") in edges
    assert edges[("idea", "idea_clear")].line_width == 7.0  # a new item, styled again
    assert close(pixel_at(studio, "idea"), RED)
    studio.session.undo_stack.undo()
    edges = {
        (edge.source.step_id, edge.signal): edge for edge in studio.scenario_editor.scene.edges
    }
    assert edges[("idea", "idea_clear")].colors.edge == RED


def test_clearing_gives_the_graph_back_as_it_was(studio: Any, overlay: GraphOverlay) -> None:
    before_fill = pixel_at(studio, "idea")
    tooltips = {step: node.toolTip() for step, node in studio.scenario_editor.scene.nodes.items()}
    edge_tips = {
        (e.source.step_id, e.signal): e.toolTip() for e in studio.scenario_editor.scene.edges
    }
    overlay.show(example())
    overlay.clear()
    assert close(pixel_at(studio, "idea"), before_fill, tolerance=2)
    assert {
        step: node.toolTip() for step, node in studio.scenario_editor.scene.nodes.items()
    } == tooltips
    assert {
        (e.source.step_id, e.signal): e.toolTip() for e in studio.scenario_editor.scene.edges
    } == edge_tips
    assert all(node.opacity() == 1.0 for node in studio.scenario_editor.scene.nodes.values())
    assert all(edge.line_width == 1.4 for edge in studio.scenario_editor.scene.edges)
    assert overlay.legend_widget is not None and not overlay.legend_widget.isVisible()


def test_a_second_overlay_replaces_the_first(studio: Any, overlay: GraphOverlay) -> None:
    overlay.show(example())
    overlay.show(Overlay(nodes={"users": NodeStyle(fill=RED)}))
    nodes = studio.scenario_editor.scene.nodes
    assert (
        nodes["idea"].colors == studio.scenario_editor.scene.colors
        and nodes["idea"].opacity() == 1.0
    )
    assert "<b>hot</b>" not in nodes["idea"].toolTip()
    assert close(pixel_at(studio, "users"), RED)


def test_ramp_colours_run_between_their_stops() -> None:
    stops = (QColor(0, 0, 0), QColor(200, 100, 0), QColor(200, 200, 200))
    assert ramp_color(stops, 0.0) == stops[0] and ramp_color(stops, 1.0) == stops[2]
    assert ramp_color(stops, 0.5) == stops[1]
    assert ramp_color(stops, 0.25).getRgb()[:3] == (100, 50, 0)


def test_two_overlays_compose_and_the_later_wins_where_both_speak(studio: Any) -> None:
    """A comparison fades what it does not name; test coverage colours what it covered: on
    one graph, both show — coverage over the comparison, both tooltips kept."""
    scene = studio.scenario_editor.scene
    # pinned to a corner, so where the legends stand does not depend on the window's size
    diff = GraphOverlay(scene, studio.scenario_editor.view, legend_corner="top-left")
    coverage = GraphOverlay(scene, studio.scenario_editor.view, legend_corner="top-left")
    diff.show(
        Overlay(
            nodes={"idea": NodeStyle(fill=RED, tooltip="changed")},
            edges={("idea", "idea_clear"): EdgeStyle(color=RED, tooltip="changed")},
            legend=Legend("Differences"),
            default_node=NodeStyle(faded=True),
        )
    )
    coverage.show(
        Overlay(
            nodes={
                "idea": NodeStyle(border=GREEN, tooltip="covered by 2 tests"),
                "users": NodeStyle(fill=GREEN),
            },
            legend=Legend("Coverage"),
        )
    )
    nodes = scene.nodes
    assert nodes["idea"].colors.node_fill == RED and nodes["idea"].colors.node_border == GREEN
    assert "changed" in nodes["idea"].toolTip() and "covered by 2 tests" in nodes["idea"].toolTip()
    assert close(pixel_at(studio, "users"), GREEN)
    assert nodes["users"].opacity() == 1.0  # coverage names it: its opinion is the top one
    assert nodes["consent"].opacity() == FADED_OPACITY  # only the comparison speaks of it
    # the two legends are stacked, not drawn over each other
    first, second = diff.legend_widget, coverage.legend_widget
    assert first is not None and second is not None
    assert second.geometry().top() >= first.geometry().bottom()
    # taking one away leaves the other as it was
    diff.clear()
    assert nodes["idea"].colors.node_fill == scene.colors.node_fill
    assert nodes["idea"].colors.node_border == GREEN and "changed" not in nodes["idea"].toolTip()
    assert nodes["consent"].opacity() == 1.0
    assert second.geometry().top() == LegendWidget.MARGIN


def test_layers_survive_incremental_edits_of_the_steps_they_mark(studio: Any) -> None:
    from app import commands

    scene = studio.scenario_editor.scene
    coverage = GraphOverlay(scene)
    coverage.show(
        Overlay(
            nodes={"users": NodeStyle(fill=GREEN, tooltip="covered")},
            edges={("users", "users_clear"): EdgeStyle(width=5.0)},
        )
    )
    commands.set_field(
        studio.session.undo_stack,
        studio.session,
        ("steps", "users", "transitions", "users_clear", "description"),
        "Done",
    )
    commands.set_field(
        studio.session.undo_stack, studio.session, ("steps", "users", "title"), "Users!"
    )
    assert scene.nodes["users"].colors.node_fill == GREEN
    assert "covered" in scene.nodes["users"].toolTip()
    assert scene.edge("users", "users_clear").line_width == 5.0
    assert scene.shading_layers() == [coverage.layer]


# --- where the legends stand ----------------------------------------------------------------


def hidden_by_corner(view: Any, legend: LegendWidget) -> dict[str, float]:
    stack = LegendStack.of(view)
    return {corner: stack.hidden_under(stack.box(corner, legend.size())) for corner in CORNERS}


def test_a_legend_with_no_step_under_it_stays_in_the_top_left_corner(
    studio: Any, overlay: GraphOverlay
) -> None:
    view = studio.scenario_editor.view
    view.zoom_by(0.2)  # the graph small in the middle, the corners empty
    view.centerOn(studio.scenario_editor.scene.items_rect().center())
    overlay.show(example())
    legend = overlay.legend_widget
    assert legend is not None
    assert hidden_by_corner(view, legend)["top-left"] == 0.0
    assert legend.pos().x() == legend.pos().y() == LegendWidget.MARGIN


def test_a_legend_over_a_step_moves_to_the_corner_that_hides_least(
    studio: Any, overlay: GraphOverlay, qtbot: Any
) -> None:
    """Panned so that a step sits under the top-left legend, the legend goes to the corner
    with the least of the graph under it, and the step is in sight again."""
    view, scene = studio.scenario_editor.view, studio.scenario_editor.scene
    view.zoom_by(0.2)
    view.centerOn(scene.items_rect().center())
    overlay.show(example())
    legend = overlay.legend_widget
    assert legend is not None and legend.pos().x() == LegendWidget.MARGIN
    view.zoom_by(5.0)
    under_legend = view.mapToScene(legend.geometry().center() - view.viewport().pos())
    centre = view.mapToScene(view.viewport().rect().center())
    view.centerOn(scene.nodes["users"].sceneBoundingRect().center() + (centre - under_legend))
    stack = LegendStack.of(view)
    qtbot.waitUntil(lambda: stack.corner != "top-left")
    hidden = hidden_by_corner(view, legend)
    assert hidden["top-left"] > 0.0  # the step the pan brought there
    assert hidden[stack.corner] == min(hidden.values()) < hidden["top-left"]
    assert legend.geometry() == stack.box(stack.corner, legend.size())
    box = view.mapFromScene(scene.nodes["users"].sceneBoundingRect()).boundingRect()
    assert not legend.geometry().intersects(box.translated(view.viewport().pos()))


def test_a_legend_can_be_pinned_to_a_corner(studio: Any) -> None:
    view = studio.scenario_editor.view
    pinned = GraphOverlay(studio.scenario_editor.scene, view, legend_corner="bottom-right")
    pinned.show(example())
    legend = pinned.legend_widget
    assert legend is not None
    shown = view.viewport().geometry()
    assert legend.geometry().right() == shown.right() - LegendWidget.MARGIN
    assert legend.geometry().bottom() == shown.bottom() - LegendWidget.MARGIN
