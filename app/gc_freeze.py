"""Freezing the garbage collector's view of an open scenario, so its full passes stay short.

An open 2,000-step scenario is some 200,000 Python objects (the document, the scenario, the
graph's items), and they live as long as it is open. Every full pass of the cycle collector walks
all of them — a third of a second, at a moment of its choosing, so now and then an edit or a
keystroke would take twenty frames instead of one. Once a scenario is open and drawn,
:func:`freeze_open_scenario` hands what is alive then to ``gc.freeze``: later passes only walk what
editing makes. :func:`unfreeze` gives them back to the collector when the scenario is
closed or replaced, so what it leaves is collected as before.
"""

from __future__ import annotations

import gc


def freeze_open_scenario() -> None:
    """Collect what opening left, then exempt what is alive from later full passes.

    Opening runs with the collector paused, so what it made is all young: collecting the young
    generations finds its garbage without walking the rest of the program."""
    gc.collect(1)
    gc.freeze()


def unfreeze() -> None:
    """Make everything collectable again (the open scenario is being dropped)."""
    gc.unfreeze()
