"""Time draw.io export and import on generated scenarios of 100 and 1,000 steps.

Target: at most 1 s for 1,000 steps. Run ``.venv/bin/python bench/bench_drawio.py``; it prints the
median of several runs for each case:

* export (auto layout)   — ``scenario_to_drawio`` with no saved layout: grandalf's layered layout
* export (saved layout)  — the same with every position saved (what the studio usually has)
* import, no edits       — ``import_drawio`` on the unchanged export: open, read, plan, no write
* import, edits          — one edge relabelled, one step moved: plan, apply, save
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py

from lxml import etree
from timing import median_ms

from engine.drawio.export import scenario_to_drawio
from engine.drawio.import_ import import_drawio
from engine.scenario.document import ScenarioDocument
from engine.scenario.layout import Layout
from engine.scenario.loader import parse_scenario

REPEATS = 5


def generated_yaml(steps: int) -> str:
    """A scenario shaped like real ones: a main path, loops back, jumps ahead, guards, results."""
    lines = [
        "# generated for benchmarks",
        "name: generated",
        "title: Generated",
        "start: s0",
        "variables:",
        "  answer: {type: string}",
        "steps:",
    ]
    for index in range(steps):
        lines += [
            f"  s{index}:",
            f"    title: Step {index} — ask & check  # comment",
            f"    goal: Learn answer number {index}",
            f"    instructions: steps/s{index}.md",
            "    results:",
            "      answer: {type: string, required: true}",
        ]
        if index == steps - 1:
            lines.append("    final: true")
            continue
        lines += [
            "    transitions:",
            f"      next: {{to: s{index + 1}, requires: [answer], description: Go on}}",
        ]
        if index % 7 == 3:
            lines.append(f"      back: {{to: s{max(0, index - 5)}}}")
        if index % 5 == 1 and index + 3 < steps:
            lines.append(f"      skip: {{to: s{index + 3}}}")
    return "\n".join(lines) + "\n"


def edited(diagram: bytes) -> bytes:
    """The diagram after an author relabels one edge and drags one step in draw.io."""
    tree = etree.fromstring(diagram)
    root = tree.find("diagram/mxGraphModel/root")
    assert root is not None
    for element in root:
        if element.get("id") == "edge:s1:next":
            element.set("label", "continue\n[requires: answer]")
        if element.get("id") == "step:s2":
            element.find("mxCell/mxGeometry").set("x", "4321")
    return bytes(etree.tostring(tree, xml_declaration=True, encoding="UTF-8"))


def measure(steps: int, workdir: Path) -> list[str]:
    text = generated_yaml(steps)
    scenario = parse_scenario(text)
    pristine = workdir / f"pristine{steps}"
    pristine.mkdir()
    (pristine / "scenario.yaml").write_text(text, encoding="utf-8")
    auto_ms = median_ms(lambda: scenario_to_drawio(scenario), runs=REPEATS)
    layout = Layout(dict(Layout().completed(scenario)))
    saved_ms = median_ms(lambda: scenario_to_drawio(scenario, layout), runs=REPEATS)

    folder = workdir / f"scenario{steps}"
    diagram = workdir / f"d{steps}.drawio"
    edited_diagram = workdir / f"e{steps}.drawio"
    document = ScenarioDocument.open(pristine)
    assert document.scenario is not None
    exported = scenario_to_drawio(document.scenario, document.layout)
    diagram.write_bytes(exported)
    edited_diagram.write_bytes(edited(exported))

    def fresh_copy() -> None:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(pristine, folder)

    def import_unchanged() -> None:
        assert import_drawio(diagram, folder).empty

    def import_edited() -> None:
        plan = import_drawio(edited_diagram, folder)
        assert len(plan.changes) == 2, plan.changes

    unchanged_ms = median_ms(import_unchanged, runs=REPEATS, setup=fresh_copy)
    edited_ms = median_ms(import_edited, runs=REPEATS, setup=fresh_copy)
    return [
        f"{steps:>5} steps  export (auto layout)  {auto_ms:8.1f} ms",
        f"{steps:>5} steps  export (saved layout) {saved_ms:8.1f} ms",
        f"{steps:>5} steps  import, no edits      {unchanged_ms:8.1f} ms",
        f"{steps:>5} steps  import, 2 edits+save  {edited_ms:8.1f} ms",
    ]


def main() -> None:
    print(f"medians of {REPEATS} runs")
    with tempfile.TemporaryDirectory() as temporary:
        for steps in (100, 1000):
            for line in measure(steps, Path(temporary)):
                print(line, flush=True)


if __name__ == "__main__":
    main()
