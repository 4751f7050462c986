"""Rollback: a turn is a transaction, put back as it was when anything fails.

The conversation's state is one :class:`~engine.conversation.session.SessionData`, copied before
the turn; on failure (a :class:`~engine.errors.ProviderError` above all, or a
:class:`~engine.errors.LimitExceeded`) the copy is put back, so the same message can simply be
sent again. Three things survive: the event sequence number (the log has no gap), the actions that
completed (sending the message again reuses their outcomes) and the calls the turn was billed for
(the budget and totals still count them). The events already emitted stay in the log, followed by
an ``error`` event that marks the turn as rolled back.
"""

from __future__ import annotations

import asyncio

from engine.conversation.conversation_base import ConversationBase
from engine.conversation.session import SessionData
from engine.errors import ProviderError
from engine.log.events import ErrorData, EventType


class Rollback(ConversationBase):
    """The part of a conversation that undoes a failed turn."""

    def _rollback(self, snapshot: SessionData, error: BaseException) -> None:
        """Put the state back as it was before the turn; keep ``seq`` so the log has no gap, the
        actions that completed, so that they are not run again, and the calls the turn was billed
        for, so the budget and the totals still count them."""
        seq, done = self.data.seq, self.data.actions_done
        snapshot.ledger.keep_rolled_back(self.data.ledger)
        self.data = snapshot
        self.data.seq, self.data.actions_done = seq, done
        if isinstance(error, KeyboardInterrupt | asyncio.CancelledError):
            # Ctrl-C (or a cancelled task): the log must not end the turn half-way.
            self._emit(
                EventType.ERROR,
                ErrorData(
                    kind="Interrupted",
                    retryable=True,
                    message="interrupted during the turn; it was rolled back",
                ),
            )
        elif isinstance(error, Exception):
            retryable = error.retryable if isinstance(error, ProviderError) else False
            self._emit(
                EventType.ERROR,
                ErrorData(kind=type(error).__name__, message=str(error), retryable=retryable),
            )


__all__ = ["Rollback"]
