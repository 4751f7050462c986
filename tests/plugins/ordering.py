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


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """In a worker of ``--dist loadgroup``, a grouped test's id must carry its group.

    pytest-xdist groups by that suffix; when a pytest release changes how ids are built, the
    groups silently stop being honoured (each worker then builds the slim venv, starts its own
    real model): stop the run and say so instead."""
    if not getattr(session.config.option, "loadgroup", False):
        return
    for item in session.items:
        groups = {str(mark.args[0]) for mark in item.iter_markers("xdist_group") if mark.args}
        if groups and not item.nodeid.endswith("@" + "_".join(sorted(groups))):
            raise pytest.UsageError(
                f"pytest-xdist's loadgroup does not work with this pytest ({pytest.__version__}): "
                f"{item.nodeid} lost its group {sorted(groups)}; see pyproject.toml's pin"
            )
