"""The streaming relay: a reply's message shown while the model writes it, or taken back.

The listener handed to the provider (:func:`~engine.providers.base.streaming_to`) turns the
growing message into ``message_delta`` events; a text that does not continue what was shown (the
call was retried after its stream was cut), a reply that breaks the contract and a failed call
are taken back with one ``message_retracted`` before anything else is said, so a view never
shows two answers to one message. The contract's own words are never relayed: a last word that
could begin an echo of them waits for the next (shown when the reply stands), and a message that
repeats them is taken back at once (:mod:`engine.dialogue.echo`).
"""

from __future__ import annotations

from engine.conversation.conversation_base import ConversationBase
from engine.dialogue.echo import echoed_instructions, showable
from engine.log.events import EventType, MessageDeltaData, MessageRetractedData
from engine.providers.base import MessageListener


class StreamingRelay(ConversationBase):
    """The part of a conversation that relays a reply as it streams."""

    def _streamed(self, attempt: int) -> MessageListener:
        """The listener of one call's message as it streams: its growth as ``message_delta``
        events; a text that does not continue what was shown (the call was retried) is
        retracted first. What may be the beginning of the contract's own words is held back
        (:func:`~engine.dialogue.echo.showable`); a message that repeats them
        (:func:`~engine.dialogue.echo.echoed_instructions`) is taken back at once and streams no
        further: the reply will be corrected (``echoed_instructions``)."""
        echoed = False

        def heard(text: str) -> None:
            nonlocal echoed
            if echoed:
                return
            if echoed_instructions(text) is not None:
                echoed = True
                self._retract(attempt, "contract_violation")
                return
            if not text.startswith(self._shown):
                self._retract(attempt, "retried")
            text = showable(text)  # what may be the beginning of an echo waits
            if len(text) > len(self._shown):
                delta, self._shown = text[len(self._shown) :], text
                self._emit(EventType.MESSAGE_DELTA, MessageDeltaData(delta=delta, attempt=attempt))

        return heard

    def _show_rest(self, attempt: int, message: str) -> None:
        """The reply stands: stream what was held back of its message (a tail that could have
        begun an echo of the instructions), so the deltas add up to the message."""
        if self._shown and message.startswith(self._shown) and len(message) > len(self._shown):
            delta, self._shown = message[len(self._shown) :], message
            self._emit(EventType.MESSAGE_DELTA, MessageDeltaData(delta=delta, attempt=attempt))

    def _retract(self, attempt: int, reason: str) -> None:
        """Take back the message streamed so far, if any (``message_retracted``)."""
        if self._shown:
            self._shown = ""
            self._emit(
                EventType.MESSAGE_RETRACTED, MessageRetractedData(reason=reason, attempt=attempt)
            )


__all__ = ["StreamingRelay"]
