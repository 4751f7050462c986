"""``import engine`` is the whole embedding API: listed in ``__all__``, complete, and honest.

And one rule for the provider, the same in both conversation classes: it is the caller's, so one
provider serves many conversations, one after another and at once.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import engine
import engine.errors
from engine.offline.fake_openai import FakeOpenAIServer
from engine.offline.scenario_bot import ScenarioBot

ROOT = Path(__file__).resolve().parent.parent
ANALYST = ROOT / "scenarios" / "analyst_bot"

REQUIRED = {
    "load_scenario",
    "Conversation",
    "SyncConversation",
    "make_provider",
    "LogWriter",
    "read_log",
    "SessionData",
    "TurnResult",
}


def test_all_lists_what_an_embedding_program_needs() -> None:
    assert set(engine.__all__) >= REQUIRED
    assert len(engine.__all__) == len(set(engine.__all__))


def test_every_listed_name_resolves() -> None:
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name


def test_the_whole_exception_tree_is_public() -> None:
    tree = {
        name
        for name, value in vars(engine.errors).items()
        if inspect.isclass(value)
        and issubclass(value, engine.errors.PrompterError)
        and value.__module__ == "engine.errors"
    }
    assert tree | {"SourceLocation"} == set(engine.errors.__all__), "engine.errors lists its tree"
    assert set(engine.errors.__all__) <= set(engine.__all__)
    assert engine.ProviderTimeout is engine.errors.ProviderTimeout


def test_every_public_name_is_defined_where_the_api_says() -> None:
    """A class or function lives in the module ``_API`` names (not one that imports it), and
    a constant is one of that module's own exports."""
    for module_name, names in engine._API.items():
        module = importlib.import_module(module_name)
        for name in names:
            value = getattr(module, name)
            if inspect.isclass(value) or inspect.isfunction(value):
                assert value.__module__ == module_name, (name, value.__module__)
            else:
                assert name in getattr(module, "__all__", ()), (name, module_name)


