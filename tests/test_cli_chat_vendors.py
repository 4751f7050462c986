"""``prompter chat scenarios/analyst_bot --provider anthropic|gemini``: the demo conversation
against each vendor's fake, through the vendor's own SDK, with every token kind in the ledger."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.cli import main
from engine.offline.fake_anthropic import FakeAnthropicServer
from engine.offline.fake_gemini import FakeGeminiServer
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.xdist_group("vendor_sdks")

REPO = Path(__file__).resolve().parent.parent
ANALYST = REPO / "scenarios" / "analyst_bot"
DEMO_MESSAGES = (ANALYST / "demo" / "messages.txt").read_text(encoding="utf-8")
DEMO_REPLIES: list[dict[str, Any]] = yaml.safe_load(
    (ANALYST / "demo" / "replies.yaml").read_text(encoding="utf-8")
)


def chat(monkeypatch: pytest.MonkeyPatch, stdin: str, *args: str | Path) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["chat", *map(str, args)])


@pytest.mark.parametrize(
    ("provider", "model", "env"),
    [
        ("anthropic", "claude-sonnet-4-5", "anthropic_env"),
        ("gemini", "gemini-2.5-flash", "gemini_env"),
    ],
)
def test_the_analyst_bots_demo_runs_on_each_vendor(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    request: pytest.FixtureRequest,
    tmp_path: Path,
    provider: str,
    model: str,
    env: str,
) -> None:
    server: FakeAnthropicServer | FakeGeminiServer = request.getfixturevalue(env)
    server.queue(*DEMO_REPLIES)  # a model that keeps the contract
    log, summary = tmp_path / "chat.jsonl", tmp_path / "summary.json"

    code = chat(
        monkeypatch,
        DEMO_MESSAGES,
        ANALYST,
        "--provider",
        provider,
        "--model",
        model,
        "--log",
        log,
        "--summary-json",
        summary,
    )

    assert code == 0, capsys.readouterr().err
    figures = json.loads(summary.read_text(encoding="utf-8"))
    assert figures["finished"] and figures["user_messages"] == 16
    assert figures["calls_per_message"] == 1.0
    assert figures["cached_tokens"] > 0.6 * figures["input_tokens"]
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert records[0]["type"] == "session_start" and records[0]["provider"] == provider
    assert records[-1]["type"] == "session_end"
    bodies = [r.body or {} for r in server.model_requests()]
    assert len(bodies) == 16
    if provider == "anthropic":
        assert all(body["output_config"]["format"]["type"] == "json_schema" for body in bodies)
        assert figures["cache_write_tokens"] > 0
    else:
        assert all(body["generationConfig"]["responseJsonSchema"] for body in bodies)
        assert figures["cache_write_tokens"] == 0


def test_the_key_free_bot_answers_the_vendor_fakes_too(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    anthropic_env: FakeAnthropicServer,
) -> None:
    anthropic_env.responder = ScenarioBot(load_scenario(ANALYST))
    code = chat(
        monkeypatch,
        "Sure, let's go\nAn app that tracks the books I own.\n",
        ANALYST,
        "--provider",
        "anthropic",
        "--model",
        "claude-sonnet-4-5",
    )
    assert code == 0
    assert len(anthropic_env.model_requests()) >= 2
    assert capsys.readouterr().out.strip()


def test_a_vendor_without_its_key_says_which_variable_to_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = chat(monkeypatch, "hi\n", ANALYST, "--provider", "anthropic")
    assert code != 0
    assert "ANTHROPIC_API_KEY" in capsys.readouterr().err
