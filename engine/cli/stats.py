"""``python -m engine stats LOG_OR_FOLDER…`` (or ``--store URL``): figures over many logs.

Per step (visits, turns, calls, contract violations by kind, corrections, fallbacks, tokens,
cost, drop-offs), per transition (how often taken) and per conversation (finished, calls per
message, cost). A table on the terminal, ``--json`` for tools, ``--csv`` (``--table``) for a
spreadsheet. Damaged lines are counted and reported, never fatal. With ``--scenario DIR``,
steps and transitions the scenario no longer has are listed apart.

``--store URL`` reads the conversations a server keeps (``prompter serve --store``) instead of
files: each conversation's log as the server committed it.

Exit 0 when at least one log was read, 2 when none could be (no files, all unreadable, an empty
or unreachable store).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.cli.exit_codes import ExitCode
from engine.errors import PrompterError, ScenarioErrors
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.stats import StatsReport, collect_logs, collect_stats, log_files
from engine.stats.render import CSV_TABLES, render_csv, render_json, render_text


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="figures over conversation logs: per step, transition and conversation",
        description="Read conversation logs (files, or folders searched for *.jsonl) and "
        "print per step visits, turns, contract violations, corrections, fallbacks, tokens "
        "and cost; per transition how often it was taken; per conversation whether it "
        "finished, calls per message and cost.",
    )
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="LOG_OR_FOLDER",
        help="a log file, or a folder of logs (searched recursively)",
    )
    parser.add_argument(
        "--store",
        metavar="URL",
        help="read the conversations a server keeps (prompter serve's --store: "
        "sqlite:///PATH or postgresql://USER@HOST:PORT/DB) instead of log files",
    )
    parser.add_argument(
        "--scenario",
        type=Path,
        metavar="DIR",
        help="the scenario the logs belong to: steps it no longer has are "
        "listed apart, and conversations ending in a final step count as "
        "finished",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print everything as JSON")
    output.add_argument(
        "--csv", action="store_true", help="print one table as CSV (for a spreadsheet); see --table"
    )
    parser.add_argument(
        "--table",
        choices=CSV_TABLES,
        default="steps",
        help="the table --csv prints: steps (default), transitions, actions or conversations",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    scenario: Scenario | None = None
    if args.scenario is not None:
        try:
            scenario = load_scenario(args.scenario)
        except ScenarioErrors as errors:
            print(f"prompter stats: cannot read the scenario {args.scenario}:", file=sys.stderr)
            for error in errors.errors:
                print(f"  {error}", file=sys.stderr)
            return ExitCode.USAGE
        except PrompterError as error:
            print(f"prompter stats: {error}", file=sys.stderr)
            return ExitCode.USAGE
    if args.store is not None:
        if args.paths:
            print("prompter stats: give log files or --store, not both", file=sys.stderr)
            return ExitCode.USAGE
        return _from_store(args, scenario)
    if not args.paths:
        print("prompter stats: name log files or folders, or a --store", file=sys.stderr)
        return ExitCode.USAGE
    missing = [path for path in args.paths if not path.exists()]
    for path in missing:
        print(f"prompter stats: {path}: no such file or folder", file=sys.stderr)
    not_logs: list[Path] = []
    files = log_files((path for path in args.paths if path.exists()), not_logs)
    if not files:
        print(
            "prompter stats: no conversation logs to read (folders are searched for *.jsonl)",
            file=sys.stderr,
        )
        return ExitCode.USAGE
    report = collect_stats(files, scenario=scenario)
    report.not_logs = not_logs
    _print(report, args, scenario)
    for path, reason in report.unreadable:
        print(f"prompter stats: cannot read {path}: {reason}", file=sys.stderr)
    return ExitCode.OK if len(report.unreadable) < len(files) else ExitCode.USAGE


def _print(report: StatsReport, args: argparse.Namespace, scenario: Scenario | None) -> None:
    order = list(scenario.steps) if scenario is not None else []
    if args.json:
        sys.stdout.write(render_json(report))
    elif args.csv:
        sys.stdout.write(render_csv(report, args.table, order=order))
    else:
        sys.stdout.write(render_text(report, order=order))


def _from_store(args: argparse.Namespace, scenario: Scenario | None) -> int:
    """The figures of a server's store (each conversation's log, as the server keeps it)."""
    from engine.cli.serve import INSTALL_HINT, missing_modules

    missing = [name for name in missing_modules(args.store) if name.startswith("psycopg")]
    if missing:
        print(
            f"prompter stats: reading {args.store} needs {', '.join(missing)}; {INSTALL_HINT}",
            file=sys.stderr,
        )
        return ExitCode.USAGE
    from engine.serve.store import StoreError
    from engine.serve.store_url import store_logs

    try:
        report = collect_logs(store_logs(args.store), scenario=scenario)
    except StoreError as error:
        print(f"prompter stats: {error}", file=sys.stderr)
        return ExitCode.USAGE
    if not report.conversations:
        print(f"prompter stats: the store {args.store} has no conversations", file=sys.stderr)
        return ExitCode.USAGE
    _print(report, args, scenario)
    return ExitCode.OK
