"""Renaming a step in the studio leaves nothing named after its old id: its default instruction
file moves with it (one undo step, saved as a move), a default title follows the new id, an
author's title stays, and no warning appears that was not there before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app import commands, step_kinds
from engine.scenario.definition import StepKind

pytestmark = pytest.mark.gui


def problems(studio: Any) -> list[str]:
    studio.session.revalidate()
    return sorted(problem.code for problem in studio.session.problems)


def rename(studio: Any, old: str, new: str) -> None:
    """What the author does: select the step, Rename…, type the new id."""
    studio.scenario_editor.select_step(old)
    studio.answers.texts.append(new)
    studio.scenario_editor.rename_selected()


def state(studio: Any) -> tuple[str, dict[str, str], bool]:
    document = studio.document
    files = {path: document.text(path) for path in document.files("steps/*.md")}
    return document.yaml_text(), files, document.modified


def test_renaming_a_step_moves_its_default_file_and_title(studio: Any, analyst_bot: Path) -> None:
    original = (analyst_bot / "steps/consent.md").read_text()
    warnings_before = problems(studio)
    rename(studio, "consent", "agreement")
    step = studio.document.get(("steps", "agreement"))
    assert step["instructions"] == "steps/agreement.md"
    assert step["title"] == "Agreement"
    assert studio.document.text("steps/agreement.md") == original
    assert "steps/consent.md" not in studio.document.files("steps/*.md")
    assert studio.session.undo_stack.count() == 1
    assert problems(studio) == warnings_before
    studio.document.save()
    assert not (analyst_bot / "steps/consent.md").exists()
    assert (analyst_bot / "steps/agreement.md").read_text() == original
    assert "steps/agreement.md" in (analyst_bot / "scenario.yaml").read_text()


def test_an_authors_title_stays(studio: Any) -> None:
    rename(studio, "idea", "vision")
    step = studio.document.get(("steps", "vision"))
    assert step["title"] == "Idea and goal"
    assert step["instructions"] == "steps/vision.md"


def test_undo_and_redo_restore_yaml_and_files_byte_for_byte(studio: Any) -> None:
    before = state(studio)
    assert before[2] is False
    rename(studio, "review", "final_review")
    after = state(studio)
    assert "steps/final_review.md" in after[1] and "steps/review.md" not in after[1]
    stack = studio.session.undo_stack
    stack.undo()
    assert state(studio) == before
    stack.redo()
    assert state(studio) == after
    stack.undo()
    assert state(studio) == before


def test_a_file_of_another_name_or_shared_stays(studio: Any) -> None:
    document, session = studio.document, studio.session
    commands.push(
        session.undo_stack,
        commands.SetValueCommand(session, ("steps", "users", "instructions"), "steps/idea.md"),
    )
    rename(studio, "idea", "vision")
    assert document.get(("steps", "vision", "instructions")) == "steps/idea.md"
    assert "steps/idea.md" in document.files("steps/*.md")


def test_a_question_made_a_message_loses_its_stub_file_on_disk(
    studio: Any, analyst_bot: Path
) -> None:
    session, stack = studio.session, studio.session.undo_stack
    step_kinds.add_step(stack, session, "done", (900.0, 900.0), "question")
    studio.document.save()
    assert (analyst_bot / "steps/done.md").exists()
    warnings_before = problems(studio)
    step_kinds.switch_kind(stack, session, "done", StepKind.MESSAGE)
    assert "steps/done.md" not in studio.document.files("steps/*.md")
    assert problems(studio) == warnings_before
    studio.document.save()
    assert not (analyst_bot / "steps/done.md").exists()
    stack.undo()
    assert studio.document.text("steps/done.md") == "# Done\n\n"


def test_an_authors_instructions_stay_when_the_step_becomes_a_message(
    studio: Any, analyst_bot: Path
) -> None:
    step_kinds.switch_kind(studio.session.undo_stack, studio.session, "risks", StepKind.MESSAGE)
    assert "steps/risks.md" in studio.document.files("steps/*.md")


def test_a_new_scenario_s_start_renamed_greet_leaves_no_start_behind(
    make_studio: Any, tmp_path: Path
) -> None:
    """The case the newcomer met: File ▸ New, then start → greet."""
    studio = make_studio()
    folder = tmp_path / "dental"
    assert studio.files.create_scenario(folder, "blank")
    studio.document.save()
    warnings_before = problems(studio)
    text = studio.document.text("steps/start.md")
    rename(studio, "start", "greet")
    document = studio.document
    assert document.get(("start",)) == "greet"
    assert document.get(("steps", "greet", "title")) == "Greet"
    assert document.get(("steps", "greet", "instructions")) == "steps/greet.md"
    assert document.text("steps/greet.md") == text
    assert problems(studio) == warnings_before
    document.save()
    assert sorted(p.name for p in (folder / "steps").iterdir()) == ["greet.md"]
