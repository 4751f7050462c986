"""What the log says of one model call: the ``model_request`` and ``model_response`` payloads.

The turn loop emits them around every call (:mod:`engine.conversation.conversation_core`); a session
rebuilt from the log (:mod:`engine.conversation.session`) and the request inspector
(:mod:`engine.request_view`) read them back, so what goes into them is decided here, once: the
request as sent (its input items, whether it starts a new chain, the placeholders left unfilled),
and the reply as received, cut to ``model.max_reply_chars`` and safe to write as UTF-8.
"""

from __future__ import annotations

from engine.dialogue.ledger import CallRecord
from engine.log.events import InputItemData, ModelRequestData, ModelResponseData, UsageData
from engine.providers.base import ModelReply, ModelRequest, Usage
from engine.scenario.definition import PromptLayout


def request_data(
    request: ModelRequest,
    attempt: int,
    *,
    layout: PromptLayout,
    new_chain: bool = False,
    unfilled: list[str] | None = None,
) -> ModelRequestData:
    """The ``model_request`` payload of ``request``, the ``attempt``-th call of its exchange.

    ``new_chain``: the request starts a new response chain (logged, so that a session rebuilt
    from the log knows where its chain starts).
    """
    sent = ModelRequestData(
        purpose=request.purpose,
        attempt=attempt,
        model=request.model,
        instructions=request.instructions,
        input=request.input,
        schema=request.schema,
        previous_response_id=request.previous_response_id,
        history_messages=len(request.history),
        layout=layout.value,
        prompt_cache_key=request.prompt_cache_key,
    )
    if request.input_items:
        sent["input_items"] = [
            InputItemData(role=item.role, content=item.content) for item in request.input_items
        ]
    if new_chain:
        sent["new_chain"] = True
    if unfilled:
        sent["unfilled_placeholders"] = unfilled
    return sent


def response_data(
    request: ModelRequest,
    reply: ModelReply,
    attempt: int,
    record: CallRecord,
    *,
    elapsed_s: float,
    max_reply_chars: int,
) -> ModelResponseData:
    """The ``model_response`` payload of ``reply``, priced in ``record``."""
    sent = ModelResponseData(
        purpose=request.purpose,
        attempt=attempt,
        model=record.model,
        response_id=reply.response_id,
        raw_text=loggable(reply.text, max_reply_chars),
        status=reply.status,
        incomplete_reason=reply.incomplete_reason,
        refusal=reply.refusal,
        usage=usage_data(reply.usage),
        latency_ms=round(elapsed_s * 1000, 3),
        cost_usd=record.cost_usd,
    )
    if record.synthetic:
        sent["synthetic"] = record.synthetic
    return sent


def loggable(text: str, limit: int) -> str:
    """``text`` as a log line should hold it: a lone surrogate written as ``\\udXXX``, and a
    reply over the size limit (refused, never fed back) cut to the limit with a note."""
    if len(text) > limit:
        text = f"{text[:limit]}… [{len(text) - limit:,} more characters not logged]"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def usage_data(usage: Usage) -> UsageData:
    data = UsageData(
        input_tokens=usage.input_tokens,
        cached_tokens=usage.cached_tokens,
        output_tokens=usage.output_tokens,
    )
    if usage.cache_write_tokens:  # only then: logs of providers that write none are unchanged
        data["cache_write_tokens"] = usage.cache_write_tokens
        data["cache_write_1h_tokens"] = usage.cache_write_1h_tokens
    return data


__all__ = ["loggable", "request_data", "response_data", "usage_data"]
