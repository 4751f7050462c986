"""How a scenario is drawn: where each step goes and the way each transition runs.

The studio's graph and the draw.io export draw the same picture from this one module, so a
diagram exported from the studio, or by ``prompter export-drawio``, looks as the studio shows it.
It is plain geometry: no Qt, no lxml.

**Positions.** :func:`diagram_layout` keeps the layers and their order from the engine's layered
layout (:func:`engine.scenario.layout.auto_layout`, start on top, loops reversed) and centres
each layer on one axis, a little closer together than the engine's default: the engine spreads
layers sideways to thread long edges between them, which this picture draws in side lanes
instead, so the main path stays a straight column. :func:`completed` places steps the saved
layout does not know below those it does.

**Routes.** :func:`route_edge` decides how one transition runs between two boxes, around the
boxes of every other step (a :class:`NodeIndex`):

* a **self-loop** bends out to the right;
* an arrow **up** the picture (a loop back) leaves the source's right side, runs up a lane at
  the right — further out the longer the jump, and past any step in its way — and enters the
  target's right side; it is labelled beside the target. If a step sits beside the source or
  the target on that side, the lane runs on the left instead;
* an arrow **down or across** runs straight when nothing is in its way (a parallel arrow bows
  out); otherwise it leaves the source's bottom, turns aside in the gap under it, runs down a
  lane at the left (or the right) past the steps in between, and enters the target's side; it
  is labelled under the source.

Each route names the steps whose boxes decided it (:attr:`Route.blockers`), so a view can
redraw exactly the arrows a moved step affects. :func:`routes` routes every transition of a
scenario as the studio would after opening it.

**Labels.** A transition's label is its signal, with its guard in brackets when it
``requires`` variables: the names when they are few (``[requires: address]``), else their count
(``[requires 15]``) — the full list is in the tooltip and in the draw.io cell's data
(:func:`edge_label_line`).

Positions, routes and labels are one picture: a route depends on every box's position and on
the lanes the other routes took, and the studio and the draw.io export import the same three
from here, so the two drawings never drift apart.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Literal

from engine.scenario.definition import Scenario
from engine.scenario.layout import auto_layout

Point = tuple[float, float]
#: A transition's key: (source step, signal).
EdgeKey = tuple[str, str]

#: The size of a step's box.
NODE_WIDTH = 180.0
NODE_HEIGHT = 60.0
#: The box size the engine lays out with: our width, and a height 20 below ours, so layers sit
#: 60 apart instead of 80 (room for a signal label, and more steps on the first screen).
LAYOUT_NODE_SIZE = (NODE_WIDTH, NODE_HEIGHT - 20)
#: The gap between two steps of one layer.
NODE_GAP = 40.0
#: Room between a new step and those around it (see :func:`free_spot`).
FREE_MARGIN = 24.0

#: How far parallel arrows between the same two steps are spread apart.
PARALLEL_SPREAD = 26.0
#: How close a lane may pass by a box it goes around, and a straight arrow by a box it misses.
LANE_CLEARANCE = 10.0
STRAIGHT_CLEARANCE = 4.0
#: Where a route down the side leaves its source: this far from the box's corner.
SIDE_EXIT = 24.0
#: How far under its source a side route turns aside (in the gap between the layers).
TURN_DEPTH = 12.0
#: Where a side route's label sits: beside the target (back) or under the source (down).
BACK_LABEL_GAP = 12.0
DOWN_LABEL_GAP = 8.0
#: ... and a little below the turn, so a two-line label clears its source's box.
DOWN_LABEL_DROP = 2.0
#: A guard listed by name up to this many characters; longer ones are counted.
GUARD_NAMES_MAX = 26

RouteKind = Literal["straight", "loop", "back", "down"]
Side = Literal["left", "right", ""]
#: Where the label box is put against :attr:`Route.label`: centred on it, starting at it
#: (its left edge there) or ending at it (its right edge there).
LabelAlign = Literal["center", "left", "right"]


# --- positions --------------------------------------------------------------------------------


def diagram_layout(scenario: Scenario) -> dict[str, Point]:
    """Top-left positions for every step: the engine's layers, each centred on one axis."""
    return packed(auto_layout(scenario, direction="TB", node_size=LAYOUT_NODE_SIZE))


