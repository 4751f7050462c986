"""What the fake model sees: the request, read from either API's body as the service reads it.

Both APIs are read into one :class:`FakeRequest`, so a responder answers either the same way.
Reading is strict where OpenAI is (a missing model, a bad ``text.format`` or
``response_format``, a strict JSON schema the service would refuse: all 400s with OpenAI's
wording), so a bad request fails in tests rather than on the first paid call.
:class:`RecordedRequest` is what the server keeps of every request, for tests to read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from engine.offline.fake_openai.answers import Answer, ServiceError


@dataclass(frozen=True)
class FakeMessage:
    """One message of a request's context as the fake model sees it."""

    role: str
    content: str


@dataclass(frozen=True)
class FakeRequest:
    """One model call as the responder sees it, whichever API it came through.

    ``instructions`` is the system text of *this* call (Responses: ``instructions``; chat: the
    system/developer messages). ``messages`` is the conversation the model sees besides the
    instructions: the stored chain or the sent history, ending with this call's input.
    ``input_text`` is the new user-side text of this call. ``anthropic`` and ``gemini``: the
    fakes of those APIs (:mod:`engine.offline.fake_anthropic`, :mod:`.fake_gemini`) read their
    bodies into the same shape, so one responder answers every API.
    """

    api: Literal["responses", "chat", "anthropic", "gemini"]
    model: str
    instructions: str
    input_text: str
    messages: tuple[FakeMessage, ...]
    schema: dict[str, Any] | None
    schema_name: str | None
    format_type: Literal["json_schema", "json_object", "text"]
    previous_response_id: str | None
    max_output_tokens: int | None
    temperature: float | None
    body: dict[str, Any]
    #: The request's ``prompt_cache_key`` (the fake keeps one prompt cache per key).
    prompt_cache_key: str | None = None


@dataclass(frozen=True)
class RecordedRequest:
    """What reached the server (body, headers with the key redacted) and what it answered."""

    method: str
    path: str
    body: dict[str, Any] | None
    headers: dict[str, str]
    #: ``time.monotonic()`` when the request was read: tests measure retry waits with it.
    at: float
    #: The status answered (None: the connection was dropped) and the body sent with it.
    status: int | None
    answer: Any


Responder: TypeAlias = Callable[[FakeRequest], Answer]


@dataclass
class Format:
    type: Literal["json_schema", "json_object", "text"] = "text"
    schema: dict[str, Any] | None = None
    name: str | None = None


def require_model(body: dict[str, Any]) -> str:
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise ServiceError(400, "Missing required parameter: 'model'.", param="model")
    return model


def responses_request(
    body: dict[str, Any], context: tuple[FakeMessage, ...], *, strict_supported: bool
) -> FakeRequest:
    """A ``/v1/responses`` body as the model sees it, continuing the stored ``context``."""
    model = require_model(body)
    previous_id = body.get("previous_response_id")
    text_config = body.get("text") or {}
    fmt = read_format(
        text_config.get("format"), param="text.format", strict_supported=strict_supported
    )
    inputs = input_messages(body.get("input"))
    return FakeRequest(
        api="responses",
        model=model,
        instructions=str(body.get("instructions") or ""),
        input_text="\n".join(m.content for m in inputs if m.role == "user"),
        messages=(*context, *inputs),
        schema=fmt.schema,
        schema_name=fmt.name,
        format_type=fmt.type,
        previous_response_id=previous_id,
        max_output_tokens=body.get("max_output_tokens"),
        temperature=body.get("temperature"),
        body=body,
        prompt_cache_key=cache_key(body),
    )


def chat_request(body: dict[str, Any], *, strict_supported: bool) -> FakeRequest:
    """A ``/v1/chat/completions`` body as the model sees it: the caller sent the history."""
    model = require_model(body)
    raw_messages = body.get("messages")
    if not isinstance(raw_messages, list) or not raw_messages:
        raise ServiceError(400, "Missing required parameter: 'messages'.", param="messages")
    messages = [
        FakeMessage(str(m.get("role")), content_text(m.get("content")))
        for m in raw_messages
        if isinstance(m, dict)
    ]
    # The leading system messages are the instructions; a system message further down (a
    # step's section entering the conversation) stays where it is, as the model reads it.
    lead = 0
    while lead < len(messages) and messages[lead].role in ("system", "developer"):
        lead += 1
    system = [m.content for m in messages[:lead]]
    conversation = tuple(messages[lead:])
    users = [m.content for m in conversation if m.role == "user"]
    fmt = read_format(
        body.get("response_format"), param="response_format", strict_supported=strict_supported
    )
    limit = body.get("max_completion_tokens", body.get("max_tokens"))
    return FakeRequest(
        api="chat",
        model=model,
        instructions="\n".join(system),
        input_text=users[-1] if users else "",
        messages=conversation,
        schema=fmt.schema,
        schema_name=fmt.name,
        format_type=fmt.type,
        previous_response_id=None,
        max_output_tokens=limit,
        temperature=body.get("temperature"),
        body=body,
        prompt_cache_key=cache_key(body),
    )


