"""How other views mark the graph's items: a style per layer, and the colours it paints with.

A view (analytics, test coverage, a comparison, a simulation) marks steps and arrows without
touching the model: a :class:`NodeStyle` / :class:`EdgeStyle` per layer
(``GraphScene.set_shading``; :mod:`app.graph.overlay` is the public way in). An item draws the
styles of every layer, the later layer winning where two set the same thing, and adds each
layer's tooltip to its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from PySide6.QtGui import QColor

from app.theme import GraphColors, mix

#: Opacity of faded items: still readable, clearly in the background.
FADED_OPACITY = 0.38


@dataclass(frozen=True)
class NodeStyle:
    """How a layer marks a step (anything left ``None`` is the step's own look)."""

    fill: QColor | None = None
    border: QColor | None = None
    #: title and id colour; by default black or white, whichever reads better on ``fill``
    text: QColor | None = None
    faded: bool = False
    #: HTML appended to the node's own tooltip
    tooltip: str | None = None


@dataclass(frozen=True)
class EdgeStyle:
    """How a layer marks an arrow."""

    color: QColor | None = None
    width: float | None = None
    faded: bool = False
    tooltip: str | None = None


def readable_text(fill: QColor) -> QColor:
    """Near-black or near-white, whichever contrasts more with ``fill``."""
    luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return QColor(20, 22, 26) if luminance > 0.45 else QColor(245, 246, 248)


def node_colors(base: GraphColors, styles: Sequence[NodeStyle]) -> GraphColors:
    """The colours a node paints with under ``styles`` (lowest layer first)."""
    fill = border = text = None
    for style in styles:
        fill = style.fill or fill
        border = style.border or border
        text = style.text or text
    if fill is None and border is None and text is None:
        return base
    text = text or (readable_text(fill) if fill is not None else None)
    return replace(
        base,
        node_fill=fill or base.node_fill,
        message_fill=fill or base.message_fill,
        action_fill=fill or base.action_fill,
        node_border=border or base.node_border,
        text=text or base.text,
        muted_text=mix(fill, text, 0.7)
        if fill is not None and text is not None
        else base.muted_text,
    )


#: Between an item's own tooltip and what a layer adds to it.
TOOLTIP_RULE = "<hr>"


def with_layers(own: str, extras: Iterable[str | None]) -> str:
    added = [extra for extra in extras if extra]
    return own + "".join(TOOLTIP_RULE + extra for extra in added) if added else own


__all__ = [
    "FADED_OPACITY",
    "TOOLTIP_RULE",
    "EdgeStyle",
    "NodeStyle",
    "node_colors",
    "readable_text",
    "with_layers",
]
