"""``python -m engine schema``: print, write or check the JSON Schemas of ``scenario.yaml`` and
of test files (``--tests``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.scenario.json_schema import is_current, schema_text, shipped_schema_path, write_schema
from engine.scenario_tests import json_schema as test_schema


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="print, write or check the JSON Schema of scenario.yaml",
        description="Print the JSON Schema of scenario.yaml (generated from the models). "
        f"With --write, refresh resources/{shipped_schema_path().name}; "
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
    if args.check:
        stale = [
            path
            for path, current in (
                (shipped_schema_path(), is_current()),
                (test_schema.shipped_schema_path(), test_schema.is_current()),
            )
            if not current
        ]
        for path in stale:
            print(f"{path} is out of date: run 'python -m engine schema --write'", file=sys.stderr)
        return 1 if stale else 0
    if args.write:
        if args.tests:
            targets = [test_schema.write_schema(None if args.write is True else args.write)]
        elif args.write is True:  # the shipped files: both, so they never disagree
            targets = [write_schema(), test_schema.write_schema()]
        else:
            targets = [write_schema(args.write)]
        for target in targets:
            print(f"wrote {target}", file=sys.stderr)
        return 0
    sys.stdout.write(test_schema.schema_text() if args.tests else schema_text())
    return 0
