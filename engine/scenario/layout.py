"""Where the studio draws each step: saved node positions, and an automatic layered layout.

Positions live beside ``scenario.yaml`` in ``scenario.layout.json``, never inside it: moving a node
is not a change to the scenario's meaning, so it must not touch the file authors review and diff.
The file is written atomically with sorted keys and rounded numbers, so saving twice gives the
same bytes and moving one node changes one line.

:func:`auto_layout` places steps that have no saved position. It uses grandalf's Sugiyama
(layered) layout: the start step sits on the top layer, back-edges (loops back to an earlier step)
are reversed for layering only, and every weakly connected part of the graph is laid out on its own
and placed side by side.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import UnreadableFile
from engine.io.atomic import atomic_write_text
from engine.io.input_limits import MAX_LAYOUT_BYTES
from engine.io.untrusted import read_text
from engine.scenario.definition import Scenario

LAYOUT_FILE = "scenario.layout.json"
LAYOUT_VERSION = 1

Point = tuple[float, float]

#: Gaps between layers and between nodes of one layer, and between separate components.
LAYER_GAP = 80.0
NODE_GAP = 40.0
COMPONENT_GAP = 120.0


@dataclass
class Layout:
    """Node positions by step id (top-left corner, in scene units).

    ``problem`` tells why a layout file could not be read; the layout is then empty and the studio
    falls back to :func:`auto_layout` — a broken layout file never stops a scenario from opening.
    """

    positions: dict[str, Point] = field(default_factory=dict)
    problem: str | None = None

    @classmethod
    def load(cls, folder: Path | str) -> Layout:
        path = Path(folder) / LAYOUT_FILE
        try:
            raw = read_text(path, limit=MAX_LAYOUT_BYTES, what="the layout")
        except UnreadableFile as error:
            if error.reason == "missing":
                return cls()
            return cls(problem=f"{path}: cannot read the layout ({error.message})")
        return cls.from_json(raw, source=path)

    @classmethod
    def from_json(cls, raw: str, *, source: Path | str = LAYOUT_FILE) -> Layout:
        """The layout in the text of a layout file (read from disk, or from a git revision)."""
        try:
            return cls(positions=_parse(raw))
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            return cls(problem=f"{source}: the layout is not valid ({error}); it was ignored")

    def save(self, folder: Path | str) -> Path:
        path = Path(folder) / LAYOUT_FILE
        atomic_write_text(path, self.to_json())
        return path

    def to_json(self) -> str:
        """Sorted, one node per line: moving a node changes exactly one line of the file."""
        entries = [
            f"    {json.dumps(step, ensure_ascii=False)}: [{_number(x)}, {_number(y)}]"
            for step, (x, y) in sorted(self.positions.items())
        ]
        body = ",\n".join(entries)
        positions = f"{{\n{body}\n  }}" if entries else "{}"
        return f'{{\n  "version": {LAYOUT_VERSION},\n  "positions": {positions}\n}}\n'

    def get(self, step_id: str) -> Point | None:
        return self.positions.get(step_id)

    def set(self, step_id: str, position: Point) -> None:
        self.positions[step_id] = (float(position[0]), float(position[1]))

    def remove(self, step_id: str) -> Point | None:
        return self.positions.pop(step_id, None)

    def rename(self, old: str, new: str) -> None:
        if old in self.positions:
            self.positions[new] = self.positions.pop(old)

    def copy(self) -> Layout:
        return Layout(positions=dict(self.positions), problem=self.problem)

    def completed(self, scenario: Scenario) -> dict[str, Point]:
        """Saved positions for the scenario's steps, auto-layout for the ones without."""
        saved = {step: self.positions[step] for step in scenario.steps if step in self.positions}
        if len(saved) == len(scenario.steps):
            return saved
        automatic = auto_layout(scenario)
        if not saved:
            return automatic
        # Place the unplaced steps below everything already placed, keeping their relative layout.
        bottom = max(y for _, y in saved.values()) + 60.0 + LAYER_GAP
        top = min(automatic[step][1] for step in scenario.steps if step not in saved)
        result = dict(saved)
        for step in scenario.steps:
            if step not in saved:
                x, y = automatic[step]
                result[step] = (x, y - top + bottom)
        return result


