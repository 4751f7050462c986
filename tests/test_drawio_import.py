"""draw.io import: edits made in draw.io come back into the scenario, and nothing else changes."""

from __future__ import annotations

import base64
import difflib
import zlib
from pathlib import Path

import pytest
from lxml import etree

from engine.cli import main as cli_main
from engine.drawio.export import scenario_to_drawio, write_drawio
from engine.drawio.import_ import import_drawio, plan_import
from engine.drawio.read import MAX_INFLATED_BYTES, read_drawio
from engine.errors import DiagramError
from engine.scenario.document import ScenarioDocument
from engine.scenario.layout import LAYOUT_FILE, Layout

SHOP = """\
# A small shop: greet, pick, pay.
name: shop
title: Shop
start: greet
variables:
  item: {type: string}
  paid: {type: boolean}
steps:
  greet:
    title: Greeting     # shown in the studio
    instructions: steps/greet.md
    transitions:
      wants: {to: pick, description: Wants to buy}   # the usual path
  pick:
    instructions: steps/pick.md
    results:
      item: {type: string, required: true}
    transitions:
      chosen: {to: pay, requires: [item]}
      back: {to: greet}
  pay:
    instructions: steps/pay.md
    results:
      paid: {type: boolean}
    transitions:
      done: {to: thanks, requires: [paid]}
  thanks:
    kind: message
    text: "Thanks!"
    final: true
"""


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    (folder / "steps").mkdir(parents=True)
    (folder / "scenario.yaml").write_text(SHOP, encoding="utf-8")
    for step in ("greet", "pick", "pay"):
        (folder / "steps" / f"{step}.md").write_text(f"Do {step}.\n", encoding="utf-8")
    return folder


class DrawioFile:
    """An exported diagram, edited the way draw.io would save the author's changes."""

    def __init__(self, folder: Path, *, compressed: bool = False) -> None:
        document = ScenarioDocument.open(folder)
        assert document.scenario is not None
        self.tree = etree.fromstring(scenario_to_drawio(document.scenario, document.layout))
        self.compressed = compressed

    @property
    def root(self) -> etree._Element:
        root = self.tree.find("diagram/mxGraphModel/root")
        assert root is not None
        return root

    def cell(self, cell_id: str) -> etree._Element:
        [element] = [element for element in self.root if element.get("id") == cell_id]
        return element

    @property
    def origin(self) -> tuple[float, float]:
        """How far the export moved the picture onto the page (the studio's 0, 0 is there)."""
        recorded = self.cell("legend").get("origin") or "0 0"
        dx, dy = (float(part) for part in recorded.split())
        return dx, dy

    def move(self, cell_id: str, x: float, y: float) -> None:
        """Move a vertex to where the studio's ``x``, ``y`` are on the page."""
        dx, dy = self.origin
        geometry = self.cell(cell_id).find("mxCell/mxGeometry")
        geometry.set("x", str(x + dx))
        geometry.set("y", str(y + dy))

    def relabel(self, cell_id: str, label: str) -> None:
        self.cell(cell_id).set("label", label)

    def remove(self, cell_id: str) -> None:
        self.root.remove(self.cell(cell_id))

    def add_vertex(
        self,
        cell_id: str,
        label: str,
        x: float = 500,
        y: float = 500,
        style: str = "rounded=1;whiteSpace=wrap;html=1;",
    ) -> None:
        cell = etree.SubElement(
            self.root, "mxCell", id=cell_id, value=label, style=style, vertex="1", parent="1"
        )
        dx, dy = self.origin
        geometry = etree.SubElement(
            cell, "mxGeometry", x=str(x + dx), y=str(y + dy), width="120", height="60"
        )
        geometry.set("as", "geometry")

    def add_edge(
        self, cell_id: str, source: str | None, target: str | None, label: str = ""
    ) -> None:
        cell = etree.SubElement(
            self.root,
            "mxCell",
            id=cell_id,
            value=label,
            style="edgeStyle=orthogonalEdgeStyle;html=1;",
            edge="1",
            parent="1",
        )
        if source:
            cell.set("source", source)
        if target:
            cell.set("target", target)
        geometry = etree.SubElement(cell, "mxGeometry", relative="1")
        geometry.set("as", "geometry")

    def reconnect(self, cell_id: str, *, target: str) -> None:
        self.cell(cell_id).find("mxCell").set("target", target)

    def save(self, path: Path) -> Path:
        if self.compressed:
            diagram = self.tree.find("diagram")
            model = diagram.find("mxGraphModel")
            diagram.remove(model)
            from engine.drawio.export import compress_model

            diagram.text = compress_model(etree.tostring(model, encoding="unicode"))
        path.write_bytes(etree.tostring(self.tree, xml_declaration=True, encoding="UTF-8"))
        return path


