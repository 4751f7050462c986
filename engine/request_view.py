"""What one model call sent, as the model saw it, rebuilt from the conversation log alone.

A ``model_request`` event records what the engine handed the provider: the instructions, the
schema, the new ``input_items`` and ``input``, and ``previous_response_id`` — but not the
conversation the chain carries, which the Responses API keeps on its side. This module rebuilds
that conversation from earlier events of the log, so a reader (the studio's request inspector,
a script) can answer *what exactly did the model read on this call, and why did it cost what it
cost?* It is the log's meaning, so it lives in the engine, in plain Python.

**The chain.** A request continuing ``previous_response_id = R`` carries everything the call
that produced ``R`` read besides its instructions, then that call's own new messages (its
items and input), then ``R``'s output — and so on back to a request that started a chain (no
``previous_response_id``; ``new_chain`` in the compact layouts). Instructions are not carried:
each call sends its own, as the API does. A correction chains to the *rejected* reply, so the
model re-reads it; the fake OpenAI server keeps chains exactly this way, and the tests compare
the rebuilt conversation with the one the server actually held. A provider that keeps no chain
(``chat``) is sent the accepted exchanges again instead (``engine.session``'s transcript): there
a rejected reply is read only by the corrections of its own exchange.

**The prompt as the cache sees it.** :class:`RequestView.parts` lists the parts in the order the
service reads them — output schema, instructions, the carried conversation, the new items, the
input — each with its token estimate (:func:`estimate_tokens`). The billed ``cached_tokens`` are
a prefix of that order, so :meth:`RequestView.cached_in` says how much of each part the cache
covered. :func:`compare` diffs a call with the previous call of its conversation: which part
changed first, and so where the cache had to stop.

**The estimate.** :func:`estimate_tokens` counts words and single punctuation marks, plus one
token for each part's or message's role marker. That is how the project's fake server counts,
so against it the parts add up to the billed input exactly (a test checks it); OpenAI's own
tokenizers merge some punctuation (JSON in particular) and split rare words, so against a real
model the sum is an estimate — the inspector always shows it next to the billed figure, and
scales the parts to the billed total where it marks the cached prefix.

What the log cannot tell is said, never guessed: a chain that continues a response missing from
the log (a forked or resumed conversation whose start is in another log) sets
:attr:`RequestView.chain_missing`; a provider that keeps no chain logs only how many history
messages it sent (``history_messages``), and a rebuilt history of another length is reported in
:attr:`RequestView.notes`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from engine.events import Event, EventType

#: Words and single punctuation marks: the estimate's unit (and the fake server's).
_TOKEN = re.compile(r"\w+|[^\w\s]")
#: The role marker every part and message carries in the rendered prompt.
MARKER_TOKENS = 1
#: OpenAI caches prompt prefixes in blocks of this many tokens…
CACHE_BLOCK_TOKENS = 128
#: …from this many tokens on.
CACHE_MIN_TOKENS = 1024
#: Providers that keep the conversation on the server (``previous_response_id``).
CHAINING_PROVIDERS = frozenset({"responses", "scripted"})

PartKind = Literal["schema", "instructions", "history", "items", "input"]
PART_TITLES: Mapping[PartKind, str] = {
    "schema": "Output schema",
    "instructions": "Instructions",
    "history": "Conversation the chain carries",
    "items": "New input items",
    "input": "Input",
}


def estimate_tokens(text: str) -> int:
    """About how many tokens ``text`` is: its words and punctuation marks."""
    return len(_TOKEN.findall(text))


def schema_text(schema: Any) -> str:
    """The schema as the service reads it (keys sorted, no spaces), for counting."""
    return json.dumps(schema, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class PromptMessage:
    """One message of the prompt, with the log event it was read from (``seq``, ``turn``)."""

    role: str
    content: str
    tokens: int
    seq: int | None = None
    turn: int | None = None
    step: str | None = None
    #: This message is the output of a reply the engine rejected (the chain keeps it).
    rejected: bool = False


@dataclass(frozen=True)
class PromptPart:
    """A part of the prompt; ``start`` is the estimated tokens read before it."""

    kind: PartKind
    text: str
    tokens: int
    start: int
    messages: tuple[PromptMessage, ...] = ()

    @property
    def title(self) -> str:
        return PART_TITLES[self.kind]

    @property
    def end(self) -> int:
        return self.start + self.tokens


@dataclass(frozen=True)
class Billed:
    """What the call's ``model_response`` says it cost."""

    input_tokens: int
    cached_tokens: int
    output_tokens: int
    cost_usd: float | None


