"""Rules on action steps: what they call exists and may be reached, and every outcome leads on.

An action step must say what it calls; a Python action must name a function the actions module
defines (read from its source, never run: :mod:`engine.scenario.action_module`); an HTTP action
must reach a host of ``actions.allow_hosts`` written out in its URL, and read the environment
(``${NAME}``) in its headers only. Its inputs must name variables or results, and its outcomes
must all lead somewhere: an ``error`` transition is required (an exception is always possible),
an outcome the action can never produce is reported, and one it can produce with no transition
of its own is reported too (the conversation then takes ``error``). ``timeout`` is always
possible, so a ``timeout`` transition is never reported. Placeholders in an HTTP request are
checked with every other text (:mod:`.rules_texts`).
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

from engine.scenario.action_module import ActionModule, read_action_module
from engine.scenario.actions import ERROR, OK, TIMEOUT, env_references, http_texts
from engine.scenario.definition import PLACEHOLDER, Step, StepKind
from engine.scenario.loader import resolve_inside
from engine.scenario.validate.checker import Checker, Finding, did_you_mean


def check_actions(check: Checker) -> Iterator[Finding]:
    module: ActionModule | None = None
    module_read = False
    for step_id, step in check.scenario.steps.items():
        if step.kind is not StepKind.ACTION:
            yield from _check_ignored_call(check, step_id, step)
            continue
        yield from _check_ignored_talk(check, step_id, step)
        yield from _check_inputs(check, step_id, step)
        call = step.call
        if call is None:
            yield check.at(
                "action-without-call",
                "error",
                f"action step {step_id!r} says nothing to call",
                *check.step_key(step_id),
                hint="add 'call: {python: FUNCTION}' or 'call: {http: {url: ...}}'",
                step=step_id,
            )
            continue
        possible: frozenset[str] | None = frozenset({OK, ERROR, TIMEOUT})
        if call.python is not None:
            if not module_read:
                module, module_read = _module(check), True
            found, possible = _check_function(check, step_id, call.python, module)
            yield from found
        elif call.http is not None:
            possible = None  # the service may name any outcome
            yield from _check_http(check, step_id, step)
        yield from _check_outcomes(check, step_id, step, possible)
    if module is not None and module.problem is not None and module.exists:
        problem = module.problem
        yield Finding(
            "bad-action-module",
            "error",
            problem.message,
            path=problem.path,
            line=problem.location.line,
            column=problem.location.column,
            field="actions.module",
        )


# --- what the step calls --------------------------------------------------------------------


def _module(check: Checker) -> ActionModule | None:
    root = check.scenario.root
    if root is None:
        return None
    target = resolve_inside(root, check.scenario.actions.module)
    if target is None:
        return None
    return read_action_module(target)


def _check_function(
    check: Checker, step_id: str, name: str, module: ActionModule | None
) -> tuple[list[Finding], frozenset[str] | None]:
    """Findings on ``call: {python: name}``, and the outcomes the function can return."""
    where = ("steps", step_id, "call", "python")
    relative = check.scenario.actions.module
    root = check.scenario.root
    if root is None:
        return [], None  # a scenario built in memory: no module to read
    if resolve_inside(root, relative) is None:
        return [
            check.at(
                "file-outside-folder",
                "error",
                f"the actions module {relative!r} is outside the scenario folder",
                "actions",
                "module",
                hint="use a path relative to the folder, without '..'",
            )
        ], None
    if module is None or not module.exists:
        return [
            check.at(
                "missing-file",
                "error",
                f"step {step_id!r} calls {name!r}, but the actions module {relative!r} "
                "does not exist",
                *where,
                hint=f"write {relative} with 'def {name}(..., context): ...'",
                step=step_id,
            )
        ], None
    if module.problem is not None:
        return [], None  # reported once, for the module
    function = module.functions.get(name)
    if function is None:
        return [
            check.at(
                "unknown-action-function",
                "error",
                f"step {step_id!r} calls {name!r}, which {relative} does not define",
                *where,
                hint=did_you_mean(name, module.functions) or f"add 'def {name}(...)' to {relative}",
                step=step_id,
            )
        ], None
    if not function.is_function:
        return [], None
    findings: list[Finding] = []
    accepted = function.parameters
    step = check.scenario.steps[step_id]
    if accepted is not None:
        for index, input_name in enumerate(step.inputs):
            if input_name not in accepted:
                findings.append(
                    check.at(
                        "input-not-accepted",
                        "error",
                        f"step {step_id!r} hands {input_name!r} to {name}(), which takes no "
                        f"such parameter",
                        "steps",
                        step_id,
                        "inputs",
                        str(index),
                        hint=f"add '{input_name}' to the parameters of {name} in {relative}",
                        step=step_id,
                    )
                )
    possible = None
    if function.outcomes is not None:
        possible = function.outcomes | {ERROR, TIMEOUT}
    return findings, possible


def _check_http(check: Checker, step_id: str, step: Step) -> Iterator[Finding]:
    call = step.call
    request = call.http if call is not None else None
    if request is None:
        return
    base = ("steps", step_id, "call", "http")
    allowed = check.scenario.actions.allow_hosts
    url = request.url
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        yield check.at(
            "bad-action-url",
            "error",
            f"step {step_id!r}: {url!r} is not an http or https URL",
            *base,
            "url",
            hint="write it in full: http://host/path or https://host/path",
            step=step_id,
        )
    elif PLACEHOLDER.search(parts.netloc) or "{{" in parts.netloc:
        yield check.at(
            "bad-action-url",
            "error",
            f"step {step_id!r}: the host of {url!r} must be written out, not filled in",
            *base,
            "url",
            hint="placeholders may fill the path and the query, never the host",
            step=step_id,
        )
    elif (parts.hostname or "") not in allowed:
        host = parts.hostname or parts.netloc
        yield check.at(
            "host-not-allowed",
            "error",
            f"step {step_id!r} calls {host!r}, which is not in actions.allow_hosts",
            *base,
            "url",
            hint=f"add {host} to 'actions: {{allow_hosts: [...]}}' if it may be reached",
            step=step_id,
        )
    host = parts.hostname or parts.netloc
    for path, text in http_texts(request):
        if path[0] == "headers":
            for name in env_references(text):
                yield check.at(
                    "env-header",
                    "warning",
                    f"step {step_id!r} sends the environment variable {name} to {host!r} "
                    f"in its {path[1]} header",
                    *base,
                    *path,
                    hint="check that this variable is one meant for that service: a scenario "
                    "from elsewhere could send any of yours (an API key, a cloud secret); the "
                    "studio runs it only once you trust the folder",
                    step=step_id,
                )
            continue
        if not env_references(text):
            continue
        yield check.at(
            "env-outside-headers",
            "error",
            f"step {step_id!r}: ${{{env_references(text)[0]}}} is read from the environment "
            "in headers only",
            *base,
            *path,
            hint="secrets go in a header (Authorization: Bearer ${TOKEN}); never in the URL "
            "or the body, where they would be logged",
            step=step_id,
        )


# --- inputs and outcomes --------------------------------------------------------------------


def _check_inputs(check: Checker, step_id: str, step: Step) -> Iterator[Finding]:
    known = dict.fromkeys(check.scenario.variables)
    for other in check.scenario.steps.values():
        known.update(dict.fromkeys(other.results))
    for index, name in enumerate(step.inputs):
        if name not in known:
            yield check.at(
                "undeclared-input",
                "error",
                f"step {step_id!r} hands {name!r} to its action, but no variable or result "
                "has that name",
                "steps",
                step_id,
                "inputs",
                str(index),
                hint=did_you_mean(name, known) or "declare it under 'variables:'",
                step=step_id,
            )


def _check_outcomes(
    check: Checker, step_id: str, step: Step, possible: frozenset[str] | None
) -> Iterator[Finding]:
    transitions = step.transitions
    if ERROR not in transitions:
        yield check.at(
            "action-without-error",
            "error",
            f"action step {step_id!r} has no 'error' transition; an action can always fail",
            *_transitions_key(check, step_id, step),
            hint="add 'error: {to: ...}' (a timeout takes it too, unless 'timeout' is given)",
            step=step_id,
        )
    if possible is None:
        return
    for outcome in transitions:
        if outcome not in possible and outcome != TIMEOUT:
            yield check.at(
                "outcome-never-taken",
                "warning",
                f"step {step_id!r} has a transition for outcome {outcome!r}, which its action "
                "never returns",
                "steps",
                step_id,
                "transitions",
                outcome,
                "<key>",
                hint="return {'outcome': '" + outcome + "', 'results': {...}} from the action, "
                "or remove the transition",
                step=step_id,
            )
    for outcome in sorted(possible - set(transitions) - {ERROR, TIMEOUT}):
        yield check.at(
            "unhandled-outcome",
            "warning",
            f"the action of step {step_id!r} can return outcome {outcome!r}, which has no "
            "transition: the conversation takes 'error' then",
            *_transitions_key(check, step_id, step),
            hint=f"add '{outcome}: {{to: ...}}'",
            step=step_id,
        )


def _transitions_key(check: Checker, step_id: str, step: Step) -> tuple[str, ...]:
    """Where a finding on a step's outcomes points: its ``transitions`` key, else the step."""
    if step.transitions:
        return ("steps", step_id, "transitions", "<key>")
    return check.step_key(step_id)


# --- fields that do nothing where they are ---------------------------------------------------


def _check_ignored_call(check: Checker, step_id: str, step: Step) -> Iterator[Finding]:
    for name, present in (
        ("call", step.call is not None),
        ("inputs", bool(step.inputs)),
        ("timeout_s", step.timeout_s is not None),
    ):
        if present:
            yield check.at(
                "ignored-action-field",
                "warning",
                f"step {step_id!r} is a {step.kind.value} step: its {name!r} is never used",
                "steps",
                step_id,
                name,
                "<key>",
                hint="use 'kind: action' for a step that calls something",
                step=step_id,
            )


def _check_ignored_talk(check: Checker, step_id: str, step: Step) -> Iterator[Finding]:
    for name, present in (
        ("instructions", step.instructions is not None),
        ("text", step.text is not None),
    ):
        if present:
            yield check.at(
                "ignored-action-field",
                "warning",
                f"action step {step_id!r} never talks: its {name!r} is never used",
                "steps",
                step_id,
                name,
                "<key>",
                hint="the step after it talks; use {{results}} there",
                step=step_id,
            )


__all__ = ["check_actions"]
