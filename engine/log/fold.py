"""How a conversation log adds up: the one fold of its events into the conversation's state.

Fork and resume from a log (:func:`engine.conversation.session.session_from_events`), the studio's
replay, its variables panel and its cost meter all read a log through :class:`LogFold`: feed it
one conversation's events in log order — all at once, or one by one as a live chat emits them — and
ask where the conversation stood after any turn. Nothing else folds a log into state, so the
viewer's "as of turn 4" and a fork at turn 4 cannot disagree.

**The one rollback rule.** A turn is what the engine does for one user message (turn 0 is the
start: entering the first step). Its effects — steps entered, variables changed, step
summaries and results, what entered the response chain, its model calls — are applied as they
are read, so a live view shows a turn as it unfolds; then

* ``turn_end`` **completes** the turn: it stands;
* ``error`` **rolls it back**: everything it did is undone, as the engine restored the
  conversation as it was before the message (the error event carries the restored turn);
* a turn the log leaves unclosed — a ``user_message`` or a ``session_start`` comes while it is
  open — was lost with the process that ran it, and whoever resumed the session rolled it
  back (the CLI writes the ``error`` then): it is **rolled back** too;
* a turn still unclosed where the log ends is **open**: views show it as it stands, fork and
  resume use completed turns only.

**The one counting rule.** Every ``model_response`` is one call, counted with its tokens and
what it cost when it was made (its logged ``cost_usd``; a log is never re-priced), read by
:func:`response_call` — the reading every other view of a log's calls uses too. A reply no
model made (``synthetic``) cost nothing. Two totals answer two questions, and are named for
them:

* :meth:`LogFold.billed` — every call the log shows, those of rolled-back turns included: what
  the provider charged. The studio's cost meter shows this one;
* :meth:`LogFold.in_conversation` — the calls of the turns that stand: what a conversation
  rebuilt from the log (a fork) starts its :class:`~engine.dialogue.ledger.CostLedger` with. The
  live ledger keeps the calls of rolled-back turns too (they were paid), so its ``session_end``
  totals are :meth:`LogFold.billed`'s.

**What the chain carries.** The transcript is rebuilt as the engine keeps it
(:mod:`engine.conversation.session`): an accepted exchange adds what its first request sent
(``input_items``, then ``input``) and the accepted reply; a request with ``new_chain`` starts
the chain there; ``turn_end``'s ``response_id`` is the chain's head. A fallback adds nothing.
Logs written before the layouts have no items and no ``new_chain``: one chain, per step.

The fold holds append-only lists (steps entered, variable changes, step summaries, transcript,
calls) that a rollback truncates; a :class:`Position` says how much of each stood at some point,
so a turn's state costs a few integers, and :meth:`LogFold.state` materialises one on demand.
A viewer folds every event of a 20,000-line log as it opens it and keeps the fold while it is
open, so its records are small: named tuples, and plain tuples for the transcript and the calls
(which the garbage collector stops tracking), made into :class:`TranscriptEntry` and
:class:`CallRecord` when asked for.
No scenario is needed (the viewer has none): checking the log against one is the session's job.

The handlers and the positions they move are kept together, in the one class that applies the
rule above: apart, one rule would live in two places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, cast

from engine.dialogue.ledger import CallRecord, Totals
from engine.dialogue.prompting import TranscriptEntry
from engine.log.events import (
    ActionResultData,
    BotMessageData,
    Event,
    EventType,
    ModelRequestData,
    ModelResponseData,
    SessionEndData,
    SessionStartData,
    StepSummaryData,
    TransitionData,
    TurnEndData,
    UsageData,
    VariableChangeData,
)
from engine.providers.base import Usage

#: A transcript entry, and a call, as the fold keeps them (see the module docstring).
_Entry = tuple[str, int, str, str]
_Call = tuple[str, int, str, float, Usage, float, str | None, str | None]


class Outcome(StrEnum):
    COMPLETED = "completed"
    ROLLED_BACK = "rolled_back"
    OPEN = "open"


class VarChange(NamedTuple):
    """One change of one variable as the log records it (any name: no scenario is checked)."""

    name: str
    old: Any
    new: Any
    turn: int
    step: str | None
    source: str
    ts: str
    seq: int


class StepRecord(NamedTuple):
    """A ``step_summary``: what ``step`` had found out so far (``results`` may be missing)."""

    step: str
    summary: str
    results: dict[str, Any] | None
    turn: int


class Position(NamedTuple):
    """Where the conversation stood at one point of the log: how many of the fold's standing
    steps entered, changes, summaries, transcript entries and calls existed then, and the few
    values that are not lists."""

    visits: int = 0
    changes: int = 0
    summaries: int = 0
    transcript: int = 0
    calls: int = 0
    user_messages: int = 0
    chain_start: int = 0
    response_id: str | None = None
    cache_key: str = ""


class Turn(NamedTuple):
    """One turn of the log: how it ended, and the state after it (``after``; for a rolled-back
    turn the state before it, which it left unchanged). ``billed_calls`` counts every call of
    the log up to its end, rolled-back ones included."""

    number: int
    outcome: Outcome
    first_seq: int
    last_seq: int
    after: Position
    billed_calls: int


@dataclass(frozen=True)
class State:
    """The conversation after some turn, materialised (:meth:`LogFold.state`)."""

    turn: int
    visited: list[str]
    changes: list[VarChange]
    summaries: dict[str, str]
    results: dict[str, dict[str, Any]]
    response_id: str | None
    transcript: list[TranscriptEntry]
    chain_start: int
    cache_key: str
    calls: list[CallRecord]
    user_messages: int

    @property
    def step(self) -> str | None:
        return self.visited[-1] if self.visited else None

    @property
    def chain(self) -> list[TranscriptEntry]:
        """What the response chain holds (``transcript[chain_start:]``)."""
        return self.transcript[self.chain_start :]

    def values(self, initial: dict[str, Any] | None = None) -> dict[str, Any]:
        """The variables: ``initial`` (defaults), then every change in order."""
        values = dict(initial or {})
        for change in self.changes:
            values[change.name] = change.new
        return values

    @property
    def totals(self) -> Totals:
        """The calls of the turns that stand (see :meth:`LogFold.in_conversation`)."""
        return Totals.of(self.calls)


@dataclass(slots=True)
class _OpenTurn:
    """The turn being read: where to go back to, and the exchange under way."""

    number: int
    first_seq: int
    last_seq: int
    before: Position
    #: The first request of the exchange under way: what it sent enters the chain once the
    #: exchange is accepted (a turn that fell back leaves no trace in the chain).
    asked: ModelRequestData | None = None
    last_raw: str = ""


class LogFold:
    """Folds one conversation's events (see the module docstring). Feed with :meth:`feed`.

    ``start_step`` is where the conversation starts when its ``session_start`` names no step
    (a hand-made log); a session rebuilt for a scenario passes the scenario's start. The lists
    hold what stands now (the open turn included); read them, never change them.
    """

    def __init__(self, start_step: str | None = None) -> None:
        self.start_step = start_step
        #: The latest ``session_start``'s payload (where the log says the scenario is, …);
        #: ``None`` before one.
        self.session_info: SessionStartData | None = None
        #: The session id and model of the first ``session_start``.
        self.session_id: str | None = None
        self.model = ""
        #: The ``reason`` of the latest ``session_end`` (``None`` while the session runs).
        self.ended: str | None = None
        #: The steps entered, in order (the first one at the start): the FSM's ``visited``.
        self.visits: list[str] = []
        self.changes: list[VarChange] = []
        self.summaries: list[StepRecord] = []
        #: As plain tuples: see :meth:`transcript`, :meth:`calls` and :meth:`billed_calls`.
        self._transcript: list[_Entry] = []
        self._calls: list[_Call] = []
        self._billed_calls: list[_Call] = []
        #: The closed turns, in log order (completed and rolled back).
        self.closed: list[Turn] = []
        #: What a :class:`Position` holds besides the lists' lengths, as it stands now.
        self.user_messages = 0
        self.chain_start = 0
        self.response_id: str | None = None
        self.cache_key = ""
        self._open: _OpenTurn | None = None
        self._billed: tuple[int, Totals] = (0, Totals())

    # --- feeding ---------------------------------------------------------------------------

    def feed(self, event: Event) -> None:
        """Take one event into account (an event of a type this version does not know is
        kept by views, but changes no state)."""
        handler = _HANDLERS.get(event.type)
        if handler is not None:
            handler(self, event)

    def feed_many(self, events: Iterable[Event]) -> LogFold:
        for event in events:
            self.feed(event)
        return self

    # --- reading ---------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.session_id is not None

    @property
    def step(self) -> str | None:
        """The current step (the open turn included)."""
        return self.visits[-1] if self.visits else None

    @property
    def open_turn(self) -> Turn | None:
        """The turn being read, as it stands so far (``None`` between turns)."""
        current = self._open
        if current is None:
            return None
        return Turn(
            current.number,
            Outcome.OPEN,
            current.first_seq,
            current.last_seq,
            self.position(),
            len(self._billed_calls),
        )

    @property
    def turns(self) -> list[Turn]:
        """Every turn of the log in order: completed, rolled back, and the open one last."""
        current = self.open_turn
        return [*self.closed, current] if current is not None else list(self.closed)

    def completed(self) -> list[Turn]:
        return [turn for turn in self.closed if turn.outcome is Outcome.COMPLETED]

    @property
    def last_turn(self) -> int:
        """The number of the latest turn that stands (the open one included; 0 before any)."""
        current = self.open_turn
        if current is not None:
            return current.number
        standing = [turn for turn in self.closed if turn.outcome is Outcome.COMPLETED]
        return standing[-1].number if standing else 0

    def position(self, turn: int | None = None) -> Position:
        """The state after ``turn`` (default: now, the open turn included): see :meth:`at`."""
        if turn is None:
            return Position(
                len(self.visits),
                len(self.changes),
                len(self.summaries),
                len(self._transcript),
                len(self._calls),
                self.user_messages,
                self.chain_start,
                self.response_id,
                self.cache_key,
            )
        return self.at(turn)[1]

    def at(self, turn: int) -> tuple[int, Position]:
        """The turn that stands for "after ``turn``" and the state after it: the latest turn
        numbered at most ``turn`` that was not rolled back (the open one included), or the
        start (turn 0) when there is none."""
        found: Turn | None = None
        for candidate in self.turns:
            if candidate.number > turn:
                break
            if candidate.outcome is not Outcome.ROLLED_BACK:
                found = candidate
        if found is None:
            return 0, Position(visits=min(len(self.visits), 1), cache_key=self.session_id or "")
        return found.number, found.after

    def state(self, turn: int | None = None) -> State:
        """The conversation after ``turn`` (default: now), materialised."""
        number, at = (self.last_turn, self.position()) if turn is None else self.at(turn)
        summaries: dict[str, str] = {}
        results: dict[str, dict[str, Any]] = {}
        for record in self.summaries[: at.summaries]:
            apply_summary(record, summaries, results)
        return State(
            turn=number,
            visited=self.visits[: at.visits],
            changes=self.changes[: at.changes],
            summaries=summaries,
            results=results,
            response_id=at.response_id,
            transcript=self.transcript(at.transcript),
            chain_start=at.chain_start,
            cache_key=at.cache_key,
            calls=self.calls(at.calls),
            user_messages=at.user_messages,
        )

    def transcript(self, upto: int | None = None) -> list[TranscriptEntry]:
        """The transcript as it stands (its first ``upto`` entries: see :class:`Position`)."""
        return [TranscriptEntry(*entry) for entry in self._transcript[:upto]]

    def calls(self, upto: int | None = None) -> list[CallRecord]:
        """The calls of the turns that stand (the first ``upto``: see :class:`Position`)."""
        return [_record(call) for call in self._calls[:upto]]

    def billed_calls(self) -> list[CallRecord]:
        """Every call of the log, rolled-back turns' included."""
        return [_record(call) for call in self._billed_calls]

    def billed(self) -> Totals:
        """Every call the log shows, rolled-back turns included: what was paid."""
        counted, totals = self._billed
        if counted != len(self._billed_calls):  # views ask after every event: sum once
            totals = Totals.of(self.billed_calls())
            self._billed = (len(self._billed_calls), totals)
        return totals

    def in_conversation(self, turn: int | None = None) -> Totals:
        """The calls of the turns that stand (after ``turn``; default now): the conversation's
        own ledger."""
        return Totals.of(self.calls(self.position(turn).calls))

    # --- the rule ---------------------------------------------------------------------------

    def _turn(self, event: Event) -> _OpenTurn:
        """The open turn, opened at ``event`` when none is (the start's events, or a log that
        lost its ``user_message``)."""
        current = self._open
        if current is None:
            current = self._open = _OpenTurn(event.turn, event.seq, event.seq, self.position())
        current.last_seq = event.seq
        return current

    def _close(self, outcome: Outcome, last_seq: int, number: int | None = None) -> None:
        current = self._open
        if current is None:
            return
        if outcome is Outcome.ROLLED_BACK:
            self._undo(current.before)
        self._open = None
        self.closed.append(
            Turn(
                current.number if number is None else number,
                outcome,
                current.first_seq,
                last_seq,
                self.position(),
                len(self._billed_calls),
            )
        )

    def _undo(self, before: Position) -> None:
        del self.visits[before.visits :]
        del self.changes[before.changes :]
        del self.summaries[before.summaries :]
        del self._transcript[before.transcript :]
        del self._calls[before.calls :]
        self.user_messages = before.user_messages
        self.chain_start = before.chain_start
        self.response_id = before.response_id
        self.cache_key = before.cache_key

    # --- one handler per event type ----------------------------------------------------------

    def _session_start(self, event: Event) -> None:
        data = event.payload(SessionStartData)
        if self._open is not None:  # the turn never closed: the process running it died
            self._close(Outcome.ROLLED_BACK, self._open.last_seq)
        self.session_info = cast(SessionStartData, dict(data))
        self.ended = None
        step = event.step or data.get("start_step") or self.start_step
        if self.session_id is None:
            self.session_id = event.session
            self.model = data.get("model") or ""
            self.cache_key = event.session
        if step and step != self.step:  # the start, or a session resumed elsewhere
            self.visits.append(step)

    def _user_message(self, event: Event) -> None:
        if self._open is not None:  # the turn never closed: the process running it died
            self._close(Outcome.ROLLED_BACK, self._open.last_seq)
        self._open = _OpenTurn(event.turn, event.seq, event.seq, self.position())
        self.user_messages += 1

    def _model_request(self, event: Event) -> None:
        data = event.payload(ModelRequestData)
        current = self._turn(event)
        if data.get("purpose") != "correction":
            current.asked = data
            key = data.get("prompt_cache_key")
            if key:
                self.cache_key = key

    def _model_response(self, event: Event) -> None:
        current = self._turn(event)
        current.last_raw = event.payload(ModelResponseData).get("raw_text", "")
        call = _call_of(event, self.model)
        self._calls.append(call)
        self._billed_calls.append(call)

    def _variable_change(self, event: Event) -> None:
        data = event.payload(VariableChangeData)
        self._turn(event)
        self.changes.append(
            VarChange(
                name=str(data.get("name")),
                old=data.get("old"),
                new=data.get("new"),
                turn=event.turn,
                step=event.step,
                source=data.get("source", ""),
                ts=event.ts,
                seq=event.seq,
            )
        )

    def _step_summary(self, event: Event) -> None:
        data = event.payload(StepSummaryData)
        self._turn(event)
        if event.step:
            results = data.get("results")
            self.summaries.append(
                StepRecord(
                    event.step,
                    data.get("summary", ""),
                    results if isinstance(results, dict) else None,
                    event.turn,
                )
            )

    def _transition(self, event: Event) -> None:
        data = event.payload(TransitionData)
        self._turn(event)
        target = data.get("to")
        if target:
            self.visits.append(target)

    def _bot_message(self, event: Event) -> None:
        data = event.payload(BotMessageData)
        current = self._turn(event)
        if data.get("source") != "model":
            return
        step, visit = self.step or event.step or "", len(self.visits) - 1
        asked, current.asked = current.asked, None
        if asked is not None:  # the accepted exchange's first request enters the chain
            if asked.get("new_chain"):
                self.chain_start = len(self._transcript)
            for item in asked.get("input_items") or []:
                self._transcript.append(
                    (step, visit, item.get("role", "system"), item.get("content", ""))
                )
            self._transcript.append((step, visit, "user", asked.get("input", "")))
        # The accepted reply is the last response before its message was sent.
        self._transcript.append((step, visit, "assistant", current.last_raw))

    def _turn_end(self, event: Event) -> None:
        data = event.payload(TurnEndData)
        self._turn(event)
        if "response_id" in data:
            self.response_id = data["response_id"]
        self._close(Outcome.COMPLETED, event.seq, event.turn)

    def _action_result(self, event: Event) -> None:
        # A late result arrives after its turn (even between turns): it changes nothing.
        if not event.payload(ActionResultData).get("late"):
            self._turn(event)

    def _error(self, event: Event) -> None:
        if self._open is not None:
            self._close(Outcome.ROLLED_BACK, event.seq)

    def _session_end(self, event: Event) -> None:
        self.ended = event.payload(SessionEndData).get("reason") or "finished"

    def _in_turn(self, event: Event) -> None:
        self._turn(event)


