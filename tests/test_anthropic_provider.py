"""The Anthropic provider, through the real ``anthropic`` SDK, against the fake Messages API.

The contract goes the vendor's way (structured outputs, or a forced tool), the history is laid
out as a constant prefix, breakpoints are placed where they pay (never more than four, never
below the model's minimum, TTL from the conversation's pace), the usage is Prompter's (the whole
prompt, reads and writes parts of it), the reply streams, and every SDK error maps into
``engine.errors``.

The SDK is imported by the tests that use it, never at collection: it is 1.1 s of imports (its
types are some 2,700 pydantic models), which every worker of the suite would pay for a module
that runs on one of them (the ``vendor_sdks`` group).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import httpx2
import pytest

from engine.errors import (
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimited,
    ProviderRequestError,
    ProviderServerError,
    ProviderTimeout,
)
from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.fake_openai import Fault
from engine.providers import Message, ModelRequest, make_provider
from engine.providers.base import streaming_to
from engine.providers.rate_limiter import anthropic_stated_limits
from engine.providers.tokens import MESSAGE_OVERHEAD, count_tokens

if TYPE_CHECKING:
    from engine.providers.anthropic_api import AnthropicProvider

pytestmark = pytest.mark.xdist_group("vendor_sdks")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "message": {"type": "string"},
        "signal": {"type": "string", "enum": ["stay", "done"]},
    },
    "required": ["message", "signal"],
    "additionalProperties": False,
}
#: Persona and scaffolding long enough to cache on a 1,024-token model.
LONG = "You are the analyst bot of a small firm; follow the script step by step. " * 120
MODEL = "claude-sonnet-4-5"


def provider(server: FakeAnthropicServer, **options: Any) -> AnthropicProvider:
    from engine.providers.anthropic_api import AnthropicProvider

    made = make_provider(
        "anthropic",
        api_key=FAKE_ANTHROPIC_KEY,
        base_url=server.base_url,
        model=MODEL,
        max_retries=options.pop("max_retries", 0),
        **options,
    )
    assert isinstance(made, AnthropicProvider)
    return made


def request(text: str, history: tuple[Message, ...] = (), instructions: str = LONG) -> ModelRequest:
    return ModelRequest(
        model="ignored",
        instructions=instructions,
        input=text,
        schema=SCHEMA,
        history=history,
        prompt_cache_key="conversation-1",
    )


def conversation(p: AnthropicProvider, turns: list[str], **options: Any) -> list[Any]:
    replies, history = [], ()
    for text in turns:
        reply = asyncio.run(p.complete(request(text, history, **options)))
        replies.append(reply)
        history = (*history, Message("user", text), Message("assistant", reply.text))
    return replies


def breakpoints(body: dict[str, Any]) -> list[tuple[str, str]]:
    """Where the request put ``cache_control``: (``system`` or the message index, ttl)."""
    found = [("system", b["cache_control"]["ttl"]) for b in body["system"] if "cache_control" in b]
    for index, message in enumerate(body["messages"]):
        for block in message["content"]:
            if "cache_control" in block:
                found.append((f"message {index}", block["cache_control"]["ttl"]))
    return found


def unmarked(messages: list[dict[str, Any]]) -> list[Any]:
    """The messages without their breakpoints (which move with the conversation)."""
    return [
        [{k: v for k, v in block.items() if k != "cache_control"} for block in m["content"]]
        for m in messages
    ]


def test_the_contract_is_sent_as_structured_outputs(fake_anthropic: FakeAnthropicServer) -> None:
    with provider(fake_anthropic) as p:
        reply = asyncio.run(p.complete(request("hello")))

    body = fake_anthropic.model_requests()[0].body
    assert body is not None
    assert body["output_config"] == {"format": {"type": "json_schema", "schema": SCHEMA}}
    assert body["system"][0]["text"] == LONG
    assert json.loads(reply.text)["message"] == "(fake model) You said: hello"
    assert reply.status == "completed" and p.chains is False


def test_without_structured_outputs_a_forced_tool_carries_the_contract(
    fake_anthropic: FakeAnthropicServer,
) -> None:
    heard: list[str] = []
    with provider(fake_anthropic, strict_schema=False) as p, streaming_to(heard.append):
        reply = asyncio.run(p.complete(request("by tool")))

    body = fake_anthropic.model_requests()[0].body
    assert body is not None and "output_config" not in body
    assert body["tools"][0]["input_schema"] == SCHEMA
    assert body["tool_choice"] == {"type": "tool", "name": "step_reply"}
    assert json.loads(reply.text) == {"message": "(fake model) You said: by tool", "signal": "stay"}
    assert heard[-1] == "(fake model) You said: by tool"  # from input_json_delta events


def test_the_prefix_is_constant_and_breakpoints_roll_with_the_conversation(
    fake_anthropic: FakeAnthropicServer,
) -> None:
    with provider(fake_anthropic) as p:
        replies = conversation(p, ["one", "two", "three"])

    bodies = [r.body for r in fake_anthropic.model_requests()]
    assert all(b is not None for b in bodies)
    assert [breakpoints(b) for b in bodies if b] == [
        [("system", "5m"), ("message 0", "5m")],
        [("system", "5m"), ("message 2", "5m")],
        [("system", "5m"), ("message 4", "5m")],
    ]
    second, third = bodies[1], bodies[2]
    assert second and third
    # Byte-identical prefix: the schema, the system text, then the earlier messages.
    assert second["output_config"] == third["output_config"]
    assert second["system"] == third["system"]
    assert unmarked(second["messages"]) == unmarked(third["messages"])[:3]
    # Each call reads what the previous one wrote and writes only what is new.
    first_use, second_use, third_use = (r.usage for r in replies)
    assert first_use.cached_tokens == 0 and first_use.cache_write_tokens == first_use.input_tokens
    assert second_use.cached_tokens == first_use.input_tokens
    assert third_use.cached_tokens == second_use.input_tokens
    assert third_use.cache_write_tokens == third_use.input_tokens - second_use.input_tokens


def chain_start(summaries: str, section: str, text: str) -> ModelRequest:
    """A step change: a new chain opening with the earlier steps' summaries, then the step."""
    return replace(
        request(text),
        input_items=(Message("system", summaries), Message("system", section)),
    )


