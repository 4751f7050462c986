"""Time the scenario document on generated scenarios: open, one edit, and re-deriving the model.

The studio re-reads ``document.scenario`` after every edit, so an edit + derive must stay well
under the time a user notices. The first edit also builds the ruamel round-trip tree (opening
does not); later edits re-dump only the step they touched.
Run: ``.venv/bin/python bench/bench_document.py``; prints medians.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py

from timing import median_ms

from engine.scenario.document import ScenarioDocument

REPEATS = 7


def generated_yaml(steps: int) -> str:
    """A chain of ``steps`` steps with loops back and jumps ahead, comments and flow style."""
    lines = ["# generated for benchmarks", "name: generated", "start: s0", "steps:"]
    for index in range(steps):
        lines += [
            f"  s{index}:",
            f"    title: Step {index}  # a comment",
            f"    instructions: steps/s{index}.md",
        ]
        if index == steps - 1:
            lines.append("    final: true")
            continue
        lines += ["    transitions:", f"      next: {{to: s{index + 1}, description: Go on}}"]
        if index % 7 == 3:
            lines.append(f"      back: {{to: s{max(0, index - 5)}}}")
    return "\n".join(lines) + "\n"


def measure(steps: int) -> str:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "scenario.yaml").write_text(generated_yaml(steps), encoding="utf-8")
        holder: dict[str, ScenarioDocument] = {}
        counter = iter(range(10**6))

        def fresh() -> None:
            holder["doc"] = ScenarioDocument.open(root)

        def derive() -> None:
            assert holder["doc"].scenario is not None

        def edit() -> None:
            document = holder["doc"]
            document.set(("steps", "s1", "title"), f"Edited {next(counter)}")
            assert document.scenario is not None

        open_ms = median_ms(fresh, runs=REPEATS)
        derive_ms = median_ms(derive, runs=REPEATS, setup=fresh)
        # the first edit builds the round-trip tree once
        first_edit_ms = median_ms(edit, runs=REPEATS, setup=fresh)
        fresh()
        edit()
        edit_ms = median_ms(edit, runs=REPEATS)
        return (
            f"{steps:>5} steps: open {open_ms:6.1f} ms | first derive {derive_ms:6.1f} ms"
            f" | first edit {first_edit_ms:6.1f} ms | next edits {edit_ms:6.1f} ms"
            f" (edit + yaml_text + derive; medians of {REPEATS})"
        )


def main() -> None:
    for steps in (100, 1000):
        print(measure(steps), flush=True)


if __name__ == "__main__":
    main()
