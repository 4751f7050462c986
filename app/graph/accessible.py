"""The graph as a screen reader sees it: one accessible child per step and per transition.

A plain ``QGraphicsView`` shows assistive technology an empty area. :func:`install` puts a
factory in Qt's accessibility (``QAccessible.installFactory``) that gives every
:class:`~app.graph.view.GraphView` a :class:`GraphAccessible`: its children are the steps, in
the scenario's order, then the transitions. A step says its title as its name and, as its
description, "step Slot, prompt, 2 transitions, 1 warning"; a transition is a link named
"error: Slot to Ask". The step or transition selected has the focus; :func:`announce` tells the
screen reader what an edit did ("Added message step 'message'").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRect
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
    QWindow,
)
from PySide6.QtWidgets import QAccessibleWidget, QGraphicsItem, QGraphicsView

from app.graph.items import EdgeItem, NodeItem

translate = QCoreApplication.translate


def step_kind_words(kind: str) -> str:
    return {
        "prompt": translate("GraphAccess", "prompt"),
        "message": translate("GraphAccess", "message"),
        "action": translate("GraphAccess", "action"),
        "missing": translate("GraphAccess", "missing"),
    }.get(kind, kind)


def describe_step(node: NodeItem) -> str:
    """``step Slot, prompt, 2 transitions, 1 warning`` (and start, final, errors)."""
    state = node.state
    outgoing = sum(1 for edge in node.edges if edge.source is node)
    parts = [
        translate("GraphAccess", "step {title}").format(title=state.title),
        step_kind_words(state.kind),
    ]
    if state.start:
        parts.append(translate("GraphAccess", "start"))
    if state.final:
        parts.append(translate("GraphAccess", "final"))
    parts.append(
        translate("GraphAccess", "1 transition")
        if outgoing == 1
        else translate("GraphAccess", "{count} transitions").format(count=outgoing)
    )
    if errors := len(state.errors):
        parts.append(
            translate("GraphAccess", "1 error")
            if errors == 1
            else translate("GraphAccess", "{count} errors").format(count=errors)
        )
    if warnings := len(state.warnings):
        parts.append(
            translate("GraphAccess", "1 warning")
            if warnings == 1
            else translate("GraphAccess", "{count} warnings").format(count=warnings)
        )
    return ", ".join(parts)


def name_transition(edge: EdgeItem) -> str:
    return translate("GraphAccess", "{signal}: {source} to {target}").format(
        signal=edge.signal, source=edge.source.state.title, target=edge.target.state.title
    )


class ItemAccessible(QAccessibleInterface):
    """A step or a transition of the graph, for assistive technology."""

    def __init__(self, graph: GraphAccessible, item: QGraphicsItem) -> None:
        super().__init__()
        self.graph, self.item = graph, item

    def isValid(self) -> bool:
        return self.item.scene() is not None

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self.graph.window()

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def parent(self) -> QAccessibleInterface:
        return self.graph

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def text(self, kind: QAccessible.Text) -> str:
        item = self.item
        if isinstance(item, NodeItem):
            if kind == QAccessible.Text.Name:
                return item.state.title
            if kind == QAccessible.Text.Description:
                return describe_step(item)
        elif isinstance(item, EdgeItem):
            if kind == QAccessible.Text.Name:
                return name_transition(item)
            if kind == QAccessible.Text.Description:
                return translate(
                    "GraphAccess", "transition {signal} from {source} to {target}"
                ).format(signal=item.signal, source=item.source.step_id, target=item.target.step_id)
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        pass

    def rect(self) -> QRect:
        view = self.graph.view
        polygon = view.mapFromScene(self.item.sceneBoundingRect())
        box = polygon.boundingRect()
        return QRect(view.viewport().mapToGlobal(box.topLeft()), box.size())

    def role(self) -> QAccessible.Role:
        return (
            QAccessible.Role.ListItem if isinstance(self.item, NodeItem) else QAccessible.Role.Link
        )

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        state.selectable = True
        state.selected = self.item.isSelected()
        state.focused = self.item.isSelected() and self.graph.view.hasFocus()
        return state


class GraphAccessible(QAccessibleWidget):
    """The graph view: its steps, then its transitions, as children."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view, QAccessible.Role.Canvas, translate("GraphAccess", "Scenario graph"))
        self.view = view
        self._children: dict[QGraphicsItem, ItemAccessible] = {}

    def items(self) -> list[QGraphicsItem]:
        scene = getattr(self.view, "graph_scene", None)
        if scene is None:
            return []
        return [*scene.ordered_nodes(), *scene.ordered_edges()]

    def childCount(self) -> int:
        return len(self.items())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        items = self.items()
        if not 0 <= index < len(items):
            return None
        item = items[index]
        found = self._children.get(item)
        if found is None:
            alive = set(items)
            self._children = {key: value for key, value in self._children.items() if key in alive}
            found = self._children[item] = ItemAccessible(self, item)
        return found

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, ItemAccessible):
            try:
                return self.items().index(child.item)
            except ValueError:
                return -1
        return -1

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        items = self.items()
        for index, item in enumerate(items):
            if item.isSelected():
                return self.child(index)
        return None


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if isinstance(obj, QGraphicsView) and getattr(obj, "accessible_graph", False):
        return GraphAccessible(obj)
    return None


_installed: list[Callable[[str, QObject], QAccessibleInterface | None]] = []


def install() -> None:
    """Give every graph view its accessible children (once per process)."""
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed.append(_factory)


def focus_item(view: QGraphicsView, item: QGraphicsItem) -> None:
    """Tell assistive technology that ``item`` has the keyboard's focus now."""
    if not QAccessible.isActive():
        return
    scene = getattr(view, "graph_scene", None)
    if scene is None:
        return
    items = [*scene.ordered_nodes(), *scene.ordered_edges()]
    if item in items:
        event = QAccessibleEvent(view, QAccessible.Event.Focus)
        event.setChild(items.index(item))
        QAccessible.updateAccessibility(event)


def announce(view: QGraphicsView, message: str) -> None:
    """Have the screen reader say ``message`` (an edit done, a mode entered); the view keeps
    the last one said (``last_announcement``)."""
    view.setProperty("lastAnnouncement", message)
    if message and QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(view, message))


__all__ = [
    "GraphAccessible",
    "ItemAccessible",
    "announce",
    "describe_step",
    "focus_item",
    "install",
    "name_transition",
]
