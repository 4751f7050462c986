"""Streaming from Anthropic and Gemini through the one ``MessageStream``: the same reply, tokens
and cost streamed or not; a reply that breaks the contract taken back, its correction streamed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.log.events import Event, EventType
from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.fake_gemini import FAKE_GEMINI_KEY, FakeGeminiServer
from engine.providers import Provider, make_provider
from engine.providers.base import endpoint_of
from engine.providers.prices import PriceTable
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.xdist_group("vendor_sdks")

PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"
GREETING = "Welcome to Pizza Palace! May I have your name, please?"
VENDORS = {
    "anthropic": (FakeAnthropicServer, FAKE_ANTHROPIC_KEY, "claude-sonnet-4-5"),
    "gemini": (FakeGeminiServer, FAKE_GEMINI_KEY, "gemini-2.5-flash"),
}


def reply(message: str, transition: str = "stay", **results: Any) -> str:
    body = {"message": message, "transition": transition, "results": results, "summary": "s"}
    return json.dumps(body, ensure_ascii=False)


def conversation(provider: Provider, *, stream: bool) -> tuple[SyncConversation, list[Event]]:
    scenario = load_scenario(PIZZA)
    scenario.model.stream = stream
    endpoint = endpoint_of(provider)  # the vendor's fake, priced as the vendor bills its tokens
    prices = PriceTable.load()
    core = Conversation(
        scenario, provider, prices=prices.with_stand_in(endpoint) if endpoint else prices
    )
    events: list[Event] = []
    core.events.subscribe(events.append)
    return SyncConversation(core), events


@pytest.mark.parametrize("vendor", list(VENDORS))
def test_tokens_and_cost_are_the_same_streamed_or_not(vendor: str) -> None:
    fake, key, model = VENDORS[vendor]
    totals = []
    for stream in (True, False):
        with fake(min_tokens=0) as server:
            server.queue(
                reply(GREETING, "wants_to_order", customer_name="Ann"),
                reply("Which pizzas would you like?", pizzas=["margherita"]),
            )
            with make_provider(vendor, api_key=key, base_url=server.base_url, model=model) as p:
                chat, events = conversation(p, stream=stream)
                chat.send("hi, I'm Ann")
                chat.send("a margherita")
                deltas = [e for e in events if e.type == EventType.MESSAGE_DELTA]
                assert bool(deltas) is stream
                totals.append(chat.conversation.ledger.totals())
    streamed, whole = totals
    assert streamed.usage == whole.usage
    assert streamed.cost_usd == whole.cost_usd > 0
    assert streamed.llm_calls == whole.llm_calls == 2


@pytest.mark.parametrize("vendor", list(VENDORS))
def test_a_broken_streamed_reply_is_taken_back_and_its_correction_streams(vendor: str) -> None:
    fake, key, model = VENDORS[vendor]
    with fake() as server:
        server.queue(reply("I will send you a drone", "fly_away"), reply(GREETING))
        with make_provider(vendor, api_key=key, base_url=server.base_url, model=model) as p:
            chat, events = conversation(p, stream=True)
            result = chat.send("hi")

    types = [e.type for e in events]
    retracted = types.index(EventType.MESSAGE_RETRACTED)
    assert EventType.MESSAGE_DELTA in types[:retracted]
    assert EventType.CORRECTION_SENT in types[retracted:]
    assert EventType.MESSAGE_DELTA in types[types.index(EventType.CORRECTION_SENT) :]
    assert result.messages == [GREETING]
