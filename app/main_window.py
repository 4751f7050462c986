"""The studio's main window: the graph in the centre, docked panes around it, menus and saving.

Panes are ``QDockWidget`` s that the author can move, tab, float and close; their arrangement,
the window geometry and the recent scenarios are remembered in ``QSettings``. Other parts of the
studio (the test chat, the log pane) plug in through a small API:

* :meth:`MainWindow.add_pane` docks a widget and lists it in the View menu;
* :attr:`MainWindow.sessionChanged` / :attr:`MainWindow.documentChanged` announce the open
  scenario (:attr:`MainWindow.session`, :attr:`MainWindow.document`);
* :attr:`MainWindow.stepSelected` / :attr:`MainWindow.selected_step` tell the selected step;
* :meth:`MainWindow.highlight_step` (or ``window.graph_view.highlight_step``) marks the step a
  conversation is in.

Unsaved changes mean "the undo stack is not clean"; the title shows ``*`` and closing asks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QPointF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent, QUndoGroup
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStyle,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from app import commands
from app.dialogs import IDENTIFIER
from app.file_commands import FileCommands
from app.file_watch import DiskWatcher
from app.find_bar import FindBar
from app.graph.items import NODE_HEIGHT, NODE_WIDTH
from app.graph.scene import GraphScene, step_of
from app.graph.view import GraphView
from app.inspector import StepInspector, unique_name
from app.instruction_editor import TextFileEditor
from app.problems import ProblemsPane
from app.scenario_pane import ScenarioPane
from app.session import EditSession
from app.theme import GraphColors
from engine.errors import ScenarioError
from engine.scenario.document import ScenarioDocument
from engine.scenario.model import SCENARIO_FILE

APP_TITLE = "Prompter Studio"
SETTINGS_GEOMETRY = "window/geometry"
SETTINGS_STATE = "window/state"
#: bump when the set of default docks changes, so an old saved state does not hide new panes
STATE_VERSION = 1
#: first start: each side column's share of the window width, and its least width
DEFAULT_SIDE_PERCENT = 22
DEFAULT_SIDE_MIN = 300

Area = Qt.DockWidgetArea


class Banner(QFrame):
    """A message strip above the graph with optional buttons (disk changes, broken YAML)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self._buttons: list[QPushButton] = []
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._layout.addWidget(self.label, 1)
        self.hide()

    def show_message(self, text: str, buttons: list[tuple[str, Callable[[], None]]] = ()) -> None:
        for button in self._buttons:
            button.deleteLater()
        self._buttons = []
        for label, action in buttons:
            button = QPushButton(label)
            button.clicked.connect(action)
            self._layout.addWidget(button)
            self._buttons.append(button)
        self.label.setText(text)
        self.show()

    def button(self, label: str) -> QPushButton | None:
        return next((b for b in self._buttons if b.text() == label), None)


