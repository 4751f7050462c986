"""A matrix run: stopped half-way it keeps what finished; personas give the goal reached;
the fake model's breaks are honest, seeded accidents."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.dialogue.ledger import CallRecord, PriceTable
from engine.io.resources import scenarios_dir
from engine.matrix.build import MATRIX_FILE, choose_tests, prepare
from engine.matrix.report import report_html, shade
from engine.matrix.run import Cell, MatrixProgress, MatrixResult, MatrixRun, RunRecord
from engine.matrix.spec import parse_model
from engine.matrix.summary import build_summary
from engine.offline.breaking import BreakingModel
from engine.offline.fake_openai import FakeRequest
from engine.providers.base import Usage
from engine.providers.prices import ModelPrice
from engine.scenario.loader import load_scenario
from engine.scenario_tests.suite import load_suite
from engine.simulate.persona import load_personas

SUPPORT_DESK = scenarios_dir() / "support_desk"
pytestmark = pytest.mark.xdist_group("support_desk_ticket_service")


def test_a_stopped_matrix_keeps_and_writes_what_finished(tmp_path: Path) -> None:
    tests = choose_tests(load_suite(SUPPORT_DESK).tests, ["order_not_found", "order_system_down"])
    seen: list[MatrixProgress] = []

    def progress(update: MatrixProgress) -> None:
        seen.append(update)
        if update.done == 3:
            prepared.run.cancel("interrupted")

    prepared = prepare(
        SUPPORT_DESK,
        [parse_model("fake:latency=0.05"), parse_model("fake:break=0.2,latency=0.05")],
        ["."],
        tests,
        repeat=10,
        jobs=2,
        seed=1,
        out_dir=tmp_path,
        on_progress=progress,
    )
    result, summary = prepared.execute()
    assert result.stopped == "interrupted"
    assert 3 <= len(result.records) < prepared.run.total == 40
    written = json.loads((tmp_path / MATRIX_FILE).read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(summary))
    assert written["stopped"] == "interrupted"
    assert sum(cell["pass"]["runs"] for cell in written["cells"]) == len(result.records)
    assert seen[-1].done == len(result.records)


def test_personas_give_the_goal_reached(tmp_path: Path) -> None:
    personas = load_personas(SUPPORT_DESK)[:1]
    prepared = prepare(
        SUPPORT_DESK,
        [parse_model("fake")],
        ["."],
        [],
        personas=personas,
        repeat=2,
        jobs=2,
        seed=0,
        out_dir=tmp_path,
    )
    _, summary = prepared.execute()
    (cell,) = summary["cells"]
    assert cell["goal_reached"]["runs"] == 2
    assert cell["tests"] == {}
    assert all(run["kind"] == "persona" and run["log"] for run in cell["runs"])


REQUEST = FakeRequest(
    api="responses",
    model="gpt-4.1-mini",
    instructions="",
    input_text="Hello",
    messages=(),
    schema=None,
    schema_name=None,
    format_type="json_schema",
    previous_response_id=None,
    max_output_tokens=None,
    temperature=None,
    body={},
)


def test_the_fake_breaks_by_seeded_chance() -> None:
    def good(_request: FakeRequest) -> str:
        return json.dumps({"message": "Hi", "transition": "stay", "results": {"a": 1}})

    def replies(seed: int) -> list[str]:
        model = BreakingModel(good, 0.3, seed=seed)
        return [str(model(REQUEST)) for _ in range(400)]

    assert replies(5) == replies(5) != replies(6)
    broken = [reply for reply in replies(5) if reply != good(REQUEST)]
    assert 0.25 * 400 < len(broken) < 0.35 * 400
    assert any(not reply.endswith("}") for reply in broken)  # invalid JSON
    assert any('"results": {"a": null}' in reply for reply in broken)  # a result left out
    assert any('"transition": "next_please"' in reply for reply in broken)  # a wrong signal
    assert BreakingModel(good, 0.0)(REQUEST) == good(REQUEST)


def test_a_call_to_an_unpriced_model_makes_the_cost_unknown(tmp_path: Path) -> None:
    prices = PriceTable({"gpt-4.1-mini": ModelPrice(0.4, 0.1, 1.6)})
    run = MatrixRun(
        [],
        {},
        [],
        out_dir=tmp_path,
        prices=prices,
        extra_prices={"smollm2-135m": ModelPrice(1.0, 1.0, 1.0)},
    )
    usage = Usage(1_000_000, 0, 1_000_000)

    def call(model: str, cost: float, synthetic: str | None = None) -> CallRecord:
        return CallRecord("turn", 1, model, 0.1, usage, cost, None, synthetic)

    assert run._call_cost(call("gpt-4.1-mini", 2.0)) == 2.0  # as the log recorded it
    assert run._call_cost(call("smollm2-135m", 0.0)) == pytest.approx(2.0)  # matrix.yaml's
    assert run._call_cost(call("mystery-model", 0.0)) is None  # never a silent $0
    assert run._call_cost(call("mystery-model", 0.0, "fake model")) == 0.0  # no model made it
    records = [
        RunRecord(0, "test", "t", 0, 1, True, "passed", cost_usd=0.5),
        RunRecord(0, "test", "t", 1, 2, True, "passed", cost_usd=None),
    ]
    cell = build_summary(
        MatrixResult(
            (Cell(0, parse_model("fake"), ".", load_scenario(SUPPORT_DESK)),),
            tuple(records),
            2,
            0,
            1.0,
        ),
        scenario="support_desk",
    )["cells"][0]
    assert cell["cost_usd"] is None and cell["cost_per_conversation_usd"] is None


def test_a_test_the_fake_cannot_play_is_an_error_run_and_the_rest_goes_on(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "support_desk"
    shutil.copytree(SUPPORT_DESK, folder)
    (folder / "tests" / "no_step_named.test.yaml").write_text(
        "name: No step named\nturns:\n  - user: Hello\n    expect: {transition: stay}\n",
        encoding="utf-8",
    )
    tests = choose_tests(load_suite(folder).tests, ["no_step_named", "order_not_found"])
    prepared = prepare(
        folder, [parse_model("fake")], ["."], tests, repeat=2, jobs=2, seed=0, out_dir=tmp_path
    )
    _, summary = prepared.execute()
    runs = summary["cells"][0]["runs"]
    broken = [run for run in runs if run["name"] == "no_step_named.test.yaml"]
    assert [run["status"] for run in broken] == ["error", "error"]
    assert "name the expected step" in broken[0]["detail"]
    assert summary["cells"][0]["tests"]["order_not_found.test.yaml"]["passes"] == 2


def test_the_report_escapes_every_text_and_loads_nothing(tmp_path: Path) -> None:
    scenario = load_scenario(SUPPORT_DESK)
    hostile = "<script>alert(1)</script>"
    cell = {
        "index": 0,
        "label": hostile,
        "pass": {"runs": 2, "passes": 1, "wilson95": [0.1, 0.9], "pass_all_k": 0.0},
        "tests": {},
        "goal_reached": None,
        "calls_per_message": 1.0,
        "cost_usd": None,
        "cost_per_conversation_usd": None,
        "latency_ms": {"p50": 10.0, "p95": 20.0},
        "violations_by_step": {"identify": {"calls": 4, "violations": 3, "wilson95": [0.3, 0.95]}},
    }
    page = report_html({"scenario": hostile, "cells": [cell], "comparisons": []}, scenario)
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "src=" not in page and "href=" not in page  # nothing to fetch
    assert "3/4 violations [0.30–0.95]" in page  # the step's interval on the graph
    assert shade(0.75) in page  # the step shaded by its rate
