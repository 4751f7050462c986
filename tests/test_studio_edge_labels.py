"""Arrow labels never cover a step or another label: on the shipped scenarios and on one an
author wrote, after Fit to Window, after auto-layout and after moving steps by hand; arrows
from one step to the same target share one label."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from app import commands
from app.graph.items import NodeItem
from engine.io.resources import default_scenario

pytestmark = pytest.mark.gui

AUTHORED = """\
name: booking
title: Booking
start: greet
steps:
  greet:
    kind: message
    text: Hello!
    transitions: {next: {to: ask}}
  ask:
    instructions: steps/ask.md
    transitions:
      wants_slot: {to: slot}
      wants_human: {to: human}
      unclear: {to: ask_again}
      bye: {to: done}
  ask_again:
    instructions: steps/ask.md
    transitions: {answered: {to: ask}, gave_up: {to: human}}
  slot:
    kind: action
    call: {python: book}
    transitions:
      ok: {to: confirm}
      error: {to: ask}
      unavailable: {to: ask}
      timeout: {to: human}
  confirm:
    instructions: steps/ask.md
    transitions: {agreed: {to: done}, declined: {to: ask}, change: {to: slot}}
  human:
    kind: message
    text: A person will call you.
    transitions: {next: {to: done}}
  done:
    kind: message
    text: Bye.
    final: true
"""


def open_copy(make_studio: Any, folder: Path) -> Any:
    window = make_studio((1600, 1000))
    assert window.files.open_folder(folder)
    return window


def overlaps(window: Any) -> list[tuple[str, str]]:
    scene = window.scenario_editor.scene
    scene.place_labels()
    labels = [
        (f"{edge.source.step_id}.{edge.signal}", edge.label_rect())
        for edge in scene.edges
        if not edge.label_rect().isEmpty()
    ]
    found = []
    for index, (name, rect) in enumerate(labels):
        found += [(name, other) for other, box in labels[index + 1 :] if rect.intersects(box)]
        found += [
            (name, step_id)
            for step_id, node in scene.nodes.items()
            if rect.intersects(node.mapRectToScene(node.box()))
        ]
    return found


@pytest.fixture(params=["analyst_bot", "support_desk", "authored"])
def scenario_folder(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    target = tmp_path / request.param
    if request.param == "authored":
        (target / "steps").mkdir(parents=True)
        (target / "scenario.yaml").write_text(AUTHORED, encoding="utf-8")
        (target / "steps/ask.md").write_text("# Ask\n\nAsk what they want.\n", encoding="utf-8")
    else:
        shutil.copytree(default_scenario().parent / request.param, target)
    return target


def test_no_label_overlaps_after_fit_auto_layout_and_moves(
    make_studio: Any, scenario_folder: Path, qtbot: Any
) -> None:
    window = open_copy(make_studio, scenario_folder)
    editor = window.scenario_editor
    editor.edit_actions.fit.trigger()
    assert overlaps(window) == []
    editor.edit_actions.auto_layout.trigger()
    editor.edit_actions.fit.trigger()
    assert overlaps(window) == []
    # the author drags each step a little down and to the right, in turn
    session = window.session
    for step_id, node in list(editor.scene.nodes.items()):
        if node.state.missing:
            continue
        x, y = session.position(step_id) or (node.pos().x(), node.pos().y())
        commands.push(
            session.undo_stack,
            commands.MoveNodesCommand(session, {step_id: (x, y)}, {step_id: (x + 37, y + 23)}),
        )
        assert overlaps(window) == [], step_id
    # and a drag made with the mouse places the labels soon after, without an edit
    node = next(item for item in editor.scene.nodes.values() if isinstance(item, NodeItem))
    node.setPos(node.pos().x() - 60, node.pos().y() + 50)
    qtbot.waitUntil(lambda: not editor.scene._label_timer.isActive())
    assert overlaps(window) == []


def test_arrows_to_the_same_target_share_one_label(make_studio: Any, tmp_path: Path) -> None:
    folder = tmp_path / "authored"
    (folder / "steps").mkdir(parents=True)
    (folder / "scenario.yaml").write_text(AUTHORED, encoding="utf-8")
    (folder / "steps/ask.md").write_text("# Ask\n", encoding="utf-8")
    window = open_copy(make_studio, folder)
    scene = window.scenario_editor.scene
    error, unavailable = scene.edge("slot", "error"), scene.edge("slot", "unavailable")
    assert error is not None and unavailable is not None
    assert error.drawn_label() == "error / unavailable"
    assert unavailable.drawn_label() == "" and unavailable.label_rect().isEmpty()
    # one of them removed: the other says only its own signal again
    session = window.session
    commands.delete_transition(session.undo_stack, session, "slot", "error")
    assert scene.edge("slot", "unavailable").drawn_label() == "unavailable"
    session.undo_stack.undo()
    assert scene.edge("slot", "error").drawn_label() == "error / unavailable"
