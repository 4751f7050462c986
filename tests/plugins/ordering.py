"""The slowest tests start first, so that no worker of ``-n auto`` runs one alone at the end.

pytest-xdist (``--dist loadgroup``, set in ``pyproject.toml``) hands out the groups
(``xdist_group``: tests that share an expensive fixture, such as the slim install's virtual
environment) largest first, then every other test in collection order, a few at a time to
whichever worker is free. A test that takes tens of seconds and is collected last keeps one
worker busy while the others have finished: tests marked ``slow`` are collected first, in their
usual order among themselves; the rest keep theirs.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # a stable sort
