"""What every rule of the validator shares: the :class:`Finding`, and one pass's :class:`Checker`.

The checker computes the scenario's graph, its conversation paths, what the start reaches and
where each variable may be set, once per validation; each rule module
(:mod:`.rules_graph`, :mod:`.rules_steps`, :mod:`.rules_files`, :mod:`.rules_texts`) is a
family of rules that reads it and yields findings located with :meth:`Checker.at`. The value
type helpers say whether a value or a result fits a variable, for the step and variable rules.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from engine.errors import ScenarioError
from engine.scenario import graph as graphs
from engine.scenario.definition import Scenario, ValueType, Variable

Severity = Literal["error", "warning"]


class Finding(ScenarioError):
    """One problem the validator found; ``code`` is stable, the message is for people."""

    def __init__(
        self,
        code: str,
        severity: Severity,
        message: str,
        *,
        path: Path | str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
        hint: str | None = None,
        step: str | None = None,
    ) -> None:
        self.code = code
        self.step = step
        super().__init__(
            message,
            path=path,
            line=line,
            column=column,
            field=field,
            hint=hint,
            severity=severity,
        )

    def sort_key(self) -> tuple[str, int, int, str]:
        return (str(self.path or ""), self.line or 0, self.column or 0, self.code)


class Checker:
    """One validation pass. The graph and its reachability are computed once; each rule reads
    them and yields its findings."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.graph = graphs.scenario_graph(scenario)
        self.paths = graphs.conversation_paths(self.graph)
        self.reachable = graphs.reachable_from_start(self.graph, self.paths)
        #: Where each variable may be set or unset, for all variables in one pass.
        self.flow = graphs.VariableFlow(self.graph, self.paths)
        self.yaml_path = scenario.yaml_path

    def at(
        self,
        code: str,
        severity: Severity,
        message: str,
        *field: str,
        hint: str | None = None,
        step: str | None = None,
    ) -> Finding:
        """A finding located at ``field`` of scenario.yaml (or its nearest marked ancestor)."""
        line, column = self.scenario.mark(*field) or (None, None)
        return Finding(
            code,
            severity,
            message,
            path=self.yaml_path,
            line=line,
            column=column,
            field=".".join(part for part in field if part != "<key>") or None,
            hint=hint,
            step=step,
        )

    def step_key(self, step_id: str) -> tuple[str, ...]:
        return ("steps", step_id, "<key>")


def did_you_mean(name: str, known: Mapping[str, Any]) -> str | None:
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None


def result_fits(
    result_type: ValueType,
    result_values: list[str] | None,
    variable_type: ValueType,
    variable_values: list[str] | None,
) -> bool:
    """Whether a result of this type may update a variable of that type: the same type (an
    enum's values among the variable's), or an enum into a string (every value is a string).
    A string into an enum is refused: the model could answer any text."""
    if result_type is ValueType.ENUM and variable_type is ValueType.STRING:
        return True
    if result_type is not variable_type:
        return False
    return result_type is not ValueType.ENUM or not (
        set(result_values or ()) - set(variable_values or ())
    )


def describe_type(value_type: ValueType, values: list[str] | None) -> str:
    if value_type is ValueType.ENUM:
        return f"an enum of {', '.join(values or [])}"
    article = "an" if value_type.value[0] in "aeiou" else "a"
    return f"{article} {value_type.value}"


def fits(variable: Variable, value: Any) -> bool:
    kind = variable.type
    if kind is ValueType.STRING:
        return isinstance(value, str)
    if kind is ValueType.INTEGER:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is ValueType.NUMBER:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is ValueType.BOOLEAN:
        return isinstance(value, bool)
    if kind is ValueType.LIST:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    return value in (variable.values or ())


__all__ = [
    "Checker",
    "Finding",
    "Severity",
    "describe_type",
    "did_you_mean",
    "fits",
    "result_fits",
]
