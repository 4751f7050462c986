"""The model matrix in the studio: *Tools ▸ Model matrix…*.

:mod:`.dialog` chooses the models (the test chat's, and the key-free fake ones), the variants
(the scenario as it is in the editor, its git revisions), the tests and the personas;
:mod:`.job` runs the engine's matrix (:mod:`engine.matrix`) on a worker thread and brings its
progress to the UI thread; :mod:`.window` shows the progress, then the table of cells and the
graph shaded by the selected cell's violation rate per step — a click on a step lists the runs
that broke there, each opening in the log viewer. :func:`install` adds the menu entry
(:mod:`.studio`).
"""

from __future__ import annotations

from typing import Any


def install(window: object, **options: Any) -> object:
    """What the studio calls at start: *Tools ▸ Model matrix…* (see
    :func:`app.matrix.studio.install` for ``options``)."""
    from PySide6.QtWidgets import QMainWindow

    from app.matrix.studio import install as install_matrix

    assert isinstance(window, QMainWindow)
    return install_matrix(window, **options)
