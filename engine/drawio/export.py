"""Write a scenario as a draw.io diagram, with lxml (no draw.io library).

The file has the structure draw.io itself writes: ``mxfile / diagram / mxGraphModel / root`` with
the two root cells (``0`` and the default layer ``1``), then one vertex per step and one edge per
transition. Each step's metadata travels as custom properties of its cell — draw.io's
``<object>`` wrapper, whose attributes draw.io shows under *Edit Data* and keeps when saving — so
it survives a trip through draw.io.

The picture is the studio's (:mod:`engine.scenario.diagram`): positions from the saved layout,
completed for steps without one by the same layered layout the studio draws, and every edge
routed as the studio routes it on screen — loops back up a lane at the right, arrows that would
cross steps down a lane at the left, labelled where the studio labels them. The studio's
File ▸ Export and ``prompter export-drawio`` call the same function with the same layout, so
they write the same file. (``direction="LR"`` with no saved layout is the command line's own:
the engine's left-to-right layered layout, with grandalf's bend points.)

The page starts at 0: the studio's scene may extend left of and above its origin (a lane at
the left, the legend above the start step), and renderers that start at 0 cut negative
coordinates off, so the whole picture is moved right and down as far as needed to leave a
:data:`PAGE_MARGIN`. The legend records the move (:data:`ORIGIN_PROPERTY`), so that an import
takes it off again and the layout file keeps the studio's coordinates.

Edge labels are the signal and a short guard line (``[requires 15]`` when the names would not
fit); the full list is the edge's ``requires`` property and its tooltip.

The output is deterministic (no timestamps, ids from step ids and signals) and uncompressed by
default so that it diffs well; ``compressed=True`` writes draw.io's compressed page form. An
export is shared with people who never see the scenario folder, so the XML goes through
:func:`engine.io.redact.redact` before it is compressed or written: an API key pasted into a
scenario stays on the author's machine.
"""

from __future__ import annotations

import base64
import hashlib
import zlib
from collections.abc import Mapping
from dataclasses import astuple, replace
from pathlib import Path
from urllib.parse import quote

from lxml import etree

from engine.drawio.cells import (
    BACK_EDGE_STYLE,
    EDGE_STYLE,
    LEGEND_STYLE,
    NODE_HEIGHT,
    NODE_WIDTH,
    edge_cell_id,
    edge_label,
    font_style,
    step_cell_id,
    step_label,
    step_style,
    xml_safe,
)
from engine.io.atomic import atomic_write_bytes
from engine.io.redact import redact
from engine.scenario import diagram
from engine.scenario.definition import ResultField, Scenario, Step
from engine.scenario.diagram import Route
from engine.scenario.layout import (
    Edge,
    Layout,
    Point,
    gc_paused,
    routed_layout,
    scenario_edges,
)

#: Bend points of an edge from the engine's LR layout (no route of the studio's).
Bends = list[Point]

LEGEND_ID = "legend"
#: The legend's property that records where the automatic layout put each step (see
#: :func:`layout_stamp`), so that an import tells what the author moved without laying out again.
LAYOUT_PROPERTY = "layout"
#: Room left for the legend above the steps.
LEGEND_HEIGHT = 70.0
#: The legend's property recording how far the picture was moved to start on the page
#: (``"dx dy"``), written only when it was.
ORIGIN_PROPERTY = "origin"
#: Pixels between the page's top-left corner and the picture.
PAGE_MARGIN = 20.0
#: The legend's width and height, as drawn.
LEGEND_SIZE = (560.0, 50.0)


