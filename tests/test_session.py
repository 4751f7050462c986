"""Sessions: save and resume a conversation, and fork it at an earlier turn from a save or a log."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.conversation_core import Conversation, SyncConversation
from engine.convlog import LogWriter
from engine.errors import ProviderServerError, SessionError
from engine.logread import read_log
from engine.providers import make_provider
from engine.scenario.loader import load_scenario, parse_scenario
from engine.scenario.model import Scenario
from engine.session import load_session, session_from_events
from engine.testing.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault

SCENARIO = """\
name: survey
start: name
variables:
  user_name: {type: string}
  age: {type: integer}
  colour: {type: string}
steps:
  name:
    goal: Learn the name
    instructions: name.md
    results: {user_name: {type: string, required: true}}
    transitions: {named: {to: age}}
  age:
    goal: Learn the age
    instructions: age.md
    results: {age: {type: integer, required: true}, note: {type: string}}
    transitions: {aged: {to: colour}}
  colour:
    goal: Learn the favourite colour
    instructions: colour.md
    results: {colour: {type: string, required: true}}
    transitions: {coloured: {to: end}}
  end: {kind: message, text: "Thanks {{user_name}}!", final: true}
"""


def reply(message: str, transition: str = "stay", summary: str = "", **results: Any) -> str:
    return json.dumps({"message": message, "transition": transition, "results": results,
                       "summary": summary})


TURNS = [
    ("hi", reply("Name?", user_name=None)),
    ("Ann", reply("Age?", "named", "Ann.", user_name="Ann")),
    ("41", reply("Colour?", "aged", "Ann is 41.", age=41, note="born in May")),
    ("blue", reply("Done", "coloured", "Blue.", colour="blue")),
]


@pytest.fixture
def scenario(tmp_path: Path) -> Scenario:
    folder = tmp_path / "survey"
    folder.mkdir()
    (folder / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    for name in ("name", "age", "colour"):
        (folder / f"{name}.md").write_text(f"Ask for the {name}.", encoding="utf-8")
    return load_scenario(folder)


@pytest.fixture
def open_chat(
    scenario: Scenario, fake_openai: FakeOpenAIServer
) -> Iterator[Any]:
    opened: list[SyncConversation] = []

    def make(conversation_or_none: Conversation | None = None) -> SyncConversation:
        chat = SyncConversation(conversation_or_none or Conversation(scenario, provider()))
        opened.append(chat)
        return chat

    def provider() -> Any:
        return make_provider("responses", api_key=FAKE_API_KEY, base_url=fake_openai.base_url,
                             max_retries=0)

    make.provider = provider  # type: ignore[attr-defined]
    yield make
    for chat in opened:
        chat.close()


def play(chat: SyncConversation, server: FakeOpenAIServer, turns: list[tuple[str, str]]) -> None:
    for user, model in turns:
        server.queue(model)
        chat.send(user)


def test_a_saved_session_resumes_exactly_where_it_stopped(
    scenario: Scenario, fake_openai: FakeOpenAIServer, open_chat: Any, tmp_path: Path
) -> None:
    first = open_chat()
    first.start()
    play(first, fake_openai, TURNS[:2])
    path = tmp_path / "session.json"
    first.save(path)
    saved = first.conversation.data.to_dict()

    resumed = open_chat(Conversation.resume(path, scenario, open_chat.provider()))
    assert resumed.conversation.data.to_dict() == saved
    assert resumed.conversation.session_id == first.conversation.session_id
    play(resumed, fake_openai, TURNS[2:])
    assert resumed.conversation.finished
    bodies = [request.body or {} for request in fake_openai.model_requests()]
    assert bodies[2]["previous_response_id"] == first.conversation.last_response_id
    assert resumed.vars.values() == {"user_name": "Ann", "age": 41, "colour": "blue"}
    assert resumed.vars.history("user_name")[0].turn == 2
    assert resumed.conversation.summary()["llm_calls"] == 4


def test_a_resumed_log_continues_the_same_session_without_a_gap(
    scenario: Scenario, fake_openai: FakeOpenAIServer, open_chat: Any, tmp_path: Path
) -> None:
    log_path, session_path = tmp_path / "chat.jsonl", tmp_path / "session.json"
    first = open_chat()
    with LogWriter(log_path) as log:
        log.attach(first.events)
        first.start()
        play(first, fake_openai, TURNS[:2])
    first.save(session_path)
    second = open_chat(Conversation.resume(session_path, scenario, open_chat.provider()))
    with LogWriter(log_path) as log:
        log.attach(second.events)
        play(second, fake_openai, TURNS[2:])
    events = read_log(log_path).events
    assert [event.seq for event in events] == list(range(1, len(events) + 1))
    starts = [event for event in events if event.type == "session_start"]
    assert len(starts) == 2 and starts[1].data["resumed_from"] == str(session_path)
    assert {event.session for event in events} == {first.conversation.session_id}


def test_a_fork_from_a_session_or_from_its_log_is_the_conversation_as_it_was(
    scenario: Scenario, fake_openai: FakeOpenAIServer, open_chat: Any, tmp_path: Path
) -> None:
    log_path = tmp_path / "chat.jsonl"
    chat = open_chat()
    writer = LogWriter(log_path)
    writer.attach(chat.events)
    chat.start()
    play(chat, fake_openai, TURNS[:2])
    at_turn_2 = chat.conversation.data.to_dict()
    play(chat, fake_openai, TURNS[2:])
    writer.close()

    from_session = Conversation.fork(chat.conversation.data, 2, scenario, open_chat.provider())
    from_log = Conversation.fork(log_path, 2, scenario, open_chat.provider())
    for forked in (from_session, from_log):
        data = forked.data.to_dict()
        assert forked.session_id != chat.conversation.session_id
        for key in ("state", "last_response_id", "results", "summaries", "vars", "transcript"):
            assert data[key] == at_turn_2[key], key
        assert [call["response_id"] for call in data["ledger"]["calls"]] == [
            call["response_id"] for call in at_turn_2["ledger"]["calls"]]
    forked_chat = open_chat(from_log)
    fake_openai.queue(reply("Colour now?", "aged", "Ann is 42.", age=42))
    result = forked_chat.send("42 actually")
    assert result.step_after == "colour" and forked_chat.vars.get("age") == 42
    assert chat.vars.get("age") == 41
    last = (fake_openai.model_requests()[-1].body or {})
    assert last["previous_response_id"] == at_turn_2["last_response_id"]


def test_rebuilding_from_events_ignores_rolled_back_turns_and_keeps_fallbacks_out_of_history(
    scenario: Scenario, fake_openai: FakeOpenAIServer, open_chat: Any, tmp_path: Path
) -> None:
    chat = open_chat()
    events: list[Any] = []
    chat.events.subscribe(events.append)
    chat.start()
    play(chat, fake_openai, TURNS[:1])
    fake_openai.queue("bad", "worse", "worst")
    assert chat.send("Ann").fallback
    fake_openai.queue(Fault.server_error(500))
    with pytest.raises(ProviderServerError):
        chat.send("Ann")
    play(chat, fake_openai, TURNS[1:3])
    rebuilt = session_from_events(events, scenario)
    live = chat.conversation.data.to_dict()
    data = rebuilt.to_dict()
    for key in ("state", "last_response_id", "results", "summaries", "transcript"):
        assert data[key] == live[key], key
    assert [c["name"] for c in data["vars"]["changes"]] == ["user_name", "age"]
    assert [c["response_id"] for c in data["ledger"]["calls"]] == [
        c["response_id"] for c in live["ledger"]["calls"]]
    assert len(data["ledger"]["calls"]) == 6  # the fallback's three calls were paid for


def test_forking_at_a_turn_that_never_happened_is_refused(
    scenario: Scenario, fake_openai: FakeOpenAIServer, open_chat: Any
) -> None:
    chat = open_chat()
    chat.start()
    play(chat, fake_openai, TURNS[:1])
    with pytest.raises(SessionError, match="turn 5"):
        Conversation.fork(chat.conversation.data, 5, scenario, open_chat.provider())


def test_a_session_of_another_scenario_or_a_damaged_file_is_refused_clearly(
    scenario: Scenario, fake_openai: FakeOpenAIServer, open_chat: Any, tmp_path: Path
) -> None:
    chat = open_chat()
    chat.start()
    path = tmp_path / "session.json"
    chat.save(path)
    other = parse_scenario(SCENARIO.replace("name: survey", "name: other", 1))
    with pytest.raises(SessionError, match="belongs to scenario 'survey'"):
        load_session(path, other)
    moved = parse_scenario(SCENARIO.replace("start: name", "start: age", 1).replace(
        "  name:\n    goal: Learn the name", "  renamed:\n    goal: Learn the name"))
    with pytest.raises(SessionError, match="no longer has"):
        load_session(path, moved)
    path.write_text('{"format": "prompter-session", "version": 1', encoding="utf-8")
    with pytest.raises(SessionError, match="not valid JSON"):
        load_session(path, scenario)
    with pytest.raises(SessionError, match="cannot read"):
        load_session(tmp_path / "missing.json", scenario)


def test_a_session_file_never_holds_the_api_key(
    fake_openai: FakeOpenAIServer, open_chat: Any, tmp_path: Path
) -> None:
    chat = open_chat()
    chat.start()
    play(chat, fake_openai, TURNS[:2])
    path = tmp_path / "session.json"
    chat.save(path)
    assert FAKE_API_KEY not in path.read_text(encoding="utf-8")
