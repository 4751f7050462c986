"""The studio's freezing of the garbage collector (:mod:`app.gc_freeze`)."""

from __future__ import annotations

import gc

from app.gc_freeze import freeze_open_scenario, unfreeze


class Node:
    def __init__(self) -> None:
        self.me = self


def test_an_open_scenario_is_frozen_and_given_back_when_closed() -> None:
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
    assert sum(isinstance(thing, Node) for thing in gc.get_objects()) == len(kept)
