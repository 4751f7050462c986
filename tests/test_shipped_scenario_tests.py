"""The shipped scenarios' own tests: they pass from their cassettes, cover the analyst bot
entirely, and the cassettes are exactly what the one re-record command produces — so a change to
a shipped scenario that breaks its tests, or leaves its cassettes stale, fails this suite."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from engine.drawio.export import write_drawio
from engine.drawio.import_ import import_drawio
from engine.io.resources import default_scenario, scenarios_dir
from engine.scenario.loader import load_scenario
from engine.scenario.validate import check_folder
from engine.scenario_tests import find_tests, load_suite, run_tests_sync
from engine.scenario_tests.record_shipped import record_scenario, shipped_with_tests

WITH_TESTS = sorted({path.parent.parent for path in scenarios_dir().glob("*/tests/*.test.yaml")})


@pytest.fixture(autouse=True)
def private_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run logs go to the system's temporary folder by default: here, the test's own."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return temp


def test_every_shipped_scenario_has_tests() -> None:
    assert [folder.name for folder in WITH_TESTS] == [
        "analyst_bot",
        "clinic_appointment",
        "reservation_restaurant",
        "support_desk",
    ]
    assert shipped_with_tests() == WITH_TESTS


@pytest.mark.parametrize("folder", WITH_TESTS, ids=lambda path: path.name)
def test_the_shipped_tests_pass_from_their_cassettes(folder: Path, tmp_path: Path) -> None:
    suite = load_suite(folder)
    assert suite.findings == []
    assert len(suite.tests) >= 3

    result = run_tests_sync(suite.scenario, suite.tests, log_dir=tmp_path)

    failing = [
        (r.name, r.status, r.error, r.staleness, r.failures) for r in result.results if not r.passed
    ]
    assert failing == [], (
        "a shipped test fails; if the prompt layout changed on purpose, re-record with "
        "'python -m engine.scenario_tests.record_shipped'"
    )


def test_the_analyst_bots_tests_cover_every_step_signal_and_result(tmp_path: Path) -> None:
    suite = load_suite(default_scenario())
    result = run_tests_sync(suite.scenario, suite.tests, log_dir=tmp_path)

    assert result.coverage.missed() == {"steps": [], "signals": [], "results": []}
    corrected = [r for r in result.results if r.calls > len(r.turns)]
    assert corrected, "one shipped test keeps the engine's corrections under test"


@pytest.mark.parametrize("folder", WITH_TESTS, ids=lambda path: path.name)
def test_every_shipped_test_file_points_editors_at_its_schema(folder: Path) -> None:
    schema = "../../../resources/scenario-test.schema.json"
    for path in find_tests(folder):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema={schema}"
        assert (path.parent / schema).resolve().is_file()


@pytest.mark.parametrize("folder", WITH_TESTS, ids=lambda path: path.name)
def test_a_scenario_with_tests_still_validates_and_round_trips_through_drawio(
    folder: Path, tmp_path: Path
) -> None:
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    before = {
        path.relative_to(copy): path.read_bytes() for path in copy.rglob("*") if path.is_file()
    }

    # env-header: the notice a scenario sending a secret from the environment gets by design
    # (the support desk's ticket token), as in test_shipped_scenarios
    assert [finding for finding in check_folder(copy) if finding.code != "env-header"] == []
    diagram = write_drawio(load_scenario(copy), tmp_path / "diagram.drawio")
    plan = import_drawio(diagram, copy)

    assert plan.empty
    after = {
        path.relative_to(copy): path.read_bytes() for path in copy.rglob("*") if path.is_file()
    }
    assert after == before


@pytest.mark.slow
def test_the_re_record_command_reproduces_the_shipped_cassettes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for folder in WITH_TESTS:
        copy = tmp_path / folder.name
        shutil.copytree(folder, copy)

        assert record_scenario(copy), capsys.readouterr().out
        for cassette in sorted((folder / "tests").glob("*.replies.jsonl")):
            again = copy / "tests" / cassette.name
            assert again.read_bytes() == cassette.read_bytes(), (
                f"{cassette} is not what 'python -m engine.scenario_tests.record_shipped' "
                "records now: run it and commit the cassettes"
            )
