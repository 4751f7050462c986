"""``prompter stats``: a table for people, JSON for tools, CSV for a spreadsheet."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["stats", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def logs(analyst_logs: Any, tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    for log in analyst_logs.values():
        shutil.copy(log.path, folder / log.path.name)
    with open(folder / "clean.jsonl", "ab") as handle:
        handle.write(b"this line is damaged\n")
    return folder


def test_the_table_names_steps_transitions_conversations_and_damage(
    logs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, str(logs))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("4 conversation(s) in 4 file(s), ")
    assert "2 finished (50%)" in lines[0]
    assert "⚠ 1 damaged line(s) in 1 file(s) were skipped; the rest of those files was used:" in out
    assert f"{logs / 'clean.jsonl'}:" in out and ": not JSON" in out
    header = next(line for line in lines if line.lstrip().startswith("step "))
    assert header.split() == [
        "step",
        "visits",
        "turns",
        "calls",
        "violations",
        "viol",
        "%",
        "corr",
        "fallb",
        "input",
        "tok",
        "cached",
        "written",
        "output",
        "cost",
        "$/visit",
        "drop-off",
    ]
    assert any(line.split()[:1] == ["features"] for line in lines)
    assert "review —fix_features→ features" in out
    assert "Conversations (4 most expensive of 4;" in out


def test_json_and_csv(logs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json", str(logs))
    record = json.loads(out)
    assert code == 0 and record["conversations_count"] == 4
    assert record["damaged_lines"][0]["path"].endswith("clean.jsonl")
    assert set(record["spread"]) == {"calls_per_message", "cost_usd"}

    code, out, _ = run(capsys, "--csv", str(logs))
    rows = list(csv.DictReader(io.StringIO(out)))
    by_step = {row["step"]: row for row in rows}
    assert code == 0 and by_step["features"]["in_scenario"] == "yes"
    assert int(by_step["features"]["visits"]) == sum(
        step["visits"] for step in record["steps"] if step["step"] == "features"
    )

    code, out, _ = run(capsys, "--csv", "--table", "conversations", str(logs))
    assert len(list(csv.DictReader(io.StringIO(out)))) == 4
    code, out, _ = run(capsys, "--csv", "--table=transitions", str(logs))
    assert out.splitlines()[0] == "from,signal,to,count,in_scenario"


def test_logs_of_another_version_list_its_steps_apart(
    logs: Path, bot_history: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--scenario", str(bot_history / "bot"), str(logs))
    assert code == 0
    apart = out.split("Steps in the logs that analyst_bot does not have")[1]
    assert [line.split()[0] for line in apart.splitlines()[2:4]] == ["users", "quality"]
    assert "idea —idea_clear→ users   (not in the scenario)" in out


def test_no_logs_at_all_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(tmp_path))
    assert (code, out) == (2, "")
    assert "no conversation logs to read" in err
    code, _, err = run(capsys, str(tmp_path / "missing.jsonl"))
    assert code == 2 and "missing.jsonl: no such file or folder" in err


def test_a_broken_scenario_exits_2(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "scenario.yaml").write_text("steps: [\n", encoding="utf-8")
    code, _, err = run(capsys, "--scenario", str(tmp_path / "bad"), str(logs))
    assert code == 2 and err.startswith(f"prompter stats: cannot read the scenario {tmp_path}")
