"""The graph view: zoom (Ctrl+wheel, keys), pan (middle button or Space+drag), fit, rubber band.

The first view of a graph (:meth:`GraphView.fit_readable`) never goes below
:data:`LEGIBLE_SCALE`: a graph too large for that is shown at its full width from the start step.
Other panes drive it through a small API — :meth:`GraphView.highlight_step` marks the step a test
conversation is in and brings it into view; :meth:`GraphView.reveal` centres on a step.
*Fit to Window* (:meth:`GraphView.fit_all`) leaves room for the legends floating over the view
(:attr:`GraphView.legend_room`, the coverage's or the analytics'), so that they never cover a
step of the fitted graph — the start step at its top, say.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from app.graph import accessible
from app.graph.items import NodeItem
from app.graph.keyboard import GraphKeyboard
from app.graph.overview import OverviewMap
from app.graph.palette import MIME
from app.graph.scene import GraphScene

MIN_SCALE = 0.05
#: The smallest scale at which step titles and signal labels stay readable; the first view of
#: a graph never goes below it.
LEGIBLE_SCALE = 0.8
MAX_SCALE = 4.0
ZOOM_STEP = 1.2
#: Pixels kept between a fitted graph and the legends' room.
LEGEND_GAP = 8


class GraphView(QGraphicsView):
    """Shows a :class:`GraphScene`; see the module docstring."""

    #: the scale changed (1.0 is 100 %)
    zoomChanged = Signal(float)
    #: :mod:`app.graph.accessible` gives it one accessible child per step and transition
    accessible_graph = True
    #: (palette entry, scene position): a kind of step dropped from the palette
    kindDropped = Signal(str, QPointF)

    def __init__(self, scene: GraphScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.graph_scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setRubberBandSelectionMode(Qt.ItemSelectionMode.IntersectsItemShape)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self._space_held = False
        self._pan_from: QPointF | None = None
        #: while set, a resize redoes :meth:`fit_readable` for this focus step
        self._keep_fit: str | None = None
        #: the size of the legends shown over the view (their stack sets it; empty: none)
        self.legend_room: Callable[[], QSize] | None = None
        #: moving, connecting and switching kinds from the keyboard
        self.keys = GraphKeyboard(self, lambda: self.graph_scene)
        accessible.install()
        #: the whole graph in the corner, when it is larger than the view
        self.overview = OverviewMap(self, self)
        self._overview_timer = QTimer(self)
        self._overview_timer.setSingleShot(True)
        self._overview_timer.setInterval(30)
        self._overview_timer.timeout.connect(self.overview.follow)
        self._watch(scene)

    # --- API for other panes ---------------------------------------------------------------

    def set_graph_scene(self, scene: GraphScene) -> None:
        """Show another scene (a new session's)."""
        self.graph_scene = scene
        self.setScene(scene)
        self._watch(scene)

    def _watch(self, scene: GraphScene) -> None:
        scene.rebuilt.connect(self._overview_timer.start)
        scene.selectionChanged.connect(self._overview_timer.start)
        scene.sceneRectChanged.connect(self._overview_timer.start)
        self._overview_timer.start()

    def visible_scene_rect(self) -> QRectF:
        """The part of the scene in sight."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def centre_on(self, point: QPointF) -> None:
        """Centre the view on ``point`` (the overview map was clicked)."""
        self._keep_fit = None
        self.centerOn(point)

    def zoom_to_selection(self) -> None:
        """Fit the selected steps and transitions in the view (at most 150 %)."""
        items = self.graph_scene.selectedItems()
        if not items:
            return
        rect = QRectF()
        for item in items:
            rect = rect.united(item.sceneBoundingRect())
        rect = rect.adjusted(-40, -40, 40, 40)
        viewport = self.viewport().rect()
        scale = min(viewport.width() / rect.width(), viewport.height() / rect.height(), 1.5)
        self._keep_fit = None
        self._set_scale(max(scale, MIN_SCALE))
        self.centerOn(rect.center())

    def highlight_step(self, step_id: str | None) -> None:
        """Mark ``step_id`` as the conversation's current step (``None`` clears) and show it."""
        self.graph_scene.set_current(step_id)
        if step_id is not None:
            self.reveal(step_id, center=False)

    def hold(self) -> None:
        """Stay where it is: the author placed something, so a resize no longer refits the
        first view (which would re-centre on the grown graph)."""
        self._keep_fit = None

    def shows(self, step_id: str) -> bool:
        """Whether some of ``step_id``'s box is in sight."""
        node = self.graph_scene.nodes.get(step_id)
        if node is None:
            return False
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        return shown.intersects(node.sceneBoundingRect())

    def reveal(self, step_id: str, *, center: bool = True) -> None:
        node = self.graph_scene.nodes.get(step_id)
        if node is None:
            return
        self._keep_fit = None
        if center:
            self.centerOn(node.center())
        else:
            self.ensureVisible(node.sceneBoundingRect(), 40, 40)

    # --- zoom ------------------------------------------------------------------------------

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        self._keep_fit = None
        target = min(MAX_SCALE, max(MIN_SCALE, self.zoom * factor))
        if target != self.zoom:
            factor = target / self.zoom
            self.scale(factor, factor)
            self.zoomChanged.emit(self.zoom)
            self._overview_timer.start()

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def reset_zoom(self) -> None:
        self.zoom_by(1 / self.zoom)

    def fit_readable(self, focus: str | None = None) -> None:
        """The first view of a graph: all of it if that stays legible (scale ≥ LEGIBLE_SCALE,
        at most 100 %); otherwise its full width if that is legible, else LEGIBLE_SCALE, scrolled
        to show the step ``focus`` (the start step) near the top.

        It is kept across resizes (the window settling its panes) until the author zooms, pans
        or the view is moved to a step.
        """
        rect = self.graph_scene.items_rect()
        if rect.isEmpty():
            return
        self.setSceneRect(rect.adjusted(-2000, -2000, 2000, 2000))
        viewport = self.viewport().rect()
        width, height = max(1, viewport.width()), max(1, viewport.height())
        whole = min(width / rect.width(), height / rect.height(), 1.0)
        if whole >= LEGIBLE_SCALE:
            self._set_scale(whole)
            self.centerOn(rect.center())
        else:
            self._set_scale(min(1.0, max(LEGIBLE_SCALE, width / rect.width())))
            node = self.graph_scene.nodes.get(focus or "")
            anchor = node.sceneBoundingRect() if node is not None else rect
            shown_w, shown_h = width / self.zoom, height / self.zoom
            x = rect.center().x() if shown_w >= rect.width() else anchor.center().x()
            y = max(rect.top(), anchor.top() - 30) + shown_h / 2
            self.centerOn(QPointF(x, y))
        self._keep_fit = focus or ""

    def _set_scale(self, scale: float) -> None:
        self.setTransform(QTransform.fromScale(scale, scale))
        self.zoomChanged.emit(scale)
        self._overview_timer.start()

    def fit_all(self) -> None:
        """Show the whole graph, never magnified beyond 100 % (a tiny graph stays readable).

        With legends shown, the graph is fitted beside them or under them, whichever leaves it
        larger, and the legends' corner stays empty.
        """
        rect = self.graph_scene.items_rect()
        if rect.isEmpty():
            return
        self._keep_fit = None
        self.setSceneRect(rect.adjusted(-2000, -2000, 2000, 2000))
        viewport = self.viewport().rect()
        width, height = max(1, viewport.width() - 4), max(1, viewport.height() - 4)
        room = self.legend_room() if self.legend_room is not None else QSize()
        # (free width, free height, where the graph's centre moves in view pixels)
        layouts = [(width, height, 0.0, 0.0)]
        if not room.isEmpty():
            side, top = room.width() + LEGEND_GAP, room.height() + LEGEND_GAP
            layouts = [(width - side, height, -side / 2, 0.0), (width, height - top, 0.0, top / 2)]
        free_w, free_h, dx, dy = max(
            layouts, key=lambda way: min(way[0] / rect.width(), way[1] / rect.height())
        )
        scale = min(max(free_w, 1) / rect.width(), max(free_h, 1) / rect.height(), 1.0)
        scale = max(scale, MIN_SCALE)
        self._set_scale(scale)
        self.centerOn(rect.center() - QPointF(dx / scale, dy / scale))

    # --- events ----------------------------------------------------------------------------

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        if self.overview.isVisible():
            self.overview.viewport().update()  # the frame moves with the view
        self._overview_timer.start()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._overview_timer.start()
        if self._keep_fit is not None:
            self.fit_readable(self._keep_fit)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self._keep_fit = None
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120
            if steps:
                self.zoom_by(ZOOM_STEP**steps)
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._keep_fit = None
        if event.button() == Qt.MouseButton.MiddleButton or (
            self._space_held and event.button() == Qt.MouseButton.LeftButton
        ):
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(delta.y()))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            if self._space_held:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    # --- a kind of step dropped from the palette -------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()
            return
        super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()
            return
        super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            entry = bytes(event.mimeData().data(MIME).data()).decode()
            self.kindDropped.emit(entry, self.mapToScene(event.position().toPoint()))
            event.acceptProposedAction()
            return
        super().dropEvent(event)

    def node(self, step_id: str) -> NodeItem | None:
        return self.graph_scene.nodes.get(step_id)
