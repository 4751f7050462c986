"""A fake Anthropic Messages API on 127.0.0.1 that the real ``anthropic`` SDK talks to.

``POST /v1/messages``, non-streamed or streamed (``message_start``, ``content_block_start``,
``content_block_delta`` with ``text_delta`` or ``input_json_delta``, ``content_block_stop``,
``message_delta``, ``message_stop``), with the key in ``x-api-key`` (or ``Authorization:
Bearer``, as newer SDKs send it) and errors shaped as the
API's (``{"type": "error", "error": {"type": "rate_limit_error", ...}}``; 529
``overloaded_error``); every answer states ``anthropic-ratelimit-*`` headers.

**It bills as Anthropic does.** The prompt is read in the API's order — the output format (or
the tools), then ``system``, then the messages — one block at a time, each block's tokens
counted (:mod:`engine.providers.tokens`). Only ``cache_control`` breakpoints cache (at most four;
more is a 400): a breakpoint whose prefix is at least the model's minimum
(:func:`~engine.providers.vendor_caches.anthropic_min_tokens`; ``min_tokens`` overrides it)
writes that prefix, with its TTL (``5m`` or ``1h``; a ``1h`` breakpoint after a ``5m`` one is a
400); a later request reads the longest written prefix it starts with, found at a breakpoint or
up to 20 blocks before one, if that entry is still alive (each read refreshes it). The usage
says it the API's way: ``input_tokens`` is only the uncached remainder, beside
``cache_creation_input_tokens`` (with its ``cache_creation`` split by TTL) and
``cache_read_input_tokens``.

The model is the same as the OpenAI fake's: queued answers, then ``responder`` (the key-free
bot), each read into a :class:`~engine.offline.fake_openai.FakeRequest` (``api="anthropic"``).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.offline.fake_openai.answers import Fault, Reply, ServiceError
from engine.offline.fake_openai.bodies import new_id
from engine.offline.fake_openai.cache import truncate_to_tokens
from engine.offline.fake_openai.requests import FakeMessage, FakeRequest, Responder
from engine.offline.fake_openai.server import written_words
from engine.offline.fake_openai.transport import Outcome
from engine.offline.fake_vendor import FakeVendorServer
from engine.providers.tokens import MESSAGE_OVERHEAD, count_tokens, schema_text
from engine.providers.vendor_caches import MAX_BREAKPOINTS, TTL_SECONDS, anthropic_min_tokens

__all__ = ["FAKE_ANTHROPIC_KEY", "FakeAnthropicServer", "anthropic_error"]

FAKE_ANTHROPIC_KEY = "sk-ant-test-FAKEKEY0123456789abcdefABCDEF"
#: A cache read is looked for at a breakpoint and up to this many blocks before it.
LOOKBACK_BLOCKS = 20

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "billing_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    504: "timeout_error",
    529: "overloaded_error",
}


def anthropic_error(status: int, message: str) -> dict[str, Any]:
    """The body Anthropic answers an error with."""
    kind = _ERROR_TYPES.get(status, "api_error")
    return {
        "type": "error",
        "error": {"type": kind, "message": message},
        "request_id": new_id("req_"),
    }


@dataclass(frozen=True)
class _Block:
    """One block of the prompt as the cache sees it: its tokens and its breakpoint's TTL."""

    tokens: int
    ttl: str | None
    digest: bytes  # of the prefix up to and including this block


@dataclass
class _Entry:
    tokens: int
    ttl: str
    expires: float


