"""What the model reads: the instructions of one call, and the local history for chat servers.

Instructions are ordered for the provider's prefix cache: the long part that never changes in a
conversation comes first (persona, the conversation's title, the general contract rules), the
step-specific part last (the step's instructions, its results, its transitions). Consecutive
calls — and calls in other steps — then share a long identical prefix, which OpenAI bills as
cached input.

The model sees only the current step: no other step's instructions are ever included. The other
steps appear only as the ``goal`` line of the steps a transition leads to, so the model's message
can lead into the next step.

``{{name}}`` placeholders in instructions and in message-step texts are filled from the known
values (variables and results). Values the model already gave are *not* repeated in the
instructions: it sees its earlier replies (the chain, or the local history), and instructions
that change every turn would defeat the prefix cache within a step. A placeholder naming
nothing known, or a value not yet set, is left visible as written and reported
(:class:`FilledText`), so the author sees it while testing instead of the model reading an
empty gap.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.contract import allowed_signals
from engine.providers.base import Message
from engine.scenario.model import PLACEHOLDER, STAY, Scenario, Step, ValueType

#: The general rules, identical for every step and every call: part of the cached prefix.
CONTRACT_RULES = """\
# How you reply
You run one step of a scripted conversation. Follow the current step's instructions below.
Reply to every user message with ONE JSON object and nothing else (no Markdown fence):
{"message": "...", "transition": "...", "results": {...}, "summary": "..."}
- message: what the user reads, in the user's language. Never empty.
- transition: "stay" while the step's goal is not reached; when it is, one of the step's listed
  transitions. When you move on, let your message lead naturally into the next step's goal.
- results: every result listed for the step. Use null for what you do not know yet, and repeat
  the values you already know.
- summary: one or two sentences on what this step has established so far.
A transition marked "needs" is allowed only once those values are known."""


@dataclass(frozen=True)
class FilledText:
    """A text with its placeholders filled; what could not be filled is reported."""

    text: str
    filled: tuple[str, ...] = ()
    #: Placeholders naming no variable or result: probably a typo by the author.
    unknown: tuple[str, ...] = ()
    #: Placeholders naming a variable or result that has no value yet.
    unset: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.unknown and not self.unset


def format_value(value: Any) -> str:
    """A value as a person would write it in a sentence."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(format_value(item) for item in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def fill_placeholders(
    text: str, values: Mapping[str, Any], known: Collection[str] | None = None
) -> FilledText:
    """Replace ``{{name}}`` with ``values[name]``.

    ``known`` lists the names that exist (declared variables and results); a name outside it is
    reported as unknown, a known name without a value (missing or ``None``) as unset. Both stay
    visible in the text.
    """
    names = set(values) if known is None else set(known)
    filled: list[str] = []
    unknown: list[str] = []
    unset: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in names:
            _add_once(unknown, name)
            return match.group(0)
        value = values.get(name)
        if value is None:
            _add_once(unset, name)
            return match.group(0)
        _add_once(filled, name)
        return format_value(value)

    return FilledText(PLACEHOLDER.sub(replace, text), tuple(filled), tuple(unknown), tuple(unset))


def placeholders(text: str) -> list[str]:
    """The names of the placeholders in ``text``, in order, without repeats."""
    found: list[str] = []
    for match in PLACEHOLDER.finditer(text):
        _add_once(found, match.group(1))
    return found


def known_names(scenario: Scenario) -> set[str]:
    """Every name a placeholder may use: declared variables and every step's results."""
    names = set(scenario.variables)
    for step in scenario.steps.values():
        names.update(step.results)
    return names


# --- instructions ---------------------------------------------------------------------------


def stable_prefix(
    scenario: Scenario, values: Mapping[str, Any] | None = None,
    known: Collection[str] | None = None,
) -> FilledText:
    """The part of the instructions that is the same for every call of a conversation.

    The persona may use placeholders too (a user's name, say); they change rarely, so the
    prefix stays cacheable between those changes.
    """
    persona = fill_placeholders(scenario.persona_text.strip(), values or {},
                                known_names(scenario) if known is None else known)
    parts = []
    if persona.text:
        parts.append(persona.text)
    if scenario.title or scenario.description:
        heading = f"# Conversation: {scenario.title or scenario.name}"
        parts.append(f"{heading}\n{scenario.description.strip()}".rstrip())
    parts.append(CONTRACT_RULES)
    return FilledText("\n\n".join(parts), persona.filled, persona.unknown, persona.unset)


