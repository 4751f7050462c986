"""What the model reads: how the prompt of each call is laid out, and why.

**The layout is chosen for the provider's prefix cache.** OpenAI bills input it has seen recently
at a quarter of the price when a request *starts* with it, byte for byte: the cache works on the
prompt as the service reads it — the structured-output schema first, then ``instructions``, then
the conversation (with ``previous_response_id``, the stored chain), then the new input — from
1,024 tokens on, in 128-token blocks. So whatever the model has already read must come back as an
identical prefix, and only what is new (the user's message, a step's section the first time) is
billed in full. Four layouts are implemented (``model: {layout: …}`` in ``scenario.yaml``) and
measured side by side by ``bench/bench_engine.py``; the default, ``auto``, picks one of the first
two at every new chain (:mod:`engine.dialogue.layout_choice`), maybe with
:func:`steps_overview` added to the constant prefix so that it reaches the cache minimum:

``compact``
    ``instructions`` are the same on every call (persona, the conversation's title, the rules of
    :data:`CONVERSATION_RULES`), and so is the schema
    (:func:`~engine.dialogue.contract.any_step_schema`: ``results`` is any one step's results
    object, the transition an enum of every signal plus ``stay``; the contract holds each reply to
    what the current step allows). When the step changes, the chain restarts (no
    ``previous_response_id``) from two ``system`` messages: the summaries of the steps already left
    (:func:`earlier_steps`; the contract's fourth field exists for this) and the new step's section
    (:func:`step_section`), which says that it is now in force — the last and most prominent
    instructions the model reads. Inside a step the chain only grows. So every call starts with a
    prefix the service has cached (schema and instructions, about 1,600 tokens on the analyst bot,
    even at a step change), the conversation the model re-reads stays short, and only what is new is
    billed in full.
``compact_step_schema``
    The same with each step's own schema (:func:`~engine.dialogue.contract.reply_schema`), for
    servers whose structured outputs lack ``anyOf``. Since the schema comes first, nothing is cached
    at a step change.
``append``
    One chain for the whole conversation, constant instructions and one flat schema
    (:func:`~engine.dialogue.contract.all_results_schema`: every result of the script, nullable); a
    step's section enters the chain when the step is entered. Everything is cached, but every
    call re-reads the whole conversation with every section so far (a quarter of the price,
    on a prefix that grows all the time), and every reply writes a ``null`` for every result of
    the script: it costs the most. If a conversation grows past ``model.max_prompt_tokens``,
    its chain restarts as in ``compact``.
``per_step`` (the first layout, kept as the baseline)
    The step's section is the end of ``instructions`` and the schema is the step's own, so
    nothing before the conversation is the same in two steps, and the whole chain is re-read.

Measured by ``bench/bench_engine.py`` with the fake server's OpenAI-style accounting (cached
input at a quarter of the price), ``compact`` bills about 40 % less input per user message than
``per_step`` on both fixed conversations, the analyst bot's (mostly one message per step) and one
that stays several turns in each step; see docs/providers.md for the table.

The Chat Completions provider reads the same prompt: it is sent again the messages the Responses
chain would hold (kept locally in :attr:`~engine.conversation.session.SessionData.transcript`), so
inside a chain messages are only ever appended and its prefix is cached the same way. (``per_step``
keeps its own history for it: the steps left as summaries, the current step in full.)

The model sees only the current step: no other step's instructions are in force. The other
steps appear only as the ``goal`` line of the steps a transition leads to, so the model's message
can lead into the next step; a transition whose guard cannot open from this step is not listed
(:meth:`~engine.dialogue.fsm.DialogueFSM.offered`).

``{{name}}`` placeholders in instructions and in message-step texts are filled from the known
values (variables and results). A step section is filled when it is sent and never changes
afterwards: it is part of the cached conversation. Values the model already gave are *not*
repeated in the instructions: it sees its earlier replies. A placeholder naming nothing known, or
a value not yet set, is left visible as written and reported (:class:`FilledText`), so the author
sees it while testing instead of the model reading an empty gap.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.dialogue.contract import (
    CONVERSATION_SCHEMA_NAME,
    all_results_schema,
    any_step_schema,
    reply_schema,
    schema_name,
)
from engine.providers.base import Message, Role
from engine.scenario.definition import PLACEHOLDER, STAY, PromptLayout, Scenario, Step, ValueType

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

#: The general rules when step sections arrive in the conversation (``append``, ``compact``).
CONVERSATION_RULES = """\
# How you reply
You run a scripted conversation one step at a time. Each step's instructions arrive in the
conversation as a message headed "# Current step:". The latest one is the step in force: follow
it, and no longer follow the instructions of earlier steps.
Reply to every user message with ONE JSON object and nothing else (no Markdown fence):
{"message": "...", "transition": "...", "results": {...}, "summary": "..."}
- message: what the user reads, in the user's language. Never empty.
- transition: "stay" while the current step's goal is not reached; when it is, one of the
  transitions listed for the current step. When you move on, let your message lead naturally
  into the next step's goal.
- results: the results listed for the current step. Use null for what you do not know yet
  and repeat the values you already know; results of other steps stay null or left out.