def scenario_to_drawio(
    scenario: Scenario,
    layout: Layout | None = None,
    *,
    compressed: bool = False,
    direction: str = "TB",
    shown: Mapping[str, Point] | None = None,
) -> bytes:
    """The draw.io file (UTF-8 XML bytes) for ``scenario``.

    ``layout`` is the saved layout; ``shown`` (the studio passes it) are the positions as drawn
    on screen, which the studio completes from that layout exactly as this module would — but
    steps added since it was opened may have been placed by hand."""
    with gc_paused():
        positions, routes = _placement(scenario, layout, direction, shown)
        saved = layout.positions if layout is not None else {}
        automatic = not any(step in saved for step in scenario.steps)
        stamp = layout_stamp(scenario, positions, direction) if automatic else None
        shift = page_shift(positions, routes)
        model = _graph_model(
            scenario, *_moved(positions, routes, shift), stamp, shift if any(shift) else None
        )
    mxfile = etree.Element("mxfile", host="Prompter", type="device")
    diagram = etree.SubElement(
        mxfile,
        "diagram",
        id=f"prompter-{scenario.name}",
        name=xml_safe(scenario.title or scenario.name),
    )
    if compressed:
        diagram.text = compress_model(redact(etree.tostring(model, encoding="unicode")))
    else:
        diagram.append(model)
    body: bytes = etree.tostring(mxfile, encoding="UTF-8", xml_declaration=True, pretty_print=True)
    return redact(body.decode("utf-8")).encode("utf-8")


def write_drawio(
    scenario: Scenario,
    path: Path | str,
    layout: Layout | None = None,
    *,
    compressed: bool = False,
    direction: str = "TB",
    shown: Mapping[str, Point] | None = None,
) -> Path:
    """Write the diagram atomically; returns the path written."""
    target = Path(path)
    atomic_write_bytes(
        target,
        scenario_to_drawio(
            scenario, layout, compressed=compressed, direction=direction, shown=shown
        ),
    )
    return target


def export_drawio(
    scenario: Scenario,
    layout: Layout | None,
    path: Path | str,
    *,
    compressed: bool = False,
    direction: str = "TB",
    shown: Mapping[str, Point] | None = None,
) -> Path:
    """The studio's entry point: the open scenario with its layout (and the positions it
    shows), to ``path`` — :func:`write_drawio`, as the command line calls it."""
    return write_drawio(
        scenario, path, layout, compressed=compressed, direction=direction, shown=shown
    )


def compress_model(xml: str) -> str:
    """draw.io's compressed page: base64 of the raw-deflated, URL-encoded XML."""
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = deflater.compress(quote(xml, safe="~()*!.'").encode("ascii")) + deflater.flush()
    return base64.b64encode(raw).decode("ascii")


def page_shift(
    positions: Mapping[str, Point], routes: Mapping[tuple[str, str], Route | Bends]
) -> Point:
    """How far right and down the picture must move to start :data:`PAGE_MARGIN` inside the
    page: steps, the legend above them, every route's points and label (0 when it does)."""
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    if ys:
        ys.append(min(ys) - LEGEND_HEIGHT)
    for route in routes.values():
        points = [*route.points, route.label] if isinstance(route, Route) else list(route)
        xs += [x - _LABEL_SLACK for x, _ in points]
        ys += [y - _LABEL_SLACK for _, y in points]
    if not xs or not ys:
        return (0.0, 0.0)
    return (
        _rounded(max(0.0, PAGE_MARGIN - min(xs))),
        _rounded(max(0.0, PAGE_MARGIN - min(ys))),
    )


def _moved(
    positions: dict[str, Point],
    routes: Mapping[tuple[str, str], Route | Bends],
    shift: Point,
) -> tuple[dict[str, Point], dict[tuple[str, str], Route | Bends]]:
    dx, dy = shift
    if not dx and not dy:
        return positions, dict(routes)

    def move(point: Point) -> Point:
        return (point[0] + dx, point[1] + dy)

    moved: dict[tuple[str, str], Route | Bends] = {}
    for key, route in routes.items():
        if isinstance(route, Route):
            moved[key] = replace(
                route, points=tuple(move(p) for p in route.points), label=move(route.label)
            )
        else:
            moved[key] = [move(point) for point in route]
    return {step: move(point) for step, point in positions.items()}, moved


def exported_positions(
    scenario: Scenario, layout: Layout | None, direction: str = "TB"
) -> dict[str, Point]:
    """Where the export puts each step (top-left, rounded as written): saved, else automatic."""
    positions, _ = _placement(scenario, layout, direction, None)
    return {step: (_rounded(x), _rounded(y)) for step, (x, y) in positions.items()}


