"""``prompter publish SCENARIO_DIR --store URL``: put a new version live on a running server.

    prompter publish SCENARIO_DIR --store URL [--rollout PERCENT] [--map OLD=NEW …]
                     [--dry-run] [--force]

Refuses a scenario with validator errors and, unless ``--force``, one whose scenario tests fail
(replayed from their cassettes, as ``prompter test`` runs them). Prints the migration report —
how many conversations sit on which step of which version, and what happens to each group — and
then publishes, in one transaction of the store: every worker starts new conversations on the new
version within a second, without a restart (see :mod:`engine.serve.publish`). ``--dry-run``
prints the report and writes nothing. Exits 0 when published (or would be), 1 when refused.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.cli import signal_wakeup
from engine.cli.exit_codes import ExitCode
from engine.scenario_tests.report import summary_line


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "publish",
        help="put a new version of a scenario live on a running server (no restart)",
        description="Publish SCENARIO_DIR to the store a server runs on: new conversations "
        "start on it within a second; conversations on a renamed step move to it, the others "
        "finish on their version.",
    )
    parser.add_argument("scenario", type=Path, metavar="SCENARIO_DIR")
    add_store_argument(parser)
    parser.add_argument(
        "--rollout",
        type=int,
        default=100,
        metavar="PERCENT",
        help="give the new version to this share of new conversations (default 100); a "
        "conversation keeps the version it started on",
    )
    parser.add_argument(
        "--map",
        action="append",
        default=[],
        metavar="OLD=NEW",
        help="move conversations on step OLD to step NEW of the new version (repeatable); "
        "renamed steps are found by themselves",
    )
    parser.add_argument(
        "--dry-run", action="store_true", help="print what would happen; publish nothing"
    )
    parser.add_argument(
        "--force", action="store_true", help="publish even when the scenario's tests fail"
    )
    parser.set_defaults(handler=run)


def add_store_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        required=True,
        metavar="URL",
        help="the server's store: sqlite:///PATH or postgresql://USER@HOST:PORT/DB "
        "(the password from PGPASSWORD or ~/.pgpass rather than the URL)",
    )


def run(args: argparse.Namespace) -> int:
    from engine.scenario.loader import load_scenario
    from engine.serve.publish import (
        PublishRefused,
        TestsFailed,
        check_scenario,
        parse_maps,
        run_scenario_tests,
    )

    if not 0 <= args.rollout <= 100:
        print("prompter publish: --rollout is a percentage from 0 to 100", file=sys.stderr)
        return ExitCode.USAGE
    try:
        maps = parse_maps(args.map)
        scenario = load_scenario(args.scenario)
        for finding in check_scenario(scenario):
            print(finding.render())
        result = signal_wakeup.run(run_scenario_tests(args.scenario))
        if result is None:
            print("tests: none (the scenario has no tests/*.test.yaml)")
        else:
            print(f"tests: {summary_line(result)}")
            if not result.passed:
                raise TestsFailed("the scenario's tests fail (prompter test shows why)")
    except TestsFailed as error:
        if not args.force:
            print(
                f"prompter publish: {error}; nothing was published (--force publishes anyway)",
                file=sys.stderr,
            )
            return ExitCode.FAILED
        print(f"prompter publish: {error}; published anyway (--force)", file=sys.stderr)
    except PublishRefused as error:
        print(f"prompter publish: {error}", file=sys.stderr)
        return ExitCode.FAILED
    try:
        return signal_wakeup.run(_publish(args, scenario, maps))
    except PublishRefused as error:
        print(f"prompter publish: {error}", file=sys.stderr)
        return ExitCode.FAILED


async def _publish(args: argparse.Namespace, scenario: object, maps: dict[str, str]) -> int:
    from engine.scenario.definition import Scenario
    from engine.serve.publish import apply_plan, plan_publish
    from engine.serve.store_url import open_store

    assert isinstance(scenario, Scenario)
    store = open_store(args.store, pool_size=2)
    await store.open()
    try:
        plan = await plan_publish(store, scenario, maps)
        for line in plan.report(args.rollout):
            print(line)
        if args.dry_run:
            print("dry run: nothing was published")
            return ExitCode.OK
        await apply_plan(store, plan, rollout=args.rollout)
    finally:
        await store.close()
    print(f"published {plan.version}: live for {args.rollout} % of new conversations")
    return ExitCode.OK
