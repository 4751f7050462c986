"""The studio's main window: it arranges the scenario editor and the panes, and holds the menus.

The graph and every gesture that edits it live in the :class:`~app.editor.ScenarioEditor` in
the centre; File ▸ … lives in :class:`~app.file_commands.FileCommands` (``window.files``); the
window only arranges them. Panes are ``QDockWidget`` s that the author can move, tab, float and
close; their arrangement, the window geometry and the recent scenarios are remembered in
``QSettings``. Other parts of the studio (the test chat, the log pane) plug in through the
small API that :class:`app.chat.studio.StudioHost` spells out:

* :meth:`MainWindow.add_pane` docks a widget and lists it in the View menu;
  :meth:`MainWindow.add_file_action` adds an action to the File menu;
* :attr:`MainWindow.sessionChanged` / :attr:`MainWindow.documentChanged` announce the open
  scenario (:attr:`MainWindow.session`, :attr:`MainWindow.document`);
* :attr:`MainWindow.stepSelected` tells the selected step;
* :meth:`MainWindow.highlight_step` marks the step a conversation is in.

Unsaved changes mean "the undo stack is not clean"; the title shows ``*`` and closing asks.

Every text of the window, its menus and its status bar is set by :meth:`MainWindow.retranslate_ui`,
called once built and again on ``LanguageChange``, when *Settings ▸ Language* (or a test)
switches the language (the retranslate pattern, :mod:`app.i18n`): the builders make actions and
menus without text.

The window builds its actions, menus, toolbar and docks and sets their texts; how the panes are
docked and their arrangement remembered is :class:`~app.window_arrangement.WindowArrangement`,
and where a problem takes the author :class:`~app.window_problems.ProblemJumps`: parts the
window is made of.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QInputDialog,
    QMainWindow,
    QMenu,
    QMenuBar,
    QMessageBox,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from app import gc_freeze, help
from app.action_trust import FolderTrust
from app.code_edit import REDO_KEYS
from app.edit_session import EditSession
from app.editor import ScenarioEditor
from app.file_commands import FileCommands
from app.i18n.locale_text import percent
from app.i18n.menu import LanguageMenu
from app.instruction_editor import TextFileEditor
from app.places import default_log_dir
from app.plain_text import PlainLabel, ask, plain_tooltip, show_message
from app.problems import ProblemsPane
from app.room import YieldingPane
from app.scenario_pane import ScenarioPane
from app.step_form import StepForm
from app.theme import THEME_SETTING, GraphColors, is_dark, use_dark
from app.widgets import Banner, make_action, retranslated, set_texts
from app.window_arrangement import Area, WindowArrangement
from app.window_problems import ProblemJumps
from engine.errors import ScenarioError
from engine.scenario.document import Change, ScenarioDocument

APP_TITLE = "Prompter Studio"


class MainWindow(ProblemJumps, WindowArrangement, QMainWindow):
    """The studio window (see the module docstring)."""

    #: the open session changed (an :class:`EditSession`, or None)
    sessionChanged = Signal(object)
    #: the open document changed (a :class:`ScenarioDocument`, or None)
    documentChanged = Signal(object)
    #: the selected step changed ("" when none)
    stepSelected = Signal(str)
    #: the window is closing (accepted): what runs in it ends now, its logs closed whole
    closing = Signal()

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.session: EditSession | None = None
        self.undo_group = QUndoGroup(self)
        self.colors = GraphColors.from_palette()
        self.panes: dict[str, QDockWidget] = {}
        self.docs_window: help.DocumentationWindow | None = None
        #: replaceable in tests: (title, label, default) -> text or None when cancelled
        self.ask_text: Callable[[str, str, str], str | None] = self._ask_text
        #: replaceable in tests: (title, label, choices, default) -> the choice or a typed text,
        #: None when cancelled
        self.ask_choice: Callable[[str, str, list[str], str], str | None] = self._ask_choice
        #: replaceable in tests: (question) -> Save / Discard / Cancel
        self.ask_unsaved: Callable[[str], QMessageBox.StandardButton] = self._ask_unsaved
        #: replaceable in tests: (title, message, is_problem) -> None
        self.tell: Callable[[str, str, bool], None] = self._tell
        #: asked first when a problem is activated; one returning True has shown it (the tests
        #: pane shows a problem of a test file in its editor)
        self.problem_handlers: list[Callable[[ScenarioError], bool]] = []
        #: replaceable in tests: ends the program (after File ▸ Quit closed every window)
        self.quit_application: Callable[[], None] = QApplication.quit
        self._quitting = False
        self.setWindowTitle(APP_TITLE)
        self.setDockNestingEnabled(True)
        # side panes take the full height; the problems list sits under the graph, IDE-style
        self.setCorner(Qt.Corner.BottomLeftCorner, Area.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Area.RightDockWidgetArea)
        self.files = FileCommands(self, self)
        self.scenario_editor = ScenarioEditor(self, self.colors)
        self._build_central()
        self._build_panes()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.zoom_label = PlainLabel()
        self.statusBar().addPermanentWidget(self.zoom_label)
        self._zoom: float | None = None
        self._problems_text = ""
        self.scenario_editor.view.zoomChanged.connect(self._show_zoom)
        retranslated(self, self.retranslate_ui)
        self.statusBar().showMessage(self.tr("Ready"), 2000)
        self.set_session(None)
        self._restore_window()

    # --- public API for other panes ------------------------------------------------------

    @property
    def document(self) -> ScenarioDocument | None:
        return self.session.document if self.session else None

    def add_file_action(self, action: QAction) -> None:
        """Put ``action`` in the File menu, after the draw.io commands."""
        self.file_menu.insertAction(self._file_plugins_end, action)

    def highlight_step(self, step_id: str | None) -> None:
        """Mark the step a conversation is in (None clears)."""
        self.scenario_editor.highlight_step(step_id)

    def select_step(self, step_id: str) -> None:
        """Select ``step_id`` on the graph, as a click would (the log pane's link)."""
        self.scenario_editor.select_step(step_id)

    @property
    def selected_step(self) -> str | None:
        return self.scenario_editor.selected_step

    # --- what the file commands need (app.file_commands.FileHost) ------------------------

    def set_session(self, session: EditSession | None) -> None:
        """Show ``session`` everywhere (the previous one is dropped)."""
        old = self.session
        if old is not None:
            self.undo_group.removeStack(old.undo_stack)
            old.dispose()
            old.deleteLater()
        gc_freeze.unfreeze()
        self.session = session
        self.scenario_editor.set_session(session)
        self.files.watch(session)
        for pane in (self.step_form, self.instructions, self.problems, self.scenario_pane):
            pane.set_session(session)
        if session is not None:
            self.undo_group.addStack(session.undo_stack)
            self.undo_group.setActiveStack(session.undo_stack)
            session.undo_stack.cleanChanged.connect(self.update_title)
            session.changed.connect(self._session_changed)
            session.reloaded.connect(self.update_title)
            session.problemsChanged.connect(self._update_broken_banner)
        for action in self._document_actions:
            action.setEnabled(session is not None)
        self.update_title()
        self._update_broken_banner()
        self.sessionChanged.emit(session)
        self.documentChanged.emit(session.document if session else None)
        if session is not None:  # once the first frame and validation are done
            QTimer.singleShot(
                0, lambda: gc_freeze.freeze_open_scenario() if self.session is session else None
            )
        if session is not None and session.scenario is None and session.document.errors:
            # opened broken: the text to fix, at the line to fix
            first = session.document.errors[0]
            QTimer.singleShot(
                0, lambda: self._show_source_at(first) if self.session is session else None
            )

    def notify(self, text: str, timeout_ms: int = 4000) -> None:
        self.statusBar().showMessage(text, timeout_ms)

    def flush_editors(self) -> None:
        self.scenario_pane.source.apply()
        self.step_form.text_edit.commit()
        focused = self.focusWidget()
        finished = getattr(focused, "editingFinished", None)
        if finished is not None:
            finished.emit()

    def update_title(self) -> None:
        session = self.session
        if session is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
            return
        scenario = session.shown
        name = scenario.name if scenario else Path(session.folder).name
        self.setWindowTitle(f"{name}[*] — {session.folder} — {APP_TITLE}")
        self.setWindowModified(session.is_dirty)

    def show_graph(self) -> None:
        self.scenario_editor.show_graph()

    def editable(self) -> bool:
        return self.scenario_editor.editable()

    def dialog_parent(self) -> QWidget:
        return self

    # --- building ------------------------------------------------------------------------

    def _build_central(self) -> None:
        """The graph, and beside it the selected step's instructions: a split the author can
        drag (to half the window, or all of it), or close with View ▸ Instructions (F4)."""
        graph = QWidget()
        layout = QVBoxLayout(graph)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.broken_banner = Banner()
        layout.addWidget(self.files.disk_banner)
        layout.addWidget(self.broken_banner)
        layout.addWidget(self.scenario_editor, 1)
        self.instructions = TextFileEditor()
        self.instructions.setObjectName("instructionsEditor")
        self.scenario_pane = ScenarioPane(source_tab=False)
        #: the texts an author writes, beside the graph: the step's instructions, and
        #: scenario.yaml itself (where a file that does not load is fixed)
        self.editor_tabs = QTabWidget()
        self.editor_tabs.setObjectName("editorTabs")
        self.editor_tabs.setDocumentMode(True)
        self.editor_tabs.addTab(self.instructions, "")  # the tab's text: retranslate_ui
        self.editor_tabs.addTab(self.scenario_pane.source, "scenario.yaml")
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("centralSplitter")
        splitter.addWidget(graph)
        splitter.addWidget(self.editor_tabs)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(True)
        self.central_splitter = splitter
        self.setCentralWidget(splitter)
        self.scenario_editor.stepSelected.connect(self._step_selected)
        self.scenario_editor.stepActivated.connect(self._step_activated)
        self.scenario_editor.notice.connect(lambda text: self.notify(text, 6000))

    def _build_panes(self) -> None:
        self.step_form = StepForm()
        self.problems = ProblemsPane()
        self.undo_view = QUndoView(self.undo_group)
        # the panes' names are their keys (and their saved state's): titles are retranslate_ui's
        self.add_pane("Step", self.step_form, Area.RightDockWidgetArea)
        self.add_pane("Scenario", self.scenario_pane, Area.RightDockWidgetArea, tabify_with="Step")
        self.step_room = YieldingPane(self, self.panes["Step"])  # narrow while it has nothing
        self.step_room.follow_tab(self.panes["Scenario"])
        self.scenario_editor.stepSelected.connect(self.step_room.step_selected)
        self.add_pane("Problems", self.problems, Area.BottomDockWidgetArea)
        self.add_pane("History", self.undo_view, Area.BottomDockWidgetArea, tabify_with="Problems")
        self.panes["Step"].raise_()
        self.panes["Problems"].raise_()
        self.problems.problemActivated.connect(self.jump_to_problem)
        self.problems.summaryChanged.connect(self._problems_summary)
        self.step_form.notice.connect(lambda text: self.notify(text, 6000))
        self.step_form.action_form.trust = FolderTrust(self.settings)
        self.scenario_pane.notice.connect(lambda text: self.notify(text, 6000))
        self.step_form.renameRequested.connect(lambda _step: self.scenario_editor.rename_selected())

    def _build_actions(self) -> None:
        """The window's actions, without text (see :meth:`retranslate_ui`)."""
        key, pixmap, style = QKeySequence.StandardKey, QStyle.StandardPixmap, self.style()
        files = self.files
        icon = style.standardIcon
        self.new_action = make_action(
            self, "", files.new_scenario, key.New, icon=icon(pixmap.SP_FileIcon)
        )
        self.open_action = make_action(
            self, "", files.open_dialog, key.Open, icon=icon(pixmap.SP_DialogOpenButton)
        )
        self.save_action = make_action(
            self, "", files.save, key.Save, icon=icon(pixmap.SP_DialogSaveButton)
        )
        self.save_as_action = make_action(self, "", files.save_as, key.SaveAs)
        self.export_action = make_action(self, "", files.export_drawio, QKeySequence("Ctrl+E"))
        self.import_action = make_action(self, "", files.import_drawio)
        self.reload_action = make_action(self, "", files.reload)
        self.quit_action = make_action(self, "", self.quit_studio, key.Quit)
        self.undo_action = make_action(self, "", self.undo_group.undo, key.Undo)
        self.undo_action.setIcon(icon(pixmap.SP_ArrowBack))
        self.redo_action = make_action(self, "", self.undo_group.redo)
        self.redo_action.setShortcuts(
            list(dict.fromkeys([*REDO_KEYS, *QKeySequence.keyBindings(key.Redo)]))
        )
        self.redo_action.setIcon(icon(pixmap.SP_ArrowForward))
        group = self.undo_group
        for action, can in ((self.undo_action, group.canUndo), (self.redo_action, group.canRedo)):
            action.setEnabled(can())
        group.canUndoChanged.connect(self.undo_action.setEnabled)
        group.canRedoChanged.connect(self.redo_action.setEnabled)
        group.undoTextChanged.connect(lambda _text: self._undo_texts())
        group.redoTextChanged.connect(lambda _text: self._undo_texts())
        self.instructions_action = make_action(
            self,
            "",
            lambda: self.show_instructions(self.instructions_action.isChecked()),
            QKeySequence(Qt.Key.Key_F4),
        )
        self.instructions_action.setCheckable(True)
        self.instructions_action.setChecked(True)
        self.dark_action = QAction("", self)
        self.dark_action.setObjectName("darkThemeAction")
        self.dark_action.setCheckable(True)
        self.dark_action.setChecked(is_dark(self.palette()))
        self.dark_action.toggled.connect(self.set_dark_theme)
        self.central_splitter.splitterMoved.connect(lambda *_: self._instructions_toggled())
        self.shortcuts_action = make_action(self, "", self.show_shortcuts, QKeySequence("Ctrl+/"))
        self.docs_action = make_action(self, "", self.show_documentation, key.HelpContents)
        self.places_action = make_action(self, "", self.show_places)
        self.about_action = make_action(self, "", self._about)
        self._document_actions = [
            self.save_action,
            self.save_as_action,
            self.export_action,
            self.import_action,
            self.reload_action,
        ]

    def _build_menus(self) -> None:
        edits = self.scenario_editor.edit_actions
        bar = self.menuBar()
        self.file_menu = file_menu = self._menu(bar, "file")
        file_menu.addActions([self.new_action, self.open_action])
        file_menu.addMenu(self.files.recent_menu)
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.reload_action])
        file_menu.addSeparator()
        file_menu.addActions([self.export_action, self.import_action])
        self._file_plugins_end = file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.edit_menu = edit_menu = self._menu(bar, "edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions(
            [edits.add_step, edits.edit_title, edits.rename, edits.delete, edits.select_all]
        )
        edit_menu.addSeparator()
        edit_menu.addAction(edits.find)
        self.view_menu = view_menu = self._menu(bar, "view")
        view_menu.addActions(
            [edits.zoom_in, edits.zoom_out, edits.fit, edits.zoom_selection, edits.actual_size]
        )
        view_menu.addSeparator()
        view_menu.addAction(edits.auto_layout)
        view_menu.addSeparator()
        view_menu.addAction(self.instructions_action)
        view_menu.addAction(self.dark_action)
        self.panes_menu = self._menu(view_menu, "panes")
        for dock in self.panes.values():
            self.panes_menu.addAction(dock.toggleViewAction())
        self.settings_menu = self._menu(bar, "settings")
        self.language_menu = LanguageMenu(self.settings, self.settings_menu)
        self.settings_menu.addMenu(self.language_menu)
        self.help_menu = help_menu = self._menu(bar, "help")
        help_menu.addActions([self.docs_action, self.shortcuts_action, self.places_action])
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
        edits = self.scenario_editor.edit_actions
        toolbar = QToolBar(self)
        toolbar.setObjectName("toolbar:main")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions([self.new_action, self.open_action, self.save_action])
        toolbar.addSeparator()
        toolbar.addActions(self._short_undo_actions())
        toolbar.addSeparator()
        toolbar.addActions([edits.add_step, edits.auto_layout, edits.fit, edits.find])
        toolbar.addSeparator()
        toolbar.addAction(self.export_action)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _short_undo_actions(self) -> list[QAction]:
        """Undo and Redo for the toolbar: their labels stay short (the menu and the tooltip
        say what they undo), so the toolbar does not jump with every edit."""
        made = []
        group = self.undo_group
        for full, run, can in (
            (self.undo_action, group.undo, group.canUndoChanged),
            (self.redo_action, group.redo, group.canRedoChanged),
        ):
            action = QAction(full.icon(), "", self)
            action.triggered.connect(lambda _checked=False, run=run: run())
            action.setEnabled(full.isEnabled())
            can.connect(action.setEnabled)
            made.append(action)
        self.toolbar_undo, self.toolbar_redo = made
        return made

    def _menu(self, parent: QMenuBar | QMenu, name: str) -> QMenu:
        """A menu without a title (see :meth:`retranslate_ui`), named ``menu:NAME`` so that
        plug-ins find it whatever the language."""
        menu = QMenu(self)
        menu.setObjectName(f"menu:{name}")
        parent.addMenu(menu)
        return menu

    # --- the texts, in the language the studio speaks --------------------------------------

    def retranslate_ui(self) -> None:
        """Set every text of the window, its menus, toolbar and status bar (again)."""
        self._retranslate_file_actions()
        self._retranslate_view_and_help_actions()
        self._undo_texts()
        self._retranslate_menus()
        self._retranslate_panes()

    def _retranslate_file_actions(self) -> None:
        """The File menu's commands: their names and tooltips."""
        texts = (
            (self.new_action, self.tr("&New…"), self.tr("Create a scenario from a template")),
            (self.open_action, self.tr("&Open…"), self.tr("Open a scenario folder")),
            (self.save_action, self.tr("&Save"), self.tr("Save the scenario")),
            (
                self.save_as_action,
                self.tr("Save &As…"),
                self.tr("Save the scenario into another folder"),
            ),
            (
                self.export_action,
                self.tr("&Export to draw.io…"),
                self.tr("Write the graph as a draw.io diagram"),
            ),
            (
                self.import_action,
                self.tr("&Import from draw.io…"),
                self.tr("Apply a diagram edited in draw.io (undoable)"),
            ),
            (
                self.reload_action,
                self.tr("&Reload from Disk"),
                self.tr("Discard unsaved changes and read the files again"),
            ),
            (
                self.quit_action,
                self.tr("&Quit"),
                self.tr("Close every window of the studio and end it"),
            ),
        )
        for action, text, tip in texts:
            set_texts(action, text, tip)

    def _retranslate_view_and_help_actions(self) -> None:
        """The View and Help menus' commands: their names and tooltips."""
        texts = (
            (
                self.instructions_action,
                self.tr("&Instructions Beside the Graph"),
                self.tr("Show or hide the selected step's instructions beside the graph"),
            ),
            (
                self.dark_action,
                self.tr("&Dark Theme"),
                self.tr("A dark palette for the studio (remembered)"),
            ),
            (
                self.shortcuts_action,
                self.tr("&Keyboard Shortcuts"),
                self.tr("Every command with keys, and the graph's gestures"),
            ),
            (self.docs_action, self.tr("&Documentation"), self.tr("Prompter's manual, offline")),
            (
                self.places_action,
                self.tr("&Where Files Are Kept…"),
                self.tr("The folders of logs, settings and the scenario"),
            ),
            (self.about_action, self.tr("&About Prompter Studio"), ""),
        )
        for action, text, tip in texts:
            set_texts(action, text, tip)

    def _retranslate_menus(self) -> None:
        """The menus' titles."""
        for menu, title in (
            (self.file_menu, self.tr("&File")),
            (self.edit_menu, self.tr("&Edit")),
            (self.view_menu, self.tr("&View")),
            (self.panes_menu, self.tr("&Panes")),
            (self.settings_menu, self.tr("&Settings")),
            (self.help_menu, self.tr("&Help")),
            (self.files.recent_menu, self.tr("Open &Recent")),
        ):
            menu.setTitle(title)

    def _retranslate_panes(self) -> None:
        """The panes' titles, the toolbar's, the editor's tab, the history, zoom and banner."""
        titles = {
            "Step": self.tr("Step"),
            "Scenario": self.tr("Scenario"),
            "Problems": self.tr("Problems"),
            "History": self.tr("History"),
        }
        for name, title in titles.items():
            self.panes[name].setWindowTitle(title)
        self._problems_summary(self._problems_text)
        self.toolbar.setWindowTitle(self.tr("Main"))
        self.editor_tabs.setTabText(
            self.editor_tabs.indexOf(self.instructions), self.tr("Instructions")
        )
        self.undo_view.setEmptyLabel(self.tr("<opened>"))
        self._show_zoom(self._zoom)
        self._update_broken_banner()

    def _undo_texts(self) -> None:
        """The Undo and Redo actions name the edit they undo, in the studio's language."""
        undo, redo = self.undo_group.undoText(), self.undo_group.redoText()
        self.undo_action.setText(
            self.tr("&Undo {edit}").format(edit=undo) if undo else self.tr("&Undo")
        )
        self.redo_action.setText(
            self.tr("&Redo {edit}").format(edit=redo) if redo else self.tr("&Redo")
        )
        if hasattr(self, "toolbar_undo"):
            self.toolbar_undo.setText(self.tr("Undo"))
            self.toolbar_redo.setText(self.tr("Redo"))
            self.toolbar_undo.setToolTip(  # an edit's name holds a step's title: plain text
                plain_tooltip(self.tr("Undo {edit}").format(edit=undo) if undo else self.tr("Undo"))
            )
            self.toolbar_redo.setToolTip(
                plain_tooltip(self.tr("Redo {edit}").format(edit=redo) if redo else self.tr("Redo"))
            )

    def _show_zoom(self, scale: float | None) -> None:
        self._zoom = scale
        self.zoom_label.setText(percent(scale) if scale is not None else "")

    # --- following the session -----------------------------------------------------------

    def _session_changed(self, change: Change) -> None:
        if change.structural:
            self.update_title()

    def _step_selected(self, step_id: str) -> None:
        self.step_form.show_step(step_id or None)
        self.instructions.show_step(step_id or None)
        self.stepSelected.emit(step_id)

    def _step_activated(self, step_id: str) -> None:
        self.panes["Step"].show()
        self.panes["Step"].raise_()
        self.show_instructions()

    def set_dark_theme(self, dark: bool) -> None:
        """View ▸ Dark Theme: switch the palette at once, redraw the graph in it, remember."""
        app = QApplication.instance()
        if isinstance(app, QApplication) and dark != is_dark(app.palette()):
            use_dark(app, dark)
        self.settings.setValue(THEME_SETTING, "dark" if dark else "system")
        self.scenario_editor.recolor()

    def show_instructions(self, shown: bool = True) -> None:
        """Open the instructions beside the graph (with room: at least a third of the centre)
        and put the cursor in them; or close them."""
        splitter = self.central_splitter
        sizes = splitter.sizes()
        total = sum(sizes)
        if shown:
            self._open_editor_side()
            self.editor_tabs.setCurrentWidget(self.instructions)
            self.instructions.set_preview(False)
            self.instructions.edit.setFocus()
        else:
            splitter.setSizes([total, 0])
        self.instructions_action.setChecked(shown)

    def _open_editor_side(self) -> None:
        """The texts beside the graph get at least a third of the centre."""
        splitter = self.central_splitter
        sizes = splitter.sizes()
        total = sum(sizes)
        if sizes[1] < total // 3:
            splitter.setSizes([total - total * 2 // 5, total * 2 // 5])
        self.instructions_action.setChecked(True)

    def _instructions_toggled(self) -> None:
        shown = self.central_splitter.sizes()[1] > 0
        if self.instructions_action.isChecked() != shown:
            self.instructions_action.setChecked(shown)

    # --- problems ------------------------------------------------------------------------

    # --- closing -------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._quitting and not self.files.maybe_save():
            event.ignore()
            return
        self._save_window()
        event.accept()
        self.closing.emit()
        others = [
            widget
            for widget in QApplication.topLevelWidgets()
            if widget is not self and widget.isWindow() and widget.isVisible()
        ]
        if self._quitting or not any(isinstance(widget, MainWindow) for widget in others):
            # the last studio window: the windows opened from it (log viewers, chats forked
            # from a log, the manual) go with it, so the program ends
            for widget in others:
                widget.close()

    def quit_studio(self) -> bool:
        """File ▸ Quit: ask about unsaved changes once, close every window of the studio (log
        viewers, chats forked from a log, the manual) and end the program. False when the
        author chose Cancel."""
        if not self.files.maybe_save():
            return False
        self._quitting = True
        try:
            self.close()
        finally:
            self._quitting = False
        self.quit_application()
        return True

    # --- settings ------------------------------------------------------------------------

    # --- dialogs -------------------------------------------------------------------------

    def _ask_text(self, title: str, label: str, default: str) -> str | None:
        text, ok = QInputDialog.getText(self, title, label, text=default)
        return text if ok else None

    def _ask_choice(self, title: str, label: str, choices: list[str], default: str) -> str | None:
        items = choices if default in choices else [default, *choices]
        text, ok = QInputDialog.getItem(
            self, title, label, items, items.index(default), editable=True
        )
        return text if ok else None

    def _ask_unsaved(self, question: str) -> QMessageBox.StandardButton:
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        return ask(
            self, self.tr("Unsaved changes"), question, buttons, QMessageBox.StandardButton.Save
        )

    def _tell(self, title: str, message: str, problem: bool) -> None:
        if problem:
            show_message(self, title, message, problem=True)
        else:
            show_message(self, title, message)

    def _about(self) -> None:
        QMessageBox.about(self, self.tr("About Prompter Studio"), help.about_text())

    # --- help ----------------------------------------------------------------------------

    def show_shortcuts(self) -> help.ShortcutsDialog:
        menus = [action.menu() for action in self.menuBar().actions()]
        dialog = help.ShortcutsDialog([menu for menu in menus if isinstance(menu, QMenu)], self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.show()
        return dialog

    def show_documentation(self, page: str = "studio.md") -> help.DocumentationWindow:
        """The manual in a window of its own (one, raised again when asked for again)."""
        window = self.docs_window
        if window is None:
            window = self.docs_window = help.DocumentationWindow(parent=self)
        window.open_page(page)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def show_places(self) -> help.PlacesDialog:
        session = self.session
        dialog = help.PlacesDialog(
            help.places(self.settings, default_log_dir(), session.folder if session else None), self
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.show()
        return dialog
