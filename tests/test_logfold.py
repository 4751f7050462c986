"""The one fold of a conversation log: turns kept and rolled back, the chain, the two totals.

The logs here are built event by event the way the engine writes them (on the pizza
scenario's steps, so that fork can rebuild them); ``tests/test_logfold_agreement.py`` checks the
same rules on a conversation the engine really ran.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.conversation.session import session_from_events
from engine.dialogue.prompting import TranscriptEntry
from engine.errors import SessionError
from engine.log.events import Event
from engine.log.fold import LogFold, Outcome, VarChange, fold_log
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario

PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"


@pytest.fixture(scope="module")
def pizza() -> Scenario:
    return load_scenario(PIZZA)


class Log:
    """One session's events, in the order and shape the conversation core emits them."""

    def __init__(self, session: str = "s1", step: str = "greet") -> None:
        self.events: list[Event] = []
        self.session = session
        self.step = step
        self.turn = 0
        self._before = (0, step)

    def add(self, kind: str, /, **data: Any) -> Event:
        seq = self.events[-1].seq + 1 if self.events else 1
        event = Event(kind, self.session, seq, self.turn, self.step, data, ts=f"t{seq}")
        self.events.append(event)
        return event

    def start(self, *, end: bool = True, **origin: Any) -> Log:
        self.add(
            "session_start",
            scenario="pizza_order",
            scenario_path=None,
            title="Pizza",
            model="gpt-4.1-mini",
            provider="responses",
            start_step="greet",
            engine_version="0",
            **origin,
        )
        if end:
            self.end()
        return self

    def user(self, text: str) -> Log:
        self._before = (self.turn, self.step)
        self.turn += 1
        self.add("user_message", text=text)
        return self

    def request(self, text: str, purpose: str = "turn", **extra: Any) -> Log:
        self.add(
            "model_request",
            purpose=purpose,
            attempt=1,
            model="gpt-4.1-mini",
            instructions="…",
            input=text,
            schema=None,
            previous_response_id=None,
            history_messages=0,
            layout="compact",
            prompt_cache_key=self.session,
            **extra,
        )
        return self

    def response(
        self, raw: str, response_id: str, purpose: str = "turn", cost: float = 0.01
    ) -> Log:
        self.add(
            "model_response",
            purpose=purpose,
            attempt=1,
            model="gpt-4.1-mini",
            response_id=response_id,
            raw_text=raw,
            status="completed",
            incomplete_reason=None,
            refusal=None,
            usage={"input_tokens": 1000, "cached_tokens": 500, "output_tokens": 50},
            latency_ms=800.0,
            cost_usd=cost,
        )
        return self

    def change(self, name: str, new: Any, old: Any = None) -> Log:
        self.add("variable_change", name=name, old=old, new=new, source="model")
        return self

    def summary(self, text: str, **results: Any) -> Log:
        self.add("step_summary", summary=text, results=results)
        return self

    def move(self, to: str, signal: str = "next") -> Log:
        self.add("transition", signal=signal, to=to, **{"from": self.step})
        self.step = to
        return self

    def say(self, text: str, source: str = "model") -> Log:
        self.add("bot_message", text=text, source=source)
        return self

    def end(self, response_id: str | None = None) -> Log:
        self.add(
            "turn_end",
            calls=1,
            corrections=0,
            usage=None,
            cost_usd=0.01,
            engine_ms=1.0,
            model_ms=800.0,
            response_id=response_id,
        )
        return self

    def error(self, kind: str = "ProviderServerError") -> Log:
        """The engine restored the state before the turn; its error carries that turn."""
        self.turn, self.step = self._before
        self.add("error", kind=kind, message="no answer", retryable=True)
        return self

    def exchange(self, text: str, raw: str, response_id: str, **request: Any) -> Log:
        return self.request(text, **request).response(raw, response_id)


def ordered(log: Log) -> Log:
    """Turn 1: Ann orders (greet → take_order). Turn 2: two pizzas, still in take_order."""
    log.user("I am Ann, I want a pizza")
    log.exchange(
        "I am Ann, I want a pizza",
        '{"r": 1}',
        "r1",
        input_items=[{"role": "system", "content": "# Current step: greet"}],
    )
    log.change("customer_name", "Ann").summary("Ann.", customer_name="Ann")
    log.say("Hello Ann! Which pizzas?").move("take_order", "wants_to_order").end("r1")
    log.user("Two margheritas")
    log.exchange(
        "Two margheritas",
        '{"r": 2}',
        "r2",
        input_items=[{"role": "system", "content": "# Current step: take_order"}],
    )
    log.change("pizzas", ["margherita", "margherita"]).summary("Two.", pizzas=["m", "m"])
    log.say("Anything else?").end("r2")
    return log


# --- turns that stand -----------------------------------------------------------------------


