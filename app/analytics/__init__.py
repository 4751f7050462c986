"""Analytics over many conversations, and the studio's entry points for it and for comparing.

:mod:`.window` shades the graph by where conversations struggle (:mod:`.shading`), with the
figures of a step and the conversations that struggled there (:mod:`.panel`); the logs are read
off the UI thread (:mod:`.loader`). :func:`install` adds *Tools ▸ Compare with…* and
*Tools ▸ Analyse logs…* to the studio window (:mod:`.studio`).
"""

from __future__ import annotations


def install(window: object) -> object:
    """What the studio calls at start: the Tools menu's compare and analytics actions."""
    from PySide6.QtWidgets import QMainWindow

    from app.analytics.studio import install as install_tools

    assert isinstance(window, QMainWindow)
    return install_tools(window)
