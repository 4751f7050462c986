"""Reading a scenario's settings, or one of its steps, without loading every step.

ruamel's round-trip loader is pure Python: loading every step of the analyst bot takes 40 ms, a
large file seconds. Opening a scenario in the studio reads its settings and selecting a step
reads that step, so those reads load the text above ``steps:`` alone, or the step's own lines;
the values must be exactly the ones the whole tree holds, and a text that cannot be cut that way
is read from the whole tree as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.io.resources import scenarios_dir
from engine.scenario.document import ScenarioDocument
from engine.scenario.document.reparsing import head_text, step_blocks, step_texts

#: Steps spaced by blank lines and comments, as people write them: too loose for the steps to be
#: loaded one at a time (``step_texts``), which is what made every read load them all.
SPACED = """\
name: spaced
title: "Spaced: out"   # a comment on the title
description: >-
  Folded text that runs
  over two lines.

start: greet
model: {name: gpt-4.1-mini, temperature: 0.2}
variables:
  name: {type: string, description: "What the user is called"}
  tags:
    type: list

steps:
  greet:
    instructions: steps/greet.md
    transitions:
      next: {to: done}

  # the end
  done:
    kind: message
    text: Bye
    final: true
"""


def write(folder: Path, yaml_text: str) -> Path:
    (folder / "steps").mkdir(parents=True)
    (folder / "scenario.yaml").write_text(yaml_text, encoding="utf-8")
    (folder / "steps" / "greet.md").write_text("Greet the user.\n", encoding="utf-8")
    return folder


def head_paths(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path to a value inside ``value`` (a plain mapping or list), ``path`` first."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += head_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += head_paths(item, (*path, index))
    return found


def folders(tmp_path: Path) -> list[Path]:
    shipped = sorted(p for p in scenarios_dir().iterdir() if (p / "scenario.yaml").is_file())
    return [*shipped, write(tmp_path / "spaced", SPACED)]


def test_every_setting_read_before_the_tree_is_what_the_whole_tree_holds(tmp_path: Path) -> None:
    for folder in folders(tmp_path):
        whole = ScenarioDocument.open(folder, lazy=False)
        whole.prepare()
        settings = {key: value for key, value in whole.get(()).items() if key != "steps"}
        paths = head_paths(settings)
        reading = ScenarioDocument.open(folder)

        read = {path: reading.get(path) for path in paths}

        assert not reading.tree_built, folder.name  # nothing above was read from the tree
        assert read == {path: whole.get(path) for path in paths}, folder.name
        assert not reading.has(("no_such_setting",)) and not reading.has(("model", "nope"))
        assert reading.scenario is not None and not reading.tree_built


def test_every_value_of_a_step_read_alone_is_what_the_whole_tree_holds(tmp_path: Path) -> None:
    for folder in folders(tmp_path):
        whole = ScenarioDocument.open(folder, lazy=False)
        whole.prepare()
        steps = whole.get(("steps",))
        reading = ScenarioDocument.open(folder)
        for step_id, step in steps.items():
            paths = head_paths(step, ("steps", step_id))

            read = {path: reading.get(path) for path in paths}

            assert read == {path: whole.get(path) for path in paths}, (folder.name, step_id)
            assert not reading.has(("steps", step_id, "no_such_field"))
        assert not reading.tree_built, folder.name
        assert not reading.has(("steps", "no_such_step"))  # asked of the whole tree
        assert reading.tree_built


def test_the_shipped_scenarios_are_read_this_way_though_their_steps_are_spaced() -> None:
    # the case that matters: none of them can have its steps loaded one at a time for edits
    analyst = (scenarios_dir() / "analyst_bot" / "scenario.yaml").read_text(encoding="utf-8")
    assert step_texts(analyst) is None and head_text(analyst) is not None
    assert step_blocks(analyst) is not None


@pytest.mark.parametrize(
    "text",
    [
        SPACED.replace("  greet:\n", "  greet: {instructions: steps/greet.md}\n  other:\n"),
        SPACED.replace("  done:\n", "  greet:\n"),  # an id twice
        SPACED.replace("    text: Bye\n", "    text: 'Bye,\n      then'\n"),  # quote runs on
    ],
    ids=["flow-step", "id-twice", "quote-runs-on"],
)
def test_a_step_that_cannot_be_cut_alone_is_read_from_the_whole_tree(
    tmp_path: Path, text: str
) -> None:
    assert step_blocks(text) is None
    document = ScenarioDocument.open(write(tmp_path / "scenario", text))

    document.has(("steps", "greet", "instructions"))

    assert document.tree_built


@pytest.mark.parametrize(
    "text",
    [
        SPACED.replace("start: greet\n", "") + "start: greet\n",  # steps: not the last key
        SPACED.replace("name: spaced", "name: &n spaced").replace("{to: done}", "{to: *n}"),
        "%YAML 1.2\n---\n" + SPACED,  # a directive
        SPACED.replace("steps:\n", "steps:  # the steps\n"),  # not alone on its line
    ],
    ids=["steps-not-last", "anchor", "directive", "comment-after-steps"],
)
def test_a_text_that_cannot_be_cut_above_its_steps_is_read_from_the_whole_tree(
    tmp_path: Path, text: str
) -> None:
    assert head_text(text) is None
    document = ScenarioDocument.open(write(tmp_path / "scenario", text))

    document.get(("title",))

    assert document.tree_built


def test_an_edit_after_reading_the_settings_edits_the_whole_text(tmp_path: Path) -> None:
    document = ScenarioDocument.open(write(tmp_path / "spaced", SPACED))
    assert document.get(("variables", "tags")) == {"type": "list"}

    document.set(("variables", "tags", "description"), "Labels")
    document.set(("steps", "done", "text"), "Goodbye")

    assert document.tree_built
    text = document.yaml_text()
    assert "    type: list\n    description: Labels\n" in text
    assert "    text: Goodbye\n" in text and "  # the end\n" in text
    assert text.replace("    description: Labels\n", "").replace("Goodbye", "Bye") == SPACED
