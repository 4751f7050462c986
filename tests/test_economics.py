"""What a conversation costs: prompts the cache can reuse, a call only where one is needed, limits.

End to end, through the real ``openai`` SDK against the fake server (which bills like OpenAI:
schema, then instructions, then the conversation; cached from 1,024 tokens in 128-token blocks).
The layout tests run under every layout and both OpenAI providers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.dialogue.ledger import PriceTable
from engine.dialogue.prompting import CONVERSATION_RULES, stable_prefix
from engine.errors import BudgetExceeded, PromptTooLarge
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.log.reader import read_log
from engine.log.writer import LogWriter
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import (
    FAKE_API_KEY,
    FakeOpenAIServer,
    FakeRequest,
    Reply,
)
from engine.providers import make_provider
from engine.scenario.definition import PromptLayout, Scenario
from engine.scenario.loader import load_scenario, parse_scenario

REPO = Path(__file__).resolve().parent.parent
PLANS = {
    name: REPO / "bench" / "conversations" / f"{name}.yaml"
    for name in ("analyst_bot", "analyst_bot_thorough")
}
LAYOUTS = list(PromptLayout)
PROVIDERS = ["responses", "chat"]


def open_chat(
    scenario: Scenario, server: FakeOpenAIServer, provider: str = "responses"
) -> tuple[SyncConversation, list[Event]]:
    chat = SyncConversation(
        Conversation(
            scenario,
            make_provider(
                provider, api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0, timeout=5.0
            ),
            # The fake server stands in for OpenAI: its token counts are priced as OpenAI bills.
            prices=PriceTable.load().with_stand_in(server.base_url),
        )
    )
    events: list[Event] = []
    chat.events.subscribe(events.append)
    return chat, events


def analyst(layout: PromptLayout = PromptLayout.COMPACT) -> Scenario:
    scenario = load_scenario(default_scenario())
    scenario.model.layout = layout
    return scenario


class Recorder:
    """The autopilot, remembering every request as the model saw it."""

    def __init__(self, pilot: Autopilot) -> None:
        self.pilot = pilot
        self.seen: list[FakeRequest] = []

    def __call__(self, request: FakeRequest) -> Any:
        self.seen.append(request)
        return self.pilot(request)


# --- the layouts ----------------------------------------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_analyst_bot_runs_end_to_end_under_every_layout(
    fake_openai: FakeOpenAIServer, layout: PromptLayout, provider: str
) -> None:
    scenario = analyst(layout)
    plan = Plan.load(PLANS["analyst_bot"])
    fake_openai.responder = Autopilot(scenario, plan)
    chat, events = open_chat(scenario, fake_openai, provider)
    chat.start()
    for planned in plan.turns:
        result = chat.send(planned.user)
        assert (result.step_before, result.violations) == (planned.step, [])
    summary = chat.conversation.summary()
    assert summary["finished"] and summary["llm_calls"] == len(plan.turns)
    assert summary["path"][-3:] == ["features", "review", "brief"]
    assert "PROJECT: Streakly" in [e for e in events if e.type == "bot_message"][-1].data["text"]
    chat.close()


def pieces(request: FakeRequest) -> list[str]:
    """The prompt as the service reads it, piece by piece: schema, instructions, messages."""
    return [
        json.dumps(request.schema, sort_keys=True),
        request.instructions,
        *(f"{message.role}: {message.content}" for message in request.messages),
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("layout", [PromptLayout.COMPACT, PromptLayout.APPEND])
def test_inside_a_chain_the_prompt_only_grows_at_its_end(
    fake_openai: FakeOpenAIServer, layout: PromptLayout, provider: str
) -> None:
    """Every call re-reads the previous call's prompt and reply as a prefix, unless its chain
    restarts at a step change (``compact``) — and it always starts with the same schema and
    instructions."""
    scenario = analyst(layout)
    plan = Plan.load(PLANS["analyst_bot_thorough"])
    recorder = Recorder(Autopilot(scenario, plan))
    fake_openai.responder = recorder
    chat, events = open_chat(scenario, fake_openai, provider)
    chat.start()
    for planned in plan.turns:
        chat.send(planned.user)
    replies = [e.data["raw_text"] for e in events if e.type == "model_response"]
    seen = recorder.seen
    constant = stable_prefix(scenario, rules=CONVERSATION_RULES).text
    assert len({pieces(request)[0] for request in seen}) == 1
    assert all(request.instructions.startswith(constant) for request in seen)
    restarts = 0
    for before, after, reply in zip(seen, seen[1:], replies, strict=False):
        grown = [*pieces(before), f"assistant: {reply}"]
        if pieces(after)[: len(grown)] == grown:
            continue
        restarts += 1
        assert layout is PromptLayout.COMPACT
        start = "\n".join(pieces(after)[1:4])[len(constant) :]
        assert start.lstrip().removeprefix("system: ").startswith("# Earlier steps")
        assert "# Current step: " in start
    assert restarts == (7 if layout is PromptLayout.COMPACT else 0)  # one per step change
    chat.close()


def test_in_the_default_layout_every_call_after_the_first_starts_with_a_cached_prefix(
    fake_openai: FakeOpenAIServer,
) -> None:
    scenario = analyst()
    plan = Plan.load(PLANS["analyst_bot"])
    fake_openai.responder = Autopilot(scenario, plan)
    chat, _ = open_chat(scenario, fake_openai)
    chat.start()
    results = [chat.send(planned.user) for planned in plan.turns]
    cached = [result.usage.cached_tokens for result in results]
    assert cached[0] == 0 and min(cached[1:]) >= 1024  # step changes included
    assert all(result.usage.cached_tokens < result.usage.input_tokens for result in results)
    chat.close()


# --- offering only transitions that can open ------------------------------------------------

OFFERING = """\
name: contact
start: name
variables:
  name: {type: string}
  phone: {type: string}
