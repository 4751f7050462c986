"""Studio timings on generated scenarios of 100, 500 and 2,000 steps: edit latency, open, layout.

    .venv/bin/python bench/bench_studio.py [--steps 100 500 2000] [--runs 5]

Every figure is the median of ``--runs`` runs (edits: three times as many), offscreen, in a
shown 1600×1000 studio window with the scenario open and the edited step selected (so the
inspector, the scenario pane and the graph all follow each edit, as they do for an author):

* **edits** — set a step's title, connect two steps, delete a step, add a step, make the
  selected step an action (one gesture of some ten edits: its fields and transitions), undo,
  redo: the edit through ``app.commands`` and one ``processEvents`` (the window's updates and a
  paint).
  Validation and the problems pane are debounced and follow after the frame: not counted.
  Target: ≤ 16 ms (one frame at 60 Hz) at 2,000 steps, and ≤ 2× the 100-step figure.
* **keystroke** — one character typed into the selected step's instructions.
* **open + first paint** — read the folder into a document, lay the steps out (there is no
  layout file), build the graph scene and paint the window once (``QWidget.grab``); what runs
  after the first frame (validation, the first fit) is not counted. Target ≤ 1 s at 2,000 steps.
* **validate** — the full validator run that follows the first frame (the problems pane).
* **auto-layout** — the Auto-Layout command: layered positions, every node moved.

One window per size is open at once and the runs take turns between the sizes, so a burst of
load from elsewhere on this shared machine falls on every size alike: compare figures within one
run (the ratios), not across runs. Older studios (without ``window.files`` or
``window.scenario_editor``) are measured through their own names, for before/after tables.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py

from timing import median_ms

FRAME_MS = 16.0
OPEN_TARGET_MS = 1000.0
EDITS = ("set title", "connect", "delete step", "add step", "switch kind", "undo", "redo")
ROWS = (*EDITS, "keystroke", "open + first paint", "validate", "auto-layout")


def generate(folder: Path, steps: int, *, spaced: bool = False) -> None:
    """A long script: a main chain, a side branch every 10 steps, back-edges to earlier steps.
    ``spaced``: a blank line between the steps, as people write them (the steps can then not be
    loaded one at a time for edits)."""
    lines = [
        "# generated for bench/bench_studio.py",
        "name: big",
        "start: s0",
        "persona: persona.md",
        "variables:",
        "  answer: {type: string, default: ''}",
        "steps:",
    ]
    (folder / "steps").mkdir(parents=True)
    (folder / "persona.md").write_text("You are a patient interviewer.\n", encoding="utf-8")
    for index in range(steps):
        step = f"s{index}"
        if spaced and index:
            lines.append("")
        lines += [
            f"  {step}:",
            f"    title: Step {index}",
            f"    goal: Ask question {index}",
            f"    instructions: steps/{step}.md",
            "    results:",
            "      answer: {type: string}",
        ]
        (folder / "steps" / f"{step}.md").write_text(
            f"# Step {index}\n\nAsk question {index}. Use {{{{answer}}}}.\n", encoding="utf-8"
        )
        if index == steps - 1:
            lines.append("    final: true")
            continue
        lines += ["    transitions:", f"      next: {{to: s{index + 1}}}"]
        if index % 10 == 5 and index + 3 < steps:
            lines.append(f"      skip: {{to: s{index + 3}}}")
        if index % 25 == 24:
            lines.append(f"      again: {{to: s{index - 20}}}")
    (folder / "scenario.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


class Studio:
    """One studio window on one generated scenario, and the gestures timed on it."""

    def __init__(self, app: Any, folder: Path, steps: int) -> None:
        from app.main_window import MainWindow

        self.app, self.folder, self.steps = app, folder, steps
        self.window = MainWindow()
        self.window.ask_unsaved = lambda _question: _discard()
        self.window.tell = lambda *_args: None
        self.window.resize(1600, 1000)
        self.window.show()
        self.app.processEvents()
        self.counter = 0
        self.opened = 0  # timed opens so far (close_session numbers each text)

    @property
    def session(self) -> Any:
        return self.window.session

    def open_and_paint(self) -> None:
        files = getattr(self.window, "files", self.window)  # File commands (older: the window)
        assert files.open_folder(self.folder)
        self.window.grab()  # paints every visible widget once, the graph view included

    def close_session(self) -> None:
        """Before each timed open: no scenario open, the last one released, and a text the
        studio has not read yet (a comment numbered per open: the engine keeps what it parsed
        of recent texts, and a bench of reopening the same text would time that) (not timed)."""
        if self.window.session is not None:
            self.window.session.undo_stack.setClean()
            self.window.set_session(None)
        self.opened += 1
        path = self.folder / "scenario.yaml"
        text = path.read_text(encoding="utf-8")
        if text.startswith("# open "):
            text = text.split("\n", 1)[1]
        path.write_text(f"# open {self.opened}\n{text}", encoding="utf-8")
        for _ in range(2):
            self.app.processEvents()

    def settle(self) -> None:
        """Let what follows the first frame (validation, the first fit) finish; select the
        step in the middle."""
        for _ in range(3):
            self.app.processEvents()
        self.session.revalidate()
        self.app.processEvents()
        editor = getattr(self.window, "scenario_editor", self.window)  # older: the window
        editor.select_step(self.step(self.steps // 2))
        self.app.processEvents()

    def step(self, index: int) -> str:
        return f"s{index}"

    # --- the gestures: (setup, timed action) ----------------------------------------------

    def gestures(self) -> dict[str, tuple[Callable[[], object], Callable[[], object]]]:
        from app import commands

        session, stack = self.session, self.session.undo_stack
        middle, other = self.step(self.steps // 2), self.step(self.steps // 4)
        doomed = self.step(self.steps // 3)

        def settle() -> None:
            self.app.processEvents()

        def set_title() -> None:
            self.counter += 1
            commands.set_field(stack, session, ("steps", middle, "title"), f"Title {self.counter}")

        def connect() -> None:  # each run from another step: no pile of parallel arrows
            self.counter += 1
            source = self.step(self.steps // 2 + self.counter % (self.steps // 4))
            commands.connect_steps(stack, session, source, other, f"jump_{self.counter}")

        def delete() -> None:
            commands.delete_steps(stack, session, [doomed])

        def undo_delete() -> None:
            if stack.canUndo() and stack.undoText().startswith("Delete"):
                stack.undo()
            settle()

        def add() -> None:
            self.counter += 1
            commands.add_step(stack, session, f"added_{self.counter}", (0.0, -400.0))

        def switch_kind() -> None:
            from app.step_kinds import switch_kind

            switch_kind(stack, session, middle, "action")

        def undo_switch() -> None:
            if stack.canUndo() and stack.undoText().startswith("Make"):
                stack.undo()
            settle()

        def edit_title() -> None:
            set_title()
            settle()

        def edit_and_undo() -> None:
            set_title()
            stack.undo()
            settle()

        edit_field = _instruction_edit(self.window)

        def keystroke() -> None:
            edit_field.insertPlainText("x")

        return {
            "set title": (settle, set_title),
            "connect": (settle, connect),
            "delete step": (undo_delete, delete),
            "add step": (settle, add),
            "switch kind": (undo_switch, switch_kind),
            "undo": (edit_title, stack.undo),
            "redo": (edit_and_undo, stack.redo),
            "keystroke": (settle, keystroke),
        }

    def validate(self) -> None:
        self.session.revalidate()

    def auto_layout(self) -> None:
        from app import commands

        commands.auto_layout(self.session.undo_stack, self.session)
        self.app.processEvents()

    def close(self) -> None:
        if self.window.session is not None:
            self.window.session.undo_stack.setClean()
        self.window.close()
        self.window.deleteLater()
        self.app.processEvents()


def _discard() -> Any:
    from PySide6.QtWidgets import QMessageBox

    return QMessageBox.StandardButton.Discard


def _instruction_edit(window: Any) -> Any:
    editor = getattr(window, "instructions", None) or window.editor  # older: window.editor
    return editor.edit


def interleaved(
    studios: dict[int, Studio],
    runs: int,
    timed: Callable[[Studio], tuple[Callable[[], object], Callable[[], object]]],
) -> dict[int, float]:
    """The median time (ms) of each studio's action, the studios taking turns run by run."""
    times: dict[int, list[float]] = {size: [] for size in studios}
    for _ in range(runs):
        for size, studio in studios.items():
            setup, action = timed(studio)
            setup()
            started = time.perf_counter()
            action()
            studio.app.processEvents()
            times[size].append((time.perf_counter() - started) * 1000)
    return {size: statistics.median(values) for size, values in times.items()}


