"""Rebuilding one call: the conversation its chain carried, its parts, what it was billed."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.dialogue.ledger import Totals
from engine.log.events import Event
from engine.log.fold import response_call
from engine.request_view.index import CallIndex, request_items
from engine.request_view.parts import (
    CHAINING_PROVIDERS,
    MARKER_TOKENS,
    PartKind,
    PromptMessage,
    PromptPart,
    RequestView,
    estimate_tokens,
    schema_text,
)


def rebuild(index: CallIndex, event: Event) -> RequestView:
    """The call of ``event`` (its ``model_request`` or ``model_response``) as the model saw it.

    Raises ``ValueError`` when ``event`` is not part of a model call in ``index``.
    """
    request = index.request_for(event)
    if request is None:
        raise ValueError(f"event seq {event.seq} ({event.type}) is not a model call in this log")
    data = request.data
    provider = index.provider(request.session) or "responses"
    notes: list[str] = []
    if provider in CHAINING_PROVIDERS:
        history, missing = _server_chain(index, request)
    else:
        history, missing = _sent_history(index, request)
        sent = data.get("history_messages")
        if isinstance(sent, int) and sent != len(history):
            notes.append(
                f"the provider was sent {sent} history message(s); the log rebuilds "
                f"{len(history)} (the per-step layout sends the steps left as summaries)"
            )
    if missing is not None:
        notes.append(
            f"the chain continues {missing}, which is not in this log (the conversation was "
            "forked or resumed from another one): the messages before it cannot be shown"
        )
    parts = _parts(data, history, index.said(request))
    response = index.response_to(request)
    return RequestView(
        request=request,
        response=response,
        provider=provider,
        parts=parts,
        chain_missing=missing,
        notes=tuple(notes),
        rejected_messages=sum(1 for message in history if message.rejected),
        billed=_billed(response),
    )


def _server_chain(index: CallIndex, request: Event) -> tuple[list[PromptMessage], str | None]:
    """What a Responses chain holds before ``request``'s own messages (see the module doc)."""

    def segment(response: Event, asked: Event) -> tuple[list[PromptMessage], Event]:
        accepted = _was_accepted(index, asked)
        return [*index.said(asked), index.reply(response, rejected=not accepted)], asked

    return _walk_back(index, request, segment, "server")


def _sent_history(index: CallIndex, request: Event) -> tuple[list[PromptMessage], str | None]:
    """What a provider without chains was sent: the accepted exchanges since the chain began,
    and for a correction the exchange so far (its rejected replies included)."""
    if request.data.get("purpose") == "correction":
        previous = index.previous_call(request)
        if previous is None:
            return [], None
        earlier, missing = _sent_history(index, previous)
        if request_items(request.data):  # a reply too long to feed back: the request is sent again
            return earlier, missing
        bad = index.response_to(previous)
        said = index.said(previous)
        rejected = [index.reply(bad, rejected=True, stored=False)] if bad else []
        return [*earlier, *said, *rejected], missing

    def segment(response: Event, answered: Event) -> tuple[list[PromptMessage], Event]:
        first = index.first_of_exchange(answered)
        return [*index.said(first), index.reply(response, rejected=False, stored=False)], first

    return _walk_back(index, request, segment, "sent")


#: What one link of a chain gave: its messages, and the request the walk goes on from.
Segment = Callable[[Event, Event], tuple[list[PromptMessage], Event]]


def _walk_back(
    index: CallIndex, request: Event, segment: Segment, walk: str
) -> tuple[list[PromptMessage], str | None]:
    """Walk back from ``request`` through ``previous_response_id``: each response the log has
    (with the request it answered) gives ``segment``'s messages, oldest first in the result.

    Returns the messages and the id of a response the chain needs that the log lacks (a fork
    or a resume from another log), else ``None``. A loop of ids ends the walk. The walk stops
    early at a request whose chain the index kept (:meth:`CallIndex.chain`), and keeps this
    one's.
    """
    kept = index.chain(walk, request)
    if kept is not None:
        return kept
    segments: list[list[PromptMessage]] = []
    seen: set[str] = set()
    older: list[PromptMessage] = []
    missing: str | None = None
    response_id = _previous_id(request)
    asking = request
    while response_id is not None and response_id not in seen:
        seen.add(response_id)
        response = index.response(response_id, before=asking)
        answered = index.request_for(response) if response is not None else None
        if response is None or answered is None:
            missing = response_id
            break
        messages, asking = segment(response, answered)
        segments.append(messages)
        earlier = index.chain(walk, asking)
        if earlier is not None:
            older, missing = earlier
            break
        response_id = _previous_id(asking)
    chain = ([*older, *_joined(segments)], missing)
    index.keep_chain(walk, request, chain)
    return chain


def _was_accepted(index: CallIndex, request: Event) -> bool:
    """False when the engine followed the reply to ``request`` up with a correction."""
    follow = index.next_call(request)
    return follow is None or follow.data.get("purpose") != "correction"


def _parts(
    data: Mapping[str, Any], history: list[PromptMessage], said: list[PromptMessage]
) -> tuple[PromptPart, ...]:
    parts: list[PromptPart] = []
    start = 0

    def add(kind: PartKind, text: str, tokens: int, messages: Sequence[PromptMessage] = ()) -> None:
        nonlocal start
        parts.append(PromptPart(kind, text, tokens, start, tuple(messages)))
        start += tokens

    schema = data.get("schema")
    if isinstance(schema, dict) and schema:
        add(
            "schema",
            json.dumps(schema, indent=2, ensure_ascii=False),
            MARKER_TOKENS + estimate_tokens(schema_text(schema)),
        )
    instructions = str(data.get("instructions") or "")
    if instructions:
        add("instructions", instructions, MARKER_TOKENS + estimate_tokens(instructions))
    if history:
        add("history", _as_text(history), sum(message.tokens for message in history), history)
    items, user_input = said[:-1], said[-1]
    if items:
        add("items", _as_text(items), sum(message.tokens for message in items), items)
    add("input", user_input.content, user_input.tokens, [user_input])
    return tuple(parts)


def _billed(response: Event | None) -> Totals | None:
    """The call's totals, read as every view reads a ``model_response``
    (:func:`engine.log.fold.response_call`); ``None`` when it logged no usage."""
    if response is None or not isinstance(response.data.get("usage"), Mapping):
        return None
    return Totals.of_call(response_call(response))


def _previous_id(request: Event) -> str | None:
    if request.data.get("new_chain"):
        return None
    value = request.data.get("previous_response_id")
    return value if isinstance(value, str) and value else None


def _joined(segments: list[list[PromptMessage]]) -> list[PromptMessage]:
    return [message for segment in reversed(segments) for message in segment]


def _as_text(messages: Sequence[PromptMessage]) -> str:
    return "\n\n".join(f"── {message.role} ──\n{message.content}" for message in messages)


__all__ = ["rebuild"]
