"""How a suite's results are shown: terminal lines, JUnit XML for CI, coverage JSON.

The terminal report is one line per test, in the order the tests were given whatever order they
finished in; under a failed test, each failing expectation with its turn, the user's message,
what was expected and what happened, and the bot's reply; under a stale one, the first differing
request field, recorded and now, and the command that re-records it. Each line says who made
the replies the test ran on; a test run on synthetic replies (the autopilot's, a reply
script's) is marked so, in the terminal, the Tests pane and JUnit alike, and
:func:`synthetic_note` says once what such a test does and does not show.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from engine.io.atomic import atomic_write_text
from engine.scenario_tests.expectations import ExpectationFailure
from engine.scenario_tests.runner import ScenarioTestResult, SuiteResult

__all__ = [
    "SYNTHETIC_MEANING",
    "coverage_json",
    "junit_xml",
    "result_lines",
    "summary_line",
    "synthetic_note",
    "write_coverage",
    "write_junit",
]

#: What a test replayed from synthetic replies proves, and what it does not.
SYNTHETIC_MEANING = (
    "they check the scenario's graph, the reply contract and the test's expectations given "
    "those replies; judging the instructions themselves needs a recording from a real model "
    "(--record with a key)"
)

_LABELS = {"passed": "PASS", "failed": "FAIL", "stale": "STALE", "error": "ERROR"}
_REPLY_CHARS = 240
_INDENT = "       "


def result_lines(result: ScenarioTestResult, *, scenario_dir: Path | None = None) -> list[str]:
    """The line for one test, and the indented lines that explain a failure."""
    label = _LABELS[result.status].ljust(6)
    head = f"{label} {result.name}"
    if result.path is not None and result.title != _stem(result):
        head += f" — {result.title}"
    details = f"{len(result.turns)} turns, {result.calls} calls"
    if result.cassette_written:
        details += ", cassette written"
    if result.recorded_by:
        details += f" · replies by {result.recorded_by}"
    lines = [f"{head} ({details})"]
    if result.status == "error":
        lines.append(f"{_INDENT}error: {result.error}")
        return lines
    stale = result.staleness
    first = result.failing_turn
    lines += _failure_lines(list(result.failures))
    if stale is not None:
        lines.append(f"{_INDENT}stale at {stale.describe()}")
        if stale.recorded is not None or stale.current is not None:
            lines.append(f"{_INDENT}  recorded: {stale.recorded}")
            lines.append(f"{_INDENT}  now:      {stale.current}")
        target = f"{scenario_dir}" if scenario_dir is not None else "SCENARIO_DIR"
        file = f" {result.path}" if result.path is not None else ""
        # the files before the flags: argparse takes no positional after an option here
        lines.append(f"{_INDENT}re-record: python -m engine test {target}{file} --record")
        if result.synthetic:
            lines.append(
                f"{_INDENT}or with no key: python -m engine test {target}{file} --record "
                "--fake-model"
            )
        if result.http_steps:
            lines.append(
                f"{_INDENT}recording runs its HTTP action steps ({', '.join(result.http_steps)}):"
                " their services must answer"
            )
    if result.status != "passed" and result.log_path is not None:
        at = f" (turn {first})" if first is not None else ""
        lines.append(f"{_INDENT}log: {result.log_path}{at}")
    return lines


def _failure_lines(failures: list[ExpectationFailure]) -> Iterator[str]:
    shown_turn: object = object()
    for failure in failures:
        if failure.turn != shown_turn:
            shown_turn = failure.turn
            if failure.turn is None:
                yield f"{_INDENT}at the end:"
            else:
                yield f"{_INDENT}turn {failure.turn}, user: {_one_line(failure.user)}"
            if failure.bot_reply:
                yield f"{_INDENT}  bot: {_one_line(failure.bot_reply)}"
        yield f"{_INDENT}  {failure.what}: expected {failure.expected}, got {failure.actual}"


def summary_line(suite: SuiteResult) -> str:
    counts = [f"{suite.count('passed')} passed", f"{suite.count('failed')} failed"]
    for status in ("stale", "error"):
        if suite.count(status):
            counts.append(f"{suite.count(status)} {status}")
    return f"{', '.join(counts)} in {suite.duration_s:.2f} s ({suite.mode})"


def synthetic_note(suite: SuiteResult) -> str | None:
    """One line saying how many tests ran on synthetic replies and what that shows (None when
    none did)."""
    synthetic = [result for result in suite.results if result.synthetic]
    if not synthetic:
        return None
    makers = ", ".join(dict.fromkeys(result.made_by for result in synthetic if result.made_by))
    total = len(suite.results)
    share = f"All {total}" if len(synthetic) == total else f"{len(synthetic)} of {total}"
    return f"{share} tests ran on synthetic replies ({makers}): {SYNTHETIC_MEANING}."


def junit_xml(suite: SuiteResult) -> str:
    """The results as JUnit XML: a failed or stale test is a ``failure``, a crash an ``error``."""
    failures = suite.count("failed") + suite.count("stale")
    attributes = {
        "name": suite.scenario,
        "tests": str(len(suite.results)),
        "failures": str(failures),
        "errors": str(suite.count("error")),
        "skipped": "0",
        "time": f"{suite.duration_s:.3f}",
    }
    root = ET.Element("testsuites", attributes)
    element = ET.SubElement(root, "testsuite", attributes)
    for result in suite.results:
        case = ET.SubElement(
            element,
            "testcase",
            {
                "classname": suite.scenario,
                "name": result.name,
                "time": f"{result.duration_s:.3f}",
                **({"file": str(result.path)} if result.path is not None else {}),
            },
        )
        body = "\n".join(line.strip() for line in result_lines(result)[1:])
        if result.status == "error":
            ET.SubElement(
                case, "error", {"message": result.error or "error", "type": "error"}
            ).text = body
        elif result.status == "stale" and result.staleness is not None:
            ET.SubElement(
                case,
                "failure",
                {"message": f"stale at {result.staleness.describe()}", "type": "stale"},
            ).text = body
        elif result.status == "failed":
            message = result.failures[0].describe() if result.failures else "failed"
            ET.SubElement(case, "failure", {"message": message, "type": "expectation"}).text = body
        if result.recorded_by:
            properties = ET.SubElement(case, "properties")
            ET.SubElement(properties, "property", {"name": "recorded_by", "value": result.made_by})
            ET.SubElement(
                properties,
                "property",
                {"name": "synthetic", "value": "true" if result.synthetic else "false"},
            )
        out = [f"replies by {result.recorded_by}"] if result.recorded_by else []
        if result.synthetic:
            out.append(f"synthetic replies: {SYNTHETIC_MEANING}")
        if result.log_path is not None:
            out.append(f"log: {result.log_path}")
        if out:
            ET.SubElement(case, "system-out").text = "\n".join(out)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def write_junit(suite: SuiteResult, path: Path) -> None:
    atomic_write_text(path, junit_xml(suite))


def coverage_json(suite: SuiteResult) -> str:
    return json.dumps(suite.coverage.to_dict(), indent=2, ensure_ascii=False) + "\n"


def write_coverage(suite: SuiteResult, path: Path) -> None:
    atomic_write_text(path, coverage_json(suite))


def _one_line(text: str) -> str:
    flat = " ⏎ ".join(part.strip() for part in text.strip().splitlines() if part.strip())
    return flat if len(flat) <= _REPLY_CHARS else flat[: _REPLY_CHARS - 1] + "…"


def _stem(result: ScenarioTestResult) -> str:
    return result.name.removesuffix(".test.yaml")