def _parse(raw: str) -> dict[str, Point]:
    data = json.loads(raw)
    if not isinstance(data, dict) or not isinstance(data.get("positions"), dict):
        raise ValueError("expected an object with 'positions'")
    positions: dict[str, Point] = {}
    for step, point in data["positions"].items():
        if not (isinstance(point, list) and len(point) == 2):
            raise ValueError(f"position of {step!r} must be [x, y]")
        positions[str(step)] = (float(point[0]), float(point[1]))
    return positions


def _number(value: float) -> str:
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)


# --- automatic layout -----------------------------------------------------------------------


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    signal: str


def scenario_edges(scenario: Scenario) -> Iterator[Edge]:
    """Every transition whose target exists, in file order."""
    for step_id, step in scenario.steps.items():
        for signal, transition in step.transitions.items():
            if transition.to in scenario.steps:
                yield Edge(step_id, transition.to, signal)


@dataclass
class RoutedLayout:
    """Node positions (top-left) plus, for edges spanning several layers, the bend points that
    keep them clear of the nodes in between (keyed by ``(source, signal)``)."""

    positions: dict[str, Point]
    routes: dict[tuple[str, str], list[Point]]


def auto_layout(
    scenario: Scenario, *, direction: str = "TB", node_size: tuple[float, float] = (180, 60)
) -> dict[str, Point]:
    """Layered positions (top-left corners) for every step; the start step on the first layer.

    ``direction`` is ``"TB"`` (layers top to bottom) or ``"LR"`` (left to right).
    """
    return routed_layout(scenario, direction=direction, node_size=node_size).positions


def routed_layout(
    scenario: Scenario, *, direction: str = "TB", node_size: tuple[float, float] = (180, 60)
) -> RoutedLayout:
    if direction not in ("TB", "LR"):
        raise ValueError(f"direction must be 'TB' or 'LR', not {direction!r}")
    with gc_paused():
        return _layered(
            list(scenario.steps),
            list(scenario_edges(scenario)),
            scenario.start,
            direction,
            node_size,
        )


def _layered(
    nodes: list[str],
    edges: list[Edge],
    start: str,
    direction: str,
    node_size: tuple[float, float],
) -> RoutedLayout:
    width, height = node_size
    # Work top to bottom; for LR the box is turned and coordinates are swapped at the end.
    box = (width, height) if direction == "TB" else (height, width)
    pairs = _distinct_pairs(edges)
    positions: dict[str, Point] = {}
    pair_points: dict[tuple[str, str], list[Point]] = {}
    offset = 0.0
    for members in _components(nodes, pairs, start):
        member_set = set(members)
        member_pairs = [pair for pair in pairs if pair[0] in member_set]
        placed, routes = _layered_component(members, member_pairs, box)
        left = min(x for x, _ in placed.values())
        right = max(x for x, _ in placed.values()) + box[0]
        for name, (x, y) in placed.items():
            positions[name] = (x - left + offset, y)
        for pair, points in routes.items():
            pair_points[pair] = [(x - left + offset, y) for x, y in points]
        offset += right - left + COMPONENT_GAP
    if direction == "LR":
        positions = {name: (y, x) for name, (x, y) in positions.items()}
        pair_points = {pair: [(y, x) for x, y in points] for pair, points in pair_points.items()}
    return RoutedLayout(
        {name: positions[name] for name in nodes},
        {
            (edge.source, edge.signal): pair_points[(edge.source, edge.target)]
            for edge in edges
            if (edge.source, edge.target) in pair_points
        },
    )


