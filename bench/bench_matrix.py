"""Benchmark of ``prompter matrix``: its machinery's overhead, and the rate it sustains.

    .venv/bin/python bench/bench_matrix.py [--repeat 3] [--latency 0.3] [--rpm 1200]

Both parts run the shipped support desk's tests on the key-free fake model, through the real
SDK and the fake OpenAI server on 127.0.0.1, as ``prompter matrix`` does (:class:`MatrixRun`).

* **Overhead** — a 12-cell matrix (12 fake models, ``break=0`` to ``break=0.22``, each
  answering after ``--latency`` seconds), the 8 tests twice, 12 at a time; then the same runs
  with none of the matrix's machinery: :func:`run_test` on the same providers, 12 at a time
  under a semaphore, nothing read back, no record, no seed, no progress. Printed: the share of
  the matrix's wall time beyond the bare run's, median over ``--repeat`` runs (target ≤ 5 %);
  and, for scale, the share of the bare run's wall time its model calls took (Σ latency / jobs).
* **Rate** — 2 fake models × 2 variants (the folder, and the same scenario read from git at
  ``HEAD``) × 8 tests × 10 repeats; each fake states ``--rpm`` requests a minute and enforces
  it (429s with retry-after, as the service does), and answers after 0.05 s; the matrix paces
  5 % under it (:data:`engine.matrix.models.PACE`). Printed: each model's sustained request
  rate as a share of the stated limit, median over ``--repeat`` runs (target ≥ 80 %), and the
  429s met.

The machine's load average is printed last: the fake server answers in this process, so on a
machine whose cores are busy elsewhere its answers come late and in bunches, and both figures
say so.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.compare import load_side  # noqa: E402
from engine.io.resources import scenarios_dir  # noqa: E402
from engine.matrix.models import MatrixModel  # noqa: E402
from engine.matrix.run import Cell, MatrixRun  # noqa: E402
from engine.matrix.spec import parse_model  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402
from engine.scenario_tests.record_shipped import SERVICES, _first_step  # noqa: E402
from engine.scenario_tests.runner import run_test  # noqa: E402
from engine.scenario_tests.suite import load_suite  # noqa: E402

FOLDER = scenarios_dir() / "support_desk"


def _matrix(
    specs: list[str], variants: list[str], repeat: int, jobs: int
) -> tuple[float, MatrixRun]:
    suite = load_suite(FOLDER)
    models = {text: MatrixModel(parse_model(text)) for text in specs}
    cells = []
    for variant in variants:
        scenario = (
            load_scenario(FOLDER) if variant == "." else load_side(variant, cwd=ROOT).scenario
        )
        for text in specs:
            cells.append(Cell(len(cells), parse_model(text), variant, scenario))
    with tempfile.TemporaryDirectory() as out:
        run = MatrixRun(cells, models, suite.tests, repeat=repeat, jobs=jobs, out_dir=Path(out))
        started = time.perf_counter()
        try:
            with SERVICES["support_desk"]():
                result = asyncio.run(run.run())
        finally:
            for model in models.values():
                with contextlib.suppress(Exception):
                    asyncio.run(model.aclose())
        wall = time.perf_counter() - started
    assert result.stopped is None and len(result.records) == run.total
    return wall, run


def _bare(specs: list[str], repeat: int, jobs: int) -> float:
    """The same runs as :func:`_matrix` with ``variants=["."]``, with no matrix around them."""
    suite = load_suite(FOLDER)
    scenario = load_scenario(FOLDER)
    models = {text: MatrixModel(parse_model(text)) for text in specs}
    start = asyncio.run(_first_step(scenario))

    async def all_runs(out: Path) -> None:
        gate = asyncio.Semaphore(jobs)

        async def one(text: str, index: int, repeat_index: int) -> None:
            test = suite.tests[index]
            async with gate:
                provider = models[text].for_test(scenario, test, start, repeat_index)
                try:
                    await run_test(
                        scenario,
                        test,
                        mode="live",
                        provider=provider,
                        log_path=out / f"{specs.index(text)}-{index}-{repeat_index}.jsonl",
                    )
                finally:
                    await provider.aclose()

        await asyncio.gather(
            *(
                one(text, index, repeat_index)
                for repeat_index in range(repeat)
                for index in range(len(suite.tests))
                for text in specs
            )
        )

    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        try:
            with SERVICES["support_desk"]():
                asyncio.run(all_runs(Path(out)))
        finally:
            for model in models.values():
                with contextlib.suppress(Exception):
                    asyncio.run(model.aclose())
        return time.perf_counter() - started


def overhead(latency: float) -> tuple[float, float]:
    specs = [f"fake:break={index / 50:g},latency={latency:g}" for index in range(12)]
    bare = _bare(specs, repeat=2, jobs=12)
    wall, run = _matrix(specs, ["."], repeat=2, jobs=12)
    calls_s = sum(sum(record.latencies_ms) for record in run.records) / 1000
    return max(wall - bare, 0.0) / wall, calls_s / run.jobs / bare


def rate(rpm: float) -> tuple[list[float], int]:
    specs = [f"fake:break=0,latency=0.05,rpm={rpm:g}", f"fake:break=0.1,latency=0.05,rpm={rpm:g}"]
    variants = [".", "HEAD:scenarios/support_desk"]
    wall, run = _matrix(specs, variants, repeat=10, jobs=32)
    shares = []
    for model in run.models.values():
        shares.append(model.traffic.succeeded / wall * 60 / rpm)
    throttled = sum(model.traffic.rate_limited for model in run.models.values())
    return shares, throttled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--rpm", type=float, default=1200)
    args = parser.parse_args()
    inside_git = subprocess.run(["git", "-C", str(ROOT), "rev-parse"], capture_output=True)
    if inside_git.returncode != 0:
        print("bench_matrix: run it from a git clone (a variant is read from HEAD)")
        return 1
    measured = [overhead(args.latency) for _ in range(args.repeat)]
    overheads = [value for value, _ in measured]
    print(
        f"overhead of the matrix machinery (12 cells, latency {args.latency:g} s): "
        f"median {statistics.median(overheads):.1%} of wall time "
        f"(runs: {', '.join(f'{value:.1%}' for value in overheads)}; target <= 5%); "
        f"model calls fill {statistics.median(share for _, share in measured):.0%} of the "
        "bare run's workers"
    )
    results = [rate(args.rpm) for _ in range(args.repeat)]
    per_run = [statistics.mean(shares) for shares, _ in results]
    print(
        f"2 models x 2 variants x 8 tests x 10 repeats at {args.rpm:g} requests/min per model: "
        f"median {statistics.median(per_run):.1%} of the stated limit "
        f"(runs: {', '.join(f'{value:.1%}' for value in per_run)}; "
        f"429s: {', '.join(str(count) for _, count in results)}; target >= 80%)"
    )
    print("load average: " + ", ".join(f"{value:.1f}" for value in os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