def test_a_new_chain_reads_the_summaries_the_last_one_wrote(
    fake_anthropic: FakeAnthropicServer,
) -> None:
    earlier = "What the conversation established:\n- Goal: revenue by region"
    later = earlier + "\n- Period: the last quarter"
    other = "What the conversation established:\n- Goal: churn by plan"
    with provider(fake_anthropic) as p:
        asyncio.run(p.complete(chain_start(earlier, "Step 2: the period. " * 30, "Q3")))
        second = asyncio.run(p.complete(chain_start(later, "Step 3: the chart. " * 30, "bars")))
        # Another conversation's chain shares only the constant prefix.
        third = asyncio.run(p.complete(chain_start(other, "Step 4: the output. " * 30, "pdf")))

    body = fake_anthropic.model_requests()[1].body
    assert body is not None
    # The summaries go one block per line (the same text joined), a breakpoint after them.
    lines = [block["text"] for block in body["messages"][0]["content"]]
    assert "".join(lines) == later and len(lines) == 3
    assert breakpoints(body) == [("system", "5m"), ("message 0", "5m"), ("message 2", "5m")]
    # The second chain reads the lines the first one sent, and writes only the rest.
    shared = sum(count_tokens(line, MODEL) + MESSAGE_OVERHEAD for line in lines[:2])
    assert second.usage.cached_tokens - third.usage.cached_tokens == shared
    assert second.usage.cache_write_tokens == second.usage.input_tokens - second.usage.cached_tokens


def test_usage_is_the_whole_prompt_though_anthropic_reports_the_remainder(
    fake_anthropic: FakeAnthropicServer,
) -> None:
    with provider(fake_anthropic) as p:
        replies = conversation(p, ["one", "two"], instructions=LONG + "Be brief.")

    reported = fake_anthropic.model_requests()[1].answer["usage"]
    usage = replies[1].usage
    assert reported["input_tokens"] < usage.input_tokens  # only the uncached remainder
    assert usage.input_tokens == (
        reported["input_tokens"]
        + reported["cache_read_input_tokens"]
        + reported["cache_creation_input_tokens"]
    )
    assert usage.cached_tokens == reported["cache_read_input_tokens"]
    assert usage.cache_write_tokens == reported["cache_creation_input_tokens"]
    assert usage.cache_ttl == "5m"