def _layered_component(
    members: list[str], pairs: list[tuple[str, str]], box: tuple[float, float]
) -> tuple[dict[str, Point], dict[tuple[str, str], list[Point]]]:
    """Top-left positions and bend points for one connected part, led by ``members[0]``.

    Ranks are longest paths from the leading step, with back-edges reversed. Edges spanning up to
    :data:`MAX_SPAN` layers go to grandalf, which threads them through dummy nodes; longer ones
    (a "restart" from every step, say) would need a dummy per layer crossed — quadratic — so
    they are left out of the ordering and routed along a lane at the right of the part instead.
    """
    box_w, box_h = box
    back = set(_back_edges(members, pairs, members[0]))
    ranks = _ranks(members, pairs, back)
    short = [pair for pair in pairs if abs(ranks[pair[0]] - ranks[pair[1]]) <= MAX_SPAN]
    long = [pair for pair in pairs if abs(ranks[pair[0]] - ranks[pair[1]]) > MAX_SPAN]
    row = box_h + LAYER_GAP
    positions: dict[str, Point] = {}
    routes: dict[tuple[str, str], list[Point]] = {}
    offset = 0.0
    for part in _components(members, short, members[0]):
        xs, bends = _ordered_by_grandalf(part, short, back, ranks, box)
        left = min(xs.values()) - box_w / 2
        for name in part:
            positions[name] = (xs[name] - box_w / 2 - left + offset, ranks[name] * row)
        for pair, points in bends.items():
            routes[pair] = [(x - left + offset, rank * row + box_h / 2) for x, rank in points]
        offset = max(x for x, _ in positions.values()) + box_w + NODE_GAP
    for pair in short:
        source, target = positions[pair[0]], positions[pair[1]]
        if pair not in routes and target[1] < source[1]:
            routes[pair] = _around_the_side(source, target, box)
    lane = max(x for x, _ in positions.values()) + box_w + NODE_GAP / 2
    for index, pair in enumerate(long):
        routes[pair] = _along_the_lane(
            positions[pair[0]], positions[pair[1]], box, lane + (index % LANES) * LANE_GAP
        )
    return positions, routes


#: Edges spanning more layers than this are routed along a lane instead of through grandalf.
MAX_SPAN = 8
#: Lanes for long edges at the right of a part, and the space between them.
LANES = 6
LANE_GAP = 12.0


def _ranks(
    members: list[str], pairs: list[tuple[str, str]], back: set[tuple[str, str]]
) -> dict[str, int]:
    """Longest-path layering of the graph made acyclic by reversing ``back`` edges."""
    successors: dict[str, list[str]] = {name: [] for name in members}
    incoming = dict.fromkeys(members, 0)
    for source, target in pairs:
        if (source, target) in back:
            source, target = target, source
        successors[source].append(target)
        incoming[target] += 1
    ranks = dict.fromkeys(members, 0)
    ready = [name for name in members if incoming[name] == 0]
    while ready:
        name = ready.pop()
        for target in successors[name]:
            ranks[target] = max(ranks[target], ranks[name] + 1)
            incoming[target] -= 1
            if incoming[target] == 0:
                ready.append(target)
    return ranks


def _ordered_by_grandalf(
    part: list[str],
    pairs: list[tuple[str, str]],
    back: set[tuple[str, str]],
    ranks: dict[str, int],
    box: tuple[float, float],
) -> tuple[dict[str, float], dict[tuple[str, str], list[tuple[float, int]]]]:
    """grandalf's ordering within layers: x centres of the steps, and for each edge spanning
    several layers its dummy nodes' (x, rank)."""
    from grandalf.graphs import Edge as GEdge
    from grandalf.graphs import Vertex

    members = set(part)
    vertices = {name: Vertex(name) for name in part}
    for vertex in vertices.values():
        vertex.view = _View(*box)
    graph_edges = {}
    for pair in pairs:
        if pair[0] in members:
            graph_edge = GEdge(vertices[pair[0]], vertices[pair[1]])
            graph_edge.view = _EdgeView()
            graph_edges[pair] = graph_edge
    base = min(ranks[name] for name in part)
    core = _connected_core(list(vertices.values()), list(graph_edges.values()))
    sugiyama = _sugiyama_class()(core)
    sugiyama.xspace = NODE_GAP
    sugiyama.yspace = LAYER_GAP
    sugiyama.init_ranked(
        {vertices[name]: ranks[name] - base for name in part},
        [graph_edges[pair] for pair in graph_edges if pair in back],
    )
    sugiyama.draw(1.5)
    xs = {name: float(vertex.view.xy[0]) for name, vertex in vertices.items()}
    bends: dict[tuple[str, str], list[tuple[float, int]]] = {}
    for pair, graph_edge in graph_edges.items():
        inner = graph_edge.view.points[1:-1]
        if inner:
            step = 1 if ranks[pair[1]] > ranks[pair[0]] else -1
            first = ranks[pair[0]]
            bends[pair] = [
                (float(x), first + step * (index + 1)) for index, (x, _) in enumerate(inner)
            ]
    return xs, bends


