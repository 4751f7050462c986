"""``matrix.json``: what a matrix found, per cell and per pair of cells.

The format is normative (other tools read it)::

    {"cells": [{"model", "variant",
                "pass": {"runs", "passes", "wilson95": [lo, hi], "pass_all_k"},
                "tests": {NAME: {"runs", "passes", "wilson95": [lo, hi]}},
                "goal_reached": {"runs", "passes", "wilson95"} | null,
                "calls_per_message", "cost_usd": number | null,
                "cost_per_conversation_usd": number | null,
                "latency_ms": {"p50", "p95"},
                "violations_by_step": {STEP: {"calls", "violations", "wilson95"}}}],
     "comparisons": [{"a": CELL_INDEX, "b": CELL_INDEX, "test": NAME | null,
                      "b_better": n, "a_better": n, "mcnemar_p", "holm_p"}]}

``a_better`` counts the pairs (same test, same repeat) where cell ``a`` passed and ``b`` failed,
``b_better`` the reverse; ``test: null`` pools every test and repeat of the pair of cells. Holm's
correction runs over all the comparisons of the run. ``pass_all_k`` is pass^k with k the number
of repeats (the share of tests that passed every time). ``cost_usd`` is ``null`` when a call was
made to a model with no known price; replies no model made cost 0.

Besides those, each cell carries ``index``, ``label``, ``no_cost`` (no model made any reply:
the fake's cells) and ``runs`` (every run: test or persona,
repeat, seed, outcome, log, calls, per-step violations) — what ``--baseline`` pairs a later run
with, and what the studio lists when a step is clicked — and the file carries the run's
``scenario``, ``repeat``, ``seed``, ``stopped`` and timing.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.matrix.run import MatrixResult, RunRecord
from engine.matrix.statistics import holm, mcnemar_exact, pass_all_k, wilson

__all__ = ["FORMAT_VERSION", "build_summary", "comparisons", "percentile", "proportion"]

FORMAT_VERSION = 1


def proportion(passes: int, runs: int) -> dict[str, Any]:
    lo, hi = wilson(passes, runs)
    return {"runs": runs, "passes": passes, "wilson95": [lo, hi]}


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0–100), linearly interpolated (numpy's default); None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def build_summary(result: MatrixResult, *, scenario: str) -> dict[str, Any]:
    """``matrix.json`` of a finished (or stopped) run."""
    by_cell: dict[int, list[RunRecord]] = defaultdict(list)
    for record in result.records:
        by_cell[record.cell].append(record)
    cells = [
        _cell(cell.index, cell.model.text, cell.variant, by_cell[cell.index], result.repeat)
        for cell in result.cells
    ]
    minutes = result.duration_s / 60
    return {
        "format": FORMAT_VERSION,
        "scenario": scenario,
        "repeat": result.repeat,
        "seed": result.seed,
        "stopped": result.stopped,
        "duration_s": round(result.duration_s, 3),
        "requests": result.requests,
        "requests_per_minute": round(result.requests / minutes, 3) if minutes > 0 else None,
        "cells": cells,
        "comparisons": comparisons(cells),
    }


def _cell(
    index: int, model: str, variant: str, records: Sequence[RunRecord], repeat: int
) -> dict[str, Any]:
    tests = [record for record in records if record.kind == "test"]
    personas = [record for record in records if record.kind == "persona"]
    per_test: dict[str, list[RunRecord]] = defaultdict(list)
    for record in sorted(tests, key=lambda item: (item.name, item.repeat)):
        per_test[record.name].append(record)
    counts = {name: (sum(r.passed for r in runs), len(runs)) for name, runs in per_test.items()}
    passes = sum(record.passed for record in tests)
    calls = sum(record.calls for record in records)
    messages = sum(record.user_messages for record in records)
    costs = [record.cost_usd for record in records]
    cost = None if any(value is None for value in costs) else sum(c or 0.0 for c in costs)
    latencies = [value for record in records for value in record.latencies_ms]
    steps: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for record in records:
        for step, (step_calls, violations) in record.steps.items():
            steps[step][0] += step_calls
            steps[step][1] += violations
    p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
    return {
        "index": index,
        "label": f"{model} on {variant}",
        "model": model,
        "variant": variant,
        "pass": {
            **proportion(passes, len(tests)),
            "pass_all_k": pass_all_k(list(counts.values()), repeat) if counts else None,
        },
        "tests": {name: proportion(*counts[name]) for name in sorted(counts)},
        "goal_reached": (
            proportion(sum(record.passed for record in personas), len(personas))
            if personas
            else None
        ),
        "calls_per_message": round(calls / messages, 6) if messages else None,
        "cost_usd": cost,
        # every reply was made by no model (the fake's): "no cost", not "$0"
        "no_cost": calls > 0 and sum(record.synthetic_calls for record in records) == calls,
        "cost_per_conversation_usd": (
            cost / len(records) if cost is not None and records else None
        ),
        "latency_ms": {
            "p50": round(p50, 3) if p50 is not None else None,
            "p95": round(p95, 3) if p95 is not None else None,
        },
        "violations_by_step": {
            step: {
                "calls": step_calls,
                "violations": violations,
                "wilson95": list(wilson(violations, step_calls)),
            }
            for step, (step_calls, violations) in sorted(steps.items())
            if step_calls
        },
        "runs": [record.to_dict() for record in records],
    }


def outcomes(cell: Mapping[str, Any]) -> dict[tuple[str, int], bool]:
    """(test, repeat) → passed, for a cell of ``matrix.json`` (tests only)."""
    return {
        (str(run["name"]), int(run["repeat"])): bool(run["passed"])
        for run in cell.get("runs", [])
        if run.get("kind") == "test"
    }


def paired(
    a: Mapping[tuple[str, int], bool], b: Mapping[tuple[str, int], bool], test: str | None
) -> tuple[int, int]:
    """(a_better, b_better) over the pairs both have, of ``test`` (None: all tests)."""
    a_better = b_better = 0
    for key in a.keys() & b.keys():
        if test is not None and key[0] != test:
            continue
        if a[key] and not b[key]:
            a_better += 1
        elif b[key] and not a[key]:
            b_better += 1
    return a_better, b_better


def comparisons(cells: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every pair of cells, on each test and pooled, with Holm over all of them."""
    rows: list[dict[str, Any]] = []
    runs = [outcomes(cell) for cell in cells]
    for a, b in itertools.combinations(range(len(cells)), 2):
        names = sorted({name for name, _ in runs[a].keys() & runs[b].keys()})
        for test in [None, *names]:
            a_better, b_better = paired(runs[a], runs[b], test)
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "test": test,
                    "b_better": b_better,
                    "a_better": a_better,
                    "mcnemar_p": mcnemar_exact(a_better, b_better),
                }
            )
    return with_holm(rows)


def with_holm(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = list(rows)
    for row, adjusted in zip(rows, holm([row["mcnemar_p"] for row in rows]), strict=True):
        row["holm_p"] = adjusted
    return rows