def test_no_breakpoint_below_the_models_minimum(fake_anthropic: FakeAnthropicServer) -> None:
    with provider(fake_anthropic) as p:
        replies = conversation(p, ["one", "two"], instructions="Be brief.")

    assert all(not breakpoints(r.body or {}) for r in fake_anthropic.model_requests())
    assert all(r.usage.cache_write_tokens == 0 == r.usage.cached_tokens for r in replies)


def test_a_model_with_a_larger_minimum_gets_fewer_breakpoints(
    fake_anthropic: FakeAnthropicServer,
) -> None:
    # About 1,900 tokens: over Sonnet 4.5's 1,024, under Haiku 4.5's 4,096.
    with provider(fake_anthropic) as sonnet:
        asyncio.run(sonnet.complete(request("x")))
    haiku = make_provider(
        "anthropic", api_key="k", base_url=fake_anthropic.base_url, model="claude-haiku-4-5"
    )
    with haiku:
        asyncio.run(haiku.complete(request("x")))

    first, second = (breakpoints(r.body or {}) for r in fake_anthropic.model_requests())
    assert first and not second


def test_a_slow_conversation_writes_for_an_hour(fake_anthropic: FakeAnthropicServer) -> None:
    now = [0.0]
    with provider(fake_anthropic) as p:
        p.clock = lambda: now[0]
        history: tuple[Message, ...] = ()
        usages = []
        for text in ("one", "two", "three"):
            reply = asyncio.run(p.complete(request(text, history)))
            usages.append(reply.usage)
            history = (*history, Message("user", text), Message("assistant", reply.text))
            now[0] += 600.0  # ten minutes between turns: a 5-minute entry would be gone

    ttls = [{ttl for _, ttl in breakpoints(r.body or {})} for r in fake_anthropic.model_requests()]
    assert ttls == [{"5m"}, {"1h"}, {"1h"}]
    assert usages[1].cache_ttl == "1h" and usages[1].cache_write_1h_tokens > 0


def test_never_more_than_four_breakpoints_says_the_fake() -> None:
    import anthropic

    body = {
        "model": MODEL,
        "max_tokens": 10,
        "system": [{"type": "text", "text": LONG, "cache_control": {"type": "ephemeral"}}] * 5,
        "messages": [{"role": "user", "content": "hi"}],
    }
    with FakeAnthropicServer(responder=lambda r: "{}") as server:
        client = anthropic.Anthropic(api_key="k", base_url=server.base_url, max_retries=0)
        with pytest.raises(anthropic.BadRequestError, match="maximum of 4 blocks"):
            client.messages.create(**body)
        client.close()


def test_the_message_streams_and_a_cut_stream_is_taken_back(
    fake_anthropic: FakeAnthropicServer,
) -> None:
    answer = json.dumps({"message": "Three words here and more", "signal": "stay"})
    fake_anthropic.queue(Fault.cut(3, answer), answer)
    heard: list[str] = []
    with provider(fake_anthropic, max_retries=1) as p, streaming_to(heard.append):
        reply = asyncio.run(p.complete(request("hello")))

    assert "" in heard  # the cut message was taken back
    assert heard[-1] == "Three words here and more"
    assert json.loads(reply.text)["message"] == "Three words here and more"
    assert reply.usage.input_tokens > 0 and reply.usage.output_tokens > 0


def test_rate_limits_are_read_from_every_answer(fake_anthropic: FakeAnthropicServer) -> None:
    fake_anthropic.requests_per_minute = 50
    with provider(fake_anthropic) as p:
        asyncio.run(p.complete(request("hello")))
        stated = p.stated_limits

    assert stated is not None and stated.rpm == 50 and stated.remaining_requests == 49
    assert stated.reset_requests_s is not None and 55 <= stated.reset_requests_s <= 60


def test_a_reset_time_becomes_seconds_from_now() -> None:
    now = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
    later = (now + timedelta(seconds=30)).isoformat().replace("+00:00", "Z")
    stated = anthropic_stated_limits(
        {"anthropic-ratelimit-tokens-limit": "80000", "anthropic-ratelimit-tokens-reset": later},
        now=now.timestamp(),
    )
    assert stated is not None and stated.tpm == 80000 and stated.reset_tokens_s == 30.0
    assert anthropic_stated_limits({"x-ratelimit-limit-requests": "5"}) is None


