"""The overview map: the whole graph in a corner of the view, with the part in sight framed.

It shows only when the graph is larger than the view. A click or a drag on it centres the view
on that point. It draws the same scene (from far: titles only, :mod:`app.graph.far_view`), so
it follows every edit without a model of its own, and takes no keyboard focus.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from app.graph.scene import GraphScene


class MainView(Protocol):
    """What the map reads of the view it maps (:class:`app.graph.view.GraphView`)."""

    graph_scene: GraphScene

    def visible_scene_rect(self) -> QRectF: ...

    def centre_on(self, point: QPointF) -> None: ...

    def viewport(self) -> QWidget: ...


#: The map's size, in pixels, and its distance from the view's corner.
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
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.viewport().update()
        self.move_to_corner()

    def move_to_corner(self) -> None:
        area = self.main.viewport().geometry()
        self.move(area.right() - MAP_WIDTH - MAP_MARGIN, area.bottom() - MAP_HEIGHT - MAP_MARGIN)

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
