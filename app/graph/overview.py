"""The overview map: the whole graph in a corner of the view, with the part in sight framed.

It shows only when the graph is larger than the view, in the bottom-right corner (the
bottom-left one while it would hide the selected step). A click or a drag on it centres the view
on that point. It draws the same scene (from far: titles only, :mod:`app.graph.far_view`), so
it follows every edit without a model of its own, and takes no keyboard focus.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen, QPolygon
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from app.graph.scene import GraphScene


class MainView(Protocol):
    """What the map reads of the view it maps (:class:`app.graph.view.GraphView`)."""

    graph_scene: GraphScene

    def visible_scene_rect(self) -> QRectF: ...

    def mapFromScene(self, rect: QRectF) -> QPolygon: ...

    def centre_on(self, point: QPointF) -> None: ...

    def viewport(self) -> QWidget: ...


#: The map's largest size, in pixels, and its distance from the view's corner.
MAP_WIDTH, MAP_HEIGHT, MAP_MARGIN = 220, 150, 10


class OverviewMap(QGraphicsView):
    """The whole graph, small, with the view's part framed (see the module docstring)."""

    def __init__(self, view: MainView, parent: QWidget) -> None:
        super().__init__(parent)
        self.main = view
        self.setObjectName("overviewMap")
        self.setInteractive(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.Box)
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setFixedSize(MAP_WIDTH, MAP_HEIGHT)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.retranslate_ui()
        self.hide()

    def retranslate_ui(self) -> None:
        self.setToolTip(self.tr("Overview: click or drag to move the view"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def follow(self) -> None:
        """Show the whole graph, frame the view's part, and show only when it is needed."""
        scene = self.main.graph_scene
        if self.scene() is not scene:
            self.setScene(scene)
        rect = scene.items_rect()
        shown = self.main.visible_scene_rect()
        needed = not rect.isEmpty() and not shown.contains(rect)
        self.setVisible(needed)
        if not needed:
            return
        self.size_to(rect)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.viewport().update()

    def size_to(self, graph: QRectF) -> None:
        """At most a quarter of the view's width and a third of its height (and 220 × 150),
        shaped like the graph, in the view's bottom-right corner."""
        area = self.main.viewport().geometry()
        width = min(MAP_WIDTH, area.width() // 4)
        height = min(MAP_HEIGHT, area.height() // 3)
        if graph.width() / graph.height() > width / height:
            height = max(40, int(width * graph.height() / graph.width()) + 4)
        else:
            width = max(60, int(height * graph.width() / graph.height()) + 4)
        self.setFixedSize(width, height)
        right = QRect(
            area.right() - width - MAP_MARGIN, area.bottom() - height - MAP_MARGIN, width, height
        )
        left = right.translated(-(right.left() - area.left() - MAP_MARGIN), 0)
        self.move((left if self._covers_selection(right) else right).topLeft())

    def _covers_selection(self, where: QRect) -> bool:
        """Whether the map at ``where`` would hide a selected step (it moves aside then)."""
        viewport, parent = self.main.viewport(), self.parentWidget()
        if parent is None:
            return False
        for item in self.main.graph_scene.selectedItems():
            box = self.main.mapFromScene(item.sceneBoundingRect()).boundingRect()
            if QRect(viewport.mapTo(parent, box.topLeft()), box.size()).intersects(where):
                return True
        return False

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.fillRect(QRectF(rect), self.main.graph_scene.colors.background)

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        shown = self.main.visible_scene_rect()
        accent = QColor(self.main.graph_scene.colors.accent)
        painter.setPen(QPen(accent, 0))
        fill = QColor(accent)
        fill.setAlpha(40)
        painter.setBrush(fill)
        painter.drawRect(shown)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._centre(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._centre(event)

    def _centre(self, event: QMouseEvent) -> None:
        self.main.centre_on(self.mapToScene(event.position().toPoint()))
        event.accept()


__all__ = ["OverviewMap"]
