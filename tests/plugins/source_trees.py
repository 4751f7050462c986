"""``source_tree``: each module of the engine and the studio parsed once for the house rules.

Several rules read every module's syntax tree: the layers' imports (``test_architecture``), the
function lengths and the docstrings (the same), the file reads (``test_architecture_reads``),
the translated texts (``test_i18n``) and the labels (``test_studio_plain_text``). Each parsed
the 380 modules again, 1.6 CPU-seconds a pass, five passes a run. The tests that read trees carry
the ``source_rules`` xdist group (:data:`SOURCE_RULES`), so one worker runs them all, one after
the other, and :func:`source_tree` keeps what it parsed while they run.

Only while they run: the trees are some 480,000 objects, and every full pass of the worker's
garbage collector would walk them for the rest of the suite (half a second or more each). So
they are let go as soon as the next test is not one of the group.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

__all__ = ["SOURCE_RULES", "source_tree"]

#: The xdist group of the tests that call :func:`source_tree`.
SOURCE_RULES = "source_rules"

_trees: dict[tuple[Path, int, int], ast.Module] = {}


def source_tree(path: Path) -> ast.Module:
    """The syntax tree of ``path``, parsed once per version of the file while the group runs.
    Read it, never change it: the next rule gets the same tree."""
    stat = path.stat()
    key = (path, stat.st_mtime_ns, stat.st_size)
    tree = _trees.get(key)
    if tree is None:
        tree = _trees[key] = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return tree


def _in_group(item: pytest.Item | None) -> bool:
    return item is not None and any(
        mark.args[:1] == (SOURCE_RULES,) for mark in item.iter_markers("xdist_group")
    )


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    if _trees and not _in_group(nextitem):
        _trees.clear()
