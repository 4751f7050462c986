"""``prompter matrix SCENARIO_DIR``: the scenario's tests on several models and variants, with
statistics.

Every cell (model × variant) runs the tests live (never from a cassette) ``--repeat`` times,
each run with its own seed, within each model's rate limits, ``--jobs`` at a time; with
``--personas`` it also simulates conversations. Writes ``matrix.json`` (normative, see
:mod:`engine.matrix.summary`) and ``report.html`` to ``--out`` and prints the table. A gate for
CI: ``--require "pass>=0.9"`` and ``--baseline old.json`` fail the command (exit 1, one line per
failing test); ``--junit FILE`` writes the gate as JUnit XML. Ctrl-C stops: finished runs are
kept and written (exit 130).

Exit status: 0 done (and the gate passed); 1 the gate failed, or an error; 2 no key for a real
model, or a bad argument; 130 after Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.cli.chat import NO_KEY_HELP
from engine.cli.exit_codes import ExitCode
from engine.cli.provider_options import positive_float, positive_int, say_provider
from engine.errors import ProviderAuthError, ScenarioErrors
from engine.io.atomic import atomic_write_text
from engine.io.untrusted import read_text
from engine.matrix.build import PreparedMatrix, choose_tests, prepare
from engine.matrix.gate import (
    GateFailure,
    Requirement,
    baseline_failures,
    junit_xml,
    parse_requirement,
)
from engine.matrix.models import needs_openai_key
from engine.matrix.run import MatrixProgress, MatrixResult, MatrixRun
from engine.matrix.spec import (
    CURRENT,
    MatrixConfig,
    ModelSpec,
    load_config,
    parse_model,
    split_list,
)
from engine.scenario.loader import load_scenario
from engine.scenario_tests.definition import ScenarioTest
from engine.scenario_tests.loader import scenario_folder
from engine.scenario_tests.suite import load_suite
from engine.simulate.persona import Persona, load_personas
from engine.simulate.terminal import format_duration

DEFAULT_REPEAT = 5
DEFAULT_JOBS = 4
#: The largest matrix.json read back (--baseline).
MAX_BASELINE_BYTES = 64 * 1024 * 1024


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "matrix",
        help="run the tests on several models and scenario variants, repeated, with statistics",
        description="Run the scenario's tests live (and, with --personas, simulated "
        "conversations) on every model × variant, --repeat times each; writes matrix.json "
        "(Wilson intervals, pass^k, paired McNemar tests with Holm's correction) and "
        "report.html. Without a key: --models fake:break=0,fake:break=0.3.",
    )
    _add_what_to_run(parser)
    _add_repeats(parser)
    parser.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="where matrix.json, report.html and the logs go (default: matrix/SCENARIO-DATE-TIME)",
    )
    _add_model_limits(parser)
    _add_gate(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(handler=run)


def _add_what_to_run(parser: argparse.ArgumentParser) -> None:
    """The scenario, and the cells' models and variants, its tests and personas."""
    parser.add_argument("scenario", type=Path, metavar="SCENARIO_DIR")
    parser.add_argument(
        "--config",
        type=Path,
        metavar="matrix.yaml",
        help="models, variants, prices and limits in a file (the flags override it)",
    )
    parser.add_argument(
        "--models",
        metavar="SPEC,…",
        help="provider:model[@base_url], or "
        "fake:break=RATE for the key-free fake model; comma-separated",
    )
    parser.add_argument(
        "--variants",
        metavar="REV_OR_DIR,…",
        help="the scenario as it "
        "stands (.), a git revision (HEAD~1:scenarios/x) or another folder; "
        "default: .",
    )
    parser.add_argument(
        "--tests",
        nargs="*",
        metavar="NAME",
        help="run the scenario's tests "
        "(all, or those named); the default unless --personas is given",
    )
    parser.add_argument(
        "--personas",
        nargs="*",
        metavar="FILE",
        help="also simulate conversations with the personas (all, or those named)",
    )