def layout_stamp(scenario: Scenario, positions: dict[str, Point], direction: str) -> str:
    """``key:positions``: a digest of everything the automatic layout depends on (steps, edges,
    start, direction, sizes), then every step's position as written, deflated and in base64."""
    numbers = " ".join(
        f"{_rounded(positions[step][0])!r} {_rounded(positions[step][1])!r}"
        for step in scenario.steps
    )
    packed = base64.b64encode(zlib.compress(numbers.encode("ascii"), 9)).decode("ascii")
    return f"{_layout_key(scenario, direction)}:{packed}"


def stamped_positions(
    scenario: Scenario, stamp: str, direction: str = "TB"
) -> dict[str, Point] | None:
    """The positions a :func:`layout_stamp` records — what :func:`exported_positions` gives
    with no saved layout — or ``None`` when it was made for another graph or is damaged."""
    key, _, packed = stamp.partition(":")
    if key != _layout_key(scenario, direction):
        return None
    steps = list(scenario.steps)
    limit = 64 * (len(steps) + 1)  # a crafted stamp cannot inflate beyond what 2 numbers need
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(base64.b64decode(packed, validate=True), limit)
        values = [float(number) for number in raw.decode("ascii").split()]
    except (ValueError, zlib.error):
        return None
    if not inflater.eof or inflater.unconsumed_tail or len(values) != 2 * len(steps):
        return None
    return {step: (values[2 * index], values[2 * index + 1]) for index, step in enumerate(steps)}


def _layout_key(scenario: Scenario, direction: str) -> str:
    graph = repr(
        (
            list(scenario.steps),
            [astuple(edge) for edge in scenario_edges(scenario)],
            scenario.start,
            direction,
            NODE_WIDTH,
            NODE_HEIGHT,
            LEGEND_HEIGHT,
        )
    )
    return hashlib.sha256(graph.encode("utf-8")).hexdigest()[:24]


# --- building the model --------------------------------------------------------------------------


def _placement(
    scenario: Scenario,
    layout: Layout | None,
    direction: str,
    shown: Mapping[str, Point] | None,
) -> tuple[dict[str, Point], dict[tuple[str, str], Route | Bends]]:
    """Every step's position and every edge's route: the studio's picture (see the module
    docstring), or the engine's left-to-right layout when asked for with nothing saved."""
    saved = layout.positions if layout is not None else {}
    if direction != "TB" and not any(step in saved for step in scenario.steps):
        routed = routed_layout(scenario, direction=direction, node_size=(NODE_WIDTH, NODE_HEIGHT))
        shift = LEGEND_HEIGHT
        positions = {step: (x, y + shift) for step, (x, y) in routed.positions.items()}
        bends: dict[tuple[str, str], Route | Bends] = {
            key: [(x, y + shift) for x, y in points] for key, points in routed.routes.items()
        }
        return positions, bends
    if shown is not None and all(step in shown for step in scenario.steps):
        positions = {step: shown[step] for step in scenario.steps}
    else:
        positions = diagram.completed(scenario, saved)
    return positions, dict(diagram.routes(scenario, positions))


def _graph_model(
    scenario: Scenario,
    positions: dict[str, Point],
    routes: Mapping[tuple[str, str], Route | Bends],
    stamp: str | None = None,
    shift: Point | None = None,
) -> etree._Element:
    right = max((x for x, _ in positions.values()), default=0.0) + NODE_WIDTH
    bottom = max((y for _, y in positions.values()), default=0.0) + NODE_HEIGHT
    model = etree.Element(
        "mxGraphModel",
        dx="1200",
        dy="800",
        grid="1",
        gridSize="10",
        guides="1",
        tooltips="1",
        connect="1",
        arrows="1",
        fold="1",
        page="1",
        pageScale="1",
        pageWidth=_number(max(850.0, right + 40)),
        pageHeight=_number(max(1100.0, bottom + 40)),
        math="0",
        shadow="0",
    )
    root = etree.SubElement(model, "root")
    etree.SubElement(root, "mxCell", id="0")
    etree.SubElement(root, "mxCell", id="1", parent="0")
    _legend(root, scenario, positions, stamp, shift)
    font = _font(scenario)  # one look at every label, not one per cell (2.5 s at 1,000 steps)
    for step in scenario.steps.values():
        _vertex(root, scenario, step, positions[step.id], font)
    for edge in scenario_edges(scenario):
        route = routes.get((edge.source, edge.signal), [])
        _edge(root, scenario, edge, positions, route, font)
    return model