steps:
  name:
    goal: Learn the name
    results: {name: {type: string}}
    transitions:
      to_phone: {to: phone, requires: [name]}
      finish: {to: done, requires: [name, phone], description: Everything is known}
  phone:
    goal: Learn the phone number
    results: {phone: {type: string}}
    transitions:
      back_to_name: {to: name}
  done: {kind: message, text: "Thanks {{name}}, we will call {{phone}}.", final: true}
"""


def answer(message: str, transition: str = "stay", **results: Any) -> str:
    return json.dumps(
        {"message": message, "transition": transition, "results": results, "summary": message}
    )


def section_signals(text: str) -> list[str]:
    return [line.split('"')[1] for line in text.splitlines() if line.startswith('- "')]


def test_an_unopenable_transition_is_not_offered_refused_if_taken_and_offered_again_once_set(
    fake_openai: FakeOpenAIServer,
) -> None:
    scenario = parse_scenario(OFFERING)
    seen: list[FakeRequest] = []
    replies = iter(
        [
            answer("Done!", "finish", name="Ann"),  # not offered: phone is unset, and not a result
            answer("Your phone?", "to_phone", name="Ann"),
            answer("Let me check your name again.", "back_to_name", phone="555-0100"),
            answer("All set.", "finish", name="Ann"),
        ]
    )
    fake_openai.responder = lambda request: seen.append(request) or next(replies)
    chat, events = open_chat(scenario, fake_openai)
    chat.start()

    first = chat.send("I'm Ann")
    sections = [m.content for r in seen for m in r.messages if m.content.startswith("# Current")]
    assert section_signals(sections[0]) == ["stay", "to_phone"]  # "finish" is not offered
    assert first.violations == ["guard_refused"] and first.step_after == "phone"
    correction = next(e for e in events if e.type == "correction_sent").data["text"]
    assert "'transition' 'finish' needs phone to be known first" in correction
    assert correction.endswith('Allowed transitions: "stay", "to_phone".')

    chat.send("555-0100")
    last = chat.send("yes, that's all")
    sections = [m.content for r in seen for m in r.messages if m.content.startswith("# Current")]
    assert section_signals(sections[-1]) == ["stay", "to_phone", "finish"]  # phone is set now
    assert last.violations == [] and last.finished
    chat.close()


def test_on_the_analyst_bot_back_to_review_is_offered_only_when_coming_from_the_review(
    fake_openai: FakeOpenAIServer,
) -> None:
    scenario = analyst()
    plan = Plan.load(PLANS["analyst_bot"])
    recorder = Recorder(Autopilot(scenario, plan))
    fake_openai.responder = recorder
    chat, _ = open_chat(scenario, fake_openai)
    chat.start()
    for planned in plan.turns:
        chat.send(planned.user)
    features = [
        m.content
        for r in recorder.seen
        for m in r.messages
        if m.content.startswith("# Current step: Core features")
    ]
    first_pass, from_review = features[0], features[-1]
    assert section_signals(first_pass) == ["stay", "features_done"]
    assert section_signals(from_review) == ["stay", "features_done", "back_to_review"]
    chat.close()


# --- limits ---------------------------------------------------------------------------------

SMALL = """\
name: small
start: ask
model: {name: gpt-4.1-mini}
steps:
  ask:
    goal: Chat
    results: {topic: {type: string}}
    transitions: {bye: {to: end}}
  end: {kind: message, text: Bye, final: true}
