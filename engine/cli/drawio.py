"""``export-drawio`` and ``import-drawio``: scenarios as draw.io diagrams and back.

    python -m engine export-drawio SCENARIO_DIR -o FILE.drawio [--compressed] [--direction LR]
    python -m engine import-drawio FILE.drawio SCENARIO_DIR [--dry-run]

``export-drawio`` refuses a scenario with validator errors, listing them as ``validate`` does
(exit code 1): a diagram of a broken scenario would be shared as if it worked. Other errors (a
diagram cell that cannot be mapped) are raised as Prompter errors and printed by
``engine.cli.main`` as one clear line, exit code 1.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.cli._runnable import runnable_scenario
from engine.cli.exit_codes import ExitCode
from engine.drawio.export import write_drawio
from engine.drawio.import_ import import_drawio
from engine.scenario.layout import Layout


def register(subparsers: Any) -> None:
    export = subparsers.add_parser(
        "export-drawio",
        help="write a scenario as a draw.io diagram",
        description="Write SCENARIO_DIR as a draw.io diagram (positions from the studio's saved "
        "layout, else an automatic layered layout).",
    )
    export.add_argument("scenario", type=Path, metavar="SCENARIO_DIR")
    export.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE.drawio",
        help="where to write (default: SCENARIO_DIR/<name>.drawio)",
    )
    export.add_argument(
        "--compressed",
        action="store_true",
        help="write draw.io's compressed page form (smaller, but not diffable)",
    )
    export.add_argument(
        "--direction",
        choices=("TB", "LR"),
        default="TB",
        help="automatic layout: top to bottom (default) or left to right",
    )
    export.set_defaults(handler=run_export)

    imp = subparsers.add_parser(
        "import-drawio",
        help="apply a diagram edited in draw.io to a scenario",
        description="Read FILE.drawio back into SCENARIO_DIR: moved steps, new or changed edges, "
        "new steps and titles. Untouched parts of scenario.yaml stay as they were.",
    )
    imp.add_argument("diagram", type=Path, metavar="FILE.drawio")
    imp.add_argument("scenario", type=Path, metavar="SCENARIO_DIR")
    imp.add_argument("--dry-run", action="store_true", help="print the changes, write nothing")
    imp.set_defaults(handler=run_import)


def run_export(args: argparse.Namespace) -> int:
    scenario = runnable_scenario(args.scenario, "export-drawio")
    if scenario is None:
        return ExitCode.FAILED
    folder = scenario.root or args.scenario
    output = args.output or folder / f"{scenario.name}.drawio"
    write_drawio(
        scenario, output, Layout.load(folder), compressed=args.compressed, direction=args.direction
    )
    transitions = sum(len(step.transitions) for step in scenario.steps.values())
    print(f"wrote {output} ({len(scenario.steps)} steps, {transitions} transitions)")
    return ExitCode.OK


def run_import(args: argparse.Namespace) -> int:
    plan = import_drawio(args.diagram, args.scenario, dry_run=args.dry_run)
    for note in plan.notes:
        print(f"note: {note}")
    if plan.empty:
        print("no changes")
        return ExitCode.OK
    for change in plan.changes:
        print(change)
    if args.dry_run:
        print("(dry run: nothing was written)")
    return ExitCode.OK
