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
``linked-outside-folder``  error     ``tests/``, ``tests/personas/`` or a file in them is a link
                                     that leads outside the folder (never read, never written)
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
``unknown-signal-in-text`` warning   instructions name a signal their step does not have (in
                                     backticks, or a snake_case word): one of another step, or
                                     one deleted or renamed
``unused-variable``        warning   a declared variable that nothing sets or nothing uses
``result-type-mismatch``   error     a result updates a variable of another type (an ``enum``
                                     result may update a ``string`` variable: every value is one)
``bad-default``            error     a variable's default does not fit its type
``message-transitions``    error     a message step has more than one transition
``message-without-text``   error     a message step has no text to send
``message-results``        warning   a message step declares results (no model fills them)
``ignored-text``           warning   a prompt step has ``text`` (only message steps send it)
``untranslated-scaffolding`` warning the engine has no (or no full) table of its prompt texts in
                                     the scenario's ``language``: English fills the gaps
``action-without-call``    error     an action step says nothing to call
``unknown-action-function`` error    ``call: {python: NAME}`` names no function of the module
``bad-action-module``      error     the actions module is not valid Python
``input-not-accepted``     error     an input is not a parameter of the Python function
``undeclared-input``       error     an input names no variable and no result
``bad-action-url``         error     an HTTP action's URL is not http(s), or its host is filled in
``host-not-allowed``       error     an HTTP action's host is not in ``actions.allow_hosts``
``env-outside-headers``    error     ``${NAME}`` outside an HTTP action's headers
``env-header``             warning   an HTTP action sends an environment variable (``${NAME}`` in
                                     a header) to its host: check it is meant for that service
``action-without-error``   error     an action step has no ``error`` transition
``outcome-never-taken``    warning   a transition for an outcome the Python action never returns
``unhandled-outcome``      warning   an outcome the action returns has no transition (it takes
                                     ``error``)
``ignored-action-field``   warning   ``call``/``inputs``/``timeout_s`` on a step that is not an
                                     action, or ``instructions``/``text`` on one that is
=========================  ========  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.scenario.validate.checker import Checker, Finding, Severity
from engine.scenario.validate.rules_actions import check_actions
from engine.scenario.validate.rules_files import check_files
from engine.scenario.validate.rules_graph import (
    check_requirements,
    check_shape,
    check_start,
    check_transitions,
)
from engine.scenario.validate.rules_language import check_language
from engine.scenario.validate.rules_steps import check_steps
from engine.scenario.validate.rules_texts import (
    check_placeholders,
    check_signal_mentions,
    check_unset_placeholders,
    check_variables,
)

#: Every family of rules, in the order a pass runs them.
RULES: tuple[Callable[[Checker], Iterator[Finding]], ...] = (
    check_start,
    check_transitions,
    check_shape,
    check_requirements,
    check_steps,
    check_actions,
    check_files,
    check_placeholders,
    check_unset_placeholders,
    check_signal_mentions,
    check_variables,
    check_language,
)


def validate(scenario: Scenario) -> list[Finding]:
    """Every finding for ``scenario``, sorted by file, line and column."""
    check = Checker(scenario)
    findings = [finding for rule in RULES for finding in rule(check)]
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


__all__ = ["Finding", "Severity", "check_folder", "has_errors", "load_and_check", "validate"]
