"""``python -m engine diff OLD NEW``: what changed between two versions of a scenario.

Each side is a scenario folder or ``REV:path/to/scenario`` (read from git's object store,
nothing checked out). Exit codes follow ``diff(1)``: 0 the same, 1 different, 2 trouble (a side
that cannot be read, an unknown revision) with one clear line on stderr.

Layout changes (``scenario.layout.json``) are listed in their own section; ``--ignore-layout``
leaves them out of the exit code, for a CI step that only cares about what the scenario does.
"""

from __future__ import annotations

import argparse
import os
import sys

from engine.cli.exit_codes import ExitCode
from engine.compare import diff_sides, load_side
from engine.compare.render import render_json, render_text
from engine.errors import PrompterError, ScenarioErrors
from engine.io.terminal import unfiltered
from engine.scenario.layout import gc_paused


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "diff",
        help="compare two versions of a scenario (folders or git revisions)",
        description="Compare two versions of a scenario: steps added, removed, renamed and "
        "changed, transitions, guards, results and instruction texts. Each side is a folder "
        "or REV:path/to/scenario (a git revision). Exit 0 when equal, 1 when different, "
        "2 on error.",
    )
    parser.add_argument("old", metavar="OLD", help="the earlier version: DIR or REV:DIR")
    parser.add_argument("new", metavar="NEW", help="the later version: DIR or REV:DIR")
    parser.add_argument("--json", action="store_true", help="print the diff as JSON (for tools)")
    parser.add_argument(
        "--ignore-layout", action="store_true", help="exit 0 when only scenario.layout.json differs"
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (default: when printing to a terminal)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with gc_paused():  # loading only allocates; collect once, after both sides (see compare())
        sides = []
        for spec in (args.old, args.new):
            try:
                sides.append(load_side(spec))
            except ScenarioErrors as errors:
                print(f"prompter diff: cannot read {spec}:", file=sys.stderr)
                for error in errors.errors:
                    print(f"  {error}", file=sys.stderr)
                return ExitCode.USAGE
            except PrompterError as error:
                print(f"prompter diff: {error}", file=sys.stderr)
                return ExitCode.USAGE
            except OSError as error:  # a name too long, no permission: trouble, not "different"
                where = f"{error.filename}: " if error.filename else f"{spec}: "
                print(f"prompter diff: {where}{error.strerror or error}", file=sys.stderr)
                return ExitCode.USAGE
        diff = diff_sides(*sides)
    if args.json:
        sys.stdout.write(render_json(diff))
    else:
        # render_text cleans the scenarios' text itself and adds only its own colour codes
        unfiltered(sys.stdout).write(render_text(diff, color=_use_color(args.color)))
    different = diff.scenario_changed or (diff.layout.changed and not args.ignore_layout)
    return ExitCode.FAILED if different else ExitCode.OK


def _use_color(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    return (
        sys.stdout.isatty()
        and os.environ.get("NO_COLOR") is None
        and os.environ.get("TERM") != "dumb"
    )
