"""The matrix as a CI gate: ``--require`` expressions and ``--baseline`` comparisons.

A requirement is one comparison, parsed by a small grammar (never ``eval``)::

    EXPR   := METRIC OP NUMBER ["%"]
    OP     := ">=" | ">" | "<=" | "<"
    METRIC := ("pass" | "goal") ["." ("rate" | "lower" | "upper")]
            | "pass_all_k" | "calls_per_message" | "cost_per_conversation_usd"
            | "latency.p50" | "latency.p95"

``pass`` is checked **per test** of every cell — ``pass>=0.9`` on the pass rate,
``pass.lower>=0.8`` on the Wilson 95 % lower bound (sure enough: ten passes of ten is 0.72);
``goal`` per cell on the persona conversations that reached the end; the others per cell.
``90%`` is 0.9. A cell without the figure (no persona ran, no price known) fails a requirement
on it, saying so: a gate must not pass on what it could not see.

``--baseline old.json`` pairs each cell with the cell of the same model and variant in an
earlier ``matrix.json``, test by test and repeat by repeat, and fails on every test where the new
cell lost significantly (exact McNemar, Holm-corrected over all the baseline comparisons,
p < 0.05).
"""

from __future__ import annotations

import operator
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.matrix.statistics import holm, mcnemar_exact
from engine.matrix.summary import outcomes, paired

__all__ = [
    "ALPHA",
    "GateFailure",
    "Requirement",
    "baseline_failures",
    "junit_xml",
    "parse_requirement",
]

