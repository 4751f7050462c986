"""How long ``prompter stats`` takes over 1,000 logs (~100,000 events), its peak memory, and how
long the studio takes to shade a 500-step graph by a measure once the figures are there.

    .venv/bin/python bench/bench_stats.py [--runs 5] [--count 1000] [--logs DIR] [--steps 500]

The logs are real: written by the engine for conversations on the analyst bot with the
autopilot as the model (``bench/conversation_logs.py``, in process; some users leave early,
the model breaks the contract in some steps more than others). They are generated into a
temporary folder, or into ``--logs DIR`` and reused from there when it already holds them.

Printed medians (targets: ≤ 3 s, ≤ 300 MB):

* in process: :func:`engine.stats.collect_stats` over the folder, the figures only;
* a fresh process (``python -m engine stats DIR --json``, its output discarded): the wall time a
  user waits, and the child's peak resident memory (``ru_maxrss`` of the child, measured by
  ``resource.getrusage`` in the child itself at exit), next to the same for a process that only
  imports the engine — the part of the peak that is Python itself.

Shading (target ≤ 100 ms after the stats are ready): a generated 500-step scenario (the one
``bench_diff.py`` compares) in the analytics window's graph (Qt offscreen, laid out once, not
timed), and a :class:`StatsReport` with figures for every step and transition (seeded random
numbers: the work does not depend on them). Timed: computing the overlay for a measure and
applying it to every node and arrow, then the same followed by a repaint of the view showing
the whole graph; the measure changes at every run, as when the author flips through them.

The machine is shared (2 cores, several engineers): compare the ratios within one run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from conversation_logs import generate  # noqa: E402
from timing import median_ms  # noqa: E402

from engine.dialogue.ledger import Totals  # noqa: E402
from engine.stats import StatsReport, StepStats, collect_stats  # noqa: E402
from engine.stats.figures import MEASURES  # noqa: E402

#: Runs the command line in this process and prints its wall time and peak RSS as JSON.
CHILD = """
import json, resource, sys, time, io, contextlib
started = time.perf_counter()
from engine.cli import main
args = sys.argv[1:]
sink = io.StringIO()
with contextlib.redirect_stdout(sink):
    code = main(args) if args else 0
print(json.dumps({"code": code, "seconds": time.perf_counter() - started,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(*args: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args], cwd=REPO, check=True, capture_output=True, text=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def ensure_logs(folder: Path, count: int) -> list[Path]:
    existing = sorted(folder.glob("conv-*.jsonl"))
    if len(existing) == count:
        return existing
    print(f"generating {count} real conversation logs in {folder} …", file=sys.stderr)
    started = time.perf_counter()
    paths = generate(folder, count)
    print(f"  done in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return paths


def shading_ms(steps: int, runs: int) -> tuple[float, float, int, int]:
    """(overlay + apply, overlay + apply + repaint) medians in ms, nodes, arrows."""
    import os
    import random

    import yaml

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bench_diff import old_version
    from offscreen import bench_application

    from app.analytics.shading import measure_overlay
    from app.graph.readonly import ReadOnlyGraph, readonly_session
    from engine.scenario.loader import parse_scenario

    app = bench_application()
    rng = random.Random(500)
    data, _texts = old_version(steps, rng)
    scenario = parse_scenario(yaml.safe_dump(data, sort_keys=False))
    report = StatsReport()
    for step_id, step in scenario.steps.items():
        figures = report.steps[step_id] = StepStats(step_id)
        figures.visits = figures.conversations = rng.randint(0, 900)
        figures.turns = figures.visits + rng.randint(0, 300)
        calls = figures.turns + rng.randint(0, 200)
        figures.totals = Totals(llm_calls=calls, cost_usd=calls * rng.uniform(0.0003, 0.002))
        figures.violations["invalid_json"] = rng.randint(0, calls // 4 + 1)
        figures.corrections = figures.violations["invalid_json"]
        figures.dropped = rng.randint(0, figures.conversations // 10 + 1)
        for signal, transition in step.transitions.items():
            report.transitions[(step_id, signal, transition.to)] = rng.randint(0, 900)
    session = readonly_session(scenario)
    graph = ReadOnlyGraph(session)
    graph.resize(1600, 1000)
    graph.show()
    graph.view.fit_all()  # every node on screen: the repaint draws them all
    app.processEvents()
    names = list(MEASURES)
    turn = iter(range(10**6))

    def shade() -> None:
        name = names[next(turn) % len(names)]
        graph.overlay.show(measure_overlay(report, name, scenario.steps))

    def shade_and_paint() -> None:
        shade()
        graph.view.viewport().repaint()

    apply_ms = median_ms(shade, runs=max(runs, 9))
    paint_ms = median_ms(shade_and_paint, runs=max(runs, 9))
    nodes, edges = len(graph.scene.nodes), len(graph.scene.edges)
    graph.close()
    session.dispose()
    return apply_ms, paint_ms, nodes, edges


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--logs", type=Path, help="keep the generated logs here")
    parser.add_argument("--steps", type=int, default=500, help="steps of the shaded graph")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.logs or Path(tmp) / "logs"
        paths = ensure_logs(folder, args.count)
        size_mb = sum(path.stat().st_size for path in paths) / 1e6
        report = collect_stats([folder])
        print(
            f"{len(paths):,} logs, {report.events:,} events, {size_mb:.0f} MB; "
            f"{len(report.conversations):,} conversations, {report.finished:,} finished, "
            f"{sum(s.violation_count for s in report.steps.values()):,} violations"
        )
        in_process = median_ms(lambda: collect_stats([folder]), runs=args.runs)
        runs = [child("stats", str(folder), "--json") for _ in range(args.runs)]
        bare = [child() for _ in range(3)]
    wall = statistics.median(run["seconds"] for run in runs)
    peak = statistics.median(run["peak_mb"] for run in runs)
    base = statistics.median(run["peak_mb"] for run in bare)
    print(f"in process, collect_stats:           median {in_process / 1000:6.2f} s   (target 3)")
    print(
        f"fresh process, stats --json:         median {wall:6.2f} s   (target 3; imports included)"
    )
    print(
        f"peak RSS of that process:            median {peak:6.0f} MB  (target 300; a process "
        f"that only imports the engine: {base:.0f} MB)"
    )
    apply_ms, paint_ms, nodes, edges = shading_ms(args.steps, args.runs)
    print(
        f"shading {nodes} steps / {edges} arrows:  median {apply_ms:6.1f} ms  (target 100; "
        f"overlay computed and applied)"
    )
    print(f"  … and the view repainted:          median {paint_ms:6.1f} ms")
    print(
        f"({args.runs} runs each, shading {max(args.runs, 9)}; a shared 2-core machine: "
        "compare ratios within one run)"
    )
    return 0 if wall <= 3 and peak <= 300 and apply_ms <= 100 else 1


if __name__ == "__main__":
    raise SystemExit(main())
