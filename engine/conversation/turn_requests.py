"""What a turn sends: the request under the current step, and the correction after a bad reply.

The turn loop (:mod:`engine.conversation.conversation_core`) decides *when* a call is made; this
module says *what* it carries, from the conversation's state
(:class:`~engine.conversation.session.SessionData`) alone: the prompt
:mod:`engine.dialogue.prompting` lays out (``model.layout``), the history a provider that cannot
chain is sent again, and the follow-up naming a contract violation. Nothing here emits an event or
changes the state, so each request can be checked on its own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.conversation.session import SessionData
from engine.dialogue.contract import ViolationKind as Kind
from engine.dialogue.prompting import Prompt, build_history, build_prompt, chain_messages
from engine.errors import ContractViolation
from engine.languages import ENGLISH, scaffolding
from engine.providers.base import Message, ModelReply, ModelRequest, Purpose
from engine.scenario.definition import PromptLayout, Scenario, Step

#: The input of an ``on_enter: respond`` call: there is no user message to answer yet (in
#: English; :func:`on_enter_input` gives it in the scenario's language).
ON_ENTER_INPUT = scaffolding(ENGLISH).say("on_enter_input")


def on_enter_input(scenario: Scenario) -> str:
    """The input of an ``on_enter: respond`` call, in the scenario's language."""
    return scaffolding(scenario.language).say("on_enter_input")


def known_values(data: SessionData) -> dict[str, Any]:
    """What placeholders may show: every step's known results, then the variables."""
    values: dict[str, Any] = {}
    for step_results in data.results.values():
        values.update(step_results)
    for name, value in data.vars.values().items():
        if value is not None:
            values[name] = value
    return values


def chain_carries_this_visit(data: SessionData) -> bool:
    """Whether the current chain already holds the section of the current step visit."""
    visit = len(data.state.visited) - 1
    return any(entry.role == "system" and entry.visit == visit for entry in data.chain)


def layout_in_force(scenario: Scenario, data: SessionData) -> PromptLayout:
    """The layout of the current chain: ``model.layout``, or what ``auto`` chose for it."""
    if scenario.model.layout is not PromptLayout.AUTO:
        return scenario.model.layout
    return PromptLayout(data.layout) if data.layout else PromptLayout.COMPACT


def step_prompt(
    scenario: Scenario, data: SessionData, step: Step, offered: list[str], *, restart: bool
) -> Prompt:
    """The prompt for ``step``, laid out as ``model.layout`` says (``restart``: from the
    summaries, as a new chain)."""
    auto = scenario.model.layout is PromptLayout.AUTO
    return build_prompt(
        scenario,
        step,
        known_values(data),
        layout=layout_in_force(scenario, data),
        padded=auto and data.padded,
        offered=offered,
        carried=chain_carries_this_visit(data),
        restart=restart,
        visited=data.state.visited,
        summaries=data.summaries,
    )


def step_request(
    scenario: Scenario,
    data: SessionData,
    prompt: Prompt,
    purpose: Purpose,
    text: str,
    *,
    model: str,
    chains: bool,
) -> ModelRequest:
    """The request sending ``text`` under ``prompt``: chained to the last response, or with
    the history sent again for a provider that cannot chain (``chains`` false)."""
    history: tuple[Message, ...] = ()
    if not chains and not prompt.new_chain:
        if layout_in_force(scenario, data) is PromptLayout.PER_STEP:
            history = build_history(
                scenario, data.transcript, len(data.state.visited) - 1, data.summaries
            )
        else:
            history = chain_messages(data.chain)
    settings = scenario.model
    return ModelRequest(
        model=model,
        instructions=prompt.instructions,
        input=text,
        input_items=prompt.items,
        schema=prompt.schema,
        schema_name=prompt.schema_name,
        previous_response_id=None if prompt.new_chain else data.last_response_id,
        history=history,
        purpose=purpose,
        temperature=settings.temperature,
        max_output_tokens=settings.max_output_tokens,
        metadata={
            "session": data.session_id,
            "step": data.state.step,
            "turn": str(data.state.turn),
        },
        prompt_cache_key=data.cache_key,
    )


def correction_request(
    request: ModelRequest, bad: ModelReply, issue: ContractViolation, *, chains: bool
) -> ModelRequest:
    """The follow-up naming what was wrong: chained to the bad response, or after it in the
    local history for a provider that cannot chain. A reply too long to be fed back, or one
    that echoed the instructions (never to be kept in any history), is left out: the previous
    request is sent again with the correction after its input."""
    said = (*request.input_items, Message("user", request.input))
    if issue.kind in (Kind.TOO_LONG, Kind.ECHOED_INSTRUCTIONS):
        return replace(request, input_items=said, input=issue.correction, purpose="correction")
    history = request.history
    if not chains:
        history = (*history, *said, Message("assistant", bad.text))
    return replace(
        request,
        input=issue.correction,
        input_items=(),
        purpose="correction",
        previous_response_id=bad.response_id or request.previous_response_id,
        history=history,
    )


__all__ = [
    "ON_ENTER_INPUT",
    "chain_carries_this_visit",
    "correction_request",
    "known_values",
    "layout_in_force",
    "on_enter_input",
    "step_prompt",
    "step_request",
]
