"""The one timing helper the benchmarks share: the median of repeated runs, set-up excluded."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(
    action: Callable[[], object], *, runs: int, setup: Callable[[], object] | None = None
) -> float:
    """Run ``action`` ``runs`` times and return the median in milliseconds.

    ``setup`` runs before each run and is not timed (a fresh copy, the previous run's clean-up),
    so only the work the number names is measured.
    """
    times = []
    for _ in range(runs):
        if setup is not None:
            setup()
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)
