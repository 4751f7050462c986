"""Before a call is sent: how big its prompt is, and whether the scenario's limits allow it.

A call that would send more than ``model.max_prompt_tokens``, or cost more than what is left of
the conversation's ``model.max_cost_usd``, is never sent: :func:`check_limits` raises a
:class:`~engine.errors.LimitExceeded` first, and the turn loop rolls the turn back. Sizes are
estimated generously from characters (no tokenizer runs in the engine), so the limits err on
the safe side.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from engine.dialogue.ledger import CostLedger
from engine.dialogue.prompting import TranscriptEntry
from engine.errors import BudgetExceeded, PromptTooLarge
from engine.providers.base import ModelRequest
from engine.scenario.definition import ModelSettings

#: Characters per token when a prompt's size is estimated before sending it. Deliberately low
#: (real tokenizers average about four characters of English text per token, fewer on JSON), so
#: limits and the budget err on the safe side.
CHARS_PER_TOKEN = 3
#: Output tokens a call is assumed to cost, for the budget, when ``max_output_tokens`` is unset.
OUTPUT_ALLOWANCE_TOKENS = 1_000


def estimated_tokens(request: ModelRequest, chain: Sequence[TranscriptEntry] = ()) -> int:
    """What ``request`` will be billed as input, estimated generously before sending it.

    ``chain`` is what the provider's stored response chain holds (only for a provider that
    chains, and only when the request continues the chain): the service bills it again.
    """
    chars = len(request.instructions) + len(request.input)
    chars += len(json.dumps(request.schema, separators=(",", ":")))
    chars += sum(len(item.content) for item in (*request.history, *request.input_items))
    if request.previous_response_id is not None:
        chars += sum(len(entry.content) for entry in chain)
    return math.ceil(chars / CHARS_PER_TOKEN)


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


__all__ = ["CHARS_PER_TOKEN", "OUTPUT_ALLOWANCE_TOKENS", "check_limits", "estimated_tokens"]
