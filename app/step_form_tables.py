"""The step form's two tables: the step's transitions and its results, each with its details.

Each table shows what fits a narrow pane (no sideways scrolling); the selected row's longer fields
are edited in the fields under it. A cell edited in place (a signal renamed, a target chosen, a
result retyped) becomes one undo command, refused with a notice when the name is not valid.
:class:`~app.step_form.StepForm` builds the widgets and refreshes them from the document; these
parts fill the tables and turn their edits into commands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QInputDialog,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from app import commands
from app.edit_session import EditSession
from app.i18n.locale_text import number
from app.plain_text import plain_tooltip
from app.widgets import fill_typed_rows, fit_columns
from engine.scenario.actions import BUILT_IN_OUTCOMES
from engine.scenario.definition import IDENTIFIER, STAY, StepKind, ValueType, unique_name


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


_ABSENT = object()


#: A guard shown by its names in the transitions table up to this many characters, else
#: counted ("15 variables"; the tooltip and the field under the table list them all).
GUARD_SHOWN = 18


class StepTables(QWidget):
    """The transitions and results tables of a :class:`~app.step_form.StepForm` (a part of it)."""

    # what the form holds and these tables use (the form builds them)
    session: EditSession | None
    step_id: str | None
    step_ids: QStringListModel
    _filling: bool
    _forms: dict[str, QFormLayout]
    transitions: QTableWidget
    transition_description: QLineEdit
    transition_requires: QLineEdit
    results: QTableWidget
    result_description: QLineEdit
    result_values: QLineEdit
    notice: Signal
    refresh: Callable[[], None]
    _raw: Callable[..., Any]

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
        target = _likely_target(self.step_ids.stringList(), self.step_id, self._targets())
        name = unique_name("next", taken)
        if self._raw("kind") == StepKind.ACTION.value:  # an action's edges are its outcomes
            name = next((o for o in BUILT_IN_OUTCOMES if o not in taken), None) or unique_name(
                "outcome", taken
            )
        commands.connect_steps(self.session.undo_stack, self.session, self.step_id, target, name)

    def _targets(self) -> set[str]:
        """The steps this step's transitions already lead to."""
        current = self._raw("transitions")
        if not isinstance(current, dict):
            return set()
        return {
            str(spec.get("to"))
            for spec in current.values()
            if isinstance(spec, dict) and spec.get("to") is not None
        }

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


__all__ = ["StepTables"]


def _likely_target(steps: list[str], source: str, taken: set[str]) -> str:
    """Where a new transition of ``source`` most likely leads: the first step after it (in the
    scenario's order, going round) that none of its transitions reaches yet — not the start
    step, which a new edge almost never targets."""
    if source not in steps:
        return steps[0] if steps else source
    at = steps.index(source)
    ahead = steps[at + 1 :] + steps[:at]
    return next((step for step in ahead if step not in taken), ahead[0] if ahead else source)
