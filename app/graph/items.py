"""Nodes and arrows of the graph editor, drawn as vectors from palette colours.

A :class:`NodeItem` shows a step's title and id; the start step has a thick accent border and a
▶ marker, a final step a double border, a message step another fill and a ✉ marker, an action
step a third fill, double sides (the flowchart's subroutine call) and a ⚙ marker, a missing
transition target a dashed outline. Problems show as a badge in the corner. An
:class:`EdgeItem` is one transition, drawn along the route :mod:`engine.scenario.diagram`
gives it (the one the draw.io export writes too): straight when nothing is in its way, up a
lane at the side for a loop back, down a lane past the steps it would cross; its label is the
signal with a short guard (``[requires 15]``), the whole list in its tooltip. The
:class:`~app.graph.routing.Router` knows where every box is and redraws the arrows a moved box
affects.

Other views mark items without touching the model: a :class:`~app.graph.styles.NodeStyle` /
:class:`~app.graph.styles.EdgeStyle` per layer (``GraphScene.set_shading``;
:mod:`app.graph.overlay` is the public way in). An item draws the styles of every layer, the
later layer winning where two set the same thing, and adds each layer's tooltip to its own.
Items only draw: the scene decides what they show and the commands decide what changes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.graph.drawing import Fonts, label_size, rounded
from app.graph.far_view import is_far, paint_far_title
from app.graph.layout import NODE_HEIGHT, NODE_WIDTH
from app.graph.routing import BULK_MOVE, Router
from app.graph.styles import (
    FADED_OPACITY,
    TOOLTIP_RULE,
    EdgeStyle,
    NodeStyle,
    node_colors,
    readable_text,
    with_layers,
)
from app.i18n.locale_text import number
from app.theme import GraphColors
from engine.scenario.diagram import Route, edge_label_line, guard_label

translate = QCoreApplication.translate

RADIUS = 8.0
#: How far inside its box an action step's side bars are drawn.
ACTION_SIDE = 9.0
HANDLE_RADIUS = 5.0
BADGE_RADIUS = 9.0
#: An arrow's pen, unless a style says otherwise.
LINE_WIDTH = 1.4


#: A node's bounding rectangle: the box with room for the problem badge and the handle.
_NODE_BOUNDS = QRectF(0, 0, NODE_WIDTH, NODE_HEIGHT).adjusted(
    -8.0, -8.0 - BADGE_RADIUS, 8.0 + BADGE_RADIUS, 8.0 + HANDLE_RADIUS
)


_POSITION_CHANGED = QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged


@dataclass
class NodeState:
    """What a node shows, derived from the scenario by the scene."""

    title: str
    step_id: str
    kind: str = "prompt"
    final: bool = False
    start: bool = False
    missing: bool = False
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: a message step's text (its second line on the canvas)
    text: str = ""


class NodeItem(QGraphicsItem):
    """One step; its position is the top-left corner of the box (as the layout stores it)."""

    def __init__(self, state: NodeState, colors: GraphColors, router: Router | None = None) -> None:
        super().__init__()
        self.state = state
        #: the scene's colours; :attr:`colors` are these under the layers' styles
        self.base_colors = colors
        self.colors = colors
        self.router = router
        self.edges: list[EdgeItem] = []
        self.matched = False
        self.current = False
        self._hovered = False
        #: whether the last paint drew the far view (title only: app.graph.far_view)
        self.drawn_far = False
        self._texts: tuple[str, str] | None = None
        #: the styles of other views' layers, lowest first (see ``GraphScene.set_shading``)
        self.styles: list[NodeStyle] = []
        movable = not state.missing
        flag = QGraphicsItem.GraphicsItemFlag
        # one call (each change is reported to itemChange, in Python, for every node)
        self.setFlags(
            flag.ItemSendsGeometryChanges
            | (flag.ItemIsMovable | flag.ItemIsSelectable if movable else flag(0))
        )
        self.setAcceptHoverEvents(True)
        self.setZValue(1)
        self._refresh_tooltip()

    @property
    def step_id(self) -> str:
        return self.state.step_id

    def set_state(self, state: NodeState) -> None:
        if state != self.state:
            self.state = state
            self._texts = None
            self._refresh_tooltip()
            self.update()

    def retranslate(self) -> None:
        """Draw the texts again in the studio's language."""
        self._texts = None
        self._refresh_tooltip()
        self.update()

    def set_styles(self, styles: Sequence[NodeStyle]) -> None:
        """The styles of other views' layers, lowest first: fills and borders of the top layer
        that sets them, faded as the top layer says, every layer's tooltip added."""
        if list(styles) != self.styles:
            self.styles = list(styles)
            self.colors = node_colors(self.base_colors, self.styles)
            self.setOpacity(FADED_OPACITY if self.styles and self.styles[-1].faded else 1.0)
            self._texts = None
            self._refresh_tooltip()
            self.update()

    def set_flags(self, *, matched: bool | None = None, current: bool | None = None) -> None:
        if matched is not None:
            self.matched = matched
        if current is not None:
            self.current = current
        self.update()

    # --- geometry --------------------------------------------------------------------------

    def box(self) -> QRectF:
        return QRectF(0, 0, NODE_WIDTH, NODE_HEIGHT)

    def center(self) -> QPointF:
        """The centre of the box, in scene coordinates."""
        return self.pos() + QPointF(NODE_WIDTH / 2, NODE_HEIGHT / 2)

    def handle_center(self) -> QPointF:
        return QPointF(NODE_WIDTH / 2, NODE_HEIGHT)

    def on_handle(self, scene_pos: QPointF) -> bool:
        local = self.mapFromScene(scene_pos)
        return QLineF(local, self.handle_center()).length() <= HANDLE_RADIUS + 4

    def boundingRect(self) -> QRectF:
        return _NODE_BOUNDS  # Qt asks often: one shared rectangle, not a new one per call

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)  # the handle overlaps the box: no hole there
        path.addRoundedRect(self.box(), RADIUS, RADIUS)
        path.addEllipse(self.handle_center(), HANDLE_RADIUS + 4, HANDLE_RADIUS + 4)
        return path

    def border_point(self, towards: QPointF) -> QPointF:
        """Where the line from the centre towards ``towards`` (scene) leaves the box (scene)."""
        center = self.center()
        dx, dy = towards.x() - center.x(), towards.y() - center.y()
        if dx == 0 and dy == 0:
            return center
        half_w, half_h = NODE_WIDTH / 2, NODE_HEIGHT / 2
        scale = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
        return QPointF(center.x() + dx * scale, center.y() + dy * scale)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change is _POSITION_CHANGED:
            if self.router is not None:
                self.router.node_moved(self)
            else:
                for edge in self.edges:
                    edge.update_path()
        return super().itemChange(change, value)

    # --- painting --------------------------------------------------------------------------

    def hoverEnterEvent(self, event: object) -> None:
        self._hovered = True
        self.update()

    def hoverLeaveEvent(self, event: object) -> None:
        self._hovered = False
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        colors, state, box = self.colors, self.state, self.box()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.current or self.matched or self.isSelected():
            glow = (
                colors.current
                if self.current
                else (colors.match if self.matched else colors.selection)
            )
            halo = QColor(glow)
            halo.setAlpha(90)
            painter.setPen(QPen(halo, 7))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box.adjusted(-3, -3, 3, 3), RADIUS + 3, RADIUS + 3)

        fill = {"message": colors.message_fill, "action": colors.action_fill}.get(
            state.kind, colors.node_fill
        )
        border = colors.node_border
        width = 1.3
        if state.start:
            border, width = colors.accent, 3.0
        if self.isSelected():
            border, width = colors.selection, max(width, 2.4)
        pen = QPen(border, width)
        if state.missing:
            pen.setStyle(Qt.PenStyle.DashLine)
            fill = QColor(fill)
            fill.setAlpha(120)
        painter.setPen(pen)
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(box, RADIUS, RADIUS)
        if state.final:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(border, 1.2))
            painter.drawRoundedRect(box.adjusted(4, 4, -4, -4), RADIUS - 3, RADIUS - 3)
        if state.kind == "action":  # double sides: a call to something outside the dialogue
            painter.setPen(QPen(border, 1.2))
            for x in (box.left() + ACTION_SIDE, box.right() - ACTION_SIDE):
                painter.drawLine(QLineF(x, box.top() + 1, x, box.bottom() - 1))

        self.drawn_far = is_far(painter)
        if self.drawn_far:
            paint_far_title(painter, box, state, colors.accent if state.start else colors.text)
        else:
            self._paint_texts(painter, box)
        if not state.missing and (self._hovered or self.isSelected()):
            painter.setPen(QPen(colors.accent, 1.5))
            painter.setBrush(QBrush(colors.node_fill))
            painter.drawEllipse(self.handle_center(), HANDLE_RADIUS, HANDLE_RADIUS)
        self._paint_badge(painter, box)

    def texts(self) -> tuple[str, str]:
        """The title line (with its ▶/✉ markers) and the id line, elided to fit the box."""
        if self._texts is None:
            state, fonts = self.state, Fonts.get()
            marker = "▶ " if state.start else ""
            if state.kind == "message":
                marker += "✉ "
            elif state.kind == "action":
                marker += "⚙ "
            if state.missing:
                marker = "? "
            width = NODE_WIDTH - 24
            ident = state.step_id + (
                "  · " + translate("GraphItems", "final") if state.final else ""
            )
            if state.text:  # a message step shows what it says (its id is in the tooltip)
                ident = "“" + " ".join(state.text.split()) + "”"
            self._texts = (
                QFontMetricsF(fonts.title).elidedText(
                    marker + state.title, Qt.TextElideMode.ElideRight, width
                ),
                QFontMetricsF(fonts.ident).elidedText(
                    ident,
                    Qt.TextElideMode.ElideRight if state.text else Qt.TextElideMode.ElideMiddle,
                    width,
                ),
            )
        return self._texts

    def _paint_texts(self, painter: QPainter, box: QRectF) -> None:
        colors, state, fonts = self.colors, self.state, Fonts.get()
        title_font, id_font = fonts.title, fonts.ident
        text_box = box.adjusted(12, 6, -12, -6)
        title, ident = self.texts()
        painter.setPen(colors.accent if state.start else colors.text)
        painter.setFont(title_font)
        top = QRectF(text_box.left(), text_box.top(), text_box.width(), text_box.height() / 2)
        painter.drawText(top, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, title)
        painter.setPen(colors.muted_text)
        painter.setFont(id_font)
        bottom = QRectF(
            text_box.left(), text_box.center().y() + 2, text_box.width(), text_box.height() / 2
        )
        painter.drawText(bottom, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, ident)

    def _paint_badge(self, painter: QPainter, box: QRectF) -> None:
        state = self.state
        if not state.errors and not state.warnings:
            return
        color = self.colors.error if state.errors else self.colors.warning
        count = len(state.errors) or len(state.warnings)
        center = QPointF(box.right(), box.top())
        painter.setPen(QPen(self.colors.node_fill, 1.5))
        painter.setBrush(QBrush(color))
        painter.drawEllipse(center, BADGE_RADIUS, BADGE_RADIUS)
        painter.setFont(Fonts.get().badge)
        painter.setPen(QColor(255, 255, 255) if state.errors else QColor(20, 20, 20))
        painter.drawText(
            QRectF(
                center.x() - BADGE_RADIUS,
                center.y() - BADGE_RADIUS,
                2 * BADGE_RADIUS,
                2 * BADGE_RADIUS,
            ),
            Qt.AlignmentFlag.AlignCenter,
            str(count) if count < 10 else "9+",
        )

    def _refresh_tooltip(self) -> None:
        state = self.state
        lines = [f"<b>{_html(state.title)}</b> <code>{_html(state.step_id)}</code>"]
        if state.missing:
            said = translate("GraphItems", "not declared: a transition leads here")
            lines.append(f"<i>{_html(said)}</i>")
        lines += [f"<span style='color:#c33'>✖ {_html(text)}</span>" for text in state.errors]
        lines += [f"<span style='color:#b80'>⚠ {_html(text)}</span>" for text in state.warnings]
        self.setToolTip(with_layers("<br>".join(lines), (style.tooltip for style in self.styles)))


