"""Mark the graph without editing it: colours, arrow widths and tooltips by step and arrow.

Several features need to show a measure *on* the graph the author knows — what changed between
two versions, where conversations struggle, which steps a test covered, where a simulation went.
They all say the same thing: "this step in this colour, this arrow this thick, and here is what
the colours mean". So an :class:`Overlay` is just data:

* ``nodes``: step id → :class:`NodeStyle` (fill, border, text colour, faded, tooltip);
* ``edges``: (step id, signal) → :class:`EdgeStyle` (colour, width, faded, tooltip);
* ``default_node`` / ``default_edge`` for everything not named (e.g. fade what is unchanged);
* ``legend``: a :class:`Legend` — swatches, or a colour ramp with its two ends labelled.

:class:`GraphOverlay` puts one on a :class:`~app.graph.scene.GraphScene` through the scene's
public items only: a node or arrow is restyled by giving it its own copy of the scene's
:class:`~app.theme.GraphColors` (items paint from ``colors`` and nothing else) and, for arrows,
a ``line_width``. Clearing gives the items the scene's colours back. The scene announces
``rebuilt`` when it makes items anew, and the overlay re-applies itself then, so it survives
edits. The legend is a small widget floating in the view's top-left corner.

The overlay never changes the scenario, the selection or the layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QObject, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QLinearGradient, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGraphicsView, QWidget

from app.graph.items import EdgeItem, NodeItem
from app.graph.scene import GraphScene
from app.theme import GraphColors, mix

#: (step id, signal): how an arrow is named (the source step and the signal it is taken on).
EdgeKey = tuple[str, str]
#: Opacity of faded items: still readable, clearly in the background.
FADED_OPACITY = 0.38


@dataclass(frozen=True)
class NodeStyle:
    fill: QColor | None = None
    border: QColor | None = None
    #: title and id colour; by default black or white, whichever reads better on ``fill``
    text: QColor | None = None
    faded: bool = False
    #: HTML appended to the node's own tooltip
    tooltip: str | None = None


@dataclass(frozen=True)
class EdgeStyle:
    color: QColor | None = None
    width: float | None = None
    faded: bool = False
    tooltip: str | None = None


@dataclass(frozen=True)
class LegendEntry:
    label: str
    color: QColor
    #: "box" for a step's colour, "line" for an arrow's
    shape: str = "box"


@dataclass(frozen=True)
class ColorRamp:
    """A continuous scale: ``colors`` from low to high, with the two ends labelled."""

    colors: tuple[QColor, ...]
    low_label: str
    high_label: str


@dataclass(frozen=True)
class Legend:
    title: str
    entries: tuple[LegendEntry, ...] = ()
    ramp: ColorRamp | None = None
    #: one more line of small print (e.g. "arrow width: how often taken")
    note: str = ""


@dataclass(frozen=True)
class Overlay:
    nodes: Mapping[str, NodeStyle] = field(default_factory=dict)
    edges: Mapping[EdgeKey, EdgeStyle] = field(default_factory=dict)
    legend: Legend | None = None
    default_node: NodeStyle | None = None
    default_edge: EdgeStyle | None = None


class GraphOverlay(QObject):
    """Keeps one :class:`Overlay` applied to a scene (see the module docstring)."""

    def __init__(self, scene: GraphScene, view: QGraphicsView | None = None) -> None:
        super().__init__(scene)
        self.scene = scene
        self.overlay: Overlay | None = None
        self.legend_widget = LegendWidget(view) if view is not None else None
        #: items' own tooltips, while the overlay adds to them (given back on clear)
        self._own_tooltips: dict[NodeItem | EdgeItem, str] = {}
        scene.rebuilt.connect(self._reapply)

    def show(self, overlay: Overlay) -> None:
        """Restyle the items as ``overlay`` says (replacing the overlay shown before)."""
        self.overlay = overlay
        self._apply(overlay)
        if self.legend_widget is not None:
            self.legend_widget.set_legend(overlay.legend)

    def clear(self) -> None:
        """The items as the scene draws them, and no legend."""
        self.overlay = None
        base = self.scene.colors
        for node in self.scene.nodes.values():
            _restyle_node(node, base, None)
            self._tooltip(node, None)
        for edge in self.scene.edges:
            _restyle_edge(edge, base, None)
            self._tooltip(edge, None)
        self._own_tooltips.clear()
        if self.legend_widget is not None:
            self.legend_widget.set_legend(None)

    def node_style(self, step_id: str) -> NodeStyle | None:
        if self.overlay is None:
            return None
        return self.overlay.nodes.get(step_id, self.overlay.default_node)

    def _reapply(self) -> None:
        self._own_tooltips = {item: tip for item, tip in self._own_tooltips.items()
                              if item.scene() is self.scene}
        if self.overlay is not None:
            self._apply(self.overlay)

    def _apply(self, overlay: Overlay) -> None:
        base = self.scene.colors
        for step_id, node in self.scene.nodes.items():
            style = overlay.nodes.get(step_id, overlay.default_node)
            _restyle_node(node, base, style)
            self._tooltip(node, style.tooltip if style is not None else None)
        for edge in self.scene.edges:
            key = (edge.source.step_id, edge.signal)
            edge_style = overlay.edges.get(key, overlay.default_edge)
            _restyle_edge(edge, base, edge_style)
            self._tooltip(edge, edge_style.tooltip if edge_style is not None else None)

    def _tooltip(self, item: NodeItem | EdgeItem, extra: str | None) -> None:
        """The item's own tooltip, then ``extra`` under a rule; or its own tooltip again."""
        current = item.toolTip()
        own = self._own_tooltips.get(item, current) if _SEPARATOR in current else current
        if not extra:
            self._own_tooltips.pop(item, None)
            item.setToolTip(own)
            return
        self._own_tooltips[item] = own
        shown = own if own.startswith("<") else "<p>" + _html(own).replace("\n", "<br>") + "</p>"
        item.setToolTip(f"{shown}{_SEPARATOR}{extra}")