def _add_repeats(parser: argparse.ArgumentParser) -> None:
    """How many runs of each test per cell, how many at once, and their seed."""
    parser.add_argument(
        "--repeat",
        type=int,
        metavar="N",
        help=f"runs of each test per cell (default {DEFAULT_REPEAT})",
    )
    parser.add_argument(
        "--jobs", type=int, metavar="K", help=f"runs at once (default {DEFAULT_JOBS})"
    )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="the matrix's seed; each run's is derived from it (default 0)",
    )


def _add_model_limits(parser: argparse.ArgumentParser) -> None:
    """The bounds on one call of a real model: its time and its reply's tokens."""
    parser.add_argument(
        "--timeout",
        type=positive_float,
        metavar="SECONDS",
        help="how long one call of a real model may take, retries included (default 60)",
    )
    parser.add_argument(
        "--max-output-tokens",
        dest="max_output_tokens",
        type=positive_int,
        metavar="N",
        help="the most tokens one reply of a real model may have (default: the scenario's)",
    )


def _add_gate(parser: argparse.ArgumentParser) -> None:
    """The CI gate: the requirements, the baseline to compare with, and its JUnit report."""
    parser.add_argument(
        "--require",
        nargs="+",
        action="extend",
        default=[],
        metavar="EXPR",
        help="fail unless every test meets it: pass>=0.9 (the rate), "
        "pass.lower>=0.8 (the Wilson 95%% lower bound), goal>=…, "
        "calls_per_message<=…, cost_per_conversation_usd<=…, latency.p95<=…",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="matrix.json",
        help="fail when a "
        "test got significantly worse than in this earlier matrix.json "
        "(same model and variant; Holm-corrected)",
    )
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write the gate as JUnit XML")


def provider_arguments(args: argparse.Namespace, config: MatrixConfig) -> list[str]:
    """The model specs asked for (flags over ``matrix.yaml``): the one place the matrix reads
    provider flags, to switch to the shared provider options when they land."""
    if args.models:
        return split_list(args.models)
    return [spec.text for spec in config.models]


@dataclass(frozen=True)
class _Inputs:
    """What the flags and ``matrix.yaml`` ask to run, read and checked."""

    folder: Path
    config: MatrixConfig
    models: list[ModelSpec]
    variants: list[str]
    repeat: int
    jobs: int
    seed: int
    requirements: list[Requirement]
    tests: list[ScenarioTest]
    personas: list[Persona]


def run(args: argparse.Namespace) -> int:
    inputs = _read_inputs(args)
    if isinstance(inputs, int):
        return inputs
    name = load_scenario(inputs.folder).name
    out = args.out or Path("matrix") / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}"
    progress = None if args.quiet else _Bar(sys.stderr)
    prepared = _prepare(args, inputs, out, progress)
    if isinstance(prepared, int):
        return prepared
    matrix = prepared.run
    for model in prepared.models.values():  # a schema not enforced is said before the run
        say_provider(model.provider.inner, "matrix")
    if not args.quiet:
        print(
            f"matrix of {name}: {len(inputs.models)} models × {len(inputs.variants)} variants, "
            f"{len(inputs.tests)} tests and {len(inputs.personas)} personas × {inputs.repeat} "
            f"repeats = {matrix.total} runs, {inputs.jobs} at a time",
            file=sys.stderr,
        )
    try:
        result, summary = prepared.execute(lambda coroutine: asyncio.run(_run(matrix, coroutine)))
    finally:
        if progress is not None:
            progress.close()
    return _report(args, inputs.requirements, summary, result, matrix.total, out)


