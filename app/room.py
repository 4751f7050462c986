"""The room the graph gets: a side pane with nothing to show yields its width to it.

While no step is selected, the Step pane has only a sentence to say; :class:`YieldingPane`
narrows it then (to :data:`YIELDED_WIDTH`, or its own minimum) so that the graph beside it
grows, and gives it back its width when a step is selected. It acts only while the pane is
docked at a side and showing (not behind the Scenario tab, not floating), and never fights the
author: a width they set by hand while a step was selected is the one given back.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

#: The Step pane's width while it has nothing to show, and the least it gets back.
YIELDED_WIDTH = 170
GIVEN_BACK_MIN = 300


class YieldingPane(QObject):
    """Narrows ``dock`` while nothing is selected (see the module docstring)."""

    def __init__(self, window: QMainWindow, dock: QDockWidget) -> None:
        super().__init__(window)
        self.window, self.dock = window, dock
        #: whether the pane has yielded its width, and the width to give back
        self.yielded = False
        self.kept = 0
        #: the step selected last ("" none)
        self.current = ""

    def showing(self) -> bool:
        dock = self.dock
        area = self.window.dockWidgetArea(dock)
        return (
            dock.isVisible()
            and not dock.isFloating()
            and not dock.visibleRegion().isEmpty()
            and area
            in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
        )

    def step_selected(self, step_id: str) -> None:
        self.current = step_id
        # after the pane has changed its page (its minimum width follows the page)
        QTimer.singleShot(0, lambda: self._follow(step_id))

    def settle(self) -> None:
        """The window has laid its panes out (its first start): follow the selection again."""
        self.step_selected(self.current)

    def _follow(self, step_id: str) -> None:
        if not self.showing():
            return
        if step_id and self.yielded:
            self.yielded = False
            self._resize(max(self.kept, GIVEN_BACK_MIN))
        elif not step_id and (not self.yielded or self.dock.width() > YIELDED_WIDTH + 20):
            if not self.yielded:  # (yielded, and widened since: the window's first layout)
                self.kept = self.dock.width()
            self.yielded = True
            self._resize(YIELDED_WIDTH)

    def _resize(self, width: int) -> None:
        self.window.resizeDocks([self.dock], [width], Qt.Orientation.Horizontal)


__all__ = ["GIVEN_BACK_MIN", "YIELDED_WIDTH", "YieldingPane"]
