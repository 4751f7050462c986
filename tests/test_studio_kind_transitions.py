"""Switching a step's kind brings its transitions into the new kind's rules, in the same undo
step: on every step of the analyst bot and the support desk, switching to each other kind (with
the Kind box, or K on the graph) adds no validator finding of the studio's making, and undo gives
the YAML back byte for byte.

What a switch may leave is what the author must now supply or chose to lose:

- the action's Python function, not written yet (``call: {python: <step id>}``);
- where a failure leads, for a step that had no transition to map to ``error`` (a final one);
- what only the step's results set, when it becomes a message (no model call fills them) or an
  action (its function does, once written; a failure leaves them unset);
- what only the step's text or instructions used (a variable then set but never used);
- the steps only the dropped transitions reached, and the variables set on the way to them,
  when a branching step becomes a message (a message step follows one transition).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from engine.io.resources import scenarios_dir
from engine.scenario.definition import Step, StepKind

pytestmark = pytest.mark.gui

#: What the validator reports about the results a step no longer fills.
UNSET_CODES = {"unsettable-requirement", "unused-variable", "placeholder-maybe-unset"}


def findings(studio: Any) -> set[tuple[str, str]]:
    session = studio.session
    session.revalidate()
    return {(getattr(problem, "code", ""), problem.message) for problem in session.problems}


def author_supplies(code: str, text: str, before: Step, kind: StepKind) -> bool:
    """A finding about what the author must supply or chose to lose (see the module's text)."""
    if kind is StepKind.ACTION and code == "missing-file" and "actions module" in text:
        return True
    if code == "unknown-action-function":
        return True
    if code == "action-without-error" and not before.transitions:
        return True
    dropped = kind is StepKind.MESSAGE and len(before.transitions) > 1
    if code == "unreachable-step" or code in UNSET_CODES:
        return dropped or (code in UNSET_CODES and names_a_variable_of(text, before))
    return False


def names_a_variable_of(text: str, before: Step) -> bool:
    """Whether ``text`` names a variable the step set (a result) or used (in its instructions
    or its text), before the switch removed what the new kind does not use."""
    used = before.instructions_text + (before.text or "")
    return any(
        (f"'{name}'" in text or "{{" + name + "}}" in text)
        and (name in before.results or "{{" + name + "}}" in used)
        for name in {*before.results, *VARIABLE_NAMES.findall(text)}
    )


VARIABLE_NAMES = re.compile(r"(?:'|\{\{)(\w+)(?:'|\}\})")


def switch_with_kind_box(studio: Any, step_id: str, kind: str) -> None:
    studio.scenario_editor.select_step(step_id)
    box = studio.step_form.kind_combo
    box.setCurrentText(kind)
    box.activated.emit(box.currentIndex())


def kind_of(studio: Any, step_id: str) -> str:
    path = ("steps", step_id, "kind")
    document = studio.document
    return str(document.get(path)) if document.has(path) else "prompt"


def check_every_switch(studio: Any) -> list[str]:
    """Switch every step to every other kind; the findings each switch caused."""
    stack = studio.session.undo_stack
    caused = []
    for step_id in list(studio.session.scenario.steps):
        for kind in StepKind:
            if kind.value == kind_of(studio, step_id):
                continue
            original, before = studio.document.yaml_text(), findings(studio)
            step = studio.session.scenario.steps[step_id]
            index = stack.index()
            switch_with_kind_box(studio, step_id, kind.value)
            assert kind_of(studio, step_id) == kind.value
            assert stack.index() == index + 1
            caused += [
                f"{step_id} → {kind.value}: {code}: {text}"
                for code, text in sorted(findings(studio) - before)
                if not author_supplies(code, text, step, kind)
            ]
            stack.undo()
            assert studio.document.yaml_text() == original
    return caused


def support_desk_studio(make_studio: Any, tmp_path: Path) -> Any:
    folder = tmp_path / "support_desk"
    shutil.copytree(scenarios_dir() / "support_desk", folder)
    studio = make_studio()
    assert studio.files.open_folder(folder)
    return studio


def test_every_switch_on_the_analyst_bot_adds_no_finding(studio: Any) -> None:
    assert check_every_switch(studio) == []


def test_every_switch_on_the_support_desk_adds_no_finding(make_studio: Any, tmp_path: Path) -> None:
    studio = support_desk_studio(make_studio, tmp_path)
    assert check_every_switch(studio) == []


def transitions(studio: Any, step_id: str) -> dict[str, tuple[str, list[str]]]:
    step = studio.session.scenario.steps[step_id]
    return {signal: (t.to, list(t.requires)) for signal, t in step.transitions.items()}


def test_a_prompt_made_an_action_takes_its_outcomes_in_order(studio: Any) -> None:
    """consent's ``agreed`` (requires consent) and ``declined`` become ``ok`` and ``error``."""
    switch_with_kind_box(studio, "consent", "action")
    assert transitions(studio, "consent") == {
        "ok": ("idea", ["consent"]),
        "error": ("goodbye", []),
    }


def test_a_single_transition_made_an_action_also_leads_there_on_error(
    make_studio: Any, tmp_path: Path
) -> None:
    """contact's one ``ticket_ready`` becomes ``ok``; an action must handle ``error``: it leads
    where ``ok`` does (without the guard: a failure sets nothing)."""
    studio = support_desk_studio(make_studio, tmp_path)
    switch_with_kind_box(studio, "contact", "action")
    assert transitions(studio, "contact") == {
        "ok": ("open_ticket", ["account_email", "urgency"]),
        "error": ("open_ticket", []),
    }


def test_a_branching_prompt_made_a_message_keeps_its_first_transition(studio: Any) -> None:
    switch_with_kind_box(studio, "consent", "message")
    assert transitions(studio, "consent") == {"agreed": ("idea", ["consent"])}


def test_k_walks_an_action_through_every_kind_keeping_its_outcomes_where_it_can(
    make_studio: Any, tmp_path: Path, qtbot: Any
) -> None:
    """K on find_order: action → prompt (the outcomes stay as signals) → action (they are its
    outcomes again: nothing renamed)… and each press is one undo step."""
    studio = support_desk_studio(make_studio, tmp_path)
    original = transitions(studio, "find_order")
    studio.scenario_editor.select_step("find_order")
    studio.scenario_editor.view.setFocus()
    stack = studio.session.undo_stack
    qtbot.keyClick(studio.scenario_editor.view, Qt.Key.Key_K)
    assert kind_of(studio, "find_order") == "prompt"
    assert transitions(studio, "find_order") == original
    qtbot.keyClick(studio.scenario_editor.view, Qt.Key.Key_K)
    assert kind_of(studio, "find_order") == "message"
    assert transitions(studio, "find_order") == {"ok": original["ok"]}
    assert stack.index() == 2
    stack.undo()
    assert transitions(studio, "find_order") == original


def test_an_action_made_a_prompt_and_back_gets_its_outcomes_back(
    make_studio: Any, tmp_path: Path
) -> None:
    """find_order's ``ok``, ``not_found``, ``error`` and ``timeout`` stay signals of the prompt
    step, and outcomes again once it is an action: nothing renamed, nothing dropped."""
    studio = support_desk_studio(make_studio, tmp_path)
    original = transitions(studio, "find_order")
    switch_with_kind_box(studio, "find_order", "prompt")
    assert transitions(studio, "find_order") == original
    switch_with_kind_box(studio, "find_order", "action")
    assert transitions(studio, "find_order") == original


def test_signals_the_written_function_never_returns_go(studio: Any, analyst_bot: Path) -> None:
    """review's function is written and returns only ``approved``: its first signals become
    ``error``, ``timeout`` and ``approved`` (never ``ok``, which it never returns), the others
    go, and the validator finds nothing about its outcomes."""
    (analyst_bot / "actions.py").write_text(
        "def review(context):\n    return {'outcome': 'approved', 'results': {}}\n",
        encoding="utf-8",
    )
    signals = list(studio.session.scenario.steps["review"].transitions)
    assert len(signals) > 3
    before = findings(studio)
    switch_with_kind_box(studio, "review", "action")
    assert list(transitions(studio, "review")) == ["error", "timeout", "approved"]
    new = {code for code, _ in findings(studio) - before}
    assert not new & {"outcome-never-taken", "unhandled-outcome", "action-without-error"}