class FakeAnthropicServer(FakeVendorServer):
    """The fake Messages API. ``min_tokens`` overrides every model's cache minimum;
    ``clock`` (seconds) drives the cache's lifetimes in tests."""

    title = "fake Anthropic API"

    def __init__(
        self,
        *,
        responder: Responder | None = None,
        api_key: str | None = None,
        latency: float = 0.0,
        word_s: float = 0.0,
        port: int = 0,
        min_tokens: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        requests_per_minute: int = 4000,
        tokens_per_minute: int = 2_000_000,
    ) -> None:
        super().__init__(
            responder=responder, api_key=api_key, latency=latency, word_s=word_s, port=port
        )
        self.min_tokens = min_tokens
        self.clock = clock
        self.requests_per_minute = requests_per_minute
        self.tokens_per_minute = tokens_per_minute
        self._cache: dict[tuple[str, bytes], _Entry] = {}

    def _error(self, status: int, message: str) -> dict[str, Any]:
        return anthropic_error(status, message)

    # ---- a request

    def _serve(self, method: str, path: str, headers: Mapping[str, str], body: Any) -> Outcome:
        route = path.split("?", 1)[0].rstrip("/")
        if method != "POST" or route != "/v1/messages":
            raise ServiceError(404, f"Not found: {method} {route}")
        self._check_key(headers)
        if not isinstance(body, dict):
            raise ServiceError(400, "The request body is not valid JSON.")
        request = _read(body)
        answer = self.as_reply(self._next_answer(request))
        if isinstance(answer, Fault):
            return self._fault(request, answer)
        outcome = self._reply(request, answer)
        outcome.headers += self._limit_headers()
        return outcome

    def _check_key(self, headers: Mapping[str, str]) -> None:
        lowered = {name.lower(): value for name, value in headers.items()}
        sent = lowered.get("x-api-key", "")
        bearer = lowered.get("authorization", "")
        if not sent and bearer.startswith("Bearer "):  # newer SDKs send the key so
            sent = bearer[len("Bearer ") :]
        if not sent.strip():
            raise ServiceError(401, "x-api-key header is required")
        if self.api_key is not None and sent != self.api_key:
            raise ServiceError(401, "invalid x-api-key")

    def _limit_headers(self) -> tuple[tuple[str, str], ...]:
        reset = (datetime.now(UTC) + timedelta(seconds=60)).isoformat().replace("+00:00", "Z")
        return (
            ("anthropic-ratelimit-requests-limit", str(self.requests_per_minute)),
            ("anthropic-ratelimit-requests-remaining", str(self.requests_per_minute - 1)),
            ("anthropic-ratelimit-requests-reset", reset),
            ("anthropic-ratelimit-tokens-limit", str(self.tokens_per_minute)),
            ("anthropic-ratelimit-tokens-remaining", str(self.tokens_per_minute)),
            ("anthropic-ratelimit-tokens-reset", reset),
        )

    def _fault(self, request: FakeRequest, fault: Fault) -> Outcome:
        if fault.kind == "drop":
            return Outcome(drop=True)
        if fault.kind in ("status", "raw"):
            body = fault.body
            if fault.kind == "status" and isinstance(body, dict) and "type" not in body:
                said = body.get("error", {}).get("message") if "error" in body else None
                body = anthropic_error(fault.http_status, str(said or "fake status"))
            return Outcome(fault.http_status, body, fault.headers)
        outcome = self._reply(request, fault.then or Reply(), cut=fault.after)
        if fault.kind == "delay":
            outcome.delay, outcome.cut_after = fault.seconds, None
        elif fault.kind == "trickle":
            outcome.trickle_s, outcome.cut_after = fault.seconds, None
        return outcome

    # ---- billing

    def bill(self, body: Mapping[str, Any], model: str) -> dict[str, Any]:
        """The usage of a request's prompt, and the cache written and read by it."""
        blocks = _blocks(body, model)
        marked = [i for i, block in enumerate(blocks) if block.ttl is not None]
        if len(marked) > MAX_BREAKPOINTS:
            raise ServiceError(
                400,
                f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be provided. "
                f"Found {len(marked)}.",
            )
        ttls = [blocks[i].ttl for i in marked]
        if "5m" in ttls and "1h" in ttls[ttls.index("5m") :]:
            raise ServiceError(
                400, "a ttl='1h' cache_control block must not come after a ttl='5m' block"
            )
        total = sum(block.tokens for block in blocks)
        ends = _running(blocks)
        minimum = self.min_tokens if self.min_tokens is not None else anthropic_min_tokens(model)
        now = self.clock()
        read = 0
        for index in marked:  # a hit at a breakpoint or up to 20 blocks before it
            for back in range(index, max(index - LOOKBACK_BLOCKS, -1), -1):
                entry = self._cache.get((model, blocks[back].digest))
                if entry is not None and entry.expires >= now and ends[back] > read:
                    entry.expires = now + TTL_SECONDS[entry.ttl]  # type: ignore[index]
                    read = ends[back]
                    break
        written = {"5m": 0, "1h": 0}
        done = read
        for index in marked:
            end, ttl = ends[index], str(blocks[index].ttl)
            if end < minimum:
                continue  # below the minimum: caches nothing, costs nothing
            key = (model, blocks[index].digest)
            if end > done:
                written[ttl] += end - done
                done = end
            self._cache[key] = _Entry(end, ttl, now + TTL_SECONDS[ttl])  # type: ignore[index]
        creation = written["5m"] + written["1h"]
        return {
            "input_tokens": total - read - creation,
            "cache_creation_input_tokens": creation,
            "cache_read_input_tokens": read,
            "cache_creation": {
                "ephemeral_5m_input_tokens": written["5m"],
                "ephemeral_1h_input_tokens": written["1h"],
            },
        }

    # ---- the reply

    def _reply(self, request: FakeRequest, reply: Reply, *, cut: int | None = None) -> Outcome:
        usage = self.bill(request.body, request.model)
        text, stop = reply.text, "end_turn"
        limit = request.max_output_tokens
        if reply.refusal is not None:
            text, stop = reply.refusal, "refusal"
        elif limit is not None and count_tokens(text, request.model) > limit:
            text, stop = truncate_to_tokens(text, limit, request.model), "max_tokens"
        elif reply.incomplete is not None:
            stop = "max_tokens"
        tool = _forced_tool(request.body)
        usage["output_tokens"] = (
            reply.output_tokens
            if reply.output_tokens is not None
            else count_tokens(text, request.model)
        )
        if tool is not None and stop == "end_turn":
            stop = "tool_use"
        content = _content(text, tool, stop)
        message = {
            "id": new_id("msg_"),
            "type": "message",
            "role": "assistant",
            "model": request.model,
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": usage,
        }
        pieces = written_words(text)
        if request.body.get("stream") is True:
            events = self._events(message, pieces, tool is not None and stop == "tool_use")
            return Outcome(200, message, events=events, cut_after=None if cut is None else 2 + cut)
        delay = self.latency + self.word_s * len(pieces)
        return Outcome(200, message, delay=delay, cut_after=cut)

    def _events(
        self, message: dict[str, Any], pieces: list[str], as_tool: bool
    ) -> list[tuple[float, bytes]]:
        usage = message["usage"]
        start = {**message, "content": [], "stop_reason": None}
        start["usage"] = {**usage, "output_tokens": 1}
        block: dict[str, Any]
        if as_tool:
            first = message["content"][0]
            block = {"type": "tool_use", "id": first["id"], "name": first["name"], "input": {}}
        else:
            block = {"type": "text", "text": ""}
        events: list[dict[str, Any]] = [
            {"type": "message_start", "message": start},
            {"type": "content_block_start", "index": 0, "content_block": block},
        ]
        for piece in pieces:
            delta = (
                {"type": "input_json_delta", "partial_json": piece}
                if as_tool
                else {"type": "text_delta", "text": piece}
            )
            events.append({"type": "content_block_delta", "index": 0, "delta": delta})
        events += [
            {"type": "content_block_stop", "index": 0},
            {
                "type": "message_delta",
                "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                "usage": {"output_tokens": usage["output_tokens"]},
            },
            {"type": "message_stop"},
        ]
        sent = [
            f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode() for event in events
        ]
        pauses = [0.0] * len(sent)
        for index in range(2, 2 + len(pieces)):
            pauses[index] = self.latency if index == 2 else self.word_s
        return list(zip(pauses, sent, strict=True))


