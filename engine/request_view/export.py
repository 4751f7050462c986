"""A logged model call as the API request it was: JSON to copy, or a command that replays it.

:func:`api_body` rebuilds the body the provider sent (``engine.providers.openai_api`` builds it
the same way from the same fields): ``POST /v1/responses`` for the Responses API (and the
scripted provider, which stands in for it), ``POST /v1/chat/completions`` for the chat
provider. ``inline_history`` replaces ``previous_response_id`` by the conversation the chain
carried (rebuilt by :mod:`engine.request_view`), so the call can be replayed after the stored
response expired, or against another server — the model reads the same prompt.

The body asks for the whole reply: ``stream`` is left out even when the call streamed (the
prompt, the reply and its cost are the same, and a replayed call reads more easily whole).

Two settings are not in the log: ``temperature`` and ``max_output_tokens`` come from the
scenario; pass them when the scenario is at hand, or the replay uses the API's default
temperature and Prompter's default cap. The cap is sent as ``cap_param`` (default: what the
provider sends to OpenAI's API, the replay command's default server; ``max_tokens`` for most
other Chat Completions servers, as :func:`engine.providers.server_formats.default_cap_param`
says).

:func:`replay_command` wraps a body in a ``curl`` command for a POSIX shell. The API key is read
from ``$OPENAI_API_KEY`` when the command runs, and the server from ``$OPENAI_BASE_URL``
(default ``https://api.openai.com/v1``): no key is ever written into it.
"""

from __future__ import annotations

import json
from typing import Any

from engine.dialogue.contract import CONVERSATION_SCHEMA_NAME, step_schema_name
from engine.providers.server_formats import DEFAULT_MAX_OUTPUT_TOKENS
from engine.request_view import CHAINING_PROVIDERS, PromptMessage, RequestView

#: Layouts whose schema is one for the whole conversation (named ``reply``).
_SHARED_SCHEMA_LAYOUTS = frozenset({"compact", "append"})
#: The heredoc delimiter of the replay command (a JSON line can never be exactly this).
_END = "PROMPTER_REQUEST"


def api_path(view: RequestView) -> str:
    """The endpoint the call went to, after the base URL."""
    return "responses" if view.provider in CHAINING_PROVIDERS else "chat/completions"


def schema_name(view: RequestView) -> str:
    layout = str(view.request.data.get("layout") or "per_step")
    if layout in _SHARED_SCHEMA_LAYOUTS:
        return CONVERSATION_SCHEMA_NAME
    return step_schema_name(view.request.step or "step")


def api_body(
    view: RequestView,
    *,
    inline_history: bool = False,
    temperature: float | None = None,
    max_output_tokens: int | None = None,
    cap_param: str | None = None,
) -> dict[str, Any]:
    """The request body of the call (see the module docstring)."""
    data = view.request.data
    cap = max_output_tokens or DEFAULT_MAX_OUTPUT_TOKENS
    schema = data.get("schema")
    new = [
        _wire(message)
        for part in view.parts
        if part.kind in ("items", "input")
        for message in part.messages
    ]
    if api_path(view) == "chat/completions":
        body: dict[str, Any] = {
            "model": data.get("model"),
            "messages": [
                {"role": "system", "content": data.get("instructions", "")},
                *(_wire(message) for message in view.history),
                *new,
            ],
        }
        if isinstance(schema, dict):
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": schema_name(view), "schema": schema, "strict": True},
            }
        _set(body, "temperature", temperature)
        body[cap_param or "max_completion_tokens"] = cap
        _set(body, "prompt_cache_key", data.get("prompt_cache_key"))
        return body
    inline = inline_history and bool(view.history)
    messages = [*(_wire(message) for message in view.history), *new] if inline else new
    body = {
        "model": data.get("model"),
        "instructions": data.get("instructions", ""),
        "input": messages if len(messages) > 1 or inline else str(data.get("input", "")),
    }
    if isinstance(schema, dict):
        body["text"] = {
            "format": {
                "type": "json_schema",
                "name": schema_name(view),
                "schema": schema,
                "strict": True,
            }
        }
    body["store"] = True
    if not inline:
        _set(body, "previous_response_id", data.get("previous_response_id"))
    _set(body, "temperature", temperature)
    body[cap_param or "max_output_tokens"] = cap
    request = view.request
    body["metadata"] = {
        "session": request.session,
        "step": request.step or "",
        "turn": str(request.turn),
    }
    _set(body, "prompt_cache_key", data.get("prompt_cache_key"))
    return body


def body_json(body: dict[str, Any]) -> str:
    return json.dumps(body, ensure_ascii=False, indent=2)


def replay_command(view: RequestView, body: dict[str, Any]) -> str:
    """A ``curl`` command that sends ``body`` again; the key comes from the environment."""
    return "\n".join(
        [
            f'curl -sS "${{OPENAI_BASE_URL:-https://api.openai.com/v1}}/{api_path(view)}" \\',
            '  -H "Authorization: Bearer $OPENAI_API_KEY" \\',
            '  -H "Content-Type: application/json" \\',
            f"  --data-binary @- <<'{_END}'",
            body_json(body),
            _END,
        ]
    )


def _wire(message: PromptMessage) -> dict[str, str]:
    return {"role": message.role, "content": message.content}


def _set(body: dict[str, Any], key: str, value: Any) -> None:
    if value is not None:
        body[key] = value


__all__ = ["api_body", "api_path", "body_json", "replay_command", "schema_name"]
