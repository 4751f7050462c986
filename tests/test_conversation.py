"""The turn loop, end to end: the real openai SDK against the project's fake OpenAI server.

Each test programs the fake model (``fake_openai.queue`` or an :class:`Autopilot`) and checks
what a user and a cost-conscious author would check: the messages, the step, the variables,
the calls and tokens, and what was sent to the model.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.conversation_core import ON_ENTER_INPUT, Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.errors import (
    ProviderConnectionError,
    ProviderError,
    ProviderServerError,
    ProviderTimeout,
    SessionError,
)
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, FakeRequest, Fault, Reply
from engine.providers import make_provider
from engine.providers.scripted import ScriptedProvider
from engine.scenario.definition import PromptLayout, Scenario
from engine.scenario.loader import load_scenario

REPO = Path(__file__).resolve().parent.parent
PLAN = REPO / "bench" / "conversations" / "analyst_bot.yaml"

SCENARIO = """\
name: signup
title: Sign-up
start: hello
persona: persona.md
contract:
  max_attempts: 3
  fallback_message: Sorry, say that again?
variables:
  user_name: {type: string}
  plan: {type: enum, values: [free, pro]}
steps:
  hello:
    kind: message
    text: Welcome! What is your name?
    transitions:
      asked: {to: name}
  name:
    goal: Learn the user's name
    instructions: name.md
    results:
      user_name: {type: string, required: true}
    transitions:
      named: {to: choose}
  choose:
    title: Choose a plan
    goal: Let {{user_name}} pick a plan
    instructions: choose.md
    on_enter: respond
    results:
      plan: {type: enum, values: [free, pro]}
    transitions:
      chosen: {to: done, requires: [plan]}
      rename: {to: name}
  done:
    kind: message
    text: "All set, {{user_name}}: the {{plan}} plan."
    final: true
