"""The garbage collector in a worker of the suite: the program frozen once, the studio's freezing
left to the tests that are about it.

The studio freezes what is alive each time a scenario is opened, and gives it back when the
scenario is replaced (:mod:`app.gc_freeze`), which after a give-back costs a full collection: a
user opens a few scenarios a day, a worker of the suite opens hundreds of studio windows, one per
GUI test. There, the freezing is replaced by nothing (autouse ``studio_gc_unfrozen``), except in
tests marked ``gc_freeze``, which run the studio's own; and what every test shares (the modules,
the Qt bindings, the SDKs, the collected tests) is frozen once, after collection, so that the
collector's full passes walk only what tests make. Before, each opening froze what earlier tests
had left, a worker's permanent generation grew past a million objects (over 1 GB), and each full
pass after a give-back walked all of it: the 0.3-0.9 s stalls of a worker.
"""

from __future__ import annotations

import gc

import pytest

from app import gc_freeze  # only the collector: no Qt

#: The collector's thresholds in a worker: a full pass after 100 passes of the middle generation
#: instead of 10. Tests make far more long-lived objects than a studio does in a day (a window
#: per test), and each full pass walks them all: 50-60 full passes of 60-80 ms per worker, some
#: 4 CPU-seconds each, became a few. Memory is not the limit (workers stay under 1 GB).
WORKER_THRESHOLDS = (700, 10, 100)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "gc_freeze: runs the studio's own freezing of the collector")
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        gc.enable()  # xdist's controller collects no test: nothing to wait for


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*WORKER_THRESHOLDS)
    gc.enable()  # off while the tests were imported (tests/conftest.py)


def pytest_unconfigure(config: pytest.Config) -> None:
    gc.enable()  # whatever happened to the collection


@pytest.fixture(autouse=True)
def studio_gc_unfrozen(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("gc_freeze") is not None:
        return
    monkeypatch.setattr(gc_freeze, "freeze_open_scenario", lambda: None)
    monkeypatch.setattr(gc_freeze, "unfreeze", lambda: None)
