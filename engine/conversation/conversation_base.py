"""The state a conversation's phases share, the views of it, and the one way to emit an event.

:class:`ConversationBase` holds everything the phases read and write — the scenario, the provider,
the FSM, the event bus and the session's whole state (:attr:`data`, a
:class:`~engine.conversation.session.SessionData`, replaced wholesale on rollback) — so that each
phase can live in a module of its own, as a part that
:class:`~engine.conversation.conversation_core.Conversation` composes (as transitions'
``extensions`` add to its core machine):

    conversation_core  the turn loop, entering and moving between steps, the turn's end
    model_exchange     one exchange with the model: request → call → judge → correct
    streaming_relay    a reply's growth as ``message_delta`` events, and taking it back
    apply_reply        an accepted reply's results, summary and message; the fallback
    action_phase       an action step: its call, its outcome, where it leads
    rollback           a failed turn put back as it was
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine.actions.runners import ActionRunner, LiveActions
from engine.conversation.judge import is_set
from engine.conversation.session import SessionData, new_session_id
from engine.conversation.turn import SessionOrigin, TurnTally
from engine.dialogue.fsm import DialogueFSM, DialogueState, Status
from engine.dialogue.layout_choice import LayoutChoice, ScenarioSizes
from engine.dialogue.ledger import CostLedger, PriceTable
from engine.dialogue.vars_memory import Change, Source, VarsMemory
from engine.log.events import (
    BotMessageData,
    Event,
    EventBus,
    EventType,
    Payload,
    StepSummaryData,
    VariableChangeData,
)
from engine.providers.base import Provider
from engine.scenario.definition import Scenario, Step

Clock = Callable[[], float]


class ConversationBase:
    """What every phase of a :class:`~engine.conversation.conversation_core.Conversation` shares."""

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

    def _apply_results(
        self, step_id: str, results: Mapping[str, Any], *, source: Source, summary: str
    ) -> None:
        """The one place results land: they become the step's results, set the variables they
        name (each change logged with its ``source``), and the step's summary is ``summary``."""
        stored = self.data.results.setdefault(step_id, {})
        for name, value in results.items():
            stored[name] = value
            if name in self.scenario.variables:
                change = self.vars.set(
                    name, value, turn=self.state.turn, step=step_id, source=source
                )
                if change is not None:
                    self._log_change(change)
        self.data.summaries[step_id] = summary
        self._emit(EventType.STEP_SUMMARY, StepSummaryData(summary=summary, results=dict(stored)))

    def _log_change(self, change: Change) -> None:
        """A variable's change as a ``variable_change`` event, at the change's own time."""
        self._emit(
            EventType.VARIABLE_CHANGE,
            VariableChangeData(
                name=change.name, old=change.old, new=change.new, source=change.source
            ),
            at=change.ts,
        )

    def _say(self, turn: TurnTally, text: str, source: str) -> None:
        turn.messages.append(text)
        self._emit(EventType.BOT_MESSAGE, BotMessageData(text=text, source=source))

    def _is_set(self, name: str, results: dict[str, Any]) -> bool:
        return is_set(self.data, name, results)

    def _offered(self) -> list[str]:
        """The current step's signals that can open (the FSM decides; see ``fsm.offered``)."""
        stored = self.data.results.get(self.state.step, {})
        return self.fsm.offered(self.state, lambda name: self._is_set(name, stored))


__all__ = ["Clock", "ConversationBase"]