class MainWindow(FileCommands, QMainWindow):
    """The studio window (see the module docstring)."""

    #: the open session changed (an :class:`EditSession`, or None)
    sessionChanged = Signal(object)
    #: the open document changed (a :class:`ScenarioDocument`, or None)
    documentChanged = Signal(object)
    #: the selected step changed ("" when none)
    stepSelected = Signal(str)

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.session: EditSession | None = None
        self.selected_step: str | None = None
        self.undo_group = QUndoGroup(self)
        self.colors = GraphColors.from_palette()
        self.panes: dict[str, QDockWidget] = {}
        #: replaceable in tests: (title, label, default) -> text or None when cancelled
        self.ask_text: Callable[[str, str, str], str | None] = self._ask_text
        #: replaceable in tests: (question) -> Save / Discard / Cancel
        self.ask_unsaved: Callable[[str], QMessageBox.StandardButton] = self._ask_unsaved
        #: replaceable in tests: (title, message, is_problem) -> None
        self.tell: Callable[[str, str, bool], None] = self._tell
        self.setWindowTitle(APP_TITLE)
        self.setDockNestingEnabled(True)
        # side panes take the full height; the problems list sits under the graph, IDE-style
        self.setCorner(Qt.Corner.BottomLeftCorner, Area.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Area.RightDockWidgetArea)
        self._build_central()
        self._build_panes()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.watcher = DiskWatcher(self)
        self.watcher.changedOnDisk.connect(self._changed_on_disk)
        self.statusBar().showMessage("Ready", 2000)
        self.zoom_label = QLabel()
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.graph_view.zoomChanged.connect(
            lambda scale: self.zoom_label.setText(f"{round(scale * 100)} %"))
        self.set_session(None)
        self._restore_window()

    # --- public API for other panes ------------------------------------------------------

    @property
    def document(self) -> ScenarioDocument | None:
        return self.session.document if self.session else None

    @property
    def undo_stack(self):  # type: ignore[no-untyped-def]
        return self.session.undo_stack if self.session else None

    def add_pane(self, name: str, widget: QWidget, area: Area = Area.RightDockWidgetArea,
                 *, tabify_with: str | None = None) -> QDockWidget:
        """Dock ``widget`` as a pane titled ``name``; it appears in View ▸ Panes."""
        dock = QDockWidget(name, self)
        dock.setObjectName(f"pane:{name}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                         | QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        if tabify_with and tabify_with in self.panes:
            self.tabifyDockWidget(self.panes[tabify_with], dock)
        self.panes[name] = dock
        if hasattr(self, "panes_menu"):
            self.panes_menu.addAction(dock.toggleViewAction())
        return dock

    def show_graph(self) -> None:
        """Show the graph legibly: all of it when it fits, else from the start step down."""
        scenario = self.session.shown if self.session is not None else None
        self.graph_view.fit_readable(scenario.start if scenario is not None else None)

    def highlight_step(self, step_id: str | None) -> None:
        """Mark the step a conversation is in (None clears)."""
        self.graph_view.highlight_step(step_id)

    # --- building ------------------------------------------------------------------------

    def _build_central(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.disk_banner = Banner()
        self.broken_banner = Banner()
        self.find_bar = FindBar()
        self.find_bar.hide()
        self.scene = GraphScene(None, self.colors)
        self.scene.setParent(self)
        self.graph_view = GraphView(self.scene)
        self.empty_label = QLabel()
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        for widget in (self.disk_banner, self.broken_banner, self.find_bar):
            layout.addWidget(widget)
        layout.addWidget(self.graph_view, 1)
        layout.addWidget(self.empty_label, 1)
        self.setCentralWidget(central)
        self.find_bar.matchesChanged.connect(lambda ids: self.scene.set_matches(set(ids)))
        self.find_bar.matchChosen.connect(lambda step: self.select_step(step, center=True))
        self.find_bar.closed.connect(self.graph_view.setFocus)

    def _build_panes(self) -> None:
        self.inspector = StepInspector()
        self.editor = TextFileEditor()
        step_pane = QSplitter(Qt.Orientation.Vertical)
        step_pane.setObjectName("stepSplitter")
        step_pane.addWidget(self.inspector)
        step_pane.addWidget(self.editor)
        step_pane.setStretchFactor(0, 3)
        step_pane.setStretchFactor(1, 2)
        self.step_splitter = step_pane
        self.problems = ProblemsPane()
        self.scenario_pane = ScenarioPane()
        self.undo_view = QUndoView(self.undo_group)
        self.undo_view.setEmptyLabel("<opened>")
        self.add_pane("Step", step_pane, Area.RightDockWidgetArea)
        self.add_pane("Scenario", self.scenario_pane, Area.RightDockWidgetArea,
                      tabify_with="Step")
        self.add_pane("Problems", self.problems, Area.BottomDockWidgetArea)
        self.add_pane("History", self.undo_view, Area.BottomDockWidgetArea,
                      tabify_with="Problems")
        self.panes["Step"].raise_()
        self.panes["Problems"].raise_()
        self.problems.problemActivated.connect(self.jump_to_problem)
        self.problems.summaryChanged.connect(self._problems_summary)
        self.inspector.notice.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.scenario_pane.notice.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.inspector.renameRequested.connect(lambda _step: self.rename_selected())

    def _action(self, text: str, slot: Callable[[], object], shortcut: object = None,
                tip: str = "", icon: QStyle.StandardPixmap | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                action.setShortcuts(shortcut)
            else:
                action.setShortcut(shortcut)  # type: ignore[arg-type]
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_actions(self) -> None:
        key, pixmap = QKeySequence.StandardKey, QStyle.StandardPixmap
        self.new_action = self._action("&New…", self.new_scenario, key.New,
                                       "Create a scenario from a template", pixmap.SP_FileIcon)
        self.open_action = self._action("&Open…", self.open_dialog, key.Open,
                                        "Open a scenario folder", pixmap.SP_DialogOpenButton)
        self.save_action = self._action("&Save", self.save, key.Save, "Save the scenario",
                                        pixmap.SP_DialogSaveButton)
        self.save_as_action = self._action("Save &As…", self.save_as, key.SaveAs,
                                           "Save the scenario into another folder")
        self.export_action = self._action("&Export to draw.io…", self.export_drawio,
                                          QKeySequence("Ctrl+E"),
                                          "Write the graph as a draw.io diagram")
        self.import_action = self._action("&Import from draw.io…", self.import_drawio,
                                          tip="Apply a diagram edited in draw.io (undoable)")
        self.reload_action = self._action("&Reload from Disk", self.reload,
                                          tip="Discard unsaved changes and read the files again")
        self.quit_action = self._action("&Quit", self.close, key.Quit)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(key.Undo)
        self.undo_action.setIcon(self.style().standardIcon(pixmap.SP_ArrowBack))
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(key.Redo)
        self.redo_action.setIcon(self.style().standardIcon(pixmap.SP_ArrowForward))
        self.find_action = self._action("&Find…", self.show_find, key.Find,
                                        "Find steps by id, title or instruction text")
        self.add_step_action = self._action("&Add Step", self.add_step_at_center,
                                            QKeySequence("Ctrl+Shift+N"), "Add a step",
                                            pixmap.SP_FileDialogNewFolder)
        self.rename_action = self._action("Re&name Step…", self.rename_selected,
                                          QKeySequence(Qt.Key.Key_F2),
                                          "Rename the selected step everywhere")
        self.delete_action = self._action("&Delete", self.delete_selected, key.Delete,
                                          "Delete the selected steps (with their transitions) "
                                          "or transitions")
        for action in (self.rename_action, self.delete_action):
            # only while the graph has focus: in text fields these keys edit text
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.graph_view.addAction(action)
        self.select_all_action = self._action("Select &All Steps", self.select_all)
        self.zoom_in_action = self._action("Zoom &In", self.graph_view.zoom_in, key.ZoomIn)
        self.zoom_out_action = self._action("Zoom &Out", self.graph_view.zoom_out, key.ZoomOut)
        self.fit_action = self._action("&Fit to Window", self.graph_view.fit_all,
                                       QKeySequence("Ctrl+0"), "Show the whole graph")
        self.actual_size_action = self._action("Actual &Size", self.graph_view.reset_zoom,
                                               QKeySequence("Ctrl+1"))
        self.auto_layout_action = self._action("Auto-&Layout", self.auto_layout,
                                               QKeySequence("Ctrl+L"),
                                               "Arrange the steps in layers from the start step")
        self.about_action = self._action("&About Prompter Studio", self._about)
        self._document_actions = [self.save_action, self.save_as_action, self.export_action,
                                  self.import_action,
                                  self.reload_action, self.find_action, self.add_step_action,
                                  self.rename_action, self.delete_action, self.auto_layout_action,
                                  self.select_all_action, self.fit_action]

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.reload_action])
        file_menu.addSeparator()
        file_menu.addActions([self.export_action, self.import_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.add_step_action, self.rename_action, self.delete_action,
                              self.select_all_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action,
                              self.actual_size_action])
        view_menu.addSeparator()
        view_menu.addAction(self.auto_layout_action)
        view_menu.addSeparator()
        self.panes_menu = view_menu.addMenu("&Panes")
        for dock in self.panes.values():
            self.panes_menu.addAction(dock.toggleViewAction())
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
        toolbar = QToolBar("Main", self)
        toolbar.setObjectName("toolbar:main")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions([self.new_action, self.open_action, self.save_action])
        toolbar.addSeparator()
        toolbar.addActions([self.undo_action, self.redo_action])
        toolbar.addSeparator()
        toolbar.addActions([self.add_step_action, self.auto_layout_action, self.fit_action,
                            self.find_action])
        toolbar.addSeparator()
        toolbar.addAction(self.export_action)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    # --- opening and sessions ------------------------------------------------------------

    def set_session(self, session: EditSession | None) -> None:
        old = self.session
        if old is not None:
            self.undo_group.removeStack(old.undo_stack)
            old.dispose()
            old.deleteLater()
        self.session = session
        self.selected_step = None
        old_scene = self.scene
        old_scene.blockSignals(True)
        self.scene = GraphScene(session, self.colors)
        self.scene.setParent(self)
        self.graph_view.graph_scene = self.scene
        self.graph_view.setScene(self.scene)
        old_scene.deleteLater()
        self.scene.selectionChanged.connect(self._selection_changed)
        self.scene.nodesMoved.connect(self._nodes_moved)
        self.scene.connectRequested.connect(self.connect_steps)
        self.scene.addStepRequested.connect(self.add_step_at)
        self.scene.stepActivated.connect(self._step_activated)
        self.disk_banner.hide()
        self.find_bar.close_bar()
        for pane in (self.inspector, self.editor, self.problems, self.scenario_pane):
            pane.set_session(session)
        if session is not None:
            self.undo_group.addStack(session.undo_stack)
            self.undo_group.setActiveStack(session.undo_stack)
            session.undo_stack.cleanChanged.connect(self._update_title)
            session.changed.connect(self._session_changed)
            session.reloaded.connect(self._session_reloaded)
            session.problemsChanged.connect(self._update_broken_banner)
            session.saved.connect(self.watcher.rearm)
        self.watcher.watch(session.document if session else None)
        has_document = session is not None
        for action in self._document_actions:
            action.setEnabled(has_document)
        self.graph_view.setVisible(has_document)
        self.empty_label.setVisible(not has_document)
        self.empty_label.setText("No scenario is open.\n\nFile ▸ New… creates one from a "
                                 "template; File ▸ Open… opens a scenario folder.")
        self._update_title()
        self._update_broken_banner()
        QTimer.singleShot(0, self.show_graph)
        self.sessionChanged.emit(session)
        self.documentChanged.emit(session.document if session else None)
        self.stepSelected.emit("")

    def _update_title(self) -> None:
        session = self.session
        if session is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
            return
        scenario = session.shown
        name = scenario.name if scenario else Path(session.folder).name
        self.setWindowTitle(f"{name}[*] — {session.folder} — {APP_TITLE}")
        self.setWindowModified(session.is_dirty)

    def _update_broken_banner(self) -> None:
        session = self.session
        if session is None or session.scenario is not None:
            self.broken_banner.hide()
            return
        drawn = "The graph shows the last version that loaded." if session.last_good else ""
        self.broken_banner.show_message(
            f"⚠ scenario.yaml does not load ({len(session.document.errors)} error(s)); "
            f"see the Problems pane. {drawn}",
            [("Show scenario.yaml", self._show_source)])

    def _show_source(self) -> None:
        self.panes["Scenario"].show()
        self.panes["Scenario"].raise_()
        self.scenario_pane.tabs.setCurrentWidget(self.scenario_pane.source)

    # --- selection -----------------------------------------------------------------------

    def select_step(self, step_id: str | None, *, center: bool = False) -> None:
        """Select ``step_id`` on the graph (and so in the inspector and editor)."""
        self.scene.select_steps([step_id] if step_id else [])
        if step_id and center:
            self.graph_view.reveal(step_id)
        elif step_id:
            self.graph_view.reveal(step_id, center=False)
        self._show_step(step_id)

    def _selection_changed(self) -> None:
        if not shiboken6.isValid(self.scene):  # the window is being torn down
            return
        selected = self.scene.selected_steps()
        self._show_step(selected[0] if len(selected) == 1 else None)

    def _show_step(self, step_id: str | None) -> None:
        if step_id == self.selected_step:
            return
        self.selected_step = step_id
        self.inspector.show_step(step_id)
        self.editor.show_step(step_id)
        self.stepSelected.emit(step_id or "")

    def _step_activated(self, step_id: str) -> None:
        self.select_step(step_id)
        self.panes["Step"].show()
        self.panes["Step"].raise_()
        self.editor.edit.setFocus()

    def _session_changed(self, kind: str, path: tuple[object, ...]) -> None:
        # Deriving the scenario re-reads scenario.yaml: do it only when something shows it, so
        # typing stays cheap on large scenarios.
        if self.find_bar.isVisible():
            self.find_bar.set_scenario(self.session.shown if self.session else None)
        if kind == "text":
            return
        self._update_title()
        # keep the inspector on a renamed step; drop a deleted one
        if self.selected_step and self.session and not self.session.document.has(
                ("steps", self.selected_step)):
            self._show_step(None)
        elif self.selected_step and self.selected_step not in self.scene.selected_steps():
            self.scene.select_steps([self.selected_step])

    def _session_reloaded(self) -> None:
        if self.session is not None:
            self.session.undo_stack.clear()
        self._update_title()
        self.watcher.acknowledge()

    # --- editing gestures ----------------------------------------------------------------

    def _editable(self) -> bool:
        if self.session is None:
            return False
        if not self.session.document.has(("steps",)):
            self.statusBar().showMessage("Fix scenario.yaml first: it does not parse.", 6000)
            return False
        return True

    def run_edit(self, label: str, edit: Callable[[], None]) -> bool:
        """Run an edit. A refused one (an id taken meanwhile, a path gone) changes nothing —
        :func:`app.commands.macro` rolls back the parts already done — and the author is told
        why in a message, not left guessing; False then."""
        try:
            edit()
        except (ScenarioError, KeyError, ValueError) as error:
            reason = error.args[0] if isinstance(error, KeyError) and error.args else error
            self.statusBar().showMessage(f"{label}: {reason}", 8000)
            self.tell(label, f"{label} was refused; nothing was changed.\n\n{reason}", True)
            return False
        return True

    def add_step_at_center(self) -> None:
        center = self.graph_view.mapToScene(self.graph_view.viewport().rect().center())
        self.add_step_at(center)

    def add_step_at(self, scene_pos: QPointF, step_id: str | None = None) -> str | None:
        """Add a step centred at ``scene_pos``; asks for its id unless given."""
        if not self._editable():
            return None
        assert self.session is not None
        steps = self.session.document.get(("steps",))
        taken = set(steps) if isinstance(steps, dict) else set()
        if step_id is None:
            step_id = self.ask_text("Add step", "Step id (letters, digits, '_'):",
                                    unique_name("new_step", taken))
            if step_id is None:
                return None
        step_id = step_id.strip()
        if not IDENTIFIER.match(step_id) or step_id in taken:
            self.statusBar().showMessage(f"“{step_id}” is not a free step id", 6000)
            return None
        position = (scene_pos.x() - NODE_WIDTH / 2, scene_pos.y() - NODE_HEIGHT / 2)
        session = self.session
        self.run_edit("Add step", lambda: commands.add_step(session.undo_stack, session, step_id,
                                                        position))
        self.select_step(step_id)
        return step_id

    def connect_steps(self, source: str, target: str, signal: str | None = None) -> None:
        """Add a transition; asks for the signal name unless given."""
        if not self._editable():
            return
        assert self.session is not None
        path = ("steps", source, "transitions")
        existing = self.session.document.get(path) if self.session.document.has(path) else {}
        taken = set(existing) if isinstance(existing, dict) else set()
        if signal is None:
            signal = self.ask_text("Connect steps", f"Signal from “{source}” to “{target}”:",
                                   unique_name(f"to_{target}", taken))
            if signal is None:
                return
        signal = signal.strip()
        if not IDENTIFIER.match(signal) or signal == "stay" or signal in taken:
            self.statusBar().showMessage(f"“{signal}” cannot be a new signal of {source}", 6000)
            return
        session = self.session
        self.run_edit("Connect", lambda: commands.connect_steps(session.undo_stack, session, source,
                                                            target, signal))

    def rename_selected(self, new: str | None = None) -> None:
        step_id = self.selected_step
        if step_id is None or not self._editable():
            return
        assert self.session is not None
        if new is None:
            new = self.ask_text("Rename step", f"New id for “{step_id}”:", step_id)
            if new is None:
                return
        new = new.strip()
        if new == step_id:
            return
        if not IDENTIFIER.match(new) or self.session.document.has(("steps", new)):
            self.statusBar().showMessage(f"“{new}” is not a free step id", 6000)
            return
        session = self.session
        self.run_edit("Rename", lambda: commands.push(
            session.undo_stack, commands.RenameStepCommand(session, step_id, new)))
        self.select_step(new)

    def delete_selected(self) -> None:
        if not self._editable():
            return
        assert self.session is not None
        session = self.session
        steps = self.scene.selected_steps()
        transitions = [(source, signal) for source, signal in self.scene.selected_transitions()
                       if source not in steps]
        if not steps and not transitions:
            return

        def edit() -> None:
            with commands.macro(session.undo_stack, "Delete selection") as macro:
                for source, signal in transitions:
                    commands.delete_transition(macro, session, source, signal)
                commands.delete_steps(macro, session, steps)

        self.run_edit("Delete", edit)

    def select_all(self) -> None:
        self.scene.select_steps(list(self.scene.nodes))

    def auto_layout(self) -> None:
        if self.session is None:
            return
        commands.auto_layout(self.session.undo_stack, self.session)
        self.show_graph()

    def _nodes_moved(self, old: dict[str, tuple[float, float]],
                     new: dict[str, tuple[float, float]]) -> None:
        if self.session is not None:
            label = "Move step" if len(new) == 1 else f"Move {len(new)} steps"
            commands.push(self.session.undo_stack,
                          commands.MoveNodesCommand(self.session, old, new, label))

    def show_find(self) -> None:
        self.find_bar.open_bar(self.session.shown if self.session else None)

    # --- problems ------------------------------------------------------------------------

    def _problems_summary(self, summary: str) -> None:
        self.panes["Problems"].setWindowTitle(f"Problems — {summary}" if summary else "Problems")

    def jump_to_problem(self, problem: ScenarioError) -> None:
        """Select the step a problem concerns and put the cursor on its field or line."""
        if self.session is None:
            return
        step = step_of(problem)
        field = (problem.field or "").split(".")
        path = problem.path
        if step and self.session.document.has(("steps", step)):
            self.select_step(step, center=True)
            self.panes["Step"].show()
            self.panes["Step"].raise_()
            if path is not None and path.suffix.lower() in (".md", ".txt", ".markdown"):
                self.editor.go_to(problem.line, problem.column)
                return
            self._focus_step_field(field[2:] if len(field) > 2 else [])
            return
        if path is not None and path.name != SCENARIO_FILE and path.suffix.lower() == ".md":
            self.panes["Scenario"].show()
            self.panes["Scenario"].raise_()
            self.scenario_pane.tabs.setCurrentWidget(self.scenario_pane.persona)
            self.scenario_pane.persona.go_to(problem.line, problem.column)
            return
        if field and field[0] == "variables":
            self.panes["Scenario"].show()
            self.panes["Scenario"].raise_()
            self.scenario_pane.tabs.setCurrentIndex(1)
            if len(field) > 1:
                table = self.scenario_pane.variables
                for row in range(table.rowCount()):
                    if table.item(row, 0) and table.item(row, 0).text() == field[1]:
                        table.selectRow(row)
                        table.setFocus()
            return
        self._show_source()
        self.scenario_pane.source.go_to(problem.line, problem.column)

    def _focus_step_field(self, rest: list[str]) -> None:
        inspector = self.inspector
        if not rest:
            inspector.title_edit.setFocus()
            return
        widgets = {"title": inspector.title_edit, "goal": inspector.goal_edit,
                   "kind": inspector.kind_combo, "final": inspector.final_check,
                   "on_enter": inspector.on_enter_combo,
                   "instructions": inspector.instructions_edit, "text": inspector.text_edit}
        if rest[0] in widgets:
            widgets[rest[0]].setFocus()
            return
        tables = {"transitions": inspector.transitions, "results": inspector.results}
        table = tables.get(rest[0])
        if table is None:
            return
        table.setFocus()
        if len(rest) > 1:
            for row in range(table.rowCount()):
                item = table.item(row, 0)
                if item is not None and item.text() == rest[1]:
                    table.setCurrentCell(row, 0)
                    return

    # --- closing -------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self._save_window()
        event.accept()

    # --- settings ------------------------------------------------------------------------

    def _save_window(self) -> None:
        self.settings.setValue(SETTINGS_GEOMETRY, self.saveGeometry())
        self.settings.setValue(SETTINGS_STATE, self.saveState(STATE_VERSION))

    def _restore_window(self) -> None:
        geometry = self.settings.value(SETTINGS_GEOMETRY)
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            screen = self.screen().availableGeometry() if self.screen() else None
            if screen is not None and screen.width() > 1400:
                self.resize(screen.width() * 9 // 10, screen.height() * 9 // 10)
            else:
                self.resize(1280, 800)
        state = self.settings.value(SETTINGS_STATE)
        self._needs_default_sizes = state is None or not self.restoreState(state, STATE_VERSION)
        self._shown_once = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            QTimer.singleShot(0, self._split_step_pane)
        if self._needs_default_sizes:
            self._needs_default_sizes = False
            QTimer.singleShot(0, self._default_dock_sizes)

    def _split_step_pane(self) -> None:
        """The step's fields over its instruction text, 3 : 2 (the fields scroll when short)."""
        height = self.step_splitter.height()
        self.step_splitter.setSizes([height * 3 // 5, height - height * 3 // 5])

    def _default_dock_sizes(self) -> None:
        """First start: the graph gets most of the width; the side panes are as narrow as they
        comfortably go (a pane's own minimum wins), the problems list a strip under the graph."""
        width = self.width()
        side = [(dock, max(DEFAULT_SIDE_MIN, width * DEFAULT_SIDE_PERCENT // 100))
                for dock in self.panes.values()
                if dock.isVisible() and not dock.isFloating()
                and self.dockWidgetArea(dock) in (Area.LeftDockWidgetArea,
                                                  Area.RightDockWidgetArea)]
        if side:
            self.resizeDocks([dock for dock, _ in side], [size for _, size in side],
                             Qt.Orientation.Horizontal)
        self.resizeDocks([self.panes["Problems"]], [max(110, self.height() // 7)],
                         Qt.Orientation.Vertical)
        self.show_graph()

    # --- dialogs -------------------------------------------------------------------------

    def _ask_text(self, title: str, label: str, default: str) -> str | None:
        text, ok = QInputDialog.getText(self, title, label, text=default)
        return text if ok else None

    def _ask_unsaved(self, question: str) -> QMessageBox.StandardButton:
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        return QMessageBox.question(self, "Unsaved changes", question, buttons,
                                    QMessageBox.StandardButton.Save)

    def _tell(self, title: str, message: str, problem: bool) -> None:
        if problem:
            QMessageBox.warning(self, title, message)
        else:
            QMessageBox.information(self, title, message)

    def _show_error(self, title: str, error: Exception) -> None:
        self.tell(title, str(error), True)

    def _about(self) -> None:
        QMessageBox.about(self, "About Prompter Studio",
                          "<b>Prompter Studio</b><br>Write, test and draw scenarios that keep "
                          "LLM chatbots on script.")
