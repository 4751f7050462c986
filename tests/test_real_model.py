"""Prompter against a real model behind a real server nobody here wrote: llama-cpp-python's
``llama_cpp.server`` with SmolLM2-135M-Instruct (``tests/plugins/real_model.py``).

The unmodified command line, as a user types it, with nothing configured but the server's
address: no key, no profile, no price. What these tests check is not whether a 135M model
follows the analyst bot's script (it mostly does not): it is that Prompter talks to the server,
caps every reply, counts the tokens honestly (estimated, never 0) and never shows the user a
broken reply or the contract's own words.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from plugins.real_model import RealModelServer

from engine.languages.en import SCAFFOLDING

pytestmark = [
    pytest.mark.real_model,
    pytest.mark.slow,
    pytest.mark.xdist_group("real_model"),
    pytest.mark.timeout(1800),
]

REPO = Path(__file__).resolve().parent.parent
#: A small scenario, one call per message (``max_attempts: 1``: a broken reply is answered with
#: the fallback at once): a 135M model on two busy cores may write a token a second, and what is
#: checked here needs neither the analyst bot's long prompt nor corrections (the bench runs them).
SCENARIO = """\
name: pizza
start: welcome
persona: persona.md
model: {name: smollm2-135m-instruct}
contract: {max_attempts: 1}
variables:
  topping: {type: string}
steps:
  welcome: {kind: message, text: "Hello! Pizza time.", transitions: {go: {to: order}}}
  order:
    goal: Take the order
    instructions: order.md
    results: {topping: {type: string, required: true}}
    transitions: {ordered: {to: bye, requires: [topping]}}
  bye: {kind: message, text: "One {{topping}} pizza, coming up.", final: true}
"""
PERSONA = """\
---
name: Hungry Sam
goal: order a pizza
---
You are Sam. You want one pizza with mushrooms. You answer in one short sentence.
"""
TEST = """\
name: A mushroom pizza
turns:
  - user: Mushroom, please.
    expect: {step: bye}
"""
THREE_MESSAGES = "Hi, I'd like a pizza.\nWhat toppings are there?\nMushroom, please.\n"
#: Every call of these tests waits this long at most (the machine may be busy) …
TIMEOUT = "600"
#: … and writes this many tokens at most: a pizza order's reply is some 50 (the grammar the
#: server makes of the schema lets a small model write whitespace for ever, up to the cap).
CAP = "120"


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    (folder / "tests" / "personas").mkdir(parents=True)
    (folder / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    (folder / "persona.md").write_text("You take orders for a pizzeria, briefly.\n", "utf-8")
    (folder / "order.md").write_text(
        "Ask which topping the customer wants, then record it.\n", "utf-8"
    )
    (folder / "tests" / "personas" / "sam.md").write_text(PERSONA, encoding="utf-8")
    (folder / "tests" / "mushroom.test.yaml").write_text(TEST, encoding="utf-8")
    return folder


def prompter(
    *args: str | Path, stdin: str = "", timeout: float = 1800
) -> subprocess.CompletedProcess[str]:
    """``prompter ARGS`` in a process of its own, with no OpenAI variable set."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("OPENAI_")}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, "-m", "engine", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=env,
        cwd=REPO,
    )


def records(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def contract_words() -> list[str]:
    """The sentences of Prompter's own prompt texts (the reply rules, the corrections, the
    step sections): none may reach the user."""
    sentences: list[str] = []
    for text in SCAFFOLDING.values():
        for line in text.splitlines():
            sentences += [part.strip() for part in line.split(". ") if len(part.strip()) > 40]
    return [sentence for sentence in sentences if "{" not in sentence]


def test_providers_check_finds_what_llama_cpp_python_does(
    real_model: RealModelServer, config_folder: Path
) -> None:
    done = prompter(
        "providers", "check", "--provider", "chat", "--model", real_model.model,
        "--base-url", real_model.base_url, "--json", "--timeout", TIMEOUT,
    )  # fmt: skip

    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["schema_enforced"], found["chaining"], found["usage_when_streaming"]) == (
        True,
        False,
        False,
    )
    # it refuses json_schema (a 500), takes a schema as a json_object grammar, reads max_tokens
    assert found["structured_output"] == "json_object_schema"
    assert found["output_cap_param"] == "max_tokens"
    assert found["would_choose"]["provider"] == "chat"
    assert Path(found["saved_to"]).parent == config_folder / "providers"


