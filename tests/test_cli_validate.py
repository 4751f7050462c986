"""``python -m engine validate``: one line per finding, exit 1 on errors, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from plugins.cli import Prompter

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
REPO = Path(__file__).resolve().parent.parent


def run_cli(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """Run the real command, as a user types it."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def cli(prompter: Prompter) -> Prompter:
    """The same command run in-process (fast); the subprocess tests prove the real entry point."""
    return prompter


def test_a_sound_scenario_prints_nothing_and_exits_0() -> None:
    result = run_cli("validate", str(FIXTURES / "pizza"))

    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr == f"{FIXTURES / 'pizza'}: ok\n"


def test_each_finding_is_one_editor_line_and_errors_exit_1(cli: Prompter) -> None:
    folder = FIXTURES / "broken_graph"
    result = cli("validate", str(folder))

    yaml_path = folder / "scenario.yaml"
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert lines[0] == (
        f"{yaml_path}:9:5: error: message step 'hello' has 2 transitions; it can follow only one "
        "(keep one, or make it a prompt step so the model can choose)"
    )
    assert [line.split(": ")[1] for line in lines] == [
        "error",
        "error",
        "error",
        "warning",
        "warning",
        "warning",
    ]
    assert all(line.startswith(f"{yaml_path}:") for line in lines)
    assert result.stderr == f"{folder}: 3 errors, 3 warnings\n"


def test_warnings_alone_exit_0_unless_strict(tmp_path: Path, cli: Prompter) -> None:
    (tmp_path / "scenario.yaml").write_text(
        "name: t\nstart: a\nsteps:\n  a: {kind: message, text: Hi, final: true}\n",
        encoding="utf-8",
    )
    relaxed = cli("validate", "-q", str(tmp_path))
    strict = cli("validate", "--strict", "-q", str(tmp_path))

    expected = (
        f"{tmp_path / 'scenario.yaml'}:1:7: warning: the scenario has no persona: the model gets "
        "no global instructions (add 'persona: persona.md' and describe the bot's role and tone "
        "there)\n"
    )
    assert (relaxed.returncode, relaxed.stdout, relaxed.stderr) == (0, expected, "")
    assert (strict.returncode, strict.stdout) == (1, expected)


def test_a_scenario_that_does_not_load_reports_its_load_errors(
    tmp_path: Path, cli: Prompter
) -> None:
    (tmp_path / "scenario.yaml").write_text("name: x\nstart: a\nsteps: {a: {fnal: true}}\n")
    result = cli("validate", str(tmp_path))

    assert result.returncode == 1
    assert result.stdout == (
        f"{tmp_path / 'scenario.yaml'}:3:13: error: unknown key 'fnal' (did you mean 'final'?)\n"
    )
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "content",
    [b"", b"\xff\xfe\x00garbage", b"steps: [unclosed\n", b"- just\n- a list\n"],
    ids=["empty", "binary", "bad-yaml", "list"],
)
def test_bad_input_is_reported_as_findings_never_as_an_exception(
    tmp_path: Path, content: bytes, cli: Prompter
) -> None:
    (tmp_path / "scenario.yaml").write_bytes(content)
    result = cli("validate", str(tmp_path))  # an unexpected exception would fail the test here

    assert result.returncode == 1
    assert result.stdout.startswith(f"{tmp_path / 'scenario.yaml'}")
    assert "Traceback" not in result.stdout + result.stderr


def test_a_folder_that_is_not_a_scenario_is_explained(tmp_path: Path, cli: Prompter) -> None:
    result = cli("validate", str(tmp_path / "nowhere"))

    assert result.returncode == 1
    assert f"no scenario.yaml in {tmp_path / 'nowhere'}" in result.stdout
    assert "Traceback" not in result.stderr


def test_the_scenario_yaml_file_may_be_given_instead_of_its_folder(
    cli: Prompter,
) -> None:
    result = cli("validate", "-q", str(FIXTURES / "broken_guards" / "scenario.yaml"))

    assert result.returncode == 1
    assert len(result.stdout.splitlines()) == 7


def test_validate_is_listed_in_the_help() -> None:
    result = run_cli("--help")

    assert result.returncode == 0
    assert "validate" in result.stdout


def test_json_output_carries_the_stable_codes_for_tools(cli: Prompter) -> None:
    result = cli("validate", "--json", "-q", str(FIXTURES / "broken_guards"))

    records = json.loads(result.stdout)
    assert result.returncode == 1
    assert records[0] == {
        "path": str(FIXTURES / "broken_guards" / "scenario.yaml"),
        "line": 8,
        "column": 35,
        "severity": "error",
        "code": "bad-default",
        "message": "the default of 'seats' does not fit its type (an integer)",
        "hint": None,
        "field": "variables.seats.default",
        "step": None,
    }
    assert [record["code"] for record in records][1:3] == [
        "result-type-mismatch",
        "reserved-signal",
    ]


def test_json_output_of_a_load_error_has_no_code(tmp_path: Path, cli: Prompter) -> None:
    (tmp_path / "scenario.yaml").write_text("name: x\nsteps: {a: {final: true}}\n", "utf-8")
    [record] = json.loads(cli("validate", "--json", str(tmp_path)).stdout)

    assert (record["code"], record["message"]) == (None, "missing required key 'start'")