def measure(
    app: Any, sizes: list[int], runs: int, temp: Path, *, spaced: bool = False
) -> dict[int, dict[str, float]]:
    studios: dict[int, Studio] = {}
    for size in sizes:
        folder = temp / f"big{size}"
        generate(folder, size, spaced=spaced)
        studios[size] = Studio(app, folder, size)
    results: dict[int, dict[str, float]] = {size: {} for size in sizes}
    opened = interleaved(studios, runs, lambda s: (s.close_session, s.open_and_paint))
    for size, studio in studios.items():
        results[size]["open + first paint"] = opened[size]
        studio.settle()
    gestures = {size: studio.gestures() for size, studio in studios.items()}
    for name in (*EDITS, "keystroke"):
        figures = interleaved(studios, runs * 3, lambda s, n=name: gestures[s.steps][n])
        for size in sizes:
            results[size][name] = figures[size]
        if name == "switch kind":  # the step made an action is a question again, for the rest
            for studio in studios.values():
                gestures[studio.steps][name][0]()
        print(f"{name} done", file=sys.stderr, flush=True)
    for size, studio in studios.items():
        results[size]["validate"] = median_ms(studio.validate, runs=runs)
        results[size]["auto-layout"] = median_ms(studio.auto_layout, runs=runs)
        studio.close()
    return results


