"""The fake OpenAI server behaves like the real API where the engine depends on it.

Every test talks to it through the real ``openai`` SDK (the same client code as production), so
what passes here is what the SDK accepts: response shapes, error classes, retry headers.
"""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from plugins.cli import python_module_with_ctrl_c

from engine.io.tls import shared_tls_context
from engine.offline.fake_openai import (
    FAKE_API_KEY,
    FakeMessage,
    FakeOpenAIServer,
    FakeRequest,
    Fault,
    Reply,
    count_tokens,
    echo_responder,
)
from engine.providers.tokens import MESSAGE_OVERHEAD

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"message": {"type": "string"}, "transition": {"type": "string"}},
    "required": ["message", "transition"],
    "additionalProperties": False,
}
STRICT_FORMAT: dict[str, Any] = {
    "format": {"type": "json_schema", "name": "step_reply", "schema": SCHEMA, "strict": True}
}
#: About 1500 tokens of instructions: long enough for OpenAI's 1024-token cache minimum.
LONG_INSTRUCTIONS = " ".join(f"Rule {n}: be precise." for n in range(300))


@pytest.fixture
def client(fake_openai: FakeOpenAIServer) -> Iterator[openai.OpenAI]:
    """The SDK's own client, on the process's one TLS context (as the engine's clients are):
    a client that builds its own reads the whole certificate store, 20 ms a test."""
    http = openai.DefaultHttpxClient(verify=shared_tls_context())
    with openai.OpenAI(
        api_key=FAKE_API_KEY,
        base_url=fake_openai.base_url,
        max_retries=0,
        timeout=2,
        http_client=http,
    ) as sdk:
        yield sdk


def ask(client: openai.OpenAI, user_input: str = "hello", **kwargs: Any) -> Any:
    kwargs.setdefault("model", "gpt-4.1-mini")
    kwargs.setdefault("instructions", "You are a helpful bot.")
    return client.responses.create(input=user_input, **kwargs)


# --------------------------------------------------------------------------- Responses API


