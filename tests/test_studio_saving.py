"""Saving, unsaved changes, files changed by others, and scenarios that do not load."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app import commands
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui

Button = QMessageBox.StandardButton


def changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.ndiff(before.splitlines(), after.splitlines())
        if line.startswith(("- ", "+ "))
    ]


def edit_and_save(studio: Any, yaml_path: Path) -> tuple[str, str]:
    original = yaml_path.read_text(encoding="utf-8")
    studio.scenario_editor.select_step("consent")
    inspector = studio.step_form
    inspector.transitions.setCurrentCell(1, 0)
    inspector.transition_description.setText("The user would rather not")
    inspector.transition_description.editingFinished.emit()
    studio.scenario_editor.select_step("users")
    studio.step_form.add_result("team_size")
    assert studio.isWindowModified()
    assert studio.files.save()
    assert not studio.isWindowModified()
    return original, yaml_path.read_text(encoding="utf-8")


def test_saving_keeps_comments_key_order_and_flow_style(studio: Any, analyst_bot: Path) -> None:
    original, saved = edit_and_save(studio, analyst_bot / "scenario.yaml")
    assert [line for line in original.splitlines() if line.lstrip().startswith("#")] == [
        line for line in saved.splitlines() if line.lstrip().startswith("#")
    ]
    assert "        description: The user would rather not" in saved.splitlines()
    assert "team_size" in load_scenario(analyst_bot).steps["users"].results
    for untouched in (
        "model: {name: gpt-4.1-mini, temperature: 0.3}",
        "      asked: {to: consent}",
        "  fix_risks: {to: risks, description: The user wants to change risks or "
        "open questions}".strip(),
    ):
        assert untouched.strip() in saved
    keys = [line.split(":")[0] for line in saved.splitlines() if line and line[0].isalpha()]
    assert keys == [
        line.split(":")[0] for line in original.splitlines() if line and line[0].isalpha()
    ]
    assert not [p for p in analyst_bot.rglob("*") if p.name.endswith(".tmp")]


def test_saving_rewrites_only_the_edited_lines(studio: Any, analyst_bot: Path) -> None:
    original, saved = edit_and_save(studio, analyst_bot / "scenario.yaml")
    assert changed_lines(original, saved) == [
        "-         description: The user does not want to go on",
        "+         description: The user would rather not",
        "+       team_size: {type: string}",
    ]


def test_the_title_bar_shows_unsaved_changes(studio: Any) -> None:
    assert not studio.isWindowModified()
    assert "[*]" in studio.windowTitle()  # Qt renders it as '*' while modified
    studio.scenario_editor.select_step("idea")
    studio.scenario_editor.rename_selected("the_idea")
    assert studio.isWindowModified()
    studio.session.undo_stack.undo()
    assert not studio.isWindowModified()


def test_save_writes_edited_instruction_text_and_nothing_else(
    studio: Any, analyst_bot: Path, qtbot: Any
) -> None:
    before = {p: p.read_bytes() for p in analyst_bot.rglob("*") if p.is_file()}
    studio.scenario_editor.select_step("idea")
    editor = studio.instructions.edit
    editor.moveCursor(editor.textCursor().MoveOperation.End)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "Keep it short.")
    assert studio.files.save()
    after = {p: p.read_bytes() for p in analyst_bot.rglob("*") if p.is_file()}
    changed = {p.relative_to(analyst_bot).as_posix() for p in after if before.get(p) != after[p]}
    assert changed == {"steps/idea.md"}
    assert (
        (analyst_bot / "steps/idea.md").read_text(encoding="utf-8").endswith("\nKeep it short.\n")
    )


def test_closing_with_unsaved_changes_asks(studio: Any, analyst_bot: Path) -> None:
    original = (analyst_bot / "scenario.yaml").read_text(encoding="utf-8")
    studio.scenario_editor.select_step("idea")
    studio.scenario_editor.rename_selected("the_idea")
    studio.answers.unsaved = [Button.Cancel]
    assert not studio.close()
    assert studio.isVisible()
    studio.answers.unsaved = [Button.Discard]
    assert studio.close()
    assert (analyst_bot / "scenario.yaml").read_text(encoding="utf-8") == original


def test_closing_and_choosing_save_writes_the_file(studio: Any, analyst_bot: Path) -> None:
    studio.scenario_editor.select_step("idea")
    studio.scenario_editor.rename_selected("the_idea")
    studio.answers.unsaved = [Button.Save]
    assert studio.close()
    assert "  the_idea:" in (analyst_bot / "scenario.yaml").read_text(encoding="utf-8")


def test_a_file_changed_on_disk_is_offered_for_reload(
    studio: Any, analyst_bot: Path, qtbot: Any
) -> None:
    yaml_path = analyst_bot / "scenario.yaml"
    text = yaml_path.read_text(encoding="utf-8").replace("title: Brief", "title: The brief")
    yaml_path.write_text(text, encoding="utf-8")
    qtbot.waitUntil(lambda: studio.files.disk_banner.isVisible(), timeout=5000)
    assert "scenario.yaml" in studio.files.disk_banner.label.text()
    studio.files.disk_banner.button("Reload").click()
    assert studio.session.scenario.steps["brief"].title == "The brief"
    assert studio.scenario_editor.scene.nodes["brief"].state.title == "The brief"
    assert not studio.files.disk_banner.isVisible()
    assert not studio.isWindowModified()


def test_our_own_save_is_not_reported_as_a_change_on_disk(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("idea")
    studio.scenario_editor.rename_selected("the_idea")
    assert studio.files.save()
    qtbot.wait(700)
    assert not studio.files.disk_banner.isVisible()


def test_a_scenario_that_does_not_load_opens_with_its_errors(
    make_studio: Any, analyst_bot: Path, qtbot: Any
) -> None:
    yaml_path = analyst_bot / "scenario.yaml"
    lines = yaml_path.read_text(encoding="utf-8").splitlines(keepends=True)
    typo_line = lines.index("start: welcome\n") + 2
    lines.insert(typo_line - 1, "strat: typo\n")
    yaml_path.write_text("".join(lines), encoding="utf-8")
    window = make_studio()
    assert window.files.open_folder(analyst_bot)
    problems = window.problems.problems
    assert [(p.message, p.hint) for p in problems] == [
        ("unknown key 'strat'", "did you mean 'start'?")
    ]
    assert problems[0].line == typo_line
    assert window.broken_banner.isVisible()
    assert window.problems.tree.topLevelItem(0).text(3) == f"scenario.yaml:{typo_line}"
    window.problems.tree.itemActivated.emit(window.problems.tree.topLevelItem(0), 0)
    source = window.scenario_pane.source
    assert source.isVisible()
    assert source.edit.textCursor().blockNumber() + 1 == typo_line
    cursor = source.edit.textCursor()
    cursor.select(cursor.SelectionType.LineUnderCursor)
    source.edit.setTextCursor(cursor)
    source.edit.textCursor().removeSelectedText()
    source.apply()
    assert window.session.scenario is not None
    qtbot.waitUntil(lambda: not window.broken_banner.isVisible(), timeout=3000)
    assert window.problems.problems == []


def test_a_folder_without_a_scenario_is_refused_with_a_message(
    make_studio: Any, tmp_path: Path
) -> None:
    window = make_studio()
    assert not window.files.open_folder(tmp_path)
    _title, message, problem = window.answers.told[0]
    assert problem and "no scenario.yaml" in message
    assert window.session is None


def test_the_problems_pane_follows_a_broken_edit(studio: Any, qtbot: Any) -> None:
    assert not [p for p in studio.problems.problems if p.severity == "error"]
    stack = studio.session.undo_stack
    commands.set_field(
        stack, studio.session, ("steps", "users", "transitions", "users_clear", "to"), "nowhere"
    )
    qtbot.waitUntil(
        lambda: any("nowhere" in p.message for p in studio.problems.problems), timeout=3000
    )
    problem = next(p for p in studio.problems.problems if "nowhere" in p.message)
    assert problem.severity == "error"
    assert "error" in studio.panes["Problems"].windowTitle()
    tree = studio.problems.tree
    item = next(
        tree.topLevelItem(i)
        for i in range(tree.topLevelItemCount())
        if "nowhere" in tree.topLevelItem(i).text(1)
    )
    tree.itemActivated.emit(item, 1)
    assert studio.selected_step == "users"
    table = studio.step_form.transitions
    assert table.item(table.currentRow(), 0).text() == "users_clear"
    stack.undo()
    qtbot.waitUntil(
        lambda: not any("nowhere" in p.message for p in studio.problems.problems), timeout=3000
    )


def test_a_problem_inside_an_instruction_file_jumps_to_its_line(studio: Any, qtbot: Any) -> None:
    studio.scenario_editor.select_step("users")
    editor = studio.instructions.edit
    editor.moveCursor(editor.textCursor().MoveOperation.End)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "Ask about {{team_size}}.")
    qtbot.waitUntil(
        lambda: any("team_size" in p.message for p in studio.problems.problems), timeout=3000
    )
    problem = next(p for p in studio.problems.problems if "team_size" in p.message)
    studio.scenario_editor.select_step("idea")
    studio.jump_to_problem(problem)
    assert studio.selected_step == "users"
    assert studio.instructions.relpath == "steps/users.md"
    assert editor.textCursor().blockNumber() + 1 == problem.line


def test_a_yaml_syntax_error_is_said_for_an_author_at_its_line(
    make_studio: Any, analyst_bot: Path, qtbot: Any
) -> None:
    """A step's key indented one space too few: the studio opens on scenario.yaml, the line
    to fix marked in its numbered gutter, the mistake said in words; fixed in place, it loads."""
    yaml_path = analyst_bot / "scenario.yaml"
    text = yaml_path.read_text(encoding="utf-8")
    broken = text.replace("    goal: Get the user's agreement", "   goal: Get the user's agreement")
    yaml_path.write_text(broken, encoding="utf-8")
    line = (
        broken.splitlines().index(
            "   goal: Get the user's agreement to the interview and to notes being taken"
        )
        + 1
    )
    window = make_studio()
    assert window.files.open_folder(analyst_bot)
    [problem] = window.problems.problems
    assert problem.line == line and "indented 3 spaces" in problem.message
    assert "<block" not in problem.message
    source = window.scenario_pane.source
    qtbot.waitUntil(source.isVisible)  # opened broken: the text to fix is shown
    assert source.edit.textCursor().blockNumber() + 1 == line
    assert set(source.edit.marked) == {line} and "indented" in source.edit.marked[line]
    assert source.edit.gutter.isVisible() and source.edit.gutter.width() >= 20
    assert source.problem.isVisible() and "indented 3 spaces" in source.problem.text()
    assert f"line {line}" in window.broken_banner.label.text()
    # fixed in place: the marks go, the scenario loads
    source.edit.setPlainText(text)
    source.apply()
    qtbot.waitUntil(lambda: window.session.scenario is not None, timeout=3000)
    qtbot.waitUntil(lambda: not source.problem.isVisible(), timeout=3000)
    assert source.edit.marked == {}


def test_deleting_and_adding_steps_keeps_the_files_blank_lines(
    studio: Any, analyst_bot: Path
) -> None:
    """The analyst bot puts a blank line between two steps: deleting one, and adding one at
    the end, leave exactly one between every two, and none at the end."""
    editor = studio.scenario_editor
    editor.select_step("features")
    editor.delete_selected()
    editor.select_step("brief")
    assert editor.add_step_near("pricing") == "pricing"
    assert studio.files.save()
    lines = (analyst_bot / "scenario.yaml").read_text(encoding="utf-8").split("\n")
    steps = lines.index("steps:")
    keys = [
        index
        for index in range(steps + 1, len(lines))
        if lines[index].startswith("  ")
        and not lines[index].startswith("   ")
        and lines[index].rstrip().endswith(":")
    ]
    assert [lines[index - 1] for index in keys[1:]] == [""] * (len(keys) - 1)
    assert all(lines[index - 2].strip() for index in keys[1:])  # one blank line, not two
    assert lines[keys[-1]] == "  pricing:" and lines[-1] == "" and lines[-2].strip()


def _fail_on_fsync(monkeypatch: pytest.MonkeyPatch, call: int) -> list[int]:
    """The disk fills up: the ``call``-th flush of a file to disk fails with ENOSPC."""
    import errno
    import os

    from engine.io import atomic

    calls: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == call:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    return calls


def test_a_save_that_fails_midway_changes_no_file(
    studio: Any, analyst_bot: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = {p: p.read_bytes() for p in analyst_bot.rglob("*") if p.is_file()}
    studio.scenario_pane.title_edit.setText("A new title")
    studio.scenario_pane.title_edit.editingFinished.emit()
    for step in ("idea", "users"):
        studio.scenario_editor.select_step(step)
        editor = studio.instructions.edit
        editor.moveCursor(editor.textCursor().MoveOperation.End)
        qtbot.keyClicks(editor, " Keep it short.")
    studio.scenario_editor.select_step("idea")
    _fail_on_fsync(monkeypatch, call=3)  # scenario.yaml and one file written, the next fails

    assert not studio.files.save()

    title, message, problem = studio.answers.told[-1]
    assert (title, problem) == ("Cannot save", True)
    assert "No space left on device" in message and "nothing was saved" in message
    after = {p: p.read_bytes() for p in analyst_bot.rglob("*") if p.is_file()}
    assert after == before  # not one file changed, and no temporary left behind
    assert studio.isWindowModified()
    monkeypatch.undo()
    assert studio.files.save()
    saved = load_scenario(analyst_bot)
    assert saved.title == "A new title"
    assert saved.steps["idea"].instructions_text.rstrip().endswith("Keep it short.")
    assert saved.steps["users"].instructions_text.rstrip().endswith("Keep it short.")


def test_saving_into_a_folder_deleted_while_open_writes_every_file_it_holds(
    studio: Any, analyst_bot: Path
) -> None:
    import shutil

    original = load_scenario(analyst_bot)
    held = [original.persona] + [step.instructions for step in original.steps.values()]
    before = {relpath: (analyst_bot / relpath).read_bytes() for relpath in held if relpath}
    assert len(before) > 5
    studio.scenario_pane.title_edit.setText("Kept")
    studio.scenario_pane.title_edit.editingFinished.emit()
    shutil.rmtree(analyst_bot)

    assert studio.files.save()

    title, message, problem = studio.answers.told[-1]
    assert (title, problem) == ("Scenario folder recreated", False)
    assert f"{analyst_bot} was gone from the disk" in message
    for relpath, data in before.items():  # the persona and every instruction file
        assert (analyst_bot / relpath).read_bytes() == data, relpath
    scenario = load_scenario(analyst_bot)
    assert scenario.title == "Kept"
    assert all(step.instructions_text for step in scenario.steps.values() if step.instructions)
