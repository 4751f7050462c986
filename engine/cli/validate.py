"""``python -m engine validate SCENARIO_DIR``: check a scenario as CI and editors expect.

Prints one line per finding, ``PATH:LINE:COL: error|warning: MESSAGE (HINT)``, the format
compilers use, so editors and CI annotate the right line. Exits 1 when there is any error, else 0
(warnings alone do not fail a build unless ``--strict``). ``--json`` prints the findings as one
JSON array instead, with their stable codes, for tools.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.cli.exit_codes import ExitCode
from engine.errors import ScenarioError
from engine.io.untrusted import replace_surrogates
from engine.scenario.validate import check_folder, has_errors


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check a scenario folder and list its errors and warnings",
        description="Check a scenario folder: print one line per problem "
        "(PATH:LINE:COL: error|warning: MESSAGE) and exit 1 if there is any error.",
    )
    parser.add_argument(
        "scenario",
        type=Path,
        metavar="SCENARIO_DIR",
        help="the scenario folder (or its scenario.yaml)",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    parser.add_argument(
        "--json", action="store_true", help="print the findings as a JSON array (for tools)"
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print only the findings, not the closing summary line",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    findings = check_folder(args.scenario)
    if args.json:
        print(json.dumps([as_record(finding) for finding in findings], indent=2))
    else:
        for finding in findings:
            print(replace_surrogates(finding.render()))
    errors = sum(1 for finding in findings if finding.severity == "error")
    warnings = len(findings) - errors
    sys.stdout.flush()
    if not args.quiet:
        verdict = (
            "ok" if not findings else f"{_count(errors, 'error')}, {_count(warnings, 'warning')}"
        )
        print(f"{args.scenario}: {verdict}", file=sys.stderr)
    if has_errors(findings) or (args.strict and warnings):
        return ExitCode.FAILED
    return ExitCode.OK


def as_record(finding: ScenarioError) -> dict[str, Any]:
    """A finding as JSON: ``code`` is ``null`` for load errors (the file is not a scenario yet)."""
    return {
        "path": str(finding.path) if finding.path else None,
        "line": finding.line,
        "column": finding.column,
        "severity": finding.severity,
        "code": getattr(finding, "code", None),
        "message": finding.message,
        "hint": finding.hint,
        "field": finding.field,
        "step": getattr(finding, "step", None),
    }


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
