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
from engine.languages import ENGLISH, Phrasebook, in_every_language, scaffolding
from engine.providers.base import Message, Role
from engine.scenario.definition import PLACEHOLDER, STAY, PromptLayout, Scenario, Step, ValueType

#: The engine's words in the prompt are in the scenario's ``language`` (:mod:`engine.languages`);
#: these are the English ones, by the names the rest of the engine and the tests know them by.
_ENGLISH = scaffolding(ENGLISH)
#: The general rules, identical for every step and every call: part of the cached prefix.
CONTRACT_RULES = _ENGLISH.say("contract_rules")
#: The general rules when step sections arrive in the conversation (``append``, ``compact``).
CONVERSATION_RULES = _ENGLISH.say("conversation_rules")

#: The heading of the steps' overview that ``layout: auto`` may add to the constant prefix, in
#: every shipped language (a session rebuilt from its log recognises it by one of them).
OVERVIEW_HEADINGS = in_every_language("overview_heading")
OVERVIEW_HEADING = _ENGLISH.say("overview_heading")

#: The first line of every step section; the model (and the test autopilot) find steps by it.
SECTION_HEADING = _ENGLISH.say("section_heading")
IN_FORCE = _ENGLISH.say("in_force")
EARLIER_HEADING = _ENGLISH.say("earlier_heading")


def words_of(scenario: Scenario) -> Phrasebook:
    """The engine's words in the scenario's language."""
    return scaffolding(scenario.language)


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


def format_value(value: Any, words: Phrasebook = _ENGLISH) -> str:
    """A value as a person would write it in a sentence (in the language of ``words``)."""
    if isinstance(value, bool):
        return words.say("yes") if value else words.say("no")
    if isinstance(value, list):
        return words.say("list_separator").join(format_value(item, words) for item in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def fill_placeholders(
    text: str,
    values: Mapping[str, Any],
    known: Collection[str] | None = None,
    *,
    words: Phrasebook = _ENGLISH,
) -> FilledText:
    """Replace ``{{name}}`` with ``values[name]``.

    ``known`` lists the names that exist (declared variables and results); a name outside it is
    reported as unknown, a known name without a value (missing or ``None``) as unset. Both stay
    visible in the text. Values are written in the language of ``words`` (yes/no, lists).
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
        return format_value(value, words)

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
    rules: str | None = None,
) -> FilledText:
    """The part of the instructions that is the same for every call of a conversation.

    The persona may use placeholders too (a user's name, say); they change rarely, so the
    prefix stays cacheable between those changes. ``rules``: the contract rules (the default,
    in the scenario's language) when the step's section follows in the instructions, the
    conversation rules when it arrives in the conversation.
    """
    words = words_of(scenario)
    persona = fill_placeholders(
        scenario.persona_text.strip(),
        values or {},
        known_names(scenario) if known is None else known,
        words=words,
    )
    parts = []
    if persona.text:
        parts.append(persona.text)
    if scenario.title or scenario.description:
        heading = words.say("conversation_heading", title=scenario.title or scenario.name)
        parts.append(f"{heading}\n{scenario.description.strip()}".rstrip())
    parts.append(words.say("contract_rules") if rules is None else rules)
    return FilledText("\n\n".join(parts), persona.filled, persona.unknown, persona.unset)


def steps_overview(scenario: Scenario) -> str:
    """Every step's title, goal and the results it records, constant for the whole conversation
    (``layout: auto``).

    Useful text to read — where the conversation is going — without any step's instructions,
    which stay in force only in their step. ``auto`` adds it to the constant prefix when that
    prefix would otherwise fall just short of the cache minimum and caching it pays.
    """
    words = words_of(scenario)
    lines = [words.say("overview_heading"), words.say("overview_note")]
    for step in scenario.steps.values():
        if step.kind.value == "message":
            continue
        goal = f": {step.goal}" if step.goal else ""
        lines.append(f"- {step.display_title}{goal}")
        if step.results:
            lines.append(words.say("overview_records", names=", ".join(step.results)))
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
    words = words_of(scenario)
    body = fill_placeholders(step.instructions_text.strip(), values, known, words=words)
    lines = [f"{words.say('section_heading')}{step.display_title}"]
    if in_conversation:
        lines.append(words.say("in_force"))
    if step.goal:
        lines.append(words.say("goal", goal=step.goal))
    if body.text:
        lines += ["", body.text]
    if step.results:
        lines += ["", words.say("results_heading")]
        lines += [_result_line(name, step, words) for name in step.results]
    lines += ["", words.say("transitions_heading")]
    lines.append(words.say("stay_line", stay=STAY))
    signals = list(step.transitions) if offered is None else list(offered)
    for signal in signals:
        if signal in step.transitions:
            lines.append(_transition_line(scenario, step, signal, words))
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
    words = words_of(scenario)
    return "\n".join([words.say("earlier_heading"), words.say("earlier_intro"), *lines])


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
            reply_schema(step, words_of(scenario)),
            schema_name(step),
            unfilled=(*built.unknown, *built.unset),
        )
    rules = words_of(scenario).say("conversation_rules")
    prefix = stable_prefix(scenario, values, names, rules=rules)
    if padded and layout is not PromptLayout.APPEND:
        prefix = replace(prefix, text=f"{prefix.text}\n\n{steps_overview(scenario)}")
    if layout is PromptLayout.APPEND:
        schema, name = all_results_schema(scenario), CONVERSATION_SCHEMA_NAME
    elif layout is PromptLayout.COMPACT:
        schema, name = any_step_schema(scenario), CONVERSATION_SCHEMA_NAME
    else:
        schema, name = reply_schema(step, words_of(scenario)), schema_name(step)
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


def _result_line(name: str, step: Step, words: Phrasebook) -> str:
    result = step.results[name]
    if result.type is ValueType.ENUM:
        kind = words.say("type_enum", values=", ".join(result.values or []))
    else:
        kind = words.say(f"type_{result.type.value}")
    flags = words.say("result_required") if result.required else ""
    line = words.say("result_line", name=name, kind=kind, required=flags)
    if result.description:
        line += words.say("result_description", description=result.description)
    return line


def _transition_line(scenario: Scenario, step: Step, signal: str, words: Phrasebook) -> str:
    transition = step.transitions[signal]
    target = scenario.steps.get(transition.to)
    title = target.display_title if target else transition.to
    line = words.say("transition_line", signal=signal, title=title)
    if target is not None and target.goal:
        line += words.say("transition_goal", goal=target.goal)
    if transition.description:
        line += words.say("transition_when", description=transition.description)
    if transition.requires:
        line += words.say("transition_needs", names=", ".join(transition.requires))
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
        messages.append(
            Message("system", words_of(scenario).say("earlier_step", title=title, summary=summary))
        )
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
    "OVERVIEW_HEADINGS",
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
    "words_of",
]
