"""How long ``prompter stats`` takes over 1,000 logs (~100,000 events), and its peak memory.

    .venv/bin/python bench/bench_stats.py [--runs 5] [--count 1000] [--logs DIR]

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

from engine.stats import collect_stats  # noqa: E402

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
    done = subprocess.run([sys.executable, "-c", CHILD, *args], cwd=REPO, check=True,
                          capture_output=True, text=True)
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--logs", type=Path, help="keep the generated logs here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.logs or Path(tmp) / "logs"
        paths = ensure_logs(folder, args.count)
        size_mb = sum(path.stat().st_size for path in paths) / 1e6
        report = collect_stats([folder])
        print(f"{len(paths):,} logs, {report.events:,} events, {size_mb:.0f} MB; "
              f"{len(report.conversations):,} conversations, {report.finished:,} finished, "
              f"{sum(s.violation_count for s in report.steps.values()):,} violations")
        in_process = median_ms(lambda: collect_stats([folder]), runs=args.runs)
        runs = [child("stats", str(folder), "--json") for _ in range(args.runs)]
        bare = [child() for _ in range(3)]
    wall = statistics.median(run["seconds"] for run in runs)
    peak = statistics.median(run["peak_mb"] for run in runs)
    base = statistics.median(run["peak_mb"] for run in bare)
    print(f"in process, collect_stats:           median {in_process / 1000:6.2f} s   (target 3)")
    print(f"fresh process, stats --json:         median {wall:6.2f} s   (target 3; imports "
          "included)")
    print(f"peak RSS of that process:            median {peak:6.0f} MB  (target 300; a process "
          f"that only imports the engine: {base:.0f} MB)")
    print(f"({args.runs} runs each; a shared 2-core machine: compare ratios within one run)")
    return 0 if wall <= 3 and peak <= 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
