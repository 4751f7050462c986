"""A conversation for scripts, notebooks and tests: each call runs the async loop to completion.

:class:`~engine.conversation.conversation_core.Conversation` is async (the studio and the simulator
run many at once); :class:`SyncConversation` wraps one with a private event loop, so a script can
call ``send`` like any function. ``engine.conversation.conversation_core`` offers it under its own
name too.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.conversation.turn import TurnResult
from engine.dialogue.fsm import DialogueState
from engine.dialogue.ledger import CostLedger
from engine.dialogue.vars_memory import VarsMemory
from engine.log.events import EventBus
from engine.providers.base import Provider
from engine.scenario.definition import Scenario

if TYPE_CHECKING:
    from engine.conversation.conversation_core import Conversation


class SyncConversation:
    """The same conversation for scripts and notebooks: each call runs the loop to completion.

    It owns a private event loop, so the provider's HTTP client stays on one loop for the whole
    conversation. Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation
        self._loop = asyncio.new_event_loop()

    @classmethod
    def open(cls, scenario: Scenario, provider: Provider, **options: Any) -> SyncConversation:
        # Deferred: engine.conversation.conversation_core imports this module to offer
        # SyncConversation.
        from engine.conversation.conversation_core import Conversation

        return cls(Conversation(scenario, provider, **options))

    def start(self) -> list[str]:
        return self._loop.run_until_complete(self.conversation.start())

    def send(self, text: str) -> TurnResult:
        return self._loop.run_until_complete(self.conversation.send(text))

    def save(self, path: Path | str) -> None:
        self.conversation.save(path)

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

    def close(self, reason: str = "closed") -> None:
        if self._loop.is_closed():
            return
        try:
            self.conversation.close(reason)
            self._loop.run_until_complete(self.conversation.provider.aclose())
        finally:
            self._loop.close()

    def __enter__(self) -> SyncConversation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["SyncConversation"]
