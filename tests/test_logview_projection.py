"""What a stream of events adds up to: step per turn, variables as of a turn, cost, rollbacks."""

from __future__ import annotations

from typing import Any

from app.logview import describe
from app.logview.projection import ConversationProjection, VarChange
from engine.log.events import Event


class Log:
    """Builds one session's events in order, the way the engine emits them."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.turn = 0
        self.step = "greet"

    def add(self, event_type: str, /, **data: Any) -> Event:
        event = Event(event_type, "s", len(self.events) + 1, self.turn, self.step, data, ts="t")
        self.events.append(event)
        return event

    def start(self) -> None:
        self.add("session_start", start_step="greet", model="m", provider="scripted")

    def user(self, text: str) -> None:
        self.turn += 1
        self.add("user_message", text=text)

    def reply(self, purpose: str = "turn", attempt: int = 1) -> None:
        usage = {"input_tokens": 100, "cached_tokens": 50, "output_tokens": 10}
        self.add("model_response", purpose=purpose, attempt=attempt, usage=usage, cost_usd=0.01)

    def move(self, to: str) -> None:
        self.add("transition", **{"from": self.step, "to": to, "signal": "next"})
        self.step = to


def conversation() -> Log:
    log = Log()
    log.start()
    log.user("hi")
    log.reply()
    log.add("variable_change", name="name", old=None, new="Ada", source="model")
    log.move("order")
    log.add("turn_end")
    log.user("a pizza")
    log.reply()
    log.add("contract_violation", kind="invalid_json", detail="x")
    log.add("correction_sent", text="again", attempt=2)
    log.reply("correction", attempt=2)
    log.add("variable_change", name="order", old=None, new=["pizza"], source="model")
    log.add("variable_change", name="name", old="Ada", new="Ada L.", source="model")
    log.move("delivery")
    log.add("turn_end")
    return log


def test_values_step_and_history_follow_the_events() -> None:
    projection = ConversationProjection(initial_values={"name": None, "order": None, "vip": False})
    projection.feed_many(conversation().events)

    assert projection.values() == {"name": "Ada L.", "order": ["pizza"], "vip": False}
    assert projection.step == "delivery"
    assert projection.names() == ["name", "order", "vip"]
    assert projection.history("name") == [
        VarChange("name", None, "Ada", 1, "greet", "model", "t", 4),
        VarChange("name", "Ada", "Ada L.", 2, "order", "model", "t", 13),
    ]


def test_replay_asks_for_values_and_step_as_of_a_turn() -> None:
    projection = ConversationProjection(initial_values={"name": None, "order": None})
    projection.feed_many(conversation().events)

    assert projection.values_as_of(0) == {"name": None, "order": None}
    assert projection.values_as_of(1) == {"name": "Ada", "order": None}
    assert projection.values_as_of(2) == {"name": "Ada L.", "order": ["pizza"]}
    assert [projection.step_at(turn) for turn in (0, 1, 2, 9)] == [
        "greet",
        "order",
        "delivery",
        "delivery",
    ]
    assert projection.visited_steps() == ["greet", "order", "delivery"]


def test_the_meter_counts_every_billed_call() -> None:
    projection = ConversationProjection()
    projection.feed_many(conversation().events)
    meter = projection.billed

    assert (projection.user_messages, meter.llm_calls, meter.corrections) == (2, 3, 1)
    assert (meter.input_tokens, meter.cached_tokens, meter.output_tokens) == (300, 150, 30)
    assert round(meter.cost_usd, 6) == 0.03
    assert meter.cost_text() == "$0.0300"


def test_a_turn_the_engine_rolled_back_is_undone_but_its_calls_stay_billed() -> None:
    log = conversation()
    log.user("deliver it to the moon")
    log.reply()
    log.add("variable_change", name="address", old=None, new="moon", source="model")
    log.move("done")
    log.turn -= 1  # the engine's error event carries the turn it restored
    log.step = "delivery"
    log.add("error", kind="ProviderTimeout", message="no answer", retryable=True)
    projection = ConversationProjection()
    projection.feed_many(log.events)

    assert projection.step == "delivery"
    assert "address" not in projection.values()
    assert projection.last_turn == 2
    assert projection.user_messages == 2
    assert projection.billed.llm_calls == 4  # the failed turn's call was billed


def test_folded_rows_say_what_happened_at_a_glance() -> None:
    events = {event.type: event for event in conversation().events}

    assert describe.summary(events["transition"]) == "Transition · order → delivery on “next”"
    assert describe.summary(events["contract_violation"]) == (
        "Contract violation · invalid_json · x"
    )
    assert describe.summary(events["model_response"]) == (
        "Model reply · correction #2 · 100 in (50 cached) · 10 out · $0.0100"
    )
    assert describe.summary(events["variable_change"]) == ('name: "Ada" → "Ada L." · by model')
    unfolded = describe.details(events["correction_sent"])
    assert unfolded.splitlines()[0] == "correction_sent   seq 10 · turn 2 · step order · t"
    assert "── text ──\nagain" in unfolded
