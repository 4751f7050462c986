"""Before a call is sent: how big its prompt is, and whether the scenario's limits allow it.

A call that would send more than ``model.max_prompt_tokens``, or cost more than what is left of
the conversation's ``model.max_cost_usd``, is never sent: :func:`check_limits` raises a
:class:`~engine.errors.LimitExceeded` first, and the turn loop rolls the turn back. Sizes are
counted with the model's own tokenizer (:mod:`engine.providers.tokens`, the engine's one token
count); the cost is priced as if nothing were cached and the output as long as allowed, so the
budget errs on the safe side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.dialogue.ledger import CostLedger
from engine.dialogue.prompting import TranscriptEntry
from engine.errors import BudgetExceeded, PromptTooLarge
from engine.providers.base import ModelRequest
from engine.providers.tokens import request_tokens
from engine.scenario.definition import ModelSettings

#: Output tokens a call is assumed to cost, for the budget, when ``max_output_tokens`` is unset.
OUTPUT_ALLOWANCE_TOKENS = 1_000


def estimated_tokens(request: ModelRequest, chain: Sequence[TranscriptEntry] = ()) -> int:
    """What ``request`` will be billed as input, counted before sending it.

    ``chain`` is what the provider's stored response chain holds (only for a provider that
    chains, and only when the request continues the chain): the service bills it again.
    """
    context = [entry.content for entry in chain] if request.previous_response_id else []
    return request_tokens(request, context)


def check_limits(
    request: ModelRequest, tokens: int, settings: ModelSettings, ledger: CostLedger
) -> None:
    """Refuse to send a request of about ``tokens`` input tokens over
    ``model.max_prompt_tokens`` or the conversation's budget ``model.max_cost_usd``
    (:class:`~engine.errors.LimitExceeded`)."""
    if tokens > settings.max_prompt_tokens:
        raise PromptTooLarge(
            f"the next model call would send about {tokens:,} tokens, more than this "
            f"scenario's limit of {settings.max_prompt_tokens:,} (model.max_prompt_tokens); "
            "send a shorter message, or raise the limit",
            limit=settings.max_prompt_tokens,
            needed=tokens,
        )
    if settings.max_cost_usd is None:
        return
    price = ledger.prices.price(request.model)
    spent = ledger.totals().cost_usd
    if price is None:
        raise BudgetExceeded(
            f"this conversation has a budget (model.max_cost_usd = ${settings.max_cost_usd:g})"
            f" but the model {request.model!r} has no price in the price table, so its cost "
            "cannot be kept under it; add the model to prices.yaml",
            limit=settings.max_cost_usd,
            needed=math.inf,
        )
    output = request.max_output_tokens or OUTPUT_ALLOWANCE_TOKENS
    estimate = (tokens * price.input + output * price.output) / 1_000_000
    if spent + estimate > settings.max_cost_usd:
        raise BudgetExceeded(
            f"the next model call could cost up to ${estimate:.4f}, and this conversation "
            f"has already spent ${spent:.4f} of its ${settings.max_cost_usd:g} budget "
            "(model.max_cost_usd); the call was not sent",
            limit=settings.max_cost_usd,
            needed=spent + estimate,
        )


__all__ = ["OUTPUT_ALLOWANCE_TOKENS", "check_limits", "estimated_tokens"]
