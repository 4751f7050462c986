"""Fork and the log viewer's replay agree with the live conversation on every turn of its log.

The conversation is real: the analyst bot, through the real ``openai`` SDK, against the fake
OpenAI server answering as the autopilot — which breaks the contract now and then — and two
turns the engine rolls back: one whose correction call gets a server error (its first call was
billed), one during which a view listening to the engine raised after the turn had changed
variables and moved on (the engine undoes that too). The same message is sent again after each.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.logview.projection import ConversationProjection
from engine.conversation.conversation_core import Conversation
from engine.conversation.session import session_from_events
from engine.conversation.sync_conversation import SyncConversation
from engine.dialogue.ledger import PriceTable, Totals
from engine.errors import ProviderServerError
from engine.io.resources import default_scenario
from engine.log.events import Event, EventType
from engine.log.fold import Outcome, fold_log
from engine.log.reader import read_log
from engine.log.writer import LogWriter
from engine.offline.autopilot import CORRECTION_PREFIX, Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, Answer, FakeOpenAIServer, FakeRequest, Fault
from engine.providers import make_provider
from engine.scenario.definition import PromptLayout
from engine.scenario.loader import load_scenario

PLAN = Path(__file__).resolve().parent.parent / "bench" / "conversations" / "analyst_bot.yaml"
#: Turn 3's correction call fails; turn 5 is broken by a view after it moved on.
FAILING_CALL_TURN, BROKEN_VIEW_TURN = 3, 5


class FailingCorrection:
    """The autopilot, but the first reply to one message breaks the contract and the
    correction that follows gets a server error."""

    def __init__(self, pilot: Autopilot, message: str) -> None:
        self.pilot, self.message, self.stage = pilot, message, 0

    def __call__(self, request: FakeRequest) -> Answer:
        if self.stage == 0 and request.input_text == self.message:
            self.stage = 1
            return "Sure! Let me think about that first."
        if self.stage == 1 and request.input_text.startswith(CORRECTION_PREFIX):
            self.stage = 2
            return Fault.server_error(500)
        return self.pilot(request)


def record(server: FakeOpenAIServer, path: Path, layout: str) -> Conversation:
    scenario = load_scenario(default_scenario())
    scenario.model.layout = PromptLayout(layout)
    plan = Plan.load(PLAN)
    turns = list(plan.turns)
    # The broken turn's message is sent twice: the autopilot answers it twice the same way.
    turns.insert(BROKEN_VIEW_TURN - 1, turns[BROKEN_VIEW_TURN - 1])
    pilot = Autopilot(scenario, replace(plan, turns=turns), violation_rate=0.25, seed=3)
    server.responder = FailingCorrection(pilot, turns[FAILING_CALL_TURN - 1].user)
    conversation = Conversation(
        scenario,
        make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0),
        prices=PriceTable.load().with_stand_in(server.base_url),  # priced as OpenAI bills
    )
    broken = False

    def broken_view(event: Event) -> None:
        nonlocal broken
        if event.type == EventType.TRANSITION and event.turn == BROKEN_VIEW_TURN and not broken:
            broken = True
            raise RuntimeError("a view failed")

    with LogWriter(path, secrets=[]) as log:
        log.attach(conversation.events)
        conversation.events.subscribe(broken_view)
        chat = SyncConversation(conversation)
        chat.start()
        failures = 0
        for index, planned in enumerate(turns):
            if index == BROKEN_VIEW_TURN:
                continue  # its second sending is the retry below
            for _attempt in range(2):
                try:
                    chat.send(planned.user)
                    break
                except (ProviderServerError, RuntimeError):
                    failures += 1
        chat.close()
    assert failures == 2 and conversation.finished
    return conversation


def without_latency(totals: Totals) -> tuple[Any, ...]:
    """Totals as the log keeps them (latencies are logged rounded to the microsecond)."""
    return (
        totals.llm_calls,
        totals.corrections,
        totals.on_enter_calls,
        totals.input_tokens,
        totals.cached_tokens,
        totals.output_tokens,
        None if totals.cost_usd is None else round(totals.cost_usd, 12),
    )


@pytest.mark.parametrize("layout", [layout.value for layout in PromptLayout])
def test_fork_and_replay_agree_with_the_live_conversation_on_every_turn(
    fake_openai: FakeOpenAIServer, tmp_path: Path, layout: str
) -> None:
    path = tmp_path / "chat.jsonl"
    live = record(fake_openai, path, layout).data
    read = read_log(path)
    assert read.problems() == []
    events, scenario = read.events, load_scenario(default_scenario())
    fold = fold_log(events)
    replay = ConversationProjection(
        initial_values={name: var.default for name, var in scenario.variables.items()}
    )
    replay.feed_many(events)

    assert [turn.number for turn in fold.turns if turn.outcome is Outcome.ROLLED_BACK] == [
        FAILING_CALL_TURN,
        BROKEN_VIEW_TURN,
    ]
    assert any(
        event.type == EventType.CONTRACT_VIOLATION and event.turn > BROKEN_VIEW_TURN
        for event in events
    )
    assert [point.turn for point in live.checkpoints] == list(range(live.state.turn + 1))
    for point in live.checkpoints:
        turn = point.turn
        fork = session_from_events(events, scenario, upto_turn=turn)
        state = fold.state(turn)
        assert fork.state == point.state, turn
        assert (fork.summaries, fork.results) == (point.summaries, point.results), turn
        assert (fork.last_response_id, fork.chain_start) == (
            point.last_response_id,
            point.chain_start,
        ), turn
        assert fork.transcript == live.transcript[: point.transcript_length], turn
        assert fork.vars.changes() == [
            change for change in live.vars.changes() if change.turn <= turn
        ], turn
        assert without_latency(fork.ledger.totals()) == without_latency(
            Totals.of(c for c in live.ledger.calls if c.turn <= turn and not c.rolled_back)
        ), turn
        # The viewer's replay shows exactly that state.
        assert replay.step_at(turn) == point.state.step == state.step, turn
        assert replay.values_as_of(turn) == live.vars.as_of(turn) == fork.vars.values(), turn
        assert (state.visited, state.transcript, state.chain_start) == (
            fork.state.visited,
            fork.transcript,
            fork.chain_start,
        ), turn

    # The one counting rule, both ways: billed (the meter, the live ledger, session_end: every
    # call paid, rolled-back turns' included) and in the conversation (what a fork starts with).
    billed, kept = fold.billed(), fold.in_conversation()
    responses = [event for event in events if event.type == EventType.MODEL_RESPONSE]
    (end,) = [event.data for event in events if event.type == EventType.SESSION_END]
    assert billed.llm_calls == len(responses) > kept.llm_calls
    assert without_latency(billed) == without_latency(live.ledger.totals())
    standing = Totals.of(call for call in live.ledger.calls if not call.rolled_back)
    assert without_latency(kept) == without_latency(standing)
    assert (billed.llm_calls, billed.input_tokens, round(billed.cost_usd, 12)) == (
        end["totals"]["llm_calls"],
        end["totals"]["input_tokens"],
        round(end["totals"]["cost_usd"], 12),
    )
    assert (replay.user_messages, replay.billed) == (live.state.turn, billed)
    rolled_back_calls = sum(
        1 for event in responses if event.turn in (FAILING_CALL_TURN, BROKEN_VIEW_TURN)
    ) - sum(
        1
        for call in live.ledger.calls
        if call.turn in (FAILING_CALL_TURN, BROKEN_VIEW_TURN) and not call.rolled_back
    )
    assert billed.llm_calls - kept.llm_calls == rolled_back_calls >= 2
