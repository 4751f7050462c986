"""Wiring an action step offers its outcomes — ``ok``, ``error``, ``timeout`` and those its
Python function names — as an editable choice defaulting to the first one not wired yet."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app import commands
from app.graph.scene import NodeItem

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def desk(make_studio: Any, tmp_path: Path) -> Any:
    folder = tmp_path / "support_desk"
    shutil.copytree(ROOT / "scenarios" / "support_desk", folder)
    window = make_studio()
    assert window.files.open_folder(folder)
    return window


def unwire(desk: Any, step: str, *outcomes: str) -> None:
    session = desk.session
    for outcome in outcomes:
        commands.delete_transition(session.undo_stack, session, step, outcome)


def test_connecting_an_action_offers_its_outcomes_first_unwired_by_default(desk: Any) -> None:
    unwire(desk, "find_order", "not_found", "timeout")
    desk.scenario_editor.connect_steps("find_order", "contact")
    choices, default = desk.answers.offered[-1]
    assert choices == ["ok", "error", "timeout", "not_found"]
    assert default == "timeout"
    assert desk.document.get(("steps", "find_order", "transitions", "timeout", "to")) == "contact"
    assert not any("Signal" in label for label in desk.answers.asked)


def test_the_named_outcome_is_chosen_and_the_choice_is_editable(desk: Any) -> None:
    unwire(desk, "find_order", "not_found")
    desk.answers.choices.append("not_found")
    desk.scenario_editor.connect_steps("find_order", "order_not_found")
    assert desk.answers.offered[-1][1] == "not_found"
    desk.answers.choices.append("cancelled")  # typed: an outcome the list does not name
    desk.scenario_editor.connect_steps("find_order", "contact")
    transitions = desk.document.get(("steps", "find_order", "transitions"))
    assert transitions["cancelled"]["to"] == "contact"


def test_an_http_action_offers_the_built_in_outcomes(desk: Any) -> None:
    transitions = set(desk.document.keys(("steps", "open_ticket", "transitions")))
    desk.scenario_editor.connect_steps("open_ticket", "contact")
    choices, default = desk.answers.offered[-1]
    assert choices[:3] == ["ok", "error", "timeout"]
    assert default == next((c for c in choices if c not in transitions), default)


def test_a_prompt_step_still_asks_for_a_signal(desk: Any) -> None:
    desk.scenario_editor.connect_steps("explain_order", "contact")
    assert desk.answers.offered == []
    assert any("Signal" in label for label in desk.answers.asked)


def test_connecting_from_the_keyboard_offers_the_outcomes(desk: Any, qtbot: Any) -> None:
    unwire(desk, "find_order", "error", "timeout")
    editor = desk.scenario_editor
    view = editor.view
    desk.activateWindow()
    view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    editor.select_step("find_order")
    qtbot.keyClick(view, Qt.Key.Key_C)
    editor.select_step("lookup_failed")
    items = editor.scene.selectedItems()
    assert len(items) == 1 and isinstance(items[0], NodeItem)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert desk.answers.offered[-1] == (["ok", "error", "timeout", "not_found"], "error")
    assert desk.document.get(("steps", "find_order", "transitions", "error", "to")) == (
        "lookup_failed"
    )


def test_transitions_add_on_an_action_takes_a_named_outcome(desk: Any) -> None:
    unwire(desk, "find_order", "not_found")
    desk.scenario_editor.select_step("find_order")
    form = desk.step_form
    form.show_step("find_order")
    form.add_transition()
    assert desk.document.has(("steps", "find_order", "transitions", "not_found"))
