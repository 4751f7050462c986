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
from engine.providers.base import ModelRequest, endpoint_of, makes_replies_up
from engine.providers.prices import user_price_path
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
    request: ModelRequest,
    tokens: int,
    settings: ModelSettings,
    ledger: CostLedger,
    provider: object = None,
) -> None:
    """Refuse to send a request of about ``tokens`` input tokens over
    ``model.max_prompt_tokens`` or the conversation's budget ``model.max_cost_usd``
    (:class:`~engine.errors.LimitExceeded`).

    The budget prices the call as ``provider``'s endpoint sells the model
    (:func:`~engine.providers.base.endpoint_of`). A provider whose replies no model makes needs
    no price; any other with no price for the model there cannot be held to a budget, and is
    refused, saying so: an unknown price is not $0.
    """
    if tokens > settings.max_prompt_tokens:
        raise PromptTooLarge(
            f"the next model call would send about {tokens:,} tokens, more than this "
            f"scenario's limit of {settings.max_prompt_tokens:,} (model.max_prompt_tokens); "
            "send a shorter message, or raise the limit",
            limit=settings.max_prompt_tokens,
            needed=tokens,
        )
    if settings.max_cost_usd is None or makes_replies_up(provider):
        return
    endpoint = endpoint_of(provider)
    model = getattr(provider, "model", None) or request.model
    price = ledger.prices.price(model, endpoint)
    spent = ledger.totals().cost_usd
    budget = f"this conversation has a budget (model.max_cost_usd = ${settings.max_cost_usd:g})"
    if price is None:
        where = f"at {endpoint}" if endpoint else "where it is called"
        raise BudgetExceeded(
            f"{budget} but the model {model!r} has no price {where}, so its cost cannot be "
            f"kept under it: the call was not sent. Add its price to {user_price_path()} "
            "(docs/providers.md, Prices), or remove the budget",
            limit=settings.max_cost_usd,
            needed=math.inf,
        )
    if spent is None:
        raise BudgetExceeded(
            f"{budget} but the price of some of its calls is unknown, so what it has spent "
            "cannot be kept under it: the call was not sent",
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
