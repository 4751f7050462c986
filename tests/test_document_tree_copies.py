"""The round-trip trees of texts loaded before are copies, each its caller's own.

ruamel's round-trip loader is pure Python (35 ms for the analyst bot); a tree loaded before is
deep-copied instead (6 ms). A copy must be the tree a fresh load gives — the same values,
comments, styles and anchors, so the same text when dumped — and what one document's edits do to
its tree, no other document sees.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

from engine.io.resources import scenarios_dir
from engine.scenario.document.nodes import configured_yaml
from engine.scenario.document.tree import loaded_tree

SHIPPED = sorted(scenarios_dir().glob("*/scenario.yaml"))

#: Flow styles, quotes, folded text, comments and blank lines in one text.
DRESSED = """\
name: dressed   # the name
model:
  temperature: 0.2
  tags: [a, 'b', "c"]
description: >-
  Folded text that runs
  over two lines.

steps:
  greet:
    text: 'Hello'
    transitions: {next: {to: done}}

  # the end
  done: {kind: message, text: Bye, final: true}
"""

#: Anchors and a merge: a copy would lose their names, so such a text is always loaded.
ANCHORED = """\
defaults: &defaults
  temperature: 0.2
model:
  <<: *defaults
  name: gpt-4.1-mini
steps: {}
"""


def dumped(tree: Any, text: str) -> str:
    out = io.StringIO()
    configured_yaml(text).dump(tree, out)
    return out.getvalue()


def fresh(text: str) -> Any:
    return configured_yaml(text).load(text)


@pytest.mark.parametrize(
    "text",
    [pytest.param(path.read_text(encoding="utf-8"), id=path.parent.name) for path in SHIPPED]
    + [pytest.param(DRESSED, id="dressed"), pytest.param(ANCHORED, id="anchored")],
)
def test_a_tree_loaded_again_is_the_tree_a_fresh_load_gives(text: str) -> None:
    loaded_tree(configured_yaml(text), text)  # loaded before

    again = loaded_tree(configured_yaml(text), text)

    assert again == fresh(text)
    assert dumped(again, text) == dumped(fresh(text), text)
    assert again["steps"].lc.line == fresh(text)["steps"].lc.line, "line numbers kept"


@pytest.mark.parametrize("text", [DRESSED, ANCHORED], ids=["dressed", "anchored"])
def test_what_one_caller_edits_no_other_sees(text: str) -> None:
    first = loaded_tree(configured_yaml(text), text)
    first["model"]["temperature"] = 0.9
    first["steps"]["added"] = {"kind": "message"}
    first.yaml_set_comment_before_after_key("steps", before="a new comment")

    second = loaded_tree(configured_yaml(text), text)

    assert dumped(second, text) == dumped(fresh(text), text)
    assert second["model"]["temperature"] == 0.2


def test_a_text_with_a_directive_is_loaded_by_its_own_yaml() -> None:
    """A ``%YAML`` directive is remembered by the loader that read it, for its dump."""
    text = "%YAML 1.2\n---\nname: versioned\nsteps: {}\n"
    yaml = configured_yaml(text)

    tree = loaded_tree(yaml, text)

    assert tree == {"name": "versioned", "steps": {}}
    assert yaml.doc_infos, "the given loader read the text"
