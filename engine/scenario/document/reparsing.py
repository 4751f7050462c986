"""``scenario.yaml`` cut into its steps' texts: lazy loading, and re-parsing only what changed.

:func:`step_texts` decides whether a file can be cut safely; the round-trip tree then loads each
step only when an edit reaches it, and the derived scenario re-parses only the steps whose text
changed since the last successful parse (:func:`reparsed`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.document.splicing import KEY_LINE
from engine.scenario.layout import gc_paused
from engine.scenario.loader import parse_scenario
from engine.scenario.model import Scenario


@dataclass
class StepParse:
    """A successful parse cut into steps: each step's text, its model and its marks (with lines
    counted from the step's first line), and the rest."""

    head: str
    texts: dict[str, str]
    steps: dict[str, Any]
    step_marks: dict[str, list[tuple[tuple[str, ...], int, int]]]
    scenario: Scenario

    @classmethod
    def of(cls, text: str, scenario: Scenario) -> StepParse | None:
        split = step_texts(text)
        if split is None or list(split[1]) != list(scenario.steps):
            return None
        return cls.cut(split, scenario)

    @classmethod
    def cut(cls, split: tuple[str, dict[str, str]], scenario: Scenario) -> StepParse:
        head, texts = split
        starts = start_lines(head, texts)
        step_marks: dict[str, list[tuple[tuple[str, ...], int, int]]] = {sid: [] for sid in texts}
        for path, (line, column) in scenario.marks.items():
            if len(path) >= 2 and path[0] == "steps" and path[1] in step_marks:
                step_marks[path[1]].append((path, line - starts[path[1]], column))
        return cls(head, texts, dict(scenario.steps), step_marks, scenario)


def start_lines(head: str, texts: dict[str, str]) -> dict[str, int]:
    """The 0-based line where each step's text starts, in ``head`` + the texts in order."""
    line = head.count("\n")
    starts: dict[str, int] = {}
    for step_id, text in texts.items():
        starts[step_id] = line
        line += text.count("\n")
    return starts


def reparsed(
    last: StepParse, split: tuple[str, dict[str, str]], path: Path
) -> Scenario | None:
    """The scenario of ``split`` parsing only the steps that differ from ``last`` (None: parse
    the whole text instead)."""
    head, texts = split
    if head != last.head:
        return None
    changed = [step_id for step_id, text in texts.items() if last.texts.get(step_id) != text]
    # The text above the steps is parsed again with at least one step, so that the top-level
    # values are fresh objects, never shared with the last scenario.
    parsed_ids = changed or list(texts)[:1]
    try:
        with gc_paused():
            fresh = parse_scenario(
                head + "".join(texts[step_id] for step_id in parsed_ids), path=path
            )
    except (ScenarioErrors, ScenarioError):
        return None
    if list(fresh.steps) != parsed_ids:
        return None
    parsed = set(parsed_ids)
    starts = start_lines(head, texts)
    marks = {
        key: mark for key, mark in fresh.marks.items()
        if not (len(key) >= 2 and key[0] == "steps" and key[1] in parsed)
    }
    steps: dict[str, Any] = {}
    fresh_split = StepParse.cut((head, {i: texts[i] for i in parsed_ids}), fresh)
    for step_id in texts:
        if step_id in parsed:
            steps[step_id] = fresh.steps[step_id]
            moved = fresh_split.step_marks[step_id]
        else:
            steps[step_id] = last.steps[step_id].model_copy()
            moved = last.step_marks[step_id]
        line = starts[step_id]
        for key, relative, column in moved:
            marks[key] = (relative + line, column)
    first = next(iter(texts))
    marks[("steps",)] = marks[("steps", first, "<key>")]
    scenario = fresh.model_copy(update={"steps": steps})
    scenario.marks = marks
    return scenario



#: Text that makes a step depend on text outside it, or that the line scan cannot follow.
_NOT_ALONE = re.compile(r"[&*][^\s,\]}]|^(?:%|---|\.\.\.)", re.MULTILINE)
#: Keys YAML reads as something other than text.
_SPECIAL_KEYS = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n"})


@functools.lru_cache(maxsize=4)
def step_texts(text: str) -> tuple[str, dict[str, str]] | None:
    """``text`` cut into what precedes the steps and each step's own text, when that is safe:
    ``steps:`` is the last top-level key, alone on its line; each step is a plain key alone on
    its line at one indentation, right after the last line of the step before (ruamel gives a
    blank or comment line there to either step, depending on what precedes it), and the file
    ends with a step's last line; no anchors,
    aliases, directives or documents; the whole text is valid YAML. ``None`` otherwise.

    The last few answers are kept (the tree and the parse both ask about the same text); callers
    must not change them.
    """
    if _NOT_ALONE.search(text) or not _is_yaml(text):
        return None
    lines = text.splitlines(keepends=True)
    top = [index for index, line in enumerate(lines) if line[:1] not in ("", " ", "#", "\n", "\r")]
    if not top or lines[top[-1]].rstrip(" \n") != "steps:":
        return None
    first = top[-1] + 1
    if first >= len(lines):
        return None
    indent = len(lines[first]) - len(lines[first].lstrip(" "))
    starts: list[tuple[str, int]] = []
    gap_above = False
    for index in range(first, len(lines)):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            gap_above = True
            continue
        width = len(line) - len(line.lstrip(" "))
        if width < indent or width == 0 or _open_quote(line):
            return None
        if width == indent:
            match = KEY_LINE.match(line[indent:])
            if (
                match is None
                or gap_above
                or line.split(":", 1)[1].strip()
                or match.group(1).lower() in _SPECIAL_KEYS
            ):
                return None
            starts.append((match.group(1), index))
        gap_above = False
    if gap_above or not starts or starts[0][1] != first:
        return None
    ends = [start for _, start in starts[1:]] + [len(lines)]
    texts = {
        step_id: "".join(lines[start:end])
        for (step_id, start), end in zip(starts, ends, strict=True)
    }
    if len(texts) != len(starts):
        return None
    return "".join(lines[:first]), texts


#: A single-quoted scalar starting on a line (after a key, a dash, ``[``, ``{`` or ``,``).
_SINGLE_QUOTED = re.compile(r"(?:^|[:\-\[{,])[ \t]*'")


def _open_quote(line: str) -> bool:
    """Whether a quoted scalar on ``line`` may go on to the next lines (which could then hold
    what looks like a step's key)."""
    if '"' in line and (line.count('"') - line.count('\\"')) % 2:
        return True
    match = _SINGLE_QUOTED.search(line)
    return match is not None and line[match.end() - 1 :].count("'") % 2 == 1


def _is_yaml(text: str) -> bool:
    """Whether ``text`` parses as YAML (libyaml's parser alone: a few ms per 1,000 steps)."""
    loader_class = getattr(yaml, "CSafeLoader", None)
    if loader_class is None:
        return False
    loader = loader_class(text)
    try:
        while loader.check_event():
            loader.get_event()
    except yaml.YAMLError:
        return False
    finally:
        loader.dispose()
    return True