# --------------------------------------------------------------------------- reading


def _read(body: dict[str, Any]) -> FakeRequest:
    """The Messages API body as the model sees it."""
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise ServiceError(400, "model: Field required")
    if not isinstance(body.get("max_tokens"), int):
        raise ServiceError(400, "max_tokens: Field required")
    raw = body.get("messages")
    if not isinstance(raw, list) or not raw:
        raise ServiceError(400, "messages: at least one message is required")
    messages = []
    for item in raw:
        if not isinstance(item, dict) or item.get("role") not in ("user", "assistant"):
            raise ServiceError(400, "messages: each message needs a role: user or assistant")
        messages.append(FakeMessage(str(item["role"]), _text(item.get("content"))))
    system = body.get("system")
    instructions = system if isinstance(system, str) else _text(system)
    schema, name = _schema(body)
    users = [m.content for m in messages if m.role == "user"]
    return FakeRequest(
        api="anthropic",
        model=model,
        instructions=instructions,
        input_text=users[-1] if users else "",
        messages=tuple(messages),
        schema=schema,
        schema_name=name,
        format_type="json_schema" if schema is not None else "text",
        previous_response_id=None,
        max_output_tokens=body.get("max_tokens"),
        temperature=body.get("temperature"),
        body=body,
    )


