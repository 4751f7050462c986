"""The step form: the selected step's fields and tables, each edit an undo command."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton

from app.plain_text import shown_text

pytestmark = pytest.mark.gui


def cell_text(table: Any, row: int, column: int) -> str:
    widget = table.cellWidget(row, column)
    if isinstance(widget, QComboBox):
        return widget.currentText()
    item = table.item(row, column)
    return item.text() if item is not None else ""


def rows(table: Any) -> list[list[str]]:
    return [
        [cell_text(table, row, column) for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


def row_of(table: Any, first: str) -> int:
    return next(row for row in range(table.rowCount()) if table.item(row, 0).text() == first)


def edit_cell(table: Any, row: int, column: int, text: str) -> None:
    table.item(row, column).setText(text)


def test_selecting_a_step_shows_its_fields_and_tables(studio: Any) -> None:
    inspector = studio.step_form
    assert inspector.stack.currentIndex() == 0  # nothing selected: the hint is shown
    studio.scenario_editor.select_step("consent")
    scenario = studio.session.scenario
    step = scenario.steps["consent"]
    assert inspector.title_edit.text() == step.title
    assert inspector.goal_edit.text() == step.goal
    assert inspector.kind_combo.currentText() == "prompt"
    assert not inspector.final_check.isChecked()
    assert rows(inspector.transitions) == [
        [signal, t.to, ", ".join(t.requires)] for signal, t in step.transitions.items()
    ]
    assert [r[:2] for r in rows(inspector.results)] == [
        [name, result.type.value] for name, result in step.results.items()
    ]
    required = inspector.results.item(0, 2).checkState() == Qt.CheckState.Checked
    assert required is step.results["consent"].required
    # the selected row's longer fields are under its table (the first row at first)
    assert inspector.selected_signal() == "agreed" and inspector.selected_result() == "consent"
    inspector.transitions.setCurrentCell(row_of(inspector.transitions, "declined"), 0)
    assert inspector.transition_description.text() == step.transitions["declined"].description
    inspector.transitions.setCurrentCell(row_of(inspector.transitions, "agreed"), 0)
    assert inspector.transition_description.text() == step.transitions["agreed"].description
    assert inspector.transition_requires.text() == "consent"
    inspector.results.setCurrentCell(0, 0)
    assert inspector.result_description.text() == step.results["consent"].description


def select_row(table: Any, first: str) -> None:
    table.setCurrentCell(row_of(table, first), 0)


def commit(field: Any, text: str) -> None:
    field.setText(text)
    field.editingFinished.emit()


def test_the_tables_fit_the_pane_at_the_default_size(studio: Any, qtbot: Any) -> None:
    """No sideways scrolling: every column is inside the table, the signal readable."""
    studio.resize(1600, 1000)
    studio.scenario_editor.select_step("features")  # long signals, a guard of 15 names
    inspector = studio.step_form
    for table in (inspector.transitions, inspector.results):
        qtbot.waitUntil(lambda t=table: t.isVisible() and t.viewport().width() > 0)
        header = table.horizontalHeader()
        used = sum(header.sectionSize(column) for column in range(table.columnCount()))
        assert used <= table.viewport().width() + 1, table.horizontalHeaderItem(0).text()
        assert not table.horizontalScrollBar().isVisible()
        assert header.sectionSize(0) >= table.fontMetrics().horizontalAdvance("features_done")
    guard = inspector.transitions.item(row_of(inspector.transitions, "back_to_review"), 2)
    assert guard.text() == "15 variables" and "project_name" in guard.toolTip()


def test_editing_the_title_is_undoable_and_shown_on_the_graph(studio: Any, qtbot: Any) -> None:
    before = studio.document.yaml_text()
    studio.scenario_editor.select_step("users")
    field = studio.step_form.title_edit
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "Who uses it")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert studio.session.scenario.steps["users"].title == "Who uses it"
    assert studio.scenario_editor.scene.nodes["users"].state.title == "Who uses it"
    assert studio.isWindowModified()
    studio.session.undo_stack.undo()
    assert studio.document.yaml_text() == before
    assert field.text() == "Target users"
    assert not studio.isWindowModified()


def test_editing_a_transition_in_the_table(studio: Any) -> None:
    before = studio.document.yaml_text()
    studio.scenario_editor.select_step("consent")
    inspector = studio.step_form
    table = inspector.transitions
    select_row(table, "declined")
    commit(inspector.transition_description, "The user said no")
    assert studio.session.scenario.steps["consent"].transitions["declined"].description == (
        "The user said no"
    )
    combo = table.cellWidget(row_of(table, "declined"), 1)
    combo.setCurrentText("brief")
    combo.activated.emit(combo.currentIndex())
    assert studio.session.scenario.steps["consent"].transitions["declined"].to == "brief"
    assert ("consent", "declined", "brief") in {
        (e.source.step_id, e.signal, e.target.step_id) for e in studio.scenario_editor.scene.edges
    }
    assert inspector.selected_signal() == "declined"  # still selected after the edits
    commit(inspector.transition_requires, "consent")
    assert studio.session.scenario.steps["consent"].transitions["declined"].requires == ["consent"]
    assert table.item(row_of(table, "declined"), 2).text() == "consent"
    edit_cell(table, row_of(table, "declined"), 0, "refused")
    transitions = studio.session.scenario.steps["consent"].transitions
    assert list(transitions) == ["agreed", "refused"]  # renamed in place, order kept
    stack = studio.session.undo_stack
    assert stack.count() == 4
    while stack.canUndo():
        stack.undo()
    assert studio.document.yaml_text() == before


def test_an_invalid_signal_name_is_refused_with_a_message(studio: Any) -> None:
    before = studio.document.yaml_text()
    studio.scenario_editor.select_step("consent")
    table = studio.step_form.transitions
    edit_cell(table, row_of(table, "declined"), 0, "no way")
    assert studio.document.yaml_text() == before
    assert "cannot be a signal" in studio.statusBar().currentMessage()
    assert rows(table)[1][0] == "declined"


def test_adding_and_removing_transitions_with_the_buttons(studio: Any) -> None:
    studio.scenario_editor.select_step("risks")
    add = studio.step_form.findChild(QPushButton, "addTransitions")
    remove = studio.step_form.findChild(QPushButton, "removeTransitions")
    add.click()
    transitions = studio.session.scenario.steps["risks"].transitions
    assert list(transitions) == ["risks_clear", "next"]
    # the new edge leads on, to a step risks does not reach yet — not back to the start
    steps = list(studio.session.scenario.steps)
    after = steps[steps.index("risks") + 1 :] + steps[: steps.index("risks")]
    reached = transitions["risks_clear"].to
    assert transitions["next"].to == next(step for step in after if step != reached)
    assert transitions["next"].to != studio.session.scenario.start
    table = studio.step_form.transitions
    table.selectRow(row_of(table, "risks_clear"))
    remove.click()
    assert list(studio.session.scenario.steps["risks"].transitions) == ["next"]


def test_editing_results_name_type_required_and_description(studio: Any) -> None:
    before = studio.document.yaml_text()
    studio.scenario_editor.select_step("users")
    inspector = studio.step_form
    inspector.findChild(QPushButton, "addResults").click()
    results = studio.session.scenario.steps["users"].results
    assert list(results) == ["target_users", "main_scenario", "result"]
    table = inspector.results
    row = row_of(table, "result")
    edit_cell(table, row, 0, "team_size")
    row = row_of(table, "team_size")
    combo = table.cellWidget(row, 1)
    combo.setCurrentText("integer")
    combo.activated.emit(combo.currentIndex())
    table.item(row_of(table, "team_size"), 2).setCheckState(Qt.CheckState.Checked)
    select_row(table, "team_size")
    commit(inspector.result_description, "How many people")
    result = studio.session.scenario.steps["users"].results["team_size"]
    assert (result.type.value, result.required, result.description) == (
        "integer",
        True,
        "How many people",
    )
    stack = studio.session.undo_stack
    while stack.canUndo():
        stack.undo()
    assert studio.document.yaml_text() == before
    while stack.canRedo():
        stack.redo()
    assert studio.session.scenario.steps["users"].results["team_size"].required


def test_kind_and_final_edits_change_how_the_node_is_drawn(studio: Any) -> None:
    studio.scenario_editor.select_step("risks")
    inspector = studio.step_form
    inspector.final_check.click()
    assert studio.scenario_editor.scene.nodes["risks"].state.final
    inspector.kind_combo.setCurrentText("message")
    inspector.kind_combo.activated.emit(inspector.kind_combo.currentIndex())
    assert studio.scenario_editor.scene.nodes["risks"].state.kind == "message"
    studio.session.undo_stack.undo()
    studio.session.undo_stack.undo()
    assert not studio.scenario_editor.scene.nodes["risks"].state.final
    assert studio.scenario_editor.scene.nodes["risks"].state.kind == "prompt"


def test_variables_are_editable_in_the_scenario_pane(studio: Any) -> None:
    pane = studio.scenario_pane
    before = studio.document.yaml_text()
    pane.add_variable("team_size")
    table = pane.variables
    row = row_of(table, "team_size")
    table.item(row, 2).setText("3")
    table.item(row_of(table, "team_size"), 3).setText("People on the team")
    combo = table.cellWidget(row_of(table, "team_size"), 1)
    combo.setCurrentText("integer")
    combo.activated.emit(combo.currentIndex())
    variable = studio.session.scenario.variables["team_size"]
    assert (variable.type.value, variable.default, variable.description) == (
        "integer",
        3,
        "People on the team",
    )
    stack = studio.session.undo_stack
    while stack.canUndo():
        stack.undo()
    assert studio.document.yaml_text() == before


def test_a_message_steps_text_keeps_its_lines_and_block_style(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("brief")
    field = studio.step_form.text_edit
    original = studio.session.scenario.steps["brief"].text
    assert field.isVisible() and field.toPlainText() == original
    assert not studio.step_form.instructions_edit.isVisible()  # message steps have no file
    field.setFocus()
    field.moveCursor(field.textCursor().MoveOperation.End)
    qtbot.keyClicks(field, "Bye!")
    studio.scenario_editor.view.setFocus()  # leaving the field commits it
    assert studio.session.scenario.steps["brief"].text == original + "Bye!"
    assert "    text: |" in studio.document.yaml_text()  # still a literal block
    studio.session.undo_stack.undo()
    assert studio.session.scenario.steps["brief"].text == original


def test_the_variables_table_fits_the_pane_too(studio: Any, qtbot: Any) -> None:
    studio.resize(1600, 1000)
    studio.panes["Scenario"].raise_()
    studio.scenario_pane.show_variable("hours_per_week")
    table = studio.scenario_pane.variables
    qtbot.waitUntil(lambda: table.isVisible() and table.viewport().width() > 0)
    header = table.horizontalHeader()
    assert sum(header.sectionSize(c) for c in range(4)) <= table.viewport().width() + 1
    assert not table.horizontalScrollBar().isVisible()
    assert header.sectionSize(0) >= table.fontMetrics().horizontalAdvance("hours_per_week")
    row = row_of(table, "problem")
    assert shown_text(table.item(row, 3).toolTip()) == (
        studio.session.scenario.variables["problem"].description
    )


def test_a_new_step_has_no_empty_goal_and_tabbing_through_it_is_no_edit(
    studio: Any, qtbot: Any
) -> None:
    from app import commands

    session = studio.session
    commands.add_step(session.undo_stack, session, "date", (400.0, 300.0))
    assert "goal: ''" not in session.document.text("scenario.yaml")
    assert not session.document.has(("steps", "date", "goal"))
    studio.scenario_editor.select_step("date")
    form = studio.step_form
    entries = session.undo_stack.count()
    form.goal_edit.setFocus()
    qtbot.keyClick(form.goal_edit, Qt.Key.Key_Tab)
    form.goal_edit.editingFinished.emit()  # offscreen focus changes do not always emit it
    assert session.undo_stack.count() == entries
    assert session.undo_stack.undoText() == "Add step 'date'"
    # a file that writes the empty goal out is left as it is too
    commands.set_field(session.undo_stack, session, ("steps", "date", "goal"), "")
    entries = session.undo_stack.count()
    form.goal_edit.editingFinished.emit()
    assert session.undo_stack.count() == entries
    # and clearing a goal that was written still removes it
    commands.set_field(session.undo_stack, session, ("steps", "date", "goal"), "Agree on a day")
    form.goal_edit.setText("")
    form.goal_edit.editingFinished.emit()
    assert not session.document.has(("steps", "date", "goal"))


def test_deleting_a_transition_the_instructions_still_name_is_flagged_in_problems(
    studio: Any, qtbot: Any
) -> None:
    from app import commands

    session = studio.session
    review = "steps/review.md"
    commands.push(
        session.undo_stack,
        commands.SetTextCommand(
            session,
            review,
            session.document.text(review) + "\nTo change the idea, send `fix_idea`.\n",
        ),
    )
    session.revalidate()
    assert not [p for p in session.problems if getattr(p, "code", "") == "unknown-signal-in-text"]

    commands.delete_transition(session.undo_stack, session, "review", "fix_idea")
    session.revalidate()  # the studio does it a moment after the edit

    (flagged,) = [p for p in session.problems if getattr(p, "code", "") == "unknown-signal-in-text"]
    assert flagged.severity == "warning" and "'fix_idea'" in flagged.message
    assert flagged.path is not None and flagged.path.name == "review.md"
    session.undo_stack.undo()
    session.revalidate()
    assert not [p for p in session.problems if getattr(p, "code", "") == "unknown-signal-in-text"]
