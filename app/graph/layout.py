"""The studio's automatic layout: the engine's layered layout, packed for reading on screen.

:func:`engine.scenario.layout.auto_layout` decides the layers (start on top, loops reversed) and
the order within each layer. Its x positions make room for the long edges it threads between
the layers, which turns a scenario whose steps all jump to one review step into a long diagonal.
The studio draws those edges around the side instead (:mod:`app.graph.items`), so it keeps the
layers and their order and centres each layer on one axis: the main path becomes a straight
column. Layers are also drawn a little closer together than the engine's default.
"""

from __future__ import annotations

from collections import defaultdict
from operator import itemgetter

from engine.scenario.layout import auto_layout
from engine.scenario.model import Scenario

Position = tuple[float, float]

#: The size of a step's box on the graph (the layout's unit; no Qt here, so the session may
#: place steps without importing the scene).
NODE_WIDTH = 180.0
NODE_HEIGHT = 60.0

#: The box size the engine lays out with: our real width, and a height 20 below ours, so layers
#: sit 60 apart instead of 80 (room for one signal label, and more steps on the first screen).
LAYOUT_NODE_SIZE = (NODE_WIDTH, NODE_HEIGHT - 20)
#: The gap between two steps of one layer.
NODE_GAP = 40.0


def studio_layout(scenario: Scenario) -> dict[str, Position]:
    """Top-left positions for every step: the engine's layers, each centred on one axis."""
    return packed(auto_layout(scenario, direction="TB", node_size=LAYOUT_NODE_SIZE))


def packed(positions: dict[str, Position]) -> dict[str, Position]:
    """Each layer (same y) keeps its order and is centred on x = 0, NODE_GAP apart."""
    layers: dict[float, list[str]] = defaultdict(list)
    for step_id, (_x, y) in positions.items():
        layers[y].append(step_id)
    result: dict[str, Position] = {}
    for y, members in layers.items():
        members.sort(key=lambda step_id: positions[step_id][0])
        width = len(members) * NODE_WIDTH + (len(members) - 1) * NODE_GAP
        left = -width / 2
        for index, step_id in enumerate(members):
            result[step_id] = (left + index * (NODE_WIDTH + NODE_GAP), y)
    return {step_id: result[step_id] for step_id in positions}


def completed(scenario: Scenario, saved: dict[str, Position]) -> dict[str, Position]:
    """Saved positions for the steps that have one; the others laid out below them."""
    known = {step: saved[step] for step in scenario.steps if step in saved}
    if len(known) == len(scenario.steps):
        return known
    automatic = studio_layout(scenario)
    if not known:
        return automatic
    bottom = max(y for _, y in known.values()) + NODE_HEIGHT + 80.0
    left = min(x for x, _ in known.values())
    missing = [step for step in scenario.steps if step not in known]
    top = min(automatic[step][1] for step in missing)
    first = min(automatic[step][0] for step in missing)
    result = dict(known)
    for step in missing:
        x, y = automatic[step]
        result[step] = (x - first + left, y - top + bottom)
    return result


def row_below(known: list[Position], step_ids: list[str]) -> dict[str, Position]:
    """Positions for ``step_ids`` in a row under every ``known`` position (left-aligned)."""
    bottom = max(map(itemgetter(1), known), default=-NODE_HEIGHT - 80.0) + NODE_HEIGHT + 80.0
    left = min(map(itemgetter(0), known), default=0.0)
    return {step_id: (left + index * (NODE_WIDTH + NODE_GAP), bottom)
            for index, step_id in enumerate(step_ids)}
