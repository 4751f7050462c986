"""Editing and finding one's way on the canvas: titles and message texts edited in place, the
overview map, zoom to selection, and the far view that draws titles instead of specks."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from app.graph.far_view import FAR_PIXELS, far_scale
from app.graph.layout import NODE_HEIGHT, NODE_WIDTH

pytestmark = pytest.mark.gui


def click_point(studio: Any, step_id: str, x: float, y: float) -> Any:
    view = studio.scenario_editor.view
    node = studio.scenario_editor.scene.nodes[step_id]
    view.centerOn(node.center())
    return view.mapFromScene(node.mapToScene(QPointF(x, y)))


def test_a_double_click_on_the_title_edits_it_in_place_as_one_undo(studio: Any, qtbot: Any) -> None:
    editor = studio.scenario_editor
    point = click_point(studio, "features", NODE_WIDTH / 2, 14)
    qtbot.mouseDClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    inline = editor.inline
    assert inline.isVisible() and inline.text() == editor.scene.nodes["features"].state.title
    inline.selectAll()
    qtbot.keyClicks(inline, "What it does")
    qtbot.keyClick(inline, Qt.Key.Key_Return)
    assert studio.document.get(("steps", "features", "title")) == "What it does"
    assert editor.scene.nodes["features"].state.title == "What it does"
    studio.session.undo_stack.undo()
    assert editor.scene.nodes["features"].state.title != "What it does"


def test_esc_leaves_the_title_as_it_was(studio: Any, qtbot: Any) -> None:
    editor = studio.scenario_editor
    editor.select_step("features")
    editor.edit_actions.edit_title.trigger()
    qtbot.keyClicks(editor.inline, "zzz")
    qtbot.keyClick(editor.inline, Qt.Key.Key_Escape)
    assert not editor.inline.isVisible()
    assert studio.session.undo_stack.count() == 0


def test_a_message_step_shows_its_text_and_it_is_edited_on_the_canvas(
    studio: Any, qtbot: Any
) -> None:
    editor = studio.scenario_editor
    node = editor.scene.nodes["brief"]
    text = studio.session.scenario.steps["brief"].text
    shown = node.texts()[1]
    assert shown.startswith("“") and text.split()[0] in shown
    point = click_point(studio, "brief", NODE_WIDTH / 2, NODE_HEIGHT - 12)
    qtbot.mouseDClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert editor.inline.isVisible() and editor.inline.field == "text"
    editor.inline.setText("Here is your brief.")
    qtbot.keyClick(editor.inline, Qt.Key.Key_Return)
    assert studio.session.scenario.steps["brief"].text == "Here is your brief."
    assert node.texts()[1] == "“Here is your brief.”"


def test_from_far_steps_show_titles_only_and_arrows_no_labels(studio: Any) -> None:
    view = studio.scenario_editor.view
    scene = studio.scenario_editor.scene
    view.reset_zoom()
    view.viewport().grab()
    assert not any(node.drawn_far for node in scene.nodes.values() if node.isVisible())
    # zoomed out until the smallest text would be under 8 px
    assert far_scale() * 12 >= FAR_PIXELS  # the labels are ~12 px high at 100 %
    view.zoom_by(far_scale() * 0.9)
    view.centerOn(scene.nodes["features"].center())
    view.viewport().grab()
    assert scene.nodes["features"].drawn_far
    drawn = [edge for edge in scene.edges if edge.drawn_far]
    assert drawn  # arrows painted from far skip their labels


def test_the_overview_map_shows_when_the_graph_is_larger_than_the_view(
    studio: Any, qtbot: Any
) -> None:
    view = studio.scenario_editor.view
    view.reset_zoom()
    qtbot.waitUntil(lambda: view.overview.isVisible())
    studio.scenario_editor.edit_actions.fit.trigger()
    qtbot.waitUntil(lambda: not view.overview.isVisible())
    view.reset_zoom()
    qtbot.waitUntil(lambda: view.overview.isVisible())
    # a click on the map centres the view there
    overview = view.overview
    target = studio.scenario_editor.scene.nodes["review"].center()
    qtbot.mouseClick(
        overview.viewport(), Qt.MouseButton.LeftButton, pos=overview.mapFromScene(target)
    )
    assert view.visible_scene_rect().contains(target)
    assert overview.focusPolicy() == Qt.FocusPolicy.NoFocus


def test_zoom_to_selection_fits_the_selected_steps(studio: Any) -> None:
    editor = studio.scenario_editor
    view = editor.view
    editor.edit_actions.fit.trigger()
    editor.scene.select_steps(["idea", "users"])
    editor.edit_actions.zoom_selection.trigger()
    shown = view.visible_scene_rect()
    for step_id in ("idea", "users"):
        assert shown.contains(editor.scene.nodes[step_id].sceneBoundingRect())
    assert view.zoom > 0.9