- summary: one or two sentences on what the current step has established so far.
A transition marked "needs" is allowed only once those values are known."""

#: The heading of the steps' overview that ``layout: auto`` may add to the constant prefix.
OVERVIEW_HEADING = "# The steps of this conversation"

#: The first line of every step section; the model (and the test autopilot) find steps by it.
SECTION_HEADING = "# Current step: "
IN_FORCE = "This step is now in force; the instructions of earlier steps no longer apply."
EARLIER_HEADING = "# Earlier steps"


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
    scenario: Scenario,
    values: Mapping[str, Any] | None = None,
    known: Collection[str] | None = None,
    *,
    rules: str = CONTRACT_RULES,
) -> FilledText:
    """The part of the instructions that is the same for every call of a conversation.

    The persona may use placeholders too (a user's name, say); they change rarely, so the
    prefix stays cacheable between those changes. ``rules``: :data:`CONTRACT_RULES` when the
    step's section follows in the instructions, :data:`CONVERSATION_RULES` when it arrives in
    the conversation.
    """
    persona = fill_placeholders(
        scenario.persona_text.strip(),
        values or {},
        known_names(scenario) if known is None else known,
    )
    parts = []
    if persona.text:
        parts.append(persona.text)
    if scenario.title or scenario.description:
        heading = f"# Conversation: {scenario.title or scenario.name}"
        parts.append(f"{heading}\n{scenario.description.strip()}".rstrip())
    parts.append(rules)
    return FilledText("\n\n".join(parts), persona.filled, persona.unknown, persona.unset)


def steps_overview(scenario: Scenario) -> str:
    """Every step's title, goal and the results it records, constant for the whole conversation
    (``layout: auto``).

    Useful text to read — where the conversation is going — without any step's instructions,
    which stay in force only in their step. ``auto`` adds it to the constant prefix when that
    prefix would otherwise fall just short of the cache minimum and caching it pays.
    """
    lines = [
        OVERVIEW_HEADING,
        "For orientation only: follow the current step's instructions, not these goals.",
    ]
    for step in scenario.steps.values():
        if step.kind.value == "message":
            continue
        goal = f": {step.goal}" if step.goal else ""
        lines.append(f"- {step.display_title}{goal}")
        if step.results:
            lines.append(f"  records: {', '.join(step.results)}")
    return "\n".join(lines)


def step_section(
    scenario: Scenario,
    step: Step,
    values: Mapping[str, Any],
    known: Collection[str],
    *,
    offered: Sequence[str] | None = None,
    in_conversation: bool = False,
) -> FilledText:
    """The step-specific part: title, goal, filled instructions, results and transitions.

    ``offered``: the signals to list (default: all of the step's); a signal left out cannot
    open from here (:meth:`~engine.dialogue.fsm.DialogueFSM.offered`). ``in_conversation``: the
    section is a message of the conversation, so it says that it is now in force.
    """
    body = fill_placeholders(step.instructions_text.strip(), values, known)
    lines = [f"{SECTION_HEADING}{step.display_title}"]
    if in_conversation:
        lines.append(IN_FORCE)
    if step.goal:
        lines.append(f"Goal: {step.goal}")
    if body.text:
        lines += ["", body.text]
    if step.results:
        lines += ["", "## Results of this step"]
        lines += [_result_line(name, step) for name in step.results]
    lines += ["", "## Transitions"]
    lines.append(f'- "{STAY}": remain in this step.')
    signals = list(step.transitions) if offered is None else list(offered)
    for signal in signals:
        if signal in step.transitions:
            lines.append(_transition_line(scenario, step, signal))
    return FilledText("\n".join(lines), body.filled, body.unknown, body.unset)


def build_instructions(
    scenario: Scenario,
    step: Step,
    values: Mapping[str, Any],
    known: Collection[str] | None = None,
    *,
    offered: Sequence[str] | None = None,
) -> FilledText:
    """The ``instructions`` of a ``per_step`` call: the stable prefix, then the step section."""
    names = known_names(scenario) if known is None else known
    prefix = stable_prefix(scenario, values, names)
    section = step_section(scenario, step, values, names, offered=offered)
    return FilledText(
        f"{prefix.text}\n\n{section.text}",
        _merged(prefix.filled, section.filled),
        _merged(prefix.unknown, section.unknown),
        _merged(prefix.unset, section.unset),
    )


def earlier_steps(
    scenario: Scenario, visited: Sequence[str], summaries: Mapping[str, str]
) -> str | None:
    """What the steps already left established, from their summaries (``compact``).

    Steps are listed in the order they were last left (a step visited twice appears once, with
    its latest summary); ``None`` when none has a summary yet.
    """
    left: dict[str, None] = {}
    for step_id in visited[:-1]:
        left.pop(step_id, None)
        left[step_id] = None
    lines = []
    for step_id in left:
        summary = summaries.get(step_id, "").strip()
        if summary:
            step = scenario.steps.get(step_id)
            lines.append(f"- {step.display_title if step else step_id}: {summary}")
    if not lines:
        return None
    return "\n".join([EARLIER_HEADING, "What the conversation established so far:", *lines])


@dataclass(frozen=True)
class Prompt:
    """What one call in a step sends, besides the conversation the chain already holds.

    ``items`` enter the conversation before the call's input (a step's section, the summaries
    of earlier steps); ``new_chain`` starts a new chain: no ``previous_response_id``, no history.
    """

    instructions: str
    schema: dict[str, Any]
    schema_name: str
    items: tuple[Message, ...] = ()
    new_chain: bool = False
    #: Placeholders of the instructions or of the section that could not be filled.
    unfilled: tuple[str, ...] = ()


def build_prompt(
    scenario: Scenario,
    step: Step,
    values: Mapping[str, Any],
    *,
    layout: PromptLayout,
    offered: Sequence[str] | None = None,
    carried: bool = False,
    restart: bool = False,
    visited: Sequence[str] = (),
    summaries: Mapping[str, str] | None = None,
    padded: bool = False,
) -> Prompt:
    """The prompt of a call in ``step`` under ``layout`` (see the module docstring).

    ``layout`` is the layout in force (``auto`` is read as ``compact``: which one auto picked is
    the conversation's business, :mod:`engine.dialogue.layout_choice`). ``padded``: the constant
    instructions end with :func:`steps_overview` (compact layouts only).

    ``carried``: the chain already holds this step visit's section (sent earlier in the visit).
    ``restart``: start a new chain from the summaries even in the ``append`` layout (the
    conversation outgrew ``model.max_prompt_tokens``). ``visited`` and ``summaries`` give the
    steps already left, for a new chain.
    """
    names = known_names(scenario)
    if layout is PromptLayout.AUTO:
        layout = PromptLayout.COMPACT
    if layout is PromptLayout.PER_STEP:
        built = build_instructions(scenario, step, values, names, offered=offered)
        return Prompt(
            built.text,
            reply_schema(step),
            schema_name(step),
            unfilled=(*built.unknown, *built.unset),
        )
    prefix = stable_prefix(scenario, values, names, rules=CONVERSATION_RULES)
    if padded and layout is not PromptLayout.APPEND:
        prefix = replace(prefix, text=f"{prefix.text}\n\n{steps_overview(scenario)}")
    if layout is PromptLayout.APPEND:
        schema, name = all_results_schema(scenario), CONVERSATION_SCHEMA_NAME
    elif layout is PromptLayout.COMPACT:
        schema, name = any_step_schema(scenario), CONVERSATION_SCHEMA_NAME
    else:
        schema, name = reply_schema(step), schema_name(step)
    new_chain = restart or (layout is not PromptLayout.APPEND and not carried)
    items: list[Message] = []
    unfilled = [*prefix.unknown, *prefix.unset]
    if new_chain:
        earlier = earlier_steps(scenario, visited, summaries or {})
        if earlier is not None:
            items.append(Message("system", earlier))
    if new_chain or not carried:
        section = step_section(scenario, step, values, names, offered=offered, in_conversation=True)
        items.append(Message("system", section.text))
        unfilled += [name for name in (*section.unknown, *section.unset) if name not in unfilled]
    return Prompt(prefix.text, schema, name, tuple(items), new_chain, tuple(unfilled))


def chain_messages(entries: Sequence[TranscriptEntry]) -> tuple[Message, ...]:
    """The messages of a chain as a server that keeps no history must be sent them again."""
    return tuple(Message(_role(entry.role), entry.content) for entry in entries)


def _role(role: str) -> Role:
    if role in ("user", "assistant", "system"):
        return role  # type: ignore[return-value]
    return "user"


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
    role: str  # "user" | "assistant" | "system" (a step section, earlier steps' summaries)
    content: str

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "visit": self.visit, "role": self.role, "content": self.content}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TranscriptEntry:
        return cls(str(data["step"]), int(data["visit"]), str(data["role"]), str(data["content"]))


def build_history(
    scenario: Scenario,
    transcript: Sequence[TranscriptEntry],
    current_visit: int,
    summaries: Mapping[str, str],
) -> tuple[Message, ...]:
    """The history for a server that keeps none: earlier steps as summaries, this one in full.

    Each step already left becomes one system line with its latest summary (in the order the
    steps were last left); the messages of the current step visit follow verbatim. That keeps
    the input short on long scenarios while the model keeps what it needs. This is the
    ``per_step`` layout's history; the other layouts send :func:`chain_messages`.
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
        messages.append(Message("system", f'Earlier step "{title}": {summary}'))
    for entry in transcript:
        if entry.visit == current_visit and entry.role != "system":
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
    "CONVERSATION_RULES",
    "EARLIER_HEADING",
    "IN_FORCE",
    "OVERVIEW_HEADING",
    "PLACEHOLDER",
    "SECTION_HEADING",
    "FilledText",
    "Prompt",
    "TranscriptEntry",
    "build_history",
    "build_instructions",
    "build_prompt",
    "chain_messages",
    "earlier_steps",
    "fill_placeholders",
    "format_value",
    "known_names",
    "placeholders",
    "stable_prefix",
    "step_section",
    "steps_overview",
]