def _legend(
    root: etree._Element,
    scenario: Scenario,
    positions: dict[str, Point],
    stamp: str | None,
    shift: Point | None = None,
) -> None:
    """A note for readers who never open the studio: what the shapes mean; with the automatic
    layout, it carries its :func:`layout_stamp` as a property, and the picture's move onto the
    page (:data:`ORIGIN_PROPERTY`) when it was moved."""
    top = min((y for _, y in positions.values()), default=LEGEND_HEIGHT) - LEGEND_HEIGHT
    left = min((x for x, _ in positions.values()), default=0.0)
    title = scenario.title or scenario.name
    text = (
        f"{title} — start: {scenario.start}\n"
        "thick green border: start step · red pill: final step · yellow dashed: message step "
        "(no model call) · green, double sides: action step (calls a function or an API; its "
        "edges are outcomes) · edge label: signal [requires: variables, or how many — hover an "
        "edge, or Edit Data, for the list] · dashed edge: back to an earlier step"
    )
    properties = {}
    if stamp is not None:
        properties[LAYOUT_PROPERTY] = stamp
    if shift is not None:
        properties[ORIGIN_PROPERTY] = f"{_number(shift[0])} {_number(shift[1])}"
    if not properties:
        cell = etree.SubElement(
            root,
            "mxCell",
            id=LEGEND_ID,
            value=xml_safe(text),
            style=LEGEND_STYLE,
            vertex="1",
            parent="1",
        )
    else:
        wrapper = etree.SubElement(
            root, "object", {"id": LEGEND_ID, "label": xml_safe(text), **properties}
        )
        cell = etree.SubElement(wrapper, "mxCell", style=LEGEND_STYLE, vertex="1", parent="1")
    _geometry(cell, left, top, *LEGEND_SIZE)


def _vertex(
    root: etree._Element, scenario: Scenario, step: Step, position: Point, font: str
) -> None:
    properties = {
        "step": step.id,
        "title": step.display_title,
        "kind": step.kind.value,
        "goal": step.goal,
        "instructions": step.instructions or "",
        "results": _results_text(step),
        "text": step.text or "",
        "final": "1" if step.final else "",
        "call": step.call.label if step.call is not None else "",
    }
    wrapper = etree.SubElement(
        root,
        "object",
        id=step_cell_id(step.id),
        label=xml_safe(step_label(step.display_title, step.id)),
    )
    if step.goal:
        wrapper.set("tooltip", xml_safe(step.goal))
    for name, value in properties.items():
        if value:
            wrapper.set(name, xml_safe(value))
    cell = etree.SubElement(
        wrapper,
        "mxCell",
        parent="1",
        vertex="1",
        style=step_style(kind=step.kind.value, start=step.id == scenario.start, final=step.final)
        + font,
    )
    _geometry(cell, position[0], position[1], NODE_WIDTH, NODE_HEIGHT)