def _restyle_node(node: NodeItem, base: GraphColors, style: NodeStyle | None) -> None:
    if style is None:
        colors = base
    else:
        text = style.text or (readable_text(style.fill) if style.fill is not None else None)
        colors = replace(
            base,
            node_fill=style.fill or base.node_fill,
            message_fill=style.fill or base.message_fill,
            node_border=style.border or base.node_border,
            text=text or base.text,
            muted_text=mix(style.fill, text, 0.7) if style.fill and text else base.muted_text,
        )
    node.colors = colors
    node.setOpacity(FADED_OPACITY if style is not None and style.faded else 1.0)
    node.update()


def _restyle_edge(edge: EdgeItem, base: GraphColors, style: EdgeStyle | None) -> None:
    color = style.color if style is not None else None
    edge.colors = replace(base, edge=color) if color is not None else base
    width = style.width if style is not None and style.width is not None else 1.4
    if width != edge.line_width:
        edge.line_width = width
        edge.update_path()  # the arrowhead grows with the line
    edge.setOpacity(FADED_OPACITY if style is not None and style.faded else 1.0)
    edge.update()


#: Between an item's own tooltip and what an overlay adds to it (items never use it).
_SEPARATOR = "<hr>"


def readable_text(fill: QColor) -> QColor:
    """Near-black or near-white, whichever contrasts more with ``fill``."""
    luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return QColor(20, 22, 26) if luminance > 0.45 else QColor(245, 246, 248)


def ramp_color(colors: Sequence[QColor], t: float) -> QColor:
    """The colour at ``t`` (0–1) along ``colors``, mixed linearly between neighbours."""
    if not colors:
        return QColor()
    if len(colors) == 1 or t <= 0:
        return QColor(colors[0])
    if t >= 1:
        return QColor(colors[-1])
    position = t * (len(colors) - 1)
    index = int(position)
    return mix(colors[index], colors[index + 1], position - index)


