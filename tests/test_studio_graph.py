"""The graph editor: it mirrors the scenario, and every gesture is undoable exactly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from app.graph.items import EdgeItem, NodeItem
from engine.scenario.definition import StepKind
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui


def yaml_of(window: Any) -> str:
    return window.document.yaml_text()


def transitions_of(window: Any) -> set[tuple[str, str, str]]:
    scenario = window.session.scenario
    return {
        (step.id, signal, transition.to)
        for step in scenario.steps.values()
        for signal, transition in step.transitions.items()
    }


def edges_on_screen(window: Any) -> set[tuple[str, str, str]]:
    return {
        (edge.source.step_id, edge.signal, edge.target.step_id)
        for edge in window.scenario_editor.scene.edges
    }


def test_the_graph_shows_every_step_and_transition_of_the_analyst_bot(
    studio: Any, analyst_bot: Path
) -> None:
    scenario = load_scenario(analyst_bot)
    assert set(studio.scenario_editor.scene.nodes) == set(scenario.steps)
    assert edges_on_screen(studio) == {
        (step.id, signal, transition.to)
        for step in scenario.steps.values()
        for signal, transition in step.transitions.items()
    }
    states = {step_id: node.state for step_id, node in studio.scenario_editor.scene.nodes.items()}
    assert [s for s, state in states.items() if state.start] == [scenario.start]
    assert {s for s, state in states.items() if state.final} == {
        step.id for step in scenario.steps.values() if step.final
    }
    assert {s for s, state in states.items() if state.kind == "message"} == {
        step.id for step in scenario.steps.values() if step.kind is StepKind.MESSAGE
    }
    assert states["review"].title == "Review"


def test_back_edges_and_self_loops_are_drawn_apart_from_forward_arrows(studio: Any) -> None:
    scene = studio.scenario_editor.scene
    edges = {(edge.source.step_id, edge.signal): edge for edge in scene.edges}
    back = edges[("review", "fix_idea")]
    forward = edges[("idea", "idea_clear")]
    assert back.is_back_edge and not forward.is_back_edge
    # the back-edge swings out beside the nodes instead of crossing straight through them
    boxes = [node.mapRectToScene(node.box()) for node in (back.source, back.target)]
    assert back.path().boundingRect().right() > max(box.right() for box in boxes) + 30
    studio.scenario_editor.connect_steps("review", "review", "stay_a_bit")
    loop = next(e for e in studio.scenario_editor.scene.edges if e.signal == "stay_a_bit")
    assert loop.is_self_loop
    box = loop.source.mapRectToScene(loop.source.box())
    assert loop.path().boundingRect().left() >= box.right() - 0.5
    assert loop.path().boundingRect().right() > box.right() + 30


def test_adding_a_step_is_one_undo_step(studio: Any) -> None:
    before = yaml_of(studio)
    stack = studio.session.undo_stack
    step_id = studio.scenario_editor.add_step_at(QPointF(900, 900), "pricing")
    assert step_id == "pricing"
    assert "pricing" in studio.scenario_editor.scene.nodes
    assert studio.scenario_editor.scene.nodes["pricing"].isSelected()
    assert studio.session.scenario.steps["pricing"].instructions == "steps/pricing.md"
    assert studio.step_form.step_id == "pricing"
    assert stack.count() == 1
    stack.undo()
    assert "pricing" not in studio.scenario_editor.scene.nodes
    assert yaml_of(studio) == before
    stack.redo()
    assert "pricing" in studio.scenario_editor.scene.nodes
    node = studio.scenario_editor.scene.nodes["pricing"]
    assert node.center() == QPointF(900, 900)


def test_connecting_asks_for_the_signal_and_undo_removes_the_arrow(studio: Any) -> None:
    before = yaml_of(studio)
    studio.answers.texts = ["skip_to_brief"]
    studio.scenario_editor.scene.connectRequested.emit("idea", "brief")
    assert studio.answers.asked and "idea" in studio.answers.asked[-1]
    assert ("idea", "skip_to_brief", "brief") in edges_on_screen(studio)
    assert ("idea", "skip_to_brief", "brief") in transitions_of(studio)
    studio.session.undo_stack.undo()
    assert ("idea", "skip_to_brief", "brief") not in edges_on_screen(studio)
    assert yaml_of(studio) == before
    studio.session.undo_stack.redo()
    assert ("idea", "skip_to_brief", "brief") in transitions_of(studio)


def test_connecting_refuses_a_taken_or_reserved_signal(studio: Any) -> None:
    before = yaml_of(studio)
    studio.scenario_editor.connect_steps("idea", "brief", "idea_clear")
    studio.scenario_editor.connect_steps("idea", "brief", "stay")
    studio.scenario_editor.connect_steps("idea", "brief", "not valid")
    assert yaml_of(studio) == before
    assert studio.session.undo_stack.count() == 0


def test_dragging_from_a_handle_onto_another_step_connects_them(studio: Any, qtbot: Any) -> None:
    studio.answers.texts = ["dragged"]
    view = studio.scenario_editor.view
    nodes = studio.scenario_editor.scene.nodes
    source, target = nodes["users"], nodes["brief"]
    view.centerOn(source)
    start = view.mapFromScene(source.mapToScene(source.handle_center()))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    view.centerOn(target)  # both ends need not be visible at once: the scene tracks the drag
    end = view.mapFromScene(target.sceneBoundingRect().center())
    qtbot.mouseMove(view.viewport(), end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert ("users", "dragged", "brief") in transitions_of(studio)


def test_renaming_a_step_follows_every_reference_and_undoes_exactly(studio: Any) -> None:
    before = yaml_of(studio)
    studio.scenario_editor.select_step("review")
    studio.scenario_editor.rename_selected("final_review")
    scenario = studio.session.scenario
    assert "review" not in scenario.steps and "final_review" in scenario.steps
    assert scenario.steps["risks"].transitions["risks_clear"].to == "final_review"
    nodes = studio.scenario_editor.scene.nodes
    assert "final_review" in nodes and "review" not in nodes
    assert studio.selected_step == "final_review"
    assert studio.session.position("final_review") is not None
    studio.session.undo_stack.undo()
    assert yaml_of(studio) == before
    assert "review" in studio.scenario_editor.scene.nodes
    studio.session.undo_stack.redo()
    assert studio.session.scenario.steps["idea"].transitions["back_to_review"].to == (
        "final_review"
    )


def test_shift_f2_renames_the_id_through_the_dialog(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("brief")
    studio.scenario_editor.view.setFocus()
    studio.answers.texts = ["summary"]
    qtbot.keyClick(studio.scenario_editor.view, Qt.Key.Key_F2, Qt.KeyboardModifier.ShiftModifier)
    assert "summary" in studio.session.scenario.steps


def test_deleting_a_step_removes_its_incoming_transitions_and_undo_restores_them(
    studio: Any,
) -> None:
    before = yaml_of(studio)
    incoming = {t for t in transitions_of(studio) if t[2] == "review"}
    assert len(incoming) > 1
    studio.scenario_editor.select_step("review")
    studio.scenario_editor.view.setFocus()
    studio.scenario_editor.delete_selected()
    scenario = studio.session.scenario
    assert "review" not in scenario.steps
    assert not {t for t in transitions_of(studio) if t[2] == "review"}
    assert "review" not in studio.scenario_editor.scene.nodes
    assert studio.session.undo_stack.count() == 1
    studio.session.undo_stack.undo()
    assert yaml_of(studio) == before
    assert incoming <= edges_on_screen(studio)
    studio.session.undo_stack.redo()
    assert "review" not in studio.session.scenario.steps


def test_delete_key_removes_a_selected_transition(studio: Any, qtbot: Any) -> None:
    edge = next(e for e in studio.scenario_editor.scene.edges if e.signal == "declined")
    studio.scenario_editor.scene.clearSelection()
    edge.setSelected(True)
    studio.scenario_editor.view.setFocus()
    qtbot.keyClick(studio.scenario_editor.view, Qt.Key.Key_Delete)
    assert ("consent", "declined", "goodbye") not in transitions_of(studio)
    assert "goodbye" in studio.session.scenario.steps


def test_rubber_band_selects_several_steps_and_delete_removes_them_as_one_undo(studio: Any) -> None:
    studio.scenario_editor.scene.select_steps(["quality", "constraints"])
    assert sorted(studio.scenario_editor.scene.selected_steps()) == ["constraints", "quality"]
    before = yaml_of(studio)
    studio.scenario_editor.delete_selected()
    assert not {"quality", "constraints"} & set(studio.session.scenario.steps)
    studio.session.undo_stack.undo()
    assert yaml_of(studio) == before


def test_dragging_nodes_is_one_undo_command_saved_in_the_layout_file(
    studio: Any, qtbot: Any, analyst_bot: Path
) -> None:
    view = studio.scenario_editor.view
    node = studio.scenario_editor.scene.nodes["brief"]
    studio.scenario_editor.scene.select_steps(["brief", "review"])
    old = {step: studio.session.position(step) for step in ("brief", "review")}
    view.centerOn(node)
    start = view.mapFromScene(node.sceneBoundingRect().center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for dx in (10, 40, 80):
        qtbot.mouseMove(view.viewport(), start + type(start)(dx, 30))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start + type(start)(80, 30))
    stack = studio.session.undo_stack
    assert stack.count() == 1
    moved = {step: studio.session.position(step) for step in ("brief", "review")}
    assert all(moved[step] != old[step] for step in moved)
    assert "brief" in studio.document.yaml_text()  # the YAML itself is untouched by a move
    assert studio.files.save()
    assert '"brief"' in (analyst_bot / "scenario.layout.json").read_text(encoding="utf-8")
    stack.undo()
    assert {step: studio.session.position(step) for step in moved} == old
    assert studio.scenario_editor.scene.nodes["brief"].pos().x() == old["brief"][0]


def test_auto_layout_is_undoable(studio: Any) -> None:
    studio.session.set_positions({"welcome": (5000.0, 5000.0)})
    studio.scenario_editor.auto_layout()
    assert studio.session.position("welcome") != (5000.0, 5000.0)
    studio.session.undo_stack.undo()
    assert studio.session.position("welcome") == (5000.0, 5000.0)


def test_find_highlights_matching_steps_by_id_title_and_instruction_text(
    studio: Any, qtbot: Any, analyst_bot: Path
) -> None:
    word = "deadline"
    expected = {
        step_id
        for step_id, step in studio.session.scenario.steps.items()
        if word
        in (
            step_id + step.display_title + step.goal + step.instructions_text + (step.text or "")
        ).lower()
    }
    assert expected
    qtbot.keyClick(studio, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert studio.scenario_editor.find_bar.isVisible()
    qtbot.keyClicks(studio.scenario_editor.find_bar.field, word)
    matched = {step for step, node in studio.scenario_editor.scene.nodes.items() if node.matched}
    assert matched == expected
    qtbot.keyClick(studio.scenario_editor.find_bar.field, Qt.Key.Key_Return)
    assert studio.selected_step in expected
    qtbot.keyClick(studio.scenario_editor.find_bar.field, Qt.Key.Key_Escape)
    assert not studio.scenario_editor.find_bar.isVisible()
    assert not any(node.matched for node in studio.scenario_editor.scene.nodes.values())


def test_zoom_and_fit_change_the_view_scale(studio: Any) -> None:
    view = studio.scenario_editor.view
    view.reset_zoom()
    view.zoom_in()
    assert view.zoom > 1.0
    view.zoom_out()
    view.zoom_out()
    assert view.zoom < 1.0
    view.fit_all()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(studio.scenario_editor.scene.itemsBoundingRect())


def test_validator_problems_show_as_badges_on_nodes(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.connect_steps(
        "idea",
        "idea",
        "loop",
    )
    studio.session.undo_stack.push  # noqa: B018 - the stack exists
    stack = studio.session.undo_stack
    from app import commands

    commands.set_field(
        stack, studio.session, ("steps", "users", "transitions", "users_clear", "to"), "nowhere"
    )
    nodes = studio.scenario_editor.scene.nodes
    qtbot.waitUntil(lambda: bool(nodes["users"].state.errors), timeout=3000)
    assert any("nowhere" in text for text in nodes["users"].state.errors)
    assert nodes["nowhere"].state.missing
    stack.undo()
    qtbot.waitUntil(lambda: not nodes["users"].state.errors, timeout=3000)
    assert "nowhere" not in nodes


def test_highlight_step_marks_the_current_step_for_the_chat(studio: Any) -> None:
    studio.highlight_step("features")
    assert studio.scenario_editor.scene.nodes["features"].current
    assert not studio.scenario_editor.scene.nodes["idea"].current
    studio.highlight_step(None)
    assert not studio.scenario_editor.scene.nodes["features"].current


def test_items_are_the_only_things_on_the_scene(studio: Any) -> None:
    kinds = {type(item) for item in studio.scenario_editor.scene.items()}
    assert kinds <= {NodeItem, EdgeItem}


def test_undoing_an_added_step_leaves_no_layout_file_behind(studio: Any, analyst_bot: Path) -> None:
    studio.scenario_editor.add_step_at(QPointF(100, 100), "pricing")
    studio.session.undo_stack.undo()
    assert studio.files.save()
    assert not (analyst_bot / "scenario.layout.json").exists()
    assert studio.session.position("review") is not None  # still drawn where it was


def test_renaming_keeps_the_step_where_it_is_drawn(studio: Any) -> None:
    before = studio.session.position("review")
    studio.scenario_editor.select_step("review")
    studio.scenario_editor.rename_selected("final_review")
    assert studio.session.position("final_review") == before
    assert studio.scenario_editor.scene.nodes["final_review"].pos().toTuple() == before


# --- the scene follows edits item by item --------------------------------------------------------


def drawn(scene: Any) -> tuple[dict[str, Any], set[tuple[str, str, str, int, tuple[str, ...]]]]:
    """What a scene shows: each node's state and place, each arrow with its spread."""
    nodes = {step: (node.state, node.pos().toTuple()) for step, node in scene.nodes.items()}
    edges = {
        (e.source.step_id, e.signal, e.target.step_id, e.parallel_index, e.requires)
        for e in scene.edges
    }
    return nodes, edges


