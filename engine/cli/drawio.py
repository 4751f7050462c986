"""``export-drawio`` and ``import-drawio``: scenarios as draw.io diagrams and back.

    python -m engine export-drawio SCENARIO_DIR -o FILE.drawio [--compressed] [--direction LR]
    python -m engine import-drawio FILE.drawio SCENARIO_DIR [--dry-run]

Errors (a scenario that does not load, a diagram cell that cannot be mapped) are raised as
Prompter errors and printed by ``engine.cli.main`` as one clear line, exit code 1.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.drawio.export import write_drawio
from engine.drawio.import_ import import_drawio
from engine.errors import ScenarioErrors
from engine.scenario.document import ScenarioDocument


def register(subparsers: Any) -> None:
    export = subparsers.add_parser(
        "export-drawio",
        help="write a scenario as a draw.io diagram",
        description="Write SCENARIO_DIR as a draw.io diagram (positions from the studio's saved "
        "layout, else an automatic layered layout).",
    )
    export.add_argument("scenario", type=Path, metavar="SCENARIO_DIR")
    export.add_argument("-o", "--output", type=Path, metavar="FILE.drawio",
                        help="where to write (default: SCENARIO_DIR/<name>.drawio)")
    export.add_argument("--compressed", action="store_true",
                        help="write draw.io's compressed page form (smaller, but not diffable)")
    export.add_argument("--direction", choices=("TB", "LR"), default="TB",
                        help="automatic layout: top to bottom (default) or left to right")
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
    document = ScenarioDocument.open(args.scenario)
    scenario = document.scenario
    if scenario is None:
        raise ScenarioErrors(document.errors)
    output = args.output or document.folder / f"{scenario.name}.drawio"
    write_drawio(scenario, output, document.layout, compressed=args.compressed,
                 direction=args.direction)
    transitions = [t for step in scenario.steps.values() for t in step.transitions.values()]
    dangling = [t for t in transitions if t.to not in scenario.steps]
    print(f"wrote {output} ({len(scenario.steps)} steps, "
          f"{len(transitions) - len(dangling)} transitions)")
    if dangling:
        targets = ", ".join(sorted({t.to for t in dangling}))
        print(f"note: {len(dangling)} transition(s) lead to unknown steps ({targets}) and are "
              "not drawn; `python -m engine validate` shows where")
    return 0


def run_import(args: argparse.Namespace) -> int:
    plan = import_drawio(args.diagram, args.scenario, dry_run=args.dry_run)
    for note in plan.notes:
        print(f"note: {note}")
    if plan.empty:
        print("no changes")
        return 0
    for change in plan.changes:
        print(change)
    if args.dry_run:
        print("(dry run: nothing was written)")
    return 0