class EdgeItem(QGraphicsItem):
    """One transition ``source --signal--> target``, drawn along its route."""

    def __init__(
        self,
        source: NodeItem,
        target: NodeItem,
        signal: str,
        colors: GraphColors,
        *,
        parallel_index: int = 0,
        requires: tuple[str, ...] = (),
        router: Router | None = None,
        description: str = "",
    ) -> None:
        super().__init__()
        self.source, self.target, self.signal = source, target, signal
        #: the scene's colours; :attr:`colors` are these under the layers' styles
        self.base_colors = colors
        self.colors = colors
        self.parallel_index = parallel_index
        #: pen width; a layer's style thickens busy arrows
        self.line_width = LINE_WIDTH
        self.requires = requires
        self.description = description
        self.router = router or Router()
        self.route: Route | None = None
        self._path = QPainterPath()
        self._label_rect = QRectF()
        #: the label drawn (None: its own; "" none: a parallel arrow's label says it)
        self.shown_label: str | None = None
        self.drawn_far = False
        self._arrow = QPolygonF()
        self._bounds = QRectF()
        #: the styles of other views' layers, lowest first
        self.styles: list[EdgeStyle] = []
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(0)
        self._refresh_tooltip()
        source.edges.append(self)
        if target is not source:
            target.edges.append(self)
        self.update_path()

    def detach(self) -> None:
        for node in (self.source, self.target):
            if self in node.edges:
                node.edges.remove(self)
        self.router.forget(self)

    def retarget(self, target: NodeItem) -> None:
        """Lead to ``target`` instead (the item drawn for the target step was replaced)."""
        if self in self.target.edges:
            self.target.edges.remove(self)
        self.target = target
        if target is not self.source:
            target.edges.append(self)
        self._refresh_tooltip()
        self.update_path()
        self.update()

    def set_styles(self, styles: Sequence[EdgeStyle]) -> None:
        """The styles of other views' layers, lowest first: the colour and width of the top
        layer that sets them, faded as the top layer says, every layer's tooltip added."""
        if list(styles) == self.styles:
            return
        self.styles = list(styles)
        color = width = None
        for style in self.styles:
            color = style.color or color
            width = style.width if style.width is not None else width
        self.colors = (
            replace(self.base_colors, edge=color) if color is not None else self.base_colors
        )
        self.setOpacity(FADED_OPACITY if self.styles and self.styles[-1].faded else 1.0)
        width = LINE_WIDTH if width is None else width
        if width != self.line_width:
            self.line_width = width
            self.update_path()  # the arrowhead grows with the line
        self._refresh_tooltip()
        self.update()

    @property
    def guard(self) -> str:
        """The label's second line: ``requires: a, b`` or ``requires 15`` ("" unguarded)."""
        return guard_label(self.requires)

    def _refresh_tooltip(self) -> None:
        lines = [
            f"<b>{_html(self.source.step_id)} —{_html(self.signal)}→ "
            f"{_html(self.target.step_id)}</b>"
        ]
        if self.description:
            lines.append(f"<i>{_html(self.description)}</i>")
        if names := self.requires:
            said = translate("GraphItems", "requires ({count}): {names}")
            lines.append(_html(said.format(count=number(len(names)), names=", ".join(names))))
        self.setToolTip(with_layers("<br>".join(lines), (style.tooltip for style in self.styles)))

    def path(self) -> QPainterPath:
        """The arrow's curve in scene coordinates (the label and arrowhead excluded)."""
        return QPainterPath(self._path)

    @property
    def is_self_loop(self) -> bool:
        return self.source is self.target

    @property
    def is_back_edge(self) -> bool:
        """Drawn up a lane beside the steps, back to an earlier one."""
        return self.route is not None and self.route.kind == "back"

    @property
    def is_skip_edge(self) -> bool:
        """Drawn down a lane beside the steps it would otherwise run through."""
        return self.route is not None and self.route.kind == "down"

    def update_path(self) -> None:
        self.prepareGeometryChange()
        route = self.router.route(self)
        self.route = route
        if route.kind in ("straight", "loop"):
            start, first, second, end = (QPointF(*point) for point in route.points)
            path = QPainterPath(start)
            path.cubicTo(first, second, end)
        else:
            path = rounded([QPointF(*point) for point in route.points])
        self._path = path
        self._arrow = self._arrowhead(path)
        text = self.drawn_label()
        self._label_rect = self.route_label_box(*label_size(text)) if text else QRectF()
        self._bound()
        self.router.routed(self)

    def _bound(self) -> None:
        grow = 6 + self.line_width
        bounds = self._path.boundingRect().united(self._arrow.boundingRect())
        if not self._label_rect.isEmpty():
            bounds = bounds.united(self._label_rect)
        self._bounds = bounds.adjusted(-grow, -grow, grow, grow)

    def drawn_label(self) -> str:
        """The text of the label drawn on this arrow ("" when a parallel arrow's label
        names it too)."""
        return self.label_text() if self.shown_label is None else self.shown_label

    def label_rect(self) -> QRectF:
        """The label's box in scene coordinates (empty when it draws none)."""
        return QRectF(self._label_rect)

    def set_label(self, text: str, rect: QRectF) -> None:
        """Draw ``text`` in ``rect`` (the :class:`~app.graph.labels.LabelPlacer` decides)."""
        if text == self.drawn_label() and rect == self._label_rect:
            return
        self.prepareGeometryChange()
        self.shown_label = text
        self._label_rect = QRectF(rect)
        self._bound()
        self.update()

    @staticmethod
    def label_size(text: str) -> tuple[float, float]:
        return label_size(text)

    def _arrowhead(self, path: QPainterPath) -> QPolygonF:
        tip = path.pointAtPercent(1.0)
        angle = math.radians(path.angleAtPercent(0.995))
        size = 9.0 + 1.2 * max(0.0, self.line_width - LINE_WIDTH)
        back = QPointF(tip.x() - size * math.cos(angle), tip.y() + size * math.sin(angle))
        normal = QPointF(math.sin(angle) * size * 0.5, math.cos(angle) * size * 0.5)
        return QPolygonF([tip, back + normal, back - normal])

    def route_label_box(self, width: float, height: float) -> QRectF:
        """A label box of this size where the route puts its label."""
        route = self.route
        if route is None:
            return QRectF()
        x, y = route.label
        left = {"center": x - width / 2, "left": x, "right": x - width}[route.label_align]
        return QRectF(left, y - height / 2, width, height)

    def label_text(self) -> str:
        """What the label shows: the signal, and its guard in brackets (as in draw.io)."""
        return edge_label_line(self.signal, self.requires)

    @staticmethod
    def _label_font() -> QFont:
        return Fonts.get().label

    def boundingRect(self) -> QRectF:
        return self._bounds  # computed with the path: Qt asks for it far more often

    def shape(self) -> QPainterPath:
        stroker = QPainterPathStroker()
        stroker.setWidth(10)
        shape = stroker.createStroke(self._path)
        if not self._label_rect.isEmpty():
            shape.addRect(self._label_rect)
        return shape

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        colors = self.colors
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        color = colors.selection if self.isSelected() else colors.edge
        width = self.line_width
        pen = QPen(color, max(2.2, width + 0.8) if self.isSelected() else width)
        if self.target.state.missing:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(color))
        painter.drawPolygon(self._arrow)
        text = self.drawn_label()
        self.drawn_far = is_far(painter)
        if not text or self._label_rect.isEmpty() or self.drawn_far:
            return  # from far, a label would be a speck
        # a quiet label: the canvas colour behind it (hiding the line it sits on), no frame
        # unless selected, muted text
        painter.setPen(QPen(color, 0.8) if self.isSelected() else Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(colors.label_fill))
        painter.drawRoundedRect(self._label_rect, 3, 3)
        painter.setFont(self._label_font())
        painter.setPen(colors.text if self.isSelected() else colors.muted_text)
        painter.drawText(self._label_rect, Qt.AlignmentFlag.AlignCenter, text)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = [
    "BADGE_RADIUS",
    "BULK_MOVE",
    "FADED_OPACITY",
    "HANDLE_RADIUS",
    "LINE_WIDTH",
    "NODE_HEIGHT",
    "NODE_WIDTH",
    "RADIUS",
    "TOOLTIP_RULE",
    "EdgeItem",
    "EdgeStyle",
    "NodeItem",
    "NodeState",
    "NodeStyle",
    "Router",
    "node_colors",
    "readable_text",
]
