"""``python -m engine test SCENARIO_DIR [TEST_FILE…]``: run a scenario's tests.

Replays each test from its cassette by default (no key, no network); ``--record`` runs against
the configured model and rewrites the cassettes; ``--live`` runs against the model and leaves
them alone. Every test file is checked against the scenario first (unknown steps, signals and
variables, as ``validate`` reports a scenario): with an error nothing runs. Prints one line per
test, in order, with the details of each failure, then a summary and the coverage table. Exits 0
only when every test passed; 1 otherwise; 2 when a model is needed and no key is set.
``--record --fake-model`` records with no key: the autopilot plays what each test expects, and
the cassettes say they are synthetic (see :mod:`engine.scenario_tests.record_shipped`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.cli import signal_wakeup
from engine.cli.chat import NO_KEY_HELP
from engine.cli.exit_codes import ExitCode
from engine.cli.provider_options import (
    add_provider_arguments,
    key_missing,
    provider_from_args,
    say_provider,
)
from engine.errors import PrompterError, ProviderAuthError
from engine.providers.base import Provider
from engine.scenario_tests.definition import TEST_SUFFIX, TESTS_DIR
from engine.scenario_tests.loader import scenario_folder
from engine.scenario_tests.record_shipped import record_with_autopilot
from engine.scenario_tests.report import (
    result_lines,
    summary_line,
    synthetic_note,
    write_coverage,
    write_junit,
)
from engine.scenario_tests.runner import (
    DEFAULT_JOBS,
    Mode,
    Progress,
    ScenarioTestResult,
    SuiteResult,
    TestFinished,
    run_tests,
)
from engine.scenario_tests.suite import Suite, load_suite


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "test",
        help="run a scenario's tests (replayed from their cassettes by default)",
        description="Run the scenario's tests/*.test.yaml (or the TEST_FILEs given): replayed "
        "from their cassettes with no key (default), recorded against the model (--record), "
        "or run against it without touching the cassettes (--live).",
    )
    _add_what_to_run(parser)
    _add_mode(parser)
    _add_reports(parser)
    parser.add_argument(
        "--jobs",
        type=int,
        default=DEFAULT_JOBS,
        metavar="N",
        help=f"tests run at once (default {DEFAULT_JOBS})",
    )
    add_provider_arguments(
        parser,
        names=("responses", "chat", "anthropic", "gemini"),
        what="for --record and --live: ",
        fake_model="with --record: no key, no cost — the autopilot plays what each test expects "
        "(the cassettes are marked synthetic: they check the graph, the contract and the "
        "expectations, not how a model follows the instructions)",
    )
    _add_output(parser)
    parser.set_defaults(handler=run)


def _add_what_to_run(parser: argparse.ArgumentParser) -> None:
    """The scenario, and which of its tests."""
    parser.add_argument(
        "scenario",
        type=Path,
        metavar="SCENARIO_DIR",
        help="the scenario folder (or its scenario.yaml)",
    )
    parser.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="TEST_FILE",
        help="tests to run (a path, or a name in SCENARIO_DIR/tests); default: all",
    )


def _add_mode(parser: argparse.ArgumentParser) -> None:
    """Where the model's replies come from: --replay (the default), --record, --live, --check."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--replay",
        dest="mode",
        action="store_const",
        const="replay",
        help="answer from the cassettes: no key, no network (the default)",
    )
    mode.add_argument(
        "--record",
        dest="mode",
        action="store_const",
        const="record",
        help="run against the model and (re)write the cassettes",
    )
    mode.add_argument(
        "--live",
        dest="mode",
        action="store_const",
        const="live",
        help="run against the model; leave the cassettes as they are",
    )
    mode.add_argument(
        "--check",
        dest="mode",
        action="store_const",
        const="check",
        help="only check the test files against the scenario; run nothing",
    )
    parser.set_defaults(mode="replay")


def _add_reports(parser: argparse.ArgumentParser) -> None:
    """The report files for CI: JUnit XML and the coverage as JSON."""
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write JUnit XML here")
    parser.add_argument(
        "--coverage",
        type=Path,
        metavar="FILE",
        help="write the coverage (steps, signals, results) here as JSON",
    )


def _add_output(parser: argparse.ArgumentParser) -> None:
    """Where the conversation logs go, and how much is printed."""
    parser.add_argument(
        "--logs",
        type=Path,
        metavar="DIR",
        help="write each test's conversation log here (default: a new folder "
        "in the system's temporary folder)",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print the failing tests and the summary only, no coverage table",
    )