def packed(positions: Mapping[str, Point]) -> dict[str, Point]:
    """Each layer (same y) keeps its order and is centred on x = 0, NODE_GAP apart."""
    layers: dict[float, list[str]] = defaultdict(list)
    for step_id, (_x, y) in positions.items():
        layers[y].append(step_id)
    result: dict[str, Point] = {}
    for y, members in layers.items():
        members.sort(key=lambda step_id: positions[step_id][0])
        width = len(members) * NODE_WIDTH + (len(members) - 1) * NODE_GAP
        left = -width / 2
        for index, step_id in enumerate(members):
            result[step_id] = (left + index * (NODE_WIDTH + NODE_GAP), y)
    return {step_id: result[step_id] for step_id in positions}


def completed(scenario: Scenario, saved: Mapping[str, Point]) -> dict[str, Point]:
    """Saved positions for the steps that have one; the others laid out below them."""
    known = {step: saved[step] for step in scenario.steps if step in saved}
    if len(known) == len(scenario.steps):
        return known
    automatic = diagram_layout(scenario)
    if not known:
        return automatic
    bottom = max(y for _, y in known.values()) + NODE_HEIGHT + 80.0
    left = min(x for x, _ in known.values())
    missing = [step for step in scenario.steps if step not in known]
    top = min(automatic[step][1] for step in missing)
    first = min(automatic[step][0] for step in missing)
    result = dict(known)
    for step in missing:
        x, y = automatic[step]
        result[step] = (x - first + left, y - top + bottom)
    return result


def row_below(known: Iterable[Point], step_ids: Sequence[str]) -> dict[str, Point]:
    """Positions for ``step_ids`` in a row under every ``known`` position (left-aligned)."""
    points = list(known)
    bottom = max(map(itemgetter(1), points), default=-NODE_HEIGHT - 80.0) + NODE_HEIGHT + 80.0
    left = min(map(itemgetter(0), points), default=0.0)
    return {
        step_id: (left + index * (NODE_WIDTH + NODE_GAP), bottom)
        for index, step_id in enumerate(step_ids)
    }


def free_spot(nodes: NodeIndex, near: Point, *, prefer: Sequence[Point] = ()) -> Point:
    """A top-left position near ``near`` (a box's top-left) where a new box overlaps no other
    (with :data:`FREE_MARGIN` around it): the ``prefer`` offsets first, then rings of places
    further and further out, nearest first."""
    x, y = near
    step_x, step_y = NODE_WIDTH + NODE_GAP, NODE_HEIGHT + 50.0
    for dx, dy in prefer:
        if nodes.is_free(x + dx, y + dy, FREE_MARGIN):
            return (x + dx, y + dy)
    for ring in range(1, 40):
        spots = [
            (i, j)
            for i in range(-ring, ring + 1)
            for j in range(-ring, ring + 1)
            if max(abs(i), abs(j)) == ring
        ]
        spots.sort(
            key=lambda spot: (math.hypot(spot[0] * step_x, spot[1] * step_y), -spot[1], spot[0])
        )
        for i, j in spots:
            if nodes.is_free(x + i * step_x, y + j * step_y, FREE_MARGIN):
                return (x + i * step_x, y + j * step_y)
    return (x, y)


# --- where the boxes are ------------------------------------------------------------------------