def yaml_of(folder: Path) -> str:
    return (folder / "scenario.yaml").read_text(encoding="utf-8")


def changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


# --- no edits, no changes -------------------------------------------------------------------------


@pytest.mark.parametrize("compressed", [False, True], ids=["plain", "compressed"])
def test_export_then_import_without_edits_changes_nothing(
    shop: Path, tmp_path: Path, compressed: bool
) -> None:
    diagram = DrawioFile(shop, compressed=compressed).save(tmp_path / "shop.drawio")
    plan = import_drawio(diagram, shop)
    assert plan.empty and plan.changes == []
    assert yaml_of(shop) == SHOP
    assert not (shop / LAYOUT_FILE).exists()


def test_a_round_trip_with_a_saved_layout_changes_nothing_either(
    shop: Path, tmp_path: Path
) -> None:
    Layout({"greet": (0, 0), "pick": (10.25, 150), "pay": (0, 300), "thanks": (0, 450)}).save(shop)
    layout_bytes = (shop / LAYOUT_FILE).read_bytes()
    plan = import_drawio(DrawioFile(shop).save(tmp_path / "shop.drawio"), shop)
    assert plan.empty
    assert yaml_of(shop) == SHOP and (shop / LAYOUT_FILE).read_bytes() == layout_bytes


# --- edits made in draw.io ---------------------------------------------------------------------


def test_moved_vertices_update_only_the_layout(shop: Path, tmp_path: Path) -> None:
    drawing = DrawioFile(shop)
    drawing.move("step:pay", 600, 42.5)
    plan = import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert plan.changes == ["moved 1 step(s): pay"]
    assert yaml_of(shop) == SHOP
    positions = Layout.load(shop).positions
    assert positions["pay"] == (600.0, 42.5)
    assert set(positions) == {"greet", "pick", "pay", "thanks"}


def test_a_relabelled_edge_renames_the_signal_and_keeps_its_description_and_comment(
    shop: Path, tmp_path: Path
) -> None:
    drawing = DrawioFile(shop)
    drawing.relabel("edge:greet:wants", "wants_to_buy")
    import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert changed_lines(SHOP, yaml_of(shop)) == [
        "-      wants: {to: pick, description: Wants to buy}   # the usual path",
        "+      wants_to_buy: {to: pick, description: Wants to buy} # the usual path",
    ]  # the comment stays on its line, at its column when there is room


def test_added_removed_and_reconnected_edges_update_transitions(shop: Path, tmp_path: Path) -> None:
    drawing = DrawioFile(shop)
    drawing.add_edge("new-edge-1", "step:pay", "step:pick", "change_item")
    drawing.remove("edge:pick:back")
    drawing.reconnect("edge:greet:wants", target="step:pay")
    plan = import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert sorted(plan.changes) == [
        "step greet: wants now leads to pay (was pick)",
        "step pay: new transition change_item → pick",
        "step pick: removed transition back",
    ]
    assert changed_lines(SHOP, yaml_of(shop)) == [
        "-      wants: {to: pick, description: Wants to buy}   # the usual path",
        "+      wants: {to: pay, description: Wants to buy}    # the usual path",
        "-      back: {to: greet}",
        "+      change_item: {to: pick}",
    ]


