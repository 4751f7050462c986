"""A reply script to start from: one reply per model call along the scenario's main path.

The scripted provider (:mod:`engine.providers.scripted`) replays a file of replies, one per model
call; writing one by hand means knowing the contract, each step's signals and results, and which
calls the engine makes. :func:`reply_script_template` writes that file for a scenario: it walks
from the start step, taking at each step the first signal that leads somewhere new, and writes
for every call on the way (an ``on_enter: respond`` step's entry included) a reply that keeps the
contract — a placeholder message, the signal, every result of the step with a value of its type,
an empty summary — with comments naming the step, its other signals and each result's type. The
header says what the format is (``docs/chat-and-logs.md``, "Reply scripts" is the same text).

The studio's *Create a reply script for this scenario* writes it, opens it, and points the test
chat at it; replayed as is, it runs the conversation to the end of that path.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

from engine.scenario.definition import (
    STAY,
    OnEnter,
    ResultField,
    Scenario,
    Step,
    StepKind,
    ValueType,
)

__all__ = ["reply_script_template", "sample_value"]

#: The format, as the top of every generated script explains it.
FORMAT_HELP = """\
# One reply per model call, in order; the chat takes the next one each time the model is asked.
# A reply is a mapping of the four contract fields, exactly what a model must answer:
#   message     what the bot says
#   transition  a signal of the current step (its comment lists them), or stay
#   results     the step's results found so far (null: not known yet); a transition that
#               requires a value is refused until it is set
#   summary     what the step has found out, shown to the model in later steps
# or a plain string, sent as is (not JSON: the engine sends a correction, and the next reply
# answers it). Lines starting with # are comments. A script that runs out ends the chat with
# an error: add replies to go on. See docs/chat-and-logs.md, "Reply scripts".
"""


def sample_value(result: ResultField) -> Any:
    """A value of ``result``'s type, for the author to replace."""
    kind = result.type
    if kind is ValueType.ENUM and result.values:
        return result.values[0]
    if kind is ValueType.BOOLEAN:
        return True
    if kind in (ValueType.INTEGER, ValueType.NUMBER):
        return 1
    if kind is ValueType.LIST:
        return ["…"]
    return "…"


def reply_script_template(scenario: Scenario, *, source: str = "") -> str:
    """The YAML text of a reply script for ``scenario`` (``source``: how the header names its
    folder, for the command line it shows)."""
    folder = source or scenario.name
    lines = [
        f"# Reply script for {scenario.title or scenario.name} ({scenario.name}).",
        "# In the studio: the test chat's Settings… ▸ Reply script; on the command line:",
        f"#   prompter chat {folder} --provider scripted --script THIS_FILE",
        FORMAT_HELP.rstrip("\n"),
    ]
    replies = 0
    for step, purpose, signal in _main_path(scenario):
        lines.append("")
        lines.extend(_reply(step, purpose, signal))
        replies += 1
    if not replies:
        lines += ["", "# This scenario makes no model call on its main path.", "[]"]
    return "\n".join(lines) + "\n"


def _main_path(scenario: Scenario) -> list[tuple[Step, str, str]]:
    """(step, purpose, signal) of each model call along the path the template follows."""
    calls: list[tuple[Step, str, str]] = []
    seen: set[str] = set()
    current = scenario.steps.get(scenario.start)
    while current is not None and current.id not in seen and len(seen) <= len(scenario.steps):
        seen.add(current.id)
        if current.final:
            if current.kind is StepKind.PROMPT and current.on_enter is OnEnter.RESPOND:
                calls.append((current, "on_enter", STAY))
            break
        signal = _next_signal(current, seen)
        if current.kind is StepKind.PROMPT:
            if current.on_enter is OnEnter.RESPOND:
                calls.append((current, "on_enter", STAY))
            calls.append((current, "turn", signal or STAY))
        if signal is None:
            break
        current = scenario.steps.get(current.transitions[signal].to)
    return calls


def _next_signal(step: Step, seen: set[str]) -> str | None:
    """The first signal leading to a step not seen yet, else the first signal at all."""
    signals = [signal for signal in step.transitions if signal != STAY]
    fresh = [signal for signal in signals if step.transitions[signal].to not in seen]
    chosen = fresh or signals
    return chosen[0] if chosen else None


def _reply(step: Step, purpose: str, signal: str) -> list[str]:
    ways = ", ".join(
        f"{name} (→ {way.to}" + (f", requires {_names(way.requires)})" if way.requires else ")")
        for name, way in step.transitions.items()
        if name != STAY
    )
    when = "entering the step (on_enter: respond)" if purpose == "on_enter" else "a user message"
    signals = textwrap.wrap(
        f"Signals: {ways + ', or ' if ways else ''}stay",
        width=94,
        initial_indent="# ",
        subsequent_indent="#   ",
        break_on_hyphens=False,
    )
    lines = [
        f"# Step {step.id} ({step.display_title}), answering {when}.",
        *signals,
        f"- message: {_quoted('… ' + (step.goal or step.display_title))}",
        f"  transition: {signal}",
    ]
    if step.results:
        lines.append("  results:")
        for name, result in step.results.items():
            value = sample_value(result) if purpose == "turn" else None
            note = f"{result.type.value}{', required' if result.required else ''}"
            if result.description:
                note += f": {_one_line(result.description)}"
            lines.append(f"    {name}: {json.dumps(value, ensure_ascii=False)}  # {note}")
    else:
        lines.append("  results: {}")
    lines.append('  summary: ""')
    return lines


def _names(names: list[str], shown: int = 3) -> str:
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def _quoted(text: str) -> str:
    return json.dumps(_one_line(text), ensure_ascii=False)


def _one_line(text: str) -> str:
    return " ".join(text.split())
