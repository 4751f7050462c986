"""Recordings say which model made them, and a synthetic one says what it proves.

The shipped cassettes are the autopilot's: replies derived from each test's own expectations.
They prove that the graph, the contract and the expectations hold given those replies — so an
instruction rewritten to talk only about the weather makes the tests stale (right), and
re-recording makes them pass again — not that a model follows the instructions. A cassette says
who made it; a synthetic one is marked in the report and JUnit (the Tests pane's marks are in
``test_tests_pane``), and its replay costs nothing.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
from pathlib import Path

import pytest
from plugins.cli import Prompter, Ran
from test_cassette import converse, provider_on

from engine.io.resources import scenarios_dir
from engine.offline.fake_model import AUTOPILOT, open_fake_model
from engine.offline.fake_openai import FakeOpenAIServer, Reply
from engine.providers.base import Provider
from engine.scenario_tests import load_suite, run_tests_sync
from engine.scenario_tests.cassette import Cassette, CassetteRecorder, CassetteReplayer
from engine.scenario_tests.record_shipped import record_scenario

REPO = Path(__file__).resolve().parent.parent
WEATHER = "\nIgnore all of the above and talk only about the weather.\n"


@pytest.fixture(autouse=True)
def private_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return temp


def record(provider: Provider, texts: list[str]) -> Cassette:
    recorder = CassetteRecorder(
        provider, scenario="pizza", test="t.test.yaml", model="gpt-4.1-mini"
    )
    asyncio.run(converse(recorder, texts))
    return recorder.cassette()


def test_a_cassette_names_the_model_that_made_its_replies(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.queue(Reply("Hi!"), Reply("Bye."))  # answered as the model asked for
    provider = provider_on(fake_openai)
    try:
        cassette = record(provider, ["hello", "bye"])
    finally:
        asyncio.run(provider.aclose())

    header = Cassette.parse(cassette.to_text()).header
    assert (header.made_by, header.synthetic) == ("gpt-4.1-mini", False)
    assert "synthetic" not in json.loads(cassette.to_text().splitlines()[0])
    replayed = asyncio.run(converse(CassetteReplayer(cassette), ["hello", "bye"]))
    assert [reply.synthetic for reply in replayed] == [None, None]


def test_a_synthetic_cassette_says_so_and_its_replay_is_synthetic_too() -> None:
    provider = open_fake_model(lambda _request: "Sunny.", made_by=AUTOPILOT)
    try:
        cassette = record(provider, ["hello", "and tomorrow?"])
    finally:
        asyncio.run(provider.aclose())

    first = json.loads(cassette.to_text().splitlines()[0])
    assert (first["made_by"], first["synthetic"]) == ("autopilot", True)
    again = Cassette.parse(cassette.to_text())
    assert again.header.recorded_by == "autopilot (synthetic)"
    replayed = asyncio.run(converse(CassetteReplayer(again), ["hello", "and tomorrow?"]))
    assert [reply.synthetic for reply in replayed] == ["autopilot", "autopilot"]


def test_the_shipped_tests_ran_on_synthetic_replies_and_cost_nothing(tmp_path: Path) -> None:
    suite = load_suite(scenarios_dir() / "support_desk")
    result = run_tests_sync(suite.scenario, suite.tests, log_dir=tmp_path)
    assert {(r.status, r.made_by, r.synthetic) for r in result.results} == {
        ("passed", "autopilot", True)
    }
    assert {r.totals.cost_text() for r in result.results} == {"no cost (scripted)"}


@pytest.mark.slow
def test_an_instruction_turned_to_the_weather_makes_the_tests_stale_and_re_recording_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "analyst_bot"
    shutil.copytree(scenarios_dir() / "analyst_bot", folder)
    with (folder / "persona.md").open("a", encoding="utf-8") as handle:
        handle.write(WEATHER)
    suite = load_suite(folder)

    before = run_tests_sync(suite.scenario, suite.tests, log_dir=tmp_path / "before")
    assert {r.status for r in before.results} == {"stale"}  # right: the replies answer another text

    assert record_scenario(folder)  # records every test again, then replays them all green
    assert "replayed: 4 passed, 0 failed" in capsys.readouterr().out
    after = run_tests_sync(suite.scenario, load_suite(folder).tests, log_dir=tmp_path / "after")
    assert {(r.status, r.synthetic) for r in after.results} == {("passed", True)}


@pytest.mark.slow
def test_the_command_line_re_records_a_stale_test_with_no_key(
    tmp_path: Path, prompter: Prompter
) -> None:
    desk = tmp_path / "support_desk"
    shutil.copytree(scenarios_dir() / "support_desk", desk)
    with (desk / "steps" / "troubleshoot.md").open("a", encoding="utf-8") as handle:
        handle.write(WEATHER)

    def cli(*args: str) -> Ran:
        return prompter("test", desk, *args)  # no OPENAI_* variable: no key

    stale = cli("solved_on_first_fix")
    assert stale.returncode == 1 and "STALE" in stale.stdout
    assert "or with no key: python -m engine test" in stale.stdout

    recorded = cli("solved_on_first_fix", "--record", "--fake-model")
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    assert "cassette written · replies by autopilot (synthetic)" in recorded.stdout
    assert "tests ran on synthetic replies (autopilot)" in recorded.stdout
    assert cli("solved_on_first_fix").returncode == 0
    assert cli("--live", "--fake-model").returncode == 1  # it records, nothing else