def read_format(spec: Any, *, param: str, strict_supported: bool) -> Format:
    """Read ``text.format`` / ``response_format`` (their shapes differ slightly)."""
    if not spec:
        return Format()
    kind = spec.get("type")
    if kind == "text":
        return Format()
    if kind == "json_object":
        return Format("json_object")
    if kind != "json_schema":
        raise ServiceError(400, f"Invalid value for '{param}.type': {kind!r}.", param=param)
    if not strict_supported:
        raise ServiceError(
            400,
            f"Invalid parameter: '{param}' of type 'json_schema' is not supported with this model.",
            param=param,
            code="unsupported_value",
        )
    # Responses puts name/schema/strict in the format; chat nests them in "json_schema".
    inner = spec.get("json_schema", spec)
    schema, name = inner.get("schema"), inner.get("name")
    if not isinstance(name, str) or not name:
        raise ServiceError(400, f"Missing required parameter: '{param}.name'.", param=param)
    if not isinstance(schema, dict):
        raise ServiceError(400, f"Missing required parameter: '{param}.schema'.", param=param)
    if inner.get("strict") and (problem := strict_schema_problem(schema)):
        raise ServiceError(
            400,
            f"Invalid schema for response_format '{name}': {problem}",
            param=param,
            code="invalid_json_schema",
        )
    return Format("json_schema", schema, name)


def cache_key(body: Mapping[str, Any]) -> str | None:
    key = body.get("prompt_cache_key")
    if key is not None and not isinstance(key, str):
        raise ServiceError(
            400, "Invalid type for 'prompt_cache_key': expected a string.", param="prompt_cache_key"
        )
    return key


def content_text(content: Any) -> str:
    """Text of a message ``content``: a string, or a list of ``input_text``/``text`` parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [part.get("text", "") for part in content if isinstance(part, dict)]
        return "".join(str(part) for part in parts)
    return "" if content is None else json.dumps(content)


def input_messages(value: Any) -> list[FakeMessage]:
    """The Responses ``input`` (a string or a list of items) as messages."""
    if value is None:
        return []
    if isinstance(value, str):
        return [FakeMessage("user", value)]
    if not isinstance(value, list):
        raise ServiceError(400, "Invalid type for 'input': expected a string or an array.")
    messages = []
    for item in value:
        if not isinstance(item, dict):
            raise ServiceError(400, "Invalid type for 'input' item: expected an object.")
        if "role" in item:
            messages.append(FakeMessage(str(item["role"]), content_text(item.get("content"))))
        else:  # tool outputs and the like: keep them visible to the responder
            messages.append(FakeMessage(str(item.get("type", "item")), json.dumps(item)))
    return messages


def strict_schema_problem(schema: Any, where: tuple[str, ...] = ()) -> str | None:
    """Why OpenAI's strict structured outputs would reject ``schema``, or None.

    The rules that bite in practice: every object sets ``additionalProperties: false`` and lists
    all its properties in ``required``. Checking them here catches a bad schema in tests rather
    than on the first paid call. ``where`` is the path, printed as OpenAI prints it.
    """
    if not isinstance(schema, dict):
        return None
    if schema.get("type") == "object" or "properties" in schema:
        if schema.get("additionalProperties") is not False:
            return (
                f"In context={where!r}, 'additionalProperties' is required to be supplied "
                "and to be false."
            )
        properties = schema.get("properties", {})
        missing = [name for name in properties if name not in schema.get("required", [])]
        if missing:
            return (
                f"In context={where!r}, 'required' is required to be supplied and to be an "
                f"array including every key in properties. Missing '{missing[0]}'."
            )
        for name, sub in properties.items():
            if problem := strict_schema_problem(sub, (*where, "properties", name)):
                return problem
    children: list[tuple[Any, tuple[str, ...]]] = []
    if "items" in schema:
        children.append((schema["items"], (*where, "items")))
    for key in ("anyOf", "allOf", "oneOf"):
        children += [(sub, (*where, key, str(i))) for i, sub in enumerate(schema.get(key) or [])]
    for key in ("$defs", "definitions"):
        children += [(sub, (*where, key, name)) for name, sub in (schema.get(key) or {}).items()]
    for child, path in children:
        if problem := strict_schema_problem(child, path):
            return problem
    return None


__all__ = [
    "FakeMessage",
    "FakeRequest",
    "Format",
    "RecordedRequest",
    "Responder",
    "cache_key",
    "chat_request",
    "content_text",
    "input_messages",
    "read_format",
    "require_model",
    "responses_request",
    "strict_schema_problem",
]