def run(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        print("prompter test: --jobs must be at least 1", file=sys.stderr)
        return ExitCode.FAILED
    folder = scenario_folder(args.scenario)
    suite = _checked_suite(args, folder)
    if isinstance(suite, int):
        return suite
    provider: Provider | None = None
    if args.mode in ("record", "live") and not args.fake_model:
        provider = _provider(args, suite)
        if provider is None:
            return ExitCode.USAGE
    printer = _InOrder(len(suite.tests), folder, quiet=args.quiet)
    try:
        result = _run_suite(args, suite, provider, printer)
    except PrompterError as error:  # the autopilot cannot play this scenario's start
        print(f"prompter test: {error}", file=sys.stderr)
        return ExitCode.FAILED
    finally:
        if provider is not None:
            signal_wakeup.run(provider.aclose())
    return _report(args, result)


def _checked_suite(args: argparse.Namespace, folder: Path) -> Suite | int:
    """The suite, checked (its findings printed); or the exit code when nothing is to run."""
    suite = load_suite(folder, [_test_file(folder, file) for file in args.files])
    for finding in suite.findings:
        print(finding.render())
    if suite.has_errors:
        broken = len(suite.broken)
        print(
            f"{folder}: {broken} test file{'s' if broken != 1 else ''} with errors; "
            "nothing was run",
            file=sys.stderr,
        )
        return ExitCode.FAILED
    if args.mode == "check":
        print(f"{folder}: {len(suite.tests)} tests ok", file=sys.stderr)
        return ExitCode.OK
    if not suite.tests:
        print(f"{folder}: no tests (write {TESTS_DIR}/NAME{TEST_SUFFIX})", file=sys.stderr)
        return ExitCode.FAILED
    if args.fake_model and args.mode != "record":
        print("prompter test: --fake-model records: use it with --record", file=sys.stderr)
        return ExitCode.FAILED
    return suite


def _provider(args: argparse.Namespace, suite: Suite) -> Provider | None:
    """The model --record and --live talk to; None (the help printed) when no key is set."""
    if key_missing(args):
        print(NO_KEY_HELP.replace("prompter chat", "prompter test"), file=sys.stderr)
        return None
    try:
        provider = provider_from_args(args, suite.scenario)
        say_provider(provider, "test")
    except ProviderAuthError:
        print(NO_KEY_HELP.replace("prompter chat", "prompter test"), file=sys.stderr)
        return None
    return provider


def _run_suite(
    args: argparse.Namespace, suite: Suite, provider: Provider | None, printer: _InOrder
) -> SuiteResult:
    """Run the tests: recorded by the autopilot with --fake-model, else in the mode asked."""
    if args.fake_model:
        return signal_wakeup.run(
            record_with_autopilot(
                suite.scenario,
                suite.tests,
                provider=args.provider,
                jobs=args.jobs,
                log_dir=args.logs,
                on_progress=printer,
            )
        )
    mode: Mode = args.mode
    return signal_wakeup.run(
        run_tests(
            suite.scenario,
            suite.tests,
            mode=mode,
            provider=provider,
            model=args.model,
            jobs=args.jobs,
            log_dir=args.logs,
            on_progress=printer,
        )
    )


def _report(args: argparse.Namespace, result: SuiteResult) -> int:
    """Print the summary (and the coverage table), write the report files; the exit code."""
    print(summary_line(result))
    note = synthetic_note(result)
    if note is not None:
        print(note)
    if not args.quiet:
        print(f"logs: {result.log_dir}")
        print()
        print(f"coverage of {result.scenario}:")
        for line in result.coverage.table():
            print(f"  {line}")
    if args.junit is not None:
        write_junit(result, args.junit)
    if args.coverage is not None:
        write_coverage(result, args.coverage)
    return ExitCode.OK if result.passed else ExitCode.FAILED


def _test_file(folder: Path, given: Path) -> Path:
    """A path as given if it exists, else a name inside the scenario's tests folder."""
    if given.exists():
        return given
    name = given.name if given.name.endswith(TEST_SUFFIX) else given.name + TEST_SUFFIX
    inside = folder / TESTS_DIR / name
    return inside if inside.exists() else given


class _InOrder:
    """Prints each test's lines as soon as it and every test before it have finished."""

    def __init__(self, count: int, folder: Path, *, quiet: bool) -> None:
        self.done: dict[int, ScenarioTestResult] = {}
        self.next = 0
        self.count = count
        self.folder = folder
        self.quiet = quiet

    def __call__(self, progress: Progress) -> None:
        if not isinstance(progress, TestFinished):
            return
        self.done[progress.index] = progress.result
        while self.next in self.done:
            result = self.done.pop(self.next)
            self.next += 1
            if self.quiet and result.passed:
                continue
            for line in result_lines(result, scenario_dir=self.folder):
                print(line)
        sys.stdout.flush()
