"""How a figure is spread across conversations: quantiles and a histogram with round bins.

The analytics view and ``prompter stats`` both describe cost and calls per message across
conversations; an average hides the few conversations that cost ten times the rest, so both show
the median, the 90th percentile and the maximum, and the studio draws the histogram.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Spread:
    count: int
    median: float
    p90: float
    maximum: float
    total: float

    def to_json(self) -> dict[str, float]:
        return {
            "count": self.count,
            "median": self.median,
            "p90": self.p90,
            "max": self.maximum,
            "total": self.total,
        }


@dataclass(frozen=True)
class Bin:
    low: float
    high: float
    count: int


def spread(values: Sequence[float]) -> Spread:
    if not values:
        return Spread(0, 0.0, 0.0, 0.0, 0.0)
    ordered = sorted(values)
    return Spread(
        len(ordered),
        quantile(ordered, 0.5),
        quantile(ordered, 0.9),
        ordered[-1],
        math.fsum(ordered),
    )


def quantile(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks; ``ordered`` must be sorted."""
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * q
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def histogram(values: Sequence[float], *, bins: int = 12) -> list[Bin]:
    """About ``bins`` equal bins whose edges are round numbers (1, 2 or 5 × 10ⁿ wide)."""
    if not values:
        return []
    low, high = min(values), max(values)
    if high == low:
        return [Bin(low, high, len(values))]
    width = nice_step((high - low) / bins)
    start = math.floor(low / width) * width
    count = max(1, math.ceil((high - start) / width + 1e-9))
    if start + count * width <= high:
        count += 1
    edges = [start + index * width for index in range(count + 1)]
    tallies = [0] * count
    for value in values:
        index = min(int((value - start) / width), count - 1)
        tallies[index] += 1
    return [Bin(edges[i], edges[i + 1], tallies[i]) for i in range(count)]


def nice_step(raw: float) -> float:
    """The smallest of 1, 2, 5 × 10ⁿ not below ``raw``."""
    if raw <= 0:
        return 1.0
    exponent = math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        step = factor * 10.0**exponent
        if step >= raw * (1 - 1e-9):
            return step
    return 10.0 ** (exponent + 1)


__all__ = ["Bin", "Spread", "histogram", "nice_step", "quantile", "spread"]