def _connected_core(vertices: list[Any], edges: list[Any]) -> Any:
    """A grandalf ``graph_core`` of a part we already know is connected.

    grandalf's constructor re-checks connectivity by comparing every vertex's component set with
    the whole set, quadratic in the number of steps; we found the components ourselves.
    """
    from grandalf.graphs import graph_core
    from grandalf.utils.poset import Poset

    core = graph_core.__new__(graph_core)
    core.directed = True
    core.sV = Poset(vertices)
    core.sE = Poset(edges)
    core.degenerated_edges = set()
    for edge in edges:
        edge.attach()
    for vertex in vertices:
        vertex.c = core
    return core


def _around_the_side(source: Point, target: Point, box: tuple[float, float]) -> list[Point]:
    """Bend points for a back-edge to the layer just above: out of the source's right side,
    up through the gap between the layers, into the target's right side.

    A straight line would run over the forward edge between the same steps; the side route
    stays within the gap between nodes (NODE_GAP) and between layers (LAYER_GAP), so it
    crosses no node.
    """
    box_w, box_h = box
    side = NODE_GAP / 2
    source_right, target_right = source[0] + box_w + side, target[0] + box_w + side
    source_y, target_y = source[1] + box_h / 2, target[1] + box_h / 2
    gap_y = source[1] - LAYER_GAP / 2
    corners = [
        (source_right, source_y),
        (source_right, gap_y),
        (target_right, gap_y),
        (target_right, target_y),
    ]
    return [point for index, point in enumerate(corners) if point not in corners[:index]]


def _along_the_lane(
    source: Point, target: Point, box: tuple[float, float], lane: float
) -> list[Point]:
    """Bend points for a long edge: into the gap next to the source's layer, along the lane at
    the right of the part, into the gap next to the target's layer, then straight in."""
    box_w, box_h = box
    down = target[1] > source[1]
    leave_y = source[1] + box_h + LAYER_GAP / 2 if down else source[1] - LAYER_GAP / 2
    enter_y = target[1] - LAYER_GAP / 2 if down else target[1] + box_h + LAYER_GAP / 2
    return [
        (source[0] + box_w / 2, leave_y),
        (lane, leave_y),
        (lane, enter_y),
        (target[0] + box_w / 2, enter_y),
    ]


def _distinct_pairs(edges: list[Edge]) -> list[tuple[str, str]]:
    """(source, target) once each, without self-loops: what decides the layering."""
    seen: dict[tuple[str, str], None] = {}
    for edge in edges:
        if edge.source != edge.target:
            seen.setdefault((edge.source, edge.target), None)
    return list(seen)