@dataclass(frozen=True)
class RequestView:
    """One model call, rebuilt: see the module docstring."""

    request: Event
    response: Event | None
    provider: str
    parts: tuple[PromptPart, ...]
    #: A ``previous_response_id`` the chain needs that is not in the log.
    chain_missing: str | None = None
    notes: tuple[str, ...] = ()
    #: How many messages of the carried conversation came from rejected replies.
    rejected_messages: int = 0
    billed: Billed | None = field(default=None)

    @property
    def estimated_tokens(self) -> int:
        return sum(part.tokens for part in self.parts)

    @property
    def scale(self) -> float:
        """Billed input ÷ estimated input (1.0 when nothing was billed yet)."""
        if self.billed is None or not self.estimated_tokens or self.chain_missing:
            return 1.0
        return self.billed.input_tokens / self.estimated_tokens

    def part(self, kind: PartKind) -> PromptPart | None:
        return next((part for part in self.parts if part.kind == kind), None)

    @property
    def history(self) -> tuple[PromptMessage, ...]:
        part = self.part("history")
        return part.messages if part else ()

    def cached_in(self, start: int, tokens: int) -> int:
        """Of the estimated tokens ``[start, start + tokens)``, how many the cache covered.

        Positions are scaled to the billed input, so the marked prefix ends where the billed
        ``cached_tokens`` end even when the estimate is off.
        """
        if self.billed is None or not tokens:
            return 0
        cached = self.billed.cached_tokens / self.scale if self.scale else 0.0
        return round(min(max(cached - start, 0.0), float(tokens)))

    def part_cached(self, part: PromptPart) -> int:
        return self.cached_in(part.start, part.tokens)

    def message_start(self, part: PromptPart, index: int) -> int:
        return part.start + sum(message.tokens for message in part.messages[:index])


@dataclass(frozen=True)
class PartChange:
    """How a part differs from the previous call's: ``same``, ``changed``, ``new``, ``gone``,
    ``grew`` (the conversation: the previous one, then more) or ``restarted`` (a new chain)."""

    kind: PartKind
    status: str
    detail: str = ""


@dataclass(frozen=True)
class RequestDiff:
    """A call compared with the previous call of its conversation."""

    previous: RequestView
    current: RequestView
    changes: tuple[PartChange, ...]
    #: Estimated tokens both prompts start with, byte for byte.
    common_tokens: int
    #: Where the prompts first differ, in words ("the instructions", "message 3 of …").
    first_difference: str
    #: How many messages of the conversation (history, items, input) both start with.
    same_messages: int = 0

    @property
    def cacheable_tokens(self) -> int:
        """The most the cache could reuse from the previous call: whole blocks from the minimum
        (in estimated tokens; multiply by ``current.scale`` for billed ones)."""
        blocks = self.common_tokens // CACHE_BLOCK_TOKENS * CACHE_BLOCK_TOKENS
        return blocks if blocks >= CACHE_MIN_TOKENS else 0

    def change(self, kind: PartKind) -> PartChange | None:
        return next((change for change in self.changes if change.kind == kind), None)


# --- finding calls in a log ---------------------------------------------------------------------


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
            messages = self._said[id(request)] = _said(request)
        return messages

    def reply(self, response: Event, *, rejected: bool, stored: bool = True) -> PromptMessage:
        key = (id(response), stored)
        message = self._replies.get(key)
        if message is None:
            message = self._replies[key] = _reply(response, rejected=False, stored=stored)
        return replace(message, rejected=True) if rejected else message

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


# --- rebuilding one call ------------------------------------------------------------------------


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


def _said(request: Event) -> list[PromptMessage]:
    """The messages a request adds to its chain: its items, then its input (as the user)."""
    messages = [
        _message(str(item.get("role", "system")), str(item.get("content", "")), request)
        for item in _items(request.data)
    ]
    messages.append(_message("user", str(request.data.get("input", "")), request))
    return messages


def _reply(response: Event, *, rejected: bool, stored: bool = True) -> PromptMessage:
    """The reply as the model re-reads it: a stored response keeps the model's refusal when it
    refused; a history sent again holds the reply's text, empty after a refusal."""
    text = str(response.data.get("raw_text") or "")
    if stored and not text:
        text = str(response.data.get("refusal") or "")
    return _message("assistant", text, response, rejected=rejected)


