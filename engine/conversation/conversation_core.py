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

This module is the loop and its phases, and only that; each phase's parts live beside it:

* :mod:`engine.conversation.turn` — the values the loop passes around (next steps, verdicts, the
  result);
* :mod:`engine.conversation.turn_requests` — what a call sends: the request laid out by
  :mod:`engine.dialogue.prompting` (``model.layout``), and the correction after a bad reply;
* :mod:`engine.conversation.budget` — the size and cost limits checked before any call is sent;
* :mod:`engine.conversation.judge` — what a reply may do: :mod:`engine.dialogue.contract` (form,
  values) and :class:`~engine.dialogue.fsm.DialogueFSM` (guards: the one place they are judged,
  :meth:`~engine.dialogue.fsm.DialogueFSM.unmet`);
* :mod:`engine.conversation.call_events` — what the log says of each call;
* :mod:`engine.conversation.action_phase` — what an action step is handed, its outcome (reused
  when the same call completed earlier in the session) and where it leads; the actions
  themselves run through an :class:`~engine.actions.runners.ActionRunner` (by default
  :class:`~engine.actions.runners.LiveActions`, owned by the conversation);
* :mod:`engine.conversation.sync_conversation` — the same conversation for scripts.

The phases stay methods of one class, in one file of about 800 lines, because they share
the conversation's state (replaced wholesale on rollback) and read best next to the diagram
above.

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

