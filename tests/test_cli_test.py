"""``python -m engine test``: one line per test in order, details under failures, exit 0 only when
all pass, JUnit XML and coverage JSON for CI, and a clear refusal for bad test files."""

from __future__ import annotations

import json
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from plugins.cli import Prompter

from engine.io.resources import scenarios_dir
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer

REPO = Path(__file__).resolve().parent.parent
SUPPORT = scenarios_dir() / "support_desk"


@pytest.fixture(autouse=True)
def private_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run logs go to the system's temporary folder by default: here, the test's own."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return temp


@pytest.fixture
def desk(tmp_path: Path) -> Path:
    folder = tmp_path / "support_desk"
    shutil.copytree(SUPPORT, folder)
    return folder


def test_the_shipped_tests_replay_green_with_no_key(
    desk: Path, tmp_path: Path, prompter: Prompter
) -> None:
    outcome = prompter("test", str(desk), "--logs", str(tmp_path / "logs"))

    assert outcome.returncode == 0, outcome.stdout + outcome.stderr
    lines = outcome.stdout.splitlines()
    shipped = sorted(path.name for path in (desk / "tests").glob("*.test.yaml"))
    assert len(shipped) == 8  # the support desk's tests, its action steps' included
    assert [line.split()[:2] for line in lines[: len(shipped)]] == [
        ["PASS", name] for name in shipped
    ]
    assert lines[len(shipped)].startswith(f"{len(shipped)} passed, 0 failed in ")
    assert "coverage of support_desk:" in outcome.stdout
    assert "  total " in outcome.stdout
    assert sorted(path.name for path in (tmp_path / "logs").iterdir()) == [
        name.replace(".test.yaml", ".jsonl") for name in shipped
    ]


def test_a_failure_is_explained_and_fails_the_run_with_junit_and_coverage(
    desk: Path, tmp_path: Path, prompter: Prompter
) -> None:
    test = desk / "tests" / "solved_on_first_fix.test.yaml"
    test.write_text(
        test.read_text(encoding="utf-8").replace("glad it works again", "sorry to hear"),
        encoding="utf-8",
    )
    junit, coverage = tmp_path / "junit.xml", tmp_path / "coverage.json"

    outcome = prompter("test", str(desk), "--junit", str(junit), "--coverage", str(coverage), "-q")

    assert outcome.returncode == 1
    assert outcome.stdout.splitlines()[:5] == [
        "FAIL   solved_on_first_fix.test.yaml — A problem solved by the first fix (2 turns, "
        "2 calls · replies by autopilot (synthetic))",
        "       turn 2, user: I cleared the browser cache as you said, and now the PDF is fine!",
        "         bot: Thank you, that is clear. Let us move on: the next topic. Tell me about "
        "it? ⏎ Great, glad it works again! If anything else comes up, just open a new chat.",
        '         bot_says: expected "sorry to hear", got "Thank you, that is clear. Let us move '
        "on: the next topic. Tell me about it?\\n\\nGreat, glad it works again! If anything "
        'else comes up, just open a new chat."',
        f"       log: {outcome.stdout.split('log: ')[1].split(' (turn 2)')[0]} (turn 2)",
    ]
    assert "PASS" not in outcome.stdout  # -q: only what failed, and the summary
    assert "7 passed, 1 failed" in outcome.stdout
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "8" and suite.get("failures") == "1"
    failed = [case for case in suite.iter("testcase") if case.find("failure") is not None]
    assert [case.get("name") for case in failed] == ["solved_on_first_fix.test.yaml"]
    failure = failed[0].find("failure")
    assert failure is not None and failure.get("type") == "expectation"
    assert failure.get("message", "").startswith("turn 2: bot_says: expected")
    # the shipped recordings are the autopilot's, and JUnit says so with what that means
    properties = {item.get("name"): item.get("value") for item in failed[0].iter("property")}
    assert properties == {"recorded_by": "autopilot", "synthetic": "true"}
    out = failed[0].findtext("system-out") or ""
    assert out.startswith("replies by autopilot (synthetic)\nsynthetic replies: they check")
    assert outcome.stdout.splitlines()[-1] == (
        "All 8 tests ran on synthetic replies (autopilot): they check the scenario's graph, the "
        "reply contract and the test's expectations given those replies; judging the "
        "instructions themselves needs a recording from a real model (--record with a key)."
    )
    report = json.loads(coverage.read_text(encoding="utf-8"))
    assert report["scenario"] == "support_desk"
    assert report["total"]["steps"]["percent"] == 100.0
    assert set(report["tests"]) == {path.name for path in (desk / "tests").glob("*.test.yaml")}