def _server_chain(index: CallIndex, request: Event) -> tuple[list[PromptMessage], str | None]:
    """What a Responses chain holds before ``request``'s own messages (see the module doc)."""
    segments: list[list[PromptMessage]] = []
    seen: set[str] = set()
    response_id = _previous_id(request)
    asking = request
    while response_id is not None and response_id not in seen:
        seen.add(response_id)
        response = index.response(response_id, before=asking)
        asked = index.request_for(response) if response is not None else None
        if response is None or asked is None:
            return _joined(segments), response_id
        accepted = _was_accepted(index, asked)
        segments.append([*index.said(asked), index.reply(response, rejected=not accepted)])
        response_id, asking = _previous_id(asked), asked
    return _joined(segments), None


def _sent_history(index: CallIndex, request: Event) -> tuple[list[PromptMessage], str | None]:
    """What a provider without chains was sent: the accepted exchanges since the chain began,
    and for a correction the exchange so far (its rejected replies included)."""
    if request.data.get("purpose") == "correction":
        previous = index.previous_call(request)
        if previous is None:
            return [], None
        earlier, missing = _sent_history(index, previous)
        if _items(request.data):  # a reply too long to feed back: the request is sent again
            return earlier, missing
        bad = index.response_to(previous)
        said = index.said(previous)
        rejected = [index.reply(bad, rejected=True, stored=False)] if bad else []
        return [*earlier, *said, *rejected], missing
    segments: list[list[PromptMessage]] = []
    seen: set[str] = set()
    response_id = _previous_id(request)
    asking = request
    while response_id is not None and response_id not in seen:
        seen.add(response_id)
        response = index.response(response_id, before=asking)
        answered = index.request_for(response) if response is not None else None
        if response is None or answered is None:
            return _joined(segments), response_id
        first = index.first_of_exchange(answered)
        segments.append([*index.said(first),
                         index.reply(response, rejected=False, stored=False)])
        response_id, asking = _previous_id(first), first
    return _joined(segments), None


def _was_accepted(index: CallIndex, request: Event) -> bool:
    """False when the engine followed the reply to ``request`` up with a correction."""
    follow = index.next_call(request)
    return follow is None or follow.data.get("purpose") != "correction"


def _parts(data: Mapping[str, Any], history: list[PromptMessage],
           said: list[PromptMessage]) -> tuple[PromptPart, ...]:
    parts: list[PromptPart] = []
    start = 0

    def add(kind: PartKind, text: str, tokens: int,
            messages: Sequence[PromptMessage] = ()) -> None:
        nonlocal start
        parts.append(PromptPart(kind, text, tokens, start, tuple(messages)))
        start += tokens

    schema = data.get("schema")
    if isinstance(schema, dict) and schema:
        add("schema", json.dumps(schema, indent=2, ensure_ascii=False),
            MARKER_TOKENS + estimate_tokens(schema_text(schema)))
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


def _billed(response: Event | None) -> Billed | None:
    if response is None:
        return None
    usage = response.data.get("usage")
    if not isinstance(usage, Mapping):
        return None
    cost = response.data.get("cost_usd")
    return Billed(
        input_tokens=_count(usage.get("input_tokens")),
        cached_tokens=_count(usage.get("cached_tokens")),
        output_tokens=_count(usage.get("output_tokens")),
        cost_usd=float(cost) if isinstance(cost, int | float) else None,
    )


# --- comparing with the previous call -----------------------------------------------------------


def compare(previous: RequestView, current: RequestView) -> RequestDiff:
    """How ``current`` differs from ``previous``, part by part, and how long a prefix they
    share (what the cache could reuse)."""
    changes: list[PartChange] = []
    for kind in ("schema", "instructions"):
        old, new = previous.part(kind), current.part(kind)
        changes.append(_text_change(kind, old, new))
    old_talk = _conversation(previous)
    new_talk = _conversation(current)
    same = _common_messages(old_talk, new_talk)
    if same == len(old_talk):
        status, detail = "grew", f"the previous call's {len(old_talk)} message(s), then " \
                                 f"{len(new_talk) - same} new"
    elif same == 0:
        status, detail = "restarted", "a new chain: none of the previous messages is re-read"
    else:
        status, detail = "changed", f"the first {same} message(s) are the same, then it differs"
    changes.append(PartChange("history", status, detail))
    common, where = _common_prefix(previous, current, old_talk, new_talk, same)
    return RequestDiff(previous, current, tuple(changes), common, where, same)