def step_section(
    scenario: Scenario, step: Step, values: Mapping[str, Any], known: Collection[str]
) -> FilledText:
    """The step-specific part: title, goal, filled instructions, results and transitions."""
    body = fill_placeholders(step.instructions_text.strip(), values, known)
    lines = [f"# Current step: {step.display_title}"]
    if step.goal:
        lines.append(f"Goal: {step.goal}")
    if body.text:
        lines += ["", body.text]
    if step.results:
        lines += ["", "## Results of this step"]
        lines += [_result_line(name, step) for name in step.results]
    lines += ["", "## Transitions"]
    lines.append(f'- "{STAY}": remain in this step.')
    for signal in allowed_signals(step)[1:]:
        lines.append(_transition_line(scenario, step, signal))
    return FilledText("\n".join(lines), body.filled, body.unknown, body.unset)


def build_instructions(
    scenario: Scenario, step: Step, values: Mapping[str, Any], known: Collection[str] | None = None
) -> FilledText:
    """The whole ``instructions`` of a call in ``step``: stable prefix, then the step section."""
    names = known_names(scenario) if known is None else known
    prefix = stable_prefix(scenario, values, names)
    section = step_section(scenario, step, values, names)
    return FilledText(
        f"{prefix.text}\n\n{section.text}",
        _merged(prefix.filled, section.filled),
        _merged(prefix.unknown, section.unknown),
        _merged(prefix.unset, section.unset),
    )


def _result_line(name: str, step: Step) -> str:
    result = step.results[name]
    kind = result.type.value
    if result.type is ValueType.ENUM:
        kind = "one of " + ", ".join(result.values or [])
    elif result.type is ValueType.LIST:
        kind = "list of strings"
    flags = ", required" if result.required else ""
    line = f"- {name} ({kind}{flags})"
    if result.description:
        line += f": {result.description}"
    return line


def _transition_line(scenario: Scenario, step: Step, signal: str) -> str:
    transition = step.transitions[signal]
    target = scenario.steps.get(transition.to)
    title = target.display_title if target else transition.to
    line = f'- "{signal}" → {title}'
    if target is not None and target.goal:
        line += f" (next goal: {target.goal})"
    if transition.description:
        line += f". When: {transition.description}"
    if transition.requires:
        line += f". Needs: {', '.join(transition.requires)}"
    return line


# --- local history (Chat Completions) -------------------------------------------------------


@dataclass(frozen=True)
class TranscriptEntry:
    """One message of the conversation as kept locally.

    ``visit`` is the index in the FSM's ``visited`` list of the step visit it belongs to, so a
    step entered twice (a loop, a back-edge) keeps its visits apart.
    """

    step: str
    visit: int
    role: str  # "user" | "assistant"
    content: str

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "visit": self.visit, "role": self.role,
                "content": self.content}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TranscriptEntry:
        return cls(str(data["step"]), int(data["visit"]), str(data["role"]),
                   str(data["content"]))


def build_history(
    scenario: Scenario,
    transcript: Sequence[TranscriptEntry],
    current_visit: int,
    summaries: Mapping[str, str],
) -> tuple[Message, ...]:
    """The history for a server that keeps none: earlier steps as summaries, this one in full.

    Each step already left becomes one system line with its latest summary (in the order the
    steps were last left); the messages of the current step visit follow verbatim. That keeps
    the input short on long scenarios while the model keeps what it needs.
    """
    left: dict[str, None] = {}
    for entry in transcript:
        if entry.visit < current_visit:
            left.pop(entry.step, None)
            left[entry.step] = None
    messages: list[Message] = []
    for step_id in left:
        summary = summaries.get(step_id, "").strip()
        if not summary:
            continue
        step = scenario.steps.get(step_id)
        title = step.display_title if step else step_id
        messages.append(Message("system", f"Earlier step \"{title}\": {summary}"))
    for entry in transcript:
        if entry.visit == current_visit:
            if entry.role == "user":
                messages.append(Message("user", entry.content))
            else:
                messages.append(Message("assistant", entry.content))
    return tuple(messages)


def _merged(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    return first + tuple(name for name in second if name not in first)


def _add_once(items: list[str], name: str) -> None:
    if name not in items:
        items.append(name)


__all__ = [
    "CONTRACT_RULES",
    "PLACEHOLDER",
    "FilledText",
    "TranscriptEntry",
    "build_history",
    "build_instructions",
    "fill_placeholders",
    "format_value",
    "known_names",
    "placeholders",
    "stable_prefix",
    "step_section",
]
