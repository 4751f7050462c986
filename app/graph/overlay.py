"""Mark the graph without editing it: colours, arrow widths and tooltips by step and arrow.

Several features need to show a measure *on* the graph the author knows — what changed between
two versions, where conversations struggle, which steps a test covered, where a simulation went.
They all say the same thing: "this step in this colour, this arrow this thick, and here is what
the colours mean". So an :class:`Overlay` is just data:

* ``nodes``: step id → :class:`NodeStyle` (fill, border, text colour, faded, tooltip);
* ``edges``: (step id, signal) → :class:`EdgeStyle` (colour, width, faded, tooltip);
* ``default_node`` / ``default_edge`` for everything not named (e.g. fade what is unchanged);
* ``legend``: a :class:`Legend` — swatches, or a colour ramp with its two ends labelled.

A :class:`GraphOverlay` shows one at a time on a :class:`~app.graph.scene.GraphScene`, as one
of the scene's shading layers (``GraphScene.set_shading``): several overlays on one graph — a
comparison and test coverage, say — compose, the later one drawn over the earlier where both
set the same thing, and every tooltip is kept. The scene keeps its layers through every edit
(an item made anew is styled at once), so an overlay needs no re-applying. Each overlay's
legend is a small widget floating over the view; the legends of one view stack downwards in one
corner (:class:`LegendStack`): by default the corner with the least of the graph under it,
chosen again when the view is scrolled, zoomed or resized or the graph changes — but only when
a step is under the legends and another corner hides less, so they do not wander while nothing
is hidden. ``GraphOverlay(..., legend_corner="top-right")`` pins them to a corner instead.

The overlay never changes the scenario, the selection or the layout.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QGuiApplication,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from app.graph.items import FADED_OPACITY, EdgeStyle, NodeItem, NodeStyle, readable_text
from app.graph.scene import EdgeKey, GraphScene
from app.graph.view import GraphView
from app.i18n.locale_text import number
from app.theme import is_dark, mix

Corner = Literal["top-left", "top-right", "bottom-left", "bottom-right"]
#: The corners in the order they are preferred when they hide as much of the graph.
CORNERS: tuple[Corner, ...] = ("top-left", "top-right", "bottom-left", "bottom-right")
#: Where a view's legends go: a corner, or ``"auto"``, the corner with the least graph under it.
LegendPlacement = Corner | Literal["auto"]


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
    """Keeps one :class:`Overlay` shown on a scene, as its own shading layer (see the module
    docstring)."""

    _numbers = itertools.count(1)

    def __init__(
        self,
        scene: GraphScene,
        view: QGraphicsView | None = None,
        *,
        layer: str | None = None,
        legend_corner: LegendPlacement = "auto",
    ) -> None:
        super().__init__(scene)
        self.scene = scene
        #: the scene's shading layer this overlay draws in (one per overlay)
        self.layer = layer or f"overlay-{next(self._numbers)}"
        self.overlay: Overlay | None = None
        self.legend_widget = LegendWidget(view) if view is not None else None
        if view is not None:
            LegendStack.of(view).placement = legend_corner

    def show(self, overlay: Overlay) -> None:
        """Restyle the items as ``overlay`` says (replacing the overlay shown before)."""
        self.overlay = overlay
        self.scene.set_shading(
            self.layer,
            overlay.nodes,
            overlay.edges,
            default_node=overlay.default_node,
            default_edge=overlay.default_edge,
        )
        if self.legend_widget is not None:
            self.legend_widget.set_legend(overlay.legend)

    def clear(self) -> None:
        """The items as the scene (and the other layers) draw them, and no legend."""
        self.overlay = None
        self.scene.clear_shading(self.layer)
        if self.legend_widget is not None:
            self.legend_widget.set_legend(None)

    def node_style(self, step_id: str) -> NodeStyle | None:
        if self.overlay is None:
            return None
        return self.overlay.nodes.get(step_id, self.overlay.default_node)


#: Arrow widths of a heat overlay: the least and the most taken arrow.
THIN, THICK = 1.2, 8.0
#: A step's tooltip where no conversation reached it (in English; :func:`unreached_tip` says
#: it in the studio's language).
UNREACHED_TIP = "<i>no conversation reached it</i>"


def unreached_tip() -> str:
    """A step's tooltip where no conversation reached it, in the studio's language."""
    said = QCoreApplication.translate("Overlay", "no conversation reached it")
    return "<i>{}</i>".format(said.replace("&", "&amp;").replace("<", "&lt;"))


def heat_ramp(palette: QPalette | None = None, *, cool: bool = False) -> tuple[QColor, ...]:
    """The colours of a heat overlay, low to high: pale to red where high is bad, pale to blue
    (``cool``) for a plain count; the lowest is the canvas tinted, so a low step stays calm."""
    palette = palette or QGuiApplication.palette()
    base = palette.color(QPalette.ColorRole.Base)
    dark = is_dark(palette)
    if cool:
        stops = (
            (QColor(56, 189, 248), QColor(37, 99, 235), QColor(147, 197, 253))
            if dark
            else (QColor(186, 230, 253), QColor(59, 130, 246), QColor(30, 64, 175))
        )
    else:
        stops = (
            (QColor(250, 204, 21), QColor(234, 88, 12), QColor(239, 68, 68))
            if dark
            else (QColor(254, 240, 138), QColor(249, 115, 22), QColor(185, 28, 28))
        )
    return (mix(base, stops[0], 0.35), *stops)


def heat_overlay(
    values: Mapping[str, float | None],
    taken: Mapping[EdgeKey, int],
    *,
    ramp: Sequence[QColor],
    tooltip: Callable[[str], str],
    title: str,
    ends: Callable[[float], tuple[str, str]],
    unreached: str,
) -> Overlay:
    """Steps filled along ``ramp`` by their value (0 to the highest; ``None``: no conversation
    reached the step, faded), arrows as thick as they were ``taken`` and faded when never.

    ``tooltip(step)`` says a reached step's figures; ``ends(highest)`` labels the ramp's two
    ends; ``unreached`` names the faded steps in the legend.
    """
    present = [value for value in values.values() if value is not None]
    high = max(present, default=0.0)
    nodes: dict[str, NodeStyle] = {}
    for step, value in values.items():
        if value is None:
            nodes[step] = NodeStyle(faded=True, tooltip=unreached_tip())
            continue
        color = ramp_color(ramp, value / high if high > 0 else 0.0)
        nodes[step] = NodeStyle(fill=color, border=color.darker(140), tooltip=tooltip(step))
    top = max(taken.values(), default=0)
    edges = {
        key: EdgeStyle(
            width=THIN + (THICK - THIN) * math.sqrt(count / top),
            tooltip=QCoreApplication.translate("Overlay", "taken {count}×").format(
                count=number(count)
            ),
        )
        for key, count in taken.items()
        if top
    }
    low_label, high_label = ends(high)
    legend = Legend(
        title=title,
        ramp=ColorRamp(tuple(ramp), low_label, high_label),
        entries=(LegendEntry(unreached, mix(ramp[0], QColor(128, 128, 128), 0.5)),),
        note=QCoreApplication.translate(
            "Overlay", "arrow width: how often taken (up to {count}×)"
        ).format(count=number(top)),
    )
    return Overlay(
        nodes=nodes,
        edges=edges,
        legend=legend,
        default_edge=EdgeStyle(
            faded=True, tooltip=QCoreApplication.translate("Overlay", "never taken")
        ),
    )


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


class LegendStack(QObject):
    """The legends floating over one view, one under the other in one corner.

    ``placement`` names the corner, or is ``"auto"``: the corner with the least of the graph's
    steps under the legends (the top-left one first, as a reader looks). The stack is placed
    at once when a legend is shown or hidden, and again, a moment after the fact, when the view
    is scrolled, zoomed or resized or the graph changes.
    """

    #: milliseconds between a change of the view and the legends' new place (one move per burst)
    DELAY_MS = 60

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.setObjectName("legendStack")
        self.view = view
        self.placement: LegendPlacement = "auto"
        #: the corner the legends are in now
        self.corner: Corner = "top-left"
        self._scene: QGraphicsScene | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.DELAY_MS)
        self._timer.timeout.connect(self.place)
        view.installEventFilter(self)
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self._later)
            bar.rangeChanged.connect(self._later)
        if isinstance(view, GraphView):
            view.zoomChanged.connect(self._later)
            view.legend_room = self.room

    @classmethod
    def of(cls, view: QGraphicsView) -> LegendStack:
        """The stack of ``view`` (made the first time it is asked for)."""
        stack = view.findChild(
            LegendStack, "legendStack", Qt.FindChildOption.FindDirectChildrenOnly
        )
        return stack if isinstance(stack, LegendStack) else cls(view)

    def legends(self) -> list[LegendWidget]:
        """The legends shown, in the order they were made."""
        return [
            legend
            for legend in self.view.findChildren(
                LegendWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if legend.legend is not None
        ]

    def place(self) -> None:
        """Put the legends shown in the corner :attr:`placement` asks for."""
        self._timer.stop()
        self._follow_scene()
        legends = self.legends()
        if not legends:
            return
        gap = LegendWidget.MARGIN // 2
        size = QSize(
            max(legend.width() for legend in legends),
            sum(legend.height() for legend in legends) + gap * (len(legends) - 1),
        )
        self.corner = self._choose(size)
        box = self.box(self.corner, size)
        top = box.top()
        for legend in legends:
            right = self.corner.endswith("right")
            left = box.right() + 1 - legend.width() if right else box.left()
            legend.move(left, top)
            top += legend.height() + gap

    def room(self) -> QSize:
        """The size the legends shown take, margins included (empty when none is shown): what
        *Fit to Window* leaves free of the graph."""
        legends = self.legends()
        if not legends:
            return QSize()
        gap = LegendWidget.MARGIN // 2
        return QSize(
            max(legend.width() for legend in legends) + LegendWidget.MARGIN,
            sum(legend.height() for legend in legends)
            + gap * (len(legends) - 1)
            + LegendWidget.MARGIN,
        )

    def box(self, corner: Corner, size: QSize) -> QRect:
        """Where legends of ``size`` stand in ``corner`` (view coordinates, scroll bars apart)."""
        shown = self.view.viewport().geometry()
        margin = LegendWidget.MARGIN
        left = margin if corner.endswith("left") else shown.right() + 1 - margin - size.width()
        top = margin if corner.startswith("top") else shown.bottom() + 1 - margin - size.height()
        return QRect(QPoint(max(left, margin), max(top, margin)), size)

    def hidden_under(self, box: QRect) -> float:
        """How much of the graph's steps ``box`` (view coordinates) hides, in square pixels."""
        scene = self.view.scene()
        if scene is None:
            return 0.0
        viewport = self.view.viewport()
        area = QRect(viewport.mapFrom(self.view, box.topLeft()), box.size())
        shown = QRectF(self.view.mapToScene(area).boundingRect())
        scale = self.view.transform().m11() or 1.0
        hidden = 0.0
        for item in scene.items(shown, Qt.ItemSelectionMode.IntersectsItemBoundingRect):
            if isinstance(item, NodeItem) and item.isVisible():
                overlap = item.mapRectToScene(item.box()).intersected(shown)
                hidden += overlap.width() * overlap.height() * scale * scale
        return hidden

    def _choose(self, size: QSize) -> Corner:
        if self.placement != "auto":
            return self.placement
        now = self.hidden_under(self.box(self.corner, size))
        if now == 0.0:
            return self.corner  # nothing hidden: the legends stay where the reader saw them
        hidden = {corner: self.hidden_under(self.box(corner, size)) for corner in CORNERS}
        best = min(CORNERS, key=lambda corner: (hidden[corner], CORNERS.index(corner)))
        return best if hidden[best] < now else self.corner

    def _later(self) -> None:
        if self.legends():
            self._timer.start()

    def _follow_scene(self) -> None:
        """Listen to the scene the view shows now (an editor may swap scenes)."""
        scene = self.view.scene()
        if scene is self._scene:
            return
        # An old scene is not disconnected: it goes with its view's session, and a change of it
        # would only place the legends once more.
        self._scene = scene
        if scene is not None:
            scene.changed.connect(self._later)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view and event.type() == QEvent.Type.Resize:
            self._later()
        return False