def _read_inputs(args: argparse.Namespace) -> _Inputs | int:
    """The matrix asked for (flags over ``matrix.yaml``), or the exit code of a mistake in it."""
    folder = scenario_folder(args.scenario)
    config = load_config(args.config) if args.config else MatrixConfig()
    models = [parse_model(text) for text in provider_arguments(args, config)]
    if not models:
        return _usage("name the models: --models SPEC,… (fake:break=0.1 needs no key)")
    variants = split_list(args.variants) if args.variants else (config.variants or [CURRENT])
    repeat = args.repeat or config.repeat or DEFAULT_REPEAT
    jobs = args.jobs or config.jobs or DEFAULT_JOBS
    seed = args.seed if args.seed is not None else (config.seed or 0)
    if repeat < 1 or jobs < 1:
        return _usage("--repeat and --jobs must be at least 1")
    try:
        requirements = [parse_requirement(text) for text in [*config.require, *args.require]]
    except ValueError as error:
        return _usage(str(error))
    chosen = _read_tests_and_personas(args, folder, config)
    if isinstance(chosen, int):
        return chosen
    tests, personas = chosen
    if not tests and not personas:
        return _usage(f"{folder}: no tests to run (write tests/NAME.test.yaml)")
    return _Inputs(
        folder, config, models, variants, repeat, jobs, seed, requirements, tests, personas
    )


def _read_tests_and_personas(
    args: argparse.Namespace, folder: Path, config: MatrixConfig
) -> tuple[list[ScenarioTest], list[Persona]] | int:
    """The tests and personas each cell runs, or the exit code when their files have errors."""
    tests_given = args.tests if args.tests is not None else config.tests
    personas_given = args.personas if args.personas is not None else config.personas
    if tests_given is None and personas_given is None:
        tests_given = []
    suite = load_suite(folder) if tests_given is not None else None
    if suite is not None:
        for finding in suite.findings:
            print(finding.render(), file=sys.stderr)
        if suite.has_errors:
            print(f"{folder}: test files with errors; nothing was run", file=sys.stderr)
            return ExitCode.FAILED
    tests = choose_tests(suite.tests if suite else [], tests_given or [])
    try:
        personas = (
            load_personas(folder, personas_given or None) if personas_given is not None else []
        )
    except ScenarioErrors as errors:
        print(errors.render(), file=sys.stderr)
        return ExitCode.FAILED
    return tests, personas


def _prepare(
    args: argparse.Namespace, inputs: _Inputs, out: Path, progress: _Bar | None
) -> PreparedMatrix | int:
    """The cells with their models open, ready to run; or the exit code when a key is missing."""
    try:
        return prepare(
            inputs.folder,
            inputs.models,
            inputs.variants,
            inputs.tests,
            personas=inputs.personas,
            repeat=inputs.repeat,
            jobs=inputs.jobs,
            seed=inputs.seed,
            out_dir=out,
            config=inputs.config,
            api_key_set=bool(os.environ.get("OPENAI_API_KEY")),
            timeout=args.timeout,
            max_output_tokens=args.max_output_tokens,
            on_progress=progress,
        )
    except ProviderAuthError as missing:
        openai = any(needs_openai_key(spec) for spec in inputs.models) and not os.environ.get(
            "OPENAI_API_KEY"
        )
        help_ = NO_KEY_HELP.replace("prompter chat", "prompter matrix").replace(
            "--fake-model", "--models fake:break=0.1"
        )
        print(help_ if openai else f"prompter matrix: {missing}", file=sys.stderr)
        return ExitCode.USAGE


def _report(
    args: argparse.Namespace,
    requirements: list[Requirement],
    summary: dict[str, Any],
    result: MatrixResult,
    total: int,
    out: Path,
) -> int:
    """Print the table and the gate's failures (and write them as JUnit); the exit code."""
    for line in table_lines(summary):
        print(line)
    print(f"\nmatrix.json and report.html: {out}/")
    failures = _gate(summary, requirements, args.baseline)
    if args.junit is not None:
        atomic_write_text(args.junit, junit_xml(summary, requirements, failures))
    for failure in failures:
        print(failure.line())
    if result.stopped:
        print(
            f"stopped ({result.stopped}): {len(result.records)} of {total} runs kept",
            file=sys.stderr,
        )
        return ExitCode.INTERRUPTED
    return ExitCode.FAILED if failures else ExitCode.OK


