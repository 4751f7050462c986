"""The graph without a mouse: move between steps and along transitions, connect, switch kind.

:class:`GraphKeyboard` filters the keys of a :class:`~app.graph.view.GraphView`:

=================  ==========================================================================
Tab, Shift+Tab     the next / previous step, in the scenario's order (past the last, the focus
                   leaves the graph as usual: no keyboard trap)
→ / ←              the selected step's next / previous transition (the arrow is selected)
↓                  along the selected transition (or the step's first) to its target
↑                  back to a step that leads to the selected one
Enter              open the selected step's form; while connecting: connect to it
C                  connect the selected step: move to the target, Enter (Esc cancels)
K                  the selected step's next kind (prompt → message → action)
=================  ==========================================================================

Every move selects the item (the selection is drawn as a halo: the focus is always visible)
and tells assistive technology (:mod:`app.graph.accessible`). The keys never edit anything
themselves: they emit the same requests as the mouse gestures, which the editor turns into
undo commands.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from app.graph.accessible import announce, describe_step, focus_item, name_transition
from app.graph.items import EdgeItem, NodeItem
from app.graph.scene import GraphScene

translate = QCoreApplication.translate


class GraphKeyboard(QObject):
    """Keys of the graph view (see the module docstring)."""

    #: (source step, target step): connect them (the editor asks for the signal)
    connectRequested = Signal(str, str)
    #: (step id): open its form
    activated = Signal(str)
    #: (step id): switch it to the next kind
    nextKindRequested = Signal(str)

    def __init__(self, view: QGraphicsView, scene: Callable[[], GraphScene]) -> None:
        super().__init__(view)
        self.view = view
        self._scene = scene
        #: while connecting: the step the new transition leaves
        self.connecting: str | None = None
        view.installEventFilter(self)

    @property
    def scene(self) -> GraphScene:
        return self._scene()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            return self.key(event)
        return False

    def key(self, event: QKeyEvent) -> bool:
        key, mods = event.key(), event.modifiers()
        if mods & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier):
            return False
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            back = key == Qt.Key.Key_Backtab or bool(mods & Qt.KeyboardModifier.ShiftModifier)
            return self.next_step(back)
        handlers = {
            Qt.Key.Key_Right: lambda: self.next_transition(False),
            Qt.Key.Key_Left: lambda: self.next_transition(True),
            Qt.Key.Key_Down: self.follow,
            Qt.Key.Key_Up: self.back,
            Qt.Key.Key_Return: self.enter,
            Qt.Key.Key_Enter: self.enter,
            Qt.Key.Key_Escape: self.cancel,
            Qt.Key.Key_C: self.start_connect,
            Qt.Key.Key_K: self.next_kind,
        }
        handler = handlers.get(Qt.Key(key))
        return bool(handler()) if handler is not None else False

    # --- where the keyboard is ---------------------------------------------------------------

    def current(self) -> QGraphicsItem | None:
        selected = self.scene.selectedItems()
        return selected[0] if selected else None

    def current_step(self) -> NodeItem | None:
        item = self.current()
        if isinstance(item, EdgeItem):
            return item.source
        return item if isinstance(item, NodeItem) else None

    def go(self, item: QGraphicsItem) -> None:
        scene = self.scene
        scene.clearSelection()
        item.setSelected(True)
        self.view.ensureVisible(item.sceneBoundingRect(), 40, 40)
        focus_item(self.view, item)
        if isinstance(item, NodeItem):
            announce(self.view, describe_step(item))
        elif isinstance(item, EdgeItem):
            announce(self.view, name_transition(item))

    # --- moves -----------------------------------------------------------------------------

    def next_step(self, back: bool) -> bool:
        nodes = [node for node in self.scene.ordered_nodes() if not node.state.missing]
        if not nodes:
            return False
        step = self.current_step()
        if step is None or step not in nodes:
            index = len(nodes) - 1 if back else 0
        else:
            index = nodes.index(step) + (-1 if back else 1)
            if not 0 <= index < len(nodes):
                return False  # the focus leaves the graph
        self.go(nodes[index])
        return True

    def outgoing(self, node: NodeItem) -> list[EdgeItem]:
        return [edge for edge in self.scene.ordered_edges() if edge.source is node]

    def next_transition(self, back: bool) -> bool:
        step = self.current_step()
        if step is None:
            return self.next_step(back)
        edges = self.outgoing(step)
        if not edges:
            return True
        item = self.current()
        index = edges.index(item) + (-1 if back else 1) if item in edges else (-1 if back else 0)
        self.go(edges[index % len(edges)])
        return True

    def follow(self) -> bool:
        item = self.current()
        if isinstance(item, NodeItem):
            edges = self.outgoing(item)
            item = edges[0] if edges else None
        if isinstance(item, EdgeItem):
            self.go(item.target)
        return True

    def back(self) -> bool:
        step = self.current_step()
        if step is not None:
            into = [edge for edge in step.edges if edge.target is step and edge.source is not step]
            if into:
                self.go(into[0].source)
        return True

    # --- edits asked for ---------------------------------------------------------------------

    def enter(self) -> bool:
        step = self.current_step()
        if step is None:
            return False
        if self.connecting is not None:
            source, self.connecting = self.connecting, None
            self.connectRequested.emit(source, step.step_id)
        elif not step.state.missing:
            self.activated.emit(step.step_id)
        return True

    def cancel(self) -> bool:
        if self.connecting is None:
            return False
        self.connecting = None
        announce(self.view, translate("GraphKeys", "Connecting cancelled"))
        return True

    def start_connect(self) -> bool:
        step = self.current_step()
        if step is None or step.state.missing:
            return False
        self.connecting = step.step_id
        announce(
            self.view,
            translate(
                "GraphKeys",
                "Connect “{step}” to: move to the target step, then press Enter (Esc cancels)",
            ).format(step=step.state.title),
        )
        return True

    def next_kind(self) -> bool:
        step = self.current_step()
        if step is None or step.state.missing:
            return False
        self.nextKindRequested.emit(step.step_id)
        return True


__all__ = ["GraphKeyboard"]
