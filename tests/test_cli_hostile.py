"""The command line under hostile scenarios, Ctrl-C, kills and pasted keys (issue 16, items 5, 7
and 8): a scenario ``validate`` rejects never runs, an interrupted turn leaves an event and never
a repeated ``seq``, and no file the engine writes holds the API key."""

from __future__ import annotations

import ctypes
import io
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plugins.cli import python_module_with_ctrl_c

from engine.cli import main
from engine.cli.exit_codes import ExitCode
from engine.drawio.read import inflate_page
from engine.log.reader import read_log
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.scenario.validate import check_folder

REPO = Path(__file__).resolve().parent.parent
PIZZA_FIXTURE = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"

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


def reply(message: str, transition: str = "stay", **results: Any) -> str:
    return json.dumps(
        {"message": message, "transition": transition, "results": results, "summary": ""}
    )


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    folder.mkdir()
    (folder / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    (folder / "order.md").write_text("Ask for the topping.", encoding="utf-8")
    return folder


def chat(monkeypatch: pytest.MonkeyPatch, stdin: str, *args: str | Path) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["chat", *map(str, args)])


# --- item 5: a scenario with errors never runs -------------------------------------------------


BROKEN = {
    "start names a missing step": ("start: welcome", "start: nowhere"),
    "an instruction file escapes the folder": (
        "instructions: order.md",
        "instructions: ../../etc/passwd",
    ),
    "a missing instruction file": ("instructions: order.md", "instructions: missing.md"),
    "a transition to a missing step": ("{ordered: {to: bye}}", "{ordered: {to: by}}"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_chat_and_export_refuse_a_scenario_with_errors_listing_them_as_validate_does(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
    pizza: Path,
    tmp_path: Path,
    case: str,
) -> None:
    old, new = BROKEN[case]
    (pizza / "scenario.yaml").write_text(SCENARIO.replace(old, new), encoding="utf-8")
    expected = [finding.render() for finding in check_folder(pizza)]
    assert any(": error: " in line for line in expected)
    log, summary = tmp_path / "chat.jsonl", tmp_path / "summary.json"

    code = chat(monkeypatch, "ham\n", pizza, "--log", log, "--summary-json", summary)
    out, err = capsys.readouterr()

    assert code == 1 and out == ""
    assert err.splitlines()[: len(expected)] == expected
    assert f"prompter chat: {pizza} has 1 error; fix it first" in err
    assert openai_env.requests == [] and not log.exists() and not summary.exists()

    output = tmp_path / "pizza.drawio"
    assert main(["export-drawio", str(pizza), "-o", str(output)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[: len(expected)] == expected
    assert not output.exists()


def test_a_lone_surrogate_in_a_title_is_refused_where_it_is_written(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], pizza: Path
) -> None:
    # issue 27, item 16: it once passed validate and broke the request to the model
    (pizza / "scenario.yaml").write_text(
        SCENARIO.replace("name: pizza\n", 'name: pizza\ntitle: "Pizza \\ud800"\n'), "utf-8"
    )

    assert chat(monkeypatch, "hi\n", pizza, "--provider", "scripted") == 1
    assert "scenario.yaml:2:8: error: the text holds a lone surrogate" in capsys.readouterr().err


def test_a_lone_surrogate_in_a_reply_does_not_break_the_log(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pizza: Path,
    tmp_path: Path,
) -> None:
    (pizza / "scenario.yaml").write_text(
        SCENARIO.replace("name: pizza\n", 'name: pizza\ntitle: "Pizza \\U0001F355"\n'), "utf-8"
    )
    script = tmp_path / "replies.jsonl"
    lone = reply("Which X topping?", topping=None).replace("X", "\\udfff")  # a JSON escape
    script.write_text(lone + "\n" + reply("Which topping?", topping=None) + "\n", encoding="utf-8")
    log = tmp_path / "chat.jsonl"

    code = chat(
        monkeypatch,
        "hi\n",
        pizza,
        "--provider",
        "scripted",
        "--script",
        script,
        "--log",
        log,
        "--session",
        tmp_path / "session.json",
        "--summary-json",
        tmp_path / "summary.json",
    )

    assert code == 0
    assert "Which topping?" in capsys.readouterr().out  # the surrogate reply was corrected
    read = read_log(log)
    assert read.skipped == [] and read.problems() == []
    assert [e.seq for e in read.events] == list(range(1, len(read.events) + 1))
    assert read.events[0].data["title"] == "Pizza \U0001f355"
    responses = [e for e in read.events if e.type == "model_response"]
    assert len(responses) == 2 and "\\udfff" in responses[0].data["raw_text"]  # as sent
    kinds = [e.data["kind"] for e in read.events if e.type == "contract_violation"]
    assert kinds == ["invalid_text"]


# --- item 7: Ctrl-C and kills ------------------------------------------------------------------


def start_chat(server: FakeOpenAIServer, folder: Path, tmp_path: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "OPENAI_API_KEY": FAKE_API_KEY, "OPENAI_BASE_URL": server.base_url}
    return subprocess.Popen(
        python_module_with_ctrl_c(
            "engine",
            "chat",
            str(folder),
            "--log",
            str(tmp_path / "log.jsonl"),
            "--session",
            str(tmp_path / "session.json"),
            "--summary-json",
            str(tmp_path / "summary.json"),
        ),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


def wait_for(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition was not met in time"
        threading.Event().wait(0.02)


def requests_logged(log: Path) -> int:
    return log.read_text(encoding="utf-8").count('"type":"model_request"')


def chat_waiting_on_its_second_call(
    server: FakeOpenAIServer, folder: Path, tmp_path: Path
) -> subprocess.Popen[str]:
    """``prompter chat`` answered once, its second model call under way (answered in 60 s)."""
    server.queue(reply("Which topping?", topping=None), Fault.delay(60, reply("too late")))
    process = start_chat(server, folder, tmp_path)
    assert process.stdin is not None
    process.stdin.write("hi\nham\n")
    process.stdin.flush()
    wait_for(lambda: len(server.requests) == 2)
    return process


def resume(server: FakeOpenAIServer, folder: Path, tmp_path: Path, text: str) -> str:
    process = start_chat(server, folder, tmp_path)
    out, err = process.communicate(text, timeout=60)
    assert process.returncode == 0, err
    return out


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_ctrl_c_mid_call_rolls_the_turn_back_writes_the_summary_and_resume_never_repeats_a_seq(
    fake_openai: FakeOpenAIServer, pizza: Path, tmp_path: Path
) -> None:
    log, summary = tmp_path / "log.jsonl", tmp_path / "summary.json"
    process = chat_waiting_on_its_second_call(fake_openai, pizza, tmp_path)
    assert requests_logged(log) == 2

    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)

    assert process.returncode == 130
    assert "Traceback" not in err and "interrupted" in err
    assert out.split("\n\n")[:-1] == ["Hello! Pizza time.", "Which topping?"]
    figures = json.loads(summary.read_text(encoding="utf-8"))
    assert (figures["user_messages"], figures["llm_calls"]) == (1, 1)
    events = read_log(log).events
    assert [e.type for e in events][-4:] == [
        "user_message",
        "model_request",
        "error",
        "session_end",
    ]
    assert events[-2].data["kind"] == "Interrupted" and events[-2].turn == 1
    saved = json.loads((tmp_path / "session.json").read_text(encoding="utf-8"))
    assert (saved["seq"], saved["state"]["turn"]) == (events[-2].seq, 1)

    fake_openai.queue(reply("Great choice.", "ordered", topping="ham"))
    out = resume(fake_openai, pizza, tmp_path, "ham\n")

    assert out.split("\n\n")[:-1] == ["Great choice.", "One ham pizza, coming up."]
    read = read_log(log)
    seqs = [e.seq for e in read.events]
    assert seqs == list(range(1, len(seqs) + 1))
    assert read.problems() == [] and read.repeats == []


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_run_killed_mid_turn_is_closed_in_the_log_when_the_session_resumes(
    fake_openai: FakeOpenAIServer, pizza: Path, tmp_path: Path
) -> None:
    log = tmp_path / "log.jsonl"
    for kill in range(3):  # the "9 kills gave 12 duplicate pairs", three times here
        fake_openai.queue(
            *([reply("Which topping?", topping=None)] if kill == 0 else []),
            Fault.delay(60, reply("too late")),
        )
        process = start_chat(fake_openai, pizza, tmp_path)
        assert process.stdin is not None
        process.stdin.write("hi\nham\n" if kill == 0 else "ham\n")
        process.stdin.flush()
        wait_for(lambda kill=kill: len(fake_openai.requests) == 2 + kill)  # the call is out
        process.kill()  # SIGKILL: nothing can be written any more
        process.communicate(timeout=30)

    fake_openai.queue(reply("Great choice.", "ordered", topping="ham"))
    resume(fake_openai, pizza, tmp_path, "ham\n")

    read = read_log(log)
    seqs = [e.seq for e in read.events]
    assert seqs == list(range(1, len(seqs) + 1)) and read.repeats == []
    closed = [e for e in read.events if e.type == "error"]
    assert [e.data["kind"] for e in closed] == ["Interrupted"] * 3
    assert all(e.turn == 1 for e in closed)
    assert read.events[-1].type == "session_end" and read.events[-1].data["reason"] == "finished"


# --- item 8: the key never reaches a file ------------------------------------------------------


def test_a_key_typed_into_the_chat_reaches_no_file(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    openai_env: FakeOpenAIServer,
    pizza: Path,
    tmp_path: Path,
) -> None:
    typed = "sk-proj-TypedByTheUser0123456789abcdefXYZ"  # not the environment's key
    openai_env.queue(reply(f"I will remember {typed} and {FAKE_API_KEY}", topping=typed))
    files = {name: tmp_path / name for name in ("log.jsonl", "session.json", "summary.json")}

    code = chat(
        monkeypatch,
        f"my keys are {typed} and {FAKE_API_KEY}\n",
        pizza,
        "--log",
        files["log.jsonl"],
        "--session",
        files["session.json"],
        "--summary-json",
        files["summary.json"],
    )

    assert code == 0
    for name, path in files.items():
        text = path.read_text(encoding="utf-8")
        assert typed not in text and FAKE_API_KEY not in text, name
        assert "[REDACTED]" in text, name
    assert json.loads(files["summary.json"].read_text())["variables"]["topping"] == "[REDACTED]"


def test_an_export_never_holds_a_key_pasted_into_the_scenario(tmp_path: Path) -> None:
    folder = tmp_path / "pizza"
    shutil.copytree(PIZZA_FIXTURE, folder)
    key = "sk-live-PastedIntoTheScenario000000000000"
    text = (folder / "scenario.yaml").read_text(encoding="utf-8")
    (folder / "scenario.yaml").write_text(
        text.replace("title: Pizza ordering", f"title: Pizza {key}"), encoding="utf-8"
    )

    assert main(["export-drawio", str(folder), "-o", str(tmp_path / "plain.drawio")]) == 0
    assert (
        main(["export-drawio", str(folder), "-o", str(tmp_path / "packed.drawio"), "--compressed"])
        == 0
    )

    plain = (tmp_path / "plain.drawio").read_text(encoding="utf-8")
    packed = (tmp_path / "packed.drawio").read_text(encoding="utf-8")
    page = packed.split('name="Pizza [REDACTED]">', 1)[1].split("</diagram>", 1)[0]
    for text in (plain, packed, inflate_page(page)):
        assert key not in text
    assert 'name="Pizza [REDACTED]"' in plain


def test_a_crash_report_is_redacted_and_says_it_is_a_bug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], pizza: Path
) -> None:
    key = "sk-live-LeakedInAnExceptionMessage0000"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env-KeyOfTheEnvironment00000")

    def broken(scenario: Path, command: str) -> None:
        raise RuntimeError(f"boom with {key} and sk-env-KeyOfTheEnvironment00000")

    monkeypatch.setattr("engine.cli.chat.runnable_scenario", broken)
    code = chat(monkeypatch, "hi\n", pizza)

    err = capsys.readouterr().err
    assert code == ExitCode.BUG
    assert "Traceback" in err and "RuntimeError: boom with [REDACTED] and [REDACTED]" in err
    assert key not in err and "KeyOfTheEnvironment" not in err
    assert err.rstrip().endswith("this is a bug, please report it with the lines above")


@pytest.mark.parametrize("where", ["/proc/pizza.drawio", "a folder"])
def test_an_output_that_cannot_be_written_is_a_clear_error_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    output = tmp_path if where == "a folder" else Path(where)
    assert main(["export-drawio", str(PIZZA_FIXTURE), "-o", str(output)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"prompter: {output}: ") and "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] == []  # no temporary left behind


#: The tgkill system call on x86-64 (Linux): a signal to one thread of a process.
SYS_TGKILL = 234


def _signal_a_thread_other_than_the_main_one(pid: int, signum: int) -> None:
    """What the kernel may do with a Ctrl-C: a process-wide signal goes to any thread that does
    not block it (``tgkill``, the system call, picks one here)."""
    others = sorted(int(task) for task in os.listdir(f"/proc/{pid}/task") if int(task) != pid)
    assert others, "the chat has threads besides the main one (the provider's loop)"
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.syscall(SYS_TGKILL, pid, others[0], signum) == 0, ctypes.get_errno()


@pytest.mark.skipif(platform.machine() != "x86_64", reason="tgkill's number is x86-64's here")
def test_ctrl_c_is_heard_even_when_the_kernel_hands_it_to_another_thread(
    fake_openai: FakeOpenAIServer, pizza: Path, tmp_path: Path
) -> None:
    process = chat_waiting_on_its_second_call(fake_openai, pizza, tmp_path)

    _signal_a_thread_other_than_the_main_one(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=20)  # not the call's 60 s

    assert process.returncode == 130, err
    assert "interrupted" in err