def test_a_completed_turn_stands_with_all_it_did() -> None:
    fold = fold_log(ordered(Log().start()).events)

    assert [(turn.number, turn.outcome) for turn in fold.turns] == [
        (0, Outcome.COMPLETED),
        (1, Outcome.COMPLETED),
        (2, Outcome.COMPLETED),
    ]
    after = fold.state(1)
    assert (after.turn, after.step, after.visited) == (1, "take_order", ["greet", "take_order"])
    assert after.values() == {"customer_name": "Ann"}
    assert after.changes == [VarChange("customer_name", None, "Ann", 1, "greet", "model", "t6", 6)]
    assert (after.summaries, after.results) == (
        {"greet": "Ann."},
        {"greet": {"customer_name": "Ann"}},
    )
    assert (after.response_id, after.user_messages, len(after.calls)) == ("r1", 1, 1)
    assert fold.state().values() == {"customer_name": "Ann", "pizzas": ["margherita", "margherita"]}
    assert fold.state(0).visited == ["greet"] and fold.state(0).changes == []
    assert fold.state(9) == fold.state(2) == fold.state()


def test_the_start_is_turn_0_and_can_be_forked_from(pizza: Scenario) -> None:
    log = Log().start(end=False)
    log.add("variable_change", name="pizzas", old=None, new=[], source="system")
    log.end()

    fold = fold_log(log.events)
    assert [(turn.number, turn.outcome) for turn in fold.turns] == [(0, Outcome.COMPLETED)]
    assert fold.state(0).values() == {"pizzas": []}
    session = session_from_events(log.events, pizza, upto_turn=0)
    assert (session.state.step, session.vars.get("pizzas")) == ("greet", [])


# --- the rollback rule ----------------------------------------------------------------------


def test_an_error_undoes_everything_its_turn_did_and_the_message_can_be_sent_again() -> None:
    log = ordered(Log().start())
    log.user("Deliver to the moon")
    log.exchange("Deliver to the moon", '{"r": 3}', "r3")
    log.change("pizzas", ["moon pizza"], old=["margherita", "margherita"])
    log.summary("Moon.").say("Off we go").move("delivery", "order_complete")
    log.error()
    log.user("Deliver to the moon")
    log.exchange("Deliver to the moon", '{"r": 3b}', "r3b").say("Which address?").end("r3b")
    before = fold_log(ordered(Log().start()).events)

    fold = fold_log(log.events)

    assert [(turn.number, turn.outcome) for turn in fold.turns][-2:] == [
        (3, Outcome.ROLLED_BACK),
        (3, Outcome.COMPLETED),
    ]
    rolled_back = fold.turns[-2]
    assert rolled_back.after == before.position()  # it left the state as it found it
    after = fold.state(3)
    assert (after.step, after.values()["pizzas"]) == ("take_order", ["margherita", "margherita"])
    assert after.summaries == before.state().summaries
    assert [entry.content for entry in after.transcript[-2:]] == [
        "Deliver to the moon",
        '{"r": 3b}',
    ]
    assert (fold.user_messages, fold.last_turn) == (3, 3)


def test_an_open_turn_is_shown_as_it_goes_and_undone_by_its_error() -> None:
    log = ordered(Log().start())
    log.user("Deliver to the moon")
    log.exchange("Deliver to the moon", '{"r": 3}', "r3")
    log.change("address", "Moon").move("delivery", "order_complete")
    fold = fold_log(log.events)

    assert fold.open_turn is not None and fold.open_turn.outcome is Outcome.OPEN
    assert (fold.step, fold.last_turn, fold.state(3).values()["address"]) == (
        "delivery",
        3,
        "Moon",
    )  # what a live view shows
    assert [turn.number for turn in fold.completed()] == [0, 1, 2]

    fold.feed(log.error().events[-1])
    assert (fold.step, fold.last_turn, fold.user_messages) == ("take_order", 2, 2)
    assert "address" not in fold.state().values()


def test_a_log_cut_mid_turn_forks_from_its_last_completed_turn(pizza: Scenario) -> None:
    log = ordered(Log().start())
    log.user("Deliver to Main Street 1")
    log.exchange("Deliver to Main Street 1", '{"r": 3}', "r3")
    log.change("address", "Main Street 1").move("delivery", "order_complete")

    session = session_from_events(log.events, pizza)

    assert (session.state.turn, session.state.step) == (2, "take_order")
    assert session.vars.get("address") is None and session.last_response_id == "r2"
    with pytest.raises(SessionError, match="last completed turn is 2"):
        session_from_events(log.events, pizza, upto_turn=3)