#: What each event type does to the fold. A table of functions, not of bound methods: a fold
#: must not hold itself in a cycle (a closed viewer's fold is freed at once, not at the next
#: full garbage collection).
_HANDLERS: dict[str, Callable[[LogFold, Event], None]] = {
    EventType.SESSION_START: LogFold._session_start,
    EventType.USER_MESSAGE: LogFold._user_message,
    EventType.MODEL_REQUEST: LogFold._model_request,
    EventType.MODEL_RESPONSE: LogFold._model_response,
    EventType.VARIABLE_CHANGE: LogFold._variable_change,
    EventType.STEP_SUMMARY: LogFold._step_summary,
    EventType.TRANSITION: LogFold._transition,
    EventType.BOT_MESSAGE: LogFold._bot_message,
    EventType.TURN_END: LogFold._turn_end,
    EventType.ERROR: LogFold._error,
    EventType.SESSION_END: LogFold._session_end,
    # Part of a turn, but they change nothing the fold keeps:
    EventType.CONTRACT_VIOLATION: LogFold._in_turn,
    EventType.CORRECTION_SENT: LogFold._in_turn,
    EventType.FALLBACK: LogFold._in_turn,
    # An action step's results arrive as variable changes and its step summary.
    EventType.ACTION_CALL: LogFold._in_turn,
    EventType.ACTION_RESULT: LogFold._action_result,
}


