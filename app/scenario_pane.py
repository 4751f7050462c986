"""Scenario-wide settings: title, start step, model; the declared variables; the persona.

Like the inspector it reads YAML values from the document and edits through undo commands, and
refreshes only the part an edit concerns (a step's edit changes nothing here; adding one changes
the start step's menu). Variables are the names ``{{placeholders}}`` and ``requires`` may use,
so renaming one here is something the author will want to follow up on — the problems pane shows
where.
"""

from __future__ import annotations

from typing import Any

import yaml
from PySide6.QtCore import QStringListModel, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app import commands
from app.code_edit import CodeEdit, problem_marks
from app.edit_session import EditSession, follow_session
from app.i18n.locale_text import number
from app.instruction_editor import TextFileEditor
from app.plain_text import PlainLabel, RichLabel, plain_tooltip
from app.widgets import (
    add_remove_buttons,
    fill_typed_rows,
    fit_columns,
    fitted_table,
    retranslated,
    set_text_minimally,
)
from engine.errors import ScenarioError
from engine.scenario.definition import IDENTIFIER, ValueType, unique_name
from engine.scenario.document import Change

#: Top-level keys shown on the Scenario tab.
SETTINGS_KEYS = frozenset({"title", "model", "persona", "start"})


def parse_default(text: str) -> Any:
    """A variable default typed by the author, read as YAML (``3`` → 3, ``[a, b]`` → a list)."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


class ScenarioPane(QWidget):
    """Tabs: Scenario (settings), Variables, Persona, scenario.yaml (source).

    The studio window shows scenario.yaml beside the graph instead, where it has room
    (``source_tab=False``: :attr:`source` is then the window's to place)."""

    notice = Signal(str)

    def __init__(
        self,
        session: EditSession | None = None,
        parent: QWidget | None = None,
        *,
        source_tab: bool = True,
    ) -> None:
        super().__init__(parent)
        self.session: EditSession | None = None
        self._filling = False
        self._step_ids = QStringListModel(self)  # the session's, once there is one
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_settings(), "")
        self.tabs.addTab(self._build_variables(), "")
        self.persona = TextFileEditor(persona=True)
        self.tabs.addTab(self.persona, "")
        self.source = YamlSourceEditor()
        if source_tab:
            self.tabs.addTab(self.source, "scenario.yaml")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        retranslated(self, self.retranslate_ui)
        if session is not None:
            self.set_session(session)

    def retranslate_ui(self) -> None:
        for index, text in enumerate(
            (self.tr("Scenario"), self.tr("Variables"), self.tr("Persona"))
        ):
            self.tabs.setTabText(index, text)
        self.title_edit.setPlaceholderText(self.tr("shown to the model as the conversation"))
        for label, text in zip(
            self._labels,
            (self.tr("Title"), self.tr("Start step"), self.tr("Model"), self.tr("Persona file")),
            strict=True,
        ):
            label.setText(text)
        self.variables.setHorizontalHeaderLabels(
            [self.tr("Name"), self.tr("Type"), self.tr("Default"), self.tr("Description")]
        )

    def _build_settings(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.title_edit = QLineEdit()
        self.start_combo = QComboBox()
        self.model_edit = QLineEdit(placeholderText="gpt-4.1-mini")
        self.persona_path = QLineEdit(placeholderText="persona.md")
        self._labels = [PlainLabel() for _ in range(4)]
        for label, field in zip(
            self._labels,
            (self.title_edit, self.start_combo, self.model_edit, self.persona_path),
            strict=True,
        ):
            form.addRow(label, field)
        self.title_edit.editingFinished.connect(
            lambda: self._commit(("title",), self.title_edit.text().strip())
        )
        self.model_edit.editingFinished.connect(
            lambda: self._commit(("model", "name"), self.model_edit.text().strip())
        )
        self.persona_path.editingFinished.connect(
            lambda: self._commit(("persona",), self.persona_path.text().strip())
        )
        self.start_combo.activated.connect(
            lambda: self._commit(("start",), self.start_combo.currentText())
        )
        return page

    def _build_variables(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(4, 4, 4, 4)
        # fits the pane (no sideways scrolling): a long description is elided, whole in its
        # tooltip and when edited
        table = fitted_table(["Name", "Type", "Default", "Description"], stretch=3)
        table.itemChanged.connect(self._variable_edited)
        self.variables = table
        layout.addWidget(table)
        layout.addLayout(add_remove_buttons(self.add_variable, self.remove_variable))
        return page

    # --- session -------------------------------------------------------------------------

    def set_session(self, session: EditSession | None) -> None:
        follow_session(
            self.session, session, {"changed": self._on_changed, "reloaded": self.refresh}
        )
        self.session = session
        self._step_ids = session.step_ids if session is not None else QStringListModel(self)
        self.persona.set_session(session)
        self.source.set_session(session)
        self.refresh()

    def _on_changed(self, change: Change) -> None:
        if not change.structural:
            return
        head = change.path[:1]
        if change.whole or not head:
            self.refresh()
            return
        steps_listed = head == ("steps",) and len(change.path) <= 2  # a step added or removed
        if head[0] in SETTINGS_KEYS or (
            steps_listed
            and (not self._start_listed() or self.start_combo.currentText() in change.steps)
        ):
            self._refresh_settings()
        if head == ("variables",):
            self._refresh_variables()

    def _get(self, *path: str, default: Any = None) -> Any:
        assert self.session is not None
        document = self.session.document
        return document.get(path) if document.has(path) else default

    def refresh(self) -> None:
        if self.session is None:
            return
        self._refresh_settings()
        self._refresh_variables()

    def _refresh_settings(self) -> None:
        if self.session is None:
            return
        self._filling = True
        try:
            self.title_edit.setText(str(self._get("title", default="") or ""))
            self.model_edit.setText(str(self._get("model", "name", default="") or ""))
            self.persona_path.setText(str(self._get("persona", default="") or ""))
            ids = self._step_ids.stringList()
            start = str(self._get("start", default="") or "")
            if start in ids or not start:
                if self.start_combo.model() is not self._step_ids:
                    self.start_combo.setModel(self._step_ids)
            else:  # a start step that does not exist is shown, not silently replaced
                self.start_combo.setModel(QStringListModel([*ids, start], self.start_combo))
            self.start_combo.setCurrentText(start)
        finally:
            self._filling = False

    def _refresh_variables(self) -> None:
        if self.session is None:
            return
        self._filling = True
        try:
            self._fill_variables(self._get("variables", default={}))
        finally:
            self._filling = False

    def _start_listed(self) -> bool:
        """Whether the start menu shows the session's step ids (the start step exists)."""
        return self.start_combo.model() is self._step_ids

    def show_variable(self, name: str | None) -> None:
        """Show the Variables tab, with the row of ``name`` selected."""
        self.tabs.setCurrentIndex(1)
        table = self.variables
        for row in range(table.rowCount()):
            item = table.item(row, 0)
            if name is not None and item is not None and item.text() == name:
                table.selectRow(row)
                table.setFocus()
                return

    def _commit(self, path: tuple[str, ...], value: Any) -> None:
        if self._filling or self.session is None:
            return
        session, stack = self.session, self.session.undo_stack
        if value in ("", None):
            if session.document.has(path) and path != ("start",):
                commands.push(stack, commands.DeleteKeyCommand(session, path))
            return
        commands.set_field(stack, session, path, value)

    # --- variables -----------------------------------------------------------------------

    def _fill_variables(self, variables: Any) -> None:
        fill_typed_rows(
            self.variables,
            variables,
            lambda name, kind: self._set_variable(name, "type", kind),
            self._fill_variable_row,
        )
        fit_columns(self.variables)

    def _fill_variable_row(self, row: int, variable: dict[str, Any]) -> None:
        default = variable.get("default")
        shown = (
            ""
            if default is None
            else (
                yaml.safe_dump(default, default_flow_style=True, allow_unicode=True)
                .strip()
                .removesuffix("...")
                .strip()
            )
        )
        self.variables.setItem(row, 2, QTableWidgetItem(shown))
        description = QTableWidgetItem(str(variable.get("description", "") or ""))
        description.setToolTip(plain_tooltip(description.text()))
        self.variables.setItem(row, 3, description)

    def _variable_edited(self, item: QTableWidgetItem) -> None:
        if self._filling or self.session is None:
            return
        name_item = self.variables.item(item.row(), 0)
        name = str(name_item.data(Qt.ItemDataRole.UserRole)) if name_item else ""
        text = item.text().strip()
        session, stack = self.session, self.session.undo_stack
        if item.column() == 0:
            if text == name:
                return
            if not IDENTIFIER.match(text) or session.document.has(("variables", text)):
                self.notice.emit(f"“{text}” cannot name a variable (invalid or taken)")
                self.refresh()
                return
            commands.push(stack, commands.RenameKeyCommand(session, ("variables", name), text))
        elif item.column() == 2:
            self._set_variable(name, "default", parse_default(text) if text else None)
        elif item.column() == 3:
            self._set_variable(name, "description", text or None)

    def _set_variable(self, name: str, field: str, value: Any) -> None:
        assert self.session is not None
        session, stack = self.session, self.session.undo_stack
        path = ("variables", name, field)
        if value is None:
            if session.document.has(path):
                commands.push(stack, commands.DeleteKeyCommand(session, path))
            return
        commands.set_field(stack, session, path, value)

    def add_variable(self, name: str | None = None) -> None:
        if self.session is None:
            return
        current = self._get("variables", default={})
        taken = set(current) if isinstance(current, dict) else set()
        name = name or unique_name("variable", taken)
        session, stack = self.session, self.session.undo_stack
        value = {"type": ValueType.STRING.value}
        if session.document.has(("variables",)):
            commands.push(stack, commands.InsertKeyCommand(session, ("variables",), name, value))
        else:
            commands.push(
                stack,
                commands.SetValueCommand(
                    session,
                    ("variables",),
                    {name: value},
                    text=self.tr("Add variable '{name}'").format(name=name),
                ),
            )

    def remove_variable(self) -> None:
        row = self.variables.currentRow()
        item = self.variables.item(row, 0) if row >= 0 else None
        if self.session is None or item is None:
            return
        name = str(item.data(Qt.ItemDataRole.UserRole))
        commands.push(
            self.session.undo_stack, commands.DeleteKeyCommand(self.session, ("variables", name))
        )


class YamlSourceEditor(QWidget):
    """``scenario.yaml`` as text: the way out when the YAML does not parse, and for power users.

    Edits are applied after a short pause as one undoable :class:`~app.commands.SetYamlTextCommand`;
    the text follows structural edits made elsewhere while the tab is shown.
    """

    APPLY_DELAY_MS = 600

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: EditSession | None = None
        self._applying = False
        self._stale = True
        self.edit = CodeEdit()
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        #: the first syntax problem, said for an author; a click goes to its line
        self.problem = RichLabel()
        self.problem.setObjectName("yamlProblem")
        self.problem.setWordWrap(True)
        self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.problem.setStyleSheet(
            "#yamlProblem { background: rgba(214,80,60,40); border-radius: 4px; padding: 4px; }"
        )
        self.problem.linkActivated.connect(lambda _link: self._go_to_problem())
        self.problem.hide()
        self.hint = PlainLabel()
        self.hint.setEnabled(False)
        self.hint.setWordWrap(True)  # a long hint must not widen the whole side column
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.problem)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.hint)
        self._first_problem: ScenarioError | None = None
        self._timer = QTimer(self, singleShot=True, interval=self.APPLY_DELAY_MS)
        self._timer.timeout.connect(self.apply)
        self.edit.textChanged.connect(self._typed)
        retranslated(self, self.retranslate_ui)

    def retranslate_ui(self) -> None:
        self.hint.setText(self.tr("Edits here are applied after a short pause and can be undone."))
        if self.session is not None:
            self.show_problems()

    def set_session(self, session: EditSession | None) -> None:
        follow_session(
            self.session,
            session,
            {
                "changed": self._on_changed,
                "reloaded": self.refresh,
                "problemsChanged": self.show_problems,
            },
        )
        self.session = session
        self.refresh()
        self.show_problems()

    def show_problems(self) -> None:
        """Mark the lines of scenario.yaml a problem points at; say the first load error (the
        YAML does not parse, say) above the text."""
        session = self.session
        marks: dict[int, str] = {}
        first: ScenarioError | None = None
        if session is not None:
            marks = problem_marks(session.problems, session.document.yaml_path)
            errors = session.document.errors
            first = errors[0] if errors else None
        self.edit.mark_lines(marks)
        self._first_problem = first
        if first is None:
            self.problem.hide()
            return
        where = (
            "<a href='#'>{}</a>: ".format(
                _html(self.tr("line {line}").format(line=number(first.line)))
            )
            if first.line
            else ""
        )
        hint = f"<br><span style='color:gray'>{_html(first.hint)}</span>" if first.hint else ""
        self.problem.setText(f"⚠ {where}{_html(first.message)}{hint}")
        self.problem.show()

    def _go_to_problem(self) -> None:
        if self._first_problem is not None:
            self.go_to(self._first_problem.line, self._first_problem.column)

    def showEvent(self, event: object) -> None:
        if self._stale:
            self.refresh()
        super().showEvent(event)  # type: ignore[arg-type]

    def refresh(self) -> None:
        if self.session is None:
            return
        if not self.isVisible():
            self._stale = True
            return
        text = self.session.document.yaml_text()
        self._stale = False
        self._applying = True
        try:
            set_text_minimally(self.edit, text)
        finally:
            self._applying = False

    def go_to(self, line: int | None, column: int | None = None) -> None:
        self.refresh()
        self.edit.go_to(line, column)

    def apply(self) -> None:
        """Push the typed text now (also called before saving)."""
        self._timer.stop()
        if self.session is None or self._stale:
            return
        text = self.edit.toPlainText()
        if text == self.session.document.yaml_text():
            return
        self._applying = True
        try:
            commands.push(self.session.undo_stack, commands.SetYamlTextCommand(self.session, text))
        finally:
            self._applying = False

    def _typed(self) -> None:
        if not self._applying:
            self._timer.start()

    def _on_changed(self, change: Change) -> None:
        if change.structural and not self._applying:
            self.refresh()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