def test_a_chat_of_three_piped_messages_counts_tokens_and_shows_no_broken_reply(
    real_model: RealModelServer, pizza: Path, tmp_path: Path
) -> None:
    summary, log = tmp_path / "summary.json", tmp_path / "chat.jsonl"

    done = prompter(
        "chat", pizza, "--provider", "chat", "--model", real_model.model,
        "--base-url", real_model.base_url, "--timeout", TIMEOUT, "--max-output-tokens", CAP,
        "--summary-json", summary, "--log", log,
        stdin=THREE_MESSAGES,
    )  # fmt: skip

    assert done.returncode == 0, done.stderr
    figures = json.loads(summary.read_text(encoding="utf-8"))
    assert figures["user_messages"] == 3 or figures["finished"]  # every message, or done
    assert figures["input_tokens"] > 0 and figures["output_tokens"] > 0
    assert figures["estimated_calls"] == figures["llm_calls"]  # the stream sent no usage
    assert "estimated for" in done.stderr
    # never silent: the server refused json_schema once, and the chat said what it did instead
    assert "switched to 'json_object_schema'" in done.stderr
    events = records(log)
    assert sum(event["type"] == "provider_notice" for event in events) == 1
    # every request was capped: no reply ran on past the default cap
    responses = [event for event in events if event["type"] == "model_response"]
    assert responses and all(event["usage"]["estimated"] for event in responses)
    assert figures["cost_usd"] is None  # a local model has no price: never $0.00
    shown = [event["text"] for event in events if event["type"] == "bot_message"]
    assert shown and done.stdout == "".join(f"{text}\n\n" for text in shown)  # as shown
    for text in shown:
        assert not text.lstrip().startswith("{"), text  # never the raw JSON reply
        for sentence in contract_words():
            assert sentence not in text


def test_every_request_is_capped_and_a_cut_reply_is_never_shown(
    real_model: RealModelServer, pizza: Path, tmp_path: Path
) -> None:
    log = tmp_path / "chat.jsonl"

    done = prompter(
        "chat", pizza, "--provider", "chat", "--model", real_model.model,
        "--base-url", real_model.base_url, "--max-output-tokens", "6", "--log", log,
        "--timeout", TIMEOUT, stdin="Mushroom, please.\n",
    )  # fmt: skip

    assert done.returncode == 0, done.stderr
    events = records(log)
    replies = [event for event in events if event["type"] == "model_response"]
    assert replies and all(
        (event["status"], event["incomplete_reason"]) == ("incomplete", "max_output_tokens")
        for event in replies
    )
    # what the user saw was the scenario's fallback, never half a reply
    said = [event for event in events if event["type"] == "bot_message"]
    assert said[-1]["source"] == "fallback"


def test_a_short_simulation_on_the_real_model_finishes(
    real_model: RealModelServer, pizza: Path, tmp_path: Path
) -> None:
    out = tmp_path / "simulation"

    done = prompter(
        "simulate", pizza, "--provider", "chat", "--model", real_model.model,
        "--base-url", real_model.base_url, "--runs", "1", "--max-turns", "1",
        "--out", out, "--timeout", TIMEOUT, "--max-output-tokens", CAP,
    )  # fmt: skip

    # It finishes, with its report: whether the small model played its part is not the point
    # (a simulated user that sends an empty message fails its conversation, and says so).
    assert done.returncode in (0, 1), done.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["conversations"]["reported"] == 1
    played = report["simulated_user"]
    assert played["calls"] > 0 and played["input_tokens"] > 0 and played["output_tokens"] > 0
    assert played["estimated_calls"] == 0  # not streamed: the server said its usage
    for run in report["runs"]:
        assert run["status"] != "failed" or run["error"]  # a failure says why


def test_a_test_recorded_on_the_real_model_replays_without_it(
    real_model: RealModelServer, pizza: Path
) -> None:
    recorded = prompter(
        "test", pizza, "--record", "--provider", "chat", "--model", real_model.model,
        "--base-url", real_model.base_url, "--timeout", TIMEOUT, "--max-output-tokens", CAP,
    )  # fmt: skip
    cassette = pizza / "tests" / "mushroom.replies.jsonl"
    assert recorded.returncode in (0, 1), recorded.stderr  # whether the small model passes
    assert cassette.is_file(), recorded.stdout + recorded.stderr
    assert "autopilot" not in cassette.read_text(encoding="utf-8")

    # no server, no key: the cassette answers (the scenario names the model it was recorded on)
    replayed = prompter("test", pizza)

    assert replayed.returncode == recorded.returncode, replayed.stdout + replayed.stderr
    assert "STALE" not in replayed.stdout
