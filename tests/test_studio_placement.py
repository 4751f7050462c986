"""New things land in free space, and arrows go round the steps in their way."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF

from app import commands
from app.graph.items import EdgeItem, NodeItem
from engine.scenario import diagram

pytestmark = pytest.mark.gui


def box(node: NodeItem) -> QRectF:
    return node.mapRectToScene(node.box())


def overlapping(scene: Any, step_id: str) -> list[str]:
    mine = box(scene.nodes[step_id])
    return [
        other
        for other, node in scene.nodes.items()
        if other != step_id and box(node).intersects(mine)
    ]


def crossed(scene: Any, edge: EdgeItem) -> list[str]:
    """The steps (other than its ends) the arrow's drawn path runs through."""
    points = [edge.path().pointAtPercent(i / 400) for i in range(401)]
    return [
        step_id
        for step_id, node in scene.nodes.items()
        if node not in (edge.source, edge.target)
        and any(box(node).contains(point) for point in points)
    ]


def test_a_new_step_lands_in_free_space_beside_the_selected_step(studio: Any) -> None:
    editor = studio.scenario_editor
    editor.select_step("goodbye")
    studio.answers.texts = ["pricing"]
    editor.edit_actions.add_step.trigger()  # Ctrl+Shift+N
    scene = editor.scene
    assert "pricing" in scene.nodes
    assert overlapping(scene, "pricing") == []
    goodbye, pricing = box(scene.nodes["goodbye"]), box(scene.nodes["pricing"])
    assert abs(pricing.center().x() - goodbye.center().x()) <= 2 * goodbye.width()
    assert abs(pricing.center().y() - goodbye.center().y()) <= 3 * goodbye.height()
    # it is shown, selected, and one Ctrl+Z takes it away
    view = editor.view.mapToScene(editor.view.viewport().rect()).boundingRect()
    assert view.contains(pricing) and scene.nodes["pricing"].isSelected()
    studio.session.undo_stack.undo()
    assert "pricing" not in scene.nodes


def test_with_nothing_selected_it_lands_near_the_middle_of_the_view(studio: Any) -> None:
    editor = studio.scenario_editor
    editor.select_step(None)
    editor.view.reveal("consent")  # the middle of the view is on a step
    assert editor.add_step_near("first") == "first"
    assert editor.add_step_near("second") == "second"
    scene = editor.scene
    assert overlapping(scene, "first") == [] and overlapping(scene, "second") == []
    middle = editor.view.mapToScene(editor.view.viewport().rect().center())
    for step_id in ("first", "second"):
        assert distance(box(scene.nodes[step_id]).center(), middle) < 600


def distance(a: QPointF, b: QPointF) -> float:
    return float(((a.x() - b.x()) ** 2 + (a.y() - b.y()) ** 2) ** 0.5)


def test_a_double_click_on_a_step_adds_the_new_one_beside_it(studio: Any) -> None:
    editor = studio.scenario_editor
    on_review = box(editor.scene.nodes["review"]).center()
    assert editor.add_step_at(on_review, "extra") == "extra"
    assert overlapping(editor.scene, "extra") == []


def test_a_new_arrow_goes_round_the_steps_between_its_ends(studio: Any) -> None:
    editor = studio.scenario_editor
    scene = editor.scene
    editor.connect_steps("welcome", "users", "skip_consent")  # straight down: consent, idea
    edge = scene.edge("welcome", "skip_consent")
    assert edge is not None and crossed(scene, edge) == []
    assert edge.is_skip_edge
    editor.connect_steps("users", "goodbye", "give_up")  # up and across: idea is beside
    edge = scene.edge("users", "give_up")
    assert edge is not None and crossed(scene, edge) == []
    for edge in scene.edges:
        assert crossed(scene, edge) == [], (edge.source.step_id, edge.signal)


