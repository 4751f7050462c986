"""Where the model calls of a log are, so any of them is rebuilt without a scan.

:class:`CallIndex` is fed the log's events in order (a viewer feeds it as they arrive) and
answers the questions rebuilding a call asks: the response to a request, the request a
response answers, the call before and after, the response with a given id, the first request
of an exchange. What each request added to its chain is worded and counted once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from engine.log.events import Event, EventType
from engine.request_view.parts import MARKER_TOKENS, PromptMessage, estimate_tokens

#: A chain's conversation, oldest first, and the id of a response it needs that the log lacks.
Chain = tuple[list[PromptMessage], str | None]
#: How many rebuilt chains an index keeps (each holds references, not copies, of messages).
KEPT_CHAINS = 32


class CallIndex:
    """Where the model calls of a log are, so any of them is rebuilt without a scan.

    Fed in log order (:meth:`add` takes appended events); events are keyed by identity, and the
    index keeps them alive. Building it is one pass over the events' types.
    """

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._reset()
        self.add(events)

    def _reset(self) -> None:
        self._requests: list[Event] = []
        self._response_of: dict[int, Event] = {}
        self._request_of: dict[int, Event] = {}
        self._by_response_id: dict[str, Event] = {}
        self._previous: dict[int, Event] = {}
        self._next: dict[int, Event] = {}
        self._first_of_exchange: dict[int, Event] = {}
        self._last_request: dict[str, Event] = {}
        self._open_request: dict[str, Event] = {}
        self._provider: dict[str, str] = {}
        self._position: dict[int, int] = {}
        self._count = 0
        #: What each request added to its chain, worded and counted once (a long chain is
        #: walked again for every call after it).
        self._said: dict[int, list[PromptMessage]] = {}
        self._replies: dict[tuple[int, bool], PromptMessage] = {}
        self._calls: list[Event] = []  # requests and responses, in order, for prepare()
        self._prepared = 0
        #: The conversations recent calls' chains carried (see :meth:`chain`).
        self._chains: dict[tuple[str, int], Chain] = {}

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            kind = event.type
            self._count += 1
            if kind == EventType.MODEL_REQUEST or kind == EventType.MODEL_RESPONSE:
                self._position[id(event)] = self._count
                self._calls.append(event)
            if kind == EventType.MODEL_REQUEST:
                self._add_request(event)
            elif kind == EventType.MODEL_RESPONSE:
                self._add_response(event)
            elif kind == EventType.SESSION_START:
                self._provider[event.session] = str(event.data.get("provider") or "")

    def _add_request(self, event: Event) -> None:
        session = event.session
        previous = self._last_request.get(session)
        if previous is not None:
            self._previous[id(event)] = previous
            self._next[id(previous)] = event
        first = event
        if event.data.get("purpose") == "correction" and previous is not None:
            first = self._first_of_exchange.get(id(previous), previous)
        self._first_of_exchange[id(event)] = first
        self._requests.append(event)
        self._last_request[session] = event
        self._open_request[session] = event

    def _add_response(self, event: Event) -> None:
        request = self._open_request.pop(event.session, None)
        if request is not None:
            self._response_of[id(request)] = event
            self._request_of[id(event)] = request
        response_id = event.data.get("response_id")
        if isinstance(response_id, str) and response_id:
            self._by_response_id.setdefault(response_id, event)

    def clear(self) -> None:
        self._reset()

    @property
    def requests(self) -> list[Event]:
        """Every ``model_request``, in log order."""
        return self._requests

    def request_for(self, event: Event) -> Event | None:
        """The request of a call, given its ``model_request`` or its ``model_response``."""
        if event.type == EventType.MODEL_REQUEST:
            return event
        if event.type == EventType.MODEL_RESPONSE:
            return self._request_of.get(id(event))
        return None

    def response_to(self, request: Event) -> Event | None:
        return self._response_of.get(id(request))

    def previous_call(self, request: Event) -> Event | None:
        """The model request before ``request`` in the same conversation."""
        return self._previous.get(id(request))

    def next_call(self, request: Event) -> Event | None:
        """The model request after ``request`` in the same conversation."""
        return self._next.get(id(request))

    def response(self, response_id: str, before: Event | None = None) -> Event | None:
        """The response ``response_id``; with ``before``, only if the log has it earlier (a
        request can only continue a response it follows)."""
        response = self._by_response_id.get(response_id)
        if response is None or before is None:
            return response
        earlier = self._position.get(id(response), 0) < self._position.get(id(before), 0)
        return response if earlier else None

    def first_of_exchange(self, request: Event) -> Event:
        """The turn's (or on-enter's) request a correction follows up; itself otherwise."""
        return self._first_of_exchange.get(id(request), request)

    def provider(self, session: str) -> str:
        return self._provider.get(session, "")

    def said(self, request: Event) -> list[PromptMessage]:
        """The messages ``request`` added to its chain (its items, then its input)."""
        messages = self._said.get(id(request))
        if messages is None:
            messages = self._said[id(request)] = said(request)
        return messages

    def reply(self, response: Event, *, rejected: bool, stored: bool = True) -> PromptMessage:
        key = (id(response), stored)
        message = self._replies.get(key)
        if message is None:
            message = self._replies[key] = reply_message(response, rejected=False, stored=stored)
        return replace(message, rejected=True) if rejected else message

    def chain(self, walk: str, request: Event) -> Chain | None:
        """The conversation ``request``'s chain carried, as ``walk`` last rebuilt it, if kept.

        An inspector shows a call next to the one before it, and both chains are thousands of
        messages that differ by the last exchange: the later walk stops where the earlier one
        is kept instead of going back to the start again. A kept chain stays true as the log
        grows: it holds only replies to calls before ``request``, and whether each was
        rejected (a correction followed it) was settled by the time ``request`` was logged.
        """
        return self._chains.get((walk, id(request)))

    def keep_chain(self, walk: str, request: Event, chain: Chain) -> None:
        """Keep ``chain`` for :meth:`chain` (the last :data:`KEPT_CHAINS` only)."""
        self._chains[(walk, id(request))] = chain
        if len(self._chains) > KEPT_CHAINS:
            del self._chains[next(iter(self._chains))]

    def prepare(self, count: int) -> bool:
        """Word and count the messages of the next ``count`` calls not prepared yet (a viewer
        does it while idle, so the first rebuild of a long chain is quick); False when all
        are."""
        calls = self._calls[self._prepared : self._prepared + count]
        for event in calls:
            if event.type == EventType.MODEL_REQUEST:
                self.said(event)
            else:
                self.reply(event, rejected=False)
        self._prepared += len(calls)
        return self._prepared < len(self._calls)


def said(request: Event) -> list[PromptMessage]:
    """The messages a request adds to its chain: its items, then its input (as the user)."""
    messages = [
        _message(str(item.get("role", "system")), str(item.get("content", "")), request)
        for item in request_items(request.data)
    ]
    messages.append(_message("user", str(request.data.get("input", "")), request))
    return messages


def reply_message(response: Event, *, rejected: bool, stored: bool = True) -> PromptMessage:
    """The reply as the model re-reads it: a stored response keeps the model's refusal when it
    refused; a history sent again holds the reply's text, empty after a refusal."""
    text = str(response.data.get("raw_text") or "")
    if stored and not text:
        text = str(response.data.get("refusal") or "")
    return _message("assistant", text, response, rejected=rejected)


def _message(role: str, content: str, event: Event, *, rejected: bool = False) -> PromptMessage:
    return PromptMessage(
        role,
        content,
        MARKER_TOKENS + estimate_tokens(content),
        event.seq,
        event.turn,
        event.step,
        rejected,
    )


def request_items(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    items = data.get("input_items")
    if not isinstance(items, list):
        return []
    return [item for item in items if isinstance(item, Mapping)]


__all__ = ["KEPT_CHAINS", "CallIndex", "Chain", "reply_message", "request_items", "said"]