def _schema(body: Mapping[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """The contract: ``output_config.format`` (structured outputs), or the forced tool's."""
    config = body.get("output_config") or {}
    spec = config.get("format") if isinstance(config, dict) else None
    if spec:
        if spec.get("type") != "json_schema" or not isinstance(spec.get("schema"), dict):
            raise ServiceError(400, "output_config.format: expected type json_schema and schema")
        return spec["schema"], "output"
    tool = _forced_tool(body)
    if tool is not None:
        return tool["input_schema"], str(tool["name"])
    return None, None


def _forced_tool(body: Mapping[str, Any]) -> dict[str, Any] | None:
    choice = body.get("tool_choice") or {}
    if not isinstance(choice, dict) or choice.get("type") != "tool":
        return None
    for tool in body.get("tools") or []:
        if isinstance(tool, dict) and tool.get("name") == choice.get("name"):
            if not isinstance(tool.get("input_schema"), dict):
                raise ServiceError(400, "tools.0.input_schema: Field required")
            return tool
    raise ServiceError(400, f"tool_choice names no tool: {choice.get('name')!r}")


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return ""


def _content(text: str, tool: Mapping[str, Any] | None, stop: str) -> list[dict[str, Any]]:
    if tool is None or stop != "tool_use":
        return [{"type": "text", "text": text}]
    try:
        given = json.loads(text)
    except ValueError:
        given = {"text": text}
    return [{"type": "tool_use", "id": new_id("toolu_"), "name": tool["name"], "input": given}]


def _blocks(body: Mapping[str, Any], model: str) -> list[_Block]:
    """The prompt's blocks in the cache's order: tools/format, system, then messages."""
    parts: list[tuple[str, str, Any]] = []  # (what the cache keys on, its text, breakpoint)
    config = body.get("output_config") or {}
    if isinstance(config, dict) and config.get("format"):
        text = schema_text(config["format"].get("schema"))
        parts.append((f"format:{text}", text, None))
    for tool in body.get("tools") or []:
        text = json.dumps(tool, sort_keys=True)
        parts.append((f"tool:{text}", text, tool.get("cache_control")))
    system = body.get("system")
    if isinstance(system, str):
        parts.append((f"system:{system}", system, None))
    elif isinstance(system, list):
        parts += [
            (f"system:{b.get('text', '')}", str(b.get("text", "")), b.get("cache_control"))
            for b in system
        ]
    for message in body.get("messages") or []:
        role, content = message.get("role"), message.get("content")
        if isinstance(content, str):
            parts.append((f"{role}:{content}", content, None))
            continue
        for b in content or []:
            text = str(b.get("text", ""))
            parts.append((f"{role}:{text}", text, b.get("cache_control")))
    running = hashlib.blake2b(model.encode(), digest_size=16)
    blocks = []
    for keyed, text, control in parts:
        running.update(keyed.encode() + b"\x00")
        ttl = None
        if isinstance(control, dict):
            ttl = str(control.get("ttl") or "5m")
            if ttl not in TTL_SECONDS:
                raise ServiceError(400, f"cache_control.ttl: Input should be '5m' or '1h': {ttl}")
        tokens = count_tokens(text, model) + MESSAGE_OVERHEAD
        blocks.append(_Block(tokens, ttl, running.copy().digest()))
    return blocks


def _running(blocks: list[_Block]) -> list[int]:
    ends, total = [], 0
    for block in blocks:
        total += block.tokens
        ends.append(total)
    return ends