def test_a_step_moved_into_an_arrows_way_is_gone_round_and_moving_it_away_straightens_it(
    studio: Any,
) -> None:
    editor = studio.scenario_editor
    scene = editor.scene
    edge = scene.edge("features", "features_done")
    assert edge is not None and edge.route is not None and edge.route.kind == "straight"
    features, quality = box(scene.nodes["features"]), box(scene.nodes["quality"])
    old = scene.nodes["goodbye"].pos()
    # goodbye dropped on the arrow between features and the step it leads to
    middle = QPointF(features.center().x(), features.bottom())
    assert quality.top() - features.bottom() == middle.y() + 60 - features.bottom()
    editor._nodes_moved({"goodbye": (old.x(), old.y())}, {"goodbye": (middle.x(), middle.y())})
    assert edge.route.kind != "straight" and crossed(scene, edge) == []
    assert "goodbye" in edge.route.blockers
    studio.session.undo_stack.undo()
    assert edge.route.kind == "straight"
    # what the screen shows is what routing everything afresh gives (the draw.io export's)
    fresh = diagram.routes(studio.session.scenario, studio.session.positions())
    assert {(e.source.step_id, e.signal): e.route.points for e in scene.edges} == {
        key: route.points for key, route in fresh.items()
    }


def test_a_transition_to_a_missing_step_shows_its_box_beside_the_source(studio: Any) -> None:
    editor = studio.scenario_editor
    commands.set_field(
        studio.session.undo_stack,
        studio.session,
        ("steps", "constraints", "transitions", "constraints_clear", "to"),
        "pricing_review",
    )
    scene = editor.scene
    missing, source = scene.nodes["pricing_review"], scene.nodes["constraints"]
    assert missing.state.missing
    assert overlapping(scene, "pricing_review") == []
    assert distance(box(missing).center(), box(source).center()) < 2.5 * box(source).width()
    # Fit to Window still shows the graph at a readable size: the box is not far out
    editor.view.resize(900, 700)
    editor.view.fit_all()
    before = editor.view.zoom
    commands.set_field(
        studio.session.undo_stack,
        studio.session,
        ("steps", "constraints", "transitions", "constraints_clear", "to"),
        "review",
    )
    editor.view.fit_all()
    assert "pricing_review" not in scene.nodes
    assert before >= 0.9 * editor.view.zoom


def test_renaming_to_an_id_with_a_space_says_why_it_is_refused(studio: Any) -> None:
    editor = studio.scenario_editor
    editor.select_step("review")
    editor.rename_selected("budget plan")
    [(_title, message, problem)] = studio.answers.told
    assert problem and "space" in message and "budget_plan" in message
    assert "ASCII letters (a–z, A–Z), digits (0–9) and _" in message
    assert "review" in editor.scene.nodes
    editor.rename_selected("2nd_review")
    assert "starts with a digit" in studio.answers.told[-1][1]
    editor.rename_selected("idea")
    assert "exists already" in studio.answers.told[-1][1]


def test_the_rename_dialog_says_what_an_id_may_hold(studio: Any) -> None:
    studio.scenario_editor.select_step("review")
    studio.answers.texts = [None]
    studio.scenario_editor.rename_selected()
    assert "ASCII letters (a–z, A–Z), digits (0–9) and _" in studio.answers.asked[-1]


def test_double_clicks_that_add_steps_leave_the_view_where_it_is(
    make_studio: Any, qtbot: Any, tmp_path: Any
) -> None:
    """Building a new scenario by double-clicking, each new step once scrolled the view and
    the start step slid off the screen."""
    from PySide6.QtCore import QPoint, Qt

    studio = make_studio()
    assert studio.files.create_scenario(tmp_path / "bot", "blank")
    editor = studio.scenario_editor
    view = editor.view
    qtbot.wait(100)
    start = editor.scene.nodes[studio.session.scenario.start]
    where = view.mapFromScene(start.sceneBoundingRect().topLeft())
    right = view.viewport().width() - 120  # near the edge: a new step would not fit wholly
    for number, y in enumerate((60, 200, 340)):
        studio.answers.texts.append(f"step_{number}")
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(right, y))
        assert f"step_{number}" in editor.scene.nodes
        assert editor.scene.nodes[f"step_{number}"].isSelected()
        assert view.mapFromScene(start.sceneBoundingRect().topLeft()) == where
    view.resize(view.width() - 40, view.height())  # a pane resized: no refit either
    qtbot.wait(50)
    assert view.shows(start.step_id)
