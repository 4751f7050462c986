"""Coverage: which steps were entered, which signals taken and which results filled.

A test's :class:`Coverage` is what its run actually did (read from the engine's events, not
guessed from the expectations); a suite's is the union. :class:`CoverageReport` sets them against
everything the scenario has, so the author sees what no test exercises — the studio shades those
steps and edges on the graph.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.scenario.definition import Scenario

__all__ = ["Coverage", "CoverageReport", "Ratio"]


@dataclass(frozen=True)
class Coverage:
    """What one run (or several, united with ``|``) exercised.

    ``signals`` are ``(step, signal)`` edges; ``results`` are ``(step, result)`` pairs filled
    with a value other than null.
    """

    steps: frozenset[str] = frozenset()
    signals: frozenset[tuple[str, str]] = frozenset()
    results: frozenset[tuple[str, str]] = frozenset()

    def __or__(self, other: Coverage) -> Coverage:
        return Coverage(
            self.steps | other.steps, self.signals | other.signals, self.results | other.results
        )

    @classmethod
    def union(cls, items: Iterable[Coverage]) -> Coverage:
        total = cls()
        for item in items:
            total = total | item
        return total

    def to_dict(self) -> dict[str, list[str]]:
        return {
            "steps": sorted(self.steps),
            "signals": sorted(f"{step}.{signal}" for step, signal in self.signals),
            "results": sorted(f"{step}.{name}" for step, name in self.results),
        }


@dataclass(frozen=True)
class Ratio:
    covered: int
    total: int

    @property
    def percent(self) -> float:
        return 100.0 * self.covered / self.total if self.total else 100.0

    def __str__(self) -> str:
        return f"{self.covered}/{self.total}"


@dataclass(frozen=True)
class CoverageReport:
    """Coverage per test and in total, against everything the scenario declares."""

    scenario: str
    all_steps: tuple[str, ...]
    all_signals: tuple[tuple[str, str], ...]
    all_results: tuple[tuple[str, str], ...]
    per_test: Mapping[str, Coverage] = field(default_factory=dict)

    @classmethod
    def of(cls, scenario: Scenario, per_test: Mapping[str, Coverage]) -> CoverageReport:
        steps = tuple(scenario.steps)
        signals = tuple(
            (step.id, signal) for step in scenario.steps.values() for signal in step.transitions
        )
        results = tuple(
            (step.id, name) for step in scenario.steps.values() for name in step.results
        )
        return cls(scenario.name, steps, signals, results, dict(per_test))

    @property
    def total(self) -> Coverage:
        return Coverage.union(self.per_test.values())

    def ratios(self, coverage: Coverage) -> dict[str, Ratio]:
        return {
            "steps": Ratio(len(coverage.steps & set(self.all_steps)), len(self.all_steps)),
            "signals": Ratio(len(coverage.signals & set(self.all_signals)), len(self.all_signals)),
            "results": Ratio(len(coverage.results & set(self.all_results)), len(self.all_results)),
        }

    def missed(self) -> dict[str, list[str]]:
        """What no test exercised, in the scenario's order."""
        total = self.total
        return {
            "steps": [step for step in self.all_steps if step not in total.steps],
            "signals": [
                f"{step}.{signal}"
                for step, signal in self.all_signals
                if (step, signal) not in total.signals
            ],
            "results": [
                f"{step}.{name}"
                for step, name in self.all_results
                if (step, name) not in total.results
            ],
        }

    def to_dict(self) -> dict[str, Any]:
        """The ``--coverage FILE`` JSON: totals, what was missed, and each test's coverage."""
        total = self.total
        return {
            "scenario": self.scenario,
            "total": {
                kind: {
                    "covered": ratio.covered,
                    "of": ratio.total,
                    "percent": round(ratio.percent, 1),
                }
                for kind, ratio in self.ratios(total).items()
            },
            "missed": self.missed(),
            "covered": total.to_dict(),
            "tests": {name: coverage.to_dict() for name, coverage in self.per_test.items()},
        }

    def table(self) -> list[str]:
        """A plain-text table: one row per test, the total, then what nobody covered."""
        rows: list[Sequence[str]] = [("test", "steps", "signals", "results")]
        for name, coverage in self.per_test.items():
            ratios = self.ratios(coverage)
            rows.append((name, *(str(ratios[kind]) for kind in ("steps", "signals", "results"))))
        ratios = self.ratios(self.total)
        rows.append(
            (
                "total",
                *(
                    f"{ratios[kind]} ({ratios[kind].percent:.0f}%)"
                    for kind in ("steps", "signals", "results")
                ),
            )
        )
        widths = [max(len(row[column]) for row in rows) for column in range(4)]
        lines = [
            "  ".join(
                cell.ljust(width) if index == 0 else cell.rjust(width)
                for index, (cell, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
            for row in rows
        ]
        for kind, names in self.missed().items():
            if names:
                lines.append(f"not covered {kind}: {', '.join(names)}")
        return lines
