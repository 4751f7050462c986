"""The main window's arrangement: its panes docked, and their places and sizes remembered.

A pane is a ``QDockWidget`` the author can move, tab, float and close; the window's geometry, the
docks' state (versioned by ``STATE_VERSION``, so that an old saved state does not hide new panes)
and the split between the graph and the instructions are kept in ``QSettings``. On a first start
the window takes most of the screen and the graph most of the window (two thirds of the centre;
:mod:`app.room` narrows the Step pane while it has nothing to show).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QWidget

from app.room import YieldingPane
from app.widgets import size_for_screen

SETTINGS_GEOMETRY = "window/geometry"


SETTINGS_STATE = "window/state"


SETTINGS_SPLIT = "window/instructionsSplit"


#: bump when the set of default docks changes, so an old saved state does not hide new panes
STATE_VERSION = 2


#: first start: each side column's share of the window width, and its least width
DEFAULT_SIDE_PERCENT = 22


DEFAULT_SIDE_MIN = 300


Area = Qt.DockWidgetArea


class WindowArrangement(QMainWindow):
    """The panes and the remembered arrangement of a :class:`~app.main_window.MainWindow`."""

    # what the window holds and its arrangement uses (the window builds them)
    settings: QSettings
    panes: dict[str, QDockWidget]
    central_splitter: QSplitter
    instructions_action: QAction
    show_graph: Callable[[], None]
    step_room: YieldingPane

    def add_pane(
        self,
        name: str,
        widget: QWidget,
        area: Area = Area.RightDockWidgetArea,
        *,
        tabify_with: str | None = None,
        below: str | None = None,
    ) -> QDockWidget:
        """Dock ``widget`` as a pane titled ``name`` (tabbed with the pane ``tabify_with``, or
        under the pane ``below``); it appears in View ▸ Panes."""
        dock = QDockWidget(name, self)
        dock.setObjectName(f"pane:{name}")
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(area, dock)
        if tabify_with and tabify_with in self.panes:
            self.tabifyDockWidget(self.panes[tabify_with], dock)
        elif below and below in self.panes:
            self.splitDockWidget(self.panes[below], dock, Qt.Orientation.Vertical)
        self.panes[name] = dock
        if hasattr(self, "panes_menu"):
            self.panes_menu.addAction(dock.toggleViewAction())
        return dock

    def resize_panes(self, names: list[str], sizes: list[int], orientation: Qt.Orientation) -> None:
        """Give the panes ``names`` these sizes (as far as the window allows)."""
        self.resizeDocks([self.panes[name] for name in names], sizes, orientation)

    def _save_window(self) -> None:
        self.settings.setValue(SETTINGS_GEOMETRY, self.saveGeometry())
        self.settings.setValue(SETTINGS_STATE, self.saveState(STATE_VERSION))
        self.settings.setValue(SETTINGS_SPLIT, self.central_splitter.saveState())

    def _restore_window(self) -> None:
        geometry = self.settings.value(SETTINGS_GEOMETRY)
        if geometry is None or not self.restoreGeometry(geometry):
            self._first_geometry()
        state = self.settings.value(SETTINGS_STATE)
        self._needs_default_sizes = state is None or not self.restoreState(state, STATE_VERSION)
        split = self.settings.value(SETTINGS_SPLIT)
        if split is not None and not self._needs_default_sizes:
            self.central_splitter.restoreState(split)
            self.instructions_action.setChecked(self.central_splitter.sizes()[1] > 0)

    def _first_geometry(self) -> None:
        """First start: nine tenths of a large screen, centred; on a laptop's (1366 × 768,
        1280 × 800) all of its free area — a fixed 1280 × 800 ran off the bottom of a 768-pixel
        screen and hid the status bar."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        free = screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 800)
        large = free.width() > 1400 and free.height() > 900
        share = 9 if large else 10  # tenths of the free area; size_for_screen leaves the frame
        size_for_screen(self, free.width() * share // 10, free.height() * share // 10, centre=True)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._needs_default_sizes:
            self._needs_default_sizes = False
            QTimer.singleShot(0, self._default_dock_sizes)

    def _default_dock_sizes(self) -> None:
        """First start: the graph gets most of the width; the side panes are as narrow as they
        comfortably go (a pane's own minimum wins), the problems list a strip under the graph."""
        width = self.width()
        side = [
            (dock, max(DEFAULT_SIDE_MIN, width * DEFAULT_SIDE_PERCENT // 100))
            for dock in self.panes.values()
            if dock.isVisible()
            and not dock.isFloating()
            and self.dockWidgetArea(dock) in (Area.LeftDockWidgetArea, Area.RightDockWidgetArea)
        ]
        if side:
            self.resizeDocks(
                [dock for dock, _ in side], [size for _, size in side], Qt.Orientation.Horizontal
            )
        self.resizeDocks(
            [self.panes["Problems"]], [max(110, self.height() // 7)], Qt.Orientation.Vertical
        )
        total = sum(self.central_splitter.sizes())
        # the graph two thirds, the instructions a third (with room for a 320-pixel text)
        instructions = min(max(total // 3, 380), total * 2 // 5)
        self.central_splitter.setSizes([total - instructions, instructions])
        self.step_room.settle()  # with no step selected, the Step pane yields its width
        self.show_graph()


__all__ = ["WindowArrangement"]
