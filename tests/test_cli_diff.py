"""``prompter diff``: exit codes as diff(1) has them, text for people, JSON for tools."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.scenario.layout import Layout


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["diff", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_equal_versions_exit_0(
    bot_history: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bot_history)
    code, out, err = run(capsys, "v2:bot", "bot")
    assert (code, err) == (0, "")
    assert "The scenarios are the same" in out


def test_different_versions_exit_1_and_say_what_changed(
    bot_history: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bot_history)
    code, out, err = run(capsys, "--color", "never", "v1:bot", "v2:bot")
    assert (code, err) == (1, "")
    assert out.splitlines()[:2] == [
        "Comparing v1:bot → v2:bot",
        "Steps: 1 added, 1 removed, 1 renamed, 4 changed",
    ]
    assert '~ step users → audience "Audience" (renamed, ' in out
    assert "    transition retargeted: idea_clear: users → competition" in out
    assert (
        "+If the user has several ideas, ask which one they would build first, and keep the" in out
    )
    assert "\033[" not in out


def test_json_is_for_tools(
    bot_history: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bot_history)
    code, out, _ = run(capsys, "--json", "v1:bot", "v2:bot")
    record = json.loads(out)
    assert code == 1
    assert record["counts"] == {"added": 1, "removed": 1, "renamed": 1, "changed": 4}
    assert record["renames"] == {"users": "audience"}


def test_an_unknown_revision_exits_2_with_one_clear_line(
    bot_history: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bot_history)
    code, out, err = run(capsys, "no-such-tag:bot", "bot")
    assert (code, out) == (2, "")
    assert err.startswith(
        "prompter diff: no-such-tag:bot: error: unknown git revision 'no-such-tag'"
    )


def test_a_missing_folder_and_a_broken_scenario_exit_2(
    tmp_path: Path, analyst_bot: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, str(tmp_path / "nowhere"), str(analyst_bot))
    assert code == 2 and "no such folder" in err
    broken = tmp_path / "broken"
    shutil.copytree(analyst_bot, broken)
    (broken / "scenario.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    code, _, err = run(capsys, str(analyst_bot), str(broken))
    assert code == 2
    assert err.splitlines()[0] == f"prompter diff: cannot read {broken}:"
    assert f"{broken}/scenario.yaml:1:7: error: invalid YAML: the '[' opened here" in err


def test_layout_only_changes_count_unless_ignored(
    tmp_path: Path, analyst_bot: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moved = tmp_path / "moved"
    shutil.copytree(analyst_bot, moved)
    Layout({"welcome": (10, 20)}).save(moved)
    code, out, _ = run(capsys, str(analyst_bot), str(moved))
    assert code == 1 and "only the layout changed" in out and "layout file added" in out
    code, _, _ = run(capsys, "--ignore-layout", str(analyst_bot), str(moved))
    assert code == 0


def test_the_command_line_entry_point(bot_history: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "diff", "v1:bot", "v2:bot"],
        cwd=bot_history,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and done.stdout.startswith("Comparing v1:bot → v2:bot")
