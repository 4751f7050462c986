"""Simulated users in the studio: *Tools ▸ Simulate…*, the live progress, and the report.

:mod:`.dialog` chooses the personas, the numbers, the models and the limits; :mod:`.job` runs the
engine's simulation on a worker thread and brings its progress to the UI thread;
:mod:`.window` shows the progress, then the report (:mod:`.tables`) over the graph shaded by
where conversations got stuck or broke the contract (:mod:`.shading`); a conversation opens in
the log viewer or is saved as a test (:mod:`.save_test`). :func:`install` adds the menu entry to
the studio window (:mod:`.studio`).
"""

from __future__ import annotations

from typing import Any


def install(window: object, **options: Any) -> object:
    """What the studio calls at start: *Tools ▸ Simulate…* (see :func:`app.simulate.studio.install`
    for ``options``)."""
    from PySide6.QtWidgets import QMainWindow

    from app.simulate.studio import install as install_simulate

    assert isinstance(window, QMainWindow)
    return install_simulate(window, **options)