class NodeIndex:
    """Where every step's box is, in a grid of buckets: which boxes a segment or a rectangle
    meets costs a few dictionary lookups, not a look at every step."""

    CELL_W = NODE_WIDTH + NODE_GAP
    CELL_H = 2 * NODE_HEIGHT

    def __init__(self, positions: Mapping[str, Point] | None = None) -> None:
        self.positions: dict[str, Point] = {}
        self._cells: dict[tuple[int, int], set[str]] = defaultdict(set)
        for key, point in (positions or {}).items():
            self.place(key, point)

    def place(self, key: str, point: Point) -> None:
        """Put (or move) the box of ``key`` with its top-left corner at ``point``."""
        old = self.positions.get(key)
        if old == point:
            return
        if old is not None:
            for cell in self._cells_of(*old):
                self._cells[cell].discard(key)
        self.positions[key] = point
        for cell in self._cells_of(*point):
            self._cells[cell].add(key)

    def remove(self, key: str) -> None:
        old = self.positions.pop(key, None)
        if old is not None:
            for cell in self._cells_of(*old):
                self._cells[cell].discard(key)

    def _cells_of(self, x: float, y: float) -> Iterator[tuple[int, int]]:
        """The buckets a box at ``(x, y)`` overlaps (it is filed in each: any rectangle it
        meets has one of them among its own)."""
        for i in range(math.floor(x / self.CELL_W), math.floor((x + NODE_WIDTH) / self.CELL_W) + 1):
            for j in range(
                math.floor(y / self.CELL_H), math.floor((y + NODE_HEIGHT) / self.CELL_H) + 1
            ):
                yield (i, j)

    def in_rect(
        self, left: float, top: float, right: float, bottom: float, margin: float = 0.0
    ) -> list[str]:
        """The boxes meeting the rectangle, each grown by ``margin`` on every side."""
        left, top, right, bottom = left - margin, top - margin, right + margin, bottom + margin
        cell_w, cell_h, cells = self.CELL_W, self.CELL_H, self._cells
        found: set[str] | None = None
        for i in range(math.floor(left / cell_w), math.floor(right / cell_w) + 1):
            for j in range(math.floor(top / cell_h), math.floor(bottom / cell_h) + 1):
                keys = cells.get((i, j))
                if keys:
                    found = set(keys) if found is None else found | keys
        if not found:
            return []
        positions = self.positions
        hits = []
        for key in found:
            x, y = positions[key]
            if x < right and x + NODE_WIDTH > left and y < bottom and y + NODE_HEIGHT > top:
                hits.append(key)
        return hits

    def is_free(self, x: float, y: float, margin: float) -> bool:
        return not self.in_rect(x, y, x + NODE_WIDTH, y + NODE_HEIGHT, margin)

    def on_segment(
        self, start: Point, end: Point, margin: float, exclude: Collection[str] = ()
    ) -> list[str]:
        """The boxes (grown by ``margin``) the straight segment from ``start`` to ``end`` meets,
        ``exclude`` left out."""
        left, right = (start[0], end[0]) if start[0] <= end[0] else (end[0], start[0])
        top, bottom = (start[1], end[1]) if start[1] <= end[1] else (end[1], start[1])
        found = self.in_rect(left, top, right, bottom, margin)
        if not found:
            return found
        positions = self.positions
        return [
            key
            for key in found
            if key not in exclude and _segment_meets_box(start, end, positions[key], margin)
        ]


def _segment_meets_box(start: Point, end: Point, box: Point, margin: float) -> bool:
    """Whether the segment meets the box at ``box`` grown by ``margin`` (Liang–Barsky)."""
    x0, y0 = start
    dx, dy = end[0] - x0, end[1] - y0
    left, top = box[0] - margin, box[1] - margin
    right, bottom = box[0] + NODE_WIDTH + margin, box[1] + NODE_HEIGHT + margin
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


