"""The scripted provider replays a script of replies, one per call, as a chaining provider would."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from engine.errors import ProviderError
from engine.providers.base import Message, ModelRequest, Provider, Usage
from engine.providers.scripted import ScriptedProvider
from engine.providers.tokens import MESSAGE_OVERHEAD, count_tokens, request_tokens

pytestmark = pytest.mark.anyio

GOOD = {"message": "Hi! Your company?", "transition": "stay", "results": {}, "summary": ""}
NEXT = {
    "message": "Thanks, ACME.",
    "transition": "next",
    "results": {"company": "ACME"},
    "summary": "The user works at ACME.",
}


def request(
    text: str = "hello", *, instructions: str = "Be brief.", **extra: object
) -> ModelRequest:
    return ModelRequest(
        model="gpt-4.1-mini",
        instructions=instructions,
        input=text,
        schema={"type": "object"},
        **extra,  # type: ignore[arg-type]
    )


async def test_it_is_a_chaining_provider_named_scripted() -> None:
    provider = ScriptedProvider([GOOD])
    assert isinstance(provider, Provider)
    assert (provider.name, provider.chains) == ("scripted", True)


async def test_replies_come_back_in_order_with_fabricated_response_ids() -> None:
    provider = ScriptedProvider([GOOD, "not json", NEXT])
    replies = [await provider.complete(request(f"message {n}")) for n in range(3)]
    assert [reply.response_id for reply in replies] == ["scripted_1", "scripted_2", "scripted_3"]
    assert [reply.text for reply in replies] == [
        json.dumps(GOOD, ensure_ascii=False),
        "not json",
        json.dumps(NEXT, ensure_ascii=False),
    ]
    assert {(r.status, r.latency_s, r.model) for r in replies} == {
        ("completed", 0.0, "gpt-4.1-mini")
    }


async def test_a_mapping_reply_is_sent_as_json_the_contract_can_read() -> None:
    reply = await ScriptedProvider([NEXT]).complete(request())
    assert json.loads(reply.text) == NEXT


async def test_non_ascii_text_is_kept_readable() -> None:
    reply = await ScriptedProvider([{"message": "Grüße, ça va ?"}]).complete(request())
    assert "Grüße, ça va ?" in reply.text


async def test_usage_is_the_engines_token_count_of_what_was_sent_and_replied() -> None:
    history = (Message("user", "Hello there"), Message("assistant", "Hi! How can I help?"))
    sent = request("Book a table for two", instructions="You take bookings.", history=history)
    reply = await ScriptedProvider(["Done: a table for two at eight."]).complete(sent)
    assert reply.usage == Usage(
        input_tokens=request_tokens(sent),
        cached_tokens=0,
        output_tokens=count_tokens("Done: a table for two at eight.", sent.model),
    )
    # schema, instructions and two messages of history are all counted, each message framed
    framed = sum(count_tokens(m.content) + MESSAGE_OVERHEAD for m in history)
    assert reply.usage.input_tokens > framed + count_tokens("You take bookings.")


async def test_an_empty_reply_counts_no_output_token() -> None:
    reply = await ScriptedProvider([""]).complete(request(""))
    assert reply.usage.output_tokens == 0


async def test_every_request_is_kept_for_inspection() -> None:
    provider = ScriptedProvider([GOOD, NEXT])
    first, second = request("one"), request("two", previous_response_id="scripted_1")
    await provider.complete(first)
    await provider.complete(second)
    assert provider.requests == [first, second]
    assert provider.remaining == 0


async def test_running_out_of_replies_is_a_clear_non_retryable_provider_error() -> None:
    provider = ScriptedProvider([GOOD])
    await provider.complete(request())
    with pytest.raises(ProviderError) as caught:
        await provider.complete(request())
    assert str(caught.value) == (
        "the script has no reply left: all 1 were used (add replies to continue the conversation)"
    )
    assert caught.value.retryable is False
    assert provider.calls == 1


async def test_a_yaml_script_file_is_read(tmp_path: Path) -> None:
    script = tmp_path / "demo.yaml"
    script.write_text(
        "# a demo with one broken reply\n"
        "- {message: 'Hi!', transition: stay, results: {}, summary: ''}\n"
        "- this is not JSON\n",
        encoding="utf-8",
    )
    provider = ScriptedProvider(script)
    first = await provider.complete(request())
    second = await provider.complete(request())
    assert json.loads(first.text) == {
        "message": "Hi!",
        "transition": "stay",
        "results": {},
        "summary": "",
    }
    assert second.text == "this is not JSON"


async def test_a_json_lines_script_file_is_read_skipping_blanks_and_comments(
    tmp_path: Path,
) -> None:
    script = tmp_path / "demo.jsonl"
    script.write_text(
        json.dumps(GOOD) + "\n\n# the model breaks the contract here\n" + '"{broken"\n',
        encoding="utf-8",
    )
    provider = ScriptedProvider(str(script))
    assert provider.replies == [GOOD, "{broken"]
    with pytest.raises(ProviderError, match=re.escape(f"the script {script} has no reply left")):
        for _ in range(3):
            await provider.complete(request())


async def test_an_empty_script_file_has_no_replies(tmp_path: Path) -> None:
    script = tmp_path / "empty.yaml"
    script.write_text("# nothing yet\n", encoding="utf-8")
    assert ScriptedProvider(script).remaining == 0


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("s.yaml", "message: hi\n", "a script is a list of replies, got a dict"),
        ("s.yaml", "- [1, 2]\n", "s.yaml: reply 1: a reply is a mapping of the contract fields"),
        ("s.yaml", "- {a: 1\n", "s.yaml:2: not valid YAML"),
        ("s.jsonl", '{"message": "ok"}\n{oops}\n', "s.jsonl:2: not a JSON value"),
        ("s.jsonl", "42\n", "s.jsonl:1: a reply is a mapping of the contract fields or a raw"),
        ("s.yaml", "- {when: 2024-01-01}\n", "reply 1: the reply cannot be sent as JSON"),
    ],
)
async def test_a_bad_script_file_says_where_and_what(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    script = tmp_path / name
    script.write_text(text, encoding="utf-8")
    with pytest.raises(ProviderError) as caught:
        ScriptedProvider(script)
    assert message in str(caught.value)
    assert caught.value.retryable is False


async def test_a_missing_script_file_is_a_provider_error(tmp_path: Path) -> None:
    with pytest.raises(ProviderError, match=r"cannot read the script .*missing\.yaml"):
        ScriptedProvider(tmp_path / "missing.yaml")


async def test_closing_is_harmless_and_repeatable() -> None:
    provider = ScriptedProvider([GOOD])
    await provider.aclose()
    await provider.aclose()
    assert (await provider.complete(request())).response_id == "scripted_1"


def test_a_fifo_named_as_the_script_is_refused_at_once_instead_of_blocking(
    tmp_path: Path,
) -> None:
    fifo = tmp_path / "replies.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(ProviderError, match="not a regular file"):
        ScriptedProvider(fifo)


async def test_a_script_goes_on_where_it_stood_only_on_the_same_file(tmp_path: Path) -> None:
    """Response ids say each reply's place in its script: a resumed or forked conversation on
    the same file takes it up there; another file, or replies not from a file, start over."""
    path = tmp_path / "replies.yaml"
    path.write_text("- one\n- two\n- three\n", encoding="utf-8")
    first = ScriptedProvider(path)
    ids = [(await first.complete(request())).response_id for _ in range(2)]
    assert ids == [f"scripted_1_{first.fingerprint}", f"scripted_2_{first.fingerprint}"]

    again = ScriptedProvider(path)
    again.continue_after([*ids, None, "resp_abc", "scripted_9"])  # others' ids do not count
    assert (again.calls, (await again.complete(request())).text) == (2, "three")
    other = tmp_path / "other.yaml"
    other.write_text("- one\n", encoding="utf-8")
    elsewhere = ScriptedProvider(other)
    elsewhere.continue_after(ids)
    assert elsewhere.calls == 0
