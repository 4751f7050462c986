"""How a scenario looks as draw.io cells: ids, styles, labels and custom properties.

Export and import share these definitions so they cannot drift apart. Cell ids are derived from
step ids and signals (``step:greet``, ``edge:greet:wants_to_order``): exporting the same scenario
twice gives the same file, a small change gives a small diff, and an import can tell which step or
transition a cell was, even after its label was edited in draw.io. Step ids and signals are
identifiers (no ``:``), so the ids parse back unambiguously.

Labels are plain text (``html=0``): what the author types in draw.io is what the import reads,
with no HTML to strip, and ``< > &`` in titles need no double escaping.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.scenario.definition import IDENTIFIER as IDENTIFIER  # the one pattern, re-exported
from engine.scenario.diagram import NODE_HEIGHT as NODE_HEIGHT  # one box size
from engine.scenario.diagram import NODE_WIDTH as NODE_WIDTH
from engine.scenario.diagram import edge_label_line
from engine.scenario.names import identifier_from

STEP_PREFIX = "step:"
EDGE_PREFIX = "edge:"

_BASE = {"rounded": "1", "whiteSpace": "wrap", "html": "0"}
_KIND = {
    "prompt": {"fillColor": "#dae8fc", "strokeColor": "#6c8ebf"},
    "message": {"fillColor": "#fff2cc", "strokeColor": "#d6b656", "dashed": "1"},
    # draw.io's "process" shape (a box with double sides): the flowchart's subroutine call
    "action": {"shape": "process", "fillColor": "#d5e8d4", "strokeColor": "#82b366"},
}
_FINAL = {"arcSize": "50", "strokeColor": "#b85450", "strokeWidth": "2"}
_START = {"strokeColor": "#2d7600", "strokeWidth": "3"}
EDGE_STYLE = "rounded=1;html=0;endArrow=block;endFill=1;"
BACK_EDGE_STYLE = EDGE_STYLE + "dashed=1;"
LEGEND_STYLE = "text;html=0;align=left;verticalAlign=top;whiteSpace=wrap;fontSize=11;"
#: The font of a diagram whose labels hold Devanagari (a Hindi scenario): a family that draws
#: it, and its Latin letters too; draw.io loads it as a web font (``fontSource``) where the
#: machine does not have it. Other diagrams keep draw.io's default font.
DEVANAGARI_FONT = (
    "fontFamily=Noto Sans Devanagari;"
    "fontSource=https%3A%2F%2Ffonts.googleapis.com%2Fcss%3Ffamily%3DNoto%2BSans%2BDevanagari;"
)


def font_style(texts: Iterable[str]) -> str:
    """The style part naming a font for labels made of ``texts`` ("" for draw.io's default)."""
    devanagari = any("\u0900" <= char <= "\u097f" for text in texts for char in text)
    return DEVANAGARI_FONT if devanagari else ""


#: What a guard line of an edge label looks like: ``[requires: address, pizzas]``, or, for a
#: long list, its count ``[requires 15]`` (the names are in the edge's ``requires`` property).
GUARD = re.compile(r"^\[\s*requires\s*:(?P<names>.*)\]$")
GUARD_COUNT = re.compile(r"^\[\s*requires\s+(?P<count>\d+)\s*\]$")


def step_cell_id(step_id: str) -> str:
    return f"{STEP_PREFIX}{step_id}"


def edge_cell_id(step_id: str, signal: str) -> str:
    return f"{EDGE_PREFIX}{step_id}:{signal}"


def parse_step_cell_id(cell_id: str) -> str | None:
    """The step id in ``step:ID``, or ``None`` for any other cell id."""
    if cell_id.startswith(STEP_PREFIX):
        step = cell_id[len(STEP_PREFIX) :]
        if IDENTIFIER.match(step):
            return step
    return None


def parse_edge_cell_id(cell_id: str) -> tuple[str, str] | None:
    """``(step, signal)`` from ``edge:STEP:SIGNAL``, or ``None`` for any other cell id."""
    if cell_id.startswith(EDGE_PREFIX):
        parts = cell_id[len(EDGE_PREFIX) :].split(":")
        if len(parts) == 2 and all(IDENTIFIER.match(part) for part in parts):
            return parts[0], parts[1]
    return None


def step_style(*, kind: str, start: bool, final: bool) -> str:
    """Start, final, message and action steps are told apart at a glance: a thick green border,
    a pill with a red border, a yellow dashed box, a green box with double sides; plain prompt
    steps are blue rounded boxes."""
    style = {**_BASE, **_KIND.get(kind, _KIND["prompt"])}
    if final:
        style.update(_FINAL)
    if start:
        style.update(_START)
    return "".join(f"{key}={value};" for key, value in style.items())


def step_label(title: str, step_id: str) -> str:
    """``Title`` over ``(step_id)``; the id line is dropped again on import."""
    return f"{title}\n({step_id})"


def title_from_label(label: str, step_id: str | None) -> str:
    """The title an author typed: the label without its ``(step_id)`` line, lines joined."""
    lines = [line.strip() for line in label.splitlines() if line.strip()]
    if lines and step_id is not None and lines[-1] == f"({step_id})":
        lines.pop()
    elif lines and re.fullmatch(r"\([A-Za-z_][A-Za-z0-9_]*\)", lines[-1]) and len(lines) > 1:
        lines.pop()  # a copied vertex still shows its original's id line
    return " ".join(lines)


def edge_label(signal: str, requires: list[str]) -> str:
    """``signal [requires: a, b]``, or ``signal [requires 15]`` when the names would make the
    label long (the edge's ``requires`` property keeps them all) — as the studio labels it."""
    return edge_label_line(signal, requires)


def parse_edge_label(label: str, listed: str = "") -> tuple[str, list[str] | None]:
    """``(signal, requires)``; requires is ``None`` when the label has no guard.

    The guard follows the signal in brackets, on its line or on a line of its own. A guard that
    counts (``[requires 15]``) stands for the names in the edge's ``requires`` property
    (``listed``, comma-separated); one that names them is read as typed."""
    lines = [line.strip() for line in label.splitlines() if line.strip()]
    if lines and "[" in lines[0]:
        head, _, rest = lines[0].partition("[")
        lines[0:1] = [head.strip(), "[" + rest]
    signal = lines[0] if lines else ""
    requires: list[str] | None = None
    for line in lines[1:]:
        match = GUARD.match(line)
        if match:
            requires = [name.strip() for name in match["names"].split(",") if name.strip()]
        elif GUARD_COUNT.match(line):
            requires = [name.strip() for name in listed.split(",") if name.strip()]
    return signal, requires


def slug(text: str) -> str:
    """A step id made from a title typed in draw.io: ``"Check payment!"`` → ``check_payment``,
    ``"Réservation"`` → ``reservation`` (transliterated: :mod:`engine.scenario.names`)."""
    return identifier_from(text.strip(), "step")


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """Text XML 1.0 can hold: control characters other than tab and newlines are dropped."""
    return _NOT_XML.sub("", text)