"""
FILES = {
    "persona.md": "You are Sam, a friendly sign-up assistant.",
    "name.md": "Ask for the user's name. NAME-MARKER",
    "choose.md": "Offer {{user_name}} the free and the pro plan. CHOOSE-MARKER",
}


def reply(message: str, transition: str = "stay", summary: str = "", **results: Any) -> str:
    return json.dumps(
        {"message": message, "transition": transition, "results": results, "summary": summary}
    )


NAME_STAY = reply("Your name, please?", user_name=None)
NAME_DONE = reply("Thanks Ann!", "named", "The user is Ann.", user_name="Ann")
CHOOSE_ASK = reply("Ann, free or pro?", plan=None)
CHOOSE_DONE = reply("Pro it is.", "chosen", "Ann chose pro.", plan="pro")


@pytest.fixture
def scenario(tmp_path: Path) -> Scenario:
    folder = tmp_path / "signup"
    folder.mkdir()
    (folder / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return load_scenario(folder)


def open_chat(
    scenario: Scenario, server: FakeOpenAIServer, provider: str = "responses", **options: Any
) -> tuple[SyncConversation, list[Event]]:
    settings = {"max_retries": 0, "timeout": 5.0} | options
    chat = SyncConversation(
        Conversation(
            scenario,
            make_provider(provider, api_key=FAKE_API_KEY, base_url=server.base_url, **settings),
        )
    )
    events: list[Event] = []
    chat.events.subscribe(events.append)
    return chat, events


@pytest.fixture
def chat(scenario: Scenario, fake_openai: FakeOpenAIServer) -> Iterator[SyncConversation]:
    conversation, _ = open_chat(scenario, fake_openai)
    yield conversation
    conversation.close()


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


def sent_bodies(server: FakeOpenAIServer) -> list[dict[str, Any]]:
    return [request.body or {} for request in server.model_requests()]


# --- the happy path --------------------------------------------------------------------------


def test_a_message_step_speaks_without_a_model_call(
    chat: SyncConversation, fake_openai: FakeOpenAIServer
) -> None:
    assert chat.start() == ["Welcome! What is your name?"]
    assert chat.state.step == "name"
    assert chat.state.visited == ["hello", "name"]
    assert fake_openai.model_requests() == []
    assert chat.ledger.calls == []


def test_one_call_per_message_and_the_fsm_follows_the_signals(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    chat, events = open_chat(scenario, fake_openai)
    fake_openai.queue(NAME_STAY, NAME_DONE, CHOOSE_ASK, CHOOSE_DONE)
    chat.start()
    first = chat.send("hi")
    assert (first.messages, first.step_after, first.calls) == (["Your name, please?"], "name", 1)
    second = chat.send("I'm Ann")
    assert second.messages == ["Thanks Ann!", "Ann, free or pro?"]
    assert (second.signal, second.step_before, second.step_after) == ("named", "name", "choose")
    assert second.calls == 2  # the answer, and the on-enter reply of "choose" (counted)
    assert [call.purpose for call in chat.ledger.calls] == ["turn", "turn", "on_enter"]
    third = chat.send("pro please")
    assert third.messages == ["Pro it is.", "All set, Ann: the pro plan."]
    assert third.finished and chat.state.visited == ["hello", "name", "choose", "done"]
    assert chat.vars.values() == {"user_name": "Ann", "plan": "pro"}
    assert chat.conversation.summaries == {"name": "The user is Ann.", "choose": "Ann chose pro."}
    with pytest.raises(SessionError, match="finished"):
        chat.send("one more")
    chat.close()
    kinds = [event.type for event in events if event.turn == 2]
    folded = [
        kind for n, kind in enumerate(kinds) if kind != "message_delta" or kinds[n - 1] != kind
    ]
    assert folded == [  # each call's message streamed (its deltas folded here), then the reply
        "user_message",
        "model_request",
        "message_delta",
        "model_response",
        "variable_change",
        "step_summary",
        "bot_message",
        "transition",
        "model_request",
        "message_delta",
        "model_response",
        "step_summary",
        "bot_message",
        "turn_end",
    ]
    assert [event.seq for event in events] == list(range(1, len(events) + 1))
    assert events[-1].type == "session_end" and events[-1].data["reason"] == "finished"
    assert events[-1].data["totals"]["llm_calls"] == 4


def roles_and_texts(value: Any) -> list[tuple[str, str]]:
    """A Responses ``input`` (text or items) as (role, text) pairs."""
    if isinstance(value, str):
        return [("user", value)]
    return [(item["role"], item["content"]) for item in value]


def test_requests_carry_constant_instructions_and_schema_and_each_step_once(
    chat: SyncConversation, fake_openai: FakeOpenAIServer
) -> None:
    chat.conversation.scenario.model.layout = PromptLayout.COMPACT  # (auto: its own tests)
    fake_openai.queue(NAME_STAY, "not json", NAME_DONE, CHOOSE_ASK, CHOOSE_DONE)
    chat.start()
    chat.send("hi")
    chat.send("I'm Ann")
    chat.send("pro")
    bodies = sent_bodies(fake_openai)
    ids = [call.response_id for call in chat.ledger.calls]
    # The chain restarts when the step changes (the on-enter call of "choose"), nowhere else.
    assert [body.get("previous_response_id") for body in bodies] == [
        None,
        ids[0],
        ids[1],
        None,
        ids[3],
    ]
    inputs = [roles_and_texts(body["input"]) for body in bodies]
    assert [role for role, _ in inputs[0]] == ["system", "user"]
    assert inputs[0][0][1].startswith("# Current step: Name\nThis step is now in force")
    assert inputs[0][1] == ("user", "hi")
    assert inputs[1] == [("user", "I'm Ann")]
    assert inputs[2][0][1].startswith("Your last reply broke the reply contract")
    earlier, section, entering = inputs[3]
    assert earlier == (
        "system",
        "# Earlier steps\nWhat the conversation established so far:\n- Name: The user is Ann.",
    )
    assert section[1].startswith("# Current step: Choose a plan") and "CHOOSE-MARKER" in section[1]
    assert entering == ("user", ON_ENTER_INPUT)
    assert inputs[4] == [("user", "pro")]
    assert len({body["instructions"] for body in bodies}) == 1
    assert len({json.dumps(body["text"]["format"], sort_keys=True) for body in bodies}) == 1
    fmt = bodies[0]["text"]["format"]
    assert fmt["strict"] is True and fmt["name"] == "reply"
    assert fmt["schema"]["properties"]["transition"]["enum"] == [
        "stay",
        "named",
        "chosen",
        "rename",
    ]
    assert {body["prompt_cache_key"] for body in bodies} == {chat.conversation.session_id}


def test_only_the_current_steps_instructions_are_in_force(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    seen: list[FakeRequest] = []
    answers = iter([NAME_DONE, CHOOSE_ASK, CHOOSE_DONE])
    fake_openai.responder = lambda request: seen.append(request) or next(answers)
    chat, _ = open_chat(scenario, fake_openai)
    chat.start()
    chat.send("Ann")
    chat.send("pro")
    prompts = [
        "\n".join([request.instructions, *(m.content for m in request.messages)])
        for request in seen
    ]
    assert "NAME-MARKER" in prompts[0] and "CHOOSE-MARKER" not in prompts[0]
    for text in prompts[1:]:
        assert "CHOOSE-MARKER" in text and "NAME-MARKER" not in text
        assert "Offer Ann the free and the pro plan." in text
    chat.close()


# --- contract violations ---------------------------------------------------------------------

BAD_NAME_REPLIES: dict[str, str | Reply] = {
    "invalid_json": '{"message": "Thanks',
    "not_an_object": '["Thanks Ann!"]',
    "missing_field": json.dumps(
        {"message": "Thanks", "results": {"user_name": "Ann"}, "summary": ""}
    ),
    "wrong_type": reply("Thanks", "named", user_name=["Ann"]),
    "unknown_signal": reply("Thanks", "next_step", user_name="Ann"),
    "missing_required_result": reply("Thanks", "named", user_name=None),
    "empty_message": reply("", "named", user_name="Ann"),
    "refusal": Reply(refusal="I can't help with that."),
    "incomplete": Reply(text='{"message": "Thanks A', incomplete="max_output_tokens"),
}


@pytest.mark.parametrize("kind", sorted(BAD_NAME_REPLIES))
def test_each_violation_gets_a_correction_chained_to_the_bad_response(
    scenario: Scenario, fake_openai: FakeOpenAIServer, kind: str
) -> None:
    chat, events = open_chat(scenario, fake_openai)
    fake_openai.queue(BAD_NAME_REPLIES[kind], NAME_DONE, CHOOSE_ASK)
    chat.start()
    result = chat.send("I'm Ann")
    assert result.violations == [kind]
    assert (result.corrections, result.step_after) == (1, "choose")
    assert result.messages == ["Thanks Ann!", "Ann, free or pro?"]
    violation = of_type(events, "contract_violation")[0]
    correction = of_type(events, "correction_sent")[0]
    assert violation.data["kind"] == kind
    assert violation.data["detail"] in correction.data["text"]
    bodies = sent_bodies(fake_openai)
    bad_id = of_type(events, "model_response")[0].data["response_id"]
    assert bodies[1]["previous_response_id"] == bad_id
    assert bodies[1]["input"] == correction.data["text"]
    assert [call.purpose for call in chat.ledger.calls] == ["turn", "correction", "on_enter"]
    chat.close()


def test_a_refused_guard_is_corrected_with_the_missing_variable_named(
    chat: SyncConversation, fake_openai: FakeOpenAIServer
) -> None:
    fake_openai.queue(NAME_DONE, CHOOSE_ASK, reply("Done!", "chosen", plan=None), CHOOSE_DONE)
    chat.start()
    chat.send("Ann")
    result = chat.send("whatever you think")
    assert result.violations == ["guard_refused"]
    correction = sent_bodies(fake_openai)[3]["input"]
    assert "'chosen' needs plan to be known first" in correction
    assert result.finished


SLIPS: dict[str, str] = {
    "fenced_json": f"```json\n{NAME_DONE}\n```",
    "invalid_json": f"Sure! Here you are: {NAME_DONE}",
    "not_an_object": f"[{NAME_DONE}]",
    "missing_field": json.dumps(
        {"message": "Thanks Ann!", "transition": "named", "results": {"user_name": "Ann"}}
    ),
    "wrong_type": reply("Thanks Ann!", "named", "The user is Ann.", user_name=1984),
}


@pytest.mark.parametrize("kind", sorted(SLIPS))
def test_a_harmless_slip_is_repaired_without_a_call_and_logged_as_salvaged(
    scenario: Scenario, fake_openai: FakeOpenAIServer, kind: str
) -> None:
    chat, events = open_chat(scenario, fake_openai)
    fake_openai.queue(SLIPS[kind], CHOOSE_ASK)
    chat.start()
    result = chat.send("I'm Ann")
    assert result.messages == ["Thanks Ann!", "Ann, free or pro?"]
    assert (result.calls, result.corrections, result.violations) == (2, 0, [])
    assert result.salvaged == [kind]
    noted = of_type(events, "contract_violation")
    assert [(e.data["kind"], e.data["salvaged"]) for e in noted] == [(kind, True)]
    assert of_type(events, "correction_sent") == []
    assert chat.state.step == "choose"
    chat.close()


def test_a_missing_summary_keeps_the_steps_summary(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    chat, _ = open_chat(scenario, fake_openai)
    fake_openai.queue(
        reply("Your name?", summary="Asked for the name."), SLIPS["missing_field"], CHOOSE_ASK
    )
    chat.start()
    chat.send("hi")
    chat.send("I'm Ann")
    assert chat.conversation.summaries["name"] == "Asked for the name."
    chat.close()


def test_after_max_attempts_the_bot_falls_back_and_stays_in_the_step(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    chat, events = open_chat(scenario, fake_openai)
    fake_openai.queue(NAME_STAY, "no", "still no", "never", NAME_DONE, CHOOSE_ASK)
    chat.start()
    chat.send("hi")
    head = chat.conversation.last_response_id
    result = chat.send("I'm Ann")
    assert result.fallback and result.signal is None
    assert result.messages == ["Sorry, say that again?"]
    assert (result.calls, result.corrections, result.step_after) == (3, 2, "name")
    assert result.violations == ["invalid_json"] * 3
    assert chat.conversation.last_response_id == head  # broken replies are not built upon
    assert of_type(events, "fallback")[0].data["text"] == "Sorry, say that again?"
    assert of_type(events, "bot_message")[-1].data["source"] == "fallback"
    again = chat.send("I'm Ann")
    assert again.step_after == "choose"
    assert sent_bodies(fake_openai)[4]["previous_response_id"] == head
    chat.close()


# --- transport faults ------------------------------------------------------------------------


def snapshot(chat: SyncConversation) -> dict[str, Any]:
    data = chat.conversation.data.to_dict()
    data.pop("seq")
    return data


@pytest.mark.parametrize(
    ("fault", "error", "options"),
    [
        (Fault.server_error(500), ProviderServerError, {}),
        (Fault.drop(), ProviderConnectionError, {}),
        (Fault.delay(3.0, NAME_DONE), ProviderTimeout, {"timeout": 0.5}),
        (Fault.rate_limit(retry_after=0), ProviderError, {}),
    ],
    ids=["500", "dropped", "timeout", "429-no-retries-left"],
)
def test_a_failed_call_leaves_the_conversation_as_it_was_and_the_message_can_be_resent(
    scenario: Scenario,
    fake_openai: FakeOpenAIServer,
    fault: Fault,
    error: type[ProviderError],
    options: dict[str, Any],
) -> None:
    chat, events = open_chat(scenario, fake_openai, **options)
    fake_openai.queue(NAME_STAY, fault)
    chat.start()
    chat.send("hi")
    before = snapshot(chat)
    with pytest.raises(error) as caught:
        chat.send("I'm Ann")
    assert snapshot(chat) == before
    failure = of_type(events, "error")[-1]
    assert failure.data["kind"] == type(caught.value).__name__
    assert failure.data["retryable"] is True
    assert "sk-" not in json.dumps([event.to_record() for event in events])
    fake_openai.queue(NAME_DONE, CHOOSE_ASK)
    result = chat.send("I'm Ann")
    assert result.turn == 2 and result.step_after == "choose"
    assert chat.state.turn == 2
    assert [call.turn for call in chat.ledger.calls] == [1, 2, 2]
    chat.close()


def test_a_failure_during_a_correction_rolls_back_the_whole_turn(
    chat: SyncConversation, fake_openai: FakeOpenAIServer
) -> None:
    fake_openai.queue(NAME_STAY, "not json", Fault.server_error(503))
    chat.start()
    chat.send("hi")
    before = snapshot(chat)
    with pytest.raises(ProviderServerError):
        chat.send("I'm Ann")
    after = snapshot(chat)
    # everything is as it was, but the broken reply was billed: the ledger keeps its call
    assert {**after, "ledger": None} == {**before, "ledger": None}
    assert [call.rolled_back for call in chat.ledger.calls] == [False, True]


def test_a_429_with_retry_after_is_waited_out_and_costs_one_call(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    chat, _ = open_chat(scenario, fake_openai, max_retries=2)
    fake_openai.queue(Fault.rate_limit(retry_after=0.4), NAME_STAY)
    chat.start()
    result = chat.send("hi")
    assert result.messages == ["Your name, please?"] and result.calls == 1
    first, second = fake_openai.model_requests()
    assert second.at - first.at >= 0.35
    chat.close()


# --- other providers -------------------------------------------------------------------------


def test_chat_completions_sends_what_the_chain_would_hold_summaries_then_this_step(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    chat, _ = open_chat(scenario, fake_openai, provider="chat")
    fake_openai.queue(NAME_STAY, NAME_DONE, CHOOSE_ASK, CHOOSE_DONE)
    chat.start()
    chat.send("hi")
    chat.send("I'm Ann")
    chat.send("pro")
    bodies = sent_bodies(fake_openai)
    messages = [[(m["role"], m["content"]) for m in body["messages"]] for body in bodies]
    assert len({m[0] for m in messages}) == 1  # the same system instructions on every call
    assert messages[1][:-1] == [*messages[0], ("assistant", NAME_STAY)]  # only appended
    assert "CHOOSE-MARKER" not in json.dumps(messages[:2])
    assert messages[3][1:] == [
        (
            "system",
            "# Earlier steps\nWhat the conversation established so far:\n- Name: The user is Ann.",
        ),
        messages[2][2],
        ("user", ON_ENTER_INPUT),
        ("assistant", CHOOSE_ASK),
        ("user", "pro"),
    ]
    assert "CHOOSE-MARKER" in messages[3][2][1]
    assert chat.state.step == "done"
    chat.close()


def test_the_per_step_layout_keeps_the_step_in_the_instructions_and_summaries_for_chat(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    scenario.model.layout = PromptLayout.PER_STEP
    chat, _ = open_chat(scenario, fake_openai, provider="chat")
    fake_openai.queue(NAME_STAY, NAME_DONE, CHOOSE_ASK, CHOOSE_DONE)
    chat.start()
    chat.send("hi")
    chat.send("I'm Ann")
    chat.send("pro")
    bodies = sent_bodies(fake_openai)
    last = bodies[-1]["messages"]
    assert last[0]["role"] in ("system", "developer") and "CHOOSE-MARKER" in last[0]["content"]
    assert [(m["role"], m["content"]) for m in last[1:]] == [
        ("system", 'Earlier step "Name": The user is Ann.'),
        ("user", ON_ENTER_INPUT),
        ("assistant", CHOOSE_ASK),
        ("user", "pro"),
    ]
    assert [body["response_format"]["json_schema"]["name"] for body in bodies] == [
        "name_reply",
        "name_reply",
        "choose_reply",
        "choose_reply",
    ]
    chat.close()


def test_the_async_api_and_events_work_with_the_scripted_provider(scenario: Scenario) -> None:
    provider = ScriptedProvider([json.loads(NAME_DONE), json.loads(CHOOSE_ASK)])
    conversation = Conversation(scenario, provider)
    seen: list[str] = []
    conversation.events.subscribe(lambda event: seen.append(event.type))

    async def talk() -> list[str]:
        opening = await conversation.start()
        result = await conversation.send("Ann")
        return opening + result.messages

    assert asyncio.run(talk()) == [
        "Welcome! What is your name?",
        "Thanks Ann!",
        "Ann, free or pro?",
    ]
    assert seen[0] == "session_start" and seen.count("turn_end") == 2


# --- the analyst bot -------------------------------------------------------------------------


def test_the_analyst_bot_runs_a_whole_conversation_end_to_end(
    fake_openai: FakeOpenAIServer,
) -> None:
    scenario = load_scenario(default_scenario())
    plan = Plan.load(PLAN)
    fake_openai.responder = Autopilot(scenario, plan)
    chat, events = open_chat(scenario, fake_openai)
    opening = chat.start()
    assert opening[0].startswith("Hi! I'm your requirements analyst")
    for planned in plan.turns:
        result = chat.send(planned.user)
        assert result.step_before == planned.step and result.violations == []
    summary = chat.conversation.summary()
    assert summary["finished"] and summary["final_step"] == "brief"
    assert summary["path"] == [
        "welcome",
        "consent",
        "idea",
        "users",
        "features",
        "quality",
        "constraints",
        "risks",
        "review",
        "features",
        "review",
        "brief",
    ]
    assert summary["llm_calls"] == summary["user_messages"] == len(plan.turns)
    assert summary["variables"]["features"][-1] == "CSV export"
    brief = of_type(events, "bot_message")[-1].data["text"]
    assert "PROJECT: Streakly" in brief and "Platform: web" in brief and "{{" not in brief
    chat.close()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_analyst_bot_finishes_when_the_model_breaks_the_contract_now_and_then(
    fake_openai: FakeOpenAIServer, seed: int
) -> None:
    scenario = load_scenario(default_scenario())
    plan = Plan.load(PLAN)
    pilot = Autopilot(scenario, plan, violation_rate=0.3, seed=seed)
    fake_openai.responder = pilot
    chat, events = open_chat(scenario, fake_openai)
    chat.start()
    results = [chat.send(planned.user) for planned in plan.turns]
    assert chat.conversation.finished
    assert not any(result.fallback for result in results)
    detected = [event.data["kind"] for event in of_type(events, "contract_violation")]
    assert pilot.broken and detected == pilot.broken  # each slip recognised for what it is
    salvaged = [event.data["salvaged"] for event in of_type(events, "contract_violation")]
    assert salvaged == pilot.harmless  # harmless slips repaired, the others corrected
    corrections = sum(result.corrections for result in results)
    assert corrections == pilot.harmless.count(False)
    chat.close()


def test_a_server_without_responses_or_strict_schemas_still_runs_the_analyst_bot() -> None:
    scenario = load_scenario(default_scenario())
    plan = Plan.load(PLAN)
    with FakeOpenAIServer(
        supports_responses=False, reject_previous_response_id=True, supports_strict_schema=False
    ) as server:
        server.responder = Autopilot(scenario, plan)
        chat, _ = open_chat(scenario, server, provider="chat", strict_schema=False)
        chat.start()
        for planned in plan.turns:
            chat.send(planned.user)
        assert chat.conversation.finished
        assert chat.conversation.summary()["llm_calls"] == len(plan.turns)
        bodies = sent_bodies(server)
        assert all(body["response_format"] == {"type": "json_object"} for body in bodies)
        assert all("previous_response_id" not in body for body in bodies)
        chat.close()


def test_placeholders_that_cannot_be_filled_are_sent_visibly_and_logged(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    scenario.steps["name"].instructions_text += " Greet {{nickname}}."  # an edit in the studio
    chat, events = open_chat(scenario, fake_openai)
    fake_openai.queue(NAME_STAY)
    chat.start()
    chat.send("hi")
    request = of_type(events, "model_request")[0]
    assert request.data["unfilled_placeholders"] == ["nickname"]
    assert "Greet {{nickname}}." in sent_bodies(fake_openai)[0]["input"][0]["content"]
    chat.close()


def test_without_chaining_a_correction_follows_the_bad_reply_in_the_local_history(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    chat, events = open_chat(scenario, fake_openai, provider="chat")
    fake_openai.queue("not json", NAME_STAY)
    chat.start()
    assert chat.send("hi").corrections == 1
    correction = of_type(events, "correction_sent")[0].data["text"]
    messages = sent_bodies(fake_openai)[1]["messages"]
    section = messages[1]["content"]
    assert section.startswith("# Current step: Name")
    assert [(m["role"], m["content"]) for m in messages[1:]] == [
        ("system", section),
        ("user", "hi"),
        ("assistant", "not json"),
        ("user", correction),
    ]
    later = chat.conversation.data.transcript  # the broken reply is not kept
    assert [(entry.role, entry.content) for entry in later] == [
        ("system", section),
        ("user", "hi"),
        ("assistant", NAME_STAY),
    ]
    chat.close()


def test_a_blank_required_result_does_not_let_the_conversation_move_on(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> None:
    chat, events = open_chat(scenario, fake_openai)
    fake_openai.queue(reply("Thanks!", "named", user_name="   "), NAME_DONE, CHOOSE_ASK)
    chat.start()

    result = chat.send("my name is... hmm")

    assert result.violations == ["missing_required_result"]
    assert "user_name" in of_type(events, "correction_sent")[0].data["text"]
    assert (result.step_after, chat.vars.get("user_name")) == ("choose", "Ann")
    chat.close()
