"""draw.io export: a file draw.io opens, deterministic, with the steps' metadata on board."""

from __future__ import annotations

import difflib
import itertools
from pathlib import Path

import pytest
from lxml import etree

from engine.cli import main as cli_main
from engine.drawio import export_drawio
from engine.drawio.cells import step_style
from engine.drawio.export import scenario_to_drawio
from engine.drawio.read import inflate_page, read_drawio
from engine.scenario.definition import Scenario
from engine.scenario.document import ScenarioDocument
from engine.scenario.layout import Layout
from engine.scenario.loader import parse_scenario

SHOP = """\
name: shop
title: Shop
start: greet
variables:
  item: {type: string}
steps:
  greet:
    title: Greeting
    goal: Say hello
    instructions: steps/greet.md
    results:
      item: {type: string, required: true}
      size: {type: enum, values: [S, M, L]}
    transitions:
      wants: {to: pick, description: Wants to buy}
  pick:
    instructions: steps/pick.md
    transitions:
      chosen: {to: thanks, requires: [item]}
      back: {to: greet}
  thanks:
    kind: message
    text: "Thanks!"
    final: true
"""


def shop() -> Scenario:
    return parse_scenario(SHOP)


def parse(data: bytes) -> etree._Element:
    return etree.fromstring(data)


def cells_by_id(data: bytes) -> dict[str, etree._Element]:
    root = parse(data).find("diagram/mxGraphModel/root")
    assert root is not None
    return {element.get("id"): element for element in root}


def test_the_file_has_the_structure_draw_io_writes() -> None:
    document = parse(scenario_to_drawio(shop()))
    assert document.tag == "mxfile"
    [diagram] = document.findall("diagram")
    assert diagram.get("name") == "Shop"
    root = diagram.find("mxGraphModel/root")
    assert root is not None
    first, second = root[0], root[1]
    assert (first.tag, first.attrib) == ("mxCell", {"id": "0"})
    assert (second.tag, second.attrib) == ("mxCell", {"id": "1", "parent": "0"})
    ids = [element.get("id") for element in root]
    assert len(ids) == len(set(ids))


def test_every_step_is_a_vertex_and_every_transition_an_edge_between_present_cells() -> None:
    cells = cells_by_id(scenario_to_drawio(shop()))
    vertices = {
        i
        for i, c in cells.items()
        if c.find("mxCell") is not None
        and c.find("mxCell").get("vertex") == "1"
        and i.startswith("step:")
    }
    assert vertices == {"step:greet", "step:pick", "step:thanks"}
    edges = {
        i: (c.find("mxCell").get("source"), c.find("mxCell").get("target"))
        for i, c in cells.items()
        if c.find("mxCell") is not None and c.find("mxCell").get("edge") == "1"
    }
    assert edges == {
        "edge:greet:wants": ("step:greet", "step:pick"),
        "edge:pick:chosen": ("step:pick", "step:thanks"),
        "edge:pick:back": ("step:pick", "step:greet"),
    }
    for element in cells.values():
        cell = element if element.tag == "mxCell" else element.find("mxCell")
        if cell.get("vertex") == "1":
            geometry = cell.find("mxGeometry")
            assert geometry is not None and geometry.get("as") == "geometry"
            assert float(geometry.get("width")) > 0 and float(geometry.get("height")) > 0


def test_labels_show_title_and_id_and_edges_show_signal_and_guard() -> None:
    cells = cells_by_id(scenario_to_drawio(shop()))
    assert cells["step:greet"].get("label") == "Greeting\n(greet)"
    assert cells["step:pick"].get("label") == "Pick\n(pick)"  # the display title
    assert cells["edge:greet:wants"].get("label") == "wants"
    assert cells["edge:pick:chosen"].get("label") == "chosen [requires: item]"


def test_step_metadata_travels_as_custom_properties() -> None:
    greet = cells_by_id(scenario_to_drawio(shop()))["step:greet"]
    assert greet.tag == "object"
    assert {name: greet.get(name) for name in ("step", "goal", "instructions", "results")} == {
        "step": "greet",
        "goal": "Say hello",
        "instructions": "steps/greet.md",
        "results": "item: string (required)\nsize: enum [S, M, L]",
    }
    thanks = cells_by_id(scenario_to_drawio(shop()))["step:thanks"]
    assert (thanks.get("kind"), thanks.get("final"), thanks.get("text")) == (
        "message",
        "1",
        "Thanks!",
    )