def _components(nodes: list[str], pairs: list[tuple[str, str]], start: str) -> list[list[str]]:
    """Weakly connected parts, each listed in file order behind the step that leads it.

    The start step leads its part, which comes first; another part is led by a step nothing
    points at, when there is one. Larger parts come before smaller ones.
    """
    parent = {name: name for name in nodes}

    def find(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for source, target in pairs:
        parent[find(source)] = find(target)
    groups: dict[str, list[str]] = {}
    for name in nodes:
        groups.setdefault(find(name), []).append(name)
    targets = {target for _, target in pairs}
    result = []
    for members in groups.values():
        unpointed = [name for name in members if name not in targets]
        lead = start if start in members else (unpointed or members)[0]
        result.append([lead, *(name for name in members if name != lead)])
    result.sort(key=lambda members: (members[0] != start, -len(members)))
    return result


def _back_edges(
    members: list[str], pairs: list[tuple[str, str]], root: str
) -> list[tuple[str, str]]:
    """Edges that close a cycle in a depth-first walk from ``root`` (then from any step not yet
    reached, in file order); reversing them makes the graph acyclic for layering."""
    successors: dict[str, list[str]] = {name: [] for name in members}
    for source, target in pairs:
        successors[source].append(target)
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    back: list[tuple[str, str]] = []
    for first in [root, *members]:
        if first in state:
            continue
        state[first] = 1
        stack = [(first, iter(successors[first]))]
        while stack:
            node, pending = stack[-1]
            following = next(pending, None)
            if following is None:
                state[node] = 2
                stack.pop()
            elif state.get(following) == 1:
                back.append((node, following))
            elif following not in state:
                state[following] = 1
                stack.append((following, iter(successors[following])))
    return back


_SUGIYAMA: type | None = None


def _sugiyama_class() -> type:
    """grandalf's layout, given our ranks, with its layer set-up made linear.

    ``Layer.setup`` finds its own rank with ``layers.index(self)``, comparing lists element by
    element: quadratic in the number of layers, i.e. seconds for a 1,000-step scenario. Our
    ``init_ranked`` does what grandalf's ``init_all`` does, with ranks we computed (so that edges
    left out of grandalf keep their layers) and a layers list that knows each layer's index.
    grandalf is imported on first use.
    """
    global _SUGIYAMA
    if _SUGIYAMA is None:
        from grandalf.layouts import Layer, SugiyamaLayout

        class FastSugiyama(SugiyamaLayout):  # type: ignore[misc]
            def init_ranked(self, ranks: dict[Any, int], inverted_edges: list[Any]) -> None:
                """``init_all`` with the ranks given (see :func:`_ranks`)."""
                self.alt_e = inverted_edges
                layers: list[Any] = []
                for vertex, rank in sorted(ranks.items(), key=lambda item: item[1]):
                    self.grx[vertex].rank = rank
                    while len(layers) <= rank:
                        layers.append(Layer([]))
                    layers[rank].append(vertex)
                self.layers = _IndexedList(layers)
                for edge in self.g.E():
                    self.setdummies(edge)
                for layer in self.layers:
                    layer.setup(self)
                self.initdone = True

            def ordering_step(self, oneway: bool = False) -> Iterator[Any]:
                """grandalf's pass over the layers, with the back-edges turned once for the whole
                pass: ``Layer.order`` turns them (walking every one) before and after each layer,
                quadratic in the number of steps, and nothing between two layers looks at them."""
                self._edge_inverter()
                self._turned_for_pass = True
                try:
                    yield from super().ordering_step(oneway)
                finally:
                    self._turned_for_pass = False
                    self._edge_inverter()

            def _edge_inverter(self) -> None:
                if not getattr(self, "_turned_for_pass", False):
                    super()._edge_inverter()

        _SUGIYAMA = FastSugiyama
    return _SUGIYAMA


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold Python's cycle collector during bulk work that only allocates (parsing, laying out).

    Parsing 1,000 steps creates some 100,000 objects; each of them counts towards the collector's
    next pass, which walks every live object — a third of the parse's time, and more the more
    the program holds. What the work leaves as garbage is collected after.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class _IndexedList(list[Any]):
    def __init__(self, items: list[Any]) -> None:
        super().__init__(items)
        self._positions = {id(item): index for index, item in enumerate(items)}

    def index(self, item: Any, *args: Any) -> int:
        return self._positions[id(item)]


class _View:
    """The box grandalf needs for a vertex: its size in, its centre (``xy``) out."""

    def __init__(self, w: float, h: float) -> None:
        self.w = w
        self.h = h
        self.xy: tuple[float, float] = (0.0, 0.0)


class _EdgeView:
    """Receives the route grandalf computes for an edge through its dummy (in-between) nodes."""

    def __init__(self) -> None:
        self.points: list[Point] = []

    def setpath(self, points: list[Point]) -> None:
        self.points = [(float(x), float(y)) for x, y in points]


__all__ = [
    "LAYOUT_FILE",
    "Edge",
    "Layout",
    "RoutedLayout",
    "auto_layout",
    "gc_paused",
    "routed_layout",
    "scenario_edges",
]
