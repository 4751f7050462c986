"""Undo and redo as an author meets them: the keys they know, and labels in words."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from app import commands
from app.plain_text import shown_text

pytestmark = pytest.mark.gui


def test_redo_answers_to_ctrl_y_and_to_ctrl_shift_z(studio: Any, qtbot: Any) -> None:
    shortcuts = {key.toString() for key in studio.redo_action.shortcuts()}
    assert {"Ctrl+Y", "Ctrl+Shift+Z"} <= shortcuts
    stack = studio.session.undo_stack
    commands.set_field(stack, studio.session, ("steps", "users", "title"), "Who")
    studio.scenario_editor.view.setFocus()
    for keys in ("Ctrl+Y", "Ctrl+Shift+Z"):
        qtbot.keyClick(
            studio.scenario_editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
        )
        assert studio.session.scenario.steps["users"].title == "Target users"
        sequence = QKeySequence(keys)[0]
        qtbot.keyClick(studio.scenario_editor.view, sequence.key(), sequence.keyboardModifiers())
        assert studio.session.scenario.steps["users"].title == "Who", keys


def test_ctrl_y_in_the_instruction_editor_redoes_the_studios_edit(studio: Any, qtbot: Any) -> None:
    """The instruction editor's undo is the studio's: Ctrl+Y there redoes a graph edit too."""
    stack = studio.session.undo_stack
    studio.scenario_editor.select_step("users")
    commands.set_field(stack, studio.session, ("steps", "users", "goal"), "Know the users")
    stack.undo()
    field = studio.instructions.edit
    field.setFocus()
    QApplication.processEvents()
    qtbot.keyClick(field, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert studio.session.scenario.steps["users"].goal == "Know the users"


@pytest.mark.parametrize(
    ("edit", "label"),
    [
        (
            lambda s: commands.set_field(s.undo_stack, s, ("steps", "users", "goal"), "x"),
            "Change goal of 'users'",
        ),
        (
            lambda s: commands.set_field(
                s.undo_stack, s, ("steps", "consent", "transitions", "declined", "to"), "brief"
            ),
            "Point signal 'declined' of 'consent' to 'brief'",
        ),
        (
            lambda s: commands.set_field(s.undo_stack, s, ("steps", "review", "final"), True),
            "Mark 'review' final",
        ),
        (
            lambda s: commands.set_field(s.undo_stack, s, ("start",), "consent"),
            "Make 'consent' the start step",
        ),
        (
            lambda s: commands.delete_transition(s.undo_stack, s, "consent", "declined"),
            "Delete signal 'declined' of 'consent'",
        ),
        (
            lambda s: commands.push(
                s.undo_stack, commands.DeleteKeyCommand(s, ("steps", "users", "goal"))
            ),
            "Clear goal of 'users'",
        ),
        (
            lambda s: commands.push(
                s.undo_stack, commands.RenameKeyCommand(s, ("variables", "idea"), "concept")
            ),
            "Rename variable 'idea' to 'concept'",
        ),
        (
            lambda s: commands.connect_steps(s.undo_stack, s, "users", "review", "done_early"),
            "Connect 'users' → 'review' (signal 'done_early')",
        ),
        (lambda s: commands.delete_steps(s.undo_stack, s, ["users"]), "Delete step 'users'"),
    ],
)
def test_undo_labels_say_what_changed_in_words(studio: Any, edit: Any, label: str) -> None:
    edit(studio.session)
    assert studio.session.undo_stack.undoText() == label
    assert studio.undo_action.text() == f"&Undo {label}"
    assert "steps." not in studio.undo_action.text()


def test_the_inspectors_edits_are_labelled_in_words(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("users")
    field = studio.step_form.goal_edit
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "Who will use it")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert studio.session.undo_stack.undoText() == "Change goal of 'users'"
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Delete)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert studio.session.undo_stack.undoText() == "Clear goal of 'users'"


def test_the_toolbar_keeps_short_undo_labels_with_the_words_in_the_tooltip(studio: Any) -> None:
    commands.set_field(studio.session.undo_stack, studio.session, ("steps", "users", "goal"), "x")
    assert studio.toolbar_undo.text() == "Undo" and studio.toolbar_undo.isEnabled()
    assert shown_text(studio.toolbar_undo.toolTip()) == "Undo Change goal of 'users'"
    studio.toolbar_undo.trigger()
    assert studio.session.scenario.steps["users"].goal != "x"
    assert studio.toolbar_redo.isEnabled() and not studio.toolbar_undo.isEnabled()
