"""Rules on each step's own declaration: prompt steps have instructions, message steps one
transition and a text, and a result that updates a variable is of the variable's type (action
steps have rules of their own: :mod:`.rules_actions`)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.scenario.definition import Step, StepKind
from engine.scenario.validate.checker import Checker, Finding, describe_type, result_fits


def check_steps(check: Checker) -> Iterator[Finding]:
    for step_id, step in check.scenario.steps.items():
        if step.kind is StepKind.MESSAGE:
            yield from _check_message_step(check, step_id, step)
        elif step.kind is StepKind.PROMPT:
            if step.text is not None:
                yield check.at(
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
                yield check.at(
                    "missing-instructions",
                    "error",
                    f"prompt step {step_id!r} has no instructions",
                    *check.step_key(step_id),
                    hint=f"add 'instructions: steps/{step_id}.md' and write that file",
                    step=step_id,
                )
        yield from _check_result_types(check, step_id, step)


def _check_message_step(check: Checker, step_id: str, step: Step) -> Iterator[Finding]:
    if len(step.transitions) > 1:
        yield check.at(
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
        yield check.at(
            "message-without-text",
            "error",
            f"message step {step_id!r} has no text to send",
            *check.step_key(step_id),
            hint="add 'text: ...'",
            step=step_id,
        )
    if step.results:
        yield check.at(
            "message-results",
            "warning",
            f"message step {step_id!r} declares results, but no model call fills them",
            "steps",
            step_id,
            "results",
            "<key>",
            step=step_id,
        )


def _check_result_types(check: Checker, step_id: str, step: Step) -> Iterator[Finding]:
    for name, result in step.results.items():
        variable = check.scenario.variables.get(name)
        if variable is None:
            continue
        if not result_fits(result.type, result.values, variable.type, variable.values):
            wanted = describe_type(variable.type, variable.values)
            yield check.at(
                "result-type-mismatch",
                "error",
                f"result {name!r} of step {step_id!r} is "
                f"{describe_type(result.type, result.values)}, but variable {name!r} is "
                f"{wanted}",
                "steps",
                step_id,
                "results",
                name,
                "<key>",
                hint=f"make the result {wanted}",
                step=step_id,
            )


__all__ = ["check_steps"]