ALPHA = 0.05
_OPERATORS: dict[str, Callable[[float, float], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
}
_GRAMMAR = re.compile(
    r"^\s*(?P<metric>[a-z_]+(?:\.[a-z0-9_]+)?)\s*(?P<op>>=|<=|>|<)\s*"
    r"(?P<number>[0-9]*\.?[0-9]+)\s*(?P<percent>%?)\s*$"
)
_PROPORTIONS = ("pass", "goal")
_PARTS = {"rate": None, "lower": 0, "upper": 1}
_CELL_METRICS = ("pass_all_k", "calls_per_message", "cost_per_conversation_usd")
_LATENCY = ("latency.p50", "latency.p95")


@dataclass(frozen=True)
class GateFailure:
    """One reason the gate failed: a cell, the test (``None``: the cell), and why."""

    cell: str
    test: str | None
    reason: str

    def line(self) -> str:
        where = f"{self.cell}: {self.test}" if self.test else self.cell
        return f"FAILED {where}: {self.reason}"


@dataclass(frozen=True)
class Requirement:
    """A parsed ``--require`` expression."""

    text: str
    metric: str
    part: str
    op: str
    threshold: float

    def check(self, summary: Mapping[str, Any]) -> list[GateFailure]:
        failures = []
        for cell in summary.get("cells", []):
            label = str(cell.get("label"))
            for test, value, shown in self._values(cell):
                if value is None:
                    failures.append(GateFailure(label, test, f"{self.text}: {shown}"))
                elif not _OPERATORS[self.op](value, self.threshold):
                    failures.append(GateFailure(label, test, f"{self.text} not met: {shown}"))
        return failures

    def _values(self, cell: Mapping[str, Any]) -> list[tuple[str | None, float | None, str]]:
        if self.metric == "pass":
            return [
                (name, *_proportion(figures, self.part))
                for name, figures in sorted((cell.get("tests") or {}).items())
            ]
        if self.metric == "goal":
            figures = cell.get("goal_reached")
            if figures is None:
                return [(None, None, "no persona conversation ran")]
            return [(None, *_proportion(figures, self.part))]
        if self.metric.startswith("latency."):
            value = (cell.get("latency_ms") or {}).get(self.metric.split(".")[1])
        elif self.metric == "pass_all_k":
            value = (cell.get("pass") or {}).get("pass_all_k")
        else:
            value = cell.get(self.metric)
        shown = "unknown" if value is None else f"{self.metric} is {value:.4g}"
        return [(None, value, shown)]


def _proportion(figures: Mapping[str, Any], part: str) -> tuple[float | None, str]:
    runs, passes = int(figures["runs"]), int(figures["passes"])
    lo, hi = figures["wilson95"]
    if runs == 0:
        return None, "no run"
    rate = passes / runs
    value = rate if part == "rate" else (lo if part == "lower" else hi)
    return value, f"{passes}/{runs} passed (rate {rate:.2f}, 95% interval [{lo:.2f}, {hi:.2f}])"


def parse_requirement(text: str) -> Requirement:
    """``pass>=0.9`` → a :class:`Requirement`; a :class:`ValueError` says what is accepted."""
    found = _GRAMMAR.match(text)
    help_ = (
        "write METRIC OP NUMBER, e.g. pass>=0.9, pass.lower>=0.8, goal>=90%, "
        "calls_per_message<=1.5, cost_per_conversation_usd<=0.01, latency.p95<=2000"
    )
    if found is None:
        raise ValueError(f"--require {text!r}: {help_}")
    metric, op = found["metric"], found["op"]
    threshold = float(found["number"]) / (100 if found["percent"] else 1)
    head, _, part = metric.partition(".")
    if head in _PROPORTIONS and (part or "rate") in _PARTS:
        return Requirement(text.strip(), head, part or "rate", op, threshold)
    if metric in _CELL_METRICS or metric in _LATENCY:
        return Requirement(text.strip(), metric, "", op, threshold)
    raise ValueError(f"--require {text!r}: unknown figure {metric!r}; {help_}")


def baseline_failures(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[GateFailure]:
    """The tests that got significantly worse than in ``old`` (see the module docstring)."""
    before = {(cell.get("model"), cell.get("variant")): cell for cell in old.get("cells", [])}
    rows: list[tuple[str, str, int, int, float]] = []
    for cell in new.get("cells", []):
        match = before.get((cell.get("model"), cell.get("variant")))
        if match is None:
            continue
        was, now = outcomes(match), outcomes(cell)
        for test in sorted({name for name, _ in was.keys() & now.keys()}):
            old_better, new_better = paired(was, now, test)
            rows.append(
                (
                    str(cell.get("label")),
                    test,
                    old_better,
                    new_better,
                    mcnemar_exact(old_better, new_better),
                )
            )
    adjusted = holm([row[4] for row in rows])
    return [
        GateFailure(
            label,
            test,
            f"significantly worse than the baseline: {old_better} repeats passed before and "
            f"fail now, {new_better} the reverse (McNemar p={p:.2g}, Holm p={holm_p:.2g})",
        )
        for (label, test, old_better, new_better, p), holm_p in zip(rows, adjusted, strict=True)
        if holm_p < ALPHA and old_better > new_better
    ]


def junit_xml(
    summary: Mapping[str, Any], requirements: Sequence[Requirement], failures: Sequence[GateFailure]
) -> str:
    """The gate as JUnit XML: one test case per cell and test (and one per cell)."""
    by_case: dict[tuple[str, str | None], list[GateFailure]] = {}
    for failure in failures:
        by_case.setdefault((failure.cell, failure.test), []).append(failure)
    cases: list[tuple[str, str | None]] = []
    for cell in summary.get("cells", []):
        label = str(cell.get("label"))
        cases.append((label, None))
        cases += [(label, name) for name in sorted(cell.get("tests") or {})]
    cases += [key for key in by_case if key not in cases]
    attributes = {
        "name": f"matrix {summary.get('scenario', '')}".strip(),
        "tests": str(len(cases)),
        "failures": str(sum(1 for case in cases if case in by_case)),
        "errors": "0",
        "skipped": "0",
        "time": f"{float(summary.get('duration_s') or 0):.3f}",
    }
    root = ET.Element("testsuites", attributes)
    suite = ET.SubElement(root, "testsuite", attributes)
    if requirements:
        properties = ET.SubElement(suite, "properties")
        for requirement in requirements:
            ET.SubElement(properties, "property", {"name": "require", "value": requirement.text})
    for label, test in cases:
        case = ET.SubElement(suite, "testcase", {"classname": label, "name": test or "(cell)"})
        found = by_case.get((label, test))
        if found:
            ET.SubElement(
                case, "failure", {"message": found[0].reason, "type": "gate"}
            ).text = "\n".join(failure.reason for failure in found)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
