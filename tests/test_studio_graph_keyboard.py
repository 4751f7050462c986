"""The graph for keyboard and screen-reader users: one accessible child per step and per
transition, and ten editing tasks done with the keyboard alone."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication

from app.graph.items import EdgeItem, NodeItem

pytestmark = pytest.mark.gui

NO = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def test_the_accessibility_tree_has_a_child_per_step_and_per_transition(studio: Any) -> None:
    view = studio.scenario_editor.view
    scene = studio.scenario_editor.scene
    tree = QAccessible.queryAccessibleInterface(view)
    assert tree is not None and tree.role() == QAccessible.Role.Canvas
    children = [tree.child(index) for index in range(tree.childCount())]
    assert len(children) == len(scene.nodes) + len(scene.edges)
    steps = [child for child in children if child.role() == QAccessible.Role.ListItem]
    links = [child for child in children if child.role() == QAccessible.Role.Link]
    assert len(steps) == len(scene.nodes) and len(links) == len(scene.edges)
    names = {child.text(QAccessible.Text.Name) for child in steps}
    assert names == {node.state.title for node in scene.nodes.values()}
    title = scene.nodes["features"].state.title
    features = next(c for c in steps if c.text(QAccessible.Text.Name) == title)
    outgoing = len(studio.session.scenario.steps["features"].transitions)
    description = features.text(QAccessible.Text.Description)
    assert description.startswith(f"step {title}, prompt, ")
    assert f"{outgoing} transitions" in description
    assert all(tree.indexOfChild(child) == index for index, child in enumerate(children))
    assert all(child.parent() is tree for child in children[:3])
    link = links[0]
    assert ": " in link.text(QAccessible.Text.Name) and " to " in link.text(QAccessible.Text.Name)


def test_a_warning_is_counted_in_the_step_description(studio: Any) -> None:
    scene = studio.scenario_editor.scene
    node = scene.nodes["features"]
    from dataclasses import replace

    node.set_state(replace(node.state, warnings=["unused"]))
    tree = QAccessible.queryAccessibleInterface(studio.scenario_editor.view)
    index = list(studio.session.scenario.steps).index("features")
    assert tree.child(index).text(QAccessible.Text.Description).endswith("1 warning")


def selected(studio: Any) -> Any:
    items = studio.scenario_editor.scene.selectedItems()
    return items[0] if len(items) == 1 else None


def selected_step(studio: Any) -> str | None:
    item = selected(studio)
    return item.step_id if isinstance(item, NodeItem) else None


def press(qtbot: Any, studio: Any, key: Qt.Key, mods: Any = NO) -> None:
    qtbot.keyClick(studio.scenario_editor.view, key, mods)


def tab_to(qtbot: Any, studio: Any, step_id: str) -> None:
    """Tab (or Shift+Tab) from step to step until ``step_id`` is selected."""
    order = list(studio.session.scenario.steps)
    for _ in range(len(order) + 1):
        current = selected_step(studio)
        if current == step_id:
            return
        if current is not None and order.index(current) > order.index(step_id):
            press(qtbot, studio, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
        else:
            press(qtbot, studio, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {step_id}")


def test_ten_editing_tasks_with_the_keyboard_only(studio: Any, qtbot: Any) -> None:
    editor, session = studio.scenario_editor, studio.session
    view = editor.view
    studio.activateWindow()
    view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)

    # 1. Tab moves from step to step: the step is selected (the focus is drawn) and said
    editor.select_step(None)
    press(qtbot, studio, Qt.Key.Key_Tab)
    assert selected_step(studio) == "welcome"
    assert view.property("lastAnnouncement").startswith("step Welcome, message")
    press(qtbot, studio, Qt.Key.Key_Tab)
    assert selected_step(studio) == list(session.scenario.steps)[1]
    press(qtbot, studio, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert selected_step(studio) == "welcome"

    # 2. move along the first transition with ↓, back with ↑
    press(qtbot, studio, Qt.Key.Key_Down)
    first = next(iter(session.scenario.steps["welcome"].transitions.values())).to
    assert selected_step(studio) == first
    press(qtbot, studio, Qt.Key.Key_Up)
    assert selected_step(studio) is not None

    # 3. add a question step below the selected one (Alt+1)
    tab_to(qtbot, studio, "welcome")
    press(qtbot, studio, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert session.document.has(("steps", "question")) and selected_step(studio) == "question"
    assert "question" in view.property("lastAnnouncement")

    # 4. give it a title on the canvas (F2, type, Enter), and a new id (Shift+F2, the dialog)
    press(qtbot, studio, Qt.Key.Key_F2)
    inline = editor.inline
    assert inline.isVisible() and QApplication.focusWidget() is inline
    qtbot.keyClicks(inline, "Budget")
    qtbot.keyClick(inline, Qt.Key.Key_Return)
    assert session.document.get(("steps", "question", "title")) == "Budget"
    assert QApplication.focusWidget() is view
    studio.answers.texts.append("budget")
    press(qtbot, studio, Qt.Key.Key_F2, Qt.KeyboardModifier.ShiftModifier)
    assert session.document.has(("steps", "budget")) and selected_step(studio) == "budget"

    # 5. connect it to the review step: C, Tab to the target, Enter, type the signal
    press(qtbot, studio, Qt.Key.Key_C)
    assert "Enter" in view.property("lastAnnouncement")
    tab_to(qtbot, studio, "review")
    studio.answers.texts.append("budget_known")
    press(qtbot, studio, Qt.Key.Key_Return)
    assert session.scenario.steps["budget"].transitions["budget_known"].to == "review"

    # 6. change its kind (K: prompt → message), in one undo step
    tab_to(qtbot, studio, "budget")
    count = session.undo_stack.count()
    press(qtbot, studio, Qt.Key.Key_K)
    assert session.document.get(("steps", "budget", "kind")) == "message"
    assert not session.document.has(("steps", "budget", "instructions"))
    assert session.undo_stack.count() == count + 1

    # 7. select its transition (→) and delete it (Delete)
    press(qtbot, studio, Qt.Key.Key_Right)
    assert isinstance(selected(studio), EdgeItem)
    press(qtbot, studio, Qt.Key.Key_Delete)
    assert "budget_known" not in session.scenario.steps["budget"].transitions

    # 8. undo (Ctrl+Z) brings it back, and says so
    press(qtbot, studio, Qt.Key.Key_Z, CTRL)
    assert "budget_known" in session.scenario.steps["budget"].transitions
    assert view.property("lastAnnouncement").startswith("Undone: ")

    # 9. delete the step itself
    tab_to(qtbot, studio, "budget")
    press(qtbot, studio, Qt.Key.Key_Delete)
    assert not session.document.has(("steps", "budget"))

    # 10. redo nothing, undo the deletion: the step and its transition are back
    press(qtbot, studio, Qt.Key.Key_Z, CTRL)
    assert session.scenario.steps["budget"].transitions["budget_known"].to == "review"

    # Esc cancels a connection started by mistake; Tab past the last step leaves the graph
    tab_to(qtbot, studio, "budget")
    press(qtbot, studio, Qt.Key.Key_C)
    press(qtbot, studio, Qt.Key.Key_Escape)
    assert view.keys.connecting is None
    tab_to(qtbot, studio, list(session.scenario.steps)[-1])
    press(qtbot, studio, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not view  # no keyboard trap
