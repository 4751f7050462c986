"""``private_folder``: a new folder per call, for the autouse fixtures every test runs.

pytest's ``tmp_path_factory.mktemp`` numbers a folder by listing every folder of its kind made so
far in the run; called by two autouse fixtures for each of a worker's thousand tests, those
listings grew quadratically to some 6 CPU-seconds of the suite. Here each kind has one parent,
made once, and its folders are numbered by a counter. ``make=False`` only names the folder, for
a writer that makes it when it first writes (Qt's settings): pytest deletes every folder of a
run three runs later, at the end of the suite, one by one.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def private_folder(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    parents: dict[str, Path] = {}
    numbers = itertools.count()

    def folder(kind: str, *, make: bool = True) -> Path:
        if kind not in parents:
            parents[kind] = tmp_path_factory.mktemp(kind, numbered=False)
        path = parents[kind] / str(next(numbers))
        if make:
            path.mkdir()
        return path

    return folder
