"""Did the bot record what the user told it? A persona's facts against a conversation's results.

A fact is checked when it is named like a declared variable or a step result and the
conversation recorded it, or visited a step that asks for it; other facts only inform the
simulated user. The recorded value is the
variable's, else the latest visited step's result of that name. The comparison is the one
scenario tests use for ``expect.variables`` (:func:`~engine.scenario_tests.expectations.
same_value`: read as the variable's type reads a model's value, numbers by value, ``/…/`` a
regular expression), with one allowance for free text: a plain-text fact also agrees when the
recorded text contains it (case and spacing aside), since a bot rightly writes "Cannot sign in:
the magic link is refused" for a user who said "magic link".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.dialogue.vars_memory import VarsMemory
from engine.errors import PatternTooSlow
from engine.scenario.definition import Scenario
from engine.scenario_tests.definition import TextPattern
from engine.scenario_tests.expectations import same_value

__all__ = ["FactCheck", "check_facts", "checkable", "recorded_values"]

Verdict = Literal["agrees", "disagrees", "missing"]


@dataclass(frozen=True)
class FactCheck:
    """One fact against what the conversation recorded."""

    name: str
    fact: Any
    recorded: Any
    verdict: Verdict
    #: Why the fact could not be compared (its ``/…/`` took too long and was stopped).
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        record = {
            "name": self.name,
            "fact": self.fact,
            "recorded": self.recorded,
            "verdict": self.verdict,
        }
        return record if self.note is None else {**record, "note": self.note}


def checkable(scenario: Scenario, name: str) -> bool:
    """Whether a fact of this name can be compared with anything the bot records."""
    return name in scenario.variables or any(
        name in step.results for step in scenario.steps.values()
    )


def recorded_values(
    variables: Mapping[str, Any], results: Mapping[str, Mapping[str, Any]], visited: list[str]
) -> dict[str, Any]:
    """Every value the conversation ended with: step results (later visits win), then variables."""
    values: dict[str, Any] = {}
    for step in visited:
        for name, value in results.get(step, {}).items():
            if value is not None:
                values[name] = value
    for name, value in variables.items():
        if value is not None:
            values[name] = value
    return values


def check_facts(
    scenario: Scenario,
    facts: Mapping[str, Any],
    recorded: Mapping[str, Any],
    visited: Iterable[str],
) -> list[FactCheck]:
    """One :class:`FactCheck` per fact the conversation could have recorded, in the persona's
    order: a value was recorded, or a visited step has a result of that name (a fact of a step
    the conversation never reached is not missing, just not asked yet)."""
    memory = VarsMemory(scenario.variables)
    asked = {
        name for step in visited if step in scenario.steps for name in scenario.steps[step].results
    }
    checks = []
    for name, fact in facts.items():
        value = recorded.get(name)
        if value is None and name not in asked:
            continue
        note = None
        if value is None:
            verdict: Verdict = "missing"
        else:
            try:
                agrees = same_value(memory, name, fact, value) or _contains(fact, value)
            except PatternTooSlow as slow:  # the persona's pattern, against the model's text
                agrees, note = False, slow.describe()
            verdict = "agrees" if agrees else "disagrees"
        checks.append(FactCheck(name, fact, value, verdict, note))
    return checks


def _contains(fact: Any, value: Any) -> bool:
    if not isinstance(fact, str) or TextPattern.is_pattern(fact):
        return False
    text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
    return _plain(fact) in _plain(text)


def _plain(text: str) -> str:
    """Text without case, repeated spaces or a closing full stop."""
    return re.sub(r"\s+", " ", text).strip().rstrip(".!").casefold()
