"""The provider flags every model-calling command shares (``engine/cli/provider_options.py``),
and what the command line says about the provider: a refused format switched (never silently),
a schema not enforced, tokens estimated."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from engine.cli import build_parser, main
from engine.io.resources import default_scenario
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FakeOpenAIServer, Fault
from engine.providers.profile import ProviderProfile, normalised_base_url, save_profile
from engine.scenario.loader import load_scenario

REPO = Path(__file__).resolve().parent.parent
PLAN = REPO / "bench" / "conversations" / "analyst_bot.yaml"
LLAMA_CPP_REFUSAL = {
    "error": {
        "message": "1 validation error: ('body', 'response_format', 'type'): Input should be "
        "'text' or 'json_object'",
        "type": "internal_server_error",
    }
}


def chat(monkeypatch: pytest.MonkeyPatch, stdin: str, *args: str | Path) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["chat", *map(str, args)])


@pytest.mark.parametrize("command", ["chat", "test", "simulate", "serve"])
def test_every_command_calling_a_model_takes_the_same_provider_flags(command: str) -> None:
    parser = build_parser(command)
    args = parser.parse_args(
        [
            command,
            "folder",
            "--provider",
            "chat",
            "--model",
            "m",
            "--base-url",
            "http://127.0.0.1:8080/v1",
            "--timeout",
            "90",
            "--max-output-tokens",
            "300",
        ]
    )
    assert (args.provider, args.model, args.base_url, args.timeout, args.max_output_tokens) == (
        "chat",
        "m",
        "http://127.0.0.1:8080/v1",
        90.0,
        300,
    )


def test_a_cap_of_zero_is_refused_before_anything_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["chat", "--max-output-tokens", "0"])
    assert raised.value.code == 2
    assert "at least 1" in capsys.readouterr().err


def test_the_fake_model_is_reached_by_the_api_the_provider_flag_names(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "chat.jsonl"
    code = chat(monkeypatch, "hello\n", "--fake-model", "--provider", "chat", "--log", log)

    assert code == 0
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert start["type"] == "session_start" and start["provider"] == "chat"


def test_a_refused_format_is_switched_said_on_stderr_and_logged(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fake_openai: FakeOpenAIServer,
    tmp_path: Path,
) -> None:
    """llama-cpp-python's answer to a json_schema format (a 500 naming it): one call refused,
    none retried, the chat goes on with the next format and says so where the user looks."""
    monkeypatch.setenv("OPENAI_API_KEY", "none")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    plan = Plan.load(PLAN)
    fake_openai.responder = Autopilot(load_scenario(default_scenario()), plan)
    fake_openai.queue(Fault.status(500, LLAMA_CPP_REFUSAL))
    log = tmp_path / "chat.jsonl"
    messages = "".join(f"{line}\n" for line in plan.user_messages[:3])

    code = chat(
        monkeypatch,
        messages,
        "--provider",
        "chat",
        "--base-url",
        fake_openai.base_url,
        "--max-output-tokens",
        "321",
        "--timeout",
        "30",
        "--log",
        log,
    )

    assert code == 0
    err = capsys.readouterr().err
    assert "refused the structured-output format 'json_schema' (500)" in err
    assert "switched to 'json_object_schema'" in err
    calls = fake_openai.model_requests()
    assert [call.status for call in calls[:2]] == [500, 200]
    assert all(call.body is not None and call.body["max_tokens"] == 321 for call in calls)
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    notices = [record for record in records if record["type"] == "provider_notice"]
    assert len(notices) == 1 and "json_object_schema" in notices[0]["message"]


def test_usage_a_stream_lacks_is_estimated_and_said_so(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
    tmp_path: Path,
) -> None:
    openai_env.stream_usage = False
    plan = Plan.load(PLAN)
    openai_env.responder = Autopilot(load_scenario(default_scenario()), plan)
    summary = tmp_path / "summary.json"

    code = chat(
        monkeypatch,
        f"{plan.user_messages[0]}\n",
        "--provider",
        "chat",
        "--summary-json",
        summary,
    )

    assert code == 0
    figures = json.loads(summary.read_text(encoding="utf-8"))
    assert figures["estimated_calls"] == figures["llm_calls"] >= 1
    assert figures["input_tokens"] > 0 and figures["output_tokens"] > 0
    assert f"(estimated for {figures['llm_calls']} of" in capsys.readouterr().err


def test_a_saved_profile_is_used_and_a_schema_not_enforced_is_said(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
) -> None:
    plan = Plan.load(PLAN)
    openai_env.responder = Autopilot(load_scenario(default_scenario()), plan)
    save_profile(
        ProviderProfile(
            provider="chat",
            base_url=normalised_base_url(openai_env.base_url),
            model="gpt-4.1-mini",
            schema_enforced=False,
            structured_output="json_object",
            chaining=False,
            usage_when_streaming=True,
            cached_tokens_reported=True,
            context_tokens=None,
            output_cap_param="max_completion_tokens",
            checked_at="2026-12-05T10:00:00Z",
        )
    )

    code = chat(monkeypatch, f"{plan.user_messages[0]}\n", "--provider", "chat")

    assert code == 0
    assert "schema not enforced: replies checked after the fact" in capsys.readouterr().err
    (first, *_) = openai_env.model_requests()
    assert first.body is not None
    assert first.body["response_format"] == {"type": "json_object"}
    assert first.body["max_completion_tokens"] == 1000  # the default cap, as the profile says
