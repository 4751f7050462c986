"""``layout: auto`` (issue 26, item 1): the cheapest layout for each scenario and model, chosen
from what is known before the first call, learned from the service's cache as it goes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.conversation_core import Conversation
from engine.dialogue.layout_choice import (
    CANDIDATES,
    CacheEvidence,
    Candidate,
    _prefix_tokens,
    cache_rules_of,
    cacheable_tokens,
    choose_layout,
    evidence_for,
)
from engine.dialogue.prompting import OVERVIEW_HEADING
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.providers import make_provider
from engine.providers.prices import ModelPrice, PriceTable
from engine.providers.profile import ProviderProfile
from engine.providers.vendor_caches import cache_rules
from engine.scenario.definition import ModelSettings, PromptLayout, Scenario
from engine.scenario.loader import load_scenario

REPO = Path(__file__).resolve().parent.parent
TRIP = REPO / "bench" / "scenarios" / "trip_planner"
SUPPORT = REPO / "scenarios" / "support_desk"
MODEL = "gpt-4.1-mini"


def prices(cached_ratio: float) -> PriceTable:
    return PriceTable.openai(
        {MODEL: ModelPrice(input=0.40, cached_input=0.40 * cached_ratio, output=1.6)}
    )


def test_auto_is_the_default() -> None:
    assert ModelSettings().layout is PromptLayout.AUTO
    assert load_scenario(default_scenario()).model.layout is PromptLayout.AUTO


def test_a_prefix_just_short_of_the_cache_minimum_is_filled_with_the_steps_goals() -> None:
    trip = load_scenario(TRIP)
    plain = _prefix_tokens(trip, Candidate(PromptLayout.COMPACT), MODEL)
    padded = _prefix_tokens(trip, Candidate(PromptLayout.COMPACT, padded=True), MODEL)
    assert plain < 1024 <= padded
    choice = choose_layout(trip, MODEL, PriceTable.load())
    assert (choice.layout, choice.padded) == (PromptLayout.COMPACT, True)
    assert "auto chose compact + goals" in choice.reason
    assert set(choice.estimates) == {candidate.label for candidate in CANDIDATES}


def test_a_small_prefix_that_cannot_reach_the_minimum_keeps_each_steps_own_schema() -> None:
    choice = choose_layout(load_scenario(SUPPORT), MODEL, PriceTable.load())
    assert choice.layout is PromptLayout.COMPACT_STEP_SCHEMA and not choice.padded


def test_the_cached_discount_of_the_model_decides() -> None:
    analyst = load_scenario(default_scenario())
    cheap_cache = choose_layout(analyst, MODEL, prices(0.1))
    dear_cache = choose_layout(analyst, MODEL, prices(0.95))
    assert cheap_cache.layout is PromptLayout.COMPACT
    assert dear_cache.layout is PromptLayout.COMPACT_STEP_SCHEMA
    assert cheap_cache.estimates["compact"] < dear_cache.estimates["compact"]


def test_a_cache_that_misses_turns_the_choice() -> None:
    analyst = load_scenario(default_scenario())
    missing = CacheEvidence()
    missing.add(cacheable=20_000, cached=0)
    assert choose_layout(analyst, MODEL, PriceTable.load()).layout is PromptLayout.COMPACT
    assert choose_layout(analyst, MODEL, PriceTable.load(), missing).layout is (
        PromptLayout.COMPACT_STEP_SCHEMA
    )
    assert missing.hit_rate < 0.1 and CacheEvidence().hit_rate == 1.0


def talk(
    scenario: Scenario, plan: Plan, server: FakeOpenAIServer
) -> tuple[Conversation, list[Event]]:
    server.responder = Autopilot(scenario, plan)
    conversation = Conversation(
        scenario,
        make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0),
    )
    events: list[Event] = []
    conversation.events.subscribe(events.append)

    async def go() -> None:
        try:
            await conversation.start()
            for turn in plan.turns:
                if conversation.finished:
                    break
                await conversation.send(turn.user)
        finally:
            await conversation.provider.aclose()

    asyncio.run(go())
    return conversation, events


def requests_of(events: list[Event]) -> list[Event]:
    return [event for event in events if event.type == "model_request"]


def test_the_filled_prefix_is_cached_at_every_step_change_and_the_log_says_why() -> None:
    trip = load_scenario(TRIP)
    plan = Plan.load(REPO / "bench" / "conversations" / "trip_planner.yaml")
    with FakeOpenAIServer(cache_overflow_rpm=None) as server:
        conversation, events = talk(trip, plan, server)
    assert conversation.finished
    sent = requests_of(events)
    assert {event.data["layout"] for event in sent} == {"compact"}
    assert all(OVERVIEW_HEADING in event.data["instructions"] for event in sent)
    assert all("auto chose compact + goals" in event.data["layout_reason"] for event in sent)
    billed = [event for event in events if event.type == "model_response"]
    step_changes = [
        response
        for request, response in zip(sent, billed, strict=True)
        if request.data.get("new_chain") and request.turn > 1
    ]
    assert step_changes and all(
        response.data["usage"]["cached_tokens"] >= 1024 for response in step_changes
    )
    assert conversation.data.layout == "compact" and conversation.data.padded


def test_a_service_whose_cache_misses_is_learned_and_the_layout_changes_at_a_step_change() -> None:
    analyst = load_scenario(default_scenario())
    plan = Plan.load(REPO / "bench" / "conversations" / "analyst_bot.yaml")
    with FakeOpenAIServer(cache_hit_rate=0.0) as server:
        _, events = talk(analyst, plan, server)
    layouts = [event.data["layout"] for event in requests_of(events)]
    assert layouts[0] == "compact"  # the prior: the service caches
    assert layouts[-1] == "compact_step_schema"  # learned: it does not
    switch = layouts.index("compact_step_schema")
    assert requests_of(events)[switch].data.get("new_chain")  # only where a chain starts
    reason = requests_of(events)[-1].data["layout_reason"]
    assert "service cache hits so far" in reason
    assert int(reason.rsplit("so far ", 1)[1].split("%")[0]) < 25  # the prior fades


def test_the_layout_in_force_is_saved_and_resumed(tmp_path: Path) -> None:
    trip = load_scenario(TRIP)
    plan = Plan.load(REPO / "bench" / "conversations" / "trip_planner.yaml")
    short = Plan(plan.scenario, plan.turns[:3])
    with FakeOpenAIServer() as server:
        conversation, _ = talk(trip, short, server)
    conversation.save(tmp_path / "session.json")
    with FakeOpenAIServer() as server:
        provider = make_provider(
            "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
        )
        resumed = Conversation.resume(tmp_path / "session.json", trip, provider)
        assert (resumed.data.layout, resumed.data.padded) == ("compact", True)
        provider.close()


@pytest.mark.parametrize("layout", ["compact", "compact_step_schema", "append", "per_step"])
def test_a_fixed_layout_is_never_changed(layout: str) -> None:
    analyst = load_scenario(default_scenario())
    analyst.model.layout = PromptLayout(layout)
    plan = Plan.load(REPO / "bench" / "conversations" / "analyst_bot.yaml")
    with FakeOpenAIServer(cache_hit_rate=0.0) as server:
        _, events = talk(analyst, plan, server)
    assert {event.data["layout"] for event in requests_of(events)} == {layout}
    assert not any("layout_reason" in event.data for event in requests_of(events))


@pytest.mark.gui
def test_the_request_inspector_says_why_the_layout_was_chosen(qtbot: Any) -> None:
    from PySide6.QtCore import Qt

    from app.request_inspector.inspector import RequestInspector
    from engine.request_view import CallIndex

    trip = load_scenario(TRIP)
    plan = Plan.load(REPO / "bench" / "conversations" / "trip_planner.yaml")
    with FakeOpenAIServer() as server:
        _, events = talk(trip, Plan(plan.scenario, plan.turns[:2]), server)
    inspector = RequestInspector()
    qtbot.addWidget(inspector)
    inspector.show()
    index = CallIndex(events)
    assert inspector.show_event(index, requests_of(events)[-1])
    shown = inspector.layout_reason
    assert shown.isVisible() and shown.textFormat() == Qt.TextFormat.PlainText
    assert shown.text().startswith("Layout: auto chose compact + goals: about ")
    assert "billed input tokens per user message" in shown.text()
    assert "layout compact" in inspector.header.text()


def local_server_profile(*, reported: bool) -> ProviderProfile:
    return ProviderProfile(
        provider="chat",
        base_url="http://127.0.0.1:8080/v1",
        model=MODEL,
        schema_enforced=True,
        structured_output="json_object_schema",
        chaining=False,
        usage_when_streaming=False,
        cached_tokens_reported=reported,
        context_tokens=4096,
        output_cap_param="max_tokens",
        checked_at="2026-12-05T10:00:00Z",
    )


def test_a_checked_server_is_held_to_its_own_cache_rules_not_openais() -> None:
    provider = make_provider(
        "chat",
        api_key="none",
        base_url="http://127.0.0.1:8080/v1",
        profile=local_server_profile(reported=False),
    )
    try:
        rules = cache_rules_of(provider, MODEL)
        evidence = evidence_for(provider, MODEL)
    finally:
        provider.close()
    openai = cache_rules("chat", MODEL)
    # a local prefix cache reuses any shared prefix: no 1,024-token minimum, no blocks
    assert cacheable_tokens(500, rules) == 500 and cacheable_tokens(500, openai) == 0
    # a server that says nothing of its cache: its zeros are no evidence of misses
    evidence.add(cacheable=20_000, cached=0)
    assert evidence.hit_rate == 1.0
    support = load_scenario(SUPPORT)
    local = choose_layout(support, MODEL, PriceTable.load(), evidence, rules=rules)
    usual = choose_layout(support, MODEL, PriceTable.load())
    assert local.estimates["compact"] < usual.estimates["compact"]
    assert "cached from 0" in local.reason and "cached from 1,024" in usual.reason


def test_a_provider_without_a_profile_keeps_its_vendors_rules() -> None:
    assert cache_rules_of(object(), MODEL) == cache_rules("responses", MODEL)
    learning = CacheEvidence()
    learning.add(cacheable=20_000, cached=0)
    assert learning.hit_rate < 0.1
