"""``prompter matrix``: the key-free matrix, its matrix.json and report.html, and the CI gate."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.cli import main
from engine.cli.exit_codes import ExitCode
from engine.io.resources import scenarios_dir
from engine.matrix.gate import baseline_failures, parse_requirement
from engine.matrix.models import needs_openai_key
from engine.matrix.spec import SpecError, load_config, parse_model, parse_models
from engine.offline.fake_openai import FakeOpenAIServer, echo_responder
from engine.offline.ticket_service import TOKEN_VARIABLE, TicketService
from engine.scenario_tests.record_shipped import RECORDING_TOKEN

SUPPORT_DESK = scenarios_dir() / "support_desk"
#: A key-free matrix of the support desk starts its ticket service on its fixed port.
pytestmark = pytest.mark.xdist_group("support_desk_ticket_service")


def run_matrix(tmp_path: Path, *arguments: str, folder: Path = SUPPORT_DESK) -> tuple[int, dict]:
    out = tmp_path / "out"
    code = main(["matrix", str(folder), "--out", str(out), "-q", *arguments])
    return code, json.loads((out / "matrix.json").read_text(encoding="utf-8"))


@pytest.mark.slow
def test_a_break_rate_difference_is_significant_without_a_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    # the support desk's ticket service on a port of its own: 8099 may be taken by another run
    monkeypatch.setenv(TOKEN_VARIABLE, RECORDING_TOKEN)
    with TicketService(token=RECORDING_TOKEN) as service:
        folder = tmp_path / "support_desk"
        shutil.copytree(SUPPORT_DESK, folder)
        yaml_file = folder / "scenario.yaml"
        text = yaml_file.read_text(encoding="utf-8")
        yaml_file.write_text(text.replace("127.0.0.1:8099", f"127.0.0.1:{service.port}"))
        code, summary = run_matrix(
            tmp_path,
            "--models",
            "fake:break=0,fake:break=0.3",
            "--tests",
            "--repeat",
            "5",
            folder=folder,
        )
    assert code == ExitCode.OK
    good, bad = summary["cells"]
    assert (good["model"], bad["model"]) == ("fake:break=0", "fake:break=0.3")
    failed = [(run["name"], run["detail"]) for run in good["runs"] if not run["passed"]]
    assert good["pass"]["runs"] == 40 and failed == []
    assert bad["pass"]["passes"] < 35
    assert set(good["tests"]) == {
        path.name for path in (SUPPORT_DESK / "tests").glob("*.test.yaml")
    }
    assert all(figures["runs"] == 5 for figures in bad["tests"].values())
    pooled = next(row for row in summary["comparisons"] if row["test"] is None)
    assert pooled["a"] == 0 and pooled["b"] == 1
    assert pooled["a_better"] > pooled["b_better"] and pooled["holm_p"] < 0.05
    assert sum(step["violations"] for step in bad["violations_by_step"].values()) > 0
    assert sum(step["violations"] for step in good["violations_by_step"].values()) == 0
    assert good["cost_usd"] == 0.0 and good["no_cost"]  # the fake's replies cost nothing
    seeds = {run["seed"] for run in bad["runs"]}
    assert len(seeds) == 40  # every repeat its own seed, recorded
    report = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "<svg" in report and "fake:break=0.3" in report
    assert "http://" not in report.replace("http://www.w3.org/2000/svg", "")
    assert "significant: cell 0 beats cell 1 on all tests" in capsys.readouterr().out


def test_the_gate_fails_per_test_and_writes_junit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "gate.xml"
    code, summary = run_matrix(
        tmp_path,
        "--models",
        "fake:break=0.4",
        "--tests",
        "order_not_found",
        "looks_up_an_order",
        "--repeat",
        "3",
        "--require",
        "pass.lower>=0.9",
        "--junit",
        str(junit),
    )
    assert code == ExitCode.FAILED
    failing = [line for line in capsys.readouterr().out.splitlines() if line.startswith("FAILED")]
    # three passes of three still has a Wilson lower bound of 0.44: every test fails the gate
    assert len(failing) == 2
    assert all("pass.lower>=0.9 not met" in line for line in failing)
    assert junit.read_text(encoding="utf-8").count("<failure") == 2
    assert set(summary["cells"][0]["tests"]) == {
        "order_not_found.test.yaml",
        "looks_up_an_order.test.yaml",
    }


def test_requirements_parse_without_eval() -> None:
    assert parse_requirement("pass>=0.9").part == "rate"
    assert parse_requirement("pass.lower >= 90%").threshold == pytest.approx(0.9)
    assert parse_requirement("latency.p95<=2000").metric == "latency.p95"
    for bad in ("pass>=__import__('os')", "pass=0.9", "speed>=1", "pass.median>=0.5"):
        with pytest.raises(ValueError):
            parse_requirement(bad)


def _cell(model: str, passes: list[bool]) -> dict:
    runs = [
        {"kind": "test", "name": "t", "repeat": repeat, "passed": passed}
        for repeat, passed in enumerate(passes)
    ]
    return {"model": model, "variant": ".", "label": f"{model} on .", "runs": runs}


def test_a_baseline_fails_only_a_significantly_worse_test() -> None:
    old = {"cells": [_cell("m", [True] * 20), _cell("n", [True] * 20)]}
    new = {"cells": [_cell("m", [False] * 12 + [True] * 8), _cell("n", [False] + [True] * 19)]}
    failures = baseline_failures(old, new)
    assert [(failure.cell, failure.test) for failure in failures] == [("m on .", "t")]
    assert "significantly worse" in failures[0].line()


def test_model_specs() -> None:
    real = parse_model("chat:smollm2-135m@http://127.0.0.1:8080/v1")
    assert (real.provider, real.model, real.base_url) == (
        "chat",
        "smollm2-135m",
        "http://127.0.0.1:8080/v1",
    )
    fake, other = parse_models("fake:break=0.1,latency=0.05,fake")
    assert (fake.break_rate, fake.latency_s, other.break_rate) == (0.1, 0.05, 0.0)
    vendor = parse_model("anthropic:claude-sonnet-4-5")
    assert (vendor.provider, vendor.model) == ("anthropic", "claude-sonnet-4-5")
    assert parse_model("gemini:gemini-2.5-flash").provider == "gemini"
    for bad in ("gpt-4.1", "fake:break=2", "fake:colour=red", "chat:", "scripted:x"):
        with pytest.raises(SpecError):
            parse_model(bad)


def test_no_key_for_a_real_model_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    code = main(
        ["matrix", str(SUPPORT_DESK), "--models", "responses:gpt-4.1-mini", "--out", str(tmp_path)]
    )
    assert code == ExitCode.USAGE
    assert "fake:break=0.1" in capsys.readouterr().err


def test_matrix_yaml_holds_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "matrix.yaml"
    config.write_text(
        "models: [fake:break=0]\n"
        f"variants: ['.', 'HEAD:{SUPPORT_DESK}']\n"
        "tests: [order_not_found]\n"
        "repeat: 2\n"
        "seed: 7\n"
        "prices: {smollm2-135m: {input: 0.1, output: 0.2}}\n"
        "rate_limits: {smollm2-135m: {rpm: 60}}\n",
        encoding="utf-8",
    )
    code, summary = run_matrix(tmp_path, "--config", str(config))
    assert code == ExitCode.OK
    assert [cell["variant"] for cell in summary["cells"]] == [".", f"HEAD:{SUPPORT_DESK}"]
    assert summary["seed"] == 7 and summary["repeat"] == 2
    assert all(cell["pass"]["runs"] == 2 for cell in summary["cells"])
    assert len(summary["comparisons"]) == 2  # pooled and order_not_found, for the one pair


def test_a_wrong_config_field_is_named(tmp_path: Path) -> None:
    config = tmp_path / "matrix.yaml"
    config.write_text("models: [fake]\nrepeats: 3\n", encoding="utf-8")
    with pytest.raises(SpecError, match="unknown field 'repeats'"):
        load_config(config)


@pytest.mark.slow
def test_a_model_on_another_server_needs_no_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A local server (here the project's fake one, answering in the schema asked for) is a
    real model to the matrix: called live, its calls counted, unpriced (cost null)."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert needs_openai_key(parse_model("responses:gpt-4.1-mini"))
    with FakeOpenAIServer(responder=echo_responder, models=("local-model",)) as server:
        spec = f"chat:local-model@{server.base_url}"
        assert not needs_openai_key(parse_model(spec))
        code, summary = run_matrix(
            tmp_path,
            "--models",
            spec,
            "--tests",
            "order_not_found",
            "--repeat",
            "2",
            "--timeout",
            "30",
        )
    (cell,) = summary["cells"]
    assert cell["pass"]["runs"] == 2
    assert all(run["calls"] >= 1 for run in cell["runs"])
    assert cell["cost_usd"] is None and not cell["no_cost"]  # a model with no known price
    assert code in (ExitCode.OK, ExitCode.FAILED)
