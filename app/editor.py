"""The scenario editor: the graph scene, its view and the editing gestures, in one widget.

orange-canvas-core's ``SchemeEditWidget`` split: the :class:`ScenarioEditor` owns the
:class:`~app.graph.scene.GraphScene` (a mirror of the session's scenario), the
:class:`~app.graph.view.GraphView` showing it and the find bar above it, and turns every gesture
— add, connect, rename, delete, move, auto-layout — into :mod:`app.commands` pushed on the
session's undo stack. The main window only arranges it among the panes and puts its
:attr:`ScenarioEditor.edit_actions` in menus.

What it needs from the window is a :class:`Dialogs` (ask for a name, tell the author something),
so tests answer dialogs without a modal loop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import shiboken6
from PySide6.QtCore import QEvent, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QVBoxLayout, QWidget

from app import commands, step_kinds
from app.edit_session import EditSession
from app.find_bar import FindBar
from app.graph.accessible import announce
from app.graph.inline_edit import TITLE, InlineEditor
from app.graph.layout import NODE_HEIGHT, NODE_WIDTH, Position, nearest_free
from app.graph.palette import StepPalette
from app.graph.scene import GraphScene
from app.graph.view import GraphView
from app.plain_text import PlainLabel
from app.step_ids import step_id_hint, why_not_a_signal, why_not_a_step_id
from app.theme import GraphColors
from app.widgets import make_action, set_texts
from engine.errors import ScenarioError
from engine.scenario.definition import StepKind, unique_name
from engine.scenario.diagram import free_spot
from engine.scenario.document import Change


class Dialogs(Protocol):
    """How the editor talks to the author (the main window's replaceable dialogs)."""

    def ask_text(self, title: str, label: str, default: str) -> str | None: ...

    def tell(self, title: str, message: str, problem: bool) -> None: ...


@dataclass
class EditorActions:
    """The editor's actions, for the window's menus and toolbar."""

    add_step: QAction
    rename: QAction
    delete: QAction
    select_all: QAction
    find: QAction
    zoom_in: QAction
    zoom_out: QAction
    fit: QAction
    actual_size: QAction
    auto_layout: QAction
    edit_title: QAction
    zoom_selection: QAction

    def needing_a_scenario(self) -> list[QAction]:
        return [
            self.add_step,
            self.rename,
            self.edit_title,
            self.zoom_selection,
            self.delete,
            self.select_all,
            self.find,
            self.fit,
            self.auto_layout,
        ]


class ScenarioEditor(QWidget):
    """The graph of the open scenario and every gesture that edits it (see the module docstring)."""

    #: the selected step changed ("" when none)
    stepSelected = Signal(str)
    #: the author double-clicked a step: they want to edit it
    stepActivated = Signal(str)
    #: a short message for the status bar (an edit refused, nothing to do, …)
    notice = Signal(str)

    def __init__(
        self, dialogs: Dialogs, colors: GraphColors | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.dialogs = dialogs
        self.colors = colors or GraphColors.from_palette()
        self.session: EditSession | None = None
        self.selected_step: str | None = None
        self.find_bar = FindBar()
        self.find_bar.hide()
        self.scene = GraphScene(None, self.colors)
        self.scene.setParent(self)
        self.view = GraphView(self.scene)
        self.step_palette = StepPalette(self.colors)
        self.step_palette.addRequested.connect(self.add_kind_near)
        self.view.kindDropped.connect(self.add_kind_at)
        keys = self.view.keys
        keys.connectRequested.connect(self.connect_steps)
        keys.activated.connect(self._step_activated)
        keys.nextKindRequested.connect(self.next_kind)
        self.inline = InlineEditor(self.view)
        self.inline.committed.connect(self.set_step_field)
        self._undo_index = 0
        self.empty_label = PlainLabel()  # its text: retranslate_ui
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.find_bar)
        layout.addWidget(self.step_palette)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty_label, 1)
        self.find_bar.matchesChanged.connect(lambda ids: self.scene.set_matches(set(ids)))
        self.find_bar.matchChosen.connect(lambda step: self.select_step(step, center=True))
        self.find_bar.closed.connect(self.view.setFocus)
        self.edit_actions = self._build_actions()
        self.retranslate_ui()
        self.set_session(None)

    def _build_actions(self) -> EditorActions:
        """The graph's actions, without text (see :meth:`retranslate_ui`)."""
        key, pixmap, style = QKeySequence.StandardKey, QStyle.StandardPixmap, self.style()
        view = self.view
        actions = EditorActions(
            add_step=make_action(
                self,
                "",
                self.add_step_near,
                QKeySequence("Ctrl+Shift+N"),
                icon=style.standardIcon(pixmap.SP_FileDialogNewFolder),
            ),
            rename=make_action(self, "", self.rename_selected, QKeySequence("Shift+F2")),
            edit_title=make_action(self, "", self.edit_title, QKeySequence(Qt.Key.Key_F2)),
            zoom_selection=make_action(self, "", view.zoom_to_selection, QKeySequence("Ctrl+2")),
            delete=make_action(self, "", self.delete_selected, key.Delete),
            select_all=make_action(self, "", self.select_all),
            find=make_action(self, "", self.show_find, key.Find),
            zoom_in=make_action(self, "", view.zoom_in, key.ZoomIn),
            zoom_out=make_action(self, "", view.zoom_out, key.ZoomOut),
            fit=make_action(self, "", view.fit_all, QKeySequence("Ctrl+0")),
            actual_size=make_action(self, "", view.reset_zoom, QKeySequence("Ctrl+1")),
            auto_layout=make_action(self, "", self.auto_layout, QKeySequence("Ctrl+L")),
        )
        for action in (actions.rename, actions.edit_title, actions.delete):
            # only while the graph has focus: in text fields these keys edit text
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            view.addAction(action)
        return actions

    def retranslate_ui(self) -> None:
        """The texts of the graph's actions and of the empty view, in the studio's language."""
        actions = self.edit_actions
        for action, text, tip in (
            (
                actions.add_step,
                self.tr("&Add Step"),
                self.tr("Add a step in free space beside the selected step"),
            ),
            (
                actions.rename,
                self.tr("Re&name Step…"),
                self.tr("Rename the selected step everywhere"),
            ),
            (
                actions.delete,
                self.tr("&Delete"),
                self.tr("Delete the selected steps (with their transitions) or transitions"),
            ),
            (
                actions.edit_title,
                self.tr("Edit &Title"),
                self.tr("Edit the selected step's title on the canvas"),
            ),
            (
                actions.zoom_selection,
                self.tr("Zoom to Se&lection"),
                self.tr("Fit the selected steps in the view"),
            ),
            (actions.select_all, self.tr("Select &All Steps"), ""),
            (
                actions.find,
                self.tr("&Find…"),
                self.tr("Find steps by id, title or instruction text"),
            ),
            (actions.zoom_in, self.tr("Zoom &In"), ""),
            (actions.zoom_out, self.tr("Zoom &Out"), ""),
            (actions.fit, self.tr("&Fit to Window"), self.tr("Show the whole graph")),
            (actions.actual_size, self.tr("Actual &Size"), ""),
            (
                actions.auto_layout,
                self.tr("Auto-&Layout"),
                self.tr("Arrange the steps in layers from the start step"),
            ),
        ):
            set_texts(action, text, tip)
        self.empty_label.setText(
            self.tr(
                "No scenario is open.\n\nFile ▸ New… creates one from a template; "
                "File ▸ Open… opens a scenario folder."
            )
        )
        self.scene.retranslate()
        self.step_palette.retranslate_ui()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- the session shown ---------------------------------------------------------------------

    def set_session(self, session: EditSession | None) -> None:
        """Show ``session`` (a fresh scene for it), or nothing."""
        if self.session is not None:
            self.session.changed.disconnect(self._session_changed)
            self.session.undo_stack.indexChanged.disconnect(self._announce_edit)
        self.session = session
        self.selected_step = None
        old_scene = self.scene
        old_scene.blockSignals(True)
        self.scene = GraphScene(session, self.colors)
        self.scene.setParent(self)
        self.view.set_graph_scene(self.scene)
        old_scene.deleteLater()
        self.scene.selectionChanged.connect(self._selection_changed)
        self.scene.nodesMoved.connect(self._nodes_moved)
        self.scene.connectRequested.connect(self.connect_steps)
        self.scene.addStepRequested.connect(self.add_step_at)
        self.scene.stepActivated.connect(self._step_activated)
        self.scene.fieldEditRequested.connect(self.edit_in_place)
        self.find_bar.close_bar()
        if session is not None:
            session.changed.connect(self._session_changed)
            self._undo_index = session.undo_stack.index()
            session.undo_stack.indexChanged.connect(self._announce_edit)
        for action in self.edit_actions.needing_a_scenario():
            action.setEnabled(session is not None)
        self.view.setVisible(session is not None)
        self.step_palette.setVisible(session is not None)
        self.empty_label.setVisible(session is None)
        QTimer.singleShot(0, self.show_graph)
        self.stepSelected.emit("")

    def recolor(self) -> None:
        """Draw the graph again in the palette now in force (the theme was switched)."""
        self.colors = GraphColors.from_palette()
        self.scene.colors = self.colors
        self.scene.rebuild()
        self.scene.update()

    def show_graph(self) -> None:
        """Show the graph legibly: all of it when it fits, else from the start step down."""
        scenario = self.session.shown if self.session is not None else None
        self.view.fit_readable(scenario.start if scenario is not None else None)

    def highlight_step(self, step_id: str | None) -> None:
        """Mark the step a conversation is in (None clears) and bring it into view."""
        self.view.highlight_step(step_id)

    # --- selection -----------------------------------------------------------------------

    def select_step(
        self, step_id: str | None, *, center: bool = False, scroll: bool = True
    ) -> None:
        """Select ``step_id`` on the graph (and so in the inspector and editor); ``scroll``:
        bring it into view (``center``: in the middle)."""
        self.scene.select_steps([step_id] if step_id else [])
        if step_id and scroll:
            self.view.reveal(step_id, center=center)
        self._show_step(step_id)

    def select_all(self) -> None:
        self.scene.select_steps(list(self.scene.nodes))

    def _selection_changed(self) -> None:
        if not shiboken6.isValid(self.scene):  # the window is being torn down
            return
        selected = self.scene.selected_steps()
        self._show_step(selected[0] if len(selected) == 1 else None)

    def _show_step(self, step_id: str | None) -> None:
        if step_id == self.selected_step:
            return
        self.selected_step = step_id
        self.stepSelected.emit(step_id or "")

    def _step_activated(self, step_id: str) -> None:
        self.select_step(step_id)
        self.stepActivated.emit(step_id)

    def _session_changed(self, change: Change) -> None:
        # Deriving the scenario is cheap after an edit, but searching every step is not: the
        # find bar follows only while it is open.
        if self.find_bar.isVisible():
            self.find_bar.set_scenario(self.session.shown if self.session else None)
        if not change.structural or self.selected_step is None:
            return
        # keep the selection on a step that is still there; drop a deleted one
        if self.session is not None and not self.session.document.has(
            ("steps", self.selected_step)
        ):
            self._show_step(None)
        elif self.selected_step not in self.scene.selected_steps():
            self.scene.select_steps([self.selected_step])

    # --- editing gestures ----------------------------------------------------------------

    def editable(self) -> bool:
        """Whether a structured edit can be made now (say why in the status bar if not)."""
        if self.session is None:
            return False
        if not self.session.document.has(("steps",)):
            self.notice.emit("Fix scenario.yaml first: it does not parse.")
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
            self.notice.emit(f"{label}: {reason}")
            self.dialogs.tell(
                label,
                self.tr("{edit} was refused; nothing was changed.\n\n{reason}").format(
                    edit=label, reason=reason
                ),
                True,
            )
            return False
        return True

    def add_kind_near(self, entry: str) -> str | None:
        """A step of palette ``entry`` below the selected step (as :meth:`add_step_near`),
        named after its kind (rename it with F2)."""
        return self.add_step_near(self._kind_id(entry), entry=entry)

    def add_kind_at(self, entry: str, scene_pos: QPointF) -> str | None:
        """A step of palette ``entry`` dropped at ``scene_pos``."""
        return self.add_step_at(scene_pos, self._kind_id(entry), entry=entry)

    def _kind_id(self, entry: str) -> str:
        taken = set(self.session.document.keys(("steps",))) if self.session else set()
        return unique_name(entry, taken)

    def add_step_near(self, step_id: str | None = None, entry: str = "question") -> str | None:
        """Add a step (Ctrl+Shift+N) in free space: under the selected step if there is room,
        else beside it, else further out; with nothing selected, near the view's centre. It
        never lands on another step, and arrows in its way go round it."""
        nodes = self.scene.router.nodes
        selected = self.selected_step
        if selected is not None and selected in nodes.positions:
            spot = free_spot(
                nodes,
                nodes.positions[selected],
                prefer=[(0.0, NODE_HEIGHT + 60), (NODE_WIDTH + 40, 0.0)],
            )
        else:
            center = self.view.mapToScene(self.view.viewport().rect().center())
            spot = free_spot(
                nodes,
                (center.x() - NODE_WIDTH / 2, center.y() - NODE_HEIGHT / 2),
                prefer=[(0.0, 0.0)],
            )
        return self._add_step(spot, step_id, entry=entry)

    def add_step_at(
        self, scene_pos: QPointF, step_id: str | None = None, entry: str = "question"
    ) -> str | None:
        """Add a step centred at ``scene_pos`` (a double-click on the canvas), or as near to it
        as there is room; asks for its id unless given."""
        wanted = (scene_pos.x() - NODE_WIDTH / 2, scene_pos.y() - NODE_HEIGHT / 2)
        return self._add_step(
            nearest_free(self.scene.router.nodes, wanted),
            step_id,
            pointed=True,
            entry=entry,
        )

    def _add_step(
        self,
        position: Position,
        step_id: str | None,
        *,
        pointed: bool = False,
        entry: str = "question",
    ) -> str | None:
        """Add the step at ``position``; ``pointed``: where the author double-clicked."""
        session = self.session
        if session is None or not self.editable():
            return None
        taken = set(session.document.keys(("steps",)))
        if step_id is None:
            step_id = self.dialogs.ask_text(
                self.tr("Add step"),
                self.tr("Step id ({rule}):").format(rule=step_id_hint()),
                unique_name("new_step", taken),
            )
            if step_id is None:
                return None
        new_id = step_id.strip()
        why = why_not_a_step_id(new_id, taken)
        if why:
            self.refuse(self.tr("Add step"), why)
            return None
        if not self.run_edit(
            self.tr("Add step"),
            lambda: step_kinds.add_step(session.undo_stack, session, new_id, position, entry),
        ):
            return None
        if not pointed:
            self.select_step(new_id)
            return new_id
        # The new step is where the author double-clicked, or as near as there was room: the
        # view stays put (each add once scrolled it, the start step sliding off as they built),
        # unless no part of the step is in sight.
        self.view.hold()
        self.select_step(new_id, scroll=False)
        if not self.view.shows(new_id):
            self.view.reveal(new_id, center=False)
        return new_id

    def refuse(self, what: str, why: str) -> None:
        """Tell the author why a name was refused (in the status bar and a message)."""
        self.notice.emit(f"{what}: {why}")
        self.dialogs.tell(what, why, True)

    def connect_steps(self, source: str, target: str, signal: str | None = None) -> None:
        """Add a transition; asks for the signal name unless given."""
        session = self.session
        if session is None or not self.editable():
            return
        taken = set(session.document.keys(("steps", source, "transitions")))
        if signal is None:
            signal = self.dialogs.ask_text(
                self.tr("Connect steps"),
                self.tr("Signal from “{source}” to “{target}”:").format(
                    source=source, target=target
                ),
                unique_name(f"to_{target}", taken),
            )
            if signal is None:
                return
        name = signal.strip()
        why = why_not_a_signal(name, taken, source)
        if why:
            self.refuse(self.tr("Connect steps"), why)
            return
        self.run_edit(
            self.tr("Connect"),
            lambda: commands.connect_steps(session.undo_stack, session, source, target, name),
        )

    def rename_selected(self, new: str | None = None) -> None:
        step_id, session = self.selected_step, self.session
        if step_id is None or session is None or not self.editable():
            return
        if new is None:
            new = self.dialogs.ask_text(
                self.tr("Rename step"),
                self.tr("New id for “{step}” ({rule}):").format(step=step_id, rule=step_id_hint()),
                step_id,
            )
            if new is None:
                return
        new_id = new.strip()
        if new_id == step_id:
            return
        why = why_not_a_step_id(new_id, set(session.document.keys(("steps",))))
        if why:
            self.refuse(self.tr("Rename step"), why)
            return
        if self.run_edit(
            self.tr("Rename"),
            lambda: commands.push(
                session.undo_stack, commands.RenameStepCommand(session, step_id, new_id)
            ),
        ):
            self.select_step(new_id)

    def delete_selected(self) -> None:
        session = self.session
        if session is None or not self.editable():
            return
        steps = self.scene.selected_steps()
        transitions = [
            (source, signal)
            for source, signal in self.scene.selected_transitions()
            if source not in steps
        ]
        if not steps and not transitions:
            return

        def edit() -> None:
            with commands.macro(session.undo_stack, self.tr("Delete selection")) as macro:
                for source, signal in transitions:
                    commands.delete_transition(macro, session, source, signal)
                commands.delete_steps(macro, session, steps)

        self.run_edit(self.tr("Delete"), edit)

    def edit_title(self) -> None:
        """Edit the selected step's title on the canvas (F2)."""
        if self.selected_step is not None:
            self.edit_in_place(self.selected_step, TITLE)

    def edit_in_place(self, step_id: str, field: str) -> None:
        node = self.scene.nodes.get(step_id)
        if node is None or self.session is None or not self.editable():
            return
        self.select_step(step_id, scroll=True)
        self.inline.begin(node, field)

    def set_step_field(self, step_id: str, field: str, text: str) -> None:
        """The author wrote a step's title or text on the canvas: one undo step."""
        session = self.session
        if session is None or not session.document.has(("steps", step_id)):
            return
        label = (
            self.tr("Retitle '{step}'") if field == TITLE else self.tr("Edit the text of '{step}'")
        ).format(step=step_id)
        self.run_edit(
            label,
            lambda: commands.push(
                session.undo_stack,
                commands.SetValueCommand(session, ("steps", step_id, field), text, text=label),
            ),
        )

    def next_kind(self, step_id: str) -> None:
        """Switch ``step_id`` to the next kind (K on the graph): prompt → message → action."""
        session = self.session
        if session is None or not self.editable():
            return
        kinds = [kind.value for kind in StepKind]
        path = ("steps", step_id, "kind")
        current = str(session.document.get(path)) if session.document.has(path) else "prompt"
        kind = kinds[(kinds.index(current) + 1) % len(kinds)] if current in kinds else "prompt"
        self.run_edit(
            self.tr("Change kind"),
            lambda: step_kinds.switch_kind(session.undo_stack, session, step_id, kind),
        )

    def _announce_edit(self, index: int) -> None:
        """Say what an edit, an undo or a redo did (for screen readers)."""
        stack = self.session.undo_stack if self.session is not None else None
        if stack is None or not shiboken6.isValid(stack):  # a stack torn down with its session
            return
        if index < self._undo_index:
            said = self.tr("Undone: {edit}").format(edit=stack.text(index))
        else:
            said = stack.text(index - 1)
        self._undo_index = index
        announce(self.view, said)

    def auto_layout(self) -> None:
        if self.session is None:
            return
        commands.auto_layout(self.session.undo_stack, self.session)
        self.show_graph()

    def _nodes_moved(self, old: dict[str, Position], new: dict[str, Position]) -> None:
        if self.session is not None:
            label = (
                self.tr("Move '{step}'").format(step=next(iter(new)))
                if len(new) == 1
                else self.tr("Move {count} steps").format(count=len(new))
            )
            commands.push(
                self.session.undo_stack, commands.MoveNodesCommand(self.session, old, new, label)
            )

    def show_find(self) -> None:
        self.find_bar.open_bar(self.session.shown if self.session else None)