def test_editing_the_guard_line_updates_requires(shop: Path, tmp_path: Path) -> None:
    drawing = DrawioFile(shop)
    drawing.relabel("edge:pick:chosen", "chosen\n[requires: item, paid]")
    drawing.relabel("edge:pay:done", "done")
    import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert changed_lines(SHOP, yaml_of(shop)) == [
        "-      chosen: {to: pay, requires: [item]}",
        "+      chosen: {to: pay, requires: [item, paid]}",
        "-      done: {to: thanks, requires: [paid]}",
        "+      done: {to: thanks}",
    ]


LONG_GUARD = ["item", "paid", "size", "colour", "address", "phone", "email", "notes"]


def test_a_counted_guard_stands_for_the_names_in_the_edges_data(shop: Path, tmp_path: Path) -> None:
    """A long guard is exported as ``[requires 8]``, the names in the edge's ``requires``
    property: an untouched diagram keeps them all, an edited signal too, and typing the names
    into the label still sets them."""
    text = SHOP.replace(
        "chosen: {to: pay, requires: [item]}",
        f"chosen: {{to: pay, requires: [{', '.join(LONG_GUARD)}]}}",
    )
    (shop / "scenario.yaml").write_text(text, encoding="utf-8")
    drawing = DrawioFile(shop)
    assert drawing.cell("edge:pick:chosen").get("label") == "chosen [requires 8]"
    assert drawing.cell("edge:pick:chosen").get("requires") == ", ".join(LONG_GUARD)
    assert plan_import(
        ScenarioDocument.open(shop), read_drawio(drawing.save(tmp_path / "same.drawio"))
    ).empty
    drawing.relabel("edge:pick:chosen", "picked\n[requires 8]")
    import_drawio(drawing.save(tmp_path / "renamed.drawio"), shop)
    assert changed_lines(text, yaml_of(shop)) == [
        f"-      chosen: {{to: pay, requires: [{', '.join(LONG_GUARD)}]}}",
        f"+      picked: {{to: pay, requires: [{', '.join(LONG_GUARD)}]}}",
    ]
    drawing.relabel("edge:pick:chosen", "picked [requires: item]")
    import_drawio(drawing.save(tmp_path / "typed.drawio"), shop)
    assert "      picked: {to: pay, requires: [item]}\n" in yaml_of(shop)


def test_a_renamed_title_updates_the_title_only(shop: Path, tmp_path: Path) -> None:
    drawing = DrawioFile(shop)
    drawing.relabel("step:greet", "Welcome & hello\n(greet)")
    drawing.relabel("step:pick", "Choose an item")  # the id line deleted too
    import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert changed_lines(SHOP, yaml_of(shop)) == [
        "-    title: Greeting     # shown in the studio",
        "+    title: Welcome & hello # shown in the studio",
        "+    title: Choose an item",
    ]


def test_an_added_vertex_becomes_a_step_with_an_instruction_file(
    shop: Path, tmp_path: Path
) -> None:
    drawing = DrawioFile(shop)
    drawing.add_vertex("v-77", "Check stock<br>levels", x=400, y=300)
    drawing.add_edge("e-1", "step:pick", "v-77", "check")
    drawing.add_edge("e-2", "v-77", "step:pay", "in_stock")
    plan = import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert "new step check_stock_levels ('Check stock levels') with 1 transition(s)" in plan.changes
    document = ScenarioDocument.open(shop)
    scenario = document.scenario
    assert scenario is not None, document.errors
    step = scenario.steps["check_stock_levels"]
    assert (step.title, step.instructions) == ("Check stock levels", "steps/check_stock_levels.md")
    assert step.transitions["in_stock"].to == "pay"
    assert scenario.steps["pick"].transitions["check"].to == "check_stock_levels"
    assert (
        (shop / "steps/check_stock_levels.md")
        .read_text(encoding="utf-8")
        .startswith("# Check stock levels\n")
    )
    assert Layout.load(shop).positions["check_stock_levels"] == (400.0, 300.0)
    assert "# A small shop: greet, pick, pay." in yaml_of(shop)


