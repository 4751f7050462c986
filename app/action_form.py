"""The action part of the step form: what an action step calls, with what, for how long.

Shown by :class:`~app.step_form.StepForm` for ``kind: action`` steps (their outcomes are its
transitions table, headed *Outcome*; their results its results table). Like the rest of the form
it reads the step's *YAML values*, so it works while the scenario is broken, and every edit is an
undo command on ``steps.<id>.call`` / ``inputs`` / ``timeout_s``:

* **Calls** — a Python function of the actions module (the names it defines are offered, read
  from its source, never run) or an HTTP request: method, URL, headers (``Name: value`` per
  line; ``${NAME}`` is read from the environment at call time) and JSON body;
* **Inputs** — the variables handed to the call; **Timeout** — ``timeout_s`` (empty: 10 s);
* **Try it…** — runs the action with values typed in (:mod:`app.try_action`), once the folder's
  Python actions are trusted (:mod:`app.action_trust`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QWidget,
)

from app import commands
from app.action_trust import FolderTrust
from app.edit_session import EditSession
from app.plain_text import PlainLabel, plain_tooltip
from app.widgets import retranslated
from engine.scenario.action_module import read_action_module
from engine.scenario.actions import DEFAULT_MODULE, DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S, HttpMethod
from engine.scenario.definition import IDENTIFIER
from engine.scenario.loader import resolve_inside

_ABSENT = object()


class CommittingTextEdit(QPlainTextEdit):
    """A few lines of text, committed when the field loses focus."""

    committed = Signal(str)

    def __init__(self, placeholder: str, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self.setPlaceholderText(placeholder)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * lines + 12)
        self._loaded = ""

    def load(self, text: str) -> None:
        self._loaded = text
        if self.toPlainText() != text:
            self.setPlainText(text)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if self.toPlainText() != self._loaded:
            self._loaded = self.toPlainText()
            self.committed.emit(self._loaded)


def headers_text(headers: Any) -> str:
    if not isinstance(headers, dict):
        return ""
    return "\n".join(f"{name}: {value}" for name, value in headers.items())


def parse_headers(text: str) -> dict[str, str]:
    """``Name: value`` lines → headers; ``ValueError`` names a line that is not one."""
    headers: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, colon, value = line.partition(":")
        if not colon or not name.strip() or any(c.isspace() for c in name.strip()):
            raise ValueError(
                QCoreApplication.translate("ActionForm", "line {line} is not 'Name: value'").format(
                    line=number
                )
            )
        headers[name.strip()] = value.strip()
    return headers


class ActionForm(QGroupBox):
    """Shows and edits the call of one action step (see the module docstring)."""

    #: a message for the status bar (an edit was refused)
    notice = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: EditSession | None = None
        self.step_id: str | None = None
        self._filling = False
        #: who asks and remembers whether a folder's Python actions may run (the window sets
        #: the one over its settings)
        self.trust = FolderTrust()
        #: opens the Try it dialog (replaceable in tests)
        self.open_trial: Callable[[EditSession, str, FolderTrust, QWidget], object] = _open_trial
        self._build()
        retranslated(self, self.retranslate_ui)

    def _build(self) -> None:
        form = self.form = QFormLayout(self)
        form.setVerticalSpacing(4)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        kinds = QHBoxLayout()
        self.python_radio = QRadioButton()
        self.http_radio = QRadioButton()
        self.kind_group = QButtonGroup(self)
        for button in (self.python_radio, self.http_radio):
            self.kind_group.addButton(button)
            kinds.addWidget(button)
        kinds.addSpacing(12)
        self.method_combo = QComboBox()  # on the same row: the form fits at 1600×1000
        self.method_combo.addItems([method.value for method in HttpMethod])
        kinds.addWidget(self.method_combo)
        kinds.addStretch(1)
        self.function_combo = QComboBox()
        self.function_combo.setEditable(True)
        self.function_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.function_combo.setMinimumContentsLength(14)
        self.url_edit = QLineEdit(placeholderText="http://127.0.0.1:8099/path?q={{variable}}")
        self.headers_edit = CommittingTextEdit("Authorization: Bearer ${API_TOKEN}", 2)
        self.json_edit = CommittingTextEdit('{"name": "{{customer_name}}"}', 3)
        self.inputs_edit = QLineEdit()
        self.timeout_spin = QDoubleSpinBox()
        self.timeout_spin.setRange(0.0, MAX_TIMEOUT_S)
        self.timeout_spin.setDecimals(1)
        self.timeout_spin.setSingleStep(1.0)
        self.timeout_spin.setSuffix(" s")
        self.try_button = QPushButton()
        self.row_labels = [PlainLabel() for _ in range(8)]
        form.addRow(self.row_labels[0], kinds)
        # the timeout and Try it share a row: the form fits at 1600×1000 with every transition
        timeout_row = QWidget()
        timeout_layout = QHBoxLayout(timeout_row)
        timeout_layout.setContentsMargins(0, 0, 0, 0)
        timeout_layout.addWidget(self.timeout_spin)
        timeout_layout.addSpacing(12)
        timeout_layout.addWidget(self.try_button)
        timeout_layout.addStretch(1)
        fields: tuple[QWidget, ...] = (
            self.function_combo,
            self.url_edit,
            self.headers_edit,
            self.json_edit,
            self.inputs_edit,
            timeout_row,
        )
        for label, field in zip([self.row_labels[1], *self.row_labels[3:]], fields, strict=True):
            form.addRow(label, field)

        self.python_radio.clicked.connect(lambda: self._switch("python"))
        self.http_radio.clicked.connect(lambda: self._switch("http"))
        self.function_combo.activated.connect(lambda: self._set_function())
        line = self.function_combo.lineEdit()
        if line is not None:
            line.editingFinished.connect(self._set_function)
        self.method_combo.activated.connect(
            lambda: self._set(("call", "http", "method"), self.method_combo.currentText())
        )
        self.url_edit.editingFinished.connect(
            lambda: self._set(("call", "http", "url"), self.url_edit.text().strip())
        )
        self.headers_edit.committed.connect(self._set_headers)
        self.json_edit.committed.connect(self._set_json)
        self.inputs_edit.editingFinished.connect(self._set_inputs)
        self.timeout_spin.editingFinished.connect(self._set_timeout)
        self.try_button.clicked.connect(self.try_it)

    def retranslate_ui(self) -> None:
        """Set every text of the form (again, on ``LanguageChange``)."""
        self.setTitle(self.tr("Action"))
        self.python_radio.setText(self.tr("Python function"))
        self.http_radio.setText(self.tr("HTTP request"))
        self.function_combo.setToolTip(
            self.tr("A function of the scenario's actions module (def or async def)")
        )
        self.url_edit.setToolTip(
            self.tr("Its host must be in actions.allow_hosts; {{variable}} is filled in")
        )
        self.headers_edit.setToolTip(
            self.tr(
                "One 'Name: value' per line. ${NAME} is read from the environment when the "
                "call is made, and never written to a log or a file"
            )
        )
        self.json_edit.setToolTip(
            self.tr('The JSON body; a string that is exactly "{{variable}}" sends its value')
        )
        self.inputs_edit.setPlaceholderText(self.tr("variables handed to the call"))
        self.timeout_spin.setSpecialValueText(self.tr("default (%s s)") % f"{DEFAULT_TIMEOUT_S:g}")
        widest = max(
            self.timeout_spin.specialValueText(), f"{MAX_TIMEOUT_S:.1f} s", key=len
        )  # "défaut (10 s)" whole, in every language
        self.timeout_spin.setMinimumWidth(
            self.timeout_spin.fontMetrics().horizontalAdvance(widest) + 48
        )
        self.timeout_spin.setToolTip(
            self.tr("The conversation moves on by 'timeout' when the call takes longer")
        )
        self.try_button.setText(self.tr("Try it…"))
        self.try_button.setToolTip(self.tr("Run the action with values you type"))
        for label, text in zip(
            self.row_labels,
            (
                self.tr("Calls"),
                self.tr("Function"),
                self.tr("Method"),
                self.tr("URL"),
                self.tr("Headers"),
                self.tr("JSON body"),
                self.tr("Inputs"),
                self.tr("Timeout"),
            ),
            strict=True,
        ):
            label.setText(text)
        # the method's combo sits on the first row: its label's text names it
        self.method_combo.setToolTip(plain_tooltip(self.row_labels[2].text()))
        self.method_combo.setAccessibleName(self.row_labels[2].text())

    # --- showing -----------------------------------------------------------------------------

    def show_step(self, session: EditSession | None, step_id: str | None, step: Any) -> None:
        """Show ``step`` (its YAML values) of ``session``."""
        self.session, self.step_id = session, step_id
        step = step if isinstance(step, dict) else {}
        call = step.get("call")
        call = call if isinstance(call, dict) else {}
        http = call.get("http")
        is_http = isinstance(http, dict)
        http = http if isinstance(http, dict) else {}
        self._filling = True
        try:
            self.python_radio.setChecked(not is_http)
            self.http_radio.setChecked(is_http)
            self.form.setRowVisible(self.function_combo, not is_http)
            self.method_combo.setVisible(is_http)
            http_fields: tuple[QWidget, ...] = (
                self.url_edit,
                self.headers_edit,
                self.json_edit,
            )
            for widget in http_fields:
                self.form.setRowVisible(widget, is_http)
            self._fill_functions(str(call.get("python") or ""))
            self.method_combo.setCurrentText(str(http.get("method") or HttpMethod.GET.value))
            _set_line(self.url_edit, http.get("url"))
            self.headers_edit.load(headers_text(http.get("headers")))
            body = http.get("json")
            self.json_edit.load(
                "" if body is None else json.dumps(body, ensure_ascii=False, indent=1)
            )
            inputs = step.get("inputs")
            names = [str(n) for n in inputs] if isinstance(inputs, list) else []
            _set_line(self.inputs_edit, ", ".join(names))
            timeout = step.get("timeout_s")
            number = float(timeout) if isinstance(timeout, int | float) else 0.0
            self.timeout_spin.setValue(number)
        finally:
            self._filling = False

    def module_functions(self) -> list[str]:
        """The functions the scenario's actions module defines (read from its source)."""
        session = self.session
        if session is None:
            return []
        document = session.document
        relative = (
            document.get(("actions", "module")) if document.has(("actions", "module")) else None
        )
        target = resolve_inside(session.folder, str(relative or DEFAULT_MODULE))
        if target is None:
            return []
        module = read_action_module(target)
        return [name for name, found in module.functions.items() if found.is_function]

    def _fill_functions(self, current: str) -> None:
        combo = self.function_combo
        names = self.module_functions()
        if current and current not in names:
            names = [current, *names]
        if [combo.itemText(i) for i in range(combo.count())] != names:
            combo.clear()
            combo.addItems(names)
        combo.setEditText(current)
        line = combo.lineEdit()
        if line is not None:
            line.setCursorPosition(0)  # the name's start shows in a narrow form

    # --- editing -----------------------------------------------------------------------------

    def _path(self, *parts: str) -> tuple[str, ...]:
        assert self.step_id is not None
        return ("steps", self.step_id, *parts)

    def _ready(self) -> bool:
        return not self._filling and self.session is not None and self.step_id is not None

    def _set(self, parts: tuple[str, ...], value: Any) -> None:
        if not self._ready() or value in ("", None):
            return
        assert self.session is not None
        commands.set_field(self.session.undo_stack, self.session, self._path(*parts), value)

    def _clear(self, parts: tuple[str, ...]) -> None:
        assert self.session is not None
        path = self._path(*parts)
        if self.session.document.has(path):
            commands.push(self.session.undo_stack, commands.DeleteKeyCommand(self.session, path))

    def _switch(self, kind: str) -> None:
        """Make the step call a Python function, or an HTTP endpoint (one undoable edit)."""
        if not self._ready():
            return
        assert self.session is not None and self.step_id is not None
        document = self.session.document
        current = document.get(self._path("call")) if document.has(self._path("call")) else None
        if isinstance(current, dict) and kind in current:
            return
        value: dict[str, Any]
        if kind == "python":
            functions = self.module_functions()
            name = functions[0] if functions and self.step_id not in functions else self.step_id
            value = {"python": name}
        else:
            value = {"http": {"method": HttpMethod.POST.value, "url": "http://127.0.0.1/"}}
        commands.set_field(self.session.undo_stack, self.session, self._path("call"), value)

    def _set_function(self) -> None:
        name = self.function_combo.currentText().strip()
        if not self._ready() or not name:
            return
        if not IDENTIFIER.match(name):
            self.notice.emit(self.tr("“%s” cannot be a function name") % name)
            return
        self._set(("call", "python"), name)

    def _set_headers(self, text: str) -> None:
        if not self._ready():
            return
        try:
            headers = parse_headers(text)
        except ValueError as problem:
            self.notice.emit(self.tr("Headers: %s") % str(problem))
            return
        if headers:
            self._set(("call", "http", "headers"), headers)
        else:
            self._clear(("call", "http", "headers"))

    def _set_json(self, text: str) -> None:
        if not self._ready():
            return
        if not text.strip():
            self._clear(("call", "http", "json"))
            return
        try:
            body = json.loads(text)
        except ValueError as problem:
            self.notice.emit(self.tr("The JSON body is not JSON: %s") % str(problem))
            return
        self._set(("call", "http", "json"), body)

    def _set_inputs(self) -> None:
        if not self._ready():
            return
        names = [name.strip() for name in self.inputs_edit.text().split(",") if name.strip()]
        bad = [name for name in names if not IDENTIFIER.match(name)]
        if bad:
            self.notice.emit(self.tr("not a variable name: %s") % ", ".join(bad))
            return
        if names:
            self._set(("inputs",), names)
        else:
            self._clear(("inputs",))

    def _set_timeout(self) -> None:
        if not self._ready():
            return
        value = round(self.timeout_spin.value(), 1)
        if value <= 0:
            self._clear(("timeout_s",))
        else:
            self._set(("timeout_s",), int(value) if value.is_integer() else value)

    def focus_target(self, path: list[str]) -> QWidget:
        """The field of ``call`` at ``path`` (``["http", "url"]``), where a problem points."""
        fields: dict[str, QWidget] = {
            "url": self.url_edit,
            "headers": self.headers_edit,
            "json": self.json_edit,
            "method": self.method_combo,
        }
        found: QWidget = next(
            (fields[part] for part in path if part in fields), self.function_combo
        )
        return found

    def try_it(self) -> None:
        if self.session is not None and self.step_id is not None:
            self.open_trial(self.session, self.step_id, self.trust, self)


def _set_line(edit: QLineEdit, value: Any) -> None:
    text = "" if value is None else str(value)
    if edit.text() != text:
        edit.setText(text)
        edit.setCursorPosition(0)


def _open_trial(session: EditSession, step_id: str, trust: FolderTrust, parent: QWidget) -> object:
    from app.try_action import TryActionDialog  # the dialog is built when first asked for

    dialog = TryActionDialog(session, step_id, trust, parent)
    dialog.show()
    return dialog


__all__ = ["ActionForm", "CommittingTextEdit", "headers_text", "parse_headers"]