def table(results: dict[int, dict[str, float]]) -> str:
    sizes = sorted(results)
    head = "| figure (median, ms) | " + " | ".join(f"{n:,} steps" for n in sizes) + " | target |"
    lines = [head, "|---|" + "---:|" * len(sizes) + "---|"]
    smallest, largest = sizes[0], sizes[-1]
    for row in ROWS:
        cells = [f"{results[n][row]:.1f}" for n in sizes]
        if row in EDITS:
            ratio = results[largest][row] / max(results[smallest][row], 0.01)
            ok = results[largest][row] <= FRAME_MS and ratio <= 2.0
            target = (
                f"≤ {FRAME_MS:.0f} at {largest:,}, ≤ 2× {smallest:,} "
                f"(×{ratio:.1f}) {'ok' if ok else 'MISSED'}"
            )
        elif row == "keystroke":
            target = f"≤ {FRAME_MS:.0f} {'ok' if results[largest][row] <= FRAME_MS else 'MISSED'}"
        elif row == "open + first paint":
            ok = results[largest][row] <= OPEN_TARGET_MS
            target = f"≤ {OPEN_TARGET_MS:.0f} at {largest:,} {'ok' if ok else 'MISSED'}"
        else:
            target = "after the first frame" if row == "validate" else ""
        lines.append(f"| {row} | " + " | ".join(cells) + f" | {target} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[100, 500, 2000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--spaced", action="store_true", help="a blank line between the generated steps"
    )
    args = parser.parse_args()

    from offscreen import bench_application
    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

    settings_dir = tempfile.mkdtemp(prefix="bench-studio-settings-")
    QStandardPaths.setTestModeEnabled(True)
    QCoreApplication.setOrganizationName("PrompterBench")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, settings_dir)
    app = bench_application()
    with tempfile.TemporaryDirectory() as temp:
        results = measure(app, sorted(args.steps), args.runs, Path(temp), spaced=args.spaced)
    print(
        f"Studio edit latency and opening; medians of {args.runs} runs "
        f"({args.runs * 3} for edits), offscreen, window 1600×1000, sizes taking turns"
    )
    print(table(results))
    sys.stdout.flush()
    # Skip interpreter teardown: PySide can crash garbage-collecting Qt objects after the
    # QApplication is gone, which says nothing about the studio and would hide the numbers.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
