"""Prompter's engine: run a scenario's dialogue graph over an LLM, inside your own program.

Everything an embedding program needs is here, listed in ``__all__``; ``docs/library.md`` is its
manual, and its examples run in the test suite. The shortest program::

    import engine
    scenario = engine.load_scenario("scenarios/analyst_bot")
    with engine.make_provider("responses") as provider:              # OPENAI_API_KEY, _BASE_URL
        with engine.SyncConversation.open(scenario, provider) as chat:
            print(chat.start())
            print(chat.send("I want to build a booking app").messages)

The rest of the package is the engine's own machinery, grouped by what it holds (each package's
docstring says what it may import; ``tests/test_architecture.py`` enforces it), lowest first:

    errors        the one exception tree
    io            private I/O: atomic writes, the bounded reader, redaction, input limits
    languages     the engine's own words in each language a scenario may speak (en, fr, hi)
    scenario      the scenario format: models, loader with located errors, validator, editing
    providers     the model interface and its adapters (Responses, Chat Completions, scripted)
    log           the conversation log: events, record schema, writer, reader, fold
    actions       what action steps call: Python functions (worker processes), HTTP, stubs
    dialogue      the parts of a dialogue: fsm, vars_memory, ledger, contract, prompting
    conversation  the turn loop (conversation_core) and a conversation's whole state (session)
    offline       the key-free model: a fake OpenAI server and stand-in models
    …             tools over all of it: scenario_tests, simulate, matrix, stats, compare,
                  drawio, request_view, cli

It never imports Qt or the studio (``app``). Names are loaded when first used, so importing one
submodule (the studio's ``engine.io.atomic``, say) does not load the turn loop.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engine import errors
from engine.errors import *  # noqa: F403 — the whole exception tree, as engine.errors lists it
from engine.version import __version__  # noqa: F401

# The names loaded lazily below, as the type checker must see them: ``_API`` again, in the one
# form mypy reads (a test keeps the two equal); they are re-exports (``__all__`` is built).
if TYPE_CHECKING:
    from engine.actions.outcome import ActionOutcome  # noqa: F401
    from engine.actions.runners import ActionRunner, LiveActions, StubbedActions  # noqa: F401
    from engine.actions.stubs import Stub  # noqa: F401
    from engine.conversation.conversation_core import Conversation  # noqa: F401
    from engine.conversation.session import SessionData, load_session, save_session  # noqa: F401
    from engine.conversation.sync_conversation import SyncConversation  # noqa: F401
    from engine.conversation.turn import TurnResult  # noqa: F401
    from engine.log.events import Event, EventBus, EventType  # noqa: F401
    from engine.log.reader import LogRead, read_log  # noqa: F401
    from engine.log.writer import LogWriter, encode_event  # noqa: F401
    from engine.providers import PROVIDER_NAMES, make_provider  # noqa: F401
    from engine.providers.base import ModelReply, ModelRequest, Provider, Usage  # noqa: F401
    from engine.providers.prices import PriceTable  # noqa: F401
    from engine.scenario.definition import Scenario  # noqa: F401
    from engine.scenario.loader import load_scenario  # noqa: F401
    from engine.scenario.validate import check_folder  # noqa: F401

#: The public API besides the exception tree: each module that defines public names, and those
#: names. They are loaded when first used (PEP 562), so that importing one submodule (the
#: studio's ``engine.io.atomic``) or starting ``prompter validate`` loads neither the turn loop
#: nor the SDK. ``tests/test_public_api.py`` checks that each name is defined where this says.
_API: dict[str, tuple[str, ...]] = {
    # scenarios
    "engine.scenario.loader": ("load_scenario",),
    "engine.scenario.validate": ("check_folder",),
    "engine.scenario.definition": ("Scenario",),
    # conversations
    "engine.conversation.conversation_core": ("Conversation",),
    "engine.conversation.sync_conversation": ("SyncConversation",),
    "engine.conversation.turn": ("TurnResult",),
    "engine.conversation.session": ("SessionData", "load_session", "save_session"),
    # action steps: who answers them
    "engine.actions.runners": ("ActionRunner", "LiveActions", "StubbedActions"),
    "engine.actions.stubs": ("Stub",),
    "engine.actions.outcome": ("ActionOutcome",),
    # models and prices
    "engine.providers": ("PROVIDER_NAMES", "make_provider"),
    "engine.providers.base": ("ModelReply", "ModelRequest", "Provider", "Usage"),
    "engine.providers.prices": ("PriceTable",),
    # logs and events
    "engine.log.events": ("Event", "EventBus", "EventType"),
    "engine.log.writer": ("LogWriter", "encode_event"),
    "engine.log.reader": ("LogRead", "read_log"),
}

#: public name -> the module that defines it
_HOMES: dict[str, str] = {name: module for module, names in _API.items() for name in names}

__all__ = sorted([*_HOMES, *errors.__all__, "__version__"])


def __getattr__(name: str) -> Any:
    """Load a public name from its module the first time it is asked for (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names, and the subpackages imported so far (as for any package)."""
    loaded = {
        name
        for name, value in globals().items()
        if isinstance(value, ModuleType) and value.__name__.startswith(f"{__name__}.")
    }
    return sorted(set(__all__) | loaded)