def test_an_edit_redraws_only_the_steps_it_touched(studio: Any) -> None:
    from app import commands

    session, stack = studio.session, studio.session.undo_stack
    scene = studio.scenario_editor.scene
    nodes = dict(scene.nodes)
    edges = {(edge.source.step_id, edge.signal): edge for edge in scene.edges}

    commands.set_field(stack, session, ("steps", "idea", "title"), "The idea")
    assert scene.nodes["idea"].state.title == "The idea"
    assert all(scene.nodes[step] is node for step, node in nodes.items())  # no item rebuilt
    assert all(edge in scene.edges for edge in edges.values())

    commands.connect_steps(stack, session, "features", "users", "back_to_users")
    now = {(edge.source.step_id, edge.signal): edge for edge in scene.edges}
    assert set(now) - set(edges) == {("features", "back_to_users")}
    # only the arrows between the two steps may be drawn again (they spread apart)
    redrawn = {key for key in edges if now[key] is not edges[key]}
    assert {source for source, _ in redrawn} <= {"features", "users"}


def test_after_any_edits_and_undos_the_scene_shows_what_a_fresh_one_shows(studio: Any) -> None:
    from app import commands
    from app.graph.scene import GraphScene

    session, stack = studio.session, studio.session.undo_stack
    editor = studio.scenario_editor
    edits = [
        lambda: commands.set_field(stack, session, ("steps", "idea", "title"), "Idea!"),
        lambda: commands.connect_steps(stack, session, "idea", "review", "jump"),
        lambda: commands.connect_steps(stack, session, "review", "idea", "jump_back"),
        lambda: commands.add_step(stack, session, "pricing", (40.0, -300.0)),
        lambda: commands.connect_steps(stack, session, "pricing", "nowhere", "lost"),
        lambda: commands.delete_steps(stack, session, ["users"]),
        lambda: commands.push(stack, commands.RenameStepCommand(session, "review", "recap")),
        lambda: commands.set_field(stack, session, ("start",), "idea"),
        lambda: commands.set_field(stack, session, ("steps", "idea", "kind"), "message"),
    ]

    def fresh() -> Any:
        scene = GraphScene(session, studio.colors)
        shown = drawn(scene)
        scene.deleteLater()
        return shown

    for edit in edits:
        edit()
        assert drawn(editor.scene) == fresh()
    while stack.canUndo():
        stack.undo()
        assert drawn(editor.scene) == fresh()
    while stack.canRedo():
        stack.redo()
        assert drawn(editor.scene) == fresh()


def test_a_long_guard_is_counted_on_the_label_and_listed_on_hover(studio: Any) -> None:
    scene = studio.scenario_editor.scene
    edge = scene.edge("users", "back_to_review")
    requires = studio.session.scenario.steps["users"].transitions["back_to_review"].requires
    assert edge is not None and len(requires) == 15
    assert edge.label_text() == "back_to_review [requires 15]"
    assert f"requires (15): {', '.join(requires)}" in edge.toolTip()
    assert "came from the review" in edge.toolTip()  # the description too
    short = scene.edge("consent", "agreed")
    assert short is not None and short.label_text() == "agreed [requires: consent]"
    assert scene.edge("welcome", "asked").label_text() == "asked"
