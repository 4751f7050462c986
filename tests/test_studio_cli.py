"""``python -m app --export-drawio``: the studio's own export, scriptable and headless."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from engine.io.resources import default_scenario
from engine.scenario import load_scenario

pytestmark = pytest.mark.gui


def run_studio(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),  # settings and keyring of a throw-away user
        "XDG_CONFIG_HOME": str(tmp_path / ".config"),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
    }
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=100,
    )


@pytest.mark.slow
def test_export_writes_every_step_and_transition_and_exits_zero(tmp_path: Path) -> None:
    output = tmp_path / "analyst.drawio"

    result = run_studio(tmp_path, "--export-drawio", str(output), str(default_scenario()))

    assert result.returncode == 0, result.stderr
    root = etree.parse(str(output)).getroot()
    steps = {node.get("step") for node in root.iter("object") if node.get("step")}
    edges = [cell for cell in root.iter("mxCell") if cell.get("edge") == "1"]
    scenario = load_scenario(default_scenario())
    assert steps == set(scenario.steps)
    assert len(edges) == sum(len(step.transitions) for step in scenario.steps.values())


@pytest.mark.slow
def test_a_folder_without_a_scenario_fails_with_a_message_not_a_dialog(tmp_path: Path) -> None:
    output = tmp_path / "nothing.drawio"

    result = run_studio(tmp_path, "--export-drawio", str(output), str(tmp_path / "missing"))

    assert result.returncode == 1
    assert "no scenario.yaml" in result.stderr
    assert "Traceback" not in result.stderr
    assert not output.exists()
