"""Where every box of the graph is, and the way each arrow runs among them.

The :class:`Router` routes each arrow with :func:`engine.scenario.diagram.route_edge` (the
route the draw.io export writes too) and, when boxes move, appear or go, re-routes exactly the
arrows whose route can change, so editing stays as quick on 2,000 steps as on 20.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF

from engine.scenario.diagram import NodeIndex, Route, route_edge


class Box(Protocol):
    """What the router reads of a step's box (:class:`app.graph.items.Box`)."""

    @property
    def step_id(self) -> str: ...

    @property
    def edges(self) -> Iterable[Arrow]: ...

    def pos(self) -> QPointF: ...

    def sceneBoundingRect(self) -> QRectF: ...


class Arrow(Protocol):
    """What the router reads and redraws of an arrow (:class:`app.graph.items.Arrow`)."""

    @property
    def source(self) -> Box: ...

    @property
    def target(self) -> Box: ...

    @property
    def parallel_index(self) -> int: ...

    @property
    def route(self) -> Route | None: ...

    def update_path(self) -> None: ...

    def scene(self) -> object: ...


#: More moved boxes than this at once (an auto-layout) re-route every arrow instead of looking
#: up which arrows each box affects.
BULK_MOVE = 64


class Router:
    """Where every box is, and the way each arrow runs among them.

    Each arrow's route (:func:`engine.scenario.diagram.route_edge`) depends on its own two
    boxes and on the boxes it had to go around (its blockers). When a box moves, appears or
    goes, the router re-routes its own arrows, the arrows it blocked and the arrows now
    running through it — exactly those whose route can change — so the graph on screen is
    what routing every arrow afresh would draw (and what the draw.io export writes).
    """

    def __init__(
        self,
        all_edges: Callable[[], Iterable[Arrow]] | None = None,
        edges_near: Callable[[QRectF], Iterable[Arrow]] | None = None,
        on_change: Callable[[Arrow | None, Box | None], None] | None = None,
    ) -> None:
        self.nodes = NodeIndex()
        self._all_edges = all_edges or (lambda: ())
        self._edges_near = edges_near or (lambda _rect: ())
        #: step id -> the arrows whose route that step's box decided
        self._blocking: dict[str, set[Arrow]] = defaultdict(set)
        self._deferred: list[Box] | None = None
        #: told of every arrow drawn anew or forgotten, and of every box moved (their labels
        #: may need another place: :mod:`app.graph.labels`)
        self._on_change = on_change or (lambda _edge, _box: None)

    def routed(self, edge: Arrow) -> None:
        """``edge`` was drawn along a new route."""
        self._on_change(edge, None)

    def route(self, edge: Arrow) -> Route:
        """Route ``edge`` among the boxes as they are now (and remember what decided it)."""
        for node in (edge.source, edge.target):
            if node.step_id not in self.nodes.positions:
                self.nodes.place(node.step_id, (node.pos().x(), node.pos().y()))
        route = route_edge(
            edge.source.step_id, edge.target.step_id, self.nodes, parallel_index=edge.parallel_index
        )
        old = edge.route.blockers if edge.route is not None else frozenset()
        if old != route.blockers:
            for step_id in old - route.blockers:
                self._blocking[step_id].discard(edge)
            for step_id in route.blockers - old:
                self._blocking[step_id].add(edge)
        return route

    def forget(self, edge: Arrow) -> None:
        self._on_change(edge, None)
        if edge.route is not None:
            for step_id in edge.route.blockers:
                self._blocking[step_id].discard(edge)

    def node_moved(self, node: Box) -> None:
        """``node`` was placed or moved: re-route what that changes."""
        point = (node.pos().x(), node.pos().y())
        if self.nodes.positions.get(node.step_id) == point:
            return
        self.nodes.place(node.step_id, point)
        self._on_change(None, node)
        if self._deferred is not None:
            self._deferred.append(node)
            return
        for edge in self._affected([node]):
            edge.update_path()

    def node_removed(self, step_id: str) -> None:
        """The box of ``step_id`` is gone: the arrows that went around it run straight again."""
        self.nodes.remove(step_id)
        for edge in list(self._blocking.pop(step_id, ())):
            if edge.scene() is not None:
                edge.update_path()

    @contextmanager
    def moving(self) -> Iterator[None]:
        """Move many boxes, then re-route what they affect once (each arrow at most once)."""
        if self._deferred is not None:
            yield
            return
        self._deferred = []
        try:
            yield
        finally:
            moved, self._deferred = self._deferred, None
            for edge in self._affected(moved):
                edge.update_path()

    def _affected(self, moved: list[Box]) -> list[Arrow]:
        if not moved:
            return []
        if len(moved) > BULK_MOVE:
            return list(self._all_edges())
        affected: dict[Arrow, None] = {}
        for node in moved:
            affected.update(dict.fromkeys(node.edges))
            affected.update(dict.fromkeys(self._blocking.get(node.step_id, ())))
            box = node.sceneBoundingRect()
            point = (node.pos().x(), node.pos().y())
            for edge in self._edges_near(box):
                if edge.route is not None and edge.route.meets(point):
                    affected[edge] = None
        return list(affected)


__all__ = ["BULK_MOVE", "Arrow", "Box", "Router"]
