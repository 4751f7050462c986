"""Check that a draw.io file exported by the bundle really shows a scenario.

``smoke_test.sh`` runs the *bundle* to export, then this script (with the repository's Python) to
judge the result against the scenario as the engine loads it: the file must be a draw.io
document (plain or compressed), hold at least one vertex per step, name every step (by id or
title, in a label, an id or an attribute), and hold at least one edge per transition. It knows
nothing of the exporter's layout or styles, so the exporter stays free to change them.

Usage: ``python packaging/check_drawio.py FILE.drawio SCENARIO_DIR`` — exit 0 when it fits.
"""

from __future__ import annotations

import argparse
import base64
import sys
import urllib.parse
import zlib
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.errors import PrompterError  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402


def graph_models(document: ElementTree.Element) -> list[ElementTree.Element]:
    """Every ``mxGraphModel`` of the file, inflating compressed diagrams as draw.io does."""
    if document.tag == "mxGraphModel":
        return [document]
    models = list(document.iter("mxGraphModel"))
    for diagram in document.iter("diagram"):
        text = (diagram.text or "").strip()
        if text and not list(diagram):
            raw = zlib.decompress(base64.b64decode(text), -15).decode("utf-8")
            models.append(ElementTree.fromstring(urllib.parse.unquote(raw)))
    return models


def problems(drawio: Path, scenario_dir: Path) -> list[str]:
    try:
        scenario = load_scenario(scenario_dir)
    except PrompterError as error:
        return [f"the scenario cannot be loaded: {error}"]
    try:
        document = ElementTree.parse(drawio).getroot()
    except (OSError, ElementTree.ParseError) as error:
        return [f"{drawio} is not an XML file: {error}"]
    if document.tag not in {"mxfile", "mxGraphModel"}:
        return [f"{drawio} is not a draw.io file (root element <{document.tag}>)"]
    try:
        models = graph_models(document)
    except (ValueError, zlib.error, ElementTree.ParseError) as error:
        return [f"{drawio} holds a diagram that cannot be inflated: {error}"]
    if not models:
        return [f"{drawio} holds no diagram"]

    vertices, edges, words = 0, 0, set()
    for model in models:
        for element in model.iter():
            if element.tag == "mxCell":
                vertices += element.get("vertex") == "1"
                edges += element.get("edge") == "1"
            words.update(value for value in element.attrib.values() if value)
    text = "\n".join(words)

    found: list[str] = []
    steps = scenario.steps
    transitions = sum(len(step.transitions) for step in steps.values())
    if vertices < len(steps):
        found.append(f"{vertices} vertices for {len(steps)} steps")
    if edges < transitions:
        found.append(f"{edges} edges for {transitions} transitions")
    for step_id, step in steps.items():
        if step_id not in text and step.display_title not in text:
            found.append(f"step {step_id!r} ({step.display_title!r}) is not in the diagram")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a draw.io export against a scenario.")
    parser.add_argument("drawio", type=Path)
    parser.add_argument("scenario", type=Path)
    args = parser.parse_args(argv)
    found = problems(args.drawio, args.scenario)
    for problem in found:
        print(f"check_drawio: {problem}", file=sys.stderr)
    if found:
        return 1
    print(f"check_drawio: {args.drawio} shows every step and transition of {args.scenario.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