def _gate(
    summary: dict[str, Any], requirements: list[Requirement], baseline: Path | None
) -> list[GateFailure]:
    failures = [failure for requirement in requirements for failure in requirement.check(summary)]
    if baseline is not None:
        old = json.loads(read_text(baseline, limit=MAX_BASELINE_BYTES, what="the baseline"))
        failures += baseline_failures(old, summary)
    return failures


def _usage(message: str) -> int:
    print(f"prompter matrix: {message}", file=sys.stderr)
    return ExitCode.USAGE


async def _run(matrix: MatrixRun, running: Coroutine[Any, Any, MatrixResult]) -> MatrixResult:
    """Run with Ctrl-C wired to a clean stop (finished runs kept); a second one quits."""
    loop = asyncio.get_running_loop()

    def first_interrupt(*_: object) -> None:
        matrix.cancel("interrupted")
        print("\nstopping: finished runs are kept (Ctrl-C again to quit at once)", file=sys.stderr)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(signal.SIGINT)
        signal.signal(signal.SIGINT, signal.default_int_handler)

    previous = signal.getsignal(signal.SIGINT)
    try:
        loop.add_signal_handler(signal.SIGINT, first_interrupt)
    except (NotImplementedError, RuntimeError):
        signal.signal(signal.SIGINT, first_interrupt)
    try:
        return await running
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(signal.SIGINT)
        signal.signal(signal.SIGINT, previous)


def table_lines(summary: dict[str, Any]) -> list[str]:
    """The cells as a table, then the significant differences (Holm p < 0.05)."""
    lines = [
        f"{'#':>2}  {'cell':<44} {'pass':>11} {'95% interval':>15} {'pass^k':>6} "
        f"{'calls/msg':>9} {'cost':>10}"
    ]
    for cell in summary["cells"]:
        figures = cell["pass"]
        lo, hi = figures["wilson95"]
        k = figures["pass_all_k"]
        per_message = cell["calls_per_message"]
        cost = cell["cost_usd"]
        shown_k = "-" if k is None else f"{k:.2f}"
        shown_calls = "-" if per_message is None else f"{per_message:.2f}"
        shown_cost = (
            "no cost" if cell.get("no_cost") else "unknown" if cost is None else f"${cost:.4f}"
        )
        passes = f"{figures['passes']}/{figures['runs']}"
        lines.append(
            f"{cell['index']:>2}  {cell['label'][:44]:<44} {passes:>11} "
            f"{f'[{lo:.2f}, {hi:.2f}]':>15} {shown_k:>6} {shown_calls:>9} {shown_cost:>10}"
        )
    significant = [row for row in summary["comparisons"] if row["holm_p"] < 0.05]
    lines.append("")
    if not significant:
        lines.append("no significant difference between cells (Holm-corrected, p < 0.05)")
    for row in sorted(significant, key=lambda item: item["holm_p"]):
        better = row["a"] if row["a_better"] > row["b_better"] else row["b"]
        worse = row["b"] if better == row["a"] else row["a"]
        what = row["test"] or "all tests"
        lines.append(
            f"significant: cell {better} beats cell {worse} on {what} "
            f"({max(row['a_better'], row['b_better'])} to {min(row['a_better'], row['b_better'])} "
            f"pairs, McNemar p={row['mcnemar_p']:.2g}, Holm p={row['holm_p']:.2g})"
        )
    return lines


class _Bar:
    """The progress bar on stderr: redrawn in place on a terminal, a line now and then in a log."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.last = 0.0
        self.shown = False

    def __call__(self, progress: MatrixProgress) -> None:
        now = time.monotonic()
        final = progress.done == progress.total
        if not final and now - self.last < (0.1 if self.tty else 10.0):
            return
        self.last = now
        share = progress.done / progress.total if progress.total else 1.0
        filled = round(share * 20)
        line = (
            f"[{'#' * filled}{'-' * (20 - filled)}] {progress.done}/{progress.total} runs, "
            f"{progress.failed} failed | ETA {format_duration(progress.eta_s)}"
        )
        if self.tty:
            self.stream.write("\r" + line + "\x1b[K")
            self.shown = True
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.shown:
            self.stream.write("\n")
            self.stream.flush()