# --- routes -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """How one transition is drawn.

    ``points``: for a straight arrow or a self-loop, the four points of a cubic Bézier curve
    (start, two controls, end); for a side route, the corners of a polyline from the start to
    the end. ``exit``/``entry``: where it leaves the source and enters the target, as fractions
    of the box (draw.io's ``exitX``/``entryX``…), for the routes that do not simply aim at the
    centres. ``label``: where its label goes, with ``label_align`` saying how the label box
    sits against that point. ``blockers``: the steps whose boxes decided the route.
    """

    kind: RouteKind
    points: tuple[Point, ...]
    label: Point
    label_align: LabelAlign = "center"
    side: Side = ""
    exit: Point | None = None
    entry: Point | None = None
    blockers: frozenset[str] = field(default_factory=frozenset)

    @property
    def start(self) -> Point:
        return self.points[0]

    @property
    def end(self) -> Point:
        return self.points[-1]

    @property
    def bends(self) -> tuple[Point, ...]:
        """The points between the start and the end: a side route's corners, or where a curve
        passes half way (for draw.io, which bends a curved edge through its waypoints)."""
        if self.kind in ("straight", "loop"):
            if self.kind == "straight" and self.points[1] == _third(self.start, self.end, 1):
                return ()  # a plain straight line
            return (
                (bezier_point(self.points, 0.5),)
                if self.kind == "straight"
                else (bezier_point(self.points, 0.25), bezier_point(self.points, 0.75))
            )
        return self.points[1:-1]

    def segments(self) -> list[tuple[Point, Point]]:
        """The route as straight segments (a curve by its start, middle and end): what is
        checked against the boxes it must miss."""
        if self.kind in ("straight", "loop"):
            middle = bezier_point(self.points, 0.5)
            return [(self.start, middle), (middle, self.end)]
        return list(zip(self.points, self.points[1:], strict=False))

    def meets(self, box: Point, margin: float = STRAIGHT_CLEARANCE) -> bool:
        """Whether the route runs through the box at ``box`` (top-left)."""
        return any(_segment_meets_box(a, b, box, margin) for a, b in self.segments())


def bezier_point(points: Sequence[Point], t: float) -> Point:
    """The point at ``t`` (0–1) of the cubic Bézier curve through ``points`` (4 of them)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)


def route_edge(
    source: str,
    target: str,
    nodes: NodeIndex,
    *,
    parallel_index: int = 0,
) -> Route:
    """The route of a transition from ``source`` to ``target`` (both placed in ``nodes``),
    the ``parallel_index``-th between those two steps (see the module docstring)."""
    source_at, target_at = nodes.positions[source], nodes.positions[target]
    spread = PARALLEL_SPREAD * parallel_index
    if source == target:
        return _loop(source_at, spread)
    ends = (source, target)
    blockers: set[str] = set()
    if target_at[1] < source_at[1] - NODE_HEIGHT / 2:
        around, sides = _back, ("right", "left")
    else:
        straight = _straight(source_at, target_at, parallel_index, spread)
        if parallel_index:
            hit = [
                key
                for a, b in straight.segments()
                for key in nodes.on_segment(a, b, STRAIGHT_CLEARANCE, ends)
            ]
        else:
            hit = nodes.on_segment(straight.start, straight.end, STRAIGHT_CLEARANCE, ends)
        if not hit:
            return straight
        blockers.update(hit)
        around, sides = _down, ("left", "right")
    first: Route | None = None
    for side in sides:
        route, clear = around(source_at, target_at, spread, nodes, ends, side, blockers)
        if clear:
            return _with_blockers(route, blockers)
        first = first or route
    assert first is not None
    return _with_blockers(first, blockers)


def _with_blockers(route: Route, blockers: set[str]) -> Route:
    return Route(
        route.kind,
        route.points,
        route.label,
        route.label_align,
        route.side,
        route.exit,
        route.entry,
        frozenset(blockers),
    )


def _center(point: Point) -> Point:
    return (point[0] + NODE_WIDTH / 2, point[1] + NODE_HEIGHT / 2)


def _third(a: Point, b: Point, n: int) -> Point:
    return (a[0] + (b[0] - a[0]) * n / 3, a[1] + (b[1] - a[1]) * n / 3)


def border_point(box: Point, towards: Point) -> Point:
    """Where the line from the box's centre towards ``towards`` leaves the box."""
    cx, cy = _center(box)
    dx, dy = towards[0] - cx, towards[1] - cy
    if dx == 0 and dy == 0:
        return (cx, cy)
    scale = min(
        NODE_WIDTH / 2 / abs(dx) if dx else math.inf, NODE_HEIGHT / 2 / abs(dy) if dy else math.inf
    )
    return (cx + dx * scale, cy + dy * scale)


