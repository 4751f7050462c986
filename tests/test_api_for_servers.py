"""What the public API gives a program that keeps conversations in its own store (a server):
variables set before the start, a session as JSON text, a resume that writes no new
``session_start``, and the log line of an event."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.offline.scenario_bot import ScenarioBot

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def desk() -> engine.Scenario:
    return engine.load_scenario(ROOT / "scenarios" / "support_desk")


@pytest.fixture
def provider(desk: engine.Scenario) -> Iterator[engine.Provider]:
    with (
        FakeOpenAIServer(responder=ScenarioBot(desk)) as server,
        engine.make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url) as made,
    ):
        yield made


def test_variables_set_before_the_start_are_typed_and_logged_as_the_systems(
    desk: engine.Scenario, provider: engine.Provider
) -> None:
    chat = engine.SyncConversation.open(desk, provider)
    seen: list[engine.Event] = []
    chat.events.subscribe(seen.append)
    chat.set_variables({"account_email": "ada@example.com", "urgency": "High"})
    chat.start()
    assert chat.vars.get("urgency") == "high"  # converted as the scenario declares it
    changes = [e.data for e in seen if e.type == engine.EventType.VARIABLE_CHANGE]
    assert [(c["name"], c["new"], c["source"]) for c in changes] == [
        ("account_email", "ada@example.com", "system"),
        ("urgency", "high", "system"),
    ]
    with pytest.raises(engine.SessionError, match="before the conversation starts"):
        chat.set_variables({"urgency": "low"})
    chat.close()


@pytest.mark.parametrize("values", [{"nope": 1}, {"account_email": "a@b.c", "urgency": "extreme"}])
def test_variables_that_do_not_fit_set_nothing(
    desk: engine.Scenario, provider: engine.Provider, values: dict[str, object]
) -> None:
    chat = engine.SyncConversation.open(desk, provider)
    with pytest.raises(engine.SessionError):
        chat.set_variables(values)
    assert chat.vars.get("account_email") is None
    chat.close()


def test_a_session_as_json_text_comes_back_whole_and_redacted(
    desk: engine.Scenario, provider: engine.Provider
) -> None:
    chat = engine.SyncConversation.open(desk, provider)
    chat.start()
    chat.send(f"my key is {FAKE_API_KEY}, I cannot log in")
    text = chat.data.to_json()
    assert FAKE_API_KEY not in text and "[REDACTED]" in text
    back = engine.SessionData.from_json(text, desk)
    assert back.to_dict() == json.loads(text)
    assert (back.session_id, back.state.turn) == (chat.session_id, 1)
    with pytest.raises(engine.SessionError, match="not valid JSON"):
        engine.SessionData.from_json("{", desk)
    with pytest.raises(engine.SessionError, match="not a Prompter session"):
        engine.SessionData.from_json("[]", desk)
    chat.close()


def test_a_resume_without_announcing_continues_the_log_with_no_new_session_start(
    desk: engine.Scenario, provider: engine.Provider, tmp_path: Path
) -> None:
    lines: list[bytes] = []
    first = engine.SyncConversation.open(desk, provider)
    first.events.subscribe(lambda event: lines.append(engine.encode_event(event)))
    first.start()
    first.send("I cannot log in")
    for text in ("the category is login", "I tried a new password"):
        later = engine.SyncConversation.resume(
            engine.SessionData.from_json(first.data.to_json(), desk),
            desk,
            provider,
            announce=False,
        )
        later.events.subscribe(lambda event: lines.append(engine.encode_event(event)))
        later.send(text)
        first = later
    (tmp_path / "log.jsonl").write_bytes(b"".join(lines))
    read = engine.read_log(tmp_path / "log.jsonl")
    assert read.skipped == []
    assert [e.type for e in read.events].count("session_start") == 1
    assert [e.seq for e in read.events] == list(range(1, len(read.events) + 1))
    announced = engine.SyncConversation.resume(first.data, desk, provider)
    seen: list[engine.Event] = []
    announced.events.subscribe(seen.append)
    announced.start()
    assert [e.type for e in seen] == ["session_start"]  # the default still announces


def test_an_event_encodes_as_one_redacted_log_line() -> None:
    event = engine.Event(
        type="user_message", session="s", seq=1, turn=1, step="x", data={"text": FAKE_API_KEY}
    )
    line = engine.encode_event(event)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line)["text"] == "[REDACTED]"


def test_the_server_is_built_on_the_public_api() -> None:
    """``engine.serve`` takes from the engine only what ``import engine`` lists (imported from
    the modules that define it, as its layer requires), besides its own modules and the
    foundation's limits and resource paths."""
    import ast

    allowed_modules = (
        "engine.serve",
        "engine.io.input_limits",
        "engine.io.resources",
        # what every command reads: the saved server profile it configures its provider from,
        # a scenario's content version (the key the store keeps versions by) and the log's
        # event payloads (the format the store keeps)
        "engine.providers.profile",
        "engine.scenario.content_version",
        "engine.log.events",
    )
    # Commands run beside the server, as the command line is: they validate, test and diff a
    # scenario before publishing it, and read figures over the logs.
    tools = {"publish.py", "version_figures.py"}
    private: list[str] = []
    for path in sorted((ROOT / "engine" / "serve").glob("*.py")):
        if path.name in tools:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("engine"):
                continue
            if node.module is None or node.module.startswith(allowed_modules):
                continue
            private += [
                f"{path.name}: {node.module}.{alias.name}"
                for alias in node.names
                if alias.name not in engine.__all__
            ]
    assert private == []