def _call_of(event: Event, default_model: str) -> _Call:
    """The one reading of a ``model_response``: a call, its tokens, what it cost then."""
    data = event.payload(ModelResponseData)
    usage = data.get("usage") or UsageData(input_tokens=0, cached_tokens=0, output_tokens=0)
    synthetic = data.get("synthetic")
    return (
        data.get("purpose") or "turn",
        event.turn,
        data.get("model") or default_model,
        data.get("latency_ms", 0.0) / 1000.0,
        Usage(
            usage.get("input_tokens", 0),
            usage.get("cached_tokens", 0),
            usage.get("output_tokens", 0),
            usage.get("cache_write_tokens", 0),
            usage.get("cache_write_1h_tokens", 0),
        ),
        0.0 if synthetic else data.get("cost_usd", 0.0),
        data.get("response_id"),
        synthetic or None,
    )


def response_call(event: Event, default_model: str = "") -> CallRecord:
    """A ``model_response`` event as the call it records, read as the fold reads it.

    Every view that adds up a log's calls (``stats``, the turn chart, the simulation's step
    figures) reads each one through here, so they all count the same tokens and dollars
    (:class:`~engine.dialogue.ledger.Totals`). A synthetic reply costs nothing, whatever a
    hand-edited log says it cost.
    """
    return _record(_call_of(event, default_model))


