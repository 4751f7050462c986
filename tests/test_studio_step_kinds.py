"""Step kinds: the palette creates each kind with exactly its fields, and switching a step's
kind removes what the new kind does not use, in one undo step, with no warning of the studio's
making."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app import commands, step_kinds
from engine.scenario.definition import StepKind

pytestmark = pytest.mark.gui

#: Problems about a step's own fields: the studio's edits must never cause one.
FIELD_CODES = {
    "ignored-action-field",
    "ignored-text",
    "message-results",
    "missing-instructions",
    "message-without-text",
    "action-without-call",
}


def field_problems(studio: Any, step_id: str) -> list[str]:
    session = studio.session
    session.revalidate()
    return [
        f"{problem.code}: {problem}"
        for problem in session.problems
        if getattr(problem, "step", None) == step_id and problem.code in FIELD_CODES
    ]


def step_yaml(studio: Any, step_id: str) -> dict[str, Any]:
    return dict(studio.document.get(("steps", step_id)))


@pytest.mark.parametrize(
    ("entry", "fields"),
    [
        ("question", {"title", "instructions"}),
        ("message", {"title", "kind", "text"}),
        ("action", {"title", "kind", "call"}),
        ("end", {"title", "kind", "text", "final"}),
    ],
)
def test_each_palette_kind_is_created_with_exactly_its_fields(
    studio: Any, entry: str, fields: set[str]
) -> None:
    session = studio.session
    before = session.undo_stack.count()
    step_kinds.add_step(session.undo_stack, session, "fresh", (900.0, 900.0), entry)
    assert set(step_yaml(studio, "fresh")) == fields
    assert session.undo_stack.count() == before + 1
    has_file = "steps/fresh.md" in studio.document.files("steps/*.md")
    assert has_file == (entry == "question")
    assert field_problems(studio, "fresh") == []
    assert session.position("fresh") == (900.0, 900.0)
    session.undo_stack.undo()
    assert not studio.document.has(("steps", "fresh"))
    assert "steps/fresh.md" not in studio.document.files("steps/*.md")


def test_a_prompt_step_made_an_action_drops_its_instructions_in_one_undo(studio: Any) -> None:
    session, stack = studio.session, studio.session.undo_stack
    original = studio.document.yaml_text()
    step_kinds.switch_kind(stack, session, "features", StepKind.ACTION)
    body = step_yaml(studio, "features")
    assert body["kind"] == "action" and body["call"] == {"python": "features"}
    assert "instructions" not in body and "on_enter" not in body
    assert field_problems(studio, "features") == []
    assert stack.count() == 1
    stack.undo()
    assert studio.document.yaml_text() == original


def test_a_new_question_made_a_message_leaves_no_instruction_file(studio: Any) -> None:
    session, stack = studio.session, studio.session.undo_stack
    step_kinds.add_step(stack, session, "done", (900.0, 900.0), "question")
    step_kinds.switch_kind(stack, session, "done", StepKind.MESSAGE)
    body = step_yaml(studio, "done")
    assert set(body) == {"title", "kind", "text"}
    assert "steps/done.md" not in studio.document.files("steps/*.md")
    assert field_problems(studio, "done") == []
    stack.undo()  # the switch alone
    assert "steps/done.md" in studio.document.files("steps/*.md")
    assert step_yaml(studio, "done")["instructions"] == "steps/done.md"


@pytest.mark.parametrize("reader", ["another step", "the persona"])
def test_a_stub_file_something_else_reads_stays_when_its_step_becomes_a_message(
    studio: Any, reader: str
) -> None:
    session, stack = studio.session, studio.session.undo_stack
    step_kinds.add_step(stack, session, "done", (900.0, 900.0), "question")
    path = ("steps", "users", "instructions") if reader == "another step" else ("persona",)
    commands.push(stack, commands.SetValueCommand(session, path, "steps/done.md"))
    step_kinds.switch_kind(stack, session, "done", StepKind.MESSAGE)
    assert "steps/done.md" in studio.document.files("steps/*.md")


def test_a_message_made_a_question_gets_instructions_and_loses_its_text(
    studio: Any, analyst_bot: Path
) -> None:
    session, stack = studio.session, studio.session.undo_stack
    step_kinds.switch_kind(stack, session, "brief", StepKind.PROMPT)
    body = step_yaml(studio, "brief")
    assert "text" not in body and "kind" not in body
    assert body["instructions"] == "steps/brief.md"
    assert studio.document.text("steps/brief.md").startswith("# ")
    assert field_problems(studio, "brief") == []
    step_kinds.switch_kind(stack, session, "brief", StepKind.MESSAGE)
    assert "instructions" not in step_yaml(studio, "brief")
    assert field_problems(studio, "brief") == []
    assert not (analyst_bot / "steps/brief.md").exists()


def test_switching_to_the_same_kind_records_nothing(studio: Any) -> None:
    stack = studio.session.undo_stack
    step_kinds.switch_kind(stack, studio.session, "features", StepKind.PROMPT)
    assert stack.count() == 0
