"""Load a scenario folder into a :class:`Scenario`, with errors that point at file, line, column.

YAML is composed with pyyaml's *safe* loader into nodes first, so every key and value keeps its
mark; pydantic's error locations (``steps.greet.transitions.next.to``) are then mapped back to
those marks. Unknown keys suggest the closest known one. Referenced files must stay inside the
scenario folder.

YAML is read by :mod:`engine.scenario.yaml_marks` and pydantic's errors are located by
:mod:`engine.scenario.located_errors` (``compose_yaml`` and ``located_errors`` are offered here
too, for the scenario's other YAML files). Every file is read through :mod:`engine.io.untrusted`
(regular files only, with the size limits of :mod:`engine.io.input_limits`), and the YAML is bounded
in size, depth and alias expansion, so a hostile folder is refused in well under a second, never
hangs and never grows the process. Opening a folder also removes the stale temporaries an
interrupted save left there (:func:`engine.io.atomic.remove_stale_temporaries`).
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import ValidationError

from engine.errors import ScenarioError, ScenarioErrors, UnreadableFile
from engine.io.atomic import remove_stale_temporaries
from engine.io.input_limits import MAX_SCENARIO_BYTES, MAX_TEXT_FILE_BYTES
from engine.io.untrusted import decode_utf8, describe_size, open_regular, read_bytes, read_text
from engine.scenario.definition import SCENARIO_FILE, Marks, Scenario
from engine.scenario.located_errors import explain, internal_keys, located_errors
from engine.scenario.yaml_marks import MAX_DEPTH, MAX_NODES, compose_yaml

#: The studio's files beside ``scenario.yaml`` whose interrupted saves are cleaned up on open.
_LAYOUT_FILE = "scenario.layout.json"


def load_scenario(folder: Path | str) -> Scenario:
    """Read ``folder/scenario.yaml`` and the files it references.

    Raises :class:`ScenarioErrors` listing every problem found, each with its location.
    """
    root = Path(folder)
    if root.is_file():
        root = root.parent
    try:
        text = read_scenario_text(root)
    except ScenarioError as error:
        raise ScenarioErrors([error]) from None
    scenario = parse_scenario(text, path=root / SCENARIO_FILE)
    scenario.root = root
    attach_files(scenario)
    remove_stale_temporaries(root, [SCENARIO_FILE, _LAYOUT_FILE])
    return scenario


def read_scenario_text(root: Path) -> str:
    """The text of ``root/scenario.yaml``: the one reader of that file (the loader's and the
    studio's). Regular files only, with the size cap; raises :class:`UnreadableFile` (a
    :class:`ScenarioError`) when it is missing, not a file, too large or not UTF-8."""
    path = root / SCENARIO_FILE
    try:
        return decode_utf8(read_bytes(path, limit=MAX_SCENARIO_BYTES, what=SCENARIO_FILE), path)
    except UnreadableFile as error:
        if error.reason != "missing":
            raise
        raise UnreadableFile(
            f"no {SCENARIO_FILE} in {root}",
            reason="missing",
            path=path,
            hint="is this a scenario folder?",
        ) from None


def parse_scenario(text: str, *, path: Path | None = None) -> Scenario:
    """Parse the text of a ``scenario.yaml`` (no files are read)."""
    data, marks = compose_scenario(text, path)
    return scenario_from_yaml(data, marks, path)


def compose_scenario(text: str, path: Path | None = None) -> tuple[Any, Marks]:
    """The YAML of a ``scenario.yaml`` as plain values and their marks, within the loader's
    limits (size of the expanded tree, depth, duplicate keys, plain keys and values): every
    reader of a scenario's YAML goes through here first. Raises :class:`ScenarioErrors`."""
    return compose_yaml(text, path=path)


def scenario_from_yaml(data: Any, marks: Marks, path: Path | None = None) -> Scenario:
    """The :class:`Scenario` of values read by :func:`compose_scenario`."""
    if not isinstance(data, dict):
        raise ScenarioErrors(
            [
                ScenarioError(
                    "the scenario must be a mapping of keys to values",
                    path=path,
                    line=1,
                    column=1,
                    hint="start with 'name:', 'start:' and 'steps:'",
                )
            ]
        )
    internal = list(internal_keys(data, marks, path))
    if internal:
        raise ScenarioErrors(internal)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise ScenarioErrors(list(explain(error, marks, path))) from None
    scenario.marks = marks
    return scenario


def attach_files(scenario: Scenario) -> None:
    """Read the persona and instruction files into the model; missing files are left empty.

    The validator reports missing files as problems; loading still succeeds so the studio can
    open a half-written scenario and show what is missing.
    """
    root = scenario.root
    if root is None:
        return
    if scenario.persona:
        scenario.persona_text = _read_inside(root, scenario.persona) or ""
    for step in scenario.steps.values():
        if step.instructions:
            step.instructions_text = _read_inside(root, step.instructions) or ""


def resolve_inside(root: Path, relative: str) -> Path | None:
    """The absolute path of ``relative`` if it stays inside ``root``; ``None`` if it escapes."""
    pure = PurePosixPath(relative.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or (pure.parts and pure.parts[0].endswith(":")):
        return None
    candidate = (root / Path(*pure.parts)).resolve()
    try:
        candidate.relative_to(root.resolve())
    except ValueError:
        return None
    return candidate


def read_referenced(root: Path, relative: str) -> str:
    """The text of a file the scenario references (persona, instructions), read safely.

    Raises :class:`UnreadableFile` when it escapes the folder (as ``not-a-file``), is missing,
    is not a regular file (a FIFO, a device), is larger than
    :data:`~engine.io.input_limits.MAX_TEXT_FILE_BYTES` or is not UTF-8. The validator turns each of
    these into a finding.
    """
    target = resolve_inside(root, relative)
    if target is None:
        raise UnreadableFile(
            f"{relative!r} is outside the scenario folder", reason="not-a-file", path=relative
        )
    return read_text(target, limit=MAX_TEXT_FILE_BYTES, what=f"{relative!r}", inside=root)


def unsafe_references(scenario: Scenario) -> list[UnreadableFile]:
    """The referenced files that exist but must not be read: FIFOs, devices, folders, files
    over :data:`~engine.io.input_limits.MAX_TEXT_FILE_BYTES`. Missing files are not listed (an
    author may not have written them yet). Checked without reading any of them.
    """
    root = scenario.root
    if root is None:
        return []
    names = [scenario.persona] + [step.instructions for step in scenario.steps.values()]
    unsafe: list[UnreadableFile] = []
    for relative in names:
        target = resolve_inside(root, relative) if relative else None
        if target is None:
            continue
        try:
            with open_regular(target) as handle:
                size = os.fstat(handle.fileno()).st_size
        except UnreadableFile as error:
            if error.reason != "missing":
                unsafe.append(error)
            continue
        if size > MAX_TEXT_FILE_BYTES:
            unsafe.append(
                UnreadableFile(
                    f"{relative!r} is too large: {size:,} bytes; the limit is "
                    f"{describe_size(MAX_TEXT_FILE_BYTES)}",
                    reason="too-large",
                    path=target,
                )
            )
    return unsafe


def _read_inside(root: Path, relative: str) -> str | None:
    try:
        return read_referenced(root, relative)
    except UnreadableFile:
        return None


__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_SCENARIO_BYTES",
    "attach_files",
    "compose_scenario",
    "compose_yaml",
    "load_scenario",
    "located_errors",
    "parse_scenario",
    "read_referenced",
    "read_scenario_text",
    "resolve_inside",
    "scenario_from_yaml",
    "unsafe_references",
]
