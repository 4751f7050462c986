"""Check a test file against its scenario: the names it uses must exist there.

A test that names a step, a signal or a variable the scenario does not have can only fail, and
would fail with a puzzling "expected reviw, got review" after a whole run. It is reported before
anything runs, as the scenario validator reports a scenario: one located :class:`Finding` per
problem, with a stable code and a "did you mean" hint.

=========================  ========  ==========================================================
``test-unknown-step``      error     ``expect.step`` names no step of the scenario
``test-unknown-signal``    error     ``expect.transition`` names no signal of the scenario
``test-signal-not-here``   error     the signal exists, but not where the previous turn left
                                     the conversation (nor in a message step it leads through)
``test-unknown-variable``  error     a variable names neither a variable nor a step result (or,
                                     in the preset ``variables``, names a result: only variables
                                     can be set before the conversation)
``test-bad-value``         error     a value does not fit the variable's declared type
``test-unknown-action``    error     a stub names a step that is not an action step
``test-stub-outcome``      error     a stub's outcome has no transition in its step (it would
                                     take ``error``; ``error`` and ``timeout`` are always fine)
``test-stub-result``       error     a stub's result is not a declared result of its step
=========================  ========  ==========================================================

Where the checks run: ``python -m engine test`` checks every test file before running any
(``--check`` only checks), and refuses to run when there is an error. ``validate`` checks the
scenario alone, so a broken test never stops anyone from chatting with a scenario.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import Any

from engine.actions.stubs import Stub
from engine.dialogue.vars_memory import VarsMemory
from engine.scenario.actions import ERROR, TIMEOUT
from engine.scenario.definition import STAY, Scenario, StepKind
from engine.scenario.validate import Finding, Severity
from engine.scenario_tests.definition import ScenarioTest, TextPattern

__all__ = ["check_test", "signals_of_turn"]


def check_test(scenario: Scenario, test: ScenarioTest) -> list[Finding]:
    """Every finding for ``test`` against ``scenario``, in file order."""
    findings = list(_Checker(scenario, test).run())
    return sorted(findings, key=Finding.sort_key)


def signals_of_turn(scenario: Scenario, step_id: str) -> set[str]:
    """The signals a turn answered in ``step_id`` may take: the step's own, and those of the
    message and action steps it can lead through without waiting for the user."""
    seen: set[str] = set()
    signals: set[str] = set()
    pending = [step_id]
    first = True
    while pending:
        current = scenario.steps.get(pending.pop())
        if current is None or current.id in seen:
            continue
        seen.add(current.id)
        if not first and current.kind is StepKind.PROMPT:
            continue
        first = False
        for signal, transition in current.transitions.items():
            signals.add(signal)
            pending.append(transition.to)
    return signals


class _Checker:
    def __init__(self, scenario: Scenario, test: ScenarioTest) -> None:
        self.scenario = scenario
        self.test = test
        self.signals = {signal for step in scenario.steps.values() for signal in step.transitions}
        self.results = {name: step.id for step in scenario.steps.values() for name in step.results}
        self.memory = VarsMemory(scenario.variables)

    def at(
        self,
        code: str,
        message: str,
        *field: str,
        hint: str | None = None,
        severity: Severity = "error",
        step: str | None = None,
    ) -> Finding:
        line, column = self.test.mark(*field) or (None, None)
        return Finding(
            code,
            severity,
            message,
            path=self.test.path,
            line=line,
            column=column,
            field=".".join(part for part in field if part != "<key>") or None,
            hint=hint,
            step=step,
        )

    def run(self) -> Iterator[Finding]:
        yield from self.check_variables(self.test.variables, ("variables",), preset=True)
        yield from self.check_stubs(self.test.actions, ("actions",))
        previous: str | None = None
        for index, turn in enumerate(self.test.turns):
            yield from self.check_stubs(turn.actions, ("turns", str(index), "actions"))
            where = ("turns", str(index), "expect")
            expect = turn.expect
            if expect.transition is not None:
                yield from self.check_signal(expect.transition, previous, (*where, "transition"))
            if expect.step is not None:
                if expect.step in self.scenario.steps:
                    previous = expect.step
                else:
                    previous = None
                    yield self.at(
                        "test-unknown-step",
                        f"step {expect.step!r} does not exist",
                        *where,
                        "step",
                        hint=_did_you_mean(expect.step, self.scenario.steps),
                    )
            else:
                previous = None
            yield from self.check_variables(expect.variables, (*where, "variables"))

    def check_signal(
        self, signal: str, previous: str | None, field: tuple[str, ...]
    ) -> Iterator[Finding]:
        if signal == STAY:
            return
        if signal not in self.signals:
            yield self.at(
                "test-unknown-signal",
                f"no step has a signal {signal!r}",
                *field,
                hint=_did_you_mean(signal, dict.fromkeys(self.signals)),
            )
            return
        if previous is None:
            return
        here = signals_of_turn(self.scenario, previous)
        if signal not in here:
            offered = ", ".join(sorted(here)) or "none"
            yield self.at(
                "test-signal-not-here",
                f"signal {signal!r} cannot be taken from step {previous!r}, where the "
                f"previous turn expects the conversation",
                *field,
                hint=f"signals there: {offered}, or 'stay'",
                step=previous,
            )

    def check_variables(
        self, values: dict[str, Any], field: tuple[str, ...], *, preset: bool = False
    ) -> Iterator[Finding]:
        for name, value in values.items():
            place = (*field, name)
            if name not in self.scenario.variables:
                if name in self.results and preset:
                    yield self.at(
                        "test-unknown-variable",
                        f"{name!r} is a step result, not a variable: only variables "
                        "can be set before the conversation",
                        *place,
                        "<key>",
                    )
                    continue
                if name in self.results:
                    continue  # a step result that is not a variable: compared as a result
                known = dict.fromkeys([*self.scenario.variables, *self.results])
                yield self.at(
                    "test-unknown-variable",
                    f"{name!r} is neither a variable nor a step result",
                    *place,
                    "<key>",
                    hint=_did_you_mean(name, known),
                )
                continue
            if value is None or TextPattern.is_pattern(value):
                continue
            try:
                self.memory.coerce(name, value)
            except ValueError as error:
                yield self.at("test-bad-value", str(error), *place)

    def check_stubs(self, stubs: dict[str, Stub], field: tuple[str, ...]) -> Iterator[Finding]:
        actions = {
            step.id: step for step in self.scenario.steps.values() if step.kind is StepKind.ACTION
        }
        for name, stub in stubs.items():
            step = actions.get(name)
            if step is None:
                yield self.at(
                    "test-unknown-action",
                    f"{name!r} is not an action step of the scenario",
                    *field,
                    name,
                    "<key>",
                    hint=_did_you_mean(name, actions) or "stubs are keyed by action step id",
                )
                continue
            if stub.outcome not in step.transitions and stub.outcome not in (ERROR, TIMEOUT):
                outcomes = ", ".join(sorted({*step.transitions, ERROR, TIMEOUT}))
                yield self.at(
                    "test-stub-outcome",
                    f"step {name!r} has no transition for outcome {stub.outcome!r}",
                    *field,
                    name,
                    hint=f"its outcomes: {outcomes}",
                    step=name,
                )
            for result in stub.results:
                if result not in step.results:
                    yield self.at(
                        "test-stub-result",
                        f"{result!r} is not a result of step {name!r}",
                        *field,
                        name,
                        "results",
                        result,
                        "<key>",
                        hint=_did_you_mean(result, step.results)
                        or f"its results: {', '.join(step.results) or 'none'}",
                        step=name,
                    )


def _did_you_mean(name: str, known: dict[str, Any]) -> str | None:
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None