def test_start_final_and_message_steps_are_styled_apart() -> None:
    cells = cells_by_id(scenario_to_drawio(shop()))
    styles = {
        step: cells[f"step:{step}"].find("mxCell").get("style")
        for step in ("greet", "pick", "thanks")
    }
    assert len(set(styles.values())) == 3
    variants = [
        step_style(kind=kind, start=start, final=final)
        for kind, start, final in itertools.product(("prompt", "message"), (0, 1), (0, 1))
    ]
    assert len(set(variants)) == len(variants)
    for style in variants:  # one value per key: draw.io would silently keep only one
        keys = [part.split("=")[0] for part in style.split(";") if part]
        assert len(keys) == len(set(keys))


def test_exporting_twice_gives_the_same_bytes_and_a_small_change_a_small_diff() -> None:
    first = scenario_to_drawio(shop())
    assert scenario_to_drawio(shop()) == first
    layout = Layout({"greet": (0, 0), "pick": (0, 200), "thanks": (0, 400)})
    before = scenario_to_drawio(shop(), layout).decode().splitlines()
    after = (
        scenario_to_drawio(
            parse_scenario(SHOP.replace("title: Greeting", "title: Welcome")), layout
        )
        .decode()
        .splitlines()
    )
    changed = [
        line
        for line in difflib.unified_diff(before, after, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    assert len(changed) == 2 and all("step:greet" in line for line in changed)


def test_positions_come_from_the_saved_layout() -> None:
    layout = Layout({"greet": (110, 120), "pick": (300.5, 120), "thanks": (600, 120)})
    cells = cells_by_id(scenario_to_drawio(shop(), layout))
    geometry = cells["step:pick"].find("mxCell/mxGeometry")
    assert (geometry.get("x"), geometry.get("y")) == ("300.5", "120")
    assert cells["legend"].get("origin") is None  # on the page already: not moved


def test_the_picture_starts_on_the_page_whatever_the_layout_and_says_how_far_it_moved() -> None:
    """The export once wrote x = -90, y = -70: renderers that start at 0 cut the left edge."""
    layout = Layout({"greet": (-90, -20), "pick": (-90, 200), "thanks": (300, 400)})
    data = scenario_to_drawio(shop(), layout)
    diagram = read_drawio(data)
    xs = [cell.x for cell in diagram.vertices()]
    ys = [cell.y for cell in diagram.vertices()]
    points = [point for cell in diagram.cells.values() for point in cell.points]
    assert min(xs) >= 10 and min(ys) >= 10  # a margin on the page, the legend included
    assert all(x >= 0 and y >= 0 for x, y in points)
    dx, dy = (float(part) for part in cells_by_id(data)["legend"].get("origin").split())
    pick = diagram.cells["step:pick"]
    assert (pick.x - dx, pick.y - dy) == (-90.0, 200.0)  # as the studio has it, moved


def test_without_a_layout_the_start_is_on_top_and_back_edges_get_bend_points() -> None:
    diagram = read_drawio(scenario_to_drawio(shop()))
    ys = {cell.id: cell.y for cell in diagram.vertices() if cell.id.startswith("step:")}
    assert ys["step:greet"] < ys["step:pick"] < ys["step:thanks"]
    back = diagram.cells["edge:pick:back"]
    assert back.points, "the back-edge is routed around the side, not over the forward edge"
    assert all(x > 0 for x, _ in back.points)


def test_special_characters_are_escaped_and_come_back_exactly() -> None:
    tricky = "Ask <name> & \"quote\" 'it'\nна русском · 日本語 · 🍕"
    scenario = parse_scenario(SHOP)
    scenario.steps["greet"].title = tricky
    scenario.steps["greet"].goal = "a\x07bell & <b>"
    data = scenario_to_drawio(scenario)
    greet = cells_by_id(data)["step:greet"]
    assert greet.get("label") == f"{tricky}\n(greet)"
    assert greet.get("title") == tricky
    assert greet.get("goal") == "abell & <b>"  # a control character XML cannot hold is dropped
    assert b"&lt;name&gt; &amp; &quot;quote&quot;" in data


def test_the_compressed_form_holds_the_same_model() -> None:
    no_blanks = etree.XMLParser(remove_blank_text=True)
    plain = etree.fromstring(scenario_to_drawio(shop()), no_blanks)
    packed = parse(scenario_to_drawio(shop(), compressed=True))
    diagram = packed.find("diagram")
    assert diagram.find("mxGraphModel") is None and diagram.text
    model = etree.fromstring(inflate_page(diagram.text).encode(), no_blanks)
    assert etree.tostring(model) == etree.tostring(plain.find("diagram/mxGraphModel"))
    assert (
        read_drawio(etree.tostring(packed)).cells.keys()
        == read_drawio(etree.tostring(plain)).cells.keys()
    )


@pytest.mark.slow
def test_a_thousand_steps_export_with_every_edge_connected() -> None:
    lines = ["name: big", "start: s0", "steps:"]
    for index in range(1000):
        lines.append(f"  s{index}:")
        if index == 999:
            lines.append("    final: true")
            continue
        lines.append(f"    transitions: {{next: {{to: s{index + 1}}}, home: {{to: s0}}}}")
    diagram = read_drawio(scenario_to_drawio(parse_scenario("\n".join(lines) + "\n")))
    vertex_ids = {cell.id for cell in diagram.vertices()}
    assert len(vertex_ids) == 1001  # 1,000 steps and the legend
    assert len(diagram.edges()) == 1998
    assert all(edge.source in vertex_ids and edge.target in vertex_ids for edge in diagram.edges())


def test_the_studio_entry_point_writes_the_same_file(tmp_path: Path) -> None:
    layout = Layout({"greet": (5, 5)})
    written = export_drawio(shop(), layout, tmp_path / "sub" / "shop.drawio")
    assert written.read_bytes() == scenario_to_drawio(shop(), layout)


# --- the command ---------------------------------------------------------------------------------


def write_shop(folder: Path) -> Path:
    """The shop as a folder ``validate`` accepts (the command refuses one with errors)."""
    (folder / "steps").mkdir(parents=True)
    (folder / "scenario.yaml").write_text(SHOP, encoding="utf-8")
    for name in ("greet", "pick"):
        (folder / "steps" / f"{name}.md").write_text(f"Handle the {name} step.", "utf-8")
    return folder


def test_the_command_writes_the_diagram_using_the_saved_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_shop(tmp_path / "shop")
    document = ScenarioDocument.open(folder)
    document.layout.set("greet", (400, 40))
    document.save()
    output = tmp_path / "out" / "shop.drawio"
    assert cli_main(["export-drawio", str(folder), "-o", str(output)]) == 0
    assert capsys.readouterr().out == f"wrote {output} (3 steps, 3 transitions)\n"
    diagram = read_drawio(output)
    greet = diagram.cells["step:greet"]
    dx, dy = (float(part) for part in diagram.cells["legend"].properties["origin"].split())
    assert (greet.x - dx, greet.y - dy) == (400.0, 40.0)


def test_the_command_refuses_a_broken_scenario_with_its_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_shop(tmp_path / "shop")
    (folder / "scenario.yaml").write_text(SHOP.replace("goal:", "gaol:"), encoding="utf-8")
    assert cli_main(["export-drawio", str(folder), "-o", str(tmp_path / "x.drawio")]) == 1
    error = capsys.readouterr().err
    assert "scenario.yaml:9:5: error: unknown key 'gaol'" in error
    assert "Traceback" not in error
    assert not (tmp_path / "x.drawio").exists()


def test_the_command_refuses_transitions_to_unknown_steps_as_validate_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_shop(tmp_path / "shop")
    (folder / "scenario.yaml").write_text(SHOP.replace("{to: greet}", "{to: nowhere}"), "utf-8")
    output = tmp_path / "shop.drawio"
    assert cli_main(["export-drawio", str(folder), "-o", str(output)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert [line for line in err.splitlines() if ": error: " in line] == [
        line for line in cli_validate_lines(folder) if ": error: " in line
    ]
    assert "unknown step 'nowhere'" in err or "'nowhere'" in err
    assert not output.exists()


def cli_validate_lines(folder: Path) -> list[str]:
    from engine.scenario.validate import check_folder

    return [finding.render() for finding in check_folder(folder)]