def test_the_type_checker_sees_the_same_api() -> None:
    """The ``TYPE_CHECKING`` imports of ``engine/__init__.py`` are ``_API``, name for name."""
    tree = ast.parse((ROOT / "engine" / "__init__.py").read_text(encoding="utf-8"))
    guarded = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    seen = {
        (node.module, alias.name)
        for node in guarded.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert seen == {(module, name) for module, names in engine._API.items() for name in names}


def test_all_is_the_api_the_exception_tree_and_the_version() -> None:
    expected = {name for names in engine._API.values() for name in names}
    assert set(engine.__all__) == expected | set(engine.errors.__all__) | {"__version__"}


def test_no_public_name_outside_all() -> None:
    subpackages = {path.name for path in (ROOT / "engine").iterdir() if path.is_dir()}
    modules = {path.stem for path in (ROOT / "engine").glob("*.py")}
    public = {name for name in dir(engine) if not name.startswith("_")}
    stray = public - subpackages - modules - set(engine.__all__)
    assert stray == set()


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        _ = engine.no_such_thing  # type: ignore[attr-defined]


def test_importing_a_submodule_does_not_load_the_turn_loop() -> None:
    probe = (
        "import sys, engine.io.atomic; "
        "print('engine.conversation.conversation_core' in sys.modules, 'openai' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "False"]


# --- who owns the provider -----------------------------------------------------------------


@pytest.fixture
def analyst() -> engine.Scenario:
    return engine.load_scenario(ANALYST)


@pytest.fixture
def bot_server(analyst: engine.Scenario) -> FakeOpenAIServer:
    with FakeOpenAIServer(responder=ScenarioBot(analyst)) as server:
        yield server


def provider_for(server: FakeOpenAIServer) -> engine.Provider:
    return engine.make_provider("responses", api_key="sk-test", base_url=server.base_url)


def test_closing_a_conversation_leaves_the_provider_open(
    analyst: engine.Scenario, bot_server: FakeOpenAIServer
) -> None:
    with provider_for(bot_server) as provider:
        with engine.SyncConversation.open(analyst, provider) as first:
            first.send("I want to build a booking app for my hair salon")
        with engine.SyncConversation.open(analyst, provider) as second:
            reply = second.send("A tool to plan school timetables")
        assert reply.calls >= 1
    with (
        engine.SyncConversation.open(analyst, provider) as late,
        pytest.raises(engine.ProviderError, match="closed"),
    ):
        late.send("once the provider is closed")


def test_one_provider_serves_conversations_at_once(
    analyst: engine.Scenario, bot_server: FakeOpenAIServer
) -> None:
    results: dict[int, engine.TurnResult] = {}
    errors: list[BaseException] = []

    def chat(index: int) -> None:
        try:
            with engine.SyncConversation.open(analyst, provider) as conversation:
                conversation.start()
                results[index] = conversation.send(f"Project number {index}: a recipe app")
        except BaseException as error:  # reported below, with the others
            errors.append(error)

    with provider_for(bot_server) as provider:
        threads = [threading.Thread(target=chat, args=(index,)) for index in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert errors == []
    assert sorted(results) == list(range(6))
    sessions = {request.body.get("prompt_cache_key") for request in bot_server.requests}
    assert len(sessions) == 6


def test_the_async_class_leaves_the_provider_open_too(
    analyst: engine.Scenario, bot_server: FakeOpenAIServer
) -> None:
    import asyncio

    async def two_conversations(provider: engine.Provider) -> list[engine.TurnResult]:
        chats = [engine.Conversation(analyst, provider) for _ in range(2)]
        replies = await asyncio.gather(*(chat.send("A booking app") for chat in chats))
        for chat in chats:
            chat.close()
        return list(replies)

    async def main() -> None:
        async with provider_for(bot_server) as provider:
            first = await two_conversations(provider)
            second = await two_conversations(provider)
            assert len(first + second) == 4

    asyncio.run(main())


# --- open, resume, fork: the same in both classes -----------------------------------------


def test_resume_from_a_session_held_in_memory(
    analyst: engine.Scenario, bot_server: FakeOpenAIServer
) -> None:
    with provider_for(bot_server) as provider:
        with engine.SyncConversation.open(analyst, provider) as chat:
            chat.start()
            chat.send("yes")
            stored = json.dumps(chat.data.to_dict())
            session_id, turns = chat.session_id, chat.state.turn
        held = engine.SessionData.from_dict(json.loads(stored), analyst)
        with engine.SyncConversation.resume(held, analyst, provider) as again:
            assert again.session_id == session_id
            reply = again.send("A booking app for hair salons")
            assert reply.turn == turns + 1


def test_fork_from_a_log_at_a_turn(
    analyst: engine.Scenario, bot_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    log_path = tmp_path / "chat.jsonl"
    with provider_for(bot_server) as provider:
        with (
            engine.SyncConversation.open(analyst, provider) as chat,
            engine.LogWriter(log_path) as log,
        ):
            log.attach(chat.events)
            chat.start()
            chat.send("yes")
            chat.send("A booking app for hair salons")
            original = chat.session_id
        with engine.SyncConversation.fork(log_path, 1, analyst, provider) as fork:
            assert fork.session_id != original
            assert fork.state.turn == 1
            fork.send("A tool for dentists instead")
            assert fork.state.turn == 2
    events = engine.read_log(log_path).events
    assert events[0].type == engine.EventType.SESSION_START


def test_both_classes_offer_the_same_ways_to_begin() -> None:
    for way in ("open", "resume", "fork"):
        assert callable(getattr(engine.SyncConversation, way))
    for way in ("resume", "fork"):
        assert callable(getattr(engine.Conversation, way))
    sync = inspect.signature(engine.SyncConversation.resume).parameters
    core = inspect.signature(engine.Conversation.resume).parameters
    assert list(sync) == list(core)
