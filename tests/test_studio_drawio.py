"""File ▸ Import from draw.io: a diagram edited elsewhere becomes one undoable step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from engine.drawio import export_drawio
from engine.scenario.layout import Layout

pytestmark = pytest.mark.gui


def export_shown(studio: Any, path: Path) -> Path:
    """The analyst bot as a diagram, with the positions the studio shows."""
    export_drawio(studio.session.scenario, Layout(positions=studio.session.positions()), path)
    return path


def edit_diagram(path: Path, *, move: tuple[str, float, float] | None = None,
                 relabel: tuple[str, str] | None = None, loosen: str | None = None) -> None:
    """Edit the XML the way an author would in draw.io."""
    tree = etree.parse(str(path))
    if move is not None:
        step, dx, dy = move
        geometry = tree.find(f".//object[@id='step:{step}']/mxCell/mxGeometry")
        geometry.set("x", str(float(geometry.get("x")) + dx))
        geometry.set("y", str(float(geometry.get("y")) + dy))
    if relabel is not None:
        cell_id, label = relabel
        cell = tree.find(f".//object[@id='{cell_id}']")
        cell.set("label", label)
        cell.set("signal", label)
    if loosen is not None:
        tree.find(f".//object[@id='{loosen}']/mxCell").attrib.pop("target")
    tree.write(str(path), xml_declaration=True, encoding="utf-8")


def test_an_untouched_diagram_changes_nothing(studio: Any, tmp_path: Path) -> None:
    diagram = export_shown(studio, tmp_path / "bot.drawio")
    assert studio.files.import_drawio(diagram)
    assert studio.session.undo_stack.count() == 0
    assert "nothing to change" in studio.answers.told[-1][1]


def test_import_applies_a_move_and_a_relabel_as_one_undo_step(studio: Any,
                                                              tmp_path: Path) -> None:
    session, stack = studio.session, studio.session.undo_stack
    yaml_before = session.document.yaml_text()
    positions_before = session.positions()
    diagram = export_shown(studio, tmp_path / "bot.drawio")
    edit_diagram(diagram, move=("features", 400, 20),
                 relabel=("edge:users:users_clear", "users_known"))

    assert studio.files.import_drawio(diagram)

    assert stack.count() == 1 and stack.text(0) == "Import bot.drawio"
    transitions = session.scenario.steps["users"].transitions
    assert "users_known" in transitions and "users_clear" not in transitions
    assert transitions["users_known"].to == "features"
    assert transitions["users_known"].description  # kept from the old signal
    signals = {(edge.source.step_id, edge.signal) for edge in studio.scenario_editor.scene.edges}
    assert ("users", "users_known") in signals and ("users", "users_clear") not in signals
    x, y = positions_before["features"]
    assert session.positions()["features"] == (x + 400, y + 20)
    assert studio.scenario_editor.scene.nodes["features"].pos().toTuple() == (x + 400, y + 20)
    _title, message, problem = studio.answers.told[-1]
    assert not problem
    assert "signal users_clear renamed to users_known" in message
    assert "moved 1 step(s): features" in message

    stack.undo()
    assert session.document.yaml_text() == yaml_before
    assert session.positions() == positions_before
    scene = studio.scenario_editor.scene
    assert scene.nodes["features"].pos().toTuple() == positions_before["features"]
    assert ("users", "users_clear") in {(e.source.step_id, e.signal) for e in scene.edges}
    assert not session.is_dirty


def test_a_diagram_that_cannot_be_mapped_is_refused_naming_the_cell(studio: Any,
                                                                   tmp_path: Path) -> None:
    yaml_before = studio.session.document.yaml_text()
    diagram = export_shown(studio, tmp_path / "bot.drawio")
    edit_diagram(diagram, move=("features", 400, 20), loosen="edge:idea:idea_clear")

    assert not studio.files.import_drawio(diagram)

    _title, message, problem = studio.answers.told[-1]
    assert problem and "edge:idea:idea_clear" in message and "Nothing was changed" in message
    assert studio.session.document.yaml_text() == yaml_before
    assert studio.session.undo_stack.count() == 0


def test_the_import_is_in_the_file_menu(studio: Any) -> None:
    file_menu = studio.menuBar().actions()[0].menu()
    texts = [action.text() for action in file_menu.actions()]
    assert "&Import from draw.io…" in texts
    assert studio.import_action.isEnabled()
