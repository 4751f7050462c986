"""The bodies the fake sends back, field for field as the real service sends them.

The ``openai`` SDK parses them into its own types, so a field missing or of the wrong type here
would fail in the client exactly as an unexpected change of the service would.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.offline.fake_openai.requests import FakeRequest


def new_id(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex}"


@dataclass(frozen=True)
class TokenUse:
    input_tokens: int
    cached_tokens: int
    output_tokens: int

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens


def responses_body(
    request: FakeRequest,
    text: str,
    refusal: str | None,
    incomplete: str | None,
    usage: TokenUse,
) -> dict[str, Any]:
    if refusal is not None:
        part: dict[str, Any] = {"type": "refusal", "refusal": refusal}
    else:
        part = {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
    status = "incomplete" if incomplete else "completed"
    text_format: dict[str, Any] = {"type": request.format_type}
    if request.format_type == "json_schema":
        text_format.update(
            name=request.schema_name, schema=request.schema, strict=True, description=None
        )
    now = time.time()
    return {
        "id": new_id("resp_"),
        "object": "response",
        "created_at": int(now),
        "completed_at": None if incomplete else int(now),
        "status": status,
        "error": None,
        "incomplete_details": {"reason": incomplete} if incomplete else None,
        "instructions": request.instructions or None,
        "max_output_tokens": request.max_output_tokens,
        "model": request.model,
        "output": [
            {
                "id": new_id("msg_"),
                "type": "message",
                "status": status,
                "role": "assistant",
                "content": [part],
            }
        ],
        "parallel_tool_calls": True,
        "previous_response_id": request.previous_response_id,
        "reasoning": {"effort": None, "summary": None},
        "store": request.body.get("store", True) is not False,
        "temperature": request.temperature if request.temperature is not None else 1.0,
        "text": {"format": text_format},
        "tool_choice": "auto",
        "tools": [],
        "top_p": 1.0,
        "truncation": "disabled",
        "usage": {
            "input_tokens": usage.input_tokens,
            "input_tokens_details": {"cached_tokens": usage.cached_tokens, "cache_write_tokens": 0},
            "output_tokens": usage.output_tokens,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": usage.total,
        },
        "user": None,
        "metadata": request.body.get("metadata") or {},
    }


def chat_body(
    request: FakeRequest,
    text: str,
    refusal: str | None,
    incomplete: str | None,
    usage: TokenUse,
) -> dict[str, Any]:
    finish_reason = {None: "stop", "max_output_tokens": "length"}.get(incomplete, "content_filter")
    return {
        "id": new_id("chatcmpl-"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.model,
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": None if refusal is not None else text,
                    "refusal": refusal,
                    "annotations": [],
                },
                "logprobs": None,
                "finish_reason": finish_reason,
            }
        ],
        "usage": {
            "prompt_tokens": usage.input_tokens,
            "completion_tokens": usage.output_tokens,
            "total_tokens": usage.total,
            "prompt_tokens_details": {"cached_tokens": usage.cached_tokens, "audio_tokens": 0},
            "completion_tokens_details": {
                "reasoning_tokens": 0,
                "audio_tokens": 0,
                "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            },
        },
        "service_tier": "default",
        "system_fingerprint": "fp_fake",
    }


def responses_events(body: dict[str, Any], pieces: list[str]) -> list[dict[str, Any]]:
    """The events of a streamed Responses call whose final body is ``body``, its text in
    ``pieces``, as the service sends them (each with its ``sequence_number``)."""
    item = body["output"][0]
    part = item["content"][0]
    refused = part["type"] == "refusal"
    started = {**body, "status": "in_progress", "output": [], "usage": None}
    started["completed_at"] = started["incomplete_details"] = None
    common = {"item_id": item["id"], "output_index": 0, "content_index": 0}
    empty = {"type": "refusal", "refusal": ""} if refused else {**part, "text": ""}
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": started},
        {"type": "response.in_progress", "response": started},
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "item": {**item, "status": "in_progress", "content": []},
        },
        {"type": "response.content_part.added", **common, "part": empty},
    ]
    delta = "response.refusal.delta" if refused else "response.output_text.delta"
    for piece in pieces:
        extra: dict[str, Any] = {} if refused else {"logprobs": []}
        events.append({"type": delta, **common, "delta": piece, **extra})
    if refused:
        events.append({"type": "response.refusal.done", **common, "refusal": part["refusal"]})
    else:
        events.append(
            {"type": "response.output_text.done", **common, "text": part["text"], "logprobs": []}
        )
    events += [
        {"type": "response.content_part.done", **common, "part": part},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {
            "type": "response.incomplete"
            if body["status"] == "incomplete"
            else "response.completed",
            "response": body,
        },
    ]
    return [{**event, "sequence_number": number} for number, event in enumerate(events)]


def chat_chunks(
    body: dict[str, Any], pieces: list[str], *, include_usage: bool
) -> list[dict[str, Any]]:
    """The chunks of a streamed Chat Completions call whose final body is ``body``: the role,
    one chunk per piece of text, the finish reason, then the usage chunk when asked for
    (``stream_options.include_usage``). ``data: [DONE]`` follows them on the wire."""
    choice = body["choices"][0]
    refused = choice["message"]["refusal"] is not None
    head = {
        "id": body["id"],
        "object": "chat.completion.chunk",
        "created": body["created"],
        "model": body["model"],
        "service_tier": body["service_tier"],
        "system_fingerprint": body["system_fingerprint"],
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            **head,
            "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
            **({"usage": None} if include_usage else {}),
        }

    field = "refusal" if refused else "content"
    chunks = [chunk({"role": "assistant", "content": "", "refusal": None})]
    chunks += [chunk({field: piece}) for piece in pieces]
    chunks.append(chunk({}, choice["finish_reason"]))
    if include_usage:
        chunks.append({**head, "choices": [], "usage": body["usage"]})
    return chunks


def models_body(models: Iterable[str]) -> dict[str, Any]:
    """``GET /v1/models``: the one model list clients use as a connection check."""
    created = int(time.time())
    data = [
        {"id": name, "object": "model", "created": created, "owned_by": "system"} for name in models
    ]
    return {"object": "list", "data": data}


__all__ = [
    "TokenUse",
    "chat_body",
    "chat_chunks",
    "models_body",
    "new_id",
    "responses_body",
    "responses_events",
]
