"""The graph scene: a mirror of the scenario graph that never edits it.

:class:`GraphScene` rebuilds its items from :func:`engine.scenario.graph.scenario_graph` whenever
the session reports a structural change, and moves nodes when the layout changes. User gestures
become *requests* (signals) — "these nodes were moved", "connect A to B", "add a step here" — that
the editor turns into undo commands; so an undo always goes through the same path as a redo.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
)

from app.graph.items import NODE_HEIGHT, NODE_WIDTH, EdgeItem, NodeItem, NodeState
from app.session import EditSession, Position
from app.theme import GraphColors
from engine.scenario.graph import scenario_graph

#: Text edits and saving never change the drawing, so they do not trigger a rebuild.
TEXT_CHANGE_KINDS = frozenset({"text", "saved"})
GRID = 20.0


class GraphScene(QGraphicsScene):
    """Nodes and arrows of the session's scenario (see the module docstring)."""

    #: (old positions, new positions) after a drag ended
    nodesMoved = Signal(dict, dict)
    #: (source step, target step): the author dragged from source's handle onto target
    connectRequested = Signal(str, str)
    #: (scene position): double-click on empty canvas
    addStepRequested = Signal(QPointF)
    #: (step id): double-click on a node
    stepActivated = Signal(str)
    #: the items were made anew (an overlay re-applies itself: app.graph.overlay)
    rebuilt = Signal()

    def __init__(self, session: EditSession | None, colors: GraphColors | None = None) -> None:
        super().__init__()
        self.session = session
        self.colors = colors or GraphColors.from_palette()
        self.nodes: dict[str, NodeItem] = {}
        self.edges: list[EdgeItem] = []
        self._press_positions: dict[str, QPointF] = {}
        self._connect_from: NodeItem | None = None
        self._connect_line: QGraphicsLineItem | None = None
        self._matches: set[str] = set()
        self._current: str | None = None
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        if session is not None:
            session.changed.connect(self._on_changed)
            session.layoutChanged.connect(self.apply_positions)
            session.problemsChanged.connect(self.apply_problems)
            session.reloaded.connect(self.rebuild)
        self.rebuild()

    # --- mirroring the model ---------------------------------------------------------------

    def rebuild(self) -> None:
        """Bring the items in line with the shown scenario (kept items keep their selection)."""
        scenario = self.session.shown if self.session is not None else None
        for edge in self.edges:
            edge.detach()
            self.removeItem(edge)
        self.edges = []
        if scenario is None:
            for node in self.nodes.values():
                self.removeItem(node)
            self.nodes = {}
            return
        graph = scenario_graph(scenario)
        wanted: dict[str, NodeState] = {}
        for step_id, data in graph.nodes(data=True):
            wanted[step_id] = NodeState(
                title=str(data["title"]),
                step_id=step_id,
                kind=str(data["kind"].value) if data["kind"] is not None else "missing",
                final=bool(data["final"]),
                start=step_id == scenario.start,
                missing=bool(data["missing"]),
            )
        for step_id in list(self.nodes):
            if step_id not in wanted:
                self.removeItem(self.nodes.pop(step_id))
        for step_id, state in wanted.items():
            node = self.nodes.get(step_id)
            if node is None or node.state.missing != state.missing:
                if node is not None:
                    self.removeItem(node)
                node = NodeItem(state, self.colors)
                self.nodes[step_id] = node
                self.addItem(node)
            else:
                node.set_state(state)
            node.set_flags(matched=step_id in self._matches, current=step_id == self._current)
        self._place_nodes()
        pairs: dict[tuple[str, str], int] = defaultdict(int)
        for source, target, signal, data in graph.edges(keys=True, data=True):
            index = pairs[(source, target)] + pairs[(target, source)] * (source != target)
            pairs[(source, target)] += 1
            edge = EdgeItem(self.nodes[source], self.nodes[target], str(signal), self.colors,
                            parallel_index=index, requires=tuple(data["requires"]))
            self.edges.append(edge)
            self.addItem(edge)
        self.apply_problems()
        self.rebuilt.emit()

    def apply_positions(self) -> None:
        self._place_nodes()

    def apply_problems(self) -> None:
        errors: dict[str, list[str]] = defaultdict(list)
        warnings: dict[str, list[str]] = defaultdict(list)
        for problem in self.session.problems if self.session is not None else []:
            step = step_of(problem)
            if step is None:
                continue
            bucket = errors if problem.severity == "error" else warnings
            bucket[step].append(problem.message)
        for step_id, node in self.nodes.items():
            state = node.state
            mine, theirs = errors.get(step_id, []), warnings.get(step_id, [])
            if state.errors != mine or state.warnings != theirs:
                node.set_state(NodeState(state.title, state.step_id, state.kind, state.final,
                                         state.start, state.missing, mine, theirs))

    def set_matches(self, step_ids: set[str]) -> None:
        self._matches = set(step_ids)
        for step_id, node in self.nodes.items():
            node.set_flags(matched=step_id in self._matches)

    def set_current(self, step_id: str | None) -> None:
        self._current = step_id
        for node_id, node in self.nodes.items():
            node.set_flags(current=node_id == step_id)

    def selected_steps(self) -> list[str]:
        return [item.step_id for item in self.selectedItems() if isinstance(item, NodeItem)]

    def selected_transitions(self) -> list[tuple[str, str]]:
        return [(item.source.step_id, item.signal) for item in self.selectedItems()
                if isinstance(item, EdgeItem)]

    def select_steps(self, step_ids: list[str]) -> None:
        self.clearSelection()
        for step_id in step_ids:
            node = self.nodes.get(step_id)
            if node is not None:
                node.setSelected(True)

    def items_rect(self) -> QRectF:
        return self.itemsBoundingRect().adjusted(-40, -40, 40, 40)

    def _on_changed(self, kind: str, path: tuple[object, ...]) -> None:
        if kind not in TEXT_CHANGE_KINDS:
            self.rebuild()

    def _place_nodes(self) -> None:
        positions = self.session.positions() if self.session is not None else {}
        placed = [pos for pos in positions.values()]
        fallback_y = max((y for _, y in placed), default=0.0) + NODE_HEIGHT + 80
        for index, (step_id, node) in enumerate(self.nodes.items()):
            x, y = positions.get(step_id) or (index * (NODE_WIDTH + 40), fallback_y)
            if node.pos() != QPointF(x, y):
                node.setPos(x, y)

    # --- gestures --------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        node = self._node_at(event.scenePos())
        wants_connect = node is not None and not node.state.missing and (
            node.on_handle(event.scenePos())
            or event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if event.button() == Qt.MouseButton.LeftButton and wants_connect and node is not None:
            self._start_connect(node, event.scenePos())
            event.accept()
            return
        super().mousePressEvent(event)
        self._press_positions = {item.step_id: item.pos() for item in self.selectedItems()
                                 if isinstance(item, NodeItem)}

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._connect_line is not None and self._connect_from is not None:
            self._connect_line.setLine(QLineF(self._connect_from.center(), event.scenePos()))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._connect_from is not None:
            source = self._connect_from
            self._end_connect()
            target = self._node_at(event.scenePos())
            if target is not None and not target.state.missing:
                self.connectRequested.emit(source.step_id, target.step_id)
            event.accept()
            return
        super().mouseReleaseEvent(event)
        old: dict[str, Position] = {}
        new: dict[str, Position] = {}
        for step_id, before in self._press_positions.items():
            node = self.nodes.get(step_id)
            if node is not None and node.pos() != before:
                old[step_id] = (before.x(), before.y())
                new[step_id] = (node.pos().x(), node.pos().y())
        self._press_positions = {}
        if new:
            self.nodesMoved.emit(old, new)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        node = self._node_at(event.scenePos())
        if node is not None and not node.state.missing:
            self.stepActivated.emit(node.step_id)
        elif node is None and self.itemAt(event.scenePos(), self._view_transform()) is None:
            self.addStepRequested.emit(event.scenePos())
        event.accept()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, self.colors.background)
        pen = QPen(self.colors.grid, 0)
        painter.setPen(pen)
        left = int(rect.left()) - int(rect.left()) % int(GRID)
        top = int(rect.top()) - int(rect.top()) % int(GRID)
        if rect.width() / GRID > 400:  # zoomed far out: a grid would only be noise
            return
        lines = [QLineF(x, rect.top(), x, rect.bottom())
                 for x in range(left, int(rect.right()) + 1, int(GRID) * 5)]
        lines += [QLineF(rect.left(), y, rect.right(), y)
                  for y in range(top, int(rect.bottom()) + 1, int(GRID) * 5)]
        painter.drawLines(lines)

    def _node_at(self, scene_pos: QPointF) -> NodeItem | None:
        for item in self.items(scene_pos):
            if isinstance(item, NodeItem):
                return item
        return None

    def _view_transform(self) -> QTransform:
        views = self.views()
        return views[0].transform() if views else QTransform()

    def _start_connect(self, node: NodeItem, scene_pos: QPointF) -> None:
        self._connect_from = node
        line = QGraphicsLineItem(QLineF(node.center(), scene_pos))
        pen = QPen(QColor(self.colors.accent), 2, Qt.PenStyle.DashLine)
        line.setPen(pen)
        line.setZValue(10)
        self._connect_line = line
        self.addItem(line)

    def _end_connect(self) -> None:
        if self._connect_line is not None:
            self.removeItem(self._connect_line)
        self._connect_line = None
        self._connect_from = None


def step_of(problem: object) -> str | None:
    """The step a problem concerns: the validator says so, or its field path starts with it."""
    step = getattr(problem, "step", None)
    if step:
        return str(step)
    field = getattr(problem, "field", None) or ""
    parts = field.split(".")
    if len(parts) >= 2 and parts[0] == "steps":
        return parts[1]
    return None