def test_a_deleted_vertex_removes_the_step_but_keeps_its_file(shop: Path, tmp_path: Path) -> None:
    drawing = DrawioFile(shop)
    drawing.remove("step:pay")
    drawing.remove("edge:pay:done")
    drawing.reconnect("edge:pick:chosen", target="step:thanks")
    plan = import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert "removed step pay (steps/pay.md is kept)" in plan.changes
    scenario = ScenarioDocument.open(shop).scenario
    assert scenario is not None and "pay" not in scenario.steps
    assert (shop / "steps/pay.md").exists()
    assert "pay" not in Layout.load(shop).positions


def test_editing_the_step_property_renames_the_step_everywhere(shop: Path, tmp_path: Path) -> None:
    drawing = DrawioFile(shop)
    drawing.cell("step:pick").set("step", "choose")
    drawing.move("step:pick", 700, 10)
    plan = import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert plan.changes[0] == "renamed step pick → choose"
    scenario = ScenarioDocument.open(shop).scenario
    assert scenario is not None
    assert list(scenario.steps) == ["greet", "choose", "pay", "thanks"]
    assert scenario.steps["greet"].transitions["wants"].to == "choose"
    assert Layout.load(shop).positions["choose"] == (700.0, 10.0)
    assert import_drawio(DrawioFile(shop).save(tmp_path / "again.drawio"), shop).empty


def test_a_duplicated_step_box_becomes_a_new_step_not_a_second_claim(
    shop: Path, tmp_path: Path
) -> None:
    drawing = DrawioFile(shop)
    copy = etree.fromstring(etree.tostring(drawing.cell("step:pick")))
    copy.set("id", "QxY-12")  # draw.io gives a copy a fresh id and keeps its properties
    drawing.root.append(copy)
    drawing.move("step:pick", 0, 0)
    plan = import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert "new step pick_2 ('Pick') with 0 transition(s)" in plan.changes
    scenario = ScenarioDocument.open(shop).scenario
    assert scenario is not None and scenario.steps["pick_2"].instructions == "steps/pick_2.md"
    assert scenario.steps["pick"].instructions == "steps/pick.md"


def test_text_boxes_and_notes_are_ignored_and_reported(shop: Path, tmp_path: Path) -> None:
    drawing = DrawioFile(shop)
    drawing.add_vertex("note-1", "Ask legal about refunds", style="text;html=1;")
    plan = import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert plan.notes == ["ignored cell 'note-1': not a step (text/note)"]
    assert plan.empty and yaml_of(shop) == SHOP


def test_special_characters_in_titles_survive_the_round_trip(shop: Path, tmp_path: Path) -> None:
    title = 'Ask <size> & "crust" — 日本語 ☕'
    drawing = DrawioFile(shop)
    drawing.relabel("step:pick", f"{title}\n(pick)")
    import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    scenario = ScenarioDocument.open(shop).scenario
    assert scenario is not None and scenario.steps["pick"].title == title
    second = import_drawio(DrawioFile(shop).save(tmp_path / "again.drawio"), shop)
    assert second.empty


# --- what cannot be mapped is refused, naming the cell ----------------------------------------


@pytest.mark.parametrize(
    ("edit", "cell", "message"),
    [
        (
            lambda d: d.add_edge("loose", "step:greet", None, "go"),
            "loose",
            "not connected at both ends",
        ),
        (lambda d: d.add_edge("mute", "step:greet", "step:pay", ""), "mute", "has no label"),
        (
            lambda d: d.add_edge("dup", "step:pick", "step:greet", "chosen"),
            "dup",
            "already has an edge labelled 'chosen'",
        ),
        (
            lambda d: d.add_edge("bad", "step:greet", "step:pay", "go now!"),
            "bad",
            "'go now!' cannot be a signal",
        ),
        (
            lambda d: d.add_edge("stay", "step:greet", "step:greet", "stay"),
            "stay",
            "implicit signal for staying",
        ),
        (
            lambda d: d.add_edge("to-legend", "step:greet", "legend", "go"),
            "to-legend",
            "connects to cell 'legend', which is not a step",
        ),
        (lambda d: d.remove("step:greet"), "step:greet", "the start step 'greet' was deleted"),
    ],
    ids=["dangling", "unlabelled", "duplicate", "invalid", "stay", "not-a-step", "start"],
)
def test_unmappable_edits_are_refused_naming_the_cell_and_change_nothing(
    shop: Path, tmp_path: Path, edit: object, cell: str, message: str
) -> None:
    drawing = DrawioFile(shop)
    drawing.move("step:pay", 999, 999)  # a valid edit in the same file is not applied either
    edit(drawing)  # type: ignore[operator]
    with pytest.raises(DiagramError) as caught:
        import_drawio(drawing.save(tmp_path / "d.drawio"), shop)
    assert caught.value.cell_id == cell
    assert message in str(caught.value) and repr(cell) in str(caught.value)
    assert yaml_of(shop) == SHOP and not (shop / LAYOUT_FILE).exists()


