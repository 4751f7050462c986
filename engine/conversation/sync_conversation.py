"""A conversation for scripts, notebooks and tests: each call runs the async loop to completion.

:class:`~engine.conversation.conversation_core.Conversation` is async (the studio, the server and
the simulator run many at once); :class:`SyncConversation` wraps one with a private event loop, so
a script can call ``send`` like any function. Both classes open, resume and fork the same way,
and keep the same rule about the provider: **the provider is the caller's**. A conversation never
closes it, so one provider — one HTTP connection pool — serves any number of conversations, one
after the other or at once; close it yourself (``provider.close()``, ``await provider.aclose()``,
or ``with``/``async with`` the provider) when you are done with all of them.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.conversation.session import SessionData
from engine.conversation.turn import TurnResult
from engine.dialogue.fsm import DialogueState
from engine.dialogue.ledger import CostLedger
from engine.dialogue.vars_memory import VarsMemory
from engine.log.events import Event, EventBus
from engine.providers.base import Provider
from engine.scenario.definition import Scenario

if TYPE_CHECKING:
    from engine.conversation.conversation_core import Conversation


class SyncConversation:
    """The same conversation for scripts and notebooks: each call runs the loop to completion.

    It owns a private event loop (the providers are safe from any loop). Use it as a context
    manager, or call :meth:`close`: that ends the conversation (``session_end`` in its log) and
    its loop, never the provider.
    """

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation
        self._loop = asyncio.new_event_loop()
        # Forgotten without close(): the loop is still closed when the object goes.
        weakref.finalize(self, self._loop.close)

    @classmethod
    def open(cls, scenario: Scenario, provider: Provider, **options: Any) -> SyncConversation:
        """A new conversation; ``options`` are :class:`Conversation`'s (``model``, ``prices``…)."""
        return cls(_conversation_class()(scenario, provider, **options))

    @classmethod
    def resume(
        cls,
        source: SessionData | Path | str,
        scenario: Scenario,
        provider: Provider,
        **options: Any,
    ) -> SyncConversation:
        """Continue a session file written by :meth:`save`, or a :class:`SessionData` you hold."""
        return cls(_conversation_class().resume(source, scenario, provider, **options))

    @classmethod
    def fork(
        cls,
        source: SessionData | Iterable[Event] | Path | str,
        upto_turn: int,
        scenario: Scenario,
        provider: Provider,
        **options: Any,
    ) -> SyncConversation:
        """A new conversation that starts as ``source`` (a session, a log file or its events)
        was at the end of ``upto_turn``."""
        return cls(_conversation_class().fork(source, upto_turn, scenario, provider, **options))

    def set_variables(self, values: Mapping[str, Any]) -> None:
        """Give declared variables their values before :meth:`start` (see
        :meth:`Conversation.set_variables`)."""
        self.conversation.set_variables(values)

    def start(self) -> list[str]:
        """Enter the start step; the bot's opening messages (often none)."""
        return self._loop.run_until_complete(self.conversation.start())

    def send(self, text: str) -> TurnResult:
        """One user message; on any failure the conversation is left as it was."""
        return self._loop.run_until_complete(self.conversation.send(text))

    def save(self, path: Path | str) -> None:
        """Save the session atomically; :meth:`resume` continues it, with any provider."""
        self.conversation.save(path)

    @property
    def data(self) -> SessionData:
        """The whole state, as :meth:`resume` takes it back."""
        return self.conversation.data

    @property
    def session_id(self) -> str:
        return self.conversation.session_id

    @property
    def finished(self) -> bool:
        return self.conversation.finished

    @property
    def events(self) -> EventBus:
        return self.conversation.events

    @property
    def state(self) -> DialogueState:
        return self.conversation.state

    @property
    def vars(self) -> VarsMemory:
        return self.conversation.vars

    @property
    def ledger(self) -> CostLedger:
        return self.conversation.ledger

    def summary(self) -> dict[str, Any]:
        """Calls, tokens, cost, path and variables so far (what ``--summary-json`` writes)."""
        return self.conversation.summary()

    def close(self, reason: str = "closed") -> None:
        """End the conversation (once) and its loop. The provider stays open: it is yours."""
        if self._loop.is_closed():
            return
        try:
            self.conversation.close(reason)
        finally:
            self._loop.close()

    def __enter__(self) -> SyncConversation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _conversation_class() -> type[Conversation]:
    # Deferred: engine.conversation.conversation_core imports this module to offer it.
    from engine.conversation.conversation_core import Conversation

    return Conversation


__all__ = ["SyncConversation"]