class LegendWidget(QWidget):
    """One legend, floating over the view (hidden without a legend); a :class:`LegendStack`
    says where."""

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
        else:
            self.resize(self.sizeHint())
            self.show()
            self.raise_()
            self.update()
        view = self.parentWidget()
        if isinstance(view, QGraphicsView):
            LegendStack.of(view).place()
        else:
            self.move(self.MARGIN, self.MARGIN)

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
            labels = (
                metrics.horizontalAdvance(ramp.low_label)
                + metrics.horizontalAdvance(ramp.high_label)
                + 16
            )
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
                painter.setPen(QPen(entry.color, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                painter.drawLine(
                    QPointF(swatch.left(), swatch.center().y()),
                    QPointF(swatch.right(), swatch.center().y()),
                )
            else:
                painter.setPen(QPen(mix(entry.color, text, 0.35), 1))
                painter.setBrush(entry.color)
                painter.drawRoundedRect(swatch, 3, 3)
            painter.setPen(text)
            painter.drawText(
                QRectF(x + self.SWATCH + 8, y, self.width(), line),
                Qt.AlignmentFlag.AlignLeft,
                entry.label,
            )
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
            painter.drawText(QRectF(x, y, width, line), Qt.AlignmentFlag.AlignLeft, ramp.low_label)
            painter.drawText(
                QRectF(x, y, width, line), Qt.AlignmentFlag.AlignRight, ramp.high_label
            )
            y += line
        if legend.note:
            painter.setPen(palette.placeholderText().color())
            painter.drawText(
                QRectF(x, y, self.width(), line), Qt.AlignmentFlag.AlignLeft, legend.note
            )
        painter.end()


__all__ = [
    "CORNERS",
    "FADED_OPACITY",
    "THICK",
    "THIN",
    "UNREACHED_TIP",
    "ColorRamp",
    "Corner",
    "EdgeKey",
    "EdgeStyle",
    "GraphOverlay",
    "Legend",
    "LegendEntry",
    "LegendPlacement",
    "LegendStack",
    "LegendWidget",
    "NodeStyle",
    "Overlay",
    "heat_overlay",
    "heat_ramp",
    "ramp_color",
    "readable_text",
]
