"""Sessions: save and resume a conversation, and fork it at an earlier turn from a save or a log.

The resume and fork tests run under every prompt layout and both OpenAI providers: whatever the
layout, a resumed or forked conversation must send exactly what the uninterrupted one sends —
the same chain to continue (or the same restart), the same step section, the same history.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.conversation_core import Conversation
from engine.conversation.session import SessionData, load_session, session_from_events
from engine.conversation.sync_conversation import SyncConversation
from engine.errors import ProviderServerError, SessionError
from engine.log.reader import read_log
from engine.log.writer import LogWriter
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault, RecordedRequest
from engine.providers import make_provider
from engine.providers.scripted import ScriptedProvider
from engine.scenario.definition import PromptLayout, Scenario
from engine.scenario.loader import load_scenario, parse_scenario

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
    return json.dumps(
        {"message": message, "transition": transition, "results": results, "summary": summary}
    )


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


LAYOUTS = [layout.value for layout in PromptLayout]
PROVIDERS = ["responses", "chat"]


@pytest.fixture(params=["responses"])
def provider_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def open_chat(
    scenario: Scenario, fake_openai: FakeOpenAIServer, provider_name: str
) -> Iterator[Any]:
    opened: list[SyncConversation] = []

    def make(conversation_or_none: Conversation | None = None) -> SyncConversation:
        chat = SyncConversation(conversation_or_none or Conversation(scenario, provider()))
        opened.append(chat)
        return chat

    def provider() -> Any:
        return make_provider(
            provider_name, api_key=FAKE_API_KEY, base_url=fake_openai.base_url, max_retries=0
        )

    make.provider = provider  # type: ignore[attr-defined]
    yield make
    for chat in opened:
        chat.close()


def play(chat: SyncConversation, server: FakeOpenAIServer, turns: list[tuple[str, str]]) -> None:
    for user, model in turns:
        server.queue(model)
        chat.send(user)


def sent(requests: list[RecordedRequest], ids: list[str | None]) -> list[dict[str, Any]]:
    """Request bodies comparable across runs: a chained response is named by its call number,
    the session id (cache key, metadata) by a constant."""
    bodies = []
    for request in requests:
        body = dict(request.body or {})
        previous = body.pop("previous_response_id", None)
        body["previous_call"] = None if previous is None else ids.index(previous)
        body.pop("metadata", None)
        body["prompt_cache_key"] = "SESSION" if body.get("prompt_cache_key") else None
        bodies.append(body)
    return bodies


def uninterrupted(scenario: Scenario, provider_name: str) -> list[dict[str, Any]]:
    """What the four turns send when nothing interrupts them (on a server of their own)."""
    with FakeOpenAIServer() as server:
        chat = SyncConversation(
            Conversation(
                scenario,
                make_provider(
                    provider_name, api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
                ),
            )
        )
        chat.start()
        play(chat, server, TURNS)
        ids = [call.response_id for call in chat.ledger.calls]
        chat.close()
        return sent(server.model_requests(), ids)


@pytest.mark.parametrize("provider_name", PROVIDERS, indirect=True)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_saved_session_resumes_exactly_where_it_stopped(
    scenario: Scenario,
    fake_openai: FakeOpenAIServer,
    open_chat: Any,
    tmp_path: Path,
    layout: str,
    provider_name: str,
) -> None:
    scenario.model.layout = PromptLayout(layout)
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
    ids = [call.response_id for call in resumed.ledger.calls]
    assert sent(fake_openai.model_requests(), ids) == uninterrupted(scenario, provider_name)
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


@pytest.mark.parametrize("provider_name", PROVIDERS, indirect=True)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("at_turn", [1, 2])
def test_a_fork_from_a_session_or_from_its_log_is_the_conversation_as_it_was(
    scenario: Scenario,
    fake_openai: FakeOpenAIServer,
    open_chat: Any,
    tmp_path: Path,
    layout: str,
    provider_name: str,
    at_turn: int,
) -> None:
    """Forked inside a step (turn 1) or just after a step change (turn 2), both forks send the
    next turn exactly as the original conversation did."""
    scenario.model.layout = PromptLayout(layout)
    log_path = tmp_path / "chat.jsonl"
    chat = open_chat()
    writer = LogWriter(log_path)
    writer.attach(chat.events)
    chat.start()
    play(chat, fake_openai, TURNS[:at_turn])
    at_fork = chat.conversation.data.to_dict()
    play(chat, fake_openai, TURNS[at_turn:])
    writer.close()
    original = sent(fake_openai.model_requests(), [call.response_id for call in chat.ledger.calls])

    from_session = Conversation.fork(
        chat.conversation.data, at_turn, scenario, open_chat.provider()
    )
    from_log = Conversation.fork(log_path, at_turn, scenario, open_chat.provider())
    for forked in (from_session, from_log):
        data = forked.data.to_dict()
        assert forked.session_id != chat.conversation.session_id
        assert forked.data.cache_key == chat.conversation.data.cache_key  # the parent's cache
        for key in (
            "state",
            "last_response_id",
            "results",
            "summaries",
            "vars",
            "transcript",
            "chain_start",
        ):
            assert data[key] == at_fork[key], key
        assert [call["response_id"] for call in data["ledger"]["calls"]] == [
            call["response_id"] for call in at_fork["ledger"]["calls"]
        ]
        before = len(fake_openai.model_requests())
        forked_chat = open_chat(forked)
        user, model = TURNS[at_turn]
        fake_openai.queue(model)
        result = forked_chat.send(user)
        [after] = [
            point for point in chat.conversation.data.checkpoints if point.turn == at_turn + 1
        ]
        assert result.step_after == after.state.step
        ids = [call.response_id for call in chat.ledger.calls]
        [request] = fake_openai.model_requests()[before:]
        assert sent([request], ids) == [original[at_turn]]
    assert chat.vars.get("age") == 41


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
    for key in (
        "state",
        "last_response_id",
        "results",
        "summaries",
        "transcript",
        "chain_start",
        "cache_key",
    ):
        assert data[key] == live[key], key
    assert [c["name"] for c in data["vars"]["changes"]] == ["user_name", "age"]
    assert [c["response_id"] for c in data["ledger"]["calls"]] == [
        c["response_id"] for c in live["ledger"]["calls"]
    ]
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
    moved = parse_scenario(
        SCENARIO.replace("start: name", "start: age", 1).replace(
            "  name:\n    goal: Learn the name", "  renamed:\n    goal: Learn the name"
        )
    )
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


def test_a_log_written_before_the_layouts_still_rebuilds_and_forks_under_the_new_default(
    scenario: Scenario, fake_openai: FakeOpenAIServer, open_chat: Any
) -> None:
    scenario.model.layout = PromptLayout.PER_STEP
    chat = open_chat()
    events: list[Any] = []
    chat.events.subscribe(events.append)
    chat.start()
    play(chat, fake_openai, TURNS[:2])
    newer = ("layout", "input_items", "new_chain", "prompt_cache_key")
    old_log = [
        replace(event, data={k: v for k, v in event.data.items() if k not in newer})
        for event in events
    ]

    rebuilt = session_from_events(old_log, scenario)
    assert rebuilt.transcript == chat.conversation.data.transcript
    assert (rebuilt.chain_start, rebuilt.cache_key) == (0, chat.conversation.session_id)

    scenario.model.layout = PromptLayout.COMPACT
    forked = open_chat(Conversation.fork(old_log, 2, scenario, open_chat.provider()))
    fake_openai.queue(TURNS[2][1])
    assert forked.send(TURNS[2][0]).step_after == "colour"
    body = fake_openai.model_requests()[-1].body or {}
    assert "previous_response_id" not in body  # the step's section is not in the old chain
    assert [item["role"] for item in body["input"]] == ["system", "system", "user"]
    assert body["input"][1]["content"].startswith("# Current step: Age")


DAMAGES = [
    ("ledger", None),
    ("state", None),
    ("vars", None),
    ("ledger", "x"),
    ("state", []),
    ("vars", 3),
    ("results", []),
    ("summaries", "x"),
    ("transcript", {"a": 1}),
    ("checkpoints", [None]),
    ("transcript", [None]),
    ("actions_done", []),
    ("state", {"step": None}),
    ("vars", {"values": None}),
    ("ledger", {"entries": None}),
]


@pytest.mark.parametrize(("key", "value"), DAMAGES, ids=[f"{k}={v!r}" for k, v in DAMAGES])
def test_a_damaged_session_is_a_session_error_everywhere_it_is_read(
    scenario: Scenario, open_chat: Any, tmp_path: Path, key: str, value: Any
) -> None:
    """Issue 34 item 10: null or mistyped parts used to be an AttributeError (exit 70)."""
    chat = open_chat()
    chat.start()
    path = tmp_path / "session.json"
    chat.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data[key] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    says = f"damaged: .*{key}|saved (variables|costs)"
    with pytest.raises(SessionError, match=says):
        load_session(path, scenario)
    with pytest.raises(SessionError, match=says):
        SessionData.from_json(json.dumps(data), scenario)
    with pytest.raises(SessionError, match=says):
        Conversation.resume(path, scenario, ScriptedProvider([]))