def test_a_response_has_the_shape_and_usage_the_sdk_expects(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue('{"message": "Hi!", "transition": "stay"}')

    response = ask(client, "hello", text=STRICT_FORMAT)

    assert response.object == "response"
    assert response.id.startswith("resp_")
    assert response.status == "completed"
    assert response.output_text == '{"message": "Hi!", "transition": "stay"}'
    assert response.output[0].type == "message"
    usage = response.usage
    assert usage.output_tokens == count_tokens(response.output_text)
    assert usage.total_tokens == usage.input_tokens + usage.output_tokens
    assert usage.input_tokens_details.cached_tokens == 0


def test_input_tokens_are_counted_from_the_whole_prompt(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("a", "a")
    short = ask(client, instructions="Be brief.")
    longer = ask(client, instructions="Be brief. " + "Mind the details. " * 10)

    assert longer.usage.input_tokens - short.usage.input_tokens == count_tokens(
        "Mind the details. " * 10
    )


def test_previous_response_id_carries_inputs_and_outputs_but_not_instructions(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    seen: list[FakeRequest] = []

    def respond(request: FakeRequest) -> str:
        seen.append(request)
        return f"reply to {request.input_text}"

    fake_openai.responder = respond
    first = ask(client, "first", instructions="Step one rules.")
    ask(client, "second", instructions="Step two rules.", previous_response_id=first.id)

    assert seen[1].instructions == "Step two rules."
    assert seen[1].previous_response_id == first.id
    assert seen[1].messages == (
        FakeMessage("user", "first"),
        FakeMessage("assistant", "reply to first"),
        FakeMessage("user", "second"),
    )


def test_an_unknown_previous_response_id_is_refused_like_the_real_api(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    with pytest.raises(openai.BadRequestError) as raised:
        ask(client, previous_response_id="resp_does_not_exist")

    assert raised.value.code == "previous_response_not_found"
    assert raised.value.param == "previous_response_id"
    assert fake_openai.pending == 0


def test_a_response_not_stored_cannot_be_chained(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("one")
    unstored = ask(client, store=False)

    with pytest.raises(openai.BadRequestError):
        ask(client, previous_response_id=unstored.id)


def test_a_long_reply_is_cut_at_max_output_tokens_and_marked_incomplete(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("one two three four five six seven eight")

    response = ask(client, max_output_tokens=3)

    assert response.status == "incomplete"
    assert response.incomplete_details.reason == "max_output_tokens"
    assert response.output_text == "one two three"
    assert response.usage.output_tokens == 3


def test_a_refusal_is_a_refusal_content_part(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue(Reply(refusal="I can't help with that."))

    response = ask(client)

    assert response.output_text == ""
    assert response.output[0].content[0].type == "refusal"
    assert response.output[0].content[0].refusal == "I can't help with that."


def test_a_dict_answer_is_sent_as_json_text(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue({"message": "Grüße", "transition": "stay"})

    assert ask(client).output_text == '{"message": "Grüße", "transition": "stay"}'


def test_an_answer_of_the_wrong_type_is_a_500_that_says_so(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.responder = lambda request: None  # type: ignore[arg-type,return-value]

    with pytest.raises(openai.InternalServerError, match="cannot answer with NoneType"):
        ask(client)


# --------------------------------------------------------------------------- caching


def test_a_repeated_long_prefix_is_cached_in_whole_blocks(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("a", "b")
    ask(client, "first question", instructions=LONG_INSTRUCTIONS)
    second = ask(client, "another question", instructions=LONG_INSTRUCTIONS)

    cached = second.usage.input_tokens_details.cached_tokens
    shared = count_tokens(LONG_INSTRUCTIONS)
    assert cached >= 1024
    assert cached % 128 == 0
    assert shared - 128 < cached <= shared + 1  # +1: the role marker before the text


def test_a_prompt_that_starts_differently_gets_no_cache(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("a", "b")
    ask(client, instructions=LONG_INSTRUCTIONS)
    changed_first = ask(client, instructions="Step two. " + LONG_INSTRUCTIONS)

    assert changed_first.usage.input_tokens_details.cached_tokens == 0


def test_a_shared_prefix_below_the_minimum_is_not_cached(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("a", "b", "c")
    medium = " ".join(f"word{n}" for n in range(300))
    ask(client, "x", instructions=medium)

    assert ask(client, "y", instructions=medium).usage.input_tokens_details.cached_tokens == 0
    fake_openai.cache_min_tokens = 0
    # the framed instructions, then the user message's first framing tokens, in whole blocks
    shared = count_tokens(medium) + MESSAGE_OVERHEAD + MESSAGE_OVERHEAD - 1
    assert shared < 1024
    cached = ask(client, "z", instructions=medium).usage.input_tokens_details.cached_tokens
    assert cached == shared // 128 * 128 > 0


def test_the_cache_is_per_model(fake_openai: FakeOpenAIServer, client: openai.OpenAI) -> None:
    fake_openai.queue("a", "b")
    ask(client, instructions=LONG_INSTRUCTIONS, model="gpt-4.1-mini")
    other = ask(client, instructions=LONG_INSTRUCTIONS, model="gpt-4.1")

    assert other.usage.input_tokens_details.cached_tokens == 0


def strict_format(schema: dict[str, Any]) -> dict[str, Any]:
    return {"format": {"type": "json_schema", "name": "reply", "schema": schema, "strict": True}}


def long_schema(label: str) -> dict[str, Any]:
    """A strict schema of about 1,600 tokens whose first property name is ``label``."""
    names = [label, *(f"field_{n}" for n in range(150))]
    return {
        "type": "object",
        "properties": {name: {"type": "string"} for name in names},
        "required": names,
        "additionalProperties": False,
    }


def test_the_schema_is_read_before_the_instructions_so_a_new_schema_breaks_the_cache(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("a", "b", "c")
    ask(client, text=strict_format(long_schema("alpha")), instructions=LONG_INSTRUCTIONS)
    other_schema = ask(
        client, text=strict_format(long_schema("beta")), instructions=LONG_INSTRUCTIONS
    )
    other_instructions = ask(
        client, text=strict_format(long_schema("beta")), instructions="Other rules entirely."
    )

    assert other_schema.usage.input_tokens_details.cached_tokens == 0
    # The same schema is a cached prefix by itself, whatever instructions follow it.
    cached = other_instructions.usage.input_tokens_details.cached_tokens
    assert cached >= 1024 and cached % 128 == 0
    assert cached < other_instructions.usage.input_tokens


def test_cached_tokens_are_part_of_the_input_and_a_chain_is_billed_as_input(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("first answer " * 20, "second answer")
    first = ask(client, "question one", instructions=LONG_INSTRUCTIONS)
    second = ask(
        client, "question two", instructions=LONG_INSTRUCTIONS, previous_response_id=first.id
    )

    usage = second.usage
    chain = count_tokens("question one") + first.usage.output_tokens
    assert usage.input_tokens >= first.usage.input_tokens + chain  # the stored chain is input
    assert 0 < usage.input_tokens_details.cached_tokens <= usage.input_tokens
    assert usage.total_tokens == usage.input_tokens + usage.output_tokens


def test_requests_with_different_prompt_cache_keys_do_not_share_a_cache(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("a", "b", "c")
    ask(client, instructions=LONG_INSTRUCTIONS, prompt_cache_key="session-1")
    other_key = ask(client, instructions=LONG_INSTRUCTIONS, prompt_cache_key="session-2")
    same_key = ask(client, instructions=LONG_INSTRUCTIONS, prompt_cache_key="session-1")

    assert other_key.usage.input_tokens_details.cached_tokens == 0
    assert same_key.usage.input_tokens_details.cached_tokens >= 1024
    assert [r.body["prompt_cache_key"] for r in fake_openai.model_requests()] == [
        "session-1",
        "session-2",
        "session-1",
    ]


# --------------------------------------------------------------------------- chat completions


def test_chat_completions_see_the_messages_and_report_usage(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    seen: list[FakeRequest] = []
    fake_openai.responder = lambda request: seen.append(request) or "fine"
    completion = client.chat.completions.create(
        model="gpt-4.1-mini",
        messages=[
            {"role": "system", "content": "Be kind."},
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "hello"},
            {"role": "user", "content": "how are you?"},
        ],
        response_format={
            "type": "json_schema",
            "json_schema": {"name": "step_reply", "schema": SCHEMA, "strict": True},
        },
    )

    assert completion.object == "chat.completion"
    assert completion.choices[0].message.content == "fine"
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage.completion_tokens == 1
    assert completion.usage.prompt_tokens_details.cached_tokens == 0
    assert seen[0].instructions == "Be kind."
    assert seen[0].input_text == "how are you?"
    assert seen[0].schema == SCHEMA
    assert [m.role for m in seen[0].messages] == ["user", "assistant", "user"]


def test_a_chat_system_message_after_the_first_user_message_stays_where_it_was_sent(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    seen: list[FakeRequest] = []
    fake_openai.responder = lambda request: seen.append(request) or "fine"
    client.chat.completions.create(
        model="gpt-4.1-mini",
        messages=[
            {"role": "system", "content": "Be kind."},
            {"role": "user", "content": "hi"},
            {"role": "system", "content": "Now ask for the name."},
            {"role": "user", "content": "ok"},
        ],
    )

    assert seen[0].instructions == "Be kind."
    assert [(m.role, m.content) for m in seen[0].messages] == [
        ("user", "hi"),
        ("system", "Now ask for the name."),
        ("user", "ok"),
    ]


def test_chat_length_and_refusal(fake_openai: FakeOpenAIServer, client: openai.OpenAI) -> None:
    fake_openai.queue("one two three four", Reply(refusal="No."))
    messages: Any = [{"role": "user", "content": "hi"}]

    cut = client.chat.completions.create(
        model="gpt-4.1-mini", messages=messages, max_completion_tokens=2
    )
    refused = client.chat.completions.create(model="gpt-4.1-mini", messages=messages)

    assert (cut.choices[0].finish_reason, cut.choices[0].message.content) == ("length", "one two")
    assert refused.choices[0].message.refusal == "No."
    assert refused.choices[0].message.content is None


# --------------------------------------------------------------------------- faults


def test_an_empty_queue_is_a_500_that_says_why(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    with pytest.raises(openai.InternalServerError, match="queue is empty"):
        ask(client)


def test_a_responder_that_raises_is_reported_in_the_500(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    def broken(request: FakeRequest) -> str:
        raise KeyError("results")

    fake_openai.responder = broken

    with pytest.raises(openai.InternalServerError, match="KeyError"):
        ask(client)


def test_a_rate_limit_sends_the_retry_headers(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue(Fault.rate_limit(retry_after=2, retry_after_ms=1500))

    with pytest.raises(openai.RateLimitError) as raised:
        ask(client)

    headers = raised.value.response.headers
    assert (headers["retry-after"], headers["retry-after-ms"]) == ("2", "1500")
    assert raised.value.code == "rate_limit_exceeded"


def test_a_status_fault_sends_any_status_and_body(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue(Fault.status(418, {"error": {"message": "teapot", "type": "x"}}))

    with pytest.raises(openai.APIStatusError) as raised:
        ask(client)

    assert raised.value.status_code == 418
    assert raised.value.message.endswith("teapot")


def test_a_late_answer_times_the_client_out_and_a_drop_breaks_the_connection(
    fake_openai: FakeOpenAIServer,
) -> None:
    fake_openai.queue(Fault.delay(3), Fault.drop())
    with openai.OpenAI(
        api_key=FAKE_API_KEY, base_url=fake_openai.base_url, max_retries=0, timeout=0.3
    ) as impatient:
        with pytest.raises(openai.APITimeoutError):
            ask(impatient)
        with pytest.raises(openai.APIConnectionError) as dropped:
            ask(impatient)

    assert not isinstance(dropped.value, openai.APITimeoutError)
    assert fake_openai.requests[-1].status is None


# --------------------------------------------------------------------------- weaker servers


def test_a_server_without_the_responses_api_answers_404(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.supports_responses = False

    with pytest.raises(openai.NotFoundError):
        ask(client)


def test_a_server_may_refuse_previous_response_id(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("first")
    first = ask(client)
    fake_openai.reject_previous_response_id = True

    with pytest.raises(openai.BadRequestError) as raised:
        ask(client, previous_response_id=first.id)

    assert raised.value.param == "previous_response_id"


def test_a_server_without_strict_schemas_refuses_json_schema_but_takes_json_object(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.supports_strict_schema = False
    fake_openai.queue('{"message": "ok"}')

    with pytest.raises(openai.BadRequestError) as raised:
        ask(client, text=STRICT_FORMAT)
    answered = ask(client, text={"format": {"type": "json_object"}})

    assert raised.value.param == "text.format"
    assert answered.output_text == '{"message": "ok"}'


def test_a_schema_that_strict_mode_rejects_is_a_400(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    loose = {**SCHEMA, "additionalProperties": True}
    nested = {
        **SCHEMA,
        "properties": {"results": {"type": "object", "properties": {"a": {"type": "string"}}}},
        "required": ["results"],
    }
    for schema, complaint in ((loose, "additionalProperties"), (nested, "'results'")):
        fmt = {"format": {"type": "json_schema", "name": "r", "schema": schema, "strict": True}}
        with pytest.raises(openai.BadRequestError, match=complaint) as raised:
            ask(client, text=fmt)
        assert raised.value.code == "invalid_json_schema"


def test_a_wrong_key_is_a_401_that_never_echoes_it_whole(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.api_key = "sk-the-right-one-1234"

    with pytest.raises(openai.AuthenticationError) as raised:
        ask(client)

    assert raised.value.code == "invalid_api_key"
    assert FAKE_API_KEY not in str(raised.value)


# --------------------------------------------------------------------------- recording


def test_requests_are_recorded_with_the_key_redacted(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.queue("ok")
    ask(client, "hello", instructions="Be kind.")

    (recorded,) = fake_openai.requests
    assert (recorded.method, recorded.path, recorded.status) == ("POST", "/v1/responses", 200)
    assert recorded.body is not None
    assert (recorded.body["input"], recorded.body["instructions"]) == ("hello", "Be kind.")
    assert recorded.headers["authorization"] == "[REDACTED]"
    assert FAKE_API_KEY not in repr(fake_openai.requests)
    assert recorded.answer["output"][0]["content"][0]["text"] == "ok"


def test_the_model_list_answers(client: openai.OpenAI, fake_openai: FakeOpenAIServer) -> None:
    assert [model.id for model in client.models.list()] == list(fake_openai.models)


# --------------------------------------------------------------------------- lifecycle


def test_stopping_cuts_late_answers_and_leaves_no_listener() -> None:
    server = FakeOpenAIServer().start()
    port = server.port
    server.queue(Fault.delay(30))
    caller = threading.Thread(target=_call_and_ignore_errors, args=(server.base_url,))
    caller.start()
    _wait_until(lambda: len(server.requests) == 1)

    started = time.monotonic()
    server.stop()
    caller.join(timeout=5)

    assert time.monotonic() - started < 3
    assert not caller.is_alive()
    with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", port)):
        pass


def _call_and_ignore_errors(base_url: str) -> None:
    sdk = openai.OpenAI(api_key=FAKE_API_KEY, base_url=base_url, max_retries=0, timeout=60)
    with sdk, contextlib.suppress(openai.APIConnectionError):
        ask(sdk)


def _wait_until(condition: Any, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.01)


# --------------------------------------------------------------------------- the network guard


def test_tests_cannot_reach_beyond_this_machine(no_real_network: list[str]) -> None:
    with socket.socket() as sock, pytest.raises(RuntimeError, match="real network"):
        sock.connect(("192.0.2.1", 443))  # TEST-NET-1: documentation addresses
    with pytest.raises(RuntimeError, match="real network"):
        socket.getaddrinfo("api.openai.com", 443)

    assert no_real_network == ["connect to 192.0.2.1:443", "look up api.openai.com"]
    no_real_network.clear()  # seen and expected: do not fail this test at teardown


# --------------------------------------------------------------------------- the demo model


CONTRACT_LIKE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "message": {"type": "string"},
        "transition": {"type": "string", "enum": ["next", "stay"]},
        "results": {
            "type": "object",
            "properties": {
                "budget": {"anyOf": [{"type": "null"}, {"type": "integer"}]},
                "tags": {"type": "array", "items": {"type": "string"}},
                "urgent": {"type": ["boolean", "null"]},
            },
            "required": ["budget", "tags", "urgent"],
            "additionalProperties": False,
        },
    },
    "required": ["message", "transition", "results"],
    "additionalProperties": False,
}


def test_the_echo_model_answers_in_the_requested_schema(
    fake_openai: FakeOpenAIServer, client: openai.OpenAI
) -> None:
    fake_openai.responder = echo_responder
    fmt = {"format": {"type": "json_schema", "name": "r", "schema": CONTRACT_LIKE, "strict": True}}

    answer = json.loads(ask(client, "I need a CRM", text=fmt).output_text)

    assert answer == {
        "message": "(fake model) You said: I need a CRM",
        "transition": "stay",
        "results": {"budget": 0, "tags": [], "urgent": False},
    }


def test_the_fake_server_runs_standalone_for_demos() -> None:
    command = python_module_with_ctrl_c("engine.offline.fake_openai", "--port", "0")
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            base_url = process.stdout.readline().split()[4]
            with openai.OpenAI(api_key="sk-demo", base_url=base_url, max_retries=0) as sdk:
                reply = sdk.chat.completions.create(
                    model="gpt-4.1-mini", messages=[{"role": "user", "content": "hi"}]
                )
        finally:
            process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0

    assert reply.choices[0].message.content == "(fake model) You said: hi"