@pytest.mark.slow
def test_a_stale_test_tells_how_to_re_record_it(desk: Path, prompter: Prompter) -> None:
    with (desk / "steps" / "troubleshoot.md").open("a", encoding="utf-8") as handle:
        handle.write("\nAlways ask for a phone number too.\n")

    outcome = prompter("test", str(desk), "solved_on_first_fix")

    assert outcome.returncode == 1
    lines = outcome.stdout.splitlines()
    assert lines[0].startswith("STALE  solved_on_first_fix.test.yaml")
    assert lines[1] == (
        "       stale at turn 2, call 2: the request differs from the recording "
        "in the step's instructions (input_items.1.content)"
    )
    assert "now:      line" in lines[3] and "phone number" in lines[3]
    test = desk / "tests" / "solved_on_first_fix.test.yaml"
    assert lines[4] == f"       re-record: python -m engine test {desk} {test} --record"
    assert lines[5] == (  # the recording was synthetic: it can be made again with no key
        f"       or with no key: python -m engine test {desk} {test} --record --fake-model"
    )
    # the command printed is one that works, as printed
    again = prompter("test", *lines[5].split("python -m engine test ")[1].split())
    assert again.returncode == 0, again.stdout + again.stderr
    assert prompter("test", str(desk), "solved_on_first_fix").returncode == 0
    assert "0 passed, 0 failed, 1 stale" in outcome.stdout


def test_a_bad_test_file_stops_the_run_with_located_errors_and_changes_nothing(
    desk: Path,
    prompter: Prompter,
) -> None:
    bad = desk / "tests" / "bad.test.yaml"
    bad.write_text("turns:\n  - user: hi\n    expect: {step: ticet}\n", encoding="utf-8")
    before = {path.name: path.read_bytes() for path in (desk / "tests").iterdir() if path.is_file()}

    outcome = prompter("test", str(desk))

    assert outcome.returncode == 1
    assert outcome.stdout == (
        f"{bad}:3:20: error: step 'ticet' does not exist (did you mean 'ticket'?)\n"
    )
    assert "1 test file with errors; nothing was run" in outcome.stderr
    assert "Traceback" not in outcome.stderr
    assert {
        path.name: path.read_bytes() for path in (desk / "tests").iterdir() if path.is_file()
    } == before


def test_check_only_checks(desk: Path, prompter: Prompter) -> None:
    outcome = prompter("test", str(desk), "--check")

    assert outcome.returncode == 0
    assert outcome.stdout == ""
    assert "8 tests ok" in outcome.stderr


def test_recording_or_running_live_needs_a_key(desk: Path, prompter: Prompter) -> None:
    before = (desk / "tests" / "solved_on_first_fix.replies.jsonl").read_bytes()

    for flag in ("--record", "--live"):
        outcome = prompter("test", str(desk), flag)
        assert outcome.returncode == 2
        assert "no OpenAI API key" in outcome.stderr
    assert (desk / "tests" / "solved_on_first_fix.replies.jsonl").read_bytes() == before


def test_record_then_replay_against_a_model_server(
    desk: Path, tmp_path: Path, prompter: Prompter
) -> None:
    """--record talks to the configured server through the SDK; the new cassette replays."""
    test = desk / "tests" / "solved_on_first_fix.test.yaml"
    reply = {
        "message": "Understood.",
        "transition": "understood",
        "summary": "-",
        "results": {"issue_summary": "Downloaded invoice PDFs are blank.", "category": "invoices"},
    }
    done = {
        "message": "Great.",
        "transition": "solved",
        "summary": "-",
        "results": {"steps_tried": ["Cleared the browser cache - fixed"]},
    }
    cassette = desk / "tests" / "solved_on_first_fix.replies.jsonl"
    with FakeOpenAIServer() as server:
        server.queue(reply, done)
        env = {"OPENAI_API_KEY": FAKE_API_KEY, "OPENAI_BASE_URL": server.base_url}
        recorded = prompter("test", str(desk), str(test), "--record", env=env)
        assert len(server.model_requests()) == 2
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    assert "cassette written" in recorded.stdout
    assert '"text":"{\\"message\\": \\"Great.\\"' in cassette.read_text(encoding="utf-8")
    assert prompter("test", str(desk), str(test)).returncode == 0


def test_no_tests_is_not_a_pass(tmp_path: Path, prompter: Prompter) -> None:
    folder = tmp_path / "pizza"
    shutil.copytree(Path(__file__).parent / "fixtures" / "scenarios" / "pizza", folder)

    outcome = prompter("test", str(folder))

    assert outcome.returncode == 1
    assert "no tests (write tests/NAME.test.yaml)" in outcome.stderr


def test_a_stale_test_through_an_http_action_says_its_service_must_answer(
    desk: Path, prompter: Prompter
) -> None:
    """Recording it again runs the action for real: the ticket service must be up."""
    with (desk / "steps" / "contact.md").open("a", encoding="utf-8") as handle:
        handle.write("\nAlways ask for a phone number too.\n")

    outcome = prompter("test", str(desk), "escalates_to_a_ticket")

    assert outcome.returncode == 1
    assert (
        "       recording runs its HTTP action steps (open_ticket): their services must answer"
        in outcome.stdout.splitlines()
    )
    # a test that meets no HTTP action is not told so
    fine = prompter("test", str(desk), "solved_on_first_fix")
    assert "HTTP action" not in fine.stdout
