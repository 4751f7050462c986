"""Freezing the garbage collector's view of an open scenario, so its full passes stay short.

An open 2,000-step scenario is some 200,000 Python objects (the document, the scenario, the
graph's items), and they live as long as it is open. Every full pass of the cycle collector walks
all of them — a third of a second, at a moment of its choosing, so now and then an edit or a
keystroke would take twenty frames instead of one. Once a scenario is open and drawn,
:func:`freeze_open_scenario` hands what is alive then to ``gc.freeze``: later passes only walk what
editing makes. :func:`unfreeze` gives them back to the collector when the scenario is closed or
replaced.

What the closed scenario left is garbage only the oldest generation's pass can find, and that
pass may not come before the next scenario is frozen: frozen again, it would never be collected,
and a studio that opens scenario after scenario would keep every one of them. So the first
freeze after a give-back runs that full pass itself, once per scenario opened.
"""

from __future__ import annotations

import gc

#: Whether objects were given back since the last freeze (what they left is not collected yet).
_given_back = False


def freeze_open_scenario() -> None:
    """Collect what opening left (and, after a give-back, what the closed scenario left), then
    exempt what is alive from later full passes.

    Opening runs with the collector paused, so what it made is all young: collecting the young
    generations finds its garbage without walking the rest of the program."""
    global _given_back
    if _given_back:
        gc.collect()
        _given_back = False
    else:
        gc.collect(1)
    gc.freeze()


def unfreeze() -> None:
    """Make everything collectable again (the open scenario is being dropped)."""
    global _given_back
    _given_back = _given_back or gc.get_freeze_count() > 0
    gc.unfreeze()
