"""The fake models simulations run on: the router tells the roles apart, the persona player is
deterministic yet varied, the scenario bot understands what it is told; the shipped scenarios
simulate end to end on them, with both APIs; the per-step tally ignores rolled-back turns."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.sync_conversation import SyncConversation
from engine.dialogue.prompting import known_names, step_section
from engine.io.resources import scenarios_dir
from engine.log.events import Event
from engine.offline.fake_openai import (
    FAKE_API_KEY,
    FakeMessage,
    FakeOpenAIServer,
    FakeRequest,
)
from engine.offline.persona_model import PersonaModel, RoleRouter, is_simulated_user, mentions
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.scenario.loader import load_scenario, parse_scenario
from engine.simulate import RateLimitTable, Simulation, SimulationSettings, load_personas
from engine.simulate.persona import parse_persona
from engine.simulate.stepstats import StepTally
from engine.simulate.user import USER_SCHEMA, USER_SCHEMA_NAME, user_instructions

SUPPORT = scenarios_dir() / "support_desk"
PERSONA = """\
---
name: Maya
goal: I cannot sign in. Please help.
facts: {account_email: maya@example.com, urgency: high, problem_gone: false, budget: 40}
behaviour: [terse]
withholds: [budget]
---
Maya is short of time.
"""


def user_request(
    bot: str,
    *,
    earlier: tuple[FakeMessage, ...] = (),
    conversation: str = "1",
    persona: str = PERSONA,
) -> FakeRequest:
    instructions = user_instructions(
        parse_persona(persona, path=Path("maya.md")), load_scenario(SUPPORT)
    )
    return FakeRequest(
        "responses",
        "gpt-4.1-mini",
        instructions,
        bot,
        (*earlier, FakeMessage("user", bot)),
        USER_SCHEMA,
        USER_SCHEMA_NAME,
        "json_schema",
        None,
        None,
        None,
        {"metadata": {"prompter_role": "simulated_user", "prompter_conversation": conversation}},
    )


def spoken(answer: Any) -> str:
    return str(json.loads(answer)["message"])


def test_the_router_tells_the_roles_apart_by_metadata_or_by_reply_format() -> None:
    router = RoleRouter(bot=lambda _r: "bot", user=lambda _r: "user")
    assert router(user_request("Hi")) == "user"
    as_chat = FakeRequest(
        "chat",
        "m",
        "x",
        "Hi",
        (),
        USER_SCHEMA,
        USER_SCHEMA_NAME,
        "json_schema",
        None,
        None,
        None,
        {},
    )
    assert is_simulated_user(as_chat)  # Chat Completions carries no metadata
    bot = FakeRequest(
        "responses",
        "m",
        "x",
        "Hi",
        (),
        {},
        "greet_reply",
        "json_schema",
        None,
        None,
        None,
        {"metadata": {"session": "s"}},
    )
    assert router(bot) == "bot"
    assert router.calls == {"bot": 1, "user": 1}


def test_the_persona_answers_what_is_asked_and_keeps_what_it_withholds() -> None:
    model = PersonaModel()
    assert spoken(model(user_request("Could you tell me your account email?"))) == (
        "maya@example.com"
    )  # terse: the bare value
    assert "rather not" in spoken(model(user_request("Could you tell me your budget?")))
    assert spoken(model(user_request("Is this right: the problem is gone?"))) == "no"
    assert spoken(model(user_request("Shall we go on?"))) == "Yes."
    assert spoken(model(user_request("(The chat window is open.)"))) == "I cannot sign in"


def test_the_persona_is_deterministic_per_conversation_and_varies_across_them() -> None:
    chatty = PERSONA.replace("[terse]", "[chatty, off_topic]")
    question = "Could you tell me your urgency? (How urgent it is for the customer)"
    model = PersonaModel(seed=3)
    first = [
        spoken(model(user_request(question, conversation=str(n), persona=chatty)))
        for n in range(12)
    ]
    again = [
        spoken(model(user_request(question, conversation=str(n), persona=chatty)))
        for n in range(12)
    ]
    assert first == again
    assert len(set(first)) >= 3  # volunteering, drifting off topic, or just answering
    assert any("my account email is maya@example.com" in said for said in first)


def test_an_impatient_persona_leaves_when_asked_the_same_thing_a_third_time() -> None:
    impatient = PERSONA.replace("[terse]", "[impatient]")
    ask = "Could you tell me your budget?"
    earlier = (FakeMessage("user", ask), FakeMessage("assistant", '{"message": "No."}')) * 2
    answer = json.loads(PersonaModel()(user_request(ask, earlier=earlier, persona=impatient)))
    assert answer["done"] is True


def test_mentions_matches_a_name_by_its_words() -> None:
    assert mentions("How urgent is it?", "urgency")
    assert mentions("Could you tell me your account email?", "account_email")
    assert not mentions("Could you tell me your email?", "account_email")


def bot_request(step: str, text: str, *earlier: FakeMessage) -> FakeRequest:
    """A request in the step, with its section in the conversation as the engine sends it."""
    scenario = load_scenario(SUPPORT)
    section = step_section(
        scenario, scenario.steps[step], {}, known_names(scenario), in_conversation=True
    ).text
    return FakeRequest(
        "responses",
        "gpt-4.1-mini",
        "",
        text,
        (FakeMessage("system", section), *earlier, FakeMessage("user", text)),
        {},
        "reply",
        "json_schema",
        None,
        None,
        None,
        {},
    )


def test_the_scenario_bot_reads_values_asks_for_what_is_missing_and_moves_on() -> None:
    bot = ScenarioBot(load_scenario(SUPPORT))
    first = json.loads(bot(bot_request("contact", "My account email is ana@example.com.")))
    assert first["results"] == {"account_email": "ana@example.com", "urgency": None}
    assert first["transition"] == "stay"
    assert "urgency" in first["message"] and "low, normal, high" in first["message"]
    earlier = (
        FakeMessage("user", "My account email is ana@example.com."),
        FakeMessage("assistant", json.dumps(first)),
    )
    second = json.loads(bot(bot_request("contact", "high", *earlier)))  # a bare answer
    assert second["results"] == {"account_email": "ana@example.com", "urgency": "high"}
    assert second["transition"] == "ticket_ready"


def test_the_scenario_bot_asks_which_way_when_several_are_open() -> None:
    bot = ScenarioBot(load_scenario(SUPPORT))
    tried = json.loads(bot(bot_request("troubleshoot", "Cleared the cache - same error")))
    assert tried["results"]["steps_tried"] == ["Cleared the cache - same error"]
    assert tried["message"].endswith("Is this right: the customer confirms the problem is gone?")
    earlier = (
        FakeMessage("user", "Cleared the cache - same error"),
        FakeMessage("assistant", json.dumps(tried)),
    )
    no = json.loads(bot(bot_request("troubleshoot", "No.", *earlier)))
    assert "fixes did not help" in no["message"] and no["transition"] == "stay"
    earlier += (FakeMessage("user", "No."), FakeMessage("assistant", json.dumps(no)))
    yes = json.loads(bot(bot_request("troubleshoot", "Yes.", *earlier)))
    assert yes["transition"] == "escalate"


def test_the_scenario_bot_breaks_the_contract_as_often_as_asked_and_the_same_way_each_run() -> None:
    scenario = load_scenario(SUPPORT)
    texts = [f"My account email is user{n}@example.com." for n in range(200)]
    runs = [
        [ScenarioBot(scenario, violation_rate=0.2)(bot_request("contact", text)) for text in texts]
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    broken = 0
    for answer in runs[0]:
        try:
            data = json.loads(str(answer))
            broken += not (
                isinstance(data.get("transition"), str)
                and "summary" in data
                and data["transition"] != "next_please"
                and data["message"].strip()
            )
        except ValueError:
            broken += 1
    assert 25 <= broken <= 55


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["analyst_bot", "support_desk", "reservation_restaurant", "clinic_appointment"]
)
@pytest.mark.parametrize("api", ["responses", "chat"])
def test_the_shipped_scenarios_simulate_end_to_end(
    name: str, api: str, tmp_path: Path, fake_openai: FakeOpenAIServer
) -> None:
    folder = scenarios_dir() / name
    scenario = load_scenario(folder)
    fake_openai.responder = RoleRouter(
        ScenarioBot(scenario, violation_rate=0.05, stubborn_rate=0.3), PersonaModel()
    )
    provider = make_provider(
        api, api_key=FAKE_API_KEY, base_url=fake_openai.base_url, max_retries=0
    )
    simulation = Simulation(
        scenario,
        load_personas(folder),
        SimulationSettings(runs=1, max_turns=25, jobs=6),
        bot_provider=provider,
        out_dir=tmp_path / "out",
        limits=RateLimitTable({}),
    )
    try:
        report = simulation.run_sync()
    finally:
        asyncio.run(provider.aclose())
    assert report.counts["failed"] == 0, [o.error for o in report.conversations]
    assert report.counts["finished"] >= 2
    final = {step.id for step in scenario.steps.values() if step.final}
    assert any(set(path.steps) & final for path in report.paths)


def test_the_tally_counts_steps_and_leaves_out_a_rolled_back_turn() -> None:
    def event(type_: str, step: str, turn: int, **data: Any) -> Event:
        return Event(type_, "s", 0, turn, step, data)

    tally = StepTally().add_all(
        [
            event("session_start", "greet", 0, start_step="greet"),
            event("turn_end", "greet", 0),
            event("user_message", "greet", 1, text="hi"),
            event("model_response", "greet", 1, cost_usd=0.5),
            event("contract_violation", "greet", 1, kind="invalid_json", salvaged=False),
            event("correction_sent", "greet", 1, text="fix it"),
            event("model_response", "greet", 1, cost_usd=0.5),
            event("transition", "greet", 1, to="order"),
            event("turn_end", "order", 1),
            event("user_message", "order", 2, text="pizza"),
            event("model_response", "order", 2, cost_usd=0.5),
            event("error", "order", 2, kind="ProviderTimeout"),  # the turn is rolled back
            event("user_message", "order", 2, text="pizza"),
            event("contract_violation", "order", 2, kind="fenced_json", salvaged=True),
            event("model_response", "order", 2, cost_usd=0.5),
            event("fallback", "order", 2, reason="x"),
            event("turn_end", "order", 2),
        ]
    )
    assert tally.to_dict() == {
        "greet": {
            "visits": 1,
            "turns": 1,
            "turns_per_visit": 1.0,
            "calls": 2,
            "cost_usd": 1.0,
            "cost": "$1.00",
            "violations": {"invalid_json": 1},
            "violations_total": 1,
            "salvaged": {},
            "corrections": 1,
            "fallbacks": 0,
        },
        "order": {
            "visits": 1,
            "turns": 1,
            "turns_per_visit": 1.0,
            "calls": 1,
            "cost_usd": 0.5,
            "cost": "$0.5000",
            "violations": {},
            "violations_total": 0,
            "salvaged": {"fenced_json": 1},
            "corrections": 0,
            "fallbacks": 1,
        },
    }


def test_the_scenario_bot_asks_for_a_result_the_way_out_requires() -> None:
    """A new scenario's step seldom marks its result required, but its transition requires
    it: the bot once asked "what would you like to do next?" for ever."""
    from engine.scenario.document import templates

    text = templates.TEMPLATES["linear"][0].format(name="my_bot", title="My bot")
    scenario = parse_scenario(text)
    scenario.steps["greet"].instructions_text = "Greet the user and learn their name."
    server = FakeOpenAIServer(responder=ScenarioBot(scenario)).start()
    provider = make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url)
    try:
        with SyncConversation.open(scenario, provider) as chat:
            chat.start()
            asked = chat.send("Hello!")
            assert asked.step_after == "greet" and "user name" in asked.messages[0]
            named = chat.send("Ana")
            assert named.step_after == "goodbye"
            assert chat.conversation.vars.values()["user_name"] == "Ana"
    finally:
        asyncio.run(provider.aclose())
        server.stop()


DENTAL = """\
name: dental
start: welcome
steps:
  welcome:
    goal: Learn the patient's name and what they need
    instructions: steps/welcome.md
    results:
      patient_name: {type: string, required: true}
      reason: {type: string, required: true}
    transitions:
      booked: {to: done, requires: [patient_name, reason]}
  done: {kind: message, text: "See you soon, {{patient_name}}.", final: true}
"""


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("Hi, my name is Maria Lopez and I'd like to book a cleaning.", "Maria Lopez"),
        ("Hello! I'm Tom.", "Tom"),
        ("Good morning, this is Priya Sharma.", "Priya Sharma"),
    ],
)
def test_the_key_free_model_reads_the_name_out_of_an_introduction(said: str, name: str) -> None:
    """It once stored the whole sentence as the name, so the bot said "Thank you Hi, my name
    is Maria Lopez and I'd like…"."""
    scenario = parse_scenario(DENTAL)
    section = step_section(
        scenario, scenario.steps["welcome"], {}, known_names(scenario), in_conversation=True
    ).text
    request = FakeRequest(
        "responses",
        "gpt-4.1-mini",
        "",
        said,
        (FakeMessage("system", section), FakeMessage("user", said)),
        {},
        "reply",
        "json_schema",
        None,
        None,
        None,
        {},
    )
    reply = json.loads(ScenarioBot(scenario)(request))
    assert reply["results"]["patient_name"] == name