Why one module of some 840 lines (a third of it this docstring): it is one class, the
conversation, whose phases all read and write the same state — the FSM, the variables, the chain
head, the ledger and the turn's snapshot — inside one transaction. What could stand alone
already does (:mod:`engine.conversation.turn`, :mod:`engine.conversation.turn_requests`,
:mod:`engine.conversation.judge`, :mod:`engine.conversation.budget`,
:mod:`engine.conversation.call_events`, :mod:`engine.conversation.sync_conversation`); splitting the
phases themselves would hand that state from module to module.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.actions.outcome import ActionOutcome
from engine.actions.runners import ActionRunner, LiveActions
from engine.conversation.action_phase import (
    action_request,
    call_action,
    call_data,
    result_data,
    reused,
    signal_for,
    summary_of,
)
from engine.conversation.budget import check_limits, estimated_tokens
from engine.conversation.call_events import request_data, response_data, usage_data
from engine.conversation.judge import is_set, judge
from engine.conversation.session import (
    SessionData,
    fork_source,
    load_session,
    new_session_id,
    save_session,
)
from engine.conversation.turn import (
    Accepted,
    Act,
    ActionRun,
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
from engine.conversation.turn_requests import (
    ON_ENTER_INPUT,
    chain_carries_this_visit,
    correction_request,
    known_values,
    layout_in_force,
    on_enter_input,
    step_prompt,
    step_request,
)
from engine.dialogue.fsm import DialogueFSM, DialogueState, Status
from engine.dialogue.layout_choice import (
    LayoutChoice,
    ScenarioSizes,
    cacheable_tokens,
    choose_layout,
    evidence_for,
    scenario_sizes,
)
from engine.dialogue.ledger import CostLedger, PriceTable
from engine.dialogue.prompting import (
    Prompt,
    TranscriptEntry,
    fill_placeholders,
    known_names,
    words_of,
)
from engine.dialogue.vars_memory import VarsMemory
from engine.errors import ProviderError, SessionError
from engine.log.events import (
    BotMessageData,
    ContractViolationData,
    CorrectionSentData,
    ErrorData,
    Event,
    EventBus,
    EventType,
    FallbackData,
    ForkedFromData,
    MessageDeltaData,
    MessageRetractedData,
    Payload,
    SessionEndData,
    SessionStartData,
    StepSummaryData,
    TransitionData,
    TurnEndData,
    UserMessageData,
    VariableChangeData,
)
from engine.providers.base import (
    MessageListener,
    ModelReply,
    ModelRequest,
    Provider,
    Purpose,
    streaming_to,
)
from engine.scenario.content_version import scenario_version
from engine.scenario.definition import OnEnter, PromptLayout, Scenario, Step, StepKind
from engine.version import __version__

Clock = Callable[[], float]

#: ``session_start.resumed_from`` of a session resumed from a :class:`SessionData` in memory.
RESUMED_FROM_MEMORY = "(a session held by the caller)"


# --- the conversation -----------------------------------------------------------------------


class Conversation:
    """One conversation over a scenario, through one provider. Async; see :class:`SyncConversation`.

    The state lives in :attr:`data` (a :class:`SessionData`); the properties below are views of
    it. Subscribe to :attr:`events` before :meth:`start` to see every event.
    """

    def __init__(
        self,
        scenario: Scenario,
        provider: Provider,
        *,
        model: str | None = None,
        session_id: str | None = None,
        prices: PriceTable | None = None,
        clock: Clock = time.perf_counter,
        session: SessionData | None = None,
        origin: SessionOrigin | None = None,
        actions: ActionRunner | None = None,
        stream: bool | None = None,
    ) -> None:
        self.scenario = scenario
        self.provider = provider
        #: Whether replies stream (``message_delta``) while the model writes them: ``None``
        #: follows the scenario's ``model.stream``; ``False`` where nobody watches them come
        #: (a server's JSON answer: its log then holds no deltas).
        self.stream = scenario.model.stream if stream is None else stream
        #: Who answers action steps (default: they run, through a runner the conversation owns).
        if actions is None:
            live = LiveActions()
            live.warm(scenario)  # a worker for plain-def actions, started before it is needed
            actions = live
        self.actions: ActionRunner = actions
        self.fsm = DialogueFSM(scenario)
        self.events = EventBus()
        self.clock = clock
        self.prices = prices if prices is not None else PriceTable.load()
        if session is None:
            session = SessionData(
                session_id=session_id or new_session_id(),
                scenario=scenario.name,
                state=self.fsm.start(),
                vars=VarsMemory(scenario.variables),
                ledger=CostLedger(self.prices),
            )
        self.model = model or session.model or scenario.model.name
        session.model = self.model
        session.provider = provider.name
        self.data = session
        #: Extra ``session_start`` fields saying where a resumed or forked session came from.
        self._origin = SessionOrigin(**(origin or {}))
        self._announced = False
        self._ended = False
        #: Placeholders of the current step left unfilled (unknown or unset), for the log.
        self._unfilled: list[str] = []
        #: ``layout: auto``: the choice for the current chain, and whether the compact
        #: constant prefix was sent already (so the service may have it cached).
        self._layout_choice: LayoutChoice | None = None
        self._layout_sizes: ScenarioSizes | None = None
        self._prefix_sent = False
        #: The message streamed so far by the call being made (taken back if it fails).
        self._shown = ""

    # --- views of the state ------------------------------------------------------------------

    @property
    def session_id(self) -> str:
        return self.data.session_id

    @property
    def state(self) -> DialogueState:
        return self.data.state

    @property
    def vars(self) -> VarsMemory:
        return self.data.vars

    @property
    def ledger(self) -> CostLedger:
        return self.data.ledger

    @property
    def summaries(self) -> dict[str, str]:
        return self.data.summaries

    @property
    def results(self) -> dict[str, dict[str, Any]]:
        return self.data.results

    @property
    def last_response_id(self) -> str | None:
        return self.data.last_response_id

    @property
    def step(self) -> Step:
        return self.scenario.steps[self.state.step]

    @property
    def finished(self) -> bool:
        return self.state.status is Status.FINISHED

    @property
    def user_messages(self) -> int:
        return self.state.turn

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
                self._emit(
                    EventType.VARIABLE_CHANGE,
                    VariableChangeData(
                        name=change.name, old=change.old, new=change.new, source=change.source
                    ),
                    at=change.ts,
                )
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
        """The figures the CLI writes with ``--summary-json`` (and the bench prints)."""
        totals = self.ledger.totals()
        return {
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

    # --- phase: respond (one exchange, then apply) -------------------------------------------

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

    async def _exchange(self, turn: TurnTally, purpose: Purpose, text: str) -> Accepted | GiveUp:
        """Build request → call → judge, and correct until accepted or out of attempts."""
        step = self.step
        offered = self._offered()
        first, new_chain = self._build_request(step, purpose, text, offered)
        request = first
        attempts = self.scenario.contract.max_attempts
        attempt = 1
        while True:
            raw = await self._call(turn, request, attempt, new_chain=new_chain and attempt == 1)
            verdict = judge(
                raw, step, offered, scenario=self.scenario, fsm=self.fsm, data=self.data
            )
            if isinstance(verdict, Accepted):
                self._shown = ""  # the reply stands: its bot_message says what was said
                for slip in verdict.reply.salvaged:
                    turn.salvaged.append(slip.kind)
                    self._emit(
                        EventType.CONTRACT_VIOLATION,
                        ContractViolationData(
                            kind=slip.kind,
                            attempt=attempt,
                            detail=f"{slip.detail}; accepted without a correction",
                            salvaged=True,
                        ),
                    )
                return replace(verdict, request=first, new_chain=new_chain)
            issue = verdict.violation
            turn.violations.append(issue.kind)
            self._retract(attempt, "contract_violation")
            self._emit(
                EventType.CONTRACT_VIOLATION,
                ContractViolationData(
                    kind=issue.kind, detail=issue.detail, attempt=attempt, salvaged=False
                ),
            )
            if attempt >= attempts:
                return GiveUp(issue)
            attempt += 1
            turn.corrections += 1
            self._emit(
                EventType.CORRECTION_SENT,
                CorrectionSentData(text=issue.correction, attempt=attempt),
            )
            request = correction_request(request, raw, issue, chains=self.provider.chains)
            self._check_limits(request)

    def _build_request(
        self, step: Step, purpose: Purpose, text: str, offered: list[str]
    ) -> tuple[ModelRequest, bool]:
        """Phase 1: the request for ``text`` in ``step``, laid out as ``model.layout`` says.

        Returns the request and whether it starts a new response chain.
        """
        settings = self.scenario.model
        if settings.layout is PromptLayout.AUTO and not chain_carries_this_visit(self.data):
            self._choose_layout()
        prompt = step_prompt(self.scenario, self.data, step, offered, restart=False)
        request = self._request(prompt, purpose, text)
        if (
            settings.layout is PromptLayout.APPEND
            and not prompt.new_chain
            and self._estimated_tokens(request) > settings.max_prompt_tokens
        ):
            # The conversation outgrew the limit: restart the chain from the summaries.
            prompt = step_prompt(self.scenario, self.data, step, offered, restart=True)
            request = self._request(prompt, purpose, text)
        self._unfilled = list(prompt.unfilled)
        self._check_limits(request)
        return request, prompt.new_chain

    def _request(self, prompt: Prompt, purpose: Purpose, text: str) -> ModelRequest:
        return step_request(
            self.scenario,
            self.data,
            prompt,
            purpose,
            text,
            model=self.model,
            chains=self.provider.chains,
        )

    async def _call(
        self, turn: TurnTally, request: ModelRequest, attempt: int, *, new_chain: bool = False
    ) -> ModelReply:
        """Phase 2: one model call, logged and priced. A ProviderError propagates untouched.

        ``new_chain``: the request starts a new response chain (logged, so that a session
        rebuilt from the log knows where its chain starts).
        """
        sent = request_data(
            request,
            attempt,
            layout=layout_in_force(self.scenario, self.data),
            new_chain=new_chain,
            unfilled=self._unfilled,
        )
        if self._layout_choice is not None:
            sent["layout_reason"] = self._layout_choice.reason
        self._emit(EventType.MODEL_REQUEST, sent)
        began = self.clock()
        try:
            with streaming_to(self._streamed(attempt) if self.stream else None):
                reply = await self.provider.complete(request)
        except BaseException:
            self._retract(attempt, "failed")
            raise
        finally:
            turn.model_s += self.clock() - began
        elapsed = self.clock() - began
        record = self.ledger.record(
            purpose=request.purpose,
            turn=self.state.turn,
            model=reply.model or request.model,
            latency_s=elapsed,
            usage=reply.usage,
            response_id=reply.response_id,
            synthetic=reply.synthetic,
        )
        turn.calls += 1
        if self._layout_choice is not None:
            self._observe_cache(request, reply, new_chain=new_chain)
        self._emit(
            EventType.MODEL_RESPONSE,
            response_data(
                request,
                reply,
                attempt,
                record,
                elapsed_s=elapsed,
                max_reply_chars=self.scenario.model.max_reply_chars,
            ),
        )
        return reply

    def _streamed(self, attempt: int) -> MessageListener:
        """The listener of one call's message as it streams: its growth as ``message_delta``
        events; a text that does not continue what was shown (the call was retried) is
        retracted first."""

        def heard(text: str) -> None:
            if not text.startswith(self._shown):
                self._retract(attempt, "retried")
            if len(text) > len(self._shown):
                delta, self._shown = text[len(self._shown) :], text
                self._emit(EventType.MESSAGE_DELTA, MessageDeltaData(delta=delta, attempt=attempt))

        return heard

    def _retract(self, attempt: int, reason: str) -> None:
        """Take back the message streamed so far, if any (``message_retracted``)."""
        if self._shown:
            self._shown = ""
            self._emit(
                EventType.MESSAGE_RETRACTED, MessageRetractedData(reason=reason, attempt=attempt)
            )

    # --- layout: auto --------------------------------------------------------------------------

    def _choose_layout(self) -> None:
        """A new chain starts under ``auto``: choose its layout from what is known now."""
        evidence = evidence_for(self.provider, self.model)
        if self._layout_sizes is None:  # counted once: the scenario does not change under us
            self._layout_sizes = scenario_sizes(self.scenario, self.model)
        self._layout_choice = choose_layout(
            self.scenario, self.model, self.prices, evidence, sizes=self._layout_sizes
        )
        self.data.layout = self._layout_choice.layout.value
        self.data.padded = self._layout_choice.padded

    def _observe_cache(self, request: ModelRequest, reply: ModelReply, *, new_chain: bool) -> None:
        """Tell the evidence how much the service cached of what it could have."""
        choice = self._layout_choice
        assert choice is not None
        cacheable = 0
        if not new_chain and len(self.ledger.calls) >= 2:  # the previous prompt is a prefix
            cacheable = cacheable_tokens(self.ledger.calls[-2].usage.input_tokens)
        elif new_chain and choice.layout is PromptLayout.COMPACT and self._prefix_sent:
            cacheable = cacheable_tokens(choice.prefix_tokens)
        if new_chain and choice.layout is PromptLayout.COMPACT:
            self._prefix_sent = True
        evidence_for(self.provider, self.model).add(cacheable, reply.usage.cached_tokens)

    # --- limits ------------------------------------------------------------------------------

    def _estimated_tokens(self, request: ModelRequest) -> int:
        return estimated_tokens(request, self.data.chain if self.provider.chains else ())

    def _check_limits(self, request: ModelRequest) -> None:
        check_limits(request, self._estimated_tokens(request), self.scenario.model, self.ledger)

    # --- phase: apply (results, summary, message) --------------------------------------------

    def _apply(self, turn: TurnTally, accepted: Accepted) -> None:
        data = self.data
        step_id = self.state.step
        reply = accepted.reply
        stored = data.results.setdefault(step_id, {})
        for name, value in reply.results.items():
            if value is None:
                continue
            stored[name] = value
            if name in self.scenario.variables:
                change = self.vars.set(
                    name, value, turn=self.state.turn, step=step_id, source="model"
                )
                if change is not None:
                    self._emit(
                        EventType.VARIABLE_CHANGE,
                        VariableChangeData(
                            name=name, old=change.old, new=change.new, source="model"
                        ),
                        at=change.ts,
                    )
        if reply.summary.strip() or step_id not in data.summaries:
            data.summaries[step_id] = reply.summary
        self._emit(
            EventType.STEP_SUMMARY,
            StepSummaryData(summary=data.summaries[step_id], results=dict(stored)),
        )
        self._enter_chain(accepted)
        if accepted.raw.response_id is not None:
            data.last_response_id = accepted.raw.response_id
        self._say(turn, reply.message, "model")

    def _enter_chain(self, accepted: Accepted) -> None:
        """Record what the accepted exchange added to the chain: its items, input and reply."""
        data = self.data
        request = accepted.request
        step_id, visit = self.state.step, len(self.state.visited) - 1
        if accepted.new_chain:
            data.chain_start = len(data.transcript)
        if request is not None:
            for item in request.input_items:
                data.transcript.append(TranscriptEntry(step_id, visit, item.role, item.content))
            data.transcript.append(TranscriptEntry(step_id, visit, "user", request.input))
        data.transcript.append(TranscriptEntry(step_id, visit, "assistant", accepted.raw.text))

    # --- phase: move and enter ---------------------------------------------------------------

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

    # --- phase: act (an action step) ---------------------------------------------------------

    async def _act(self, turn: TurnTally) -> NextStep:
        """An action step runs its action — no model call — applies its results and moves on
        by its outcome, in the same turn (see :mod:`engine.conversation.action_phase`)."""
        step = self.step
        occurrence = sum(1 for run in turn.actions if run.step == step.id)
        request = action_request(self.scenario, self.data, step, occurrence=occurrence)
        key = request.context.idempotency_key
        request = replace(request, on_late=lambda late: self._late_result(late, key))
        mode = "reused" if reused(request, self.data.actions_done) else self.actions.mode(request)
        self._emit(EventType.ACTION_CALL, call_data(request, mode))
        outcome = await call_action(self.actions, request, self.data.actions_done)
        turn.action_s += outcome.duration_s
        duration_ms = outcome.duration_s * 1000
        turn.actions.append(
            ActionRun(step.id, outcome.outcome, outcome.mode, duration_ms, outcome.error)
        )
        self._emit(EventType.ACTION_RESULT, result_data(outcome))
        self._apply_action(step, outcome)
        return Move(signal_for(step, outcome))

    def _apply_action(self, step: Step, outcome: ActionOutcome) -> None:
        """The outcome's results become the step's results and set the variables they name."""
        stored = self.data.results.setdefault(step.id, {})
        for name, value in outcome.results.items():
            stored[name] = value
            if name in self.scenario.variables:
                change = self.vars.set(
                    name, value, turn=self.state.turn, step=step.id, source="action"
                )
                if change is not None:
                    self._emit(
                        EventType.VARIABLE_CHANGE,
                        VariableChangeData(
                            name=name, old=change.old, new=change.new, source="action"
                        ),
                        at=change.ts,
                    )
        self.data.summaries[step.id] = summary_of(outcome)
        self._emit(
            EventType.STEP_SUMMARY,
            StepSummaryData(summary=self.data.summaries[step.id], results=dict(stored)),
        )

    def _late_result(self, outcome: ActionOutcome, key: str) -> None:
        """An action answered after the conversation moved on (perhaps after it ended):
        logged as late, never applied."""
        self._emit(EventType.ACTION_RESULT, result_data(outcome, late_key=key))

    def _first_open_signal(self, step: Step) -> str | None:
        stored = self.data.results.get(step.id, {})
        for signal in self.fsm.signals(step.id):
            if not self.fsm.unmet(self.state, signal, lambda n: self._is_set(n, stored), stored):
                return signal
        return None

    def _fall_back(self, turn: TurnTally, outcome: GiveUp) -> None:
        turn.fallback = True
        text = self.scenario.fallback_text
        reason = f"{outcome.violation.kind}: {outcome.violation.detail}"
        self._emit(EventType.FALLBACK, FallbackData(reason=reason, text=text))
        self._say(turn, text, "fallback")

    def _say(self, turn: TurnTally, text: str, source: str) -> None:
        turn.messages.append(text)
        self._emit(EventType.BOT_MESSAGE, BotMessageData(text=text, source=source))

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

    def _rollback(self, snapshot: SessionData, error: BaseException) -> None:
        """Put the state back as it was before the turn; keep ``seq`` so the log has no gap, the
        actions that completed, so that they are not run again, and the calls the turn was billed
        for, so the budget and the totals still count them."""
        seq, done = self.data.seq, self.data.actions_done
        snapshot.ledger.keep_rolled_back(self.data.ledger)
        self.data = snapshot
        self.data.seq, self.data.actions_done = seq, done
        if isinstance(error, KeyboardInterrupt | asyncio.CancelledError):
            # Ctrl-C (or a cancelled task): the log must not end the turn half-way.
            self._emit(
                EventType.ERROR,
                ErrorData(
                    kind="Interrupted",
                    retryable=True,
                    message="interrupted during the turn; it was rolled back",
                ),
            )
        elif isinstance(error, Exception):
            retryable = error.retryable if isinstance(error, ProviderError) else False
            self._emit(
                EventType.ERROR,
                ErrorData(kind=type(error).__name__, message=str(error), retryable=retryable),
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

    def _emit(self, event_type: EventType, payload: Payload, /, *, at: str | None = None) -> None:
        """Emit one event; ``at`` is its time when it records something already timed (a
        variable change), so the log and the session agree to the millisecond."""
        self.data.seq += 1
        event = Event(
            type=event_type.value,
            session=self.session_id,
            seq=self.data.seq,
            turn=self.state.turn,
            step=self.state.step,
            data=payload,
        )
        self.events.emit(event if at is None else replace(event, ts=at))

    # --- helpers -----------------------------------------------------------------------------

    def _is_set(self, name: str, results: dict[str, Any]) -> bool:
        return is_set(self.data, name, results)

    def _offered(self) -> list[str]:
        """The current step's signals that can open (the FSM decides; see ``fsm.offered``)."""
        stored = self.data.results.get(self.state.step, {})
        return self.fsm.offered(self.state, lambda name: self._is_set(name, stored))


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
