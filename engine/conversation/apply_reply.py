"""Applying an accepted reply: its results and variables, the step's summary, its message.

A ``null`` result means "not known", never "erase": it does not unset a variable; a missing or
empty summary keeps the step's previous one. The exchange's request and reply join the chain's
transcript. A reply given up on is replaced by the scenario's fallback text.
"""

from __future__ import annotations

from engine.conversation.conversation_base import ConversationBase
from engine.conversation.turn import Accepted, GiveUp, TurnTally
from engine.dialogue.prompting import TranscriptEntry
from engine.log.events import EventType, FallbackData


class ReplyPhase(ConversationBase):
    """The part of a conversation that applies what the model said."""

    def _apply(self, turn: TurnTally, accepted: Accepted) -> None:
        data = self.data
        step_id = self.state.step
        reply = accepted.reply
        known = {name: value for name, value in reply.results.items() if value is not None}
        keeps_summary = not reply.summary.strip() and step_id in data.summaries
        summary = data.summaries[step_id] if keeps_summary else reply.summary
        self._apply_results(step_id, known, source="model", summary=summary)
        self._enter_chain(accepted)
        if accepted.raw.response_id is not None:
            data.last_response_id = accepted.raw.response_id
        self._say(turn, reply.message, "model")

    def _enter_chain(self, accepted: Accepted) -> None:
        """Record what the accepted exchange added to the chain: its items, input and reply."""
        data = self.data
        request = accepted.request
        step_id, visit = self.state.step, len(self.state.visited) - 1
        if accepted.new_chain:
            data.chain_start = len(data.transcript)
        if request is not None:
            for item in request.input_items:
                data.transcript.append(TranscriptEntry(step_id, visit, item.role, item.content))
            data.transcript.append(TranscriptEntry(step_id, visit, "user", request.input))
        data.transcript.append(TranscriptEntry(step_id, visit, "assistant", accepted.raw.text))

    def _fall_back(self, turn: TurnTally, outcome: GiveUp) -> None:
        turn.fallback = True
        text = self.scenario.fallback_text
        reason = f"{outcome.violation.kind}: {outcome.violation.detail}"
        self._emit(EventType.FALLBACK, FallbackData(reason=reason, text=text))
        self._say(turn, text, "fallback")


__all__ = ["ReplyPhase"]
