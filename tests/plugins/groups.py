"""The suite and the real-model group, run one after the other by ``./dev test``.

The tests against the real local model (``real_model``: llama-cpp-python's server on the CPU,
``tests/test_real_model.py``) are slow by nature and use both cores while they run. ``./dev test``
runs the rest of the suite first, on every core, then them, and reports each time apart:

* ``PROMPTER_TEST_GROUP=suite``: every test but the real-model ones;
* ``PROMPTER_TEST_GROUP=real_model``: only those (other test files are not even imported);
* unset (plain ``pytest``): everything, in one run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

MARKER = "real_model"
GROUPS = ("suite", MARKER)


def _group(config: pytest.Config) -> str | None:
    group = os.environ.get("PROMPTER_TEST_GROUP") or None
    if group is not None and group not in GROUPS:
        raise pytest.UsageError(f"PROMPTER_TEST_GROUP must be one of {', '.join(GROUPS)}")
    return group


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{MARKER}: runs against the real local model")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """In the real-model group, a test module that never names the marker is not imported."""
    if _group(config) != MARKER or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    return f"mark.{MARKER}" not in collection_path.read_text(encoding="utf-8")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    group = _group(config)
    if group is None:
        return
    wanted = group == MARKER
    keep, dropped = [], []
    for item in items:
        (keep if (item.get_closest_marker(MARKER) is not None) == wanted else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
