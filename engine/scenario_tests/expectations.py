"""Judging one turn (and the end) of a test run against what the test expects.

The rules, in one place:

* ``step`` — the step the conversation is in once the turn has been handled;
* ``transition`` — one of the signals taken during the turn (a reply's signal, and those of the
  message steps it led through); ``stay`` means none was taken;
* ``variables`` — the values after the turn, only those listed; a value is first read as the
  variable's type reads the model's (``Web`` is the enum value ``web``), then compared; ``null``
  means unset; a text written ``/…/`` is a regular expression searched in the value
  (case-insensitive; a list is searched as its items joined by ", "), and a list's items may
  be such patterns too (``[/check-in/, /dashboard/]``). A name that is a step result rather
  than a variable is compared with that result;
* ``bot_says`` — contained in the bot's reply (all its messages of the turn), case-insensitive;
  ``/…/`` is a regular expression searched case-insensitively;
* ``end.finished`` and ``end.max_calls_per_message`` — after the last turn.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.dialogue.vars_memory import VarsMemory
from engine.errors import PatternTooSlow
from engine.scenario.definition import STAY, Scenario
from engine.scenario_tests.definition import EndSpec, Expect, TextPattern

__all__ = ["ExpectationFailure", "Observed", "check_end", "check_turn", "shown"]


@dataclass(frozen=True)
class ExpectationFailure:
    """One expectation that did not hold. ``turn`` is ``None`` for the ``end`` checks.

    ``what`` names the expectation (``step``, ``transition``, ``variables.budget``,
    ``bot_says``, ``end.finished``, ``conversation``); ``bot_reply`` is what the bot said in that
    turn, so a report can show it beside the mismatch. ``stopped``: the expectation's pattern
    took too long and was stopped (:class:`~engine.errors.PatternTooSlow`); ``actual`` says so.
    """

    turn: int | None
    what: str
    expected: str
    actual: str
    bot_reply: str = ""
    user: str = ""
    stopped: bool = False

    def describe(self) -> str:
        where = f"turn {self.turn}" if self.turn is not None else "end"
        return f"{where}: {self.what}: expected {self.expected}, got {self.actual}"


@dataclass(frozen=True)
class Observed:
    """What one turn did, as the engine's events told it."""

    turn: int
    user: str
    step: str
    signals: tuple[str, ...]
    bot_reply: str
    variables: Mapping[str, Any]
    results: Mapping[str, Any]


def check_turn(
    scenario: Scenario, memory: VarsMemory, expect: Expect, seen: Observed
) -> list[ExpectationFailure]:
    """Every expectation of ``expect`` that ``seen`` breaks (empty when the turn passes)."""
    failures: list[ExpectationFailure] = []

    def fail(what: str, expected: str, actual: str, *, stopped: bool = False) -> None:
        failures.append(
            ExpectationFailure(
                seen.turn, what, expected, actual, seen.bot_reply, seen.user, stopped=stopped
            )
        )

    if expect.step is not None and expect.step != seen.step:
        fail("step", expect.step, seen.step)
    if expect.transition is not None:
        taken = ", ".join(seen.signals) or STAY
        if expect.transition == STAY:
            if seen.signals:
                fail("transition", STAY, taken)
        elif expect.transition not in seen.signals:
            fail("transition", expect.transition, taken)
    for name, expected in expect.variables.items():
        actual = seen.variables[name] if name in scenario.variables else seen.results.get(name)
        try:
            if not same_value(memory, name, expected, actual):
                fail(f"variables.{name}", shown(expected), shown(actual))
        except PatternTooSlow as slow:  # the author's pattern: a failure that names it
            fail(f"variables.{name}", shown(expected), slow.describe(), stopped=True)
    if expect.bot_says is not None:
        try:
            if not TextPattern(expect.bot_says).matches(seen.bot_reply):
                fail("bot_says", shown(expect.bot_says), shown(seen.bot_reply))
        except PatternTooSlow as slow:
            fail("bot_says", shown(expect.bot_says), slow.describe(), stopped=True)
    return failures


def check_end(
    end: EndSpec | None, *, finished: bool, calls: int, user_messages: int, last_reply: str
) -> list[ExpectationFailure]:
    if end is None:
        return []
    failures = []
    if end.finished is not None and end.finished != finished:
        failures.append(
            ExpectationFailure(
                None, "end.finished", shown(end.finished), shown(finished), last_reply
            )
        )
    if end.max_calls_per_message is not None and user_messages:
        rate = calls / user_messages
        if rate > end.max_calls_per_message + 1e-9:
            failures.append(
                ExpectationFailure(
                    None,
                    "end.max_calls_per_message",
                    f"at most {end.max_calls_per_message:g}",
                    f"{rate:.3g} ({calls} calls for {user_messages} messages)",
                    last_reply,
                )
            )
    return failures


def same_value(memory: VarsMemory, name: str, expected: Any, actual: Any) -> bool:
    """Whether ``actual`` is what the test expects for ``name`` (see the module's rules).

    Raises :class:`~engine.errors.PatternTooSlow` when a ``/…/`` takes too long to match."""
    if expected is None or actual is None:
        return expected is None and actual is None
    if TextPattern.is_pattern(expected):
        text = ", ".join(map(str, actual)) if isinstance(actual, list) else str(actual)
        return TextPattern(expected).matches(text)
    if name in memory.declared:
        try:
            expected = memory.coerce(name, expected)
        except ValueError:
            return False
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(
            _same_item(item, got) for item, got in zip(expected, actual, strict=True)
        )
    return _same_item(expected, actual)


def _same_item(expected: Any, actual: Any) -> bool:
    if TextPattern.is_pattern(expected):
        return TextPattern(expected).matches(str(actual))
    if _is_number(expected) and _is_number(actual):
        return float(expected) == float(actual)
    return bool(expected == actual)


def shown(value: Any) -> str:
    """A value as a report shows it: JSON, so text is quoted and lists look like lists."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 300 else text[:299] + "…"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
