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
    FREE_MARGIN,
    LAYOUT_NODE_SIZE,
    NODE_GAP,
    NODE_HEIGHT,
    NODE_WIDTH,
    NodeIndex,
    completed,
    diagram_layout,
    free_spot,
    packed,
    row_below,
)

Position = tuple[float, float]

#: The layout of the whole scenario, as the studio and the export draw it.
studio_layout = diagram_layout


def nearest_free(nodes: NodeIndex, wanted: Position) -> Position:
    """Where a new box goes when the author points at ``wanted`` (its top-left): there if it
    overlaps no box, else moved just far enough aside (left, right, up or down, the least move
    first) — not a whole row away — else the nearest free spot further out."""
    x, y = wanted
    if nodes.is_free(x, y, FREE_MARGIN):
        return wanted
    blockers = [
        nodes.positions[key]
        for key in nodes.in_rect(x, y, x + NODE_WIDTH, y + NODE_HEIGHT, FREE_MARGIN)
    ]
    gap = FREE_MARGIN + 1
    moves = [
        (min(bx for bx, _ in blockers) - gap - NODE_WIDTH - x, 0.0),
        (max(bx for bx, _ in blockers) + NODE_WIDTH + gap - x, 0.0),
        (0.0, min(by for _, by in blockers) - gap - NODE_HEIGHT - y),
        (0.0, max(by for _, by in blockers) + NODE_HEIGHT + gap - y),
    ]
    for dx, dy in sorted(moves, key=lambda move: abs(move[0]) + abs(move[1])):
        if nodes.is_free(x + dx, y + dy, FREE_MARGIN):
            return (x + dx, y + dy)
    return free_spot(nodes, wanted, prefer=[(0.0, 0.0)])


__all__ = [
    "LAYOUT_NODE_SIZE",
    "NODE_GAP",
    "NODE_HEIGHT",
    "NODE_WIDTH",
    "Position",
    "completed",
    "nearest_free",
    "packed",
    "row_below",
    "studio_layout",
]