"""


def small(**model: Any) -> Scenario:
    scenario = parse_scenario(SMALL)
    scenario.model = scenario.model.model_copy(update=model)
    return scenario


def snapshot(chat: SyncConversation) -> dict[str, Any]:
    data = chat.conversation.data.to_dict()
    data.pop("seq")
    return data


def test_a_prompt_over_the_limit_is_not_sent_and_nothing_changes(
    fake_openai: FakeOpenAIServer,
) -> None:
    chat, events = open_chat(small(max_prompt_tokens=2_000), fake_openai)
    fake_openai.queue(answer("Hi!"))
    chat.start()
    chat.send("hello")
    before = snapshot(chat)
    with pytest.raises(PromptTooLarge, match="max_prompt_tokens") as caught:
        chat.send("lorem ipsum " * 5_000)
    assert caught.value.needed > caught.value.limit == 2_000
    assert snapshot(chat) == before and len(fake_openai.model_requests()) == 1
    assert events[-1].type == "error" and events[-1].data["kind"] == "PromptTooLarge"
    chat.close()


def test_a_call_that_could_exceed_the_budget_is_not_sent(fake_openai: FakeOpenAIServer) -> None:
    chat, events = open_chat(small(max_cost_usd=0.006, max_output_tokens=1_000), fake_openai)
    fake_openai.responder = lambda request: answer("Noted.")
    chat.start()
    with pytest.raises(BudgetExceeded) as caught:
        for turn in range(100):
            chat.send(f"message {turn}")
    spent = chat.ledger.totals().cost_usd
    assert spent <= 0.006 < caught.value.needed
    assert "$0.006 budget (model.max_cost_usd); the call was not sent" in str(caught.value)
    assert len(fake_openai.model_requests()) == len(chat.ledger.calls)
    assert events[-1].data["kind"] == "BudgetExceeded"
    chat.close()


def test_a_budget_needs_a_priced_model(fake_openai: FakeOpenAIServer) -> None:
    chat, _ = open_chat(small(max_cost_usd=1.0, name="gpt-4.1"), fake_openai)
    chat.conversation.model = "my-local-model"
    chat.start()
    with pytest.raises(BudgetExceeded, match="'my-local-model' has no price"):
        chat.send("hello")
    assert fake_openai.model_requests() == []
    chat.close()


def test_append_restarts_its_chain_from_the_summaries_when_it_outgrows_the_limit(
    fake_openai: FakeOpenAIServer,
) -> None:
    scenario = analyst(PromptLayout.APPEND)
    scenario.model.max_prompt_tokens = 9_000
    plan = Plan.load(PLANS["analyst_bot_thorough"])
    fake_openai.responder = Autopilot(scenario, plan)
    chat, events = open_chat(scenario, fake_openai)
    chat.start()
    for planned in plan.turns:
        chat.send(planned.user)
    assert chat.conversation.finished
    restarts = [e for e in events if e.type == "model_request" and e.data.get("new_chain")]
    assert restarts and all(event.turn > 10 for event in restarts)
    assert restarts[-1].data["input_items"][0]["content"].startswith("# Earlier steps")
    assert restarts[-1].data["previous_response_id"] is None
    chat.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_megabyte_reply_is_corrected_without_ever_being_sent_back(
    fake_openai: FakeOpenAIServer, provider: str
) -> None:
    # a cap high enough to let the megabyte through (the default 1,000 tokens would cut it)
    chat, events = open_chat(small(max_output_tokens=1_000_000), fake_openai, provider)
    fake_openai.queue(answer("Hi!"), answer("x" * 1_000_000), answer("Shorter."))
    chat.start()
    chat.send("hello")
    result = chat.send("tell me everything")
    assert result.violations == ["too_long"] and result.messages == ["Shorter."]
    first, correction = (request.body or {} for request in fake_openai.model_requests()[1:])
    assert len(json.dumps(correction)) < 20_000
    if provider == "responses":
        assert correction["previous_response_id"] == first["previous_response_id"]
        assert correction["input"][-2] == {"role": "user", "content": "tell me everything"}
    else:
        assert correction["messages"][:-1] == first["messages"]
    logged = [e.data["raw_text"] for e in events if e.type == "model_response"][1]
    assert len(logged) < 21_000 and logged.endswith("more characters not logged]")
    chat.close()


# --- hostile replies ------------------------------------------------------------------------

HOSTILE = {
    "deep_nesting": ("[" * 19_000, "invalid_json"),  # under max_reply_chars, too deep to read
    "huge_integer": (
        '{"message": "hi", "transition": "stay", "results": {"topic": '
        + "9" * 5_000
        + '}, "summary": ""}',
        "invalid_json",
    ),
    "lone_surrogate": (
        '{"message": "hi \\ud800", "transition": "stay", "results": {}, "summary": ""}',
        "invalid_text",
    ),
    "raw_surrogate": (
        '{"message": "hi \ud800", "transition": "stay", "results": {}, "summary": ""}',
        "invalid_text",
    ),
    "nan": ('{"message": "hi", "transition": "stay", "results": {"topic": NaN}}', "invalid_json"),
}


@pytest.fixture
def logged(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "chat.jsonl"


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_reply_is_a_violation_with_a_correction_never_a_crash(
    fake_openai: FakeOpenAIServer, logged: Path, name: str
) -> None:
    text, kind = HOSTILE[name]
    # a cap the hostile texts fit under (the default 1,000 tokens would cut the longest)
    chat, events = open_chat(small(max_output_tokens=100_000), fake_openai)
    with LogWriter(logged, secrets=[]) as writer:
        writer.attach(chat.events)
        fake_openai.queue(Reply(text), answer("Sorry, here it is."))
        chat.start()
        result = chat.send("hello")
    assert result.violations == [kind] and result.messages == ["Sorry, here it is."]
    correction = next(e for e in events if e.type == "correction_sent").data["text"]
    assert correction.startswith("Your last reply broke the reply contract")
    read = read_log(logged)
    assert [e.type for e in read.events] == [e.type for e in events] and not read.skipped
    chat.close()