def _edge(
    root: etree._Element,
    scenario: Scenario,
    edge: Edge,
    positions: dict[str, Point],
    route: Route | Bends,
    font: str,
) -> None:
    transition = scenario.steps[edge.source].transitions[edge.signal]
    label = edge_label(edge.signal, transition.requires)
    wrapper = etree.SubElement(
        root,
        "object",
        id=edge_cell_id(edge.source, edge.signal),
        label=xml_safe(label),
        signal=edge.signal,
    )
    if transition.requires:
        wrapper.set("requires", ", ".join(transition.requires))
    if transition.description:
        wrapper.set("description", xml_safe(transition.description))
    tooltip = _edge_tooltip(transition.description, transition.requires)
    if tooltip:
        wrapper.set("tooltip", xml_safe(tooltip))
    backward = positions[edge.target][1] < positions[edge.source][1]
    style = (BACK_EDGE_STYLE if backward else EDGE_STYLE) + font
    if isinstance(route, Route):
        style += _route_style(route)
    cell = etree.SubElement(
        wrapper,
        "mxCell",
        parent="1",
        edge="1",
        source=step_cell_id(edge.source),
        target=step_cell_id(edge.target),
        style=style,
    )
    geometry = etree.SubElement(cell, "mxGeometry", relative="1")
    geometry.set("as", "geometry")
    bends = list(route.bends) if isinstance(route, Route) else route
    if isinstance(route, Route) and route.kind in ("back", "down"):
        # the label where the studio puts it: beside the target (back) or under the source
        end = route.end if route.kind == "back" else route.start
        geometry.set("x", "1" if route.kind == "back" else "-1")
        center = _label_center(route, label)
        offset = etree.SubElement(
            geometry, "mxPoint", x=_number(center[0] - end[0]), y=_number(center[1] - end[1])
        )
        offset.set("as", "offset")
    if bends:
        array = etree.SubElement(geometry, "Array")
        array.set("as", "points")
        for x, y in bends:
            etree.SubElement(array, "mxPoint", x=_number(x), y=_number(y))


#: Room kept left of and above a route's points for its label and arrow head.
_LABEL_SLACK = 10.0
#: draw.io draws edge labels in 11 px Helvetica: about this wide a character, for placing a
#: label beside its anchor as the studio does (draw.io centres a label on its position).
_LABEL_CHAR_WIDTH = 6.2


def _label_center(route: Route, label: str) -> Point:
    width = max(len(line) for line in label.splitlines()) * _LABEL_CHAR_WIDTH + 8
    x, y = route.label
    if route.label_align == "left":
        x += width / 2
    elif route.label_align == "right":
        x -= width / 2
    return (x, y)


def _route_style(route: Route) -> str:
    """Where the edge leaves and enters its steps, and how it bends, as draw.io styles."""
    style = "labelBackgroundColor=#ffffff;"
    if route.exit is not None:
        style += (
            f"exitX={_number(route.exit[0], 3)};exitY={_number(route.exit[1], 3)};"
            "exitDx=0;exitDy=0;"
        )
    if route.entry is not None:
        style += (
            f"entryX={_number(route.entry[0], 3)};entryY={_number(route.entry[1], 3)};"
            "entryDx=0;entryDy=0;"
        )
    if route.kind in ("straight", "loop") and route.bends:
        style += "curved=1;"
    return style


def _font(scenario: Scenario) -> str:
    """The font of every label of the diagram: one that draws the scenario's script."""
    texts = [scenario.title]
    for step in scenario.steps.values():
        texts.append(step.display_title)
        texts += [transition.description for transition in step.transitions.values()]
    return font_style(texts)


def _edge_tooltip(description: str, requires: list[str]) -> str:
    lines = [description] if description else []
    if requires:
        lines.append(f"requires ({len(requires)}): {', '.join(requires)}")
    return "\n".join(lines)


def _geometry(cell: etree._Element, x: float, y: float, width: float, height: float) -> None:
    geometry = etree.SubElement(
        cell,
        "mxGeometry",
        x=_number(x),
        y=_number(y),
        width=_number(width),
        height=_number(height),
    )
    geometry.set("as", "geometry")


def _results_text(step: Step) -> str:
    """``name: type (required)`` per result, one a line: readable in draw.io's Edit Data."""
    return "\n".join(_result_line(name, field) for name, field in step.results.items())


def _result_line(name: str, field: ResultField) -> str:
    text = f"{name}: {field.type.value}"
    if field.values:
        text += f" [{', '.join(field.values)}]"
    if field.required:
        text += " (required)"
    return text


def _rounded(value: float) -> float:
    return float(_number(value))


def _number(value: float, digits: int = 1) -> str:
    rounded = round(value, digits)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)


__all__ = [
    "compress_model",
    "export_drawio",
    "exported_positions",
    "scenario_to_drawio",
    "write_drawio",
]
