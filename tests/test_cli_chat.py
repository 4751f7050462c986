"""``prompter chat``: stdin in, bot messages out, a JSON summary, sessions, and clear failures."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.cli.chat import StreamedMessages
from engine.cli.exit_codes import ExitCode
from engine.io.resources import default_scenario
from engine.log.events import Event, EventType
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.scenario.loader import load_scenario

REPO = Path(__file__).resolve().parent.parent
PLAN = REPO / "bench" / "conversations" / "analyst_bot.yaml"
SUMMARY_KEYS = [
    "user_messages",
    "llm_calls",
    "calls_per_message",
    "corrections",
    "input_tokens",
    "cached_tokens",
    "cache_write_tokens",
    "output_tokens",
    "cost_usd",
    "synthetic_calls",
    "cost",
    "path",
    "final_step",
    "finished",
    "variables",
]

SCENARIO = """\
name: pizza
start: welcome
variables:
  topping: {type: string}
steps:
  welcome: {kind: message, text: "Hello! Pizza time.", transitions: {go: {to: order}}}
  order:
    goal: Take the order
    instructions: order.md
    results: {topping: {type: string, required: true}}
    transitions: {ordered: {to: bye}}
  bye: {kind: message, text: "One {{topping}} pizza, coming up.", final: true}
