"""The step form: the selected step's fields, transitions and results, all editable.

It reads the *YAML values* of the step (``document.get``), not the validated model, so it keeps
working while the scenario is broken — which is exactly when the author needs it. Every edit is an
undo command; the inspector then refreshes from the document like every other view, so what it
shows is always what will be saved — but only after an edit that concerns the step it shows
(or the list of steps its target menus offer), so editing stays as quick on 2,000 steps as on 20.

Why one module of some 750 lines: it is one form. The step's fields, its transitions table and
its results table share one refresh from the document, one way of committing an edit as an undo
command, and the selection that says which transition or result the fields under each table
show; the small widgets and the table helpers already live in :mod:`app.widgets`. Split apart,
the three parts would pass that state back and forth. An action step's call is edited by its
own :class:`~app.action_form.ActionForm`, shown inside the form.
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
    QInputDialog,
    QLineEdit,
    QScrollArea,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app import commands, step_kinds
from app.action_form import ActionForm
from app.code_edit import GlobalUndoPlainTextEdit
from app.edit_session import EditSession, follow_session
from app.highlighter import MarkdownHighlighter
from app.i18n.locale_text import number
from app.plain_text import PlainLabel, RichLabel, escape, plain_tooltip
from app.widgets import (
    add_remove_buttons,
    fill_typed_rows,
    fit_columns,
    fitted_table,
    retranslated,
)
from engine.scenario.actions import BUILT_IN_OUTCOMES
from engine.scenario.definition import IDENTIFIER, STAY, OnEnter, StepKind, ValueType, unique_name
from engine.scenario.document import Change

_ABSENT = object()
#: A guard shown by its names in the transitions table up to this many characters, else
#: counted ("15 variables"; the tooltip and the field under the table list them all).
GUARD_SHOWN = 18


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


class StepForm(QWidget):
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

    def _fill_transitions(self, transitions: Any) -> None:
        table = self.transitions
        keep = self.selected_signal()
        rows = list(transitions.items()) if isinstance(transitions, dict) else []
        table.setRowCount(len(rows))
        ids = self.step_ids.stringList()
        known = set(ids)
        for row, (signal, value) in enumerate(rows):
            value = value if isinstance(value, dict) else {}
            signal_item = QTableWidgetItem(str(signal))
            signal_item.setData(Qt.ItemDataRole.UserRole, str(signal))
            table.setItem(row, 0, signal_item)
            target = str(value.get("to", ""))
            table.setItem(row, 1, QTableWidgetItem(target))
            combo = QComboBox()
            # sized by a few characters, not by scanning every step id for the widest
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(12)
            if target in known:
                combo.setModel(self.step_ids)  # shared: no copy of 2,000 ids per row
            else:
                combo.addItems([*ids, target])
            combo.setCurrentText(target)
            combo.setEditable(False)
            combo.activated.connect(
                lambda _index, s=str(signal), c=combo: self._retarget(s, c.currentText())
            )
            table.setCellWidget(row, 1, combo)
            requires = value.get("requires") or []
            names = (
                [str(name) for name in requires] if isinstance(requires, list) else [str(requires)]
            )
            listed = ", ".join(names)
            guard = QTableWidgetItem(
                listed
                if len(listed) <= GUARD_SHOWN
                else self.tr("{count} variables").format(count=number(len(names)))
            )
            guard.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            description = str(value.get("description", "") or "")
            guard.setToolTip(
                plain_tooltip(
                    self.tr("requires ({count}): {names}").format(
                        count=number(len(names)), names=", ".join(names)
                    )
                    if names
                    else self.tr("no guard: the signal is always allowed")
                )
            )
            signal_item.setToolTip(plain_tooltip(description or self.tr("no description")))
            table.setItem(row, 2, guard)
        fit_columns(table)
        _reselect(table, keep)
        self._show_transition()

    def _transition_edited(self, item: QTableWidgetItem) -> None:
        if self._filling or self.session is None or self.step_id is None:
            return
        row, column = item.row(), item.column()
        signal_item = self.transitions.item(row, 0)
        signal = str(signal_item.data(Qt.ItemDataRole.UserRole)) if signal_item else ""
        base = ("steps", self.step_id, "transitions", signal)
        session, stack = self.session, self.session.undo_stack
        text = item.text().strip()
        if column == 0:
            if text == signal:
                return
            if not IDENTIFIER.match(text) or text == STAY:
                self.notice.emit(
                    f"“{text}” cannot be a signal: use ASCII letters (a–z, A–Z), digits (0–9) "
                    "and '_', not starting with a digit (and not 'stay', which every step has)"
                )
                self.refresh()
                return
            if session.document.has(("steps", self.step_id, "transitions", text)):
                self.notice.emit(f"the step already has a signal “{text}”")
                self.refresh()
                return
            commands.push(stack, commands.RenameKeyCommand(session, base, text))

    def selected_signal(self) -> str | None:
        """The signal of the transition selected in the table."""
        return _selected_key(self.transitions)

    def _show_transition(self) -> None:
        """The selected transition's description and guard, in the fields under the table."""
        signal = self.selected_signal()
        value = self._raw("transitions", signal) if signal and self.step_id else _ABSENT
        value = value if isinstance(value, dict) else {}
        requires = value.get("requires") or []
        names = [str(name) for name in requires] if isinstance(requires, list) else [str(requires)]
        for field, text in (
            (self.transition_description, str(value.get("description", "") or "")),
            (self.transition_requires, ", ".join(names)),
        ):
            field.setEnabled(signal is not None)
            if field.text() != text:
                field.setText(text)
                field.setCursorPosition(0)

    def _edit_transition(self, field: str, text: str) -> None:
        signal = self.selected_signal()
        if self._filling or self.session is None or self.step_id is None or signal is None:
            return
        path = ("steps", self.step_id, "transitions", signal, field)
        text = text.strip()
        if field == "requires":
            names = [name.strip() for name in text.split(",") if name.strip()]
            bad = [name for name in names if not IDENTIFIER.match(name)]
            if bad:
                self.notice.emit(
                    f"not a variable name: {', '.join(bad)} (use ASCII letters (a–z, A–Z), "
                    "digits (0–9) and _, separated by commas)"
                )
                self._show_transition()
                return
            self._set_or_clear(path, names)
        else:
            self._set_or_clear(path, text)

    def _retarget(self, signal: str, target: str) -> None:
        if self.session is None or self.step_id is None:
            return
        path = ("steps", self.step_id, "transitions", signal, "to")
        commands.set_field(self.session.undo_stack, self.session, path, target)

    def _set_or_clear(self, path: tuple[str | int, ...], value: Any) -> None:
        assert self.session is not None
        session, stack = self.session, self.session.undo_stack
        if value in ("", [], None):
            if session.document.has(path):
                commands.push(stack, commands.DeleteKeyCommand(session, path))
            return
        commands.set_field(stack, session, path, value)

    def add_transition(self) -> None:
        if self.session is None or self.step_id is None:
            return
        current = self._raw("transitions")
        taken = set(current) if isinstance(current, dict) else set()
        others = [step for step in self.step_ids.stringList() if step != self.step_id]
        target = others[0] if others else self.step_id
        name = unique_name("next", taken)
        if self._raw("kind") == StepKind.ACTION.value:  # an action's edges are its outcomes
            name = next((o for o in BUILT_IN_OUTCOMES if o not in taken), None) or unique_name(
                "outcome", taken
            )
        commands.connect_steps(self.session.undo_stack, self.session, self.step_id, target, name)

    def _set_kind(self, kind: str) -> None:
        """Change the step's kind, dropping what the new kind does not use (one undo)."""
        if self._filling or self.session is None or self.step_id is None:
            return
        step_kinds.switch_kind(self.session.undo_stack, self.session, self.step_id, kind)

    def remove_transition(self) -> None:
        row = self.transitions.currentRow()
        if self.session is None or self.step_id is None or row < 0:
            return
        item = self.transitions.item(row, 0)
        if item is not None:
            commands.delete_transition(
                self.session.undo_stack,
                self.session,
                self.step_id,
                str(item.data(Qt.ItemDataRole.UserRole)),
            )

    # --- results -------------------------------------------------------------------------

    def _fill_results(self, results: Any) -> None:
        keep = self.selected_result()
        fill_typed_rows(self.results, results, self._retype, self._fill_result_row)
        fit_columns(self.results)
        _reselect(self.results, keep)
        self._show_result()

    def _fill_result_row(self, row: int, result: dict[str, Any]) -> None:
        required = QTableWidgetItem()
        required.setFlags(
            Qt.ItemFlag.ItemIsUserCheckable
            | Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
        )
        required.setCheckState(
            Qt.CheckState.Checked if result.get("required") else Qt.CheckState.Unchecked
        )
        self.results.setItem(row, 2, required)
        name = self.results.item(row, 0)
        if name is not None:
            name.setToolTip(
                plain_tooltip(str(result.get("description", "") or self.tr("no description")))
            )

    def selected_result(self) -> str | None:
        """The name of the result selected in the table."""
        return _selected_key(self.results)

    def _show_result(self) -> None:
        name = self.selected_result()
        value = self._raw("results", name) if name and self.step_id else _ABSENT
        value = value if isinstance(value, dict) else {}
        values = value.get("values") or []
        enum = value.get("type") == ValueType.ENUM.value
        form = self._forms["Results"]
        form.setRowVisible(self.result_values, enum)
        for field, text in (
            (self.result_description, str(value.get("description", "") or "")),
            (
                self.result_values,
                ", ".join(str(v) for v in values) if isinstance(values, list) else str(values),
            ),
        ):
            field.setEnabled(name is not None)
            if field.text() != text:
                field.setText(text)
                field.setCursorPosition(0)

    def _edit_result(self, field: str, text: str) -> None:
        name = self.selected_result()
        if self._filling or self.session is None or self.step_id is None or name is None:
            return
        path = ("steps", self.step_id, "results", name, field)
        if field == "values":
            values = [value.strip() for value in text.split(",") if value.strip()]
            if values:
                commands.set_field(self.session.undo_stack, self.session, path, values)
            return
        self._set_or_clear(path, text.strip())

    def _result_edited(self, item: QTableWidgetItem) -> None:
        if self._filling or self.session is None or self.step_id is None:
            return
        row, column = item.row(), item.column()
        name_item = self.results.item(row, 0)
        name = str(name_item.data(Qt.ItemDataRole.UserRole)) if name_item else ""
        base = ("steps", self.step_id, "results", name)
        session, stack = self.session, self.session.undo_stack
        if column == 0:
            text = item.text().strip()
            if text == name:
                return
            if not IDENTIFIER.match(text) or session.document.has(
                ("steps", self.step_id, "results", text)
            ):
                self.notice.emit(
                    self.tr("“{name}” cannot name a result here (invalid or taken)").format(
                        name=text
                    )
                )
                self.refresh()
                return
            commands.push(stack, commands.RenameKeyCommand(session, base, text))
        elif column == 2:
            checked = item.checkState() == Qt.CheckState.Checked
            if checked:
                commands.set_field(stack, session, (*base, "required"), True)
            elif session.document.has((*base, "required")):
                commands.push(stack, commands.DeleteKeyCommand(session, (*base, "required")))

    def _retype(self, name: str, value_type: str) -> None:
        if self.session is None or self.step_id is None:
            return
        session, stack = self.session, self.session.undo_stack
        base = ("steps", self.step_id, "results", name)
        current = (
            session.document.get((*base, "type"))
            if session.document.has((*base, "type"))
            else ValueType.STRING.value
        )
        if current == value_type:
            return
        if value_type == ValueType.ENUM.value and not session.document.has((*base, "values")):
            values, ok = QInputDialog.getText(
                self, self.tr("Enum values"), self.tr("Allowed values, separated by commas:")
            )
            if not ok:
                self.refresh()
                return
            label = self.tr("Make result '{name}' of '{step}' an enum").format(
                name=name, step=self.step_id
            )
            with commands.macro(stack, label) as edit:
                commands.set_field(edit, session, (*base, "type"), value_type)
                commands.set_field(
                    edit,
                    session,
                    (*base, "values"),
                    [v.strip() for v in values.split(",") if v.strip()],
                )
            return
        label = self.tr("Make result '{name}' of '{step}' {type}").format(
            name=name, step=self.step_id, type=value_type
        )
        with commands.macro(stack, label) as edit:
            commands.set_field(edit, session, (*base, "type"), value_type)
            if value_type != ValueType.ENUM.value and session.document.has((*base, "values")):
                commands.push(edit, commands.DeleteKeyCommand(session, (*base, "values")))

    def add_result(self, name: str | None = None) -> None:
        if self.session is None or self.step_id is None:
            return
        current = self._raw("results")
        taken = set(current) if isinstance(current, dict) else set()
        name = name or unique_name("result", taken)
        session, stack = self.session, self.session.undo_stack
        path = ("steps", self.step_id, "results")
        value = {"type": ValueType.STRING.value}
        if session.document.has(path):
            commands.push(stack, commands.InsertKeyCommand(session, path, name, value))
        else:
            commands.push(
                stack,
                commands.SetValueCommand(
                    session,
                    path,
                    {name: value},
                    text=self.tr("Add result '{name}' to '{step}'").format(
                        name=name, step=self.step_id
                    ),
                ),
            )

    def remove_result(self) -> None:
        row = self.results.currentRow()
        if self.session is None or self.step_id is None or row < 0:
            return
        item = self.results.item(row, 0)
        if item is not None:
            path = ("steps", self.step_id, "results", str(item.data(Qt.ItemDataRole.UserRole)))
            commands.push(self.session.undo_stack, commands.DeleteKeyCommand(self.session, path))


def _selected_key(table: QTableWidget) -> str | None:
    """The key (a signal, a result's name) the current row's first cell holds."""
    row = table.currentRow()
    item = table.item(row, 0) if row >= 0 else None
    return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None


def _reselect(table: QTableWidget, key: str | None) -> None:
    """Select the row whose first cell names ``key`` again (after the rows were refilled), or
    the first row: its longer fields, under the table, are then shown at once."""
    row = next(
        (
            row
            for row in range(table.rowCount())
            if (item := table.item(row, 0)) is not None
            and item.data(Qt.ItemDataRole.UserRole) == key
        ),
        0 if table.rowCount() else -1,
    )
    if row < 0:
        table.clearSelection()
        table.setCurrentCell(-1, -1)
    elif table.currentRow() != row or not table.selectedItems():
        table.setCurrentCell(row, 0)
