"""``python -m engine schema``: print, write or check the JSON Schemas of ``scenario.yaml`` and
of test files (``--tests``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.cli.exit_codes import ExitCode
from engine.scenario.json_schema import SCENARIO_SCHEMA
from engine.scenario_tests.json_schema import TEST_SCHEMA

#: Every shipped schema: ``--write`` with no path refreshes all, so they never disagree.
SHIPPED = (SCENARIO_SCHEMA, TEST_SCHEMA)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="print, write or check the JSON Schema of scenario.yaml",
        description="Print the JSON Schema of scenario.yaml (generated from the models). "
        f"With --write, refresh resources/{SCENARIO_SCHEMA.file_name}; "
        "with --check, exit 1 if that file is out of date.",
    )
    action = parser.add_mutually_exclusive_group()
    action.add_argument(
        "--write",
        nargs="?",
        const=True,
        type=Path,
        metavar="PATH",
        help="write the schema to PATH (default: the shipped file)",
    )
    action.add_argument(
        "--check", action="store_true", help="exit 1 if the shipped file does not match the models"
    )
    parser.add_argument(
        "--tests", action="store_true", help="the schema of tests/*.test.yaml instead"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    chosen = TEST_SCHEMA if args.tests else SCENARIO_SCHEMA
    if args.check:
        stale = [schema.shipped_path() for schema in SHIPPED if not schema.is_current()]
        for path in stale:
            print(f"{path} is out of date: run 'python -m engine schema --write'", file=sys.stderr)
        return ExitCode.FAILED if stale else ExitCode.OK
    if args.write:
        if args.write is not True:
            targets = [chosen.write(args.write)]
        elif args.tests:
            targets = [TEST_SCHEMA.write()]
        else:
            targets = [schema.write() for schema in SHIPPED]
        for target in targets:
            print(f"wrote {target}", file=sys.stderr)
        return ExitCode.OK
    sys.stdout.write(chosen.text())
    return ExitCode.OK
