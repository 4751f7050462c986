"""Save a chat as a test: the log of a real chat (through the SDK, on the fake server) becomes a
test file with expectations pre-filled from what happened, and a cassette that replays green."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.conversation_core import Conversation
from engine.errors import ProviderError, SessionError
from engine.log.events import Event
from engine.log.reader import read_log
from engine.log.writer import LogWriter
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.providers import make_provider
from engine.scenario.loader import load_scenario
from engine.scenario_tests import chat_to_test, load_suite, parse_test, run_tests_sync

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"


def reply(transition: str = "stay", message: str = "Noted.", **results: Any) -> dict[str, Any]:
    return {"message": message, "transition": transition, "results": results, "summary": "-"}


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    return folder


def chat(
    folder: Path, server: FakeOpenAIServer, messages: list[str], log: Path, answers: list[Any]
) -> list[Event]:
    """A chat as the studio's test chat has one: real provider, log written as it goes."""
    server.queue(*answers)
    scenario = load_scenario(folder)
    provider = make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
    )
    conversation = Conversation(scenario, provider)
    writer = LogWriter(log)
    writer.attach(conversation.events)

    async def talk() -> None:
        try:
            await conversation.start()
            for text in messages:
                try:
                    await conversation.send(text)
                except ProviderError:
                    await conversation.send(text)  # the user sends it again
        finally:
            await provider.aclose()

    asyncio.run(talk())
    writer.close()
    return read_log(log).events


def test_a_chat_becomes_a_test_with_expectations_prefilled_and_replays_green(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    events = chat(
        pizza,
        fake_openai,
        ["Hi, Ana here", "I'd like a pizza", "A margherita"],
        tmp_path / "chat.jsonl",
        [
            reply(customer_name="Ana"),
            reply("wants_to_order", customer_name="Ana"),
            "this is not JSON",
            reply("order_complete", pizzas=["margherita"]),
        ],
    )
    fake_openai.stop()

    saved = chat_to_test(load_scenario(pizza), events, name="Ana orders a margherita")
    path = saved.save(pizza, "ana_orders")

    assert path == pizza / "tests" / "ana_orders.test.yaml"
    assert saved.text == path.read_text(encoding="utf-8")
    assert saved.text == (
        "name: Ana orders a margherita\n"
        "turns:\n"
        "- user: Hi, Ana here\n"
        "  expect:\n"
        "    step: greet\n"
        "    transition: stay\n"
        "    variables: {customer_name: Ana}\n"
        "- user: I'd like a pizza\n"
        "  expect: {step: take_order, transition: wants_to_order}\n"
        "- user: A margherita\n"
        "  expect:\n"
        "    step: delivery\n"
        "    transition: order_complete\n"
        "    variables:\n"
        "      pizzas: [margherita]\n"
        "end: {finished: false}\n"
    )
    assert parse_test(saved.text).turns == saved.test.turns
    assert len(saved.cassette.calls) == 4  # the correction is in the recording too
    suite = load_suite(pizza)
    (result,) = run_tests_sync(suite.scenario, suite.tests, log_dir=tmp_path / "logs").results
    assert result.status == "passed" and result.calls == 4


def test_a_turn_the_engine_rolled_back_is_left_out(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    events = chat(
        pizza,
        fake_openai,
        ["Hi, Ana here", "I'd like a pizza"],
        tmp_path / "chat.jsonl",
        [
            reply(customer_name="Ana"),
            Fault.server_error(500),
            reply("wants_to_order", customer_name="Ana"),
        ],
    )
    assert any(event.type == "error" for event in events)

    saved = chat_to_test(load_scenario(pizza), events, name="retried")

    assert [turn.user for turn in saved.test.turns] == ["Hi, Ana here", "I'd like a pizza"]
    assert len(saved.cassette.calls) == 2


def test_a_scenario_edited_since_the_chat_saves_nothing(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    events = chat(
        pizza,
        fake_openai,
        ["Hi, Ana here"],
        tmp_path / "chat.jsonl",
        [reply("wants_to_order", customer_name="Ana")],
    )
    yaml_file = pizza / "scenario.yaml"
    guarded = "wants_to_order: {to: take_order, requires: [address],"
    yaml_file.write_text(
        yaml_file.read_text(encoding="utf-8").replace("wants_to_order: {to: take_order,", guarded),
        encoding="utf-8",
    )

    with pytest.raises(SessionError, match="no longer plays this chat the same way"):
        chat_to_test(load_scenario(pizza), events, name="x")
    assert not (pizza / "tests").exists()


def test_a_forked_chat_or_one_without_turns_cannot_be_a_test(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    scenario = load_scenario(pizza)
    events = chat(pizza, fake_openai, [], tmp_path / "empty.jsonl", [])
    with pytest.raises(SessionError, match="no completed turn"):
        chat_to_test(scenario, events, name="x")
    forked = [
        Event(
            type="session_start",
            session="s",
            seq=1,
            turn=0,
            step="greet",
            data={"scenario": "pizza_order", "forked_from": {"session": "p", "turn": 2}},
        )
    ]
    with pytest.raises(SessionError, match="forked chat cannot be saved"):
        chat_to_test(scenario, forked, name="x")


def test_saving_never_overwrites_an_existing_test_unless_asked(
    pizza: Path, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    events = chat(
        pizza, fake_openai, ["Hi, Ana here"], tmp_path / "chat.jsonl", [reply(customer_name="Ana")]
    )
    saved = chat_to_test(load_scenario(pizza), events, name="first")
    path = saved.save(pizza, "same")
    path.write_text("# edited by hand\n" + saved.text, encoding="utf-8")

    with pytest.raises(SessionError, match="already exists"):
        saved.save(pizza, "same")
    assert path.read_text(encoding="utf-8").startswith("# edited by hand")
    saved.save(pizza, "same", overwrite=True)
    assert path.read_text(encoding="utf-8") == saved.text
