"""The palette of step kinds: a click or a key places a step below the selected one, a drop
places it where it is dropped, each kind with its own fields."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from app.graph.layout import NODE_HEIGHT, NODE_WIDTH
from app.graph.palette import MIME

pytestmark = pytest.mark.gui


def test_the_palette_offers_the_four_kinds_above_the_graph(studio: Any) -> None:
    palette = studio.scenario_editor.step_palette
    assert palette.isVisible()
    assert [action.text() for action in palette.actions_by_entry.values()] == [
        "Question",
        "Message",
        "Action",
        "End",
    ]


def test_clicking_message_puts_a_message_step_below_the_selected_one(studio: Any) -> None:
    editor = studio.scenario_editor
    editor.select_step("features")
    below = studio.session.position("features")
    editor.step_palette.actions_by_entry["message"].trigger()
    body = studio.document.get(("steps", "message"))
    assert body["kind"] == "message" and body["text"]
    assert "steps/message.md" not in studio.document.files("steps/*.md")
    _x, y = studio.session.position("message")
    assert y >= below[1] and editor.selected_step == "message"
    node = editor.scene.nodes["message"]
    assert node.state.kind == "message"
    assert studio.session.undo_stack.count() == 1


def test_alt_3_adds_an_action_step_from_the_keyboard(studio: Any, qtbot: Any) -> None:
    editor = studio.scenario_editor
    studio.activateWindow()
    editor.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor.view)
    qtbot.keyClick(editor.view, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    body = studio.document.get(("steps", "action"))
    assert body["kind"] == "action" and body["call"] == {"python": "action"}
    assert "instructions" not in body


def test_a_kind_dropped_on_the_canvas_lands_where_it_is_dropped(studio: Any) -> None:
    editor = studio.scenario_editor
    view = editor.view
    free = editor.scene.items_rect().bottomRight() + QPointF(400, 400)
    view.centerOn(free)
    point = view.mapFromScene(free)
    data = QMimeData()
    data.setData(MIME, QByteArray(b"end"))
    enter = QDragEnterEvent(
        point,
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPointF(point),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), drop)
    body = studio.document.get(("steps", "end"))
    assert body["final"] is True and body["kind"] == "message"
    x, y = studio.session.position("end")
    landed = view.mapToScene(point)
    assert abs(x + NODE_WIDTH / 2 - landed.x()) <= 1 and abs(y + NODE_HEIGHT / 2 - landed.y()) <= 1


def test_a_step_added_by_double_click_lands_where_clicked(
    make_studio: Any, qtbot: Any, tmp_path: Any
) -> None:
    from PySide6.QtCore import QPoint

    studio = make_studio()
    assert studio.files.create_scenario(tmp_path / "bot", "blank")
    editor = studio.scenario_editor
    view = editor.view
    qtbot.wait(100)
    start = editor.scene.nodes[studio.session.scenario.start]
    beside = view.mapFromScene(start.sceneBoundingRect().topLeft() + QPointF(-100, 20))
    for number, point in enumerate((QPoint(120, 300), QPoint(view.viewport().width() - 130, 90))):
        clicked = view.mapToScene(point)
        studio.answers.texts.append(f"step_{number}")
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        centre = editor.scene.nodes[f"step_{number}"].center()
        # where clicked, or at most nudged clear of the margin kept round the start step
        assert abs(centre.x() - clicked.x()) + abs(centre.y() - clicked.y()) <= 26, (
            number,
            centre,
            clicked,
        )
    # right beside a step: moved just clear of it, not a row away
    studio.answers.texts.append("beside")
    clicked = view.mapToScene(beside)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=beside)
    node = editor.scene.nodes["beside"]
    assert not node.sceneBoundingRect().intersects(start.mapRectToScene(start.box()))
    moved = node.center() - clicked
    assert abs(moved.x()) + abs(moved.y()) <= 60, moved
