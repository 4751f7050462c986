"""The streaming relay: a reply's message shown while the model writes it, or taken back.

The listener handed to the provider (:func:`~engine.providers.base.streaming_to`) turns the
growing message into ``message_delta`` events; a text that does not continue what was shown (the
call was retried after its stream was cut), a reply that breaks the contract and a failed call
are taken back with one ``message_retracted`` before anything else is said, so a view never
shows two answers to one message.
"""

from __future__ import annotations

from engine.conversation.conversation_base import ConversationBase
from engine.log.events import EventType, MessageDeltaData, MessageRetractedData
from engine.providers.base import MessageListener


class StreamingRelay(ConversationBase):
    """The part of a conversation that relays a reply as it streams."""

    def _streamed(self, attempt: int) -> MessageListener:
        """The listener of one call's message as it streams: its growth as ``message_delta``
        events; a text that does not continue what was shown (the call was retried) is
        retracted first."""

        def heard(text: str) -> None:
            if not text.startswith(self._shown):
                self._retract(attempt, "retried")
            if len(text) > len(self._shown):
                delta, self._shown = text[len(self._shown) :], text
                self._emit(EventType.MESSAGE_DELTA, MessageDeltaData(delta=delta, attempt=attempt))

        return heard

    def _retract(self, attempt: int, reason: str) -> None:
        """Take back the message streamed so far, if any (``message_retracted``)."""
        if self._shown:
            self._shown = ""
            self._emit(
                EventType.MESSAGE_RETRACTED, MessageRetractedData(reason=reason, attempt=attempt)
            )


__all__ = ["StreamingRelay"]