"""


def reply(message: str, transition: str = "stay", **results: Any) -> dict[str, Any]:
    return {"message": message, "transition": transition, "results": results, "summary": ""}


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    folder.mkdir()
    (folder / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    (folder / "order.md").write_text("Ask for the topping.", encoding="utf-8")
    return folder


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "replies.yaml"
    replies = [
        reply("Which topping?", topping=None),
        "oops, not JSON",
        reply("Great choice.", "ordered", topping="mushroom"),
    ]
    path.write_text(json.dumps(replies), encoding="utf-8")  # JSON is YAML
    return path


def chat(monkeypatch: pytest.MonkeyPatch, stdin: str, *args: str | Path) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["chat", *map(str, args)])


def test_a_piped_chat_prints_the_bot_and_writes_the_summary(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pizza: Path,
    script: Path,
    tmp_path: Path,
) -> None:
    summary_path = tmp_path / "summary.json"
    code = chat(
        monkeypatch,
        "hi\n\nmushroom please\nthis line is never read\n",
        pizza,
        "--provider",
        "scripted",
        "--script",
        script,
        "--summary-json",
        summary_path,
    )
    out, err = capsys.readouterr()
    assert code == 0
    assert out.split("\n\n")[:-1] == [
        "Hello! Pizza time.",
        "Which topping?",
        "Great choice.",
        "One mushroom pizza, coming up.",
    ]
    summary = json.loads(summary_path.read_text(encoding="utf-8"))
    assert list(summary) == SUMMARY_KEYS
    assert {key: summary[key] for key in SUMMARY_KEYS if key != "cost_usd"} == {
        "user_messages": 2,
        "llm_calls": 3,
        "calls_per_message": 1.5,
        "corrections": 1,
        "input_tokens": summary["input_tokens"],
        "cached_tokens": 0,
        "cache_write_tokens": 0,
        "output_tokens": summary["output_tokens"],
        "synthetic_calls": 3,
        "cost": "no cost (scripted)",
        "path": ["welcome", "order", "bye"],
        "final_step": "bye",
        "finished": True,
        "variables": {"topping": "mushroom"},
    }
    # replies read from a script cost nothing, in the summary as in every view
    assert summary["input_tokens"] > 0 and summary["cost_usd"] == 0
    assert "finished: 2 messages, 3 model calls" in err
    assert err.rstrip().endswith("output, no cost (scripted)")


def test_without_an_api_key_it_says_how_to_set_one_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], pizza: Path
) -> None:
    code = chat(monkeypatch, "hi\n", pizza)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "export OPENAI_API_KEY=" in err and "--provider scripted" in err


def test_the_command_line_never_shows_a_traceback_for_a_missing_key(pizza: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    done = subprocess.run(
        [sys.executable, "-m", "engine", "chat", str(pizza)],
        input="hi\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 2
    assert "OPENAI_API_KEY" in done.stderr and "Traceback" not in done.stderr


def test_a_broken_scenario_is_reported_with_its_location(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pizza: Path,
    script: Path,
) -> None:
    (pizza / "scenario.yaml").write_text("name: pizza\nstart: [\n", encoding="utf-8")
    code = chat(monkeypatch, "hi\n", pizza, "--provider", "scripted", "--script", script)
    assert code == 1
    assert "scenario.yaml:" in capsys.readouterr().err


def test_a_session_file_resumes_the_chat_in_a_later_run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pizza: Path,
    tmp_path: Path,
) -> None:
    session, summary = tmp_path / "session.json", tmp_path / "summary.json"
    first = tmp_path / "first.yaml"
    first.write_text(json.dumps([reply("Which topping?", topping=None)]), encoding="utf-8")
    second = tmp_path / "second.yaml"
    second.write_text(json.dumps([reply("Noted.", "ordered", topping="olive")]), encoding="utf-8")
    assert (
        chat(
            monkeypatch,
            "hi\n",
            pizza,
            "--provider",
            "scripted",
            "--script",
            first,
            "--session",
            session,
        )
        == 0
    )
    assert json.loads(session.read_text(encoding="utf-8"))["state"]["step"] == "order"
    capsys.readouterr()
    assert (
        chat(
            monkeypatch,
            "olive\n",
            pizza,
            "--provider",
            "scripted",
            "--script",
            second,
            "--session",
            session,
            "--summary-json",
            summary,
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Hello! Pizza time." not in out  # the opening was not repeated
    assert out.split("\n\n")[:-1] == ["Noted.", "One olive pizza, coming up."]
    figures = json.loads(summary.read_text(encoding="utf-8"))
    assert (figures["user_messages"], figures["llm_calls"], figures["finished"]) == (2, 2, True)


def test_the_analyst_bot_over_the_responses_api_with_a_log(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
    tmp_path: Path,
) -> None:
    plan = Plan.load(PLAN)
    openai_env.responder = Autopilot(load_scenario(default_scenario()), plan)
    log, summary = tmp_path / "chat.jsonl", tmp_path / "summary.json"
    code = chat(
        monkeypatch,
        "".join(f"{line}\n" for line in plan.user_messages),
        "--log",
        log,
        "--summary-json",
        summary,
    )
    assert code == 0
    figures = json.loads(summary.read_text(encoding="utf-8"))
    assert figures["finished"] and figures["final_step"] == "brief"
    assert figures["calls_per_message"] == 1.0
    assert "PROJECT: Streakly" in capsys.readouterr().out
    text = log.read_text(encoding="utf-8")
    records = [json.loads(line) for line in text.splitlines()]
    assert records[0]["type"] == "session_start" and records[0]["provider"] == "responses"
    assert records[-1]["type"] == "session_end" and records[-1]["reason"] == "finished"
    assert FAKE_API_KEY not in text


def test_a_provider_error_in_a_pipe_stops_with_status_1_and_keeps_the_session(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
    pizza: Path,
    tmp_path: Path,
) -> None:
    openai_env.queue(
        json.dumps(reply("Which topping?", topping=None)),
        Fault.status(
            400, {"error": {"message": "model not found", "type": "invalid_request_error"}}
        ),
    )
    session, summary = tmp_path / "session.json", tmp_path / "summary.json"
    code = chat(monkeypatch, "hi\nham\n", pizza, "--session", session, "--summary-json", summary)
    err = capsys.readouterr().err
    assert code == 1
    assert "error:" in err and "Traceback" not in err
    assert json.loads(summary.read_text(encoding="utf-8"))["user_messages"] == 1
    assert json.loads(session.read_text(encoding="utf-8"))["state"]["turn"] == 1


# --- streaming (issue 24) ------------------------------------------------------------------------


class Terminal(io.StringIO):
    """What a terminal receives (a tty to the printer)."""

    def isatty(self) -> bool:
        return True


def event(kind: str, **data: Any) -> Event:
    return Event(type=kind, session="s", seq=1, turn=1, step="order", data=data)


def test_on_a_terminal_the_message_is_printed_as_it_comes_and_erased_when_taken_back() -> None:
    screen = Terminal()
    printer = StreamedMessages(screen, columns=10)
    for kind, data in [
        (EventType.MESSAGE_DELTA, {"delta": "I will fly ", "attempt": 1}),
        (EventType.MESSAGE_DELTA, {"delta": "away", "attempt": 1}),
    ]:
        printer(event(kind, **data))
    assert screen.getvalue() == "I will fly away"  # as it came, before the reply is judged

    printer(event(EventType.MESSAGE_RETRACTED, reason="contract_violation", attempt=1))
    printer(event(EventType.MESSAGE_DELTA, delta="Which topping?", attempt=2))
    printer(event(EventType.BOT_MESSAGE, text="Which topping?", source="model"))
    printer(event(EventType.BOT_MESSAGE, text="Bye.", source="message"))  # never streamed

    # 15 characters on a 10-column terminal: two rows, erased from the first one
    assert screen.getvalue() == ("I will fly away\r\x1b[1F\x1b[JWhich topping?\n\nBye.\n\n")


def test_no_stream_asks_the_model_for_whole_replies(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
    pizza: Path,
) -> None:
    for flags in ([], ["--no-stream"]):
        openai_env.queue(json.dumps(reply("Which topping?", topping=None)))
        assert chat(monkeypatch, "hi\n", pizza, *flags) == 0
        assert capsys.readouterr().out == "Hello! Pizza time.\n\nWhich topping?\n\n"
    streamed, whole = [call.body for call in openai_env.model_requests()[-2:]]
    assert streamed is not None and streamed["stream"] is True
    assert whole is not None and "stream" not in whole


@pytest.mark.parametrize("part", ["ledger", "state", "vars"])
def test_a_damaged_session_file_is_a_clear_failure_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pizza: Path,
    script: Path,
    tmp_path: Path,
    part: str,
) -> None:
    """Issue 34 item 10: a null part used to be "internal error (AttributeError)", exit 70."""
    session = tmp_path / "session.json"
    args = (pizza, "--provider", "scripted", "--script", script, "--session", session)
    assert chat(monkeypatch, "hi\n", *args) == ExitCode.OK
    data = json.loads(session.read_text(encoding="utf-8"))
    data[part] = None
    session.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert chat(monkeypatch, "hi\n", *args) == ExitCode.FAILED
    err = capsys.readouterr().err
    assert f"'{part}' must be an object, not null" in err and "Traceback" not in err
