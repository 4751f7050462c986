"""Rules on the texts placeholders are filled in, and on the variables they name.

A ``{{placeholder}}`` must name a variable or a result, and should have a value on every way to
its text; a variable should be set by something and used by something, and its default fit
its type. A step's instructions should name only signals the step has: a transition deleted or
renamed leaves its name in the text, and a model told to send it is refused
(:func:`check_signal_mentions`). Problems inside a persona or instruction file are located at
their line and column.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.scenario.actions import http_texts
from engine.scenario.definition import BRACED, PLACEHOLDER, STAY, StepKind
from engine.scenario.validate.checker import Checker, Finding, describe_type, did_you_mean, fits


@dataclass(frozen=True)
class _Text:
    """A text the engine fills placeholders in, and where it comes from."""

    text: str
    path: Path | None
    field: str
    step: str | None
    #: True for a string written inside scenario.yaml (a message step's ``text``).
    in_yaml: bool = False
    #: Where that string is written; ``None`` for a scenario built in memory.
    yaml_mark: tuple[int, int] | None = None
    #: True for an HTTP action's request: an unset value is sent empty (or null), not as written.
    fills_unset: bool = False


def check_placeholders(check: Checker) -> Iterator[Finding]:
    known = _known_names(check)
    for source in _texts(check):
        for match in BRACED.finditer(source.text):
            placeholder = PLACEHOLDER.fullmatch(match.group(0))
            line, column = _position(source, match.start())
            if placeholder is None:
                yield Finding(
                    "malformed-placeholder",
                    "warning",
                    f"{match.group(0)!r} is not a placeholder: it is sent as written",
                    path=source.path,
                    line=line,
                    column=column,
                    field=source.field,
                    hint="a placeholder is a variable name in double braces: {{name}}",
                    step=source.step,
                )
            elif placeholder.group(1) not in known:
                name = placeholder.group(1)
                yield Finding(
                    "undeclared-placeholder",
                    "error",
                    f"placeholder {{{{{name}}}}} names no variable or result",
                    path=source.path,
                    line=line,
                    column=column,
                    field=source.field,
                    hint=did_you_mean(name, known) or "declare it under 'variables:'",
                    step=source.step,
                )


#: How an instruction names a signal: an identifier in backticks (`` `agreed` ``), or a
#: snake_case word (``back_to_review``) outside a placeholder's braces.
_BACKTICKED = re.compile(r"`([a-z][a-z0-9_]*)`")
_SNAKE_CASE = re.compile(r"(?<![\w{`])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w}`])")


def check_signal_mentions(check: Checker) -> Iterator[Finding]:
    """Instructions that name a signal their step does not have: one of another step, or a
    name nothing in the scenario has (a transition deleted or renamed). A plain word (``agreed``
    outside backticks) is prose, and is not taken for a name."""
    scenario = check.scenario
    owners: dict[str, str] = {}
    for owner, declaring in scenario.steps.items():
        for signal in declaring.transitions:
            owners.setdefault(signal, owner)
    names = set(_known_names(check)) | set(scenario.steps)
    for declared in scenario.steps.values():
        for result in declared.results.values():
            names.update(result.values or ())
    for variable in scenario.variables.values():
        names.update(variable.values or ())
    for source in _texts(check):
        step = scenario.steps.get(source.step or "")
        if step is None or step.kind is not StepKind.PROMPT or source.in_yaml:
            continue
        own = {*step.transitions, STAY}
        reported: set[str] = set()
        for match in sorted(
            (*_BACKTICKED.finditer(source.text), *_SNAKE_CASE.finditer(source.text)),
            key=lambda found: found.start(),
        ):
            name = match.group(1)
            if name in own or name in reported or (name in names and name not in owners):
                continue
            reported.add(name)
            elsewhere = owners.get(name)
            line, column = _position(source, match.start(1))
            what = (
                f"a signal of step {elsewhere!r}, not of this one"
                if elsewhere is not None
                else "which is no signal of this step (nor a step, a variable or a result)"
            )
            yield Finding(
                "unknown-signal-in-text",
                "warning",
                f"the instructions name {name!r}, {what}: a model told to send it is refused",
                path=source.path,
                line=line,
                column=column,
                field=source.field,
                hint="this step's signals: "
                + (", ".join(signal for signal in step.transitions) or "none but stay")
                + " — a transition deleted or renamed must leave its text too",
                step=source.step,
            )


def check_unset_placeholders(check: Checker) -> Iterator[Finding]:
    """A placeholder whose variable may have no value is sent to the model as written."""
    variables = check.scenario.variables
    reachable = check.reachable
    for source in _texts(check):
        if source.step is None or source.step not in reachable or source.fills_unset:
            continue
        reported: set[str] = set()
        for match in PLACEHOLDER.finditer(source.text):
            name = match.group(1)
            variable = variables.get(name)
            if variable is None or variable.default is not None or name in reported:
                continue
            if not check.flow.setters(name):
                continue  # reported once as a variable nothing sets
            if check.flow.may_be_unset(name, source.step):
                reported.add(name)
                line, column = _position(source, match.start())
                yield Finding(
                    "placeholder-maybe-unset",
                    "warning",
                    f"{{{{{name}}}}} may have no value yet in step {source.step!r}: "
                    "it would be sent as written",
                    path=source.path,
                    line=line,
                    column=column,
                    field=source.field,
                    hint=f"require {name!r} on the way here, make it a required result "
                    "of an earlier step, or give it a default",
                    step=source.step,
                )


def check_variables(check: Checker) -> Iterator[Finding]:
    used = _used_variables(check)
    for name, variable in check.scenario.variables.items():
        where = ("variables", name, "<key>")
        if variable.default is not None and not fits(variable, variable.default):
            yield check.at(
                "bad-default",
                "error",
                f"the default of {name!r} does not fit its type "
                f"({describe_type(variable.type, variable.values)})",
                "variables",
                name,
                "default",
            )
        is_set = variable.default is not None or bool(check.flow.setters(name))
        if not is_set and name not in used:
            yield check.at(
                "unused-variable",
                "warning",
                f"variable {name!r} is declared but nothing sets or uses it",
                *where,
                hint="remove it, or add a step result with its name",
            )
        elif not is_set:
            yield check.at(
                "unused-variable",
                "warning",
                f"variable {name!r} is used but nothing sets it",
                *where,
                hint=f"add a result {name!r} to a step, or give it a default",
            )
        elif name not in used:
            yield check.at(
                "unused-variable",
                "warning",
                f"variable {name!r} is set but nothing uses it",
                *where,
                hint="use it as {{" + name + "}} in a text, or in 'requires'",
            )


def _texts(check: Checker) -> Iterator[_Text]:
    scenario = check.scenario
    root = scenario.root
    if scenario.persona_text:
        yield _Text(scenario.persona_text, _file(root, scenario.persona), "persona", None)
    for step_id, step in scenario.steps.items():
        if step.instructions_text:
            path = _file(root, step.instructions)
            field = f"steps.{step_id}.instructions"
            yield _Text(step.instructions_text, path, field, step_id)
        if step.kind is StepKind.MESSAGE and step.text:
            mark = scenario.mark("steps", step_id, "text")
            field = f"steps.{step_id}.text"
            yield _Text(step.text, check.yaml_path, field, step_id, True, mark)
        if step.kind is StepKind.ACTION and step.call is not None and step.call.http is not None:
            for where, text in http_texts(step.call.http):
                at = ("steps", step_id, "call", "http", *where)
                field = ".".join(at)
                mark = scenario.mark(*at)
                yield _Text(text, check.yaml_path, field, step_id, True, mark, fills_unset=True)


def _known_names(check: Checker) -> dict[str, None]:
    """What a placeholder may name (:attr:`Scenario.placeholder_names`, the studio's rule too)."""
    return dict.fromkeys(check.scenario.placeholder_names)


def _used_variables(check: Checker) -> set[str]:
    used = {
        name
        for step in check.scenario.steps.values()
        for transition in step.transitions.values()
        for name in transition.requires
    }
    for source in _texts(check):
        used.update(match.group(1) for match in PLACEHOLDER.finditer(source.text))
    for step in check.scenario.steps.values():
        if step.kind is StepKind.ACTION:
            used.update(step.inputs)
    return used


def _file(root: Path | None, relative: str | None) -> Path | None:
    if relative is None:
        return None
    if root is None:
        return Path(relative)
    return root / relative  # as the author would write it, not resolved through symlinks


def _position(source: _Text, offset: int) -> tuple[int | None, int | None]:
    """The 1-based line and column in its file of ``offset`` in ``source.text``.

    Inside a file the position is exact. A YAML string may be quoted, folded or a block, so its
    characters do not map back to columns: the string's own mark is given instead.
    """
    if source.in_yaml:
        return source.yaml_mark or (None, None)
    before = source.text[:offset]
    return 1 + before.count("\n"), 1 + offset - (before.rfind("\n") + 1)


__all__ = [
    "check_placeholders",
    "check_signal_mentions",
    "check_unset_placeholders",
    "check_variables",
]
