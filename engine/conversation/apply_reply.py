"""Applying an accepted reply: its results and variables, the step's summary, its message.

A ``null`` result means "not known", never "erase": it does not unset a variable; a missing or
empty summary keeps the step's previous one. The exchange's request and reply join the chain's
transcript. A reply given up on is replaced by the scenario's fallback text.
"""

from __future__ import annotations

from engine.conversation.conversation_base import ConversationBase
from engine.conversation.turn import Accepted, GiveUp, TurnTally
from engine.dialogue.prompting import TranscriptEntry
from engine.log.events import EventType, FallbackData, StepSummaryData, VariableChangeData


class ReplyPhase(ConversationBase):
    """The part of a conversation that applies what the model said."""

    def _apply(self, turn: TurnTally, accepted: Accepted) -> None:
        data = self.data
        step_id = self.state.step
        reply = accepted.reply
        stored = data.results.setdefault(step_id, {})
        for name, value in reply.results.items():
            if value is None:
                continue
            stored[name] = value
            if name in self.scenario.variables:
                change = self.vars.set(
                    name, value, turn=self.state.turn, step=step_id, source="model"
                )
                if change is not None:
                    self._emit(
                        EventType.VARIABLE_CHANGE,
                        VariableChangeData(
                            name=name, old=change.old, new=change.new, source="model"
                        ),
                        at=change.ts,
                    )
        if reply.summary.strip() or step_id not in data.summaries:
            data.summaries[step_id] = reply.summary
        self._emit(
            EventType.STEP_SUMMARY,
            StepSummaryData(summary=data.summaries[step_id], results=dict(stored)),
        )
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
