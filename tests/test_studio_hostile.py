"""Hostile scenarios open like any other broken scenario: at once, with their problems listed.

The studio reads ``scenario.yaml`` through the loader's limited reader before anything else
builds on it (an alias bomb is refused in a moment, not expanded to gigabytes), and reads
instruction files only when they are regular files of reasonable size (a FIFO named as an
instruction file never blocks it). Every pane keeps working: nothing raises.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from engine.scenario.document.files import MAX_TEXT_BYTES

pytestmark = pytest.mark.gui

BILLION_LAUGHS = """\
name: bomb
start: a
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
steps:
  a:
    title: *i
    final: true
"""

VALID = """\
name: hostile
start: greet
steps:
  greet:
    title: Greeting
    instructions: steps/greet.md
    transitions:
      done: {to: final}
  final:
    kind: message
    text: Bye
    final: true
"""


def scenario_folder(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "hostile"
    (folder / "steps").mkdir(parents=True)
    (folder / "scenario.yaml").write_text(text, encoding="utf-8")
    return folder


def open_hostile(make_studio: Any, folder: Path) -> Any:
    window = make_studio()
    assert window.files.open_folder(folder)
    return window


def problem_texts(window: Any) -> list[str]:
    return [str(problem) for problem in window.problems.problems]


def assert_opened_broken(window: Any, qtbot: QtBot, *expected: str) -> None:
    """Open, not loading, with the loader's words in the problems pane, every pane usable."""
    qtbot.waitUntil(lambda: bool(window.problems.problems), timeout=5000)
    assert window.session.scenario is None
    assert window.broken_banner.isVisible()
    texts = "\n".join(problem_texts(window))
    for words in expected:
        assert words in texts
    assert window.scenario_editor.scene.nodes == {}
    # the scenario pane, the YAML view and the inspector keep working on a file like this
    window.scenario_pane.refresh()
    window.show_source()
    assert window.scenario_pane.source.edit.toPlainText() == window.document.yaml_text()
    window.step_form.show_step("a")
    assert not window.scenario_editor.editable()


@pytest.mark.timeout(30)
def test_an_alias_bomb_opens_at_once_with_its_problem_listed(
    make_studio: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    window = open_hostile(make_studio, scenario_folder(tmp_path, BILLION_LAUGHS))
    assert_opened_broken(window, qtbot, "expands to too many values")
    assert not window.document.has(("steps",))  # no reader built the expanded tree
    assert window.document.keys(("steps",)) == []


@pytest.mark.timeout(30)
def test_a_duplicate_key_in_a_flow_mapping_opens_with_its_problem_listed(
    make_studio: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    text = VALID.replace("done: {to: final}", "done: {to: final, to: greet}")
    window = open_hostile(make_studio, scenario_folder(tmp_path, text))
    assert_opened_broken(window, qtbot, "duplicate key 'to'")


@pytest.mark.timeout(30)
def test_an_impossible_date_opens_with_its_problem_listed(
    make_studio: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    text = VALID.replace("title: Greeting", "title: 2024-13-45")
    window = open_hostile(make_studio, scenario_folder(tmp_path, text))
    assert_opened_broken(window, qtbot, "invalid value '2024-13-45'")


@pytest.mark.timeout(30)
def test_very_deep_nesting_opens_with_its_problem_listed(
    make_studio: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    # past Python's recursion limit (a recursive reader would crash), the smallest depth that
    # shows it; 5,000 took half as long again
    depth = sys.getrecursionlimit() + 200
    text = VALID + "description: " + "[" * depth + "]" * depth + "\n"
    window = open_hostile(make_studio, scenario_folder(tmp_path, text))
    assert_opened_broken(window, qtbot, "nests deeper")


@pytest.mark.timeout(30)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_as_an_instruction_file_never_blocks_the_studio(
    make_studio: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    folder = scenario_folder(tmp_path, VALID)
    os.mkfifo(folder / "steps" / "greet.md")
    window = open_hostile(make_studio, folder)
    scenario = window.session.scenario
    assert scenario is not None and scenario.steps["greet"].instructions_text == ""
    window.scenario_editor.select_step("greet")
    editor = window.instructions
    assert editor.relpath is None and editor.edit.isReadOnly()
    assert "not a regular file" in editor.edit.placeholderText()
    qtbot.waitUntil(lambda: bool(window.problems.problems), timeout=5000)
    assert any("greet.md" in text for text in problem_texts(window))
    assert window.files.save()  # saving neither reads nor replaces the FIFO
    assert (folder / "steps" / "greet.md").is_fifo()


def test_an_instruction_file_too_large_to_open_is_shown_as_such(
    make_studio: Any, tmp_path: Path
) -> None:
    folder = scenario_folder(tmp_path, VALID)
    (folder / "steps" / "greet.md").write_bytes(b"x" * (MAX_TEXT_BYTES + 1))
    window = open_hostile(make_studio, folder)
    window.scenario_editor.select_step("greet")
    assert window.instructions.relpath is None
    assert "too large" in window.instructions.edit.placeholderText()
