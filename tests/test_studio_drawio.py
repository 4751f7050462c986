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


def edit_diagram(
    path: Path,
    *,
    move: tuple[str, float, float] | None = None,
    relabel: tuple[str, str] | None = None,
    loosen: str | None = None,
) -> None:
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


def test_import_applies_a_move_and_a_relabel_as_one_undo_step(studio: Any, tmp_path: Path) -> None:
    session, stack = studio.session, studio.session.undo_stack
    yaml_before = session.document.yaml_text()
    positions_before = session.positions()
    diagram = export_shown(studio, tmp_path / "bot.drawio")
    edit_diagram(
        diagram, move=("features", 400, 20), relabel=("edge:users:users_clear", "users_known")
    )

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


def test_a_diagram_that_cannot_be_mapped_is_refused_naming_the_cell(
    studio: Any, tmp_path: Path
) -> None:
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


# --- one export, whoever asks for it ---------------------------------------------------------


def cli_export(folder: Path, output: Path) -> bytes:
    from engine.cli import main as cli_main

    assert cli_main(["export-drawio", str(folder), "-o", str(output)]) == 0
    return output.read_bytes()


def drawn_routes(studio: Any) -> dict[str, list[tuple[float, float]]]:
    """Each arrow's corners as the graph draws them, keyed by its draw.io cell id."""
    return {
        f"edge:{edge.source.step_id}:{edge.signal}": [
            (round(x, 1), round(y, 1)) for x, y in edge.route.bends
        ]
        for edge in studio.scenario_editor.scene.edges
    }


def test_the_studio_exports_what_the_command_line_exports_routed_as_on_screen(
    studio: Any, analyst_bot: Path, tmp_path: Path, capsys: Any
) -> None:
    from engine.drawio.read import read_drawio

    # as opened (no layout file yet)
    assert studio.files.export_drawio(tmp_path / "studio.drawio")
    assert (tmp_path / "studio.drawio").read_bytes() == cli_export(
        analyst_bot, tmp_path / "cli.drawio"
    )
    # after the edits that used to break it: a new step, a new arrow, a moved step, saved
    editor = studio.scenario_editor
    editor.select_step("goodbye")
    new = editor.add_step_near("pricing")
    editor.connect_steps("consent", "pricing", "ask_price")
    editor.connect_steps("pricing", "review", "priced")
    node = editor.scene.nodes["idea"]
    studio.scenario_editor._nodes_moved(
        {"idea": (node.pos().x(), node.pos().y())}, {"idea": (node.pos().x() + 40, node.pos().y())}
    )
    assert new == "pricing" and studio.files.save()
    studio_bytes = tmp_path / "studio2.drawio"
    assert studio.files.export_drawio(studio_bytes)
    assert studio_bytes.read_bytes() == cli_export(analyst_bot, tmp_path / "cli2.drawio")
    capsys.readouterr()
    # every arrow's cell bends where the graph bends it, and the cells are the graph's
    diagram = read_drawio(studio_bytes)
    edges = {cell.id: cell for cell in diagram.edges()}
    drawn = drawn_routes(studio)
    assert set(edges) == set(drawn)
    origin = diagram.cells["legend"].properties.get("origin", "0 0")
    dx, dy = (float(part) for part in origin.split())  # moved onto the page, and says so
    for cell_id, corners in drawn.items():
        points = [(round(x - dx, 1), round(y - dy, 1)) for x, y in edges[cell_id].points]
        assert points == corners, cell_id
    steps = {cell.id for cell in diagram.vertices() if cell.id.startswith("step:")}
    assert steps == {f"step:{step}" for step in editor.scene.nodes}
    # long arrows leave the column: their cells say where they leave and enter their steps
    skip = edges["edge:idea:back_to_review"]
    assert "exitY=1;" in skip.style and "entryX=0;" in skip.style and len(skip.points) == 3
    back = edges["edge:review:fix_idea"]
    assert "exitX=1;" in back.style and "entryX=1;" in back.style and len(back.points) == 2
