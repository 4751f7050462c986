"""``python -m engine schema``: print, write or check the JSON Schema of ``scenario.yaml``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.scenario.json_schema import is_current, schema_text, shipped_schema_path, write_schema


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
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.check:
        if is_current():
            return 0
        print(
            f"{shipped_schema_path()} is out of date: run 'python -m engine schema --write'",
            file=sys.stderr,
        )
        return 1
    if args.write:
        target = write_schema(None if args.write is True else args.write)
        print(f"wrote {target}", file=sys.stderr)
        return 0
    sys.stdout.write(schema_text())
    return 0
