"""The instruction editor: Markdown text edited through the undo stack, placeholders checked."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat, QTextCursor

from app.commands import SetTextCommand
from app.instruction_editor import approx_tokens, request_size

pytestmark = pytest.mark.gui


def type_at_end(qtbot: Any, editor: Any, text: str) -> None:
    editor.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(editor, text)


def formats_at(editor: Any, needle: str) -> list[QTextCharFormat]:
    """The highlighter's formats over the first occurrence of ``needle``."""
    document = editor.document()
    found = document.find(needle)
    assert not found.isNull(), needle
    block = found.block()
    start = found.selectionStart() - block.position()
    ranges = block.layout().formats()
    return [
        QTextCharFormat(fmt.format) for fmt in ranges if fmt.start <= start < fmt.start + fmt.length
    ]


def test_selecting_a_step_opens_its_instruction_file(studio: Any, analyst_bot: Any) -> None:
    studio.scenario_editor.select_step("features")
    assert studio.instructions.relpath == "steps/features.md"
    assert studio.instructions.edit.toPlainText() == (analyst_bot / "steps/features.md").read_text(
        encoding="utf-8"
    )
    studio.scenario_editor.select_step("brief")  # a message step has no instruction file
    assert studio.instructions.relpath is None
    assert studio.instructions.edit.isReadOnly()
    assert "message step" in studio.instructions.edit.placeholderText()


