"""The graph scene: a mirror of the scenario graph that never edits it.

:class:`GraphScene` draws the session's shown scenario and follows it edit by edit: after an
edit it redraws only the steps whose model changed — the document re-parses only what an edit
touched and hands back the very same :class:`~engine.scenario.definition.Step` objects for the rest,
so comparing identities finds them — with their outgoing arrows and the arrows that share their
pairs of steps. A position change moves only the nodes named. So an edit costs the same on 20
steps and on 2,000. User gestures become *requests* (signals) — "these nodes were moved",
"connect A to B", "add a step here" — that the editor turns into undo commands; so an undo
always goes through the same path as a redo.

Arrows run along the routes of :mod:`engine.scenario.diagram`, around the other boxes; the
scene's :class:`~app.graph.items.Router` re-routes the arrows a moved, added or removed box
affects. A step drawn without a saved position (a missing transition target's ``?`` box) is
put in free space beside the step that leads to it.

Other views mark nodes without touching the model: :meth:`GraphScene.set_matches` (find),
:meth:`GraphScene.set_current` (the step a conversation is in) and
:meth:`GraphScene.set_shading`, named layers of :class:`~app.graph.items.NodeStyle` and
:class:`~app.graph.items.EdgeStyle` (analytics, test coverage, a comparison, a simulation —
each through its own :class:`app.graph.overlay.GraphOverlay`). Layers compose in the order
they were first set and survive every edit: an item made anew takes them at once.

The scene is the one place that maps the model onto items: the incremental redraw, the routing
of the arrows an edit affects, the gestures and the marking layers all look items up in the same
two tables (steps and arrows). The items, their styles and the router live in
:mod:`app.graph.items`, :mod:`app.graph.styles` and :mod:`app.graph.routing`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QLineF, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
)

from app.edit_session import EditSession, Position, step_of
from app.graph.inline_edit import field_at
from app.graph.items import EdgeItem, EdgeStyle, NodeItem, NodeState, NodeStyle, Router
from app.graph.labels import LabelPlacer
from app.graph.layout import NODE_HEIGHT, NODE_WIDTH
from app.theme import GraphColors
from engine.scenario.definition import Scenario, Step
from engine.scenario.diagram import free_spot, parallel_index
from engine.scenario.document import Change

GRID = 20.0

#: An edge's key: (source step, signal).
EdgeKey = tuple[str, str]


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
    #: (step id, field): double-click on a step's title, or on a message step's text
    fieldEditRequested = Signal(str, str)
    #: items were made anew (a rebuild, or an edit that redrew some): overlays re-apply
    rebuilt = Signal()

    def __init__(self, session: EditSession | None, colors: GraphColors | None = None) -> None:
        super().__init__()
        self.session = session
        self.colors = colors or GraphColors.from_palette()
        self.nodes: dict[str, NodeItem] = {}
        #: each step's outgoing arrows, by signal
        self._out: dict[str, dict[str, EdgeItem]] = {}
        #: the Step each node was drawn from (None: a missing target's placeholder)
        self._drawn: dict[str, Step | None] = {}
        self._start: str | None = None
        #: whether the last refresh drew the session's current scenario (not the last good one)
        self._drew_current = False
        self._press_positions: dict[str, QPointF] = {}
        self._connect_from: NodeItem | None = None
        self._connect_line: QGraphicsLineItem | None = None
        self._matches: set[str] = set()
        self._current: str | None = None
        self._shading: dict[str, _Layer] = {}
        #: arrows whose label may need another place, and boxes that moved (labels.py)
        self._label_edges: dict[EdgeItem, None] = {}
        self._label_boxes: dict[NodeItem, None] = {}
        self._label_timer = QTimer(self)
        self._label_timer.setSingleShot(True)
        self._label_timer.setInterval(0)
        self._label_timer.timeout.connect(self.place_labels)
        self.router = self._new_router()
        # The scene rectangle is set, never left to follow the items: when it grows, Qt's
        # index re-files every item, which on 2,000 steps costs more than a frame.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self._covered = QRectF()
        if session is not None:
            session.changed.connect(self._on_changed)
            session.layoutChanged.connect(self.apply_positions)
            session.problemsChanged.connect(self.apply_problems)
            session.reloaded.connect(self.rebuild)
        self.rebuild()

    # --- what is drawn -----------------------------------------------------------------------

    @property
    def edges(self) -> list[EdgeItem]:
        """Every arrow on the scene."""
        return [edge for edges in self._out.values() for edge in edges.values()]

    def ordered_nodes(self) -> list[NodeItem]:
        """The steps in the scenario's order, then the missing targets' placeholders."""
        scenario = self.session.shown if self.session is not None else None
        order = list(scenario.steps) if scenario is not None else []
        nodes = self.nodes
        first = [nodes[step_id] for step_id in order if step_id in nodes]
        return first + [node for step_id, node in nodes.items() if step_id not in set(order)]

    def ordered_edges(self) -> list[EdgeItem]:
        """The transitions, each step's in its order, the steps in the scenario's."""
        return [
            edge
            for node in self.ordered_nodes()
            for edge in self._out.get(node.step_id, {}).values()
        ]

    def edge(self, source: str, signal: str) -> EdgeItem | None:
        return self._out.get(source, {}).get(signal)

    # --- mirroring the model ---------------------------------------------------------------

    def rebuild(self) -> None:
        """Draw the shown scenario afresh (after a reload, or for a new session)."""
        for edges in self._out.values():
            for edge in edges.values():
                edge.detach()
                self.removeItem(edge)
        for node in self.nodes.values():
            self.removeItem(node)
        self.nodes, self._out, self._drawn, self._start = {}, {}, {}, None
        self.router = self._new_router()
        self._covered = QRectF()
        self.refresh()  # the labels are placed when the first frame is up (the timer)
        self.apply_problems()
        self._cover(self.items())
        self.rebuilt.emit()

    def retranslate(self) -> None:
        """The items' own words (a final step's mark, the tooltips) in the studio's language."""
        for node in self.nodes.values():
            node.retranslate()
        for edges in self._out.values():
            for edge in edges.values():
                edge._refresh_tooltip()

    def refresh(self, hint: Collection[str] | None = None) -> None:
        """Bring the items in line with the shown scenario, touching only what changed.

        ``hint`` names the steps an edit changed; it is enough when the scene last drew the
        scenario just before that edit. Otherwise (no hint, or the scenario was broken in
        between and the last one that loaded is shown) the steps are compared by identity.
        """
        session = self.session
        scenario = session.shown if session is not None else None
        if scenario is None:
            if self.nodes:
                self.rebuild()
            return
        steps = scenario.steps
        current = session is not None and session.scenario is scenario
        if hint is not None and self._drew_current and current:
            changed = set(hint)
        else:
            drawn = self._drawn
            changed = {step_id for step_id, step in steps.items() if drawn.get(step_id) is not step}
            changed |= {
                step_id
                for step_id, step in drawn.items()
                if step is not None and step_id not in steps
            }
        self._drew_current = current
        if scenario.start != self._start:
            changed |= {step_id for step_id in (self._start, scenario.start) if step_id}
            self._start = scenario.start
        if changed:
            self._redraw(scenario, changed)
            self.place_labels()
            self.rebuilt.emit()

    def _redraw(self, scenario: Scenario, changed: set[str]) -> None:
        steps = scenario.steps
        # arrows change with their source step; the pairs they share must be re-spread
        sources = {step_id for step_id in changed if step_id in steps or step_id in self._out}
        partners: set[str] = set()
        for source in sources:
            old = self._targets(source)
            step = steps.get(source)
            new = {t.to for t in step.transitions.values()} if step is not None else set()
            for target in (old | new) - {source}:
                if source in self._targets(target):
                    partners.add(target)
        old_targets = {target for source in sources | partners for target in self._targets(source)}
        for source in sources:
            if source not in steps:  # a deleted step's arrows go before its node changes
                self._remove_edges(source)
        for step_id in changed:
            self._update_node(scenario, step_id)
        # nodes go to their places before their arrows are drawn (each arrow routed once)
        placed = [step_id for step_id in changed if step_id in self.nodes]
        self._place_nodes(placed)
        touched: list[QGraphicsItem] = []
        for source in sources | partners:
            step = steps.get(source)
            if step is not None:
                touched += self._sync_edges(scenario, step)
        self._drop_orphans(changed | old_targets)
        self._cover(
            [*(self.nodes[step_id] for step_id in placed if step_id in self.nodes), *touched]
        )

    def _update_node(self, scenario: Scenario, step_id: str) -> None:
        step = scenario.steps.get(step_id)
        node = self.nodes.get(step_id)
        if step is None:
            self._drawn.pop(step_id, None)
            if node is not None and not self._incoming(step_id):
                self._remove_node(step_id)
            elif node is not None:
                self._set_node(step_id, self._missing_state(step_id))
            return
        self._drawn[step_id] = step
        self._set_node(
            step_id,
            NodeState(
                title=step.display_title,
                step_id=step_id,
                kind=step.kind.value,
                final=step.final,
                start=step_id == scenario.start,
                missing=False,
                errors=node.state.errors if node is not None and not node.state.missing else [],
                warnings=node.state.warnings if node is not None and not node.state.missing else [],
                text=(step.text or "") if step.kind.value == "message" else "",
            ),
        )

    def _set_node(self, step_id: str, state: NodeState) -> NodeItem:
        node = self.nodes.get(step_id)
        if node is not None and node.state.missing == state.missing:
            node.set_state(state)
            return node
        edges = []
        if node is not None:  # a placeholder becomes a step, or the other way round
            edges = [edge for edge in node.edges if edge.target is node]
            self._remove_edges(step_id)  # its own arrows are drawn again from the new item
            self.removeItem(node)
        node = NodeItem(state, self.colors, self.router)
        node.set_flags(matched=step_id in self._matches, current=step_id == self._current)
        node.set_styles(self._node_styles(step_id))
        self.nodes[step_id] = node
        self.addItem(node)
        for edge in edges:  # arrows into it follow the new item
            edge.retarget(node)
        return node

    def _missing_state(self, step_id: str) -> NodeState:
        return NodeState(title=step_id, step_id=step_id, kind="missing", missing=True)

    def _remove_node(self, step_id: str) -> None:
        node = self.nodes.pop(step_id)
        self._drawn.pop(step_id, None)
        self.removeItem(node)
        self.router.node_removed(step_id)

    def _incoming(self, step_id: str) -> list[EdgeItem]:
        node = self.nodes.get(step_id)
        return [edge for edge in node.edges if edge.target is node] if node is not None else []

    def _targets(self, source: str) -> set[str]:
        return {edge.target.step_id for edge in self._out.get(source, {}).values()}

    def _remove_edges(self, source: str) -> None:
        for edge in self._out.pop(source, {}).values():
            edge.detach()
            self.removeItem(edge)

    def _sync_edges(self, scenario: Scenario, step: Step) -> list[EdgeItem]:
        """Make ``step``'s arrows match its transitions, keeping the items that still do;
        returns the arrows made."""
        source = self.nodes[step.id]
        old = self._out.pop(step.id, {})
        edges: dict[str, EdgeItem] = {}
        made: list[EdgeItem] = []
        placeholders: list[str] = []
        for signal, transition in step.transitions.items():
            target = self.nodes.get(transition.to)
            if target is None:
                target = self._set_node(transition.to, self._missing_state(transition.to))
                placeholders.append(transition.to)
            index = parallel_index(scenario, step.id, signal)
            requires = tuple(transition.requires)
            description = transition.description
            edge = old.pop(signal, None)
            if edge is not None and (
                edge.source,
                edge.target,
                edge.parallel_index,
                edge.requires,
                edge.description,
            ) == (source, target, index, requires, description):
                edges[signal] = edge
                continue
            if edge is not None:
                edge.detach()
                self.removeItem(edge)
            edge = EdgeItem(
                source,
                target,
                signal,
                self.colors,
                parallel_index=index,
                requires=requires,
                router=self.router,
                description=description,
            )
            edge.set_styles(self._edge_styles((step.id, signal)))
            edges[signal] = edge
            made.append(edge)
            self.addItem(edge)
        for edge in old.values():
            edge.detach()
            self.removeItem(edge)
        if edges:
            self._out[step.id] = edges
        self._place_nodes(placeholders)  # beside the step whose arrow leads there
        return made

    def _drop_orphans(self, step_ids: Iterable[str]) -> None:
        """Placeholders of missing targets that no arrow leads to any more."""
        for step_id in set(step_ids):
            node = self.nodes.get(step_id)
            if node is not None and node.state.missing and not self._incoming(step_id):
                self._remove_node(step_id)

    def apply_positions(self, step_ids: Collection[str] | None = None) -> None:
        """Move the nodes of ``step_ids`` (all when None) to their positions."""
        moved = (
            list(self.nodes)
            if step_ids is None
            else [step_id for step_id in step_ids if step_id in self.nodes]
        )
        self._place_nodes(moved)
        self.place_labels()
        nodes = [self.nodes[step_id] for step_id in moved]
        self._cover([*nodes, *(edge for node in nodes for edge in node.edges)])

    def _cover(self, items: Iterable[QGraphicsItem]) -> None:
        """Grow the scene rectangle, in big steps, until it holds ``items``."""
        covered = self._covered
        for item in items:
            box = item.sceneBoundingRect()
            if not covered.contains(box):
                covered = covered.united(box) if not covered.isNull() else box
        if covered != self._covered:
            margin = max(covered.width(), covered.height()) / 2 + 2000
            self._covered = covered.adjusted(-margin, -margin, margin, margin)
            self.setSceneRect(self._covered)

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
                node.set_state(replace(state, errors=mine, warnings=theirs))

    def set_matches(self, step_ids: set[str]) -> None:
        for step_id in self._matches ^ set(step_ids):
            node = self.nodes.get(step_id)
            if node is not None:
                node.set_flags(matched=step_id in step_ids)
        self._matches = set(step_ids)

    def set_current(self, step_id: str | None) -> None:
        for node_id in {self._current, step_id} - {None}:
            node = self.nodes.get(str(node_id))
            if node is not None:
                node.set_flags(current=node_id == step_id)
        self._current = step_id

    # --- shading: marks other views put on nodes and arrows ---------------------------------

    def set_shading(
        self,
        layer: str,
        nodes: Mapping[str, NodeStyle],
        edges: Mapping[EdgeKey, EdgeStyle] | None = None,
        *,
        default_node: NodeStyle | None = None,
        default_edge: EdgeStyle | None = None,
    ) -> None:
        """Show ``layer``: a style for the listed steps and arrows (keyed by ``(source step,
        signal)``), ``default_node``/``default_edge`` for the others (e.g. fade what is not
        named). Layers are drawn in the order they were first set, a later one winning where
        two set the same thing; setting a layer again replaces it."""
        old = self._shading.get(layer)
        new = _Layer(dict(nodes), dict(edges or {}), default_node, default_edge)
        self._shading[layer] = new
        self._reshade([layer_ for layer_ in (old, new) if layer_ is not None])

    def clear_shading(self, layer: str) -> None:
        old = self._shading.pop(layer, None)
        if old is not None:
            self._reshade([old])

    def shading_layers(self) -> list[str]:
        """The layers shown, lowest first."""
        return list(self._shading)

    def _reshade(self, layers: list[_Layer]) -> None:
        """Restyle the items ``layers`` name (every item when one has a default)."""
        if any(layer.default_node is not None for layer in layers):
            step_ids: Iterable[str] = list(self.nodes)
        else:
            step_ids = {step_id for layer in layers for step_id in layer.nodes}
        for step_id in step_ids:
            node = self.nodes.get(step_id)
            if node is not None:
                node.set_styles(self._node_styles(step_id))
        if any(layer.default_edge is not None for layer in layers):
            keys: Iterable[EdgeKey] = [(edge.source.step_id, edge.signal) for edge in self.edges]
        else:
            keys = {key for layer in layers for key in layer.edges}
        for source, signal in keys:
            edge = self.edge(source, signal)
            if edge is not None:
                edge.set_styles(self._edge_styles((source, signal)))

    def _node_styles(self, step_id: str) -> list[NodeStyle]:
        if not self._shading:
            return []
        found = (layer.nodes.get(step_id, layer.default_node) for layer in self._shading.values())
        return [style for style in found if style is not None]

    def _edge_styles(self, key: EdgeKey) -> list[EdgeStyle]:
        if not self._shading:
            return []
        found = (layer.edges.get(key, layer.default_edge) for layer in self._shading.values())
        return [style for style in found if style is not None]

    # --- selection ---------------------------------------------------------------------------

    def selected_steps(self) -> list[str]:
        return [item.step_id for item in self.selectedItems() if isinstance(item, NodeItem)]

    def selected_transitions(self) -> list[tuple[str, str]]:
        return [
            (item.source.step_id, item.signal)
            for item in self.selectedItems()
            if isinstance(item, EdgeItem)
        ]

    def select_steps(self, step_ids: list[str]) -> None:
        self.clearSelection()
        for step_id in step_ids:
            node = self.nodes.get(step_id)
            if node is not None:
                node.setSelected(True)

    def items_rect(self) -> QRectF:
        return self.itemsBoundingRect().adjusted(-40, -40, 40, 40)

    def _on_changed(self, change: Change) -> None:
        if change.structural:
            self.refresh(None if change.whole else change.steps)

    def _place_nodes(self, step_ids: list[str]) -> None:
        session = self.session
        router = self.router
        with router.moving():
            for step_id in step_ids:
                node = self.nodes[step_id]
                position: Position | None = (
                    session.position(step_id) if session is not None else None
                )
                if position is None:
                    position = self._beside_source(step_id)
                x, y = position
                if node.pos() != QPointF(x, y):
                    node.setPos(x, y)
                else:
                    router.node_moved(node)  # a new box already where it goes: index it

    def _beside_source(self, step_id: str) -> Position:
        """Where to draw a step that has no position (a missing target): in free space beside
        a step that leads to it, so the mistake shows where it is (and fitting the graph to
        the window does not have to reach far out for it)."""
        node = self.nodes.get(step_id)
        sources = [edge.source for edge in node.edges if edge.target is node] if node else []
        if not sources and self.session is not None:
            sources = [
                self.nodes[source]
                for source, _ in self.session.transitions_into([step_id])
                if source in self.nodes
            ]
        if sources:
            anchor = sources[0].pos()
            self.router.nodes.remove(step_id)  # its own box (at 0, 0 so far) is not in the way
            return free_spot(
                self.router.nodes,
                (anchor.x(), anchor.y()),
                prefer=[(NODE_WIDTH + 60, 0.0), (NODE_WIDTH + 60, NODE_HEIGHT + 50)],
            )
        return 0.0, -NODE_HEIGHT - 80

    def _new_router(self) -> Router:
        router = Router(
            all_edges=lambda: self.edges, edges_near=self._edges_near, on_change=self._label_change
        )
        self.labels = LabelPlacer(
            router.nodes, lambda step_id: list(self._out.get(step_id, {}).values())
        )
        self._label_edges, self._label_boxes = {}, {}
        return router

    def _label_change(self, edge: object, box: object) -> None:
        if isinstance(edge, EdgeItem):
            self._label_edges[edge] = None  # with its parallel partners (labels.py)
        if isinstance(box, NodeItem):
            self._label_boxes[box] = None
        if not self._label_timer.isActive():
            self._label_timer.start()

    def place_labels(self) -> None:
        """Give the labels that need one a place clear of boxes and other labels
        (:mod:`app.graph.labels`); runs after every edit, and soon after a drag."""
        self._label_timer.stop()
        edges, boxes = self._label_edges, self._label_boxes
        self._label_edges, self._label_boxes = {}, {}
        for box in boxes:
            if box.scene() is self:
                edges.update(dict.fromkeys(self.labels.covered_by(box.sceneBoundingRect())))
        if edges:
            self.labels.place(edges)

    def _edges_near(self, rect: QRectF) -> list[EdgeItem]:
        return [
            item
            for item in self.items(rect, Qt.ItemSelectionMode.IntersectsItemBoundingRect)
            if isinstance(item, EdgeItem)
        ]

    # --- gestures --------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        node = self._node_at(event.scenePos())
        wants_connect = (
            node is not None
            and not node.state.missing
            and (
                node.on_handle(event.scenePos())
                or event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            )
        )
        if event.button() == Qt.MouseButton.LeftButton and wants_connect and node is not None:
            self._start_connect(node, event.scenePos())
            event.accept()
            return
        super().mousePressEvent(event)
        self._press_positions = {
            item.step_id: item.pos() for item in self.selectedItems() if isinstance(item, NodeItem)
        }

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
        field = field_at(node, node.mapFromScene(event.scenePos()).y()) if node else ""
        if node is not None and field:
            self.fieldEditRequested.emit(node.step_id, field)
        elif node is not None and not node.state.missing:
            self.stepActivated.emit(node.step_id)
        elif node is None and self.itemAt(event.scenePos(), self._view_transform()) is None:
            self.addStepRequested.emit(event.scenePos())
        event.accept()

    def drawBackground(self, painter: QPainter, exposed: QRectF | QRect) -> None:
        rect = QRectF(exposed)
        painter.fillRect(rect, self.colors.background)
        pen = QPen(self.colors.grid, 0)
        painter.setPen(pen)
        left = int(rect.left()) - int(rect.left()) % int(GRID)
        top = int(rect.top()) - int(rect.top()) % int(GRID)
        if rect.width() / GRID > 400:  # zoomed far out: a grid would only be noise
            return
        lines = [
            QLineF(x, rect.top(), x, rect.bottom())
            for x in range(left, int(rect.right()) + 1, int(GRID) * 5)
        ]
        lines += [
            QLineF(rect.left(), y, rect.right(), y)
            for y in range(top, int(rect.bottom()) + 1, int(GRID) * 5)
        ]
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


@dataclass
class _Layer:
    """One shading layer: styles by step and by arrow, and for the items not named."""

    nodes: dict[str, NodeStyle] = field(default_factory=dict)
    edges: dict[EdgeKey, EdgeStyle] = field(default_factory=dict)
    default_node: NodeStyle | None = None
    default_edge: EdgeStyle | None = None
