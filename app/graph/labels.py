"""Where each arrow's label goes: never over a step's box, never over another label.

An arrow's label first goes where its route says (:attr:`engine.scenario.diagram.Route.label`,
as the draw.io export writes it). When that spot meets a box or a label already placed, the
:class:`LabelPlacer` tries spots along the arrow — the middle first, then towards its ends, each
on the line, above, below and beside it, then (two boxes too close for a label between them)
beside both — and takes the first free one; with none free, the one that covers least.
Arrows from one step to the same target (an action's ``error`` and ``unavailable`` both back
to *Slot*) share one label, ``error / unavailable``, drawn on the first of them.

The placer works incrementally, like the :class:`~app.graph.routing.Router`: it places again
only the labels of the arrows that were re-routed (and of their parallel partners) and the
labels a moved box now covers, so that an edit costs as much on 2,000 steps as on 20. Labels
already placed stay where they are; the new ones find room among them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF

from engine.scenario.diagram import NodeIndex

if TYPE_CHECKING:
    from app.graph.items import EdgeItem

#: Room kept between a label and a box or another label.
LABEL_MARGIN = 2.0
#: Where along an arrow a label may go (fractions of its length), most wanted first.
ALONG = (0.5, 0.38, 0.62, 0.26, 0.74, 0.15, 0.85)
#: Grid cell of the labels' index.
CELL = 120.0


def shared_text(edges: Iterable[EdgeItem]) -> str:
    """The one label of parallel arrows: their labels joined by " / "."""
    return " / ".join(edge.label_text() for edge in edges)


class LabelPlacer:
    """The labels placed so far, and placing some again (see the module docstring)."""

    def __init__(
        self, nodes: NodeIndex, outgoing: Callable[[str], Iterable[EdgeItem]] = lambda _: ()
    ) -> None:
        self.nodes = nodes
        #: a step's outgoing arrows (a hub's incoming ones are many: never walk those)
        self.outgoing = outgoing
        self._rects: dict[EdgeItem, QRectF] = {}
        self._cells: dict[tuple[int, int], set[EdgeItem]] = defaultdict(set)

    def forget(self, edge: EdgeItem) -> None:
        rect = self._rects.pop(edge, None)
        if rect is not None:
            for cell in _cells(rect):
                self._cells[cell].discard(edge)

    def covered_by(self, rect: QRectF) -> list[EdgeItem]:
        """The arrows whose label meets ``rect``."""
        found: set[EdgeItem] = set()
        for cell in _cells(rect):
            found |= self._cells.get(cell, set())
        return [edge for edge in found if self._rects[edge].intersects(rect)]

    def place(self, edges: Iterable[EdgeItem]) -> None:
        """Place the labels of ``edges`` (and of their parallel partners) again."""
        pairs: dict[str, set[int]] = defaultdict(set)  # source -> ids of the targets touched
        for edge in edges:
            if edge.scene() is None:  # gone: its partners' shared label changes
                self.forget(edge)
            pairs[edge.source.step_id].add(id(edge.target))
        leaders: list[tuple[EdgeItem, list[EdgeItem]]] = []
        for source, targets in pairs.items():
            by_target: dict[int, list[EdgeItem]] = defaultdict(list)
            for edge in self.outgoing(source):
                if id(edge.target) in targets:
                    by_target[id(edge.target)].append(edge)
            for group in by_target.values():
                group.sort(key=lambda other: other.parallel_index)
                leaders.append((group[0], group))
        for _leader, group in leaders:
            for member in group:
                self.forget(member)
        for leader, group in sorted(
            leaders, key=lambda item: (item[0].source.step_id, item[0].signal)
        ):
            for member in group[1:]:
                member.set_label("", QRectF())
            text = shared_text(group) if len(group) > 1 else leader.label_text()
            rect = self._spot(leader, text)
            leader.set_label(text, rect)
            self._rects[leader] = rect
            for cell in _cells(rect):
                self._cells[cell].add(leader)

    def _spot(self, edge: EdgeItem, text: str) -> QRectF:
        best: QRectF | None = None
        best_cost = math.inf
        for rect in _candidates(edge, text):
            cost = self._cost(rect, edge)
            if cost == 0:
                return rect
            if cost < best_cost:
                best, best_cost = rect, cost
        assert best is not None
        return best

    def _cost(self, rect: QRectF, edge: EdgeItem) -> float:
        grown = rect.adjusted(-LABEL_MARGIN, -LABEL_MARGIN, LABEL_MARGIN, LABEL_MARGIN)
        boxes = self.nodes.in_rect(grown.left(), grown.top(), grown.right(), grown.bottom())
        labels = [other for other in self.covered_by(grown) if other is not edge]
        return 10.0 * len(boxes) + len(labels)


def _candidates(edge: EdgeItem, text: str) -> Iterator[QRectF]:
    width, height = edge.label_size(text)
    yield edge.route_label_box(width, height)
    path = edge.path()
    for t in ALONG:
        point = path.pointAtPercent(t)
        for dx, dy in (
            (0.0, 0.0),
            (0.0, -(height / 2 + 3)),
            (0.0, height / 2 + 3),
            (width / 2 + 6, 0.0),
            (-(width / 2 + 6), 0.0),
        ):
            center = point + QPointF(dx, dy)
            yield QRectF(center.x() - width / 2, center.y() - height / 2, width, height)
    # two boxes too close for a label between them: beside both, level with the middle
    middle = path.pointAtPercent(0.5)
    ends = edge.source.sceneBoundingRect().united(edge.target.sceneBoundingRect())
    top = middle.y() - height / 2
    yield QRectF(ends.right() + 4, top, width, height)
    yield QRectF(ends.left() - 4 - width, top, width, height)
    left = middle.x() - width / 2
    yield QRectF(left, ends.top() - 4 - height, width, height)
    yield QRectF(left, ends.bottom() + 4, width, height)


def _cells(rect: QRectF) -> Iterator[tuple[int, int]]:
    for i in range(math.floor(rect.left() / CELL), math.floor(rect.right() / CELL) + 1):
        for j in range(math.floor(rect.top() / CELL), math.floor(rect.bottom() / CELL) + 1):
            yield (i, j)


__all__ = ["LABEL_MARGIN", "LabelPlacer", "shared_text"]
