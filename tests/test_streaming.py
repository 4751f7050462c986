"""Streaming the bot's message (issue 24): deltas while the model writes, nothing decided before
the whole reply is judged, retractions when a reply is taken back, and the same reply, tokens and
cost as without streaming.

The providers are the real ones, through the openai SDK, against the fake server streaming
the way the service does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import openai
import pytest

from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.dialogue.contract import all_results_schema, any_step_schema, reply_schema
from engine.dialogue.ledger import PriceTable
from engine.errors import ProviderConnectionError
from engine.log.events import Event, EventType
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.providers import Provider, make_provider
from engine.providers.base import endpoint_of
from engine.providers.scripted import ScriptedProvider
from engine.providers.streaming import MessageStream, words
from engine.scenario.loader import load_scenario

PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"
GREETING = "Welcome to Pizza Palace! May I have your name, please?"


def reply(message: str, transition: str = "stay", **results: Any) -> str:
    body = {"message": message, "transition": transition, "results": results, "summary": "s"}
    return json.dumps(body, ensure_ascii=False)


@pytest.fixture
def fake() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(cache_min_tokens=0) as server:
        yield server


def conversation(
    provider: Provider, *, stream: bool = True
) -> tuple[SyncConversation, list[Event]]:
    scenario = load_scenario(PIZZA)
    scenario.model.stream = stream
    endpoint = endpoint_of(provider)  # the fake server, priced as OpenAI bills its tokens
    prices = PriceTable.load()
    core = Conversation(
        scenario, provider, prices=prices.with_stand_in(endpoint) if endpoint else prices
    )
    events: list[Event] = []
    core.events.subscribe(events.append)
    return SyncConversation(core), events


def kinds(events: list[Event]) -> list[str]:
    """The event types, each run of ``message_delta`` folded into one."""
    folded: list[str] = []
    for event in events:
        if not (event.type == EventType.MESSAGE_DELTA and folded[-1:] == [event.type]):
            folded.append(event.type)
    return folded


def streamed(events: list[Event]) -> str:
    return "".join(e.data["delta"] for e in events if e.type == EventType.MESSAGE_DELTA)


# --- the partial JSON reader ----------------------------------------------------------------


def test_the_message_is_read_as_it_grows_and_nothing_after_it() -> None:
    heard: list[str] = []
    stream = MessageStream(heard.append)
    text = reply('He said "hé" \\ then left', results_first=1)
    for piece in text:  # one character at a time: cut strings, cut escapes
        stream.feed(piece)

    assert heard[-1] == 'He said "hé" \\ then left'
    assert all(later.startswith(earlier) for earlier, later in pairwise(heard))
    assert len(heard) == len(set(heard))  # told only when it grew


def test_prose_or_a_reply_without_a_message_shows_nothing() -> None:
    heard: list[str] = []
    stream = MessageStream(heard.append)
    for word in words('Sure! {"transition": "stay", "message": 3}'):
        stream.feed(word)
    assert heard == []


# --- the providers stream, and the fake streams as the service does -------------------------


@pytest.mark.parametrize("api", ["responses", "chat"])
def test_a_streamed_turn_shows_the_message_then_applies_the_reply(
    fake: FakeOpenAIServer, api: str
) -> None:
    fake.queue(reply(GREETING, "wants_to_order", customer_name="Ann"))
    provider = make_provider(api, api_key=FAKE_API_KEY, base_url=fake.base_url)
    with provider:
        chat, events = conversation(provider)
        result = chat.send("hi, I'm Ann")

    assert streamed(events) == GREETING == result.messages[0]
    # Word by word; a word that could begin the engine's own words ("your" of "your last reply
    # broke…") waits for the next one to show it does not.
    deltas = [e.data["delta"] for e in events if e.type == EventType.MESSAGE_DELTA]
    assert deltas[:7] == words(GREETING)[:7] and len(deltas) >= len(words(GREETING)) - 2
    order = kinds(events)
    # nothing changes before the whole reply is in: the deltas come between request and response
    assert order.index("message_delta") == order.index("model_request") + 1
    assert order.index("model_response") == order.index("message_delta") + 1
    assert order.index("variable_change") > order.index("model_response")
    assert fake.model_requests()[0].body["stream"] is True  # type: ignore[index]


def test_the_fake_streams_responses_events_in_sequence_with_usage_at_the_end(
    fake: FakeOpenAIServer,
) -> None:
    fake.queue("one two three")
    client = openai.OpenAI(api_key=FAKE_API_KEY, base_url=fake.base_url)
    with client.responses.create(model="gpt-4.1-mini", input="hi", stream=True) as stream:
        events = list(stream)

    assert [e.sequence_number for e in events] == list(range(len(events)))
    assert events[0].type == "response.created" and events[-1].type == "response.completed"
    deltas = [e.delta for e in events if e.type == "response.output_text.delta"]
    assert deltas == ["one ", "two ", "three"]
    assert events[-1].response.usage is not None and events[-1].response.usage.output_tokens == 3


def test_the_fake_streams_chat_chunks_with_a_usage_chunk_and_done(fake: FakeOpenAIServer) -> None:
    fake.queue("one two")
    client = openai.OpenAI(api_key=FAKE_API_KEY, base_url=fake.base_url)
    chunks = list(
        client.chat.completions.create(
            model="gpt-4.1-mini",
            messages=[{"role": "user", "content": "hi"}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )

    content = [c.choices[0].delta.content for c in chunks if c.choices]
    assert "".join(filter(None, content)) == "one two"
    assert chunks[-1].choices == [] and chunks[-1].usage is not None
    assert chunks[-2].choices[0].finish_reason == "stop"


@pytest.mark.parametrize("api", ["responses", "chat"])
def test_tokens_and_cost_are_the_same_with_and_without_streaming(api: str) -> None:
    totals = []
    for stream in (True, False):
        with FakeOpenAIServer(cache_min_tokens=0) as server:
            server.queue(
                reply(GREETING, "wants_to_order", customer_name="Ann"),
                reply("Which pizzas would you like?", pizzas=["margherita"]),
            )
            with make_provider(api, api_key=FAKE_API_KEY, base_url=server.base_url) as provider:
                chat, events = conversation(provider, stream=stream)
                chat.send("hi, I'm Ann")
                chat.send("a margherita")
                streamed_any = any(e.type == EventType.MESSAGE_DELTA for e in events)
                assert streamed_any is stream
                totals.append(chat.conversation.ledger.totals())
    streamed_totals, whole_totals = totals
    assert streamed_totals.usage == whole_totals.usage
    assert streamed_totals.cost_usd == whole_totals.cost_usd > 0
    assert streamed_totals.llm_calls == whole_totals.llm_calls == 2


def test_a_provider_built_not_to_stream_never_streams(fake: FakeOpenAIServer) -> None:
    fake.queue(reply(GREETING))
    with make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=fake.base_url, stream=False
    ) as provider:
        chat, events = conversation(provider)
        chat.send("hi")
    assert not [e for e in events if e.type == EventType.MESSAGE_DELTA]
    assert "stream" not in (fake.model_requests()[0].body or {})


# --- taking back -----------------------------------------------------------------------------


def test_a_reply_that_breaks_the_contract_is_retracted_and_the_correction_streams() -> None:
    provider = ScriptedProvider(
        [reply("I will send you a drone", "fly_away"), reply(GREETING)], stream=True
    )
    chat, events = conversation(provider)
    result = chat.send("hi")

    assert kinds(events)[kinds(events).index("user_message") :] == [
        "user_message",
        "model_request",
        "message_delta",
        "model_response",
        "message_retracted",
        "contract_violation",
        "correction_sent",
        "model_request",
        "message_delta",
        "model_response",
        "step_summary",
        "bot_message",
        "turn_end",
    ]
    retracted = next(e for e in events if e.type == EventType.MESSAGE_RETRACTED)
    assert retracted.data == {"reason": "contract_violation", "attempt": 1}
    assert result.messages == [GREETING]  # one answer to one message


@pytest.mark.parametrize("api", ["responses", "chat"])
def test_a_stream_cut_mid_reply_is_retracted_and_retried(fake: FakeOpenAIServer, api: str) -> None:
    fake.queue(Fault.cut(3, reply(GREETING)), reply(GREETING))
    with make_provider(api, api_key=FAKE_API_KEY, base_url=fake.base_url) as provider:
        chat, events = conversation(provider)
        result = chat.send("hi")

    retracted = [e.data for e in events if e.type == EventType.MESSAGE_RETRACTED]
    assert retracted == [{"reason": "retried", "attempt": 1}]
    after = events[[e.type for e in events].index(EventType.MESSAGE_RETRACTED) + 1 :]
    assert streamed(after) == GREETING == result.messages[0]
    assert len(fake.model_requests()) == 2


def test_a_stream_cut_with_no_retry_left_fails_the_turn_and_takes_the_message_back(
    fake: FakeOpenAIServer,
) -> None:
    fake.queue(Fault.cut(3, reply(GREETING)))
    with make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=fake.base_url, max_retries=0
    ) as provider:
        chat, events = conversation(provider)
        with pytest.raises(ProviderConnectionError, match="cut off"):
            chat.send("hi")

    assert kinds(events)[-3:] == ["message_delta", "message_retracted", "error"]
    assert events[-2].data["reason"] == "failed"


@pytest.mark.parametrize("folder", sorted((PIZZA.parents[3] / "scenarios").glob("*/")))
def test_the_message_comes_first_in_every_schema_sent(folder: Path) -> None:
    """Structured outputs write the keys in the schema's order: the message the user waits
    for comes before the transition, the results and the summary."""
    scenario = load_scenario(folder)
    schemas = [all_results_schema(scenario), any_step_schema(scenario)]
    schemas += [reply_schema(step) for step in scenario.steps.values()]
    assert {next(iter(schema["properties"])) for schema in schemas} == {"message"}


# --- the reader is incremental (issue 34, item 8) -----------------------------------------------

TRICKY = [
    {"message": 'He said "hé" \\ then / left\n\ttab \u00e9 \U0001f600 end', "transition": "s"},
    {"transition": "x", "results": {"a": [1, {"b": '}]\\"{'}], "n": None}, "message": "late"},
    {"n": 12.5, "t": True, "f": False, "z": None, "message": "after scalars", "summary": "s"},
    {"message": "", "transition": "stay"},
]


@pytest.mark.parametrize("reply_body", TRICKY)
@pytest.mark.parametrize("size", [1, 2, 3, 7, 64])
def test_the_incremental_reader_reads_what_json_reads_however_the_reply_is_cut(
    reply_body: dict[str, Any], size: int
) -> None:
    for ascii_only in (True, False):
        text = json.dumps(reply_body, ensure_ascii=ascii_only).replace("/", "\\/")
        heard: list[str] = []
        stream = MessageStream(heard.append)
        for start in range(0, len(text), size):
            stream.feed(text[start : start + size])
        expected = reply_body["message"]
        assert stream.shown == expected
        assert heard[-1:] == ([expected] if expected else [])
        assert all(later.startswith(earlier) for earlier, later in pairwise(heard))


def test_many_deltas_are_read_in_linear_work() -> None:
    """Each character is read once, however many chunks bring it: the old reader parsed the
    whole reply again at every chunk (9,000 deltas: 4 s; 3,000: 0.4 s). Work is counted, not
    timed."""

    def work(deltas: int) -> tuple[int, int]:
        message = "".join(f"word{index} " for index in range(deltas))
        text = reply(message, results_after=1)
        stream = MessageStream(lambda _: None)
        for word in words(text):
            stream.feed(word)
        assert stream.shown == message
        return stream.scanned, len(text)

    small, small_length = work(3_000)
    large, large_length = work(9_000)
    assert small <= small_length and large <= large_length  # every character at most once
    assert large / small < 3.5  # three times the deltas, three times the work
