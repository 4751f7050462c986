"""What a simulation from the studio runs: the scenario as open, the personas, the settings, the
models and the folder for the report — chosen in the dialog, plain data once chosen."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

from app.chat.settings import default_log_dir
from app.simulate.source import ModelSource
from engine.scenario.definition import Scenario
from engine.simulate import Persona, SimulationSettings


@dataclass(frozen=True)
class SimulationSetup:
    """Everything :class:`~app.simulate.job.SimulationJob` needs to run."""

    #: the scenario as it was open when the run started (unsaved edits included)
    scenario: Scenario
    personas: tuple[Persona, ...]
    settings: SimulationSettings
    source: ModelSource
    out_dir: Path

    @property
    def planned(self) -> int:
        if self.settings.conversations is not None:
            return self.settings.conversations
        return self.settings.runs * len(self.personas)


def default_out_dir(scenario_name: str, *, now: float | None = None) -> Path:
    """Where the studio keeps a run's report and logs: beside the test chat's logs (per user),
    never in the scenario's folder (hundreds of logs do not belong under version control)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", scenario_name) or "scenario"
    base = default_log_dir().parent / "simulations" / f"{name}-{stamp}"
    folder, number = base, 1
    while folder.exists():  # two runs in one second must not share their logs
        number += 1
        folder = base.with_name(f"{base.name}-{number}")
    return folder


__all__ = ["SimulationSetup", "default_out_dir"]
