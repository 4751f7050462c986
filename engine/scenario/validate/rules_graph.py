"""Rules on the graph: the start step, the transitions, the graph's shape, and guards.

A transition must lead to a step that exists and not use a reserved signal; every step should
be reachable and able to reach a final step; a ``requires`` must name a declared variable that
some step on the way sets.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.scenario import graph as graphs
from engine.scenario.definition import RESERVED_SIGNALS
from engine.scenario.validate.checker import Checker, Finding, did_you_mean


def check_start(check: Checker) -> Iterator[Finding]:
    start = check.scenario.start
    if start not in check.scenario.steps:
        yield check.at(
            "unknown-start",
            "error",
            f"start step {start!r} does not exist",
            "start",
            hint=did_you_mean(start, check.scenario.steps),
        )


def check_transitions(check: Checker) -> Iterator[Finding]:
    for step_id, step in check.scenario.steps.items():
        folded: dict[str, str] = {}
        for signal, transition in step.transitions.items():
            where = ("steps", step_id, "transitions", signal)
            if signal in RESERVED_SIGNALS:
                yield check.at(
                    "reserved-signal",
                    "error",
                    f"step {step_id!r} declares the reserved signal {signal!r}",
                    *where,
                    "<key>",
                    hint="every step can stay implicitly; remove it or rename it",
                    step=step_id,
                )
            elif signal.lower() in RESERVED_SIGNALS:
                yield check.at(
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
                yield check.at(
                    "duplicate-signal",
                    "warning",
                    f"signals {same!r} and {signal!r} of step {step_id!r} differ only in case",
                    *where,
                    "<key>",
                    hint="the model will confuse them; merge them or rename one",
                    step=step_id,
                )
            if transition.to not in check.scenario.steps:
                yield check.at(
                    "unknown-target",
                    "error",
                    f"transition {signal!r} of step {step_id!r} leads to "
                    f"{transition.to!r}, which does not exist",
                    *where,
                    "to",
                    hint=did_you_mean(transition.to, check.scenario.steps),
                    step=step_id,
                )


def check_shape(check: Checker) -> Iterator[Finding]:
    graph = check.graph
    steps = check.scenario.steps
    if check.scenario.start in steps:
        for step_id in steps:
            if step_id not in check.reachable:
                yield check.at(
                    "unreachable-step",
                    "warning",
                    f"step {step_id!r} cannot be reached from the start step "
                    f"{check.scenario.start!r}",
                    *check.step_key(step_id),
                    hint="add a transition to it, or remove it",
                    step=step_id,
                )
    for step_id, step in steps.items():
        if not step.final and not step.transitions:
            yield check.at(
                "dead-end",
                "error",
                f"step {step_id!r} is not final and has no transitions: "
                "the conversation would be stuck there",
                *check.step_key(step_id),
                hint="add a transition, or mark it 'final: true'",
                step=step_id,
            )
    for step_id, step in steps.items():
        if step.final and step.transitions:
            yield check.at(
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
        yield check.at(
            "no-final-step",
            "warning",
            "no step is final: the conversation can never end",
            "steps",
            "<key>",
            hint="mark the closing step 'final: true'",
        )
        return
    finishing = graphs.can_finish(graph, check.paths)
    # A step that leads to a missing step is already reported; it may not be a trap at all.
    broken = graphs.reaches_missing(graph, check.paths)
    for step_id, step in steps.items():
        if step.transitions and step_id not in finishing | broken:
            yield check.at(
                "trap",
                "warning",
                f"no final step can be reached from step {step_id!r}",
                *check.step_key(step_id),
                hint="a conversation that gets there can never end",
                step=step_id,
            )


def check_requirements(check: Checker) -> Iterator[Finding]:
    variables = check.scenario.variables
    for step_id, step in check.scenario.steps.items():
        for signal, transition in step.transitions.items():
            for index, name in enumerate(transition.requires):
                where = ("steps", step_id, "transitions", signal, "requires", str(index))
                if name not in variables:
                    hint = (
                        f"declare it under 'variables:' so the result {name!r} is kept"
                        if name in step.results
                        else did_you_mean(name, variables) or "declare it under 'variables:'"
                    )
                    yield check.at(
                        "undeclared-requirement",
                        "error",
                        f"transition {signal!r} of step {step_id!r} requires {name!r}, "
                        "which is not a declared variable",
                        *where,
                        hint=hint,
                        step=step_id,
                    )
                    continue
                if variables[name].default is not None or step_id not in check.reachable:
                    continue  # an unreachable step is reported as such, once
                if not check.flow.may_be_set(name, step_id):
                    yield check.at(
                        "unsettable-requirement",
                        "error",
                        f"transition {signal!r} of step {step_id!r} requires {name!r}, "
                        "but no step before it sets that variable",
                        *where,
                        hint=f"add a result {name!r} to this step or to one before it",
                        step=step_id,
                    )


__all__ = ["check_requirements", "check_shape", "check_start", "check_transitions"]