class LegendWidget(QWidget):
    """The legend, floating over the view's top-left corner (hidden without a legend)."""

    MARGIN = 10
    PAD = 9
    SWATCH = 14
    RAMP_WIDTH = 180

    def __init__(self, view: QGraphicsView | None) -> None:
        super().__init__(view)
        self.setObjectName("graphLegend")
        self.legend: Legend | None = None
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        self.hide()

    def set_legend(self, legend: Legend | None) -> None:
        self.legend = legend
        if legend is None:
            self.hide()
            return
        self.resize(self.sizeHint())
        self.move(self.MARGIN, self.MARGIN)
        self.show()
        self.raise_()
        self.update()

    def lines(self) -> list[str]:
        """The legend's text, in reading order (what a user sees, for tests and tooltips)."""
        legend = self.legend
        if legend is None:
            return []
        lines = [legend.title, *(entry.label for entry in legend.entries)]
        if legend.ramp is not None:
            lines += [legend.ramp.low_label, legend.ramp.high_label]
        if legend.note:
            lines.append(legend.note)
        return lines

    def sizeHint(self) -> QSize:
        legend = self.legend
        if legend is None:
            return QSize(0, 0)
        metrics = QFontMetrics(self.font())
        line = metrics.height() + 4
        width = metrics.horizontalAdvance(legend.title)
        height = line
        for entry in legend.entries:
            width = max(width, self.SWATCH + 8 + metrics.horizontalAdvance(entry.label))
            height += line
        if legend.ramp is not None:
            ramp = legend.ramp
            labels = metrics.horizontalAdvance(ramp.low_label) + metrics.horizontalAdvance(
                ramp.high_label) + 16
            width = max(width, self.RAMP_WIDTH, labels)
            height += self.SWATCH + 4 + line
        if legend.note:
            width = max(width, metrics.horizontalAdvance(legend.note))
            height += line
        return QSize(width + 2 * self.PAD, height + 2 * self.PAD - 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        legend = self.legend
        if legend is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        back = QColor(palette.window().color())
        back.setAlpha(235)
        painter.setPen(QPen(mix(palette.window().color(), palette.text().color(), 0.25), 1))
        painter.setBrush(back)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        metrics = QFontMetrics(self.font())
        line = metrics.height() + 4
        x, y = float(self.PAD), float(self.PAD)
        text = palette.text().color()
        bold = self.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text)
        painter.drawText(QRectF(x, y, self.width(), line), Qt.AlignmentFlag.AlignLeft, legend.title)
        painter.setFont(self.font())
        y += line
        for entry in legend.entries:
            swatch = QRectF(x, y + (line - self.SWATCH) / 2 - 2, self.SWATCH, self.SWATCH)
            if entry.shape == "line":
                painter.setPen(QPen(entry.color, 3, Qt.PenStyle.SolidLine,
                                    Qt.PenCapStyle.RoundCap))
                painter.drawLine(QPointF(swatch.left(), swatch.center().y()),
                                 QPointF(swatch.right(), swatch.center().y()))
            else:
                painter.setPen(QPen(mix(entry.color, text, 0.35), 1))
                painter.setBrush(entry.color)
                painter.drawRoundedRect(swatch, 3, 3)
            painter.setPen(text)
            painter.drawText(QRectF(x + self.SWATCH + 8, y, self.width(), line),
                             Qt.AlignmentFlag.AlignLeft, entry.label)
            y += line
        if legend.ramp is not None:
            ramp = legend.ramp
            width = self.width() - 2 * self.PAD
            bar = QRectF(x, y + 2, width, self.SWATCH)
            gradient = QLinearGradient(bar.topLeft(), bar.topRight())
            for index, color in enumerate(ramp.colors):
                gradient.setColorAt(index / max(1, len(ramp.colors) - 1), color)
            painter.setPen(QPen(mix(back, text, 0.35), 1))
            painter.setBrush(gradient)
            painter.drawRoundedRect(bar, 3, 3)
            y += self.SWATCH + 4
            painter.setPen(text)
            painter.drawText(QRectF(x, y, width, line), Qt.AlignmentFlag.AlignLeft,
                             ramp.low_label)
            painter.drawText(QRectF(x, y, width, line), Qt.AlignmentFlag.AlignRight,
                             ramp.high_label)
            y += line
        if legend.note:
            painter.setPen(palette.placeholderText().color())
            painter.drawText(QRectF(x, y, self.width(), line), Qt.AlignmentFlag.AlignLeft,
                             legend.note)
        painter.end()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = [
    "ColorRamp",
    "EdgeKey",
    "EdgeStyle",
    "GraphOverlay",
    "Legend",
    "LegendEntry",
    "NodeStyle",
    "Overlay",
    "ramp_color",
    "readable_text",
]
