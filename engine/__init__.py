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

from engine.version import __version__

if TYPE_CHECKING:
    from engine.actions.outcome import ActionOutcome
    from engine.actions.runners import ActionRunner, LiveActions, StubbedActions
    from engine.actions.stubs import Stub
    from engine.conversation.conversation_core import Conversation
    from engine.conversation.session import SessionData, load_session, save_session
    from engine.conversation.sync_conversation import SyncConversation
    from engine.conversation.turn import TurnResult
    from engine.dialogue.ledger import PriceTable
    from engine.errors import (
        BudgetExceeded,
        ContractViolation,
        DiagramError,
        LimitExceeded,
        PatternTooSlow,
        PrompterError,
        PromptTooLarge,
        ProviderAuthError,
        ProviderConnectionError,
        ProviderError,
        ProviderRateLimited,
        ProviderRequestError,
        ProviderServerError,
        ProviderTimeout,
        ScenarioError,
        ScenarioErrors,
        SessionError,
        SourceLocation,
        TransitionRefused,
        UnreadableFile,
    )
    from engine.log.events import Event, EventBus, EventType
    from engine.log.reader import LogRead, read_log
    from engine.log.writer import LogWriter, encode_event
    from engine.providers import PROVIDER_NAMES, make_provider
    from engine.providers.base import ModelReply, ModelRequest, Provider, Usage
    from engine.scenario.definition import Scenario
    from engine.scenario.loader import load_scenario
    from engine.scenario.validate import check_folder

#: public name -> the module that defines it
_HOMES: dict[str, str] = {
    # scenarios
    "load_scenario": "engine.scenario.loader",
    "check_folder": "engine.scenario.validate",
    "Scenario": "engine.scenario.definition",
    # conversations
    "Conversation": "engine.conversation.conversation_core",
    "SyncConversation": "engine.conversation.sync_conversation",
    "TurnResult": "engine.conversation.turn",
    "SessionData": "engine.conversation.session",
    "load_session": "engine.conversation.session",
    "save_session": "engine.conversation.session",
    # action steps: who answers them
    "ActionRunner": "engine.actions.runners",
    "LiveActions": "engine.actions.runners",
    "StubbedActions": "engine.actions.runners",
    "Stub": "engine.actions.stubs",
    "ActionOutcome": "engine.actions.outcome",
    # models
    "make_provider": "engine.providers",
    "PROVIDER_NAMES": "engine.providers",
    "Provider": "engine.providers.base",
    "ModelRequest": "engine.providers.base",
    "ModelReply": "engine.providers.base",
    "Usage": "engine.providers.base",
    "PriceTable": "engine.dialogue.ledger",
    # logs and events
    "Event": "engine.log.events",
    "EventBus": "engine.log.events",
    "EventType": "engine.log.events",
    "LogWriter": "engine.log.writer",
    "encode_event": "engine.log.writer",
    "LogRead": "engine.log.reader",
    "read_log": "engine.log.reader",
    # the exception tree
    **dict.fromkeys(
        (
            "PrompterError",
            "SourceLocation",
            "ScenarioError",
            "ScenarioErrors",
            "UnreadableFile",
            "PatternTooSlow",
            "ContractViolation",
            "TransitionRefused",
            "ProviderError",
            "ProviderAuthError",
            "ProviderRateLimited",
            "ProviderTimeout",
            "ProviderConnectionError",
            "ProviderServerError",
            "ProviderRequestError",
            "LimitExceeded",
            "PromptTooLarge",
            "BudgetExceeded",
            "SessionError",
            "DiagramError",
        ),
        "engine.errors",
    ),
}

__all__ = [
    "PROVIDER_NAMES",
    "ActionOutcome",
    "ActionRunner",
    "BudgetExceeded",
    "ContractViolation",
    "Conversation",
    "DiagramError",
    "Event",
    "EventBus",
    "EventType",
    "LimitExceeded",
    "LiveActions",
    "LogRead",
    "LogWriter",
    "ModelReply",
    "ModelRequest",
    "PatternTooSlow",
    "PriceTable",
    "PromptTooLarge",
    "PrompterError",
    "Provider",
    "ProviderAuthError",
    "ProviderConnectionError",
    "ProviderError",
    "ProviderRateLimited",
    "ProviderRequestError",
    "ProviderServerError",
    "ProviderTimeout",
    "Scenario",
    "ScenarioError",
    "ScenarioErrors",
    "SessionData",
    "SessionError",
    "SourceLocation",
    "Stub",
    "StubbedActions",
    "SyncConversation",
    "TransitionRefused",
    "TurnResult",
    "UnreadableFile",
    "Usage",
    "__version__",
    "check_folder",
    "encode_event",
    "load_scenario",
    "load_session",
    "make_provider",
    "read_log",
    "save_session",
]


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
