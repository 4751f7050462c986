"""The studio's freezing of the garbage collector (:mod:`app.gc_freeze`).

The suite freezes its own baseline once and turns the studio's freezing off elsewhere
(``tests/plugins/gc_baseline.py``): these tests run the studio's own, and leave the collector as
the rest of the suite expects it (the baseline frozen again).

The collector's own rules are checked in a program of their size (:func:`in_a_fresh_interpreter`):
in a worker of the suite, giving back its frozen baseline and listing every live object walks some
600 MB, seconds per test, for the thousand objects the test is about.
"""

from __future__ import annotations

import gc
import multiprocessing
import shutil
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.gc_freeze import freeze_open_scenario, unfreeze

pytestmark = pytest.mark.gc_freeze


@pytest.fixture
def baseline_frozen_again() -> Iterator[None]:
    """The suite's baseline frozen again after a test that gave it back."""
    yield
    gc.collect()
    gc.freeze()


class Node:
    def __init__(self) -> None:
        self.me = self


def in_a_fresh_interpreter(check: Callable[[], None]) -> None:
    """Run ``check`` (a function of this module) in a new Python that imports only this module,
    as small as a studio that has just started; its failure is raised here."""
    with multiprocessing.get_context("spawn").Pool(1) as interpreter:
        interpreter.apply(check)


def test_an_open_scenario_is_frozen_and_given_back_when_closed() -> None:
    in_a_fresh_interpreter(an_open_scenario_is_frozen_and_given_back_when_closed)


def test_what_a_closed_scenario_left_is_collected_before_the_next_is_frozen() -> None:
    """A studio opening scenario after scenario keeps none of the closed ones."""
    in_a_fresh_interpreter(what_a_closed_scenario_left_is_collected_before_the_next_is_frozen)


def an_open_scenario_is_frozen_and_given_back_when_closed() -> None:
    unfreeze()
    assert gc.get_freeze_count() == 0
    kept = [Node() for _ in range(1000)]
    for _ in range(100):
        Node()  # garbage cycles made while opening
    freeze_open_scenario()
    frozen = gc.get_freeze_count()
    assert frozen >= len(kept), "what is alive is exempt from later full passes"
    assert not any(isinstance(thing, Node) for thing in gc.get_objects()), "nothing left to walk"
    unfreeze()
    assert gc.get_freeze_count() == 0
    given_back = sum(isinstance(thing, Node) for thing in gc.get_objects())
    assert given_back == len(kept), "what was alive is walked again, and only that"


def what_a_closed_scenario_left_is_collected_before_the_next_is_frozen() -> None:
    unfreeze()
    freeze_open_scenario()
    closed = [Node() for _ in range(1000)]  # the first scenario, open
    freeze_open_scenario()
    del closed  # closed: cycles nobody refers to, frozen with the rest
    unfreeze()

    freeze_open_scenario()  # the next scenario is open and drawn

    assert not any(isinstance(thing, Node) for thing in gc.get_objects()), "nothing left to walk"
    unfreeze()
    assert not any(isinstance(thing, Node) for thing in gc.get_objects()), "collected, not kept"


@pytest.mark.usefixtures("baseline_frozen_again")
def test_the_studio_freezes_an_open_scenario_and_collects_the_one_it_replaces(
    make_studio: Any, analyst_bot: Path, qtbot: Any, tmp_path: Path
) -> None:
    unfreeze()
    window = make_studio()
    assert window.files.open_folder(analyst_bot)
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0)  # once the first frame is drawn
    first = weakref.ref(window.session.document)

    assert window.files.open_folder(shutil.copytree(analyst_bot, tmp_path / "another"))

    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0 and first() is None)
