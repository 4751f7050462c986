"""One exchange with the model: build the request, call, judge, and correct until accepted.

:meth:`ExchangePhase._exchange` returns :class:`~engine.conversation.turn.Accepted` or
:class:`~engine.conversation.turn.GiveUp` (after ``contract.max_attempts`` calls); each call is
logged and priced (:meth:`ExchangePhase._call`), checked against the size and cost limits before
it is sent (:mod:`engine.conversation.budget`), and relayed while it streams
(:mod:`engine.conversation.streaming_relay`). Under ``layout: auto`` a new chain's layout is
chosen here, from what the service was seen to cache (:mod:`engine.dialogue.layout_choice`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.conversation.budget import check_limits, estimated_tokens
from engine.conversation.call_events import request_data, response_data
from engine.conversation.judge import judge
from engine.conversation.streaming_relay import StreamingRelay
from engine.conversation.turn import Accepted, GiveUp, TurnTally
from engine.conversation.turn_requests import (
    chain_carries_this_visit,
    correction_request,
    layout_in_force,
    step_prompt,
    step_request,
)
from engine.dialogue.layout_choice import (
    cacheable_tokens,
    choose_layout,
    evidence_for,
    scenario_sizes,
)
from engine.dialogue.prompting import Prompt
from engine.log.events import ContractViolationData, CorrectionSentData, EventType
from engine.providers.base import ModelReply, ModelRequest, Purpose, streaming_to
from engine.scenario.definition import PromptLayout, Step


class ExchangePhase(StreamingRelay):
    """The part of a conversation that talks to the model."""

    async def _exchange(self, turn: TurnTally, purpose: Purpose, text: str) -> Accepted | GiveUp:
        """Build request → call → judge, and correct until accepted or out of attempts."""
        step = self.step
        offered = self._offered()
        first, new_chain = self._build_request(step, purpose, text, offered)
        request = first
        attempts = self.scenario.contract.max_attempts
        attempt = 1
        while True:
            raw = await self._call(turn, request, attempt, new_chain=new_chain and attempt == 1)
            verdict = judge(
                raw, step, offered, scenario=self.scenario, fsm=self.fsm, data=self.data
            )
            if isinstance(verdict, Accepted):
                self._shown = ""  # the reply stands: its bot_message says what was said
                for slip in verdict.reply.salvaged:
                    turn.salvaged.append(slip.kind)
                    self._emit(
                        EventType.CONTRACT_VIOLATION,
                        ContractViolationData(
                            kind=slip.kind,
                            attempt=attempt,
                            detail=f"{slip.detail}; accepted without a correction",
                            salvaged=True,
                        ),
                    )
                return replace(verdict, request=first, new_chain=new_chain)
            issue = verdict.violation
            turn.violations.append(issue.kind)
            self._retract(attempt, "contract_violation")
            self._emit(
                EventType.CONTRACT_VIOLATION,
                ContractViolationData(
                    kind=issue.kind, detail=issue.detail, attempt=attempt, salvaged=False
                ),
            )
            if attempt >= attempts:
                return GiveUp(issue)
            attempt += 1
            turn.corrections += 1
            self._emit(
                EventType.CORRECTION_SENT,
                CorrectionSentData(text=issue.correction, attempt=attempt),
            )
            request = correction_request(request, raw, issue, chains=self.provider.chains)
            self._check_limits(request)

    def _build_request(
        self, step: Step, purpose: Purpose, text: str, offered: list[str]
    ) -> tuple[ModelRequest, bool]:
        """Phase 1: the request for ``text`` in ``step``, laid out as ``model.layout`` says.

        Returns the request and whether it starts a new response chain.
        """
        settings = self.scenario.model
        if settings.layout is PromptLayout.AUTO and not chain_carries_this_visit(self.data):
            self._choose_layout()
        prompt = step_prompt(self.scenario, self.data, step, offered, restart=False)
        request = self._request(prompt, purpose, text)
        if (
            settings.layout is PromptLayout.APPEND
            and not prompt.new_chain
            and self._estimated_tokens(request) > settings.max_prompt_tokens
        ):
            # The conversation outgrew the limit: restart the chain from the summaries.
            prompt = step_prompt(self.scenario, self.data, step, offered, restart=True)
            request = self._request(prompt, purpose, text)
        self._unfilled = list(prompt.unfilled)
        self._check_limits(request)
        return request, prompt.new_chain

    def _request(self, prompt: Prompt, purpose: Purpose, text: str) -> ModelRequest:
        return step_request(
            self.scenario,
            self.data,
            prompt,
            purpose,
            text,
            model=self.model,
            chains=self.provider.chains,
        )

    async def _call(
        self, turn: TurnTally, request: ModelRequest, attempt: int, *, new_chain: bool = False
    ) -> ModelReply:
        """Phase 2: one model call, logged and priced. A ProviderError propagates untouched.

        ``new_chain``: the request starts a new response chain (logged, so that a session
        rebuilt from the log knows where its chain starts).
        """
        sent = request_data(
            request,
            attempt,
            layout=layout_in_force(self.scenario, self.data),
            new_chain=new_chain,
            unfilled=self._unfilled,
        )
        if self._layout_choice is not None:
            sent["layout_reason"] = self._layout_choice.reason
        self._emit(EventType.MODEL_REQUEST, sent)
        began = self.clock()
        try:
            with streaming_to(self._streamed(attempt) if self.stream else None):
                reply = await self.provider.complete(request)
        except BaseException:
            self._retract(attempt, "failed")
            raise
        finally:
            turn.model_s += self.clock() - began
        elapsed = self.clock() - began
        record = self.ledger.record(
            purpose=request.purpose,
            turn=self.state.turn,
            model=reply.model or request.model,
            latency_s=elapsed,
            usage=reply.usage,
            response_id=reply.response_id,
            synthetic=reply.synthetic,
        )
        turn.calls += 1
        if self._layout_choice is not None:
            self._observe_cache(request, reply, new_chain=new_chain)
        self._emit(
            EventType.MODEL_RESPONSE,
            response_data(
                request,
                reply,
                attempt,
                record,
                elapsed_s=elapsed,
                max_reply_chars=self.scenario.model.max_reply_chars,
            ),
        )
        return reply

    def _choose_layout(self) -> None:
        """A new chain starts under ``auto``: choose its layout from what is known now."""
        evidence = evidence_for(self.provider, self.model)
        if self._layout_sizes is None:  # counted once: the scenario does not change under us
            self._layout_sizes = scenario_sizes(self.scenario, self.model)
        self._layout_choice = choose_layout(
            self.scenario,
            self.model,
            self.prices,
            evidence,
            sizes=self._layout_sizes,
            provider=self.provider.name,
        )
        self.data.layout = self._layout_choice.layout.value
        self.data.padded = self._layout_choice.padded

    def _observe_cache(self, request: ModelRequest, reply: ModelReply, *, new_chain: bool) -> None:
        """Tell the evidence how much the service cached of what it could have."""
        choice = self._layout_choice
        assert choice is not None
        cacheable = 0
        if not new_chain and len(self.ledger.calls) >= 2:  # the previous prompt is a prefix
            cacheable = cacheable_tokens(self.ledger.calls[-2].usage.input_tokens, choice.rules)
        elif new_chain and choice.layout is PromptLayout.COMPACT and self._prefix_sent:
            cacheable = cacheable_tokens(choice.prefix_tokens, choice.rules)
        if new_chain and choice.layout is PromptLayout.COMPACT:
            self._prefix_sent = True
        evidence_for(self.provider, self.model).add(cacheable, reply.usage.cached_tokens)

    def _estimated_tokens(self, request: ModelRequest) -> int:
        return estimated_tokens(request, self.data.chain if self.provider.chains else ())

    def _check_limits(self, request: ModelRequest) -> None:
        check_limits(request, self._estimated_tokens(request), self.scenario.model, self.ledger)


__all__ = ["ExchangePhase"]
