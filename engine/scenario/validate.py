"""Check a loaded scenario for mistakes its author must hear about before anyone chats with it.

The loader already refuses what cannot be a scenario at all (bad YAML, unknown keys, wrong
types). The validator looks at what *parses* but cannot work: a transition to a step that does
not exist, a step nobody can reach, a conversation that can never end, a guard that can never be
satisfied, a missing instruction file, a ``{{placeholder}}`` naming no variable…

Each problem is a :class:`Finding`: a :class:`ScenarioError` with a ``severity`` (``error``: the
scenario will misbehave; ``warning``: probably a mistake, but it runs), a stable ``code`` (tools
and tests match on it, never on the wording), the ``step`` it concerns, and a location — the YAML
marks kept by the loader for ``scenario.yaml``, the line and column in the file for problems
inside an instruction or persona file.

Codes and severities:

=========================  ========  ==========================================================
``unknown-start``          error     ``start`` names no step
``unknown-target``         error     a transition leads to a step that does not exist
``unreachable-step``       warning   no path from ``start`` leads to the step
``dead-end``               error     a non-final step has no transitions: the chat is stuck
``final-transitions``      warning   a final step has transitions (entering it ends the chat)
``trap``                   warning   no final step can be reached from the step
``no-final-step``          warning   the scenario has no final step at all
``reserved-signal``        error     a step declares ``stay`` (implicit in every step)
``duplicate-signal``       warning   two signals of a step differ only in case
``undeclared-requirement`` error     ``requires`` names a variable that is not declared
``unsettable-requirement`` error     no step on the way to the transition sets the variable
``missing-instructions``   error     a prompt step has no instructions
``missing-file``           error     a referenced file does not exist
``file-outside-folder``    error     a referenced path is absolute or escapes the folder
``unreadable-file``        error     a referenced file is not a regular file (a FIFO, a device,
                                     a folder), or not UTF-8 text
``file-too-large``         error     a referenced file is over ``limits.MAX_TEXT_FILE_BYTES``
                                     (it is not read, and never sent)
``large-file``             warning   a referenced file is over ``limits.WARN_TEXT_FILE_BYTES``:
                                     all of it is sent on every call of its step
``empty-file``             warning   a referenced file is empty
``no-persona``             warning   no persona file: the model gets no global instructions
``undeclared-placeholder`` error     ``{{name}}`` names no variable and no step result
``malformed-placeholder``  warning   ``{{ … }}`` that is not a variable name is sent as is
``placeholder-maybe-unset`` warning  a way from the start reaches the text before it is set
``unused-variable``        warning   a declared variable that nothing sets or nothing uses
``result-type-mismatch``   error     a result updates a variable of another type (an ``enum``
                                     result may update a ``string`` variable: every value is one)
``bad-default``            error     a variable's default does not fit its type
``message-transitions``    error     a message step has more than one transition
``message-without-text``   error     a message step has no text to send
``message-results``        warning   a message step declares results (no model fills them)
``ignored-text``           warning   a prompt step has ``text`` (only message steps send it)
=========================  ========  ==========================================================
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from engine.errors import ScenarioError, ScenarioErrors, UnreadableFile
from engine.limits import MAX_TEXT_FILE_BYTES, WARN_TEXT_FILE_BYTES
from engine.scenario import graph as graphs
from engine.scenario.loader import load_scenario, read_referenced, resolve_inside
from engine.scenario.model import (
    BRACED,
    PLACEHOLDER,
    RESERVED_SIGNALS,
    Scenario,
    Step,
    StepKind,
    ValueType,
    Variable,
)
from engine.textio import describe_size

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

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def sort_key(self) -> tuple[str, int, int, str]:
        return (str(self.path or ""), self.line or 0, self.column or 0, self.code)


def validate(scenario: Scenario) -> list[Finding]:
    """Every finding for ``scenario``, sorted by file, line and column."""
    checker = _Checker(scenario)
    findings = list(checker.run())
    return sorted(findings, key=Finding.sort_key)


def check_folder(folder: Path | str) -> list[ScenarioError]:
    """Load and validate a scenario folder: load errors, or else the validator's findings.

    This is what ``python -m engine validate`` and the studio's "Check" report. Load errors are
    all errors (a scenario that does not load has nothing else to check).
    """
    return load_and_check(folder)[1]


def load_and_check(folder: Path | str) -> tuple[Scenario | None, list[ScenarioError]]:
    """The loaded scenario (``None`` if it does not load) and :func:`check_folder`'s findings.

    ``chat`` and ``export-drawio`` run a scenario only when no finding is an error.
    """
    try:
        scenario = load_scenario(folder)
    except ScenarioErrors as error:
        return None, list(error.errors)
    return scenario, list(validate(scenario))


def has_errors(findings: Sequence[ScenarioError]) -> bool:
    """Whether any finding is an error (warnings alone never fail a check)."""
    return any(finding.severity == "error" for finding in findings)


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


class _Checker:
    """One validation pass. The graph and its reachability are computed once; each ``check_*``
    method is one family of rules and yields its findings."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.graph = graphs.scenario_graph(scenario)
        self.paths = graphs.conversation_paths(self.graph)
        self.reachable = graphs.reachable_from_start(self.graph, self.paths)
        #: Where each variable may be set or unset, for all variables in one pass.
        self.flow = graphs.VariableFlow(self.graph, self.paths)
        self.yaml_path = scenario.yaml_path

    def run(self) -> Iterator[Finding]:
        yield from self.check_start()
        yield from self.check_transitions()
        yield from self.check_shape()
        yield from self.check_requirements()
        yield from self.check_steps()
        yield from self.check_files()
        yield from self.check_placeholders()
        yield from self.check_unset_placeholders()
        yield from self.check_variables()

    # --- helpers ---------------------------------------------------------------------------

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

    # --- checks ----------------------------------------------------------------------------

    def check_start(self) -> Iterator[Finding]:
        start = self.scenario.start
        if start not in self.scenario.steps:
            yield self.at(
                "unknown-start",
                "error",
                f"start step {start!r} does not exist",
                "start",
                hint=_did_you_mean(start, self.scenario.steps),
            )

    def check_transitions(self) -> Iterator[Finding]:
        for step_id, step in self.scenario.steps.items():
            folded: dict[str, str] = {}
            for signal, transition in step.transitions.items():
                where = ("steps", step_id, "transitions", signal)
                if signal in RESERVED_SIGNALS:
                    yield self.at(
                        "reserved-signal",
                        "error",
                        f"step {step_id!r} declares the reserved signal {signal!r}",
                        *where,
                        "<key>",
                        hint="every step can stay implicitly; remove it or rename it",
                        step=step_id,
                    )
                elif signal.lower() in RESERVED_SIGNALS:
                    yield self.at(
                        "duplicate-signal",
                        "warning",
                        f"signal {signal!r} of step {step_id!r} differs from the reserved "
                        f"{signal.lower()!r} only in case",
                        *where,
                        "<key>",
                        hint="the model will confuse them; choose another name",
                        step=step_id,
                    )
                same = folded.setdefault(signal.lower(), signal)
                if same != signal:
                    yield self.at(
                        "duplicate-signal",
                        "warning",
                        f"signals {same!r} and {signal!r} of step {step_id!r} differ only in case",
                        *where,
                        "<key>",
                        hint="the model will confuse them; merge them or rename one",
                        step=step_id,
                    )
                if transition.to not in self.scenario.steps:
                    yield self.at(
                        "unknown-target",
                        "error",
                        f"transition {signal!r} of step {step_id!r} leads to "
                        f"{transition.to!r}, which does not exist",
                        *where,
                        "to",
                        hint=_did_you_mean(transition.to, self.scenario.steps),
                        step=step_id,
                    )

    def check_shape(self) -> Iterator[Finding]:
        graph = self.graph
        steps = self.scenario.steps
        if self.scenario.start in steps:
            for step_id in steps:
                if step_id not in self.reachable:
                    yield self.at(
                        "unreachable-step",
                        "warning",
                        f"step {step_id!r} cannot be reached from the start step "
                        f"{self.scenario.start!r}",
                        *self.step_key(step_id),
                        hint="add a transition to it, or remove it",
                        step=step_id,
                    )
        for step_id, step in steps.items():
            if not step.final and not step.transitions:
                yield self.at(
                    "dead-end",
                    "error",
                    f"step {step_id!r} is not final and has no transitions: "
                    "the conversation would be stuck there",
                    *self.step_key(step_id),
                    hint="add a transition, or mark it 'final: true'",
                    step=step_id,
                )
        for step_id, step in steps.items():
            if step.final and step.transitions:
                yield self.at(
                    "final-transitions",
                    "warning",
                    f"step {step_id!r} is final, so its transitions are never taken",
                    "steps",
                    step_id,
                    "transitions",
                    "<key>",
                    hint="entering a final step ends the conversation; remove 'final' or them",
                    step=step_id,
                )
        if not graphs.final_steps(graph):
            yield self.at(
                "no-final-step",
                "warning",
                "no step is final: the conversation can never end",
                "steps",
                "<key>",
                hint="mark the closing step 'final: true'",
            )
            return
        finishing = graphs.can_finish(graph, self.paths)
        # A step that leads to a missing step is already reported; it may not be a trap at all.
        broken = graphs.reaches_missing(graph, self.paths)
        for step_id, step in steps.items():
            if step.transitions and step_id not in finishing | broken:
                yield self.at(
                    "trap",
                    "warning",
                    f"no final step can be reached from step {step_id!r}",
                    *self.step_key(step_id),
                    hint="a conversation that gets there can never end",
                    step=step_id,
                )

    def check_requirements(self) -> Iterator[Finding]:
        variables = self.scenario.variables
        for step_id, step in self.scenario.steps.items():
            for signal, transition in step.transitions.items():
                for index, name in enumerate(transition.requires):
                    where = ("steps", step_id, "transitions", signal, "requires", str(index))
                    if name not in variables:
                        hint = (
                            f"declare it under 'variables:' so the result {name!r} is kept"
                            if name in step.results
                            else _did_you_mean(name, variables) or "declare it under 'variables:'"
                        )
                        yield self.at(
                            "undeclared-requirement",
                            "error",
                            f"transition {signal!r} of step {step_id!r} requires {name!r}, "
                            "which is not a declared variable",
                            *where,
                            hint=hint,
                            step=step_id,
                        )
                        continue
                    if variables[name].default is not None or step_id not in self.reachable:
                        continue  # an unreachable step is reported as such, once
                    if not self.flow.may_be_set(name, step_id):
                        yield self.at(
                            "unsettable-requirement",
                            "error",
                            f"transition {signal!r} of step {step_id!r} requires {name!r}, "
                            "but no step before it sets that variable",
                            *where,
                            hint=f"add a result {name!r} to this step or to one before it",
                            step=step_id,
                        )

    def check_steps(self) -> Iterator[Finding]:
        for step_id, step in self.scenario.steps.items():
            if step.kind is StepKind.MESSAGE:
                yield from self._check_message_step(step_id, step)
            else:
                if step.text is not None:
                    yield self.at(
                        "ignored-text",
                        "warning",
                        f"step {step_id!r} is a prompt step: its 'text' is never sent",
                        "steps",
                        step_id,
                        "text",
                        "<key>",
                        hint="use 'kind: message' to send fixed text",
                        step=step_id,
                    )
                if not step.instructions and not step.instructions_text.strip():
                    yield self.at(
                        "missing-instructions",
                        "error",
                        f"prompt step {step_id!r} has no instructions",
                        *self.step_key(step_id),
                        hint=f"add 'instructions: steps/{step_id}.md' and write that file",
                        step=step_id,
                    )
            yield from self._check_result_types(step_id, step)

    def _check_message_step(self, step_id: str, step: Step) -> Iterator[Finding]:
        if len(step.transitions) > 1:
            yield self.at(
                "message-transitions",
                "error",
                f"message step {step_id!r} has {len(step.transitions)} transitions; "
                "it can follow only one",
                "steps",
                step_id,
                "transitions",
                "<key>",
                hint="keep one, or make it a prompt step so the model can choose",
                step=step_id,
            )
        if not (step.text or "").strip():
            yield self.at(
                "message-without-text",
                "error",
                f"message step {step_id!r} has no text to send",
                *self.step_key(step_id),
                hint="add 'text: ...'",
                step=step_id,
            )
        if step.results:
            yield self.at(
                "message-results",
                "warning",
                f"message step {step_id!r} declares results, but no model call fills them",
                "steps",
                step_id,
                "results",
                "<key>",
                step=step_id,
            )

    def _check_result_types(self, step_id: str, step: Step) -> Iterator[Finding]:
        for name, result in step.results.items():
            variable = self.scenario.variables.get(name)
            if variable is None:
                continue
            if not _result_fits(result.type, result.values, variable.type, variable.values):
                wanted = _describe_type(variable.type, variable.values)
                yield self.at(
                    "result-type-mismatch",
                    "error",
                    f"result {name!r} of step {step_id!r} is "
                    f"{_describe_type(result.type, result.values)}, but variable {name!r} is "
                    f"{wanted}",
                    "steps",
                    step_id,
                    "results",
                    name,
                    "<key>",
                    hint=f"make the result {wanted}",
                    step=step_id,
                )

    def check_files(self) -> Iterator[Finding]:
        scenario = self.scenario
        if not scenario.persona and not scenario.persona_text.strip():
            yield self.at(
                "no-persona",
                "warning",
                "the scenario has no persona: the model gets no global instructions",
                "name",
                hint="add 'persona: persona.md' and describe the bot's role and tone there",
            )
        elif scenario.persona:
            yield from self._check_file(scenario.persona, scenario.persona_text, ("persona",), None)
        for step_id, step in scenario.steps.items():
            if step.instructions:
                yield from self._check_file(
                    step.instructions,
                    step.instructions_text,
                    ("steps", step_id, "instructions"),
                    step_id,
                )

    def _check_file(
        self, relative: str, text_in_memory: str, field: tuple[str, ...], step: str | None
    ) -> Iterator[Finding]:
        root = self.scenario.root
        if root is None:
            return
        target = resolve_inside(root, relative)
        if target is None:
            yield self.at(
                "file-outside-folder",
                "error",
                f"{relative!r} is outside the scenario folder",
                *field,
                hint="use a path relative to the folder, without '..'",
                step=step,
            )
            return
        if text_in_memory.strip():
            # The studio may hold text not saved yet: that text is what the model gets.
            size = len(text_in_memory.encode("utf-8", "surrogatepass"))
            yield from self._check_size(relative, size, field, step)
            return
        try:
            text = read_referenced(root, relative)
        except UnreadableFile as error:
            yield self._unreadable(relative, target, error, field, step)
            return
        if not text.strip():
            yield self.at("empty-file", "warning", f"file {relative!r} is empty", *field, step=step)
        yield from self._check_size(relative, len(text.encode("utf-8")), field, step)

    def _unreadable(
        self,
        relative: str,
        target: Path,
        error: UnreadableFile,
        field: tuple[str, ...],
        step: str | None,
    ) -> Finding:
        root = self.scenario.root
        assert root is not None
        if error.reason == "missing":
            return self.at(
                "missing-file",
                "error",
                f"file {relative!r} does not exist",
                *field,
                hint=f"create {target.relative_to(root.resolve())}",
                step=step,
            )
        if error.reason == "too-large":
            return self.at(
                "file-too-large",
                "error",
                f"{error.message}: it is not read, and never sent to the model",
                *field,
                hint="split the text, or keep only what the model needs at this step",
                step=step,
            )
        reason = "it is not UTF-8 text" if error.reason == "not-utf8" else error.message
        return self.at(
            "unreadable-file",
            "error",
            f"cannot read {relative!r}: {reason}",
            *field,
            hint=error.hint,
            step=step,
        )

    def _check_size(
        self, relative: str, size: int, field: tuple[str, ...], step: str | None
    ) -> Iterator[Finding]:
        if size > WARN_TEXT_FILE_BYTES:
            yield self.at(
                "large-file",
                "warning",
                f"file {relative!r} is {describe_size(size)}: all of it is sent on every call "
                f"(about {size // 4:,} input tokens each time)",
                *field,
                hint=f"keep instruction files under {describe_size(WARN_TEXT_FILE_BYTES)}; "
                f"files over {describe_size(MAX_TEXT_FILE_BYTES)} are refused",
                step=step,
            )

    def check_placeholders(self) -> Iterator[Finding]:
        known = self._known_names()
        for source in self._texts():
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
                        hint=_did_you_mean(name, known) or "declare it under 'variables:'",
                        step=source.step,
                    )

    def check_unset_placeholders(self) -> Iterator[Finding]:
        """A placeholder whose variable may have no value is sent to the model as written."""
        variables = self.scenario.variables
        reachable = self.reachable
        for source in self._texts():
            if source.step is None or source.step not in reachable:
                continue
            reported: set[str] = set()
            for match in PLACEHOLDER.finditer(source.text):
                name = match.group(1)
                variable = variables.get(name)
                if variable is None or variable.default is not None or name in reported:
                    continue
                if not self.flow.setters(name):
                    continue  # reported once as a variable nothing sets
                if self.flow.may_be_unset(name, source.step):
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

    def check_variables(self) -> Iterator[Finding]:
        used = self._used_variables()
        for name, variable in self.scenario.variables.items():
            where = ("variables", name, "<key>")
            if variable.default is not None and not _fits(variable, variable.default):
                yield self.at(
                    "bad-default",
                    "error",
                    f"the default of {name!r} does not fit its type "
                    f"({_describe_type(variable.type, variable.values)})",
                    "variables",
                    name,
                    "default",
                )
            is_set = variable.default is not None or bool(self.flow.setters(name))
            if not is_set and name not in used:
                yield self.at(
                    "unused-variable",
                    "warning",
                    f"variable {name!r} is declared but nothing sets or uses it",
                    *where,
                    hint="remove it, or add a step result with its name",
                )
            elif not is_set:
                yield self.at(
                    "unused-variable",
                    "warning",
                    f"variable {name!r} is used but nothing sets it",
                    *where,
                    hint=f"add a result {name!r} to a step, or give it a default",
                )
            elif name not in used:
                yield self.at(
                    "unused-variable",
                    "warning",
                    f"variable {name!r} is set but nothing uses it",
                    *where,
                    hint="use it as {{" + name + "}} in a text, or in 'requires'",
                )

    # --- where texts and variable uses are ---------------------------------------------------

    def _texts(self) -> Iterator[_Text]:
        scenario = self.scenario
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
                yield _Text(step.text, self.yaml_path, field, step_id, True, mark)

    def _known_names(self) -> dict[str, None]:
        """What a placeholder may name: variables and any step's results (as the engine fills)."""
        names = dict.fromkeys(self.scenario.variables)
        for step in self.scenario.steps.values():
            names.update(dict.fromkeys(step.results))
        return names

    def _used_variables(self) -> set[str]:
        used = {
            name
            for step in self.scenario.steps.values()
            for transition in step.transitions.values()
            for name in transition.requires
        }
        for source in self._texts():
            used.update(match.group(1) for match in PLACEHOLDER.finditer(source.text))
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


def _did_you_mean(name: str, known: dict[str, Any]) -> str | None:
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None


def _result_fits(
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


def _describe_type(value_type: ValueType, values: list[str] | None) -> str:
    if value_type is ValueType.ENUM:
        return f"an enum of {', '.join(values or [])}"
    article = "an" if value_type.value[0] in "aeiou" else "a"
    return f"{article} {value_type.value}"


def _fits(variable: Variable, value: Any) -> bool:
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


__all__ = ["Finding", "Severity", "check_folder", "has_errors", "load_and_check", "validate"]
