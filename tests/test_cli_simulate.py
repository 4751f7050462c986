"""``python -m engine simulate``: a run with its report, a persona that does not parse (nothing
runs), no key, saving a conversation as a test, the progress bar, and Ctrl-C on a real process
(finished conversations keep their logs and the report covers them)."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from plugins.cli import python_module_with_ctrl_c

from engine.cli import main
from engine.log.reader import read_log
from engine.offline.fake_anthropic import FakeAnthropicServer
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.offline.persona_model import PersonaModel, RoleRouter
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.loader import load_scenario
from engine.simulate.runner import Counts, ProgressUpdate
from engine.simulate.terminal import TerminalProgress, format_duration, progress_line

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
ANA = """\
---
name: Ana
goal: Order a margherita to 1 Main Street
facts: {customer_name: Ana, pizzas: [margherita], address: 1 Main Street}
behaviour: [chatty]
---
Ana is hungry and knows what she wants.
"""


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    (folder / "tests" / "personas").mkdir(parents=True)
    (folder / "tests" / "personas" / "ana.md").write_text(ANA, encoding="utf-8")
    return folder


@pytest.fixture
def served(openai_env: FakeOpenAIServer, pizza: Path) -> FakeOpenAIServer:
    openai_env.responder = RoleRouter(ScenarioBot(load_scenario(pizza)), PersonaModel())
    return openai_env


def test_a_run_prints_the_summary_and_writes_the_report(
    served: FakeOpenAIServer, pizza: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    code = main(
        [
            "simulate",
            str(pizza),
            "--runs",
            "3",
            "--jobs",
            "2",
            "--out",
            str(out),
            "--rpm",
            "0",
            "--tpm",
            "0",
        ]
    )
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert "Simulation of pizza_order: 3 of 3 conversations" in printed.out
    assert f"report: {out / 'report.json'}" in printed.out
    assert "simulating 3 conversations of pizza_order with 1 personas" in printed.err
    assert printed.err.count("3/3 100%") == 1  # not a terminal: plain lines, each state once
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["conversations"]["reported"] == 3
    assert len(list((out / "conversations").glob("*.jsonl"))) == 3
    assert report["settings"]["limits"] == {"gpt-4.1-mini": {"rpm": None, "tpm": None}}


def test_a_persona_that_does_not_parse_stops_everything_before_it_starts(
    served: FakeOpenAIServer, pizza: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = pizza / "tests" / "personas" / "broken.md"
    broken.write_text("---\nname: Broken\nbehavior: [terse]\n---\nHi\n", encoding="utf-8")
    out = tmp_path / "out"
    code = main(["simulate", str(pizza), "--out", str(out)])
    printed = capsys.readouterr()
    assert code == 1
    assert f"{broken}:3:1: error: unknown key 'behavior' (did you mean 'behaviour'?)" in (
        printed.err
    )
    assert "nothing was run" in printed.err
    assert served.model_requests() == []
    assert not out.exists()


def test_without_a_key_it_says_how_to_set_one(
    pizza: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", str(pizza)]) == 2
    assert "no OpenAI API key" in capsys.readouterr().err


def test_without_a_key_the_key_free_model_plays_both_sides(
    pizza: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert (
        main(["simulate", str(pizza), "--fake-model", "--runs", "2", "-q", "--out", str(out)]) == 0
    )
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["conversations"]["reported"] == report["conversations"]["planned"] == 2
    assert report["conversations"]["failed"] == 0
    assert report["bot"]["calls"] > 0 and report["simulated_user"]["calls"] > 0
    assert "no OpenAI API key" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "flags",
    [
        ["--runs", "0"],
        ["--jobs", "0"],
        ["--max-turns", "0"],
        ["--rpm", "-1"],
        ["--conversations", "0"],
    ],
)
def test_nonsense_numbers_are_refused(
    pizza: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", str(pizza), *flags]) == 1
    assert "prompter simulate: --" in capsys.readouterr().err


def test_a_simulated_conversation_is_saved_as_a_test_that_passes(
    served: FakeOpenAIServer, pizza: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["simulate", str(pizza), "--runs", "1", "--out", str(out), "-q"]) == 0
    (log,) = (out / "conversations").glob("*.jsonl")
    capsys.readouterr()
    assert (
        main(
            [
                "simulate",
                str(pizza),
                "--save-test",
                str(log),
                "--test-name",
                "Chatty Ana orders",
                "--as",
                "chatty_ana",
            ]
        )
        == 0
    )
    assert "saved" in capsys.readouterr().out
    test_file = pizza / "tests" / "chatty_ana.test.yaml"
    assert "name: Chatty Ana orders" in test_file.read_text(encoding="utf-8")
    served.responder = None  # replayed from the cassette: the model is not asked again
    assert main(["test", str(pizza), "chatty_ana", "--logs", str(tmp_path / "logs")]) == 0
    assert main(["simulate", str(pizza), "--save-test", str(log), "--as", "chatty_ana"]) == 1
    assert "already exists" in capsys.readouterr().err


def counts(done: int, total: int = 10, **extra: int) -> Counts:
    values = {
        "total": total,
        "started": done,
        "running": 0,
        "finished": done,
        "stuck": 0,
        "abandoned": 0,
        "failed": 0,
        "cancelled": 0,
        "turns": done * 3,
        "bot_calls": done * 3,
        "user_calls": done * 3,
        "requests": done * 6,
        "rate_limited": 0,
        "elapsed_s": 30.0,
        "eta_s": 42.0 if done < total else 0.0,
    }
    values.update(extra)
    return Counts(**values)  # type: ignore[arg-type]


def test_the_progress_bar_redraws_in_place_on_a_terminal_and_prints_lines_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "160")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    bar = TerminalProgress(terminal, redraw_s=0)
    bar(ProgressUpdate(counts(4, rate_limited=3)))
    bar(ProgressUpdate(counts(10)))
    bar.close()
    drawn = terminal.getvalue()
    assert drawn.startswith("\r[")
    assert "\x1b[K" in drawn
    assert " 4/10  40% | 4 finished" in drawn
    assert "3x429" in drawn and "ETA 0:42" in drawn
    assert drawn.endswith("\n")
    log = io.StringIO()
    plain = TerminalProgress(log, every_s=3600)
    plain(ProgressUpdate(counts(1)))
    plain(ProgressUpdate(counts(5)))  # within the period: not printed
    plain(ProgressUpdate(counts(10)))  # the end always is
    lines = log.getvalue().splitlines()
    assert len(lines) == 2
    assert "\r" not in log.getvalue() and "\x1b" not in log.getvalue()
    assert lines[-1].startswith("10/10 100%") and "done" in lines[-1]
    half = progress_line(counts(5), width=120)
    bar = half[1 : half.index("]")]
    assert bar.count("#") == bar.count("-") > 5  # half done, half to go
    assert len(half) <= 120
    assert (format_duration(None), format_duration(65), format_duration(3725)) == (
        "--:--",
        "1:05",
        "1:02:05",
    )


@pytest.mark.slow
def test_ctrl_c_stops_a_real_run_cleanly(
    served: FakeOpenAIServer, pizza: Path, tmp_path: Path
) -> None:
    served.latency = 0.1
    out = tmp_path / "out"
    env = {
        **os.environ,
        "OPENAI_API_KEY": FAKE_API_KEY,
        "OPENAI_BASE_URL": served.base_url,
        "PYTHONPATH": str(REPO),
    }
    process = subprocess.Popen(
        python_module_with_ctrl_c(
            "engine",
            "simulate",
            str(pizza),
            "--runs",
            "40",
            "--jobs",
            "2",
            "--max-turns",
            "8",
            "--out",
            str(out),
            "--rpm",
            "0",
            "--tpm",
            "0",
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    try:
        deadline = time.monotonic() + 60
        while not _some_conversation_ended(out):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no conversation ended in a minute"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, stderr
    assert "stopping: finished conversations are kept" in stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["stopped"] == "interrupted"
    conversations = report["conversations"]
    assert conversations["reported"] >= 1
    assert conversations["cancelled"] >= 1
    assert conversations["reported"] + conversations["cancelled"] == 40
    assert f"{conversations['reported']} of 40 conversations" in stdout
    for run in report["runs"]:
        if run["status"] != "cancelled":
            events = read_log(out / run["log"]).events
            assert events[-1].type == "session_end"
    for log in (out / "conversations").glob("*.jsonl"):
        assert not read_log(log).truncated_tail and not read_log(log).skipped


def _some_conversation_ended(out: Path) -> bool:
    folder = out / "conversations"
    if not folder.is_dir():
        return False
    for log in folder.glob("*.jsonl"):
        text = log.read_text(encoding="utf-8")
        if '"type":"session_end"' in text:
            return True
    return False


def test_a_server_that_asks_for_hours_stops_the_run_at_once_with_status_1(
    openai_env: FakeOpenAIServer, pizza: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34 item 13: every call answered 429 with ``retry-after: 99999`` used to keep the
    run silent for minutes (a minute's wait, then the same answer, again and again)."""
    openai_env.responder = lambda _request: Fault.rate_limit(retry_after=99_999)
    out = tmp_path / "out"
    code = main(["simulate", str(pizza), "--runs", "4", "--jobs", "2", "--out", str(out), "-q"])
    printed = capsys.readouterr()
    assert code == 1
    said = printed.out + printed.err
    assert "asks to wait 99999 s" in said and "stopped" in said
    assert len(openai_env.model_requests()) <= 2  # one call per conversation started, at most


@pytest.mark.xdist_group("vendor_sdks")
def test_a_simulation_runs_on_anthropic(
    anthropic_env: FakeAnthropicServer, pizza: Path, tmp_path: Path
) -> None:
    anthropic_env.responder = RoleRouter(ScenarioBot(load_scenario(pizza)), PersonaModel())
    out = tmp_path / "out"
    argv = ["simulate", str(pizza), "--runs", "1", "--out", str(out), "-q"]
    code = main([*argv, "--provider", "anthropic", "--user-model", "claude-sonnet-4-5"])
    assert code == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["conversations"]["finished"] == 1
    models = {r.body["model"] for r in anthropic_env.model_requests() if r.body}
    assert "claude-sonnet-4-5" in models