def test_a_turn_left_unclosed_is_rolled_back_by_the_next_message_or_a_resume() -> None:
    killed = ordered(Log().start())
    killed.user("Deliver to Main Street 1").change("address", "Main Street 1")
    killed.move("delivery", "order_complete")
    # The process died there; the session is resumed from its file (turn 2, take_order).
    killed.turn, killed.step = 2, "take_order"
    killed.start(end=False, resumed_from="session.json")
    killed.user("Deliver to Elm Street 2").change("address", "Elm Street 2").end("r3")

    fold = fold_log(killed.events)

    assert [(turn.number, turn.outcome) for turn in fold.turns][-2:] == [
        (3, Outcome.ROLLED_BACK),
        (3, Outcome.COMPLETED),
    ]
    assert fold.state().visited == ["greet", "take_order"]
    assert fold.state().values()["address"] == "Elm Street 2"
    assert fold.session_info["resumed_from"] == "session.json"

    lost = ordered(Log().start())
    lost.user("Deliver to Main Street 1").change("address", "Main Street 1")  # no turn_end
    lost.user("Deliver to Elm Street 2")
    assert "address" not in fold_log(lost.events).state().values()


# --- the chain ------------------------------------------------------------------------------


def test_an_accepted_exchange_puts_its_first_request_and_its_reply_in_the_chain() -> None:
    log = Log().start().user("I am Ann")
    log.request("I am Ann", input_items=[{"role": "system", "content": "# Current step: greet"}])
    log.response("not JSON", "bad")
    log.add("contract_violation", kind="invalid_json", detail="x", attempt=1, salvaged=False)
    log.add("correction_sent", text="Your last reply broke the reply contract", attempt=2)
    log.request("Your last reply broke the reply contract", purpose="correction")
    log.response('{"ok": true}', "good", purpose="correction")
    log.summary("Ann.").say("Hello Ann").end("good")

    state = fold_log(log.events).state()

    assert state.transcript == [
        TranscriptEntry("greet", 0, "system", "# Current step: greet"),
        TranscriptEntry("greet", 0, "user", "I am Ann"),
        TranscriptEntry("greet", 0, "assistant", '{"ok": true}'),
    ]
    assert (state.chain_start, state.response_id, state.cache_key) == (0, "good", "s1")
    assert [call.purpose for call in state.calls] == ["turn", "correction"]


def test_a_restarted_chain_starts_at_the_summaries_it_sent() -> None:
    log = ordered(Log().start()).user("That's all")
    log.exchange(
        "That's all",
        '{"r": 3}',
        "r3",
        new_chain=True,
        input_items=[
            {"role": "system", "content": "# Earlier steps\nGreeting: Ann."},
            {"role": "system", "content": "# Current step: take_order"},
        ],
    )
    log.say("Where to?").move("delivery", "order_complete").end("r3")

    state = fold_log(log.events).state()

    assert state.chain_start == 6  # after turns 1 and 2: section, input and reply each
    assert [entry.role for entry in state.chain] == ["system", "system", "user", "assistant"]
    assert state.chain[0].content.startswith("# Earlier steps")


def test_a_log_written_before_the_layouts_chains_inputs_and_replies_only() -> None:
    log = Log().start().user("I am Ann")
    log.add(
        "model_request",
        purpose="turn",
        attempt=1,
        model="m",
        instructions="…",
        input="I am Ann",
        schema=None,
        previous_response_id=None,
        history_messages=0,
    )
    log.response('{"r": 1}', "r1").say("Hello").end("r1")

    state = fold_log(log.events).state()

    assert [(entry.role, entry.content) for entry in state.transcript] == [
        ("user", "I am Ann"),
        ("assistant", '{"r": 1}'),
    ]
    assert state.cache_key == "s1"  # no prompt_cache_key logged: the session id, as live


def test_a_fallback_stands_but_adds_nothing_to_the_chain() -> None:
    log = ordered(Log().start()).user("???")
    for attempt in range(3):
        log.request("???", purpose="turn" if attempt == 0 else "correction")
        log.response("not JSON", f"bad{attempt}", purpose="turn" if attempt == 0 else "correction")
    log.add("fallback", reason="invalid_json: x", text="Sorry, say that again?")
    log.say("Sorry, say that again?", source="fallback").end("r2")
    before = fold_log(ordered(Log().start()).events).state()

    fold = fold_log(log.events)
    after = fold.state(3)

    assert fold.turns[-1].outcome is Outcome.COMPLETED
    assert (after.transcript, after.response_id, after.step) == (
        before.transcript,
        "r2",
        "take_order",
    )
    assert len(after.calls) == len(before.calls) + 3  # they were paid for, and they stand


# --- forks ----------------------------------------------------------------------------------