@pytest.mark.parametrize(
    ("fault", "expected", "retryable"),
    [
        (Fault.rate_limit(retry_after=7), ProviderRateLimited, True),
        (Fault.status(529), ProviderServerError, True),
        (Fault.server_error(500), ProviderServerError, True),
        (Fault.status(401), ProviderAuthError, False),
        (Fault.status(400), ProviderRequestError, False),
    ],
)
def test_error_answers_map_into_the_one_tree(
    fake_anthropic: FakeAnthropicServer,
    fault: Fault,
    expected: type[ProviderError],
    retryable: bool,
) -> None:
    fake_anthropic.queue(fault)
    with provider(fake_anthropic) as p, pytest.raises(expected) as raised:
        asyncio.run(p.complete(request("hello")))

    assert raised.value.retryable is retryable
    assert FAKE_ANTHROPIC_KEY not in str(raised.value)
    if isinstance(raised.value, ProviderRateLimited):
        assert raised.value.retry_after == 7.0
    if fault.http_status == 529:
        assert "overloaded" in str(raised.value)


def test_a_missing_key_is_said_before_the_conversation_starts() -> None:
    with pytest.raises(ProviderAuthError, match="ANTHROPIC_API_KEY"):
        make_provider("anthropic")


def test_the_sdks_own_variables_reach_the_fake(anthropic_env: FakeAnthropicServer) -> None:
    with make_provider("anthropic", model=MODEL) as p:
        reply = asyncio.run(p.complete(request("from the environment")))
    assert "from the environment" in reply.text


# --------------------------------------------------------------------------- SDK exceptions


def _request() -> httpx2.Request:
    return httpx2.Request("POST", "https://api.anthropic.com/v1/messages")


#: The status each status-error class stands for (the nearest listed class in its MRO).
STATUS_OF = {
    "BadRequestError": 400,
    "AuthenticationError": 401,
    "PaymentRequiredError": 402,
    "PermissionDeniedError": 403,
    "NotFoundError": 404,
    "RequestTimeoutError": 408,
    "ConflictError": 409,
    "PreconditionFailedError": 412,
    "ContentTooLargeError": 413,
    "UnprocessableEntityError": 422,
    "RateLimitError": 429,
    "RequestHeaderFieldsTooLargeError": 431,
    "ClientClosedRequestError": 499,
    "HTTPNotImplementedError": 501,
    "ServiceUnavailableError": 503,
    "GatewayTimeoutError": 504,
    "OverloadedError": 529,
    "InternalServerError": 500,
    "APIStatusError": 418,
}


def _build(cls: type[BaseException]) -> BaseException:
    import anthropic

    if issubclass(cls, anthropic.APIStatusError):
        status = next(STATUS_OF[c.__name__] for c in cls.__mro__ if c.__name__ in STATUS_OF)
        response = httpx2.Response(status, request=_request())
        return cls("x", response=response, body=None)
    if issubclass(cls, anthropic.APITimeoutError):
        return cls(_request())
    if issubclass(cls, anthropic.APIConnectionError):
        return cls(request=_request())
    if issubclass(cls, anthropic.APIResponseValidationError):
        return cls(httpx2.Response(200, request=_request()), body={})
    if issubclass(cls, anthropic.APIError):
        return cls("x", _request(), body=None)
    return cls("x")


def _decided(cls: type[BaseException]) -> type[ProviderError]:
    """What each kind of SDK error means for Prompter, by its place in the SDK's tree."""
    import anthropic

    name = cls.__name__
    rules: list[tuple[Callable[[type[BaseException]], bool], type[ProviderError]]] = [
        (lambda c: issubclass(c, anthropic.AuthenticationError), ProviderAuthError),
        (lambda c: issubclass(c, anthropic.PermissionDeniedError), ProviderAuthError),
        (lambda c: issubclass(c, anthropic.RateLimitError), ProviderRateLimited),
        (lambda c: issubclass(c, anthropic.RequestTimeoutError), ProviderTimeout),
        (lambda c: issubclass(c, anthropic.GatewayTimeoutError), ProviderTimeout),
        (lambda c: issubclass(c, anthropic.InternalServerError), ProviderServerError),
        (lambda c: issubclass(c, anthropic.APIStatusError), ProviderRequestError),
        (lambda c: issubclass(c, anthropic.APITimeoutError), ProviderTimeout),
        (lambda c: issubclass(c, anthropic.APIConnectionError), ProviderConnectionError),
        (lambda c: issubclass(c, anthropic.APIError), ProviderServerError),
        (lambda c: issubclass(c, anthropic.CredentialsError), ProviderAuthError),
        (lambda c: name == "WorkloadIdentityError", ProviderAuthError),
        (lambda c: name == "RetryableError", ProviderServerError),
    ]
    return next((kind for rule, kind in rules if rule(cls)), ProviderRequestError)


