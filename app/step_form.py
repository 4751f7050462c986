"""The step form: the selected step's fields, transitions and results, all editable.

It reads the *YAML values* of the step (``document.get``), not the validated model, so it keeps
working while the scenario is broken — which is exactly when the author needs it. Every edit is an
undo command; the inspector then refreshes from the document like every other view, so what it
shows is always what will be saved — but only after an edit that concerns the step it shows
(or the list of steps its target menus offer), so editing stays as quick on 2,000 steps as on 20.

The form builds the step's fields and its two tables and refreshes them all from the document in
one pass (:meth:`StepForm.refresh`); the tables' filling and editing are a part of their own,
:class:`~app.step_form_tables.StepTables`. An action step's call is edited by its own
:class:`~app.action_form.ActionForm`, shown inside the form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QStringListModel, Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QScrollArea,
    QStackedWidget,
    QTableWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app import commands, step_kinds
from app.action_form import ActionForm
from app.code_edit import GlobalUndoPlainTextEdit
from app.edit_session import EditSession, follow_session
from app.highlighter import MarkdownHighlighter
from app.plain_text import PlainLabel, RichLabel, escape
from app.step_form_tables import _ABSENT, StepTables
from app.widgets import add_remove_buttons, fitted_table, retranslated
from engine.scenario.definition import OnEnter, StepKind
from engine.scenario.document import Change


class MessageTextEdit(GlobalUndoPlainTextEdit):
    """The text a message step sends: several lines, committed when the field loses focus."""

    committed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        retranslated(
            self,
            lambda: self.setPlaceholderText(
                self.tr("the text a message step sends; {{variables}} are filled in")
            ),
        )
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 5 + 12)
        self.highlighter = MarkdownHighlighter(self.document())
        self._loaded = ""

    def load(self, text: str) -> None:
        self._loaded = text
        if self.toPlainText() != text:
            self.setPlainText(text)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.commit()

    def commit(self) -> None:
        if self.toPlainText() != self._loaded:
            self._loaded = self.toPlainText()
            self.committed.emit(self._loaded)


class StepForm(StepTables, QWidget):
    """Shows and edits one step (see the module docstring)."""

    #: a message for the status bar (an edit was refused, e.g. an invalid name)
    notice = Signal(str)
    #: the author asked to rename the step (the main window runs the dialog and the command)
    renameRequested = Signal(str)

    def __init__(self, session: EditSession | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: EditSession | None = None
        self.step_id: str | None = None
        self._filling = False
        self._forms: dict[str, QFormLayout] = {}
        #: the labels of the form's rows and the groups, by their English key (retranslate_ui)
        self._labels: dict[str, PlainLabel] = {}
        self._groups: dict[str, QGroupBox] = {}
        #: the step ids every transition's target menu offers (the session's, shared)
        self.step_ids = QStringListModel(self)
        self.stack = QStackedWidget()
        self.empty = PlainLabel()
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)
        self.stack.addWidget(self.empty)
        # the form scrolls rather than forcing its full height on the window (a small screen
        # must still show the panes under the graph)
        scroller = QScrollArea()
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setWidget(self._build_form())
        self.stack.addWidget(scroller)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.retranslate_ui()
        if session is not None:
            self.set_session(session)

    def retranslate_ui(self) -> None:
        """Set every text of the form (again, on ``LanguageChange``)."""
        self.empty.setText(
            self.tr(
                "Select a step on the graph to see and edit it here.\n\n"
                "Double-click empty canvas to add a step; drag from a step's "
                "handle (or Shift+drag) onto another to connect them."
            )
        )
        self.rename_button.setText(self.tr("Rename…"))
        self.rename_button.setToolTip(self.tr("Rename the step and every transition to it (F2)"))
        self.title_edit.setPlaceholderText(self.tr("shown on the graph and to the model"))
        self.goal_edit.setPlaceholderText(self.tr("one line; other steps see it as 'next goal'"))
        self.final_check.setText(self.tr("the conversation ends here"))
        self.on_enter_combo.setToolTip(
            self.tr("wait: wait for the user; respond: reply at once (one extra model call)")
        )
        self.transitions.setToolTip(
            self.tr(
                "Select a transition to edit its description and guard "
                "below; double-click the signal to rename it"
            )
        )
        self.transition_description.setPlaceholderText(
            self.tr("when the model should take this signal")
        )
        self.transition_requires.setPlaceholderText(
            self.tr("variables set before it is allowed, e.g. name, email")
        )
        self.results.setToolTip(self.tr("Select a result to edit its description below"))
        self.result_description.setPlaceholderText(self.tr("what the model should put here"))
        self.result_values.setPlaceholderText(self.tr("the allowed values, e.g. web, mobile"))
        labels = {
            "Title": self.tr("Title"),
            "Goal": self.tr("Goal"),
            "Kind": self.tr("Kind"),
            "Final": self.tr("Final"),
            "On enter": self.tr("On enter"),
            "Instructions": self.tr("Instructions"),
            "Text": self.tr("Text"),
            "Transitions/Description": self.tr("Description"),
            "Transitions/Requires": self.tr("Requires"),
            "Results/Description": self.tr("Description"),
            "Results/Values": self.tr("Values"),
        }
        for key, text in labels.items():
            self._labels[key].setText(text)
        self._groups["Transitions"].setTitle(self.tr("Transitions"))
        self._groups["Results"].setTitle(self.tr("Results"))
        self._set_headers()
        if self.session is not None:
            self.refresh()

    def _set_headers(self) -> None:
        session, step_id = self.session, self.step_id
        action = (
            session is not None
            and step_id is not None
            and session.document.has(("steps", step_id))
            and self._raw("kind") == StepKind.ACTION.value
        )
        self.transitions.setHorizontalHeaderLabels(
            [
                self.tr("Outcome") if action else self.tr("Signal"),
                self.tr("Target"),
                self.tr("Guard"),
            ]
        )
        self.results.setHorizontalHeaderLabels(
            [self.tr("Name"), self.tr("Type"), self.tr("Required")]
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _row(self, form: QFormLayout, key: str, widget: QWidget) -> None:
        """A row of ``form`` whose label ``retranslate_ui`` names (by ``key``)."""
        label = PlainLabel()
        self._labels[key] = label
        form.addRow(label, widget)

    # --- building ------------------------------------------------------------------------

    def _build_form(self) -> QWidget:
        page = QWidget()
        outer = QVBoxLayout(page)
        outer.setContentsMargins(6, 6, 6, 6)
        head = QHBoxLayout()
        self.id_label = RichLabel()
        self.id_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rename_button = QToolButton()
        self.rename_button.clicked.connect(lambda: self.renameRequested.emit(self.step_id or ""))
        head.addWidget(self.id_label, 1)
        head.addWidget(self.rename_button)
        outer.addLayout(head)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.title_edit = QLineEdit()
        self.goal_edit = QLineEdit()
        self.kind_combo = QComboBox()
        self.kind_combo.addItems([kind.value for kind in StepKind])
        self.final_check = QCheckBox()
        self.on_enter_combo = QComboBox()
        self.on_enter_combo.addItems([value.value for value in OnEnter])
        self.instructions_edit = QLineEdit(placeholderText="steps/<step>.md")
        self.text_edit = MessageTextEdit()
        for key, widget in (
            ("Title", self.title_edit),
            ("Goal", self.goal_edit),
            ("Kind", self.kind_combo),
            ("Final", self.final_check),
            ("On enter", self.on_enter_combo),
            ("Instructions", self.instructions_edit),
            ("Text", self.text_edit),
        ):
            self._row(form, key, widget)
        self.form = form
        outer.addLayout(form)
        self.action_form = ActionForm(self)
        self.action_form.notice.connect(self.notice)
        outer.addWidget(self.action_form)
        self.title_edit.editingFinished.connect(
            lambda: self._commit("title", self.title_edit.text().strip(), "")
        )
        self.goal_edit.editingFinished.connect(
            lambda: self._commit("goal", self.goal_edit.text().strip(), "")
        )
        self.instructions_edit.editingFinished.connect(
            lambda: self._commit("instructions", self.instructions_edit.text().strip(), "")
        )
        self.text_edit.committed.connect(lambda text: self._commit("text", text, ""))
        self.kind_combo.activated.connect(lambda: self._set_kind(self.kind_combo.currentText()))
        self.on_enter_combo.activated.connect(
            lambda: self._commit("on_enter", self.on_enter_combo.currentText(), OnEnter.WAIT.value)
        )
        self.final_check.clicked.connect(
            lambda checked: self._commit("final", bool(checked), False)
        )

        # Each table shows what fits a narrow pane (no sideways scrolling); the selected row's
        # longer fields are edited under it.
        self.transitions = fitted_table(["Signal", "Target", "Guard"], stretch=0)
        self.transitions.itemChanged.connect(self._transition_edited)
        self.transitions.itemSelectionChanged.connect(self._show_transition)
        self.transition_description = QLineEdit()
        self.transition_requires = QLineEdit()
        self.transition_description.editingFinished.connect(
            lambda: self._edit_transition("description", self.transition_description.text())
        )
        self.transition_requires.editingFinished.connect(
            lambda: self._edit_transition("requires", self.transition_requires.text())
        )
        outer.addWidget(
            self._group(
                "Transitions",
                self.transitions,
                self.add_transition,
                self.remove_transition,
                [
                    ("Description", self.transition_description),
                    ("Requires", self.transition_requires),
                ],
            ),
            1,
        )
        self.results = fitted_table(["Name", "Type", "Required"], stretch=0)
        self.results.itemChanged.connect(self._result_edited)
        self.results.itemSelectionChanged.connect(self._show_result)
        self.result_description = QLineEdit()
        self.result_values = QLineEdit()
        self.result_description.editingFinished.connect(
            lambda: self._edit_result("description", self.result_description.text())
        )
        self.result_values.editingFinished.connect(
            lambda: self._edit_result("values", self.result_values.text())
        )
        outer.addWidget(
            self._group(
                "Results",
                self.results,
                self.add_result,
                self.remove_result,
                [("Description", self.result_description), ("Values", self.result_values)],
            ),
            1,
        )
        return page

    def _group(
        self,
        title: str,
        table: QTableWidget,
        add: Callable[[], None],
        remove: Callable[[], None],
        details: list[tuple[str, QWidget]],
    ) -> QGroupBox:
        group = QGroupBox()
        self._groups[title] = group
        layout = QVBoxLayout(group)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(table, 1)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        for label, widget in details:
            self._row(form, f"{title}/{label}", widget)
            widget.setEnabled(False)
        layout.addLayout(form)
        layout.addLayout(add_remove_buttons(add, remove, name=title))
        self._forms[title] = form
        return group

    # --- session -------------------------------------------------------------------------

    def set_session(self, session: EditSession | None) -> None:
        follow_session(
            self.session, session, {"changed": self._on_changed, "reloaded": self.refresh}
        )
        self.session = session
        self.step_ids = session.step_ids if session is not None else QStringListModel(self)
        self.show_step(None)

    def show_step(self, step_id: str | None) -> None:
        self.step_id = step_id
        self.refresh()

    def _on_changed(self, change: Change) -> None:
        # Another step's edit changes nothing shown here (the target menus share the session's
        # list of step ids, which follows steps being added and removed by itself).
        if change.structural and (
            change.whole
            or self.step_id in change.steps
            or change.path[:1] in (("start",), ("variables",))
        ):
            self.refresh()

    def _raw(self, *path: str | int) -> Any:
        assert self.session is not None and self.step_id is not None
        full = ("steps", self.step_id, *path)
        document = self.session.document
        return document.get(full) if document.has(full) else _ABSENT

    def refresh(self) -> None:
        """Show the step's current YAML values (or the empty state)."""
        session = self.session
        if (
            session is None
            or self.step_id is None
            or not session.document.has(("steps", self.step_id))
        ):
            self.stack.setCurrentIndex(0)
            return
        step = self._raw()
        if not isinstance(step, dict):
            step = {}
        self._filling = True
        try:
            self.stack.setCurrentIndex(1)
            start = session.document.get(("start",)) if session.document.has(("start",)) else ""
            marker = "  ▶ " + self.tr("start") if start == self.step_id else ""
            self.id_label.setText(
                f"<b style='font-size:12pt'>{escape(self.step_id)}</b>"
                f"<span style='color:gray'>{escape(marker)}</span>"
            )
            self._set_line(self.title_edit, step.get("title"))
            self._set_line(self.goal_edit, step.get("goal"))
            self._set_line(self.instructions_edit, step.get("instructions"))
            text = step.get("text")
            self.text_edit.load("" if text is None else str(text))
            variables = (
                session.document.get(("variables",)) if session.document.has(("variables",)) else {}
            )
            self.text_edit.highlighter.set_known_names(
                variables if isinstance(variables, dict) else []
            )
            kind = str(step.get("kind") or StepKind.PROMPT.value)
            self.kind_combo.setCurrentText(kind)
            self.final_check.setChecked(bool(step.get("final", False)))
            self.on_enter_combo.setCurrentText(str(step.get("on_enter") or OnEnter.WAIT.value))
            message = kind == StepKind.MESSAGE.value
            action = kind == StepKind.ACTION.value
            self.form.setRowVisible(self.text_edit, message or bool(step.get("text")))
            self.form.setRowVisible(
                self.instructions_edit, not (message or action) or bool(step.get("instructions"))
            )
            self.form.setRowVisible(self.on_enter_combo, not (message or action))
            self.action_form.setVisible(action)
            if action:
                self.action_form.show_step(session, self.step_id, step)
            self._set_headers()
            self._fill_transitions(step.get("transitions"))
            self._fill_results(step.get("results"))
        finally:
            self._filling = False

    @staticmethod
    def _set_line(edit: QLineEdit, value: Any) -> None:
        text = "" if value is None else str(value)
        if edit.text() != text:
            edit.setText(text)
            edit.setCursorPosition(0)

    def focus_field(self, path: list[str]) -> None:
        """Put the focus on the field at ``path`` under the step (``["transitions", "next"]``,
        ``["title"]``; ``[]``: the title) — where a problem points."""
        if not path:
            self.title_edit.setFocus()
            return
        widgets: dict[str, QWidget] = {
            "title": self.title_edit,
            "goal": self.goal_edit,
            "kind": self.kind_combo,
            "final": self.final_check,
            "on_enter": self.on_enter_combo,
            "instructions": self.instructions_edit,
            "text": self.text_edit,
            "call": self.action_form.focus_target(path[1:]),
            "inputs": self.action_form.inputs_edit,
            "timeout_s": self.action_form.timeout_spin,
        }
        if path[0] in widgets:
            widgets[path[0]].setFocus()
            return
        table = {"transitions": self.transitions, "results": self.results}.get(path[0])
        if table is None:
            return
        table.setFocus()
        if len(path) > 1:
            for row in range(table.rowCount()):
                item = table.item(row, 0)
                if item is not None and item.text() == path[1]:
                    table.setCurrentCell(row, 0)
                    return

    # --- step fields ---------------------------------------------------------------------

    def _commit(self, field: str, value: Any, default: Any) -> None:
        """Write a field; clearing it (or choosing its default) removes the key instead."""
        if self._filling or self.session is None or self.step_id is None:
            return
        session, stack = self.session, self.session.undo_stack
        path = ("steps", self.step_id, field)
        present = session.document.has(path)
        if value == default and field not in ("final",):
            # leaving an empty field empty (tabbing through it) is no edit, even where the
            # file writes the empty value out (``goal: ''``)
            if present and session.document.get(path) not in (default, None):
                commands.push(stack, commands.DeleteKeyCommand(session, path))
            return
        commands.set_field(stack, session, path, value, default=default)

    # --- transitions ---------------------------------------------------------------------

    def _set_kind(self, kind: str) -> None:
        """Change the step's kind, dropping what the new kind does not use (one undo)."""
        if self._filling or self.session is None or self.step_id is None:
            return
        step_kinds.switch_kind(self.session.undo_stack, self.session, self.step_id, kind)

    # --- results -------------------------------------------------------------------------