def _text_change(kind: PartKind, old: PromptPart | None, new: PromptPart | None) -> PartChange:
    if old is None and new is None:
        return PartChange(kind, "same", "none sent")
    if old is None:
        return PartChange(kind, "new")
    if new is None:
        return PartChange(kind, "gone")
    if old.text == new.text:
        return PartChange(kind, "same")
    delta = new.tokens - old.tokens
    return PartChange(kind, "changed", f"{delta:+,} tokens" if delta else "same length")


def _conversation(view: RequestView) -> list[PromptMessage]:
    """Everything after the instructions, in the order read: history, items, input."""
    messages: list[PromptMessage] = []
    for part in view.parts:
        if part.kind in ("history", "items", "input"):
            messages.extend(part.messages)
    return messages


def _common_messages(old: list[PromptMessage], new: list[PromptMessage]) -> int:
    count = 0
    for before, after in zip(old, new, strict=False):
        if (before.role, before.content) != (after.role, after.content):
            break
        count += 1
    return count


def _common_prefix(previous: RequestView, current: RequestView, old_talk: list[PromptMessage],
                   new_talk: list[PromptMessage], same: int) -> tuple[int, str]:
    """Estimated tokens both prompts start with, and where they first differ."""
    common = 0
    for kind in ("schema", "instructions"):
        old, new = previous.part(kind), current.part(kind)
        if old is None and new is None:
            continue
        if old is None or new is None or old.text != new.text:
            shared = _shared_tokens(old.text if old else "", new.text if new else "", kind)
            return common + shared, f"the {PART_TITLES[kind].lower()}"
        common += new.tokens
    common += sum(message.tokens for message in new_talk[:same])
    if same < len(new_talk) and same < len(old_talk):
        before, after = old_talk[same], new_talk[same]
        if before.role == after.role:
            common += MARKER_TOKENS + _shared_word_count(before.content, after.content)
        restart = " (a new chain)" if same == 0 else ""
        return common, f"message {same + 1} of the conversation{restart}"
    if same < len(new_talk):
        return common, (f"message {same + 1} of the conversation (everything before it is the "
                        "previous call's prompt)")
    return common, "nowhere: the prompt is the previous one"


def _shared_tokens(old: str, new: str, kind: str) -> int:
    if not old or not new:
        return 0
    if kind == "schema":  # the service reads the compact form
        old, new = schema_text(json.loads(old)), schema_text(json.loads(new))
    return MARKER_TOKENS + _shared_word_count(old, new)


def _shared_word_count(old: str, new: str) -> int:
    count = 0
    for before, after in zip(_TOKEN.finditer(old), _TOKEN.finditer(new), strict=False):
        if before.group() != after.group():
            break
        count += 1
    return count


# --- small helpers ------------------------------------------------------------------------------


def _message(role: str, content: str, event: Event, *, rejected: bool = False) -> PromptMessage:
    return PromptMessage(role, content, MARKER_TOKENS + estimate_tokens(content), event.seq,
                         event.turn, event.step, rejected)


def _items(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    items = data.get("input_items")
    if not isinstance(items, list):
        return []
    return [item for item in items if isinstance(item, Mapping)]


def _previous_id(request: Event) -> str | None:
    if request.data.get("new_chain"):
        return None
    value = request.data.get("previous_response_id")
    return value if isinstance(value, str) and value else None


def _joined(segments: list[list[PromptMessage]]) -> list[PromptMessage]:
    return [message for segment in reversed(segments) for message in segment]


def _as_text(messages: Sequence[PromptMessage]) -> str:
    return "\n\n".join(f"── {message.role} ──\n{message.content}" for message in messages)


def _count(value: Any) -> int:
    return int(value) if isinstance(value, int | float) and value >= 0 else 0


__all__ = [
    "CACHE_BLOCK_TOKENS",
    "CACHE_MIN_TOKENS",
    "Billed",
    "CallIndex",
    "PartChange",
    "PromptMessage",
    "PromptPart",
    "RequestDiff",
    "RequestView",
    "compare",
    "estimate_tokens",
    "rebuild",
    "schema_text",
]
