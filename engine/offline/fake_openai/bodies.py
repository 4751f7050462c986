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


def models_body(models: Iterable[str]) -> dict[str, Any]:
    """``GET /v1/models``: the one model list clients use as a connection check."""
    created = int(time.time())
    data = [
        {"id": name, "object": "model", "created": created, "owned_by": "system"} for name in models
    ]
    return {"object": "list", "data": data}


__all__ = ["TokenUse", "chat_body", "models_body", "new_id", "responses_body"]