def lane_offset(distance: float) -> float:
    """How far a side route runs beside the steps: further for a longer jump, so nested loops
    never cross."""
    return 28.0 + 0.12 * abs(distance)


def _loop(at: Point, spread: float) -> Route:
    cx, cy = _center(at)
    right = cx + NODE_WIDTH / 2
    reach = 46.0 + spread
    points = (
        (right, cy - 12),
        (right + reach, cy - 40 - spread / 2),
        (right + reach, cy + 40 + spread / 2),
        (right, cy + 12),
    )
    return Route(
        "loop",
        points,
        bezier_point(points, 0.5),
        side="right",
        exit=(1.0, 0.5 - 12 / NODE_HEIGHT),
        entry=(1.0, 0.5 + 12 / NODE_HEIGHT),
    )


def _straight(source: Point, target: Point, index: int, spread: float) -> Route:
    start = border_point(source, _center(target))
    end = border_point(target, _center(source))
    length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
    normal = (-(end[1] - start[1]) / length, (end[0] - start[0]) / length)
    bow = spread * (1 if index % 2 else -1)
    offset = (normal[0] * bow, normal[1] * bow)
    first, second = _third(start, end, 1), _third(start, end, 2)
    points = (
        start,
        (first[0] + offset[0], first[1] + offset[1]),
        (second[0] + offset[0], second[1] + offset[1]),
        end,
    )
    return Route("straight", points, bezier_point(points, 0.5))


def _push_lane(
    lane: float,
    top: float,
    bottom: float,
    direction: int,
    nodes: NodeIndex,
    ends: tuple[str, str],
    blockers: set[str],
) -> float:
    """``lane`` moved outwards (``direction`` +1: right, -1: left) until the vertical segment
    from ``top`` to ``bottom`` on it passes no box but the route's own ends."""
    for _ in range(64):
        hit = [
            key for key in nodes.in_rect(lane, top, lane, bottom, LANE_CLEARANCE) if key not in ends
        ]
        if not hit:
            return lane
        blockers.update(hit)
        xs = [nodes.positions[key][0] for key in hit]
        lane = (
            max(xs) + NODE_WIDTH + LANE_CLEARANCE + 1
            if direction > 0
            else min(xs) - LANE_CLEARANCE - 1
        )
    return lane


def _clear(
    legs: Iterable[tuple[Point, Point]], nodes: NodeIndex, ends: tuple[str, str], blockers: set[str]
) -> bool:
    hit = [key for a, b in legs for key in nodes.on_segment(a, b, STRAIGHT_CLEARANCE, ends)]
    blockers.update(hit)
    return not hit


def _back(
    source: Point,
    target: Point,
    spread: float,
    nodes: NodeIndex,
    ends: tuple[str, str],
    side: str,
    blockers: set[str],
) -> tuple[Route, bool]:
    """Up a lane beside the steps: out of the source's ``side``, into the target's."""
    direction = 1 if side == "right" else -1
    edge = NODE_WIDTH if side == "right" else 0.0
    start = (source[0] + edge, source[1] + NODE_HEIGHT / 2)
    end = (target[0] + edge, target[1] + NODE_HEIGHT / 2)
    outer = max(start[0], end[0]) if direction > 0 else min(start[0], end[0])
    lane = outer + direction * (lane_offset(start[1] - end[1]) + spread)
    lane = _push_lane(lane, end[1], start[1], direction, nodes, ends, blockers)
    points = (start, (lane, start[1]), (lane, end[1]), end)
    clear = _clear([(start, points[1]), (points[2], end)], nodes, ends, blockers)
    label = (end[0] + direction * BACK_LABEL_GAP, end[1])
    port = 1.0 if side == "right" else 0.0
    return Route(
        "back",
        points,
        label,
        "left" if direction > 0 else "right",
        "right" if direction > 0 else "left",
        exit=(port, 0.5),
        entry=(port, 0.5),
    ), clear


