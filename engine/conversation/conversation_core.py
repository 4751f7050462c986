"""The turn loop: one user message in, the bot's messages out, the FSM having the last word.

A turn is an explicit loop over small *next-step* values, as openai-agents' runner loops over
``NextStepRunAgain | NextStepFinalOutput``: each phase is a method that does one thing and
returns what happens next, so a turn can be read, logged and tested one phase at a time::

    send(text) ──► Respond("turn", text)        start() ──► Enter()

    Respond ─ _respond: build request → call → judge ─┬─ Accepted → apply ─┬─► Move(signal)
              (one exchange; corrections inside,      │                    └─► Wait()
              see below)                              └─ GiveUp → fallback ──► Wait()
    Move    ─ _move: the FSM takes the signal (it has the last word) ───────► Enter()
    Enter   ─ _enter: a message step speaks its text ─────────────────────► Move(first open)
              an action step acts ────────────────────────────────────────► Act()
              an ``on_enter: respond`` step replies at once ──────────────► Respond("on_enter")
              otherwise ──────────────────────────────────────────────────► Wait()
    Act     ─ _act: the action runs (no model call), its results apply ───► Move(outcome)
    Wait    ─ the loop ends; _end_turn: checkpoint, ``turn_end`` (calls, tokens, cost, times)

Inside an exchange, :func:`engine.conversation.judge.judge` returns :class:`Accepted` or
:class:`Correct`; a correction is chained to the bad response and retried, up to
``contract.max_attempts`` calls (then :class:`GiveUp`). Message steps that loop without waiting for
the user end the turn with a :class:`~engine.errors.SessionError` instead of looping forever.

This module is the loop: the public calls, the dispatch on next steps, entering and moving
between steps, and the turn's end. :class:`Conversation` composes its phases, each a part in a
module of its own over the state they share
(:class:`~engine.conversation.conversation_base.ConversationBase`):

* :mod:`engine.conversation.model_exchange` — ``Respond``'s exchange: request → call → judge →
  correct, with the limits checked before each call (:mod:`engine.conversation.budget`) and the
  ``layout: auto`` choice;
* :mod:`engine.conversation.streaming_relay` — the reply shown while it streams, or taken back;
* :mod:`engine.conversation.apply_reply` — an accepted reply's results, summary and message;
* :mod:`engine.conversation.action_phase` — ``Act``: what an action step is handed, its outcome
  (reused when the same call completed earlier in the session) and where it leads; the actions
  themselves run through an :class:`~engine.actions.runners.ActionRunner` (by default
  :class:`~engine.actions.runners.LiveActions`, owned by the conversation);
* :mod:`engine.conversation.rollback` — a failed turn put back as it was.

The values they pass around are in :mod:`engine.conversation.turn`; what a call sends in
:mod:`engine.conversation.turn_requests`; what a reply may do in :mod:`engine.conversation.judge`;
what the log says of a call in :mod:`engine.conversation.call_events`;
:mod:`engine.conversation.sync_conversation` is the same conversation for scripts.

Every phase emits the events documented in :mod:`engine.log.events` as it happens, so the studio and
the log writer see a turn unfold. A turn is a transaction: the conversation's state is one
:class:`~engine.conversation.session.SessionData`, copied before the turn and put back if anything
fails (a :class:`~engine.errors.ProviderError` above all, or a
:class:`~engine.errors.LimitExceeded`: a call that would exceed ``model.max_prompt_tokens`` or
``model.max_cost_usd`` is never sent), so the same message can simply be sent again. The events
already emitted stay in the log, followed by an ``error`` event that marks the turn as rolled back;
:func:`~engine.conversation.session.session_from_events` ignores such turns.

Decisions worth knowing:

* After a fallback the chain head (``previous_response_id``) stays where it was before the turn:
  the model never builds on replies that broke the contract, nor on the fallback text.
* A reply longer than ``model.max_reply_chars`` is corrected *without* chaining to it: the
  correction follows the previous request again, so a megabyte of text is never fed back.
* A ``null`` result means "not known", never "erase": it does not unset a variable; a missing or
  empty summary keeps the step's previous one.
* A message step follows the first of its transitions whose guard holds; if none does, the
  conversation waits there and the next user message is answered under that step.
* A reply streams while the provider writes it (``model.stream``, on by default): the listener
  given to the provider (:func:`~engine.providers.base.streaming_to`) turns the growing message
  into ``message_delta`` events, and nothing else changes before the whole reply is judged. A
  reply that breaks the contract, a call retried after its stream was cut, and a failed call are
  taken back with ``message_retracted`` before anything else is said: a view never shows two
  answers to one message.
* An action step's variables change with ``source: action``; a rollback keeps the record of the
  actions that completed (:attr:`SessionData.actions_done`), so sending the message again
  reuses their outcomes instead of acting twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from engine.conversation.action_phase import ActionPhase
from engine.conversation.apply_reply import ReplyPhase
from engine.conversation.call_events import usage_data
from engine.conversation.model_exchange import ExchangePhase
from engine.conversation.rollback import Rollback
from engine.conversation.session import SessionData, fork_source, load_session, save_session
from engine.conversation.turn import (
    Accepted,
    Act,
    Correct,
    Enter,
    GiveUp,
    Move,
    NextStep,
    Respond,
    SessionOrigin,
    TurnResult,
    TurnTally,
    Wait,
)
from engine.conversation.turn_requests import ON_ENTER_INPUT, known_values, on_enter_input
from engine.dialogue.prompting import fill_placeholders, known_names, words_of
from engine.errors import SessionError
from engine.log.events import (
    Event,
    EventType,
    ForkedFromData,
    SessionEndData,
    SessionStartData,
    TransitionData,
    TurnEndData,
    UserMessageData,
)
from engine.providers.base import Provider
from engine.scenario.content_version import scenario_version
from engine.scenario.definition import OnEnter, Scenario, Step, StepKind
from engine.version import __version__

#: ``session_start.resumed_from`` of a session resumed from a :class:`SessionData` in memory.
RESUMED_FROM_MEMORY = "(a session held by the caller)"


# --- the conversation -----------------------------------------------------------------------


class Conversation(ActionPhase, ReplyPhase, ExchangePhase, Rollback):
    """One conversation over a scenario, through one provider. Async; see :class:`SyncConversation`.

    The state lives in :attr:`data` (a :class:`SessionData`); the properties below are views of
    it. Subscribe to :attr:`events` before :meth:`start` to see every event.
    """

    # --- public API --------------------------------------------------------------------------

    async def start(self) -> list[str]:
        """Enter the start step: a message step sends its text, ``on_enter: respond`` replies.

        Returns the bot's opening messages (often none: the bot waits for the user). Calling it
        again, or on a resumed session, only announces the session.
        """
        self._announce()
        if self.data.started:
            return []
        turn = TurnTally(number=0, step_before=self.state.step, started=self.clock())
        snapshot = self.data.copy()
        try:
            for change in self.vars.changes():
                self._log_change(change)
            await self._run(turn, Enter())
            self.data.started = True
            self._end_turn(turn)
        except BaseException as error:
            self._rollback(snapshot, error)
            raise
        return turn.messages

    async def send(self, text: str) -> TurnResult:
        """Handle one user message. On any failure the conversation is left as it was."""
        if not text.strip():
            raise SessionError("an empty message cannot be sent")
        await self.start()
        if not self.state.is_active:
            raise SessionError(
                f"the conversation has {self.state.status.value}; start a new one or fork it"
            )
        snapshot = self.data.copy()
        self.data.state = self.fsm.next_turn(self.state)
        turn = TurnTally(number=self.state.turn, step_before=self.state.step, started=self.clock())
        try:
            self._emit(EventType.USER_MESSAGE, UserMessageData(text=text))
            await self._run(turn, Respond("turn", text))
            self._end_turn(turn)
        except BaseException as error:
            self._rollback(snapshot, error)
            raise
        return self._result(turn, text)

    def set_variables(self, values: Mapping[str, Any]) -> None:
        """Give declared variables their values before :meth:`start` (what the caller knows
        already: a customer's name, a server's ``variables``); logged at the start as changes
        by the ``system``. A name the scenario does not declare, or a value that does not fit
        its type, is a :class:`SessionError` that says which; nothing is set then."""
        if self.data.started:
            raise SessionError("variables can only be set before the conversation starts")
        trial = self.vars.copy()
        for name, value in values.items():
            try:
                trial.set(name, value, turn=0, step=None, source="system")
            except ValueError as error:
                raise SessionError(f"variable {error}") from None
        self.data.vars = trial

    def save(self, path: Path | str) -> None:
        """Save the session atomically; :meth:`resume` continues it, with any provider."""
        save_session(path, self.data)

    def close(self, reason: str = "closed") -> None:
        """Write ``session_end`` (once). The provider, and an action runner the caller gave,
        are the caller's to close."""
        if self._announced and not self._ended:
            self._end_session(reason)

    @classmethod
    def resume(
        cls,
        source: SessionData | Path | str,
        scenario: Scenario,
        provider: Provider,
        **options: Any,
    ) -> Conversation:
        """Continue a session: a file written by :meth:`save`, or a :class:`SessionData` the
        caller holds (a server's store). Same session id; its log continues.

        A :class:`SessionData` is taken over, not copied: the conversation goes on in it.
        ``announce=False``: the log already holds this session's ``session_start``, so no new
        one is written (a server resumes the session for every message it answers).
        """
        announce = bool(options.pop("announce", True))
        if isinstance(source, SessionData):
            data, resumed_from = source, RESUMED_FROM_MEMORY
        else:
            data, resumed_from = load_session(source, scenario, options.get("prices")), str(source)
        conversation = cls(
            scenario,
            provider,
            session=data,
            origin=SessionOrigin(resumed_from=resumed_from),
            **options,
        )
        conversation._announced = not announce
        return conversation

    @classmethod
    def fork(
        cls,
        source: SessionData | Iterable[Event] | Path | str,
        upto_turn: int,
        scenario: Scenario,
        provider: Provider,
        **options: Any,
    ) -> Conversation:
        """A new conversation that starts as ``source`` was at the end of ``upto_turn``.

        ``source`` is a session (object or file), a conversation log file, or its events. The
        fork gets a new session id and chains from the response of that turn.
        """
        data, parent = fork_source(source, upto_turn, scenario, options.get("prices"))
        origin = SessionOrigin(forked_from=ForkedFromData(session=parent, turn=upto_turn))
        return cls(scenario, provider, session=data, origin=origin, **options)

    def summary(self) -> dict[str, Any]:
        """The figures the CLI writes with ``--summary-json`` (and the bench prints).
        ``unpriced``: the models, and the endpoints, whose price is unknown (``cost_usd`` is
        then ``null``)."""
        totals = self.ledger.totals()
        figures = {
            "user_messages": self.user_messages,
            "llm_calls": totals.llm_calls,
            "calls_per_message": round(self.ledger.calls_per_message(self.user_messages), 4),
            "corrections": totals.corrections,
            **totals.usage_json(),
            "path": list(self.state.visited),
            "final_step": self.state.step,
            "finished": self.finished,
            "variables": self.vars.values(),
        }
        unpriced = self.ledger.unpriced()
        if unpriced:
            figures["unpriced"] = [{"model": m, "endpoint": e} for m, e in unpriced]
        return figures

    # --- the loop ---------------------------------------------------------------------------

    async def _run(self, turn: TurnTally, step: NextStep) -> None:
        """Run the phases of a turn until one says :class:`Wait`."""
        entries = 0
        while not isinstance(step, Wait):
            if isinstance(step, Respond):
                step = await self._respond(turn, step)
            elif isinstance(step, Move):
                step = self._move(turn, step.signal)
            elif isinstance(step, Act):
                step = await self._act(turn)
            else:
                entries += 1
                if entries > len(self.scenario.steps) + 1:
                    raise SessionError(
                        f"message steps loop without waiting for the user at {self.step.id!r}"
                    )
                step = self._enter(turn)

    async def _respond(self, turn: TurnTally, ask: Respond) -> NextStep:
        if self.step.kind is StepKind.ACTION:  # a session that stopped at an action step
            return Act()
        outcome = await self._exchange(turn, ask.purpose, ask.text)
        if isinstance(outcome, GiveUp):
            self._fall_back(turn, outcome)
            return Wait()
        if ask.purpose == "turn":
            turn.signal = outcome.reply.transition
        self._apply(turn, outcome)
        return Wait() if outcome.target is None else Move(outcome.reply.transition)

    def _move(self, turn: TurnTally, signal: str) -> NextStep:
        """Phase 4: the FSM takes the signal (it has the last word), then the step is entered."""
        before = self.state.step
        stored = self.data.results.get(before, {})
        self.data.state = self.fsm.apply(
            self.state, signal, lambda name: self._is_set(name, stored), stored
        )
        self._emit(
            EventType.TRANSITION,
            TransitionData({"from": before, "to": self.state.step, "signal": signal}),
        )
        return Enter()

    def _enter(self, turn: TurnTally) -> NextStep:
        """What entering the current step does: send a message step's text, or reply at once."""
        step = self.step
        if step.kind is StepKind.MESSAGE:
            filled = fill_placeholders(
                step.text or "",
                known_values(self.data),
                known_names(self.scenario),
                words=words_of(self.scenario),
            )
            self._say(turn, filled.text, "message")
            signal = self._first_open_signal(step)
            if signal is not None and self.state.is_active:
                return Move(signal)
            return Wait()
        if step.kind is StepKind.ACTION:
            return Act()
        if step.on_enter is OnEnter.RESPOND:
            return Respond("on_enter", on_enter_input(self.scenario))
        return Wait()

    def _first_open_signal(self, step: Step) -> str | None:
        stored = self.data.results.get(step.id, {})
        for signal in self.fsm.signals(step.id):
            if not self.fsm.unmet(self.state, signal, lambda n: self._is_set(n, stored), stored):
                return signal
        return None

    # --- phase: end of turn ------------------------------------------------------------------

    def _end_turn(self, turn: TurnTally) -> None:
        totals = self.ledger.turn_totals(turn.number)
        engine_s = max(self.clock() - turn.started - turn.model_s - turn.action_s, 0.0)
        self.data.checkpoints.append(self.data.checkpoint())
        ended = TurnEndData(
            calls=totals.llm_calls,
            corrections=totals.corrections,
            usage=usage_data(totals.usage),
            cost_usd=totals.cost_usd,
            engine_ms=round(engine_s * 1000, 3),
            model_ms=round(turn.model_s * 1000, 3),
            response_id=self.data.last_response_id,
        )
        if totals.synthetic_calls:
            ended["synthetic_calls"] = totals.synthetic_calls
        if turn.actions:
            ended["action_ms"] = round(turn.action_s * 1000, 3)
        self._emit(EventType.TURN_END, ended)
        turn.engine_ms = engine_s * 1000
        if self.finished:
            self._end_session("finished")

    def _result(self, turn: TurnTally, text: str) -> TurnResult:
        totals = self.ledger.turn_totals(turn.number)
        return TurnResult(
            turn=turn.number,
            user_text=text,
            messages=list(turn.messages),
            step_before=turn.step_before,
            step_after=self.state.step,
            signal=turn.signal,
            calls=totals.llm_calls,
            corrections=totals.corrections,
            violations=list(turn.violations),
            fallback=turn.fallback,
            finished=self.finished,
            usage=totals.usage,
            cost_usd=totals.cost_usd,
            engine_ms=turn.engine_ms,
            model_ms=turn.model_s * 1000,
            salvaged=list(turn.salvaged),
            actions=list(turn.actions),
        )

    # --- session events ----------------------------------------------------------------------

    def _announce(self) -> None:
        if self._announced:
            return
        self._announced = True
        root = self.scenario.root
        started = SessionStartData(
            scenario=self.scenario.name,
            scenario_path=str(root) if root else None,
            title=self.scenario.title or self.scenario.name,
            model=self.model,
            provider=self.provider.name,
            start_step=self.scenario.start,
            engine_version=__version__,
            version=scenario_version(self.scenario),
        )
        if "resumed_from" in self._origin:
            started["resumed_from"] = self._origin["resumed_from"]
        if "forked_from" in self._origin:
            started["forked_from"] = self._origin["forked_from"]
        self._emit(EventType.SESSION_START, started)

    def _end_session(self, reason: str) -> None:
        self._ended = True
        totals = self.ledger.totals()
        self._emit(
            EventType.SESSION_END,
            SessionEndData(reason=reason, totals=totals.session_record(self.user_messages)),
        )


__all__ = [
    "ON_ENTER_INPUT",
    "RESUMED_FROM_MEMORY",
    "Accepted",
    "Act",
    "Conversation",
    "Correct",
    "Enter",
    "GiveUp",
    "Move",
    "NextStep",
    "Respond",
    "SessionOrigin",
    "TurnResult",
    "Wait",
]