def test_a_fork_continues_the_stream_from_the_turn_it_was_cut_at(pizza: Scenario) -> None:
    parent = ordered(Log().start())
    fork = Log(session="s2", step="take_order")
    fork.turn = 2
    fork.start(end=False, forked_from={"session": "s1", "turn": 2})
    fork.user("Deliver to Main Street 1").change("address", "Main Street 1")
    fork.move("delivery", "order_complete").end("r3")

    fold = fold_log([*parent.events, *fork.events])  # what the chat pane shows after a fork

    assert fold.state(2) == fold_log(parent.events).state(2)
    assert fold.state(3).visited == ["greet", "take_order", "delivery"]
    assert fold.session_info["forked_from"] == {"session": "s1", "turn": 2}
    rebuilt = session_from_events(parent.events, pizza, upto_turn=2)
    state = fold.state(2)
    assert (rebuilt.state.visited, rebuilt.transcript, rebuilt.last_response_id) == (
        state.visited,
        state.transcript,
        state.response_id,
    )
    assert rebuilt.vars.values() == {
        "customer_name": "Ann",
        "address": None,
        "pizzas": ["margherita", "margherita"],
    }


# --- the counting rule ----------------------------------------------------------------------


def test_billed_counts_every_call_in_conversation_only_those_of_turns_that_stand() -> None:
    log = ordered(Log().start()).user("Deliver to the moon")
    log.request("Deliver to the moon").response("not JSON", "bad", cost=0.02)
    log.add("contract_violation", kind="invalid_json", detail="x", attempt=1, salvaged=False)
    log.add("correction_sent", text="Your last reply broke the reply contract", attempt=2)
    log.request("Your last reply broke the reply contract", purpose="correction")
    log.error()  # the correction call failed: nothing came back, nothing was billed for it

    fold = fold_log(log.events)

    billed, kept = fold.billed(), fold.in_conversation()
    assert (billed.llm_calls, kept.llm_calls) == (3, 2)
    assert round(billed.cost_usd - kept.cost_usd, 6) == 0.02
    assert (billed.input_tokens, kept.input_tokens) == (3000, 2000)
    assert fold.in_conversation(1).llm_calls == 1
    assert fold.turns[-1].billed_calls == 3 and fold.turns[-1].after.calls == 2


#: One turn: whether it fails (after doing everything but end), whether it restarts the chain,
#: whether it moves on, the variable it sets.
TURNS = st.lists(
    st.tuples(st.booleans(), st.booleans(), st.booleans(), st.sampled_from("xyz")),
    min_size=1,
    max_size=8,
)


def play(log: Log, number: int, restart: bool, moves: bool, name: str) -> None:
    text = f"message {number}"
    log.user(text)
    log.exchange(
        text,
        f'{{"n": {number}}}',
        f"r{number}",
        new_chain=restart,
        input_items=[{"role": "system", "content": f"section {log.step}"}],
    )
    log.change(name, number).summary(f"after {number}", **{name: number}).say(f"reply {number}")
    if moves:
        log.move(f"step{number}")


@settings(max_examples=60, deadline=None)
@given(turns=TURNS)
def test_a_rolled_back_turn_leaves_the_state_as_if_it_had_never_been_sent(
    turns: list[tuple[bool, bool, bool, str]],
) -> None:
    logged, clean = Log().start(), Log().start()
    for number, (fails, restart, moves, name) in enumerate(turns, start=1):
        play(logged, number, restart, moves, name)
        if fails:
            logged.error()
            continue
        logged.end(f"r{number}")
        play(clean, number, restart, moves, name)
        clean.end(f"r{number}")

    with_failures, without = fold_log(logged.events), fold_log(clean.events)

    for turn in range(len(turns) + 1):
        got, expected = with_failures.state(turn), without.state(turn)
        assert (got.turn, got.visited, got.values(), got.summaries, got.results) == (
            expected.turn,
            expected.visited,
            expected.values(),
            expected.summaries,
            expected.results,
        ), turn
        assert (got.transcript, got.chain_start, got.response_id, got.user_messages) == (
            expected.transcript,
            expected.chain_start,
            expected.response_id,
            expected.user_messages,
        ), turn
        assert [call.response_id for call in got.calls] == [
            call.response_id for call in expected.calls
        ], turn
    assert with_failures.billed().llm_calls == len(turns)  # every call was paid for
    assert with_failures.in_conversation() == without.in_conversation()


# --- whatever the log holds -----------------------------------------------------------------


def test_events_missing_fields_or_of_unknown_types_fold_without_failing() -> None:
    log = Log().start()
    log.add("from_a_newer_version", anything=1)
    log.user("hi")
    for kind in (
        "model_request",
        "model_response",
        "variable_change",
        "step_summary",
        "transition",
        "bot_message",
        "turn_end",
    ):
        log.add(kind)

    fold = fold_log(log.events)

    assert [turn.outcome for turn in fold.turns] == [Outcome.COMPLETED] * 2
    assert fold.state().step == "greet"  # a transition to nowhere moves nowhere
    assert fold.state().changes[0].name == "None" and fold.billed().llm_calls == 1
    assert LogFold().state().step is None and LogFold().last_turn == 0
