"""The contract's own words never reach the user.

A small model, corrected once, copied the correction into its next ``message`` ("Your last reply
broke the reply contract: … Allowed transitions: "stay""): Prompter showed it and kept it in the
history. A message that repeats the engine's scaffolding is now a violation of its own kind,
``echoed_instructions``: corrected like the others, never shown, never streamed, never kept.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.dialogue.contract import (
    VIOLATION_KINDS,
    ViolationKind,
    correction_text,
    parse_reply,
    violation,
)
from engine.dialogue.echo import echoed_instructions, markers, showable
from engine.errors import ContractViolation
from engine.io.resources import scenarios_dir
from engine.languages import KEY_FREE, SCAFFOLDING, TABLES, phrasebook, scaffolding
from engine.log.events import Event, EventType
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, FakeRequest
from engine.providers import make_provider
from engine.providers.base import ModelReply, Usage
from engine.scenario.loader import load_scenario

PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"
LANGUAGES = sorted(TABLES)
GOOD = {
    "en": "Welcome! May I have your name, please?",
    "fr": "Bienvenue ! Puis-je avoir votre nom, s'il vous plaît ?",
    "hi": "स्वागत है! क्या मैं आपका नाम जान सकता हूँ?",
}


def body(message: str, transition: str = "stay", **results: Any) -> str:
    reply = {"message": message, "transition": transition, "results": results, "summary": "s"}
    return json.dumps(reply, ensure_ascii=False)


def a_correction(language: str) -> str:
    """A correction as the engine writes it, in ``language`` ('results' is null)."""
    step = load_scenario(PIZZA).steps["greet"]
    broken = '{"message": "Hi", "transition": "stay", "results": null, "summary": "s"}'
    with pytest.raises(ContractViolation) as caught:
        parse_reply(ModelReply(broken, None, Usage(), 0.0, "m"), step, words=scaffolding(language))
    assert "Allowed transitions" in caught.value.correction or language != "en"
    return caught.value.correction


# --- what counts as an echo ------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_correction_copied_into_the_message_is_an_echo_in_every_language(language: str) -> None:
    correction = a_correction(language)
    assert echoed_instructions(correction) is not None
    mangled = "  " + correction.upper().replace(" ", " \n\t ") + "  "
    assert echoed_instructions(mangled) is not None, "case and white space do not hide it"
    quoted = f'Sure. "{correction}" Now, your name?'
    assert echoed_instructions(quoted) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reply_rules_and_the_step_headings_are_echoes_too(language: str) -> None:
    words = scaffolding(language)
    for key in ("contract_rules", "conversation_rules", "in_force"):
        assert echoed_instructions(words.texts[key].format(title="t")) is not None, key
    assert echoed_instructions(words.say("section_heading") + "Greeting") is not None


def test_the_correction_of_an_echo_is_itself_an_echo() -> None:
    step = load_scenario(PIZZA).steps["greet"]
    for language in LANGUAGES:
        text = correction_text(
            ViolationKind.ECHOED_INSTRUCTIONS,
            violation(ViolationKind.ECHOED_INSTRUCTIONS, "x", step).detail,
            step,
            words=scaffolding(language),
        )
        assert echoed_instructions(text) is not None
    assert "echoed_instructions" in VIOLATION_KINDS


def ordinary_messages() -> list[str]:
    """What bots say: the shipped scenarios' message steps and fallbacks, the recorded replies
    of the shipped tests, the key-free model's sentences, and a few ordinary phrases that share
    words with the scaffolding, in the three languages."""
    texts = [phrasebook(language, SCAFFOLDING).say("fallback_message") for language in TABLES]
    for language in TABLES:
        for key, template in phrasebook(language, KEY_FREE).texts.items():
            if not key.startswith("re_"):
                texts.extend(line for line in template.split("\n") if line)
    for folder in scenarios_dir().iterdir():
        if not (folder / "scenario.yaml").is_file():
            continue
        scenario = load_scenario(folder)
        texts.extend(step.text for step in scenario.steps.values() if step.text)
        if scenario.fallback_text:
            texts.append(scenario.fallback_text)
        for cassette in (folder / "tests").glob("**/*.jsonl"):
            for line in cassette.read_text(encoding="utf-8").splitlines():
                record = json.loads(line)
                reply = record.get("reply") if isinstance(record, dict) else None
                if isinstance(reply, dict) and isinstance(reply.get("text"), str):
                    try:
                        message = json.loads(reply["text"]).get("message")
                    except (ValueError, AttributeError):
                        continue
                    if isinstance(message, str):
                        texts.append(message)
    texts += [
        "Your last order was a margherita. Shall we repeat it?",
        "The transition to the new plan is allowed once your manager approves.",
        "Reply to this email with your name and the results of the test.",
        "You can remain in this step for as long as you like.",
        "Here is the summary of what we agreed so far: two pizzas, delivered at 8.",
        "Allowed pets: cats and dogs.",
        "Votre dernière commande était une margherita. On recommence ?",
        "Les transitions sont permises une fois la commande validée.",
        "आपका पिछला ऑर्डर एक मार्गरीटा था। क्या वही दोबारा भेजें?",
    ]
    return texts


def test_ordinary_messages_are_not_echoes() -> None:
    texts = ordinary_messages()
    assert len(texts) > 100
    echoes = {text: echoed_instructions(text) for text in texts}
    assert {text: marker for text, marker in echoes.items() if marker} == {}


def test_the_markers_are_never_short_ordinary_phrases() -> None:
    for marker in markers():
        if marker.startswith("#"):  # a heading of the scaffolding: "# Earlier steps"
            assert len(marker.split()) >= 2, marker
        elif marker.endswith(":"):  # a label of the contract's terms: "Allowed transitions:"
            assert "transition" in marker, marker
        else:
            assert len(marker.split()) >= 4 and len(marker) >= 20, marker


def test_a_message_being_streamed_holds_back_what_may_begin_an_echo() -> None:
    assert showable("Thanks! Your last") == "Thanks! "
    assert showable("Thanks! Your name?") == "Thanks! Your name?"
    assert showable("Votre dernière réponse") == ""
    assert showable("I can help") == "I can help"


def test_parse_reply_refuses_an_echo_in_the_scenarios_language() -> None:
    step = load_scenario(PIZZA).steps["greet"]
    echo = ModelReply(body(a_correction("en")), "r2", Usage(), 0.0, "m")
    with pytest.raises(ContractViolation) as caught:
        parse_reply(echo, step, words=scaffolding("fr"))
    assert caught.value.kind == "echoed_instructions"
    assert "répète les instructions" in caught.value.correction
    assert "repeats the instructions" in caught.value.detail


# --- through the real SDK and the fake server ------------------------------------------------


class EchoingModel:
    """Breaks its first reply (no transition), copies the correction it gets into its
    ``message``, then answers properly; later turns answer properly."""

    def __init__(self, good: str) -> None:
        self.good = good
        self.calls = 0
        self.echoed = ""

    def __call__(self, request: FakeRequest) -> str:
        self.calls += 1
        if self.calls == 1:
            return json.dumps({"message": "Hi", "results": {}, "summary": "s"})
        if self.calls == 2:
            self.echoed = request.input_text
            return body(request.input_text)
        return body(self.good)


def converse(
    server: FakeOpenAIServer, language: str, api: str
) -> tuple[SyncConversation, list[Event], EchoingModel]:
    scenario = load_scenario(PIZZA)
    scenario.language = language
    model = EchoingModel(GOOD[language])
    server.responder = model
    provider = make_provider(api, api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0)
    chat = SyncConversation(Conversation(scenario, provider))
    events: list[Event] = []
    chat.events.subscribe(events.append)
    chat.start()
    return chat, events, model


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_model_echoing_its_correction_is_corrected_and_the_user_never_sees_it(
    fake_openai: FakeOpenAIServer, language: str
) -> None:
    chat, events, model = converse(fake_openai, language, "chat")
    result = chat.send("hello")
    second = chat.send("Ann")
    chat.close()

    echo = model.echoed
    assert echo.startswith(scaffolding(language).say("correction_start"))
    assert result.messages == [GOOD[language]]
    assert result.violations == ["missing_field", "echoed_instructions"]
    shown = [e.data["text"] for e in events if e.type == EventType.BOT_MESSAGE]
    assert echo not in shown and all(echoed_instructions(text) is None for text in shown)
    deltas = [e for e in events if e.type == EventType.MESSAGE_DELTA]
    assert deltas, "the replies were streamed"
    assert not [e for e in deltas if e.data["attempt"] == 2], "nothing of the echo streamed"
    assert all(echoed_instructions(e.data["delta"]) is None for e in deltas)
    assert "".join(e.data["delta"] for e in deltas if e.data["attempt"] == 3) == GOOD[language]
    # Neither the correction that followed the echo nor any later call carries it.
    requests = fake_openai.model_requests()
    assert len(requests) == 4
    for request in requests[2:]:
        said = [m["content"] for m in (request.body or {})["messages"] if m["role"] == "assistant"]
        assert not [text for text in said if echo in text], "the echo is in no history"
    assert second.messages == [GOOD[language]]


def test_over_the_responses_api_the_correction_does_not_chain_to_the_echo(
    fake_openai: FakeOpenAIServer,
) -> None:
    chat, events, _model = converse(fake_openai, "en", "responses")
    result = chat.send("hello")
    chat.close()
    assert result.violations == ["missing_field", "echoed_instructions"]
    responses = [e.data for e in events if e.type == EventType.MODEL_RESPONSE]
    requests = [e.data for e in events if e.type == EventType.MODEL_REQUEST]
    echoed_id = responses[1]["response_id"]
    assert requests[2]["purpose"] == "correction"
    assert requests[2]["previous_response_id"] != echoed_id
    assert all(r["previous_response_id"] != echoed_id for r in requests)