# --- hostile files -----------------------------------------------------------------------------


def test_entity_expansion_is_refused(tmp_path: Path) -> None:
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        b'<mxfile><diagram><mxGraphModel><root><mxCell id="0" value="&lol2;"/>'
        b"</root></mxGraphModel></diagram></mxfile>"
    )
    with pytest.raises(DiagramError, match="DTD or entities"):
        read_drawio(laughs)


def test_external_entities_are_never_fetched(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET", encoding="utf-8")
    hostile = (
        f'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY s SYSTEM "file://{secret}">]>'
        '<mxfile><diagram><mxGraphModel><root><mxCell id="0" value="&s;"/>'
        "</root></mxGraphModel></diagram></mxfile>"
    ).encode()
    with pytest.raises(DiagramError) as caught:
        read_drawio(hostile)
    assert "TOP SECRET" not in str(caught.value)


def test_a_compressed_page_that_inflates_too_far_is_refused() -> None:
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = deflater.compress(b"A" * (MAX_INFLATED_BYTES + 1024)) + deflater.flush()
    page = base64.b64encode(bomb).decode()
    with pytest.raises(DiagramError, match="inflates to more than"):
        read_drawio(f'<mxfile><diagram name="p">{page}</diagram></mxfile>'.encode())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"this is not xml", "not valid XML"),
        (b"<svg/>", "not a draw.io file"),
        (b"<mxfile/>", "has no page"),
        (b'<mxfile><diagram name="p">%%%not base64</diagram></mxfile>', "not base64"),
        (b'<mxfile><diagram name="p">bm90IGRlZmxhdGVk</diagram></mxfile>', "cannot be inflated"),
        (b"<mxfile><diagram><mxGraphModel/></diagram></mxfile>", "no <root>"),
    ],
)
def test_broken_files_get_a_clear_error(data: bytes, message: str) -> None:
    with pytest.raises(DiagramError, match=message):
        read_drawio(data)


def test_a_file_over_the_size_limit_is_refused_before_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("engine.drawio.read.MAX_DRAWIO_BYTES", 100)
    path = tmp_path / "big.drawio"
    path.write_bytes(b"<mxfile>" + b" " * 200 + b"</mxfile>")
    with pytest.raises(DiagramError, match="too large"):
        read_drawio(path)


# --- the plan, for the studio ------------------------------------------------------------------


def test_the_plan_applies_to_an_open_document_and_undoes_by_reload(
    shop: Path, tmp_path: Path
) -> None:
    drawing = DrawioFile(shop)
    drawing.relabel("step:pay", "Payment\n(pay)")
    document = ScenarioDocument.open(shop)
    plan = plan_import(document, read_drawio(drawing.save(tmp_path / "d.drawio")))
    assert [edit.op for edit in plan.edits] == ["set"]
    plan.apply(document)
    assert document.get(("steps", "pay", "title")) == "Payment"
    assert yaml_of(shop) == SHOP  # nothing is written until the document is saved


# --- the command ---------------------------------------------------------------------------------


