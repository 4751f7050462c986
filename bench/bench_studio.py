"""Studio timings on a generated 500-step scenario: open + draw, and auto-layout (target ≤ 1 s).

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_studio.py [--steps 500] [--runs 5]

"open and draw" = read the folder into a ScenarioDocument (YAML parsed and checked by the model),
place the steps (auto-layout, as there is no layout file yet), build the graph scene and paint all
of it once into an image: what the studio does before its first frame. "validate" = the full
validator run the studio starts right after that first frame (the problems pane fills in then).
"auto-layout" = the Auto-Layout command: compute layered positions and move every node.
"keystroke" = typing one character into a step's instructions in the editor (the undo command,
the views' updates; the debounced validation and token count run after a pause in typing).
Prints the median of each over the runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py

from timing import median_ms


def generate(folder: Path, steps: int) -> None:
    """A long script: a main chain, a side branch every 10 steps, back-edges to earlier steps."""
    lines = ["# generated for bench/bench_studio.py", "name: big", "start: s0",
             "persona: persona.md", "variables:", "  answer: {type: string, default: ''}", "steps:"]
    (folder / "steps").mkdir(parents=True)
    (folder / "persona.md").write_text("You are a patient interviewer.\n", encoding="utf-8")
    for index in range(steps):
        step = f"s{index}"
        lines += [f"  {step}:", f"    title: Step {index}",
                  f"    goal: Ask question {index}", f"    instructions: steps/{step}.md",
                  "    results:", "      answer: {type: string}"]
        (folder / "steps" / f"{step}.md").write_text(
            f"# Step {index}\n\nAsk question {index}. Use {{{{answer}}}}.\n", encoding="utf-8")
        if index == steps - 1:
            lines.append("    final: true")
            continue
        lines += ["    transitions:", f"      next: {{to: s{index + 1}}}"]
        if index % 10 == 5 and index + 3 < steps:
            lines.append(f"      skip: {{to: s{index + 3}}}")
        if index % 25 == 24:
            lines.append(f"      again: {{to: s{index - 20}}}")
    (folder / "scenario.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from app import commands
    from app.graph.scene import GraphScene
    from app.session import EditSession
    from engine.scenario.document import ScenarioDocument

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "big"
        generate(folder, args.steps)
        kept: list[object] = []

        def open_and_draw() -> None:
            session = EditSession(ScenarioDocument.open(folder))
            scene = GraphScene(session)
            rect = scene.itemsBoundingRect()
            image = QImage(1600, 1000, QImage.Format.Format_ARGB32_Premultiplied)
            painter = QPainter(image)
            scene.render(painter, source=rect)
            painter.end()
            kept[:] = [session, scene]

        def layout() -> None:
            session = kept[0]
            assert isinstance(session, EditSession)
            commands.auto_layout(session.undo_stack, session)

        def drop() -> None:
            kept.clear()
            app.processEvents()

        def validate() -> None:
            session = kept[0]
            assert isinstance(session, EditSession)
            session.revalidate()

        from app.instruction_editor import TextFileEditor

        def keystroke() -> None:
            editor = kept[2]
            assert isinstance(editor, TextFileEditor)
            editor.edit.insertPlainText("x")
            app.processEvents()

        opened = median_ms(open_and_draw, runs=args.runs, setup=drop) / 1000
        steps = len(kept[1].nodes)  # type: ignore[attr-defined]
        edges = len(kept[1].edges)  # type: ignore[attr-defined]
        validated = median_ms(validate, runs=args.runs) / 1000
        problems = len(kept[0].problems)  # type: ignore[attr-defined]
        laid_out = median_ms(layout, runs=args.runs) / 1000
        editor = TextFileEditor(kept[0])  # type: ignore[arg-type]
        editor.show_step(f"s{args.steps // 2}")
        kept.append(editor)
        typed = median_ms(keystroke, runs=args.runs * 4) / 1000
        drop()
    print(f"scenario: {steps} steps, {edges} transitions; median of {args.runs} runs")
    print(f"open + draw (first frame): {opened * 1000:.0f} ms (target ≤ 1000 ms)")
    print(f"validate (problems pane, after the first frame): {validated * 1000:.0f} ms "
          f"({problems} findings)")
    print(f"auto-layout (undoable command): {laid_out * 1000:.0f} ms (target ≤ 1000 ms)")
    print(f"keystroke in the instruction editor: {typed * 1000:.1f} ms")
    sys.stdout.flush()
    # Skip interpreter teardown: PySide can crash garbage-collecting Qt objects after the
    # QApplication is gone, which says nothing about the studio and would hide the numbers.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