def _down(
    source: Point,
    target: Point,
    spread: float,
    nodes: NodeIndex,
    ends: tuple[str, str],
    side: str,
    blockers: set[str],
) -> tuple[Route, bool]:
    """Out of the source's bottom, aside in the gap under it, along a lane past the steps in
    between, into the target's ``side``."""
    direction = 1 if side == "right" else -1
    exit_x = NODE_WIDTH - SIDE_EXIT if side == "right" else SIDE_EXIT
    start = (source[0] + exit_x, source[1] + NODE_HEIGHT)
    turn = start[1] + TURN_DEPTH
    end = (target[0] + (NODE_WIDTH if side == "right" else 0.0), target[1] + NODE_HEIGHT / 2)
    outer = max(source[0], target[0]) + NODE_WIDTH if direction > 0 else min(source[0], target[0])
    lane = outer + direction * (lane_offset(end[1] - start[1]) + spread)
    lane = _push_lane(lane, min(turn, end[1]), max(turn, end[1]), direction, nodes, ends, blockers)
    points = (start, (start[0], turn), (lane, turn), (lane, end[1]), end)
    clear = _clear(
        [(start, points[1]), (points[1], points[2]), (points[3], end)], nodes, ends, blockers
    )
    label = (start[0] + direction * DOWN_LABEL_GAP, turn + DOWN_LABEL_DROP)
    return Route(
        "down",
        points,
        label,
        "left" if direction > 0 else "right",
        "right" if direction > 0 else "left",
        exit=(exit_x / NODE_WIDTH, 1.0),
        entry=(1.0 if side == "right" else 0.0, 0.5),
    ), clear


def parallel_index(scenario: Scenario, source: str, signal: str) -> int:
    """Where an arrow sits among those between the same two steps (both ways): they are
    spread apart. Arrows from the step whose id sorts first come first."""
    step = scenario.steps[source]
    target = step.transitions[signal].to
    same = [name for name, t in step.transitions.items() if t.to == target]
    index = same.index(signal)
    back = scenario.steps.get(target)
    if target != source and back is not None and target < source:
        index += sum(1 for t in back.transitions.values() if t.to == source)
    return index


def routes(scenario: Scenario, positions: Mapping[str, Point]) -> dict[EdgeKey, Route]:
    """Every transition between two steps of ``scenario``, routed among all the boxes at
    ``positions``."""
    nodes = NodeIndex({step: positions[step] for step in scenario.steps})
    found: dict[EdgeKey, Route] = {}
    for step_id, step in scenario.steps.items():
        for signal, transition in step.transitions.items():
            if transition.to in scenario.steps:
                found[(step_id, signal)] = route_edge(
                    step_id,
                    transition.to,
                    nodes,
                    parallel_index=parallel_index(scenario, step_id, signal),
                )
    return found


# --- labels -----------------------------------------------------------------------------------


def edge_label_line(signal: str, requires: Sequence[str]) -> str:
    """A transition's label on one line: ``signal [requires 15]`` (the studio's and draw.io's)."""
    guard = guard_label(requires)
    return f"{signal} [{guard}]" if guard else signal


def guard_label(requires: Sequence[str]) -> str:
    """The guard line of a transition's label: ``requires: a, b``, or ``requires 15`` when the
    names would make the label long ("" without a guard)."""
    if not requires:
        return ""
    names = f"requires: {', '.join(requires)}"
    return names if len(names) <= GUARD_NAMES_MAX else f"requires {len(requires)}"


__all__ = [
    "FREE_MARGIN",
    "LAYOUT_NODE_SIZE",
    "NODE_GAP",
    "NODE_HEIGHT",
    "NODE_WIDTH",
    "EdgeKey",
    "NodeIndex",
    "Point",
    "Route",
    "bezier_point",
    "border_point",
    "completed",
    "diagram_layout",
    "edge_label_line",
    "free_spot",
    "guard_label",
    "lane_offset",
    "packed",
    "parallel_index",
    "route_edge",
    "routes",
    "row_below",
]