def _record(call: _Call) -> CallRecord:
    purpose, turn, model, latency_s, usage, cost, response, made_by = call
    return CallRecord(
        purpose,
        turn,
        model,
        latency_s,
        usage,
        cost,
        response,
        made_by,
    )


def apply_summary(
    record: StepRecord, summaries: dict[str, str], results: dict[str, dict[str, Any]]
) -> None:
    """What one ``step_summary`` does to a conversation's summaries and results."""
    summaries[record.step] = record.summary
    if record.results is not None:
        results[record.step] = dict(record.results)


def events_by_turn(
    events: Sequence[Event], turns: Iterable[Turn]
) -> Iterator[tuple[Turn, list[Event]]]:
    """Each of ``turns`` (of a fold of ``events``: one session's, in log order) with its events:
    those whose ``seq`` its first and last events span."""
    position = 0
    for turn in turns:
        while position < len(events) and events[position].seq < turn.first_seq:
            position += 1
        end = position
        while end < len(events) and events[end].seq <= turn.last_seq:
            end += 1
        yield turn, list(events[position:end])
        position = end


def fold_log(events: Iterable[Event]) -> LogFold:
    """A :class:`LogFold` of ``events`` (one conversation's, in log order)."""
    return LogFold().feed_many(events)


__all__ = [
    "LogFold",
    "Outcome",
    "Position",
    "State",
    "StepRecord",
    "Turn",
    "VarChange",
    "apply_summary",
    "events_by_turn",
    "fold_log",
    "response_call",
]