def test_the_command_prints_what_changed(
    shop: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    drawing = DrawioFile(shop)
    drawing.relabel("edge:pick:back", "restart")
    path = drawing.save(tmp_path / "d.drawio")
    assert cli_main(["import-drawio", str(path), str(shop), "--dry-run"]) == 0
    assert capsys.readouterr().out == (
        "step pick: signal back renamed to restart\n(dry run: nothing was written)\n"
    )
    assert yaml_of(shop) == SHOP
    assert cli_main(["import-drawio", str(path), str(shop)]) == 0
    assert capsys.readouterr().out == "step pick: signal back renamed to restart\n"
    assert "      restart: {to: greet}\n" in yaml_of(shop)


def test_the_command_reports_a_refusal_without_a_traceback(
    shop: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    drawing = DrawioFile(shop)
    drawing.add_edge("e9", "step:greet", None, "go")
    path = drawing.save(tmp_path / "d.drawio")
    assert cli_main(["import-drawio", str(path), str(shop)]) == 1
    error = capsys.readouterr().err
    assert error.startswith("prompter: cell 'e9': this edge is not connected at both ends")
    assert "Traceback" not in error


# --- a big scenario ----------------------------------------------------------------------------


@pytest.mark.slow
def test_a_thousand_step_scenario_round_trips_unchanged(tmp_path: Path) -> None:
    lines = ["# generated", "name: big", "start: s0", "steps:"]
    for index in range(1000):
        lines.append(f"  s{index}:")
        if index == 999:
            lines.append("    final: true")
            continue
        lines.append(f"    transitions: {{next: {{to: s{index + 1}}}, home: {{to: s0}}}}")
    text = "\n".join(lines) + "\n"
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "scenario.yaml").write_text(text, encoding="utf-8")
    document = ScenarioDocument.open(folder)
    assert document.scenario is not None
    path = write_drawio(document.scenario, tmp_path / "big.drawio", document.layout)
    assert import_drawio(path, folder).empty
    assert (folder / "scenario.yaml").read_text(encoding="utf-8") == text


# --- the automatic layout the export recorded ----------------------------------------------------


def test_the_legend_records_the_automatic_layout_so_import_need_not_lay_out_again(
    shop: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.drawio import export

    document = ScenarioDocument.open(shop)
    assert document.scenario is not None
    drawing = DrawioFile(shop)
    stamp = drawing.cell("legend").get(export.LAYOUT_PROPERTY)
    assert export.stamped_positions(document.scenario, stamp) == export.exported_positions(
        document.scenario, None
    )
    monkeypatch.setattr(export, "routed_layout", lambda *args, **kwargs: pytest.fail("laid out"))
    assert import_drawio(drawing.save(tmp_path / "same.drawio"), shop).empty
    drawing.move("step:pay", 600, 42.5)
    plan = import_drawio(drawing.save(tmp_path / "moved.drawio"), shop)
    assert plan.changes == ["moved 1 step(s): pay"]
    assert Layout.load(shop).positions["pay"] == (600.0, 42.5)


def test_a_stamp_for_another_graph_or_a_damaged_one_is_not_trusted(shop: Path) -> None:
    from engine.drawio import export

    document = ScenarioDocument.open(shop)
    assert document.scenario is not None
    scenario = document.scenario
    stamp = DrawioFile(shop).cell("legend").get(export.LAYOUT_PROPERTY)
    key, _, packed = stamp.partition(":")
    bomb = base64.b64encode(zlib.compress(b"1 " * 100_000)).decode("ascii")
    for damaged in (f"{key}:{packed[:-4]}", f"{key}:not base64!", f"{key}:{bomb}", packed, ""):
        assert export.stamped_positions(scenario, damaged) is None
    document.set(("steps", "pick", "transitions", "back", "to"), "pay")
    assert document.scenario is not None
    assert export.stamped_positions(document.scenario, stamp) is None
    assert export.stamped_positions(scenario, stamp, direction="LR") is None


def test_a_saved_layout_is_exported_without_a_stamp(shop: Path) -> None:
    from engine.drawio import export

    Layout({"greet": (0, 0)}).save(shop)
    legend = DrawioFile(shop).cell("legend")
    assert legend.get(export.LAYOUT_PROPERTY) is None
    assert legend.get(export.ORIGIN_PROPERTY) is not None  # moved onto the page: it says so
