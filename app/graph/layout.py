"""The studio's automatic layout: :mod:`engine.scenario.diagram`'s, which the draw.io export
draws too.

:func:`engine.scenario.layout.auto_layout` decides the layers (start on top, loops reversed) and
the order within each layer; the diagram keeps them and centres each layer on one axis, so the
main path is a straight column and long arrows run in side lanes. It lives in the engine so
that ``prompter export-drawio`` places the steps exactly where the studio does; this module
keeps the studio's names for it.
"""

from __future__ import annotations

from engine.scenario.diagram import (
    LAYOUT_NODE_SIZE,
    NODE_GAP,
    NODE_HEIGHT,
    NODE_WIDTH,
    completed,
    diagram_layout,
    packed,
    row_below,
)

Position = tuple[float, float]

#: The layout of the whole scenario, as the studio and the export draw it.
studio_layout = diagram_layout

__all__ = [
    "LAYOUT_NODE_SIZE",
    "NODE_GAP",
    "NODE_HEIGHT",
    "NODE_WIDTH",
    "Position",
    "completed",
    "packed",
    "row_below",
    "studio_layout",
]