#: The exception classes the SDK exports, by name (the parameters of the test below are known
#: before the SDK is imported).
EXPORTED_EXCEPTIONS = (
    "APIConnectionError",
    "APIError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "APIWebhookValidationError",
    "AnthropicError",
    "AuthenticationError",
    "BadRequestError",
    "CMEKContextUnavailableError",
    "CMEKKeyDisabledError",
    "CMEKKeyNetworkBlockedError",
    "CMEKKeyUnreachableError",
    "ClaudeCodeKeyCreatorNotMemberError",
    "ClaudeCodeVersionTooOldError",
    "ClientClosedRequestError",
    "ConflictError",
    "ContentTooLargeError",
    "ContractSpendLimitReachedError",
    "CredentialsError",
    "EnforcedSpendLimitReachedError",
    "GatewayTimeoutError",
    "HTTPNotImplementedError",
    "IdentityTokenFileError",
    "InternalServerError",
    "LinkedOrganizationBillingUnavailableError",
    "LinkedOrganizationSpendLimitReachedError",
    "NotFoundError",
    "OrganizationOnHoldError",
    "OrganizationTypeNotSupportedError",
    "OrganizationURLFetchDisabledError",
    "OverloadedError",
    "ParentOrganizationRequiredError",
    "PaymentRequiredError",
    "PermissionDeniedError",
    "PreconditionFailedError",
    "RampLimitExceededError",
    "RateLimitError",
    "RequestBodyEncodingInvalidError",
    "RequestBodyEncodingUnsupportedError",
    "RequestBodyTooLargeAfterDecodingError",
    "RequestHeaderFieldsTooLargeError",
    "RequestTimeoutError",
    "RetryableError",
    "SandboxEgressRestrictedError",
    "ServiceUnavailableError",
    "StorageNotReadyError",
    "UnprocessableEntityError",
    "WorkloadIdentityError",
    "WorkspaceHumanReviewDisabledError",
)


def exported_exception_classes() -> set[str]:
    """Public exception classes of ``anthropic``: its ``__all__`` and any other public class."""
    import anthropic

    public = [getattr(anthropic, name) for name in anthropic.__all__]
    public += [value for name, value in list(vars(anthropic).items()) if not name.startswith("_")]
    return {v.__name__ for v in public if type(v) is type and issubclass(v, BaseException)}


def test_every_exception_the_sdk_exports_is_checked_below() -> None:
    """A new SDK exception fails here until it is listed (its mapping then follows the rules)."""
    assert exported_exception_classes() == set(EXPORTED_EXCEPTIONS)


@pytest.mark.parametrize("name", EXPORTED_EXCEPTIONS)
def test_every_sdk_exception_maps_to_its_provider_error(name: str) -> None:
    import anthropic

    from engine.providers.anthropic_api import map_anthropic_error

    sdk_class = getattr(anthropic, name)
    error = _build(sdk_class)
    assert type(error) is sdk_class

    mapped = map_anthropic_error(error)

    assert type(mapped) is _decided(sdk_class)
    assert str(mapped)


def test_a_spend_limit_is_not_worth_waiting_for() -> None:
    import anthropic

    from engine.providers.anthropic_api import map_anthropic_error

    mapped = map_anthropic_error(_build(anthropic.EnforcedSpendLimitReachedError))
    assert isinstance(mapped, ProviderRateLimited) and mapped.retryable is False


def test_an_output_cap_given_to_the_provider_replaces_the_requests(
    fake_anthropic: FakeAnthropicServer,
) -> None:
    from engine.providers.anthropic_api import AnthropicProvider

    made = AnthropicProvider(
        api_key=FAKE_ANTHROPIC_KEY, base_url=fake_anthropic.base_url, max_output_tokens=77
    )
    with made:
        asyncio.run(made.complete(request("hello")))
    body = fake_anthropic.model_requests()[0].body
    assert body is not None and body["max_tokens"] == 77
