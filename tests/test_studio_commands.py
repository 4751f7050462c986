"""Undo commands: a refused edit leaves nothing behind, on the stack or in the files.

A multi-part edit is one :func:`app.commands.macro`: if a part raises, the parts already done
are undone, nothing is pushed, and the error reaches the caller as it was raised. The undo stack
then works exactly as before the attempt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from app import commands
from app.edit_session import EditSession
from app.step_kinds import switch_kind
from engine.scenario.document import Change, ScenarioDocument

pytestmark = pytest.mark.gui


@pytest.fixture
def session(qtbot: QtBot, analyst_bot: Path) -> EditSession:
    return EditSession(ScenarioDocument.open(analyst_bot))


def stack_state(stack: QUndoStack) -> tuple[int, int, bool, list[str]]:
    return (
        stack.count(),
        stack.index(),
        stack.isClean(),
        [stack.text(index) for index in range(stack.count())],
    )


def test_a_macro_whose_part_raises_is_rolled_back_and_dropped(session: EditSession) -> None:
    stack, document = session.undo_stack, session.document
    original = document.yaml_text()
    commands.set_field(stack, session, ("steps", "idea", "title"), "First edit")
    before_text, before_stack = document.yaml_text(), stack_state(stack)
    before_positions = session.positions()

    # "users" exists: the step is inserted by the first part, the second part is refused
    with (
        pytest.raises(KeyError, match=r"steps\.users already exists"),
        commands.macro(stack, "Two steps") as edit,
    ):
        commands.add_step(edit, session, "brand_new", (0.0, 0.0))
        commands.add_step(edit, session, "users", (10.0, 10.0))

    assert document.yaml_text() == before_text
    assert not document.has(("steps", "brand_new"))
    assert session.positions() == before_positions
    assert stack_state(stack) == before_stack
    # the stack is not stuck in a macro: the next edit is its own undo step, and undo works
    commands.set_field(stack, session, ("steps", "idea", "title"), "Second edit")
    assert stack.count() == 2 and stack.canUndo()
    stack.undo()
    stack.undo()
    assert document.yaml_text() == original
    assert stack.isClean()


def test_adding_a_step_whose_id_exists_changes_nothing(session: EditSession) -> None:
    stack, document = session.undo_stack, session.document
    text = document.yaml_text()
    with pytest.raises(KeyError, match="already exists"):
        commands.add_step(stack, session, "idea", (0.0, 0.0))
    assert stack.count() == 0 and document.yaml_text() == text
    assert not document.modified


def test_a_refused_single_command_is_not_recorded(session: EditSession) -> None:
    stack = session.undo_stack
    commands.set_field(stack, session, ("title",), "Kept")
    with pytest.raises(KeyError):
        commands.push(stack, commands.DeleteKeyCommand(session, ("steps", "nowhere")))
    assert [stack.text(i) for i in range(stack.count())] == ["Change the scenario's title"]
    stack.undo()
    assert session.document.get(("title",)) != "Kept"


def test_a_nested_macro_that_fails_rolls_back_the_enclosing_one(session: EditSession) -> None:
    stack, document = session.undo_stack, session.document
    text = document.yaml_text()

    with (
        pytest.raises(RuntimeError, match="the author cancelled"),
        commands.macro(stack, "Outer") as outer,
    ):
        commands.delete_transition(outer, session, "idea", "idea_clear")
        with commands.macro(outer, "Inner") as inner:
            commands.set_field(inner, session, ("steps", "users", "title"), "Changed")
            raise RuntimeError("the author cancelled")

    assert document.yaml_text() == text and stack.count() == 0


def test_a_macro_is_one_undo_step_that_redoes_whole(session: EditSession) -> None:
    stack, document = session.undo_stack, session.document
    text = document.yaml_text()
    commands.delete_steps(stack, session, ["idea"])
    assert stack.count() == 1 and not document.has(("steps", "idea"))
    edited = document.yaml_text()
    stack.undo()
    assert document.yaml_text() == text
    stack.redo()
    assert document.yaml_text() == edited


def test_an_empty_macro_pushes_nothing(session: EditSession) -> None:
    with commands.macro(session.undo_stack, "Nothing"):
        pass
    assert session.undo_stack.count() == 0


def heard(session: EditSession) -> list[Change]:
    """What the views hear from now on (the session's ``changed`` signal)."""
    changes: list[Change] = []
    session.changed.connect(changes.append)
    return changes


def test_the_parts_of_a_gesture_reach_the_views_as_one_change(session: EditSession) -> None:
    """Switching a step's kind is some ten edits of the step: the views refresh once (the
    scenario derived once, each pane redrawn once), when the gesture is complete."""
    changes = heard(session)
    with commands.macro(session.undo_stack, "Make 'idea' a message") as edit:
        switch_kind(edit, session, "idea", "message")
        assert changes == []  # nothing half-done is shown
    [change] = changes
    assert change.steps == {"idea"} and change.path[:2] == ("steps", "idea")
    assert change.structural and not change.whole
    assert session.scenario is not None
    assert session.scenario.steps["idea"].kind.value == "message"

    changes.clear()
    session.undo_stack.undo()
    assert len(changes) == 1 and changes[0].steps == {"idea"}
    changes.clear()
    session.undo_stack.redo()
    assert len(changes) == 1 and changes[0].steps == {"idea"}


def test_a_gesture_heard_as_one_still_says_each_part_of_the_document_it_touched(
    session: EditSession,
) -> None:
    """The start and a step are different parts: each view hears the part it shows."""
    changes = heard(session)
    with commands.macro(session.undo_stack, "Two parts") as edit:
        commands.set_field(edit, session, ("steps", "users", "title"), "Who uses it")
        commands.set_field(edit, session, ("start",), "users")
        commands.set_field(edit, session, ("steps", "idea", "title"), "The idea")
    assert [(change.path, change.steps) for change in changes] == [
        (("steps",), {"users", "idea"}),
        (("start",), frozenset()),
    ]


def test_a_refused_gesture_leaves_the_views_showing_the_document_as_it_was(
    session: EditSession,
) -> None:
    changes = heard(session)
    with pytest.raises(KeyError), commands.macro(session.undo_stack, "Two steps") as edit:
        commands.add_step(edit, session, "brand_new", (0.0, 0.0))
        commands.add_step(edit, session, "users", (10.0, 10.0))
    # what was done and undone is heard once, after the undo: views read the document as it is
    [yaml_change] = [change for change in changes if change.structural]
    assert "brand_new" in yaml_change.steps
    assert [change.path for change in changes if not change.structural] == [
        ("steps/brand_new.md",)  # its instruction file, made and removed
    ]
    assert session.step_ids.stringList() == list(session.document.keys(("steps",)))
    assert "brand_new" not in session.positions()


def test_the_studio_tells_the_author_when_an_edit_is_refused(studio: Any) -> None:
    session = studio.session
    studio.scenario_editor.select_step("idea")
    studio.scenario_editor.run_edit(
        "Add step", lambda: commands.add_step(session.undo_stack, session, "users", (0, 0))
    )
    title, message, problem = studio.answers.told[-1]
    assert problem and title == "Add step"
    assert "nothing was changed" in message and "steps.users already exists" in message
    assert session.undo_stack.count() == 0
    assert not studio.isWindowModified()