def test_typing_is_one_undo_step_and_undo_restores_the_text(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    original = editor.toPlainText()
    type_at_end(qtbot, editor, " Be brief.")
    stack = studio.session.undo_stack
    assert stack.count() == 1  # a burst of typing merges into one command
    assert studio.document.text("steps/idea.md") == original + " Be brief."
    assert studio.isWindowModified()
    qtbot.keyClick(studio.scenario_editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.toPlainText() == original
    assert studio.document.text("steps/idea.md") == original
    assert not studio.isWindowModified()
    stack.redo()
    assert editor.toPlainText() == original + " Be brief."


def test_typing_after_a_pause_is_a_separate_undo_step(
    studio: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SetTextCommand, "MERGE_WINDOW_S", 0.0)
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    type_at_end(qtbot, editor, "ab")
    assert studio.session.undo_stack.count() == 2


def test_undoing_text_in_another_step_shows_that_step_again(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("idea")
    original = studio.instructions.edit.toPlainText()
    type_at_end(qtbot, studio.instructions.edit, "!")
    studio.scenario_editor.select_step("users")
    studio.session.undo_stack.undo()
    assert studio.document.text("steps/idea.md") == original
    studio.scenario_editor.select_step("idea")
    assert studio.instructions.edit.toPlainText() == original


def test_declared_placeholders_are_highlighted_and_unknown_ones_marked(
    studio: Any, qtbot: Any
) -> None:
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    type_at_end(qtbot, editor, " Hello {{project_name}} and {{nobody_knows}}.")
    known = formats_at(editor, "{{project_name}}")
    unknown = formats_at(editor, "{{nobody_knows}}")
    assert known and known[-1].underlineStyle() == QTextCharFormat.UnderlineStyle.NoUnderline
    assert unknown and unknown[-1].underlineStyle() == (
        QTextCharFormat.UnderlineStyle.WaveUnderline
    )
    assert studio.instructions.highlighter.unknown_placeholders(editor.toPlainText()) == [
        "nobody_knows"
    ]


def test_typing_double_braces_offers_the_declared_variables(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    type_at_end(qtbot, editor, " {{proj")
    completer = editor.completer
    assert completer.popup().isVisible()
    assert completer.currentCompletion() == "project_name"
    editor.insert_completion(completer.currentCompletion())
    assert editor.toPlainText().endswith(" {{project_name}}")


def test_the_footer_counts_the_call_entering_the_step_and_the_steps_own_part(
    studio: Any, qtbot: Any
) -> None:
    studio.scenario_editor.select_step("idea")
    counter = studio.instructions.counter
    size = request_size(studio.session, "idea")
    assert size is not None and size.layout.value == "compact"
    assert size.total > size.step_part > len(studio.instructions.edit.toPlainText())
    assert (
        f"a call of ≈ {approx_tokens(size.total):,} tokens, this step's part ≈ "
        f"{approx_tokens(size.step_part):,}"
    ) in counter.text()
    type_at_end(qtbot, studio.instructions.edit, " " + "x" * 400)
    grown = request_size(studio.session, "idea")
    assert grown is not None and grown.step_part - size.step_part >= 400
    assert grown.total - size.total == grown.step_part - size.step_part
    qtbot.waitUntil(
        lambda: f"this step's part ≈ {approx_tokens(grown.step_part):,}" in counter.text(),
        timeout=3000,
    )


def test_the_request_size_follows_what_the_engine_sends(studio: Any, analyst_bot: Any) -> None:
    """The footer's figure is the engine's own prompt: schema, instructions and the items the
    call carries into the conversation (the step's section)."""
    from engine.dialogue.prompting import build_prompt

    scenario = studio.session.scenario
    prompt = build_prompt(scenario, scenario.steps["users"], {}, layout=scenario.model.layout)
    size = request_size(studio.session, "users")
    assert size is not None
    sent = (
        len(json.dumps(prompt.schema, ensure_ascii=False, separators=(",", ":")))
        + len(prompt.instructions)
        + sum(len(item.content) for item in prompt.items)
    )
    assert size.total == sent
    assert request_size(studio.session, "goodbye") is None  # a message step makes no call


def test_the_persona_is_editable_with_undo(studio: Any, qtbot: Any, analyst_bot: Any) -> None:
    persona = studio.scenario_pane.persona
    assert persona.relpath == "persona.md"
    original = (analyst_bot / "persona.md").read_text(encoding="utf-8")
    assert persona.edit.toPlainText() == original
    type_at_end(qtbot, persona.edit, " Stay polite.")
    assert studio.session.scenario.persona_text == original + " Stay polite."
    studio.session.undo_stack.undo()
    assert studio.session.scenario.persona_text == original


def test_ctrl_z_in_the_editor_undoes_through_the_studios_stack(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    original = editor.toPlainText()
    editor.setFocus()
    type_at_end(qtbot, editor, "abc")
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.toPlainText() == original
    assert studio.session.undo_stack.index() == 0
    qtbot.keyClick(
        editor,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert editor.toPlainText() == original + "abc"


def test_enter_in_the_completion_takes_the_first_candidate(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    type_at_end(qtbot, editor, " {{")
    popup = editor.completer.popup()
    assert popup.isVisible() and popup.currentIndex().row() == 0
    first = popup.currentIndex().data()
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert editor.toPlainText().endswith(f" {{{{{first}}}}}")
    assert not popup.isVisible()
    type_at_end(qtbot, editor, " {{pro")
    qtbot.keyClick(editor.completer.popup(), Qt.Key.Key_Tab)
    assert editor.toPlainText().endswith(" {{problem}}")  # the first of problem, project_name


def test_the_instructions_have_room_beside_the_graph_with_numbered_lines(
    studio: Any, qtbot: Any
) -> None:
    studio.resize(1600, 1000)
    studio.scenario_editor.select_step("features")
    instructions = studio.instructions
    qtbot.waitUntil(lambda: instructions.edit.isVisible())
    assert studio.central_splitter.isAncestorOf(instructions)  # beside the graph
    assert instructions.edit.gutter.isVisible()
    assert instructions.edit.viewportMargins().left() == instructions.edit.gutter_width()
    # the author can give it half the window, or all of the centre
    splitter = studio.central_splitter
    total = sum(splitter.sizes())
    splitter.setSizes([total // 2, total - total // 2])
    assert abs(instructions.width() - studio.scenario_editor.width()) <= 2
    studio.instructions_action.trigger()  # F4: away, and the graph takes the centre
    assert splitter.sizes()[1] == 0 and not studio.instructions_action.isChecked()
    studio.scenario_editor.stepActivated.emit("features")  # a double-click brings it back
    assert splitter.sizes()[1] >= total // 3 and studio.instructions_action.isChecked()
    assert instructions.edit.hasFocus() or not studio.isActiveWindow()


def test_the_markdown_preview_shows_the_instructions_rendered(studio: Any) -> None:
    studio.scenario_editor.select_step("features")
    instructions = studio.instructions
    instructions.preview_button.click()
    assert instructions.pages.currentWidget() is instructions.preview
    rendered = instructions.preview.toPlainText()
    assert "Collecting:" in rendered and "- Ask for one feature" not in rendered  # a list now
    assert "Ask for one feature at a time" in rendered
    studio.scenario_editor.select_step("idea")  # another file: its preview
    assert "Collecting:" not in instructions.preview.toPlainText()
    instructions.preview_button.click()
    assert instructions.pages.currentWidget() is instructions.edit


def test_lines_a_problem_points_at_are_marked_in_the_instructions(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    editor.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "Mention {{nobody_knows}} here.")
    line = editor.document().blockCount()
    qtbot.waitUntil(lambda: line in editor.marked, timeout=3000)
    assert "nobody_knows" in editor.marked[line]


def test_with_no_step_selected_the_editor_shows_the_persona(studio: Any, qtbot: Any) -> None:
    instructions = studio.instructions
    studio.scenario_editor.select_step("idea")
    assert instructions.relpath == "steps/idea.md"
    studio.scenario_editor.select_step(None)
    assert instructions.relpath == "persona.md" and "Persona" in instructions.header.text()
    assert "every model call" in instructions.counter.text()
    type_at_end(qtbot, instructions.edit, " Be brief.")
    assert studio.session.document.text("persona.md").endswith(" Be brief.")
    assert studio.scenario_pane.persona.edit.toPlainText().endswith(" Be brief.")


def test_the_gutter_paints_a_warning_amber_and_an_error_red(qtbot: Any) -> None:
    """The gutter once painted every problem as an error (red ✖, red band)."""
    from PySide6.QtGui import QColor

    from app.code_edit import MARK_STYLES, CodeEdit, problem_marks
    from engine.errors import ScenarioError

    edit = CodeEdit()
    qtbot.addWidget(edit)
    edit.setPlainText("one\ntwo\nthree\n")
    edit.resize(300, 200)
    edit.show()
    qtbot.waitExposed(edit)
    problems = [
        ScenarioError("a typo", line=1, severity="error"),
        ScenarioError("unused", line=2, severity="warning"),
        ScenarioError("worse", line=3, severity="warning"),
        ScenarioError("broken", line=3, severity="error"),
    ]
    marks = problem_marks(problems)
    assert marks.warnings == {2}  # a line with an error is an error line
    edit.mark_lines(marks)
    assert [edit.severity_of(line) for line in (1, 2, 3)] == ["error", "warning", "error"]

    image = edit.gutter.grab().toImage()
    height = edit.fontMetrics().height()

    def band(line: int) -> QColor:  # the band, right of the symbol, left of the number
        top = round(edit.blockBoundingGeometry(edit.document().findBlockByNumber(line - 1)).top())
        return image.pixelColor(15, top + height // 2)

    red, amber = band(1), band(2)
    assert red != amber and band(3) == red
    # red: green and blue alike, well under red; amber: green well over blue
    assert red.red() > red.green() + 40 and abs(red.green() - red.blue()) < 10, red.name()
    assert amber.green() > amber.blue() + 30, amber.name()
    assert MARK_STYLES["warning"][0] == "⚠" and MARK_STYLES["error"][0] == "✖"


def test_an_instruction_file_is_saved_with_a_final_line_break(
    studio: Any, qtbot: Any, analyst_bot: Any
) -> None:
    """Typing on the last (empty) line once saved the file without its final newline."""
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    type_at_end(qtbot, editor, "One more rule.")
    qtbot.waitUntil(lambda: studio.session.document.text("steps/idea.md").endswith("rule."))
    assert studio.files.save()
    saved = (analyst_bot / "steps" / "idea.md").read_text(encoding="utf-8")
    assert saved.endswith("One more rule.\n") and not saved.endswith("\n\n")
    assert not studio.session.document.is_modified("steps/idea.md")
    assert studio.session.undo_stack.isClean()


def test_a_result_no_variable_declares_is_a_known_placeholder_and_is_offered(
    make_studio: Any, analyst_bot: Any, qtbot: Any
) -> None:
    """The editor once knew only ``variables:``: ``{{favourite_colour}}``, a step's result, was
    underlined red while the Problems pane (the validator) found nothing wrong."""
    yaml_path = analyst_bot / "scenario.yaml"
    text = yaml_path.read_text(encoding="utf-8")
    anchor = "      project_name: {type: string, required: true,"
    assert anchor in text
    yaml_path.write_text(
        text.replace(anchor, "      favourite_colour: {type: string}\n" + anchor, 1),
        encoding="utf-8",
    )
    studio = make_studio()
    assert studio.files.open_folder(analyst_bot)
    assert "favourite_colour" not in studio.session.scenario.variables
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    type_at_end(qtbot, editor, " Mention {{favourite_colour}} and {{favo")
    assert editor.completer.popup().isVisible()
    assert editor.completer.currentCompletion() == "favourite_colour"
    known = formats_at(editor, "{{favourite_colour}}")
    assert known and known[-1].underlineStyle() == QTextCharFormat.UnderlineStyle.NoUnderline
    qtbot.waitUntil(lambda: studio.session.problems is not None)
    placeholder_problems = [
        problem
        for problem in studio.session.problems
        if getattr(problem, "code", "") == "undeclared-placeholder"
    ]
    assert placeholder_problems == []
    assert studio.instructions.highlighter.unknown_placeholders(editor.toPlainText()) == []
