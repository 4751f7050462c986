"""A scenario's *content version*: a short hash of what changes how its bot behaves.

The version covers the loaded scenario (every field of ``scenario.yaml`` as the loader reads it,
so comments, key order and quoting do not count), the text of each step's instruction file, the
persona and the actions module (``actions.py``). It leaves out what does not change a
conversation: node positions (``scenario.layout.json``), the scenario's tests, its README, the
folder it was loaded from. Moving a node keeps the version; editing one instruction changes it.

A served conversation records the version it started on (``prompter serve``, ``publish``), and
:func:`version_files` are the files a server keeps so that any worker can load that version
again, on any machine, after any restart.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engine.errors import UnreadableFile
from engine.scenario.definition import SCENARIO_FILE, Scenario
from engine.scenario.loader import read_referenced, read_scenario_text

#: Hex digits of the hash a version is named by (48 bits: collisions are not a concern for the
#: few hundred versions of one scenario).
VERSION_CHARS = 12


def scenario_version(scenario: Scenario) -> str:
    """The content version of a loaded scenario (see the module docstring)."""
    content: dict[str, Any] = {
        "scenario": scenario.model_dump(mode="json"),
        "instructions": {
            step_id: step.instructions_text for step_id, step in scenario.steps.items()
        },
        "persona": scenario.persona_text,
        "actions": _actions_text(scenario),
    }
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:VERSION_CHARS]


def version_files(scenario: Scenario) -> dict[str, str]:
    """The files that make the version, by path inside the folder: ``scenario.yaml``, the
    instruction files, the persona and the actions module (those that exist). Writing them into
    an empty folder and loading it gives a scenario of the same version."""
    root = scenario.root
    if root is None:
        raise UnreadableFile("a scenario built in memory has no files to publish", reason="missing")
    files = {SCENARIO_FILE: read_scenario_text(root)}
    names = [scenario.persona] + [step.instructions for step in scenario.steps.values()]
    for name in names:
        if name and name not in files:
            files[name] = read_referenced(root, name)
    actions = _actions_text(scenario)
    if actions is not None:
        files[scenario.actions.module] = actions
    return files


def write_version_files(files: dict[str, str], folder: Path) -> None:
    """Write :func:`version_files`' result into ``folder`` (paths stay inside it)."""
    base = folder.resolve()
    for name, text in files.items():
        target = (base / name).resolve()
        if not target.is_relative_to(base):
            raise UnreadableFile(
                f"{name!r} is outside the version's folder", reason="outside", path=name
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def _actions_text(scenario: Scenario) -> str | None:
    """The actions module's text, or ``None`` when the scenario has none."""
    if scenario.root is None:
        return None
    try:
        return read_referenced(scenario.root, scenario.actions.module)
    except UnreadableFile as error:
        if error.reason == "missing":
            return None
        raise


__all__ = ["VERSION_CHARS", "scenario_version", "version_files", "write_version_files"]
