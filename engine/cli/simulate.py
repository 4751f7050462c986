"""``python -m engine simulate SCENARIO_DIR``: simulated users talk to the bot, many times over.

Each persona of the scenario (``tests/personas/*.md``, or the ``--persona`` files) plays
``--runs`` conversations with the bot, ``--jobs`` at a time, within the model's rate limits
(``resources/prices.yaml``, or ``--rpm``/``--tpm``). A progress bar shows the counts and the
time left; Ctrl-C stops cleanly (finished conversations keep their logs and the report covers
them; a second Ctrl-C quits at once). The report is written to ``--out`` (``report.json``,
``summary.txt``, one log per conversation) and its summary printed.

Action steps are stubbed from the scenario's tests and ``tests/stubs.yaml`` (or ``--stubs
FILE``); ``--live-actions`` runs them for real.

``--save-test LOG`` instead saves one simulated conversation (its log) as a scenario test with
its cassette.

Exit status: 0 when every conversation ran to an end (finished, stuck or abandoned: those are
findings); 1 when one failed, the run was stopped, or a persona file has errors (then nothing
runs); 2 when no API key is set; 130 after Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
import time
from pathlib import Path

from engine.actions.runners import ActionRunner, LiveActions, StubbedActions
from engine.cli.chat import NO_KEY_HELP
from engine.cli.exit_codes import ExitCode
from engine.cli.provider_options import (
    add_provider_arguments,
    key_missing,
    provider_from_args,
    say_provider,
)
from engine.errors import PrompterError, ProviderAuthError, ScenarioErrors
from engine.offline.fake_model import FAKE_MODEL
from engine.offline.fake_openai import FAKE_API_KEY
from engine.offline.sim_server import build_server
from engine.providers import Provider
from engine.providers.synthetic import SyntheticReplies
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.scenario_tests.loader import scenario_folder
from engine.scenario_tests.suite_stubs import scenario_stubs
from engine.simulate.persona import PERSONAS_DIR, Persona, load_personas
from engine.simulate.report import SimulationReport
from engine.simulate.runner import (
    DEFAULT_JOBS,
    DEFAULT_MAX_TURNS,
    DEFAULT_RUNS,
    Simulation,
    SimulationSettings,
)
from engine.simulate.save import save_as_test, test_stem
from engine.simulate.terminal import TerminalProgress


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="let simulated users (personas) talk to the bot many times, and report",
        description="Simulated users play the scenario's personas (tests/personas/*.md) against "
        "the bot, many conversations at once within the model's rate limits; writes a report "
        "(paths, stuck steps, contract violations, facts recorded wrong, calls and cost).",
    )
    _add_what_to_run(parser)
    parser.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="where the report and the logs go (default: "
        "simulations/SCENARIO-DATE-TIME in the current folder)",
    )
    _add_models(parser)
    _add_limits(parser)
    _add_actions(parser)
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress bar; print the summary only"
    )
    _add_saving(parser)
    parser.set_defaults(handler=run)


def _add_what_to_run(parser: argparse.ArgumentParser) -> None:
    """The scenario, its personas, and how many conversations of them, how many at once."""
    parser.add_argument(
        "scenario",
        type=Path,
        metavar="SCENARIO_DIR",
        help="the scenario folder (or its scenario.yaml)",
    )
    parser.add_argument(
        "--persona",
        dest="personas",
        nargs="+",
        action="extend",
        type=Path,
        metavar="FILE",
        default=[],
        help=f"personas to play (a path, or a name in {PERSONAS_DIR}); default: all",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=DEFAULT_RUNS,
        metavar="N",
        help=f"conversations per persona (default {DEFAULT_RUNS})",
    )
    parser.add_argument(
        "--conversations",
        type=int,
        metavar="N",
        help="conversations in all, the personas taking turns (instead of --runs)",
    )
    parser.add_argument(
        "--max-turns",
        type=int,
        default=DEFAULT_MAX_TURNS,
        metavar="T",
        dest="max_turns",
        help=f"user messages before a conversation counts as stuck (default {DEFAULT_MAX_TURNS})",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=DEFAULT_JOBS,
        metavar="K",
        help=f"conversations at once (default {DEFAULT_JOBS})",
    )


def _add_models(parser: argparse.ArgumentParser) -> None:
    """The bot's model (the shared provider options) and the simulated users' one."""
    add_provider_arguments(
        parser,
        names=("responses", "chat", "anthropic", "gemini"),
        fake_model="no key, no cost: the key-free model (engine.offline) plays the bot from the "
        "scenario's own steps and the users from their personas, on 127.0.0.1",
    )
    parser.add_argument(
        "--user-model",
        dest="user_model",
        help="the simulated user's model instead of the personas' (default: "
        "a persona's own, else the bot's)",
    )


def _add_limits(parser: argparse.ArgumentParser) -> None:
    """The rate limits each model's calls stay under."""
    parser.add_argument(
        "--rpm",
        type=float,
        metavar="N",
        help="requests per minute allowed per model; 0: no limit (default: resources/prices.yaml)",
    )
    parser.add_argument(
        "--tpm",
        type=float,
        metavar="N",
        help="tokens per minute allowed per model; 0: no limit (default: resources/prices.yaml)",
    )


def _add_actions(parser: argparse.ArgumentParser) -> None:
    """Whether the scenario's action steps run for real or from stubs, and which stubs."""
    parser.add_argument(
        "--live-actions",
        dest="live_actions",
        action="store_true",
        help="run the scenario's action steps (Python functions, HTTP calls) for real; by "
        "default they are stubbed from its tests and tests/stubs.yaml",
    )
    parser.add_argument(
        "--stubs",
        type=Path,
        metavar="FILE",
        help="a stubs file ('stubs: {STEP: {outcome: ..., results: ...}}') over the tests' "
        "stubs (default: tests/stubs.yaml when there is one)",
    )


def _add_saving(parser: argparse.ArgumentParser) -> None:
    """The options of --save-test, which saves one simulated conversation instead of simulating."""
    saving = parser.add_argument_group("saving a simulated conversation as a test")
    saving.add_argument(
        "--save-test",
        dest="save_test",
        type=Path,
        metavar="LOG",
        help="save this conversation log (OUT/conversations/…jsonl) as a test "
        "of the scenario, with its cassette, instead of simulating",
    )
    saving.add_argument(
        "--test-name",
        dest="test_name",
        metavar="NAME",
        help="the saved test's name (default: from the log's file name)",
    )
    saving.add_argument(
        "--as",
        dest="stem",
        metavar="STEM",
        help="the saved test's file name, tests/STEM.test.yaml (default: sim_ and the log's name)",
    )
    saving.add_argument("--overwrite", action="store_true", help="replace a test of that name")


def run(args: argparse.Namespace) -> int:
    folder = scenario_folder(args.scenario)
    if args.save_test is not None:
        return _save_test(args, folder)
    for name in ("runs", "max_turns", "jobs"):
        if getattr(args, name) < 1:
            flag = "--" + name.replace("_", "-")
            print(f"prompter simulate: {flag} must be at least 1", file=sys.stderr)
            return ExitCode.FAILED
    for name in ("rpm", "tpm"):
        value = getattr(args, name)
        if value is not None and not value >= 0:
            print(f"prompter simulate: --{name} must be >= 0 (0: no limit)", file=sys.stderr)
            return ExitCode.FAILED
    if args.conversations is not None and args.conversations < 1:
        print("prompter simulate: --conversations must be at least 1", file=sys.stderr)
        return ExitCode.FAILED
    scenario = load_scenario(folder)
    try:
        personas = load_personas(folder, args.personas or None)
    except ScenarioErrors as errors:
        print(errors.render(), file=sys.stderr)
        print(f"{folder}: persona files with errors; nothing was run", file=sys.stderr)
        return ExitCode.FAILED
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(build_server(scenario)) if args.fake_model else None
        if server is None and key_missing(args):
            print(NO_KEY_HELP.replace("prompter chat", "prompter simulate"), file=sys.stderr)
            return ExitCode.USAGE
        try:  # the limiter owns retries: see engine/providers/paced.py
            fake = {"api_key": FAKE_API_KEY, "base_url": server.base_url} if server else {}
            provider = provider_from_args(
                args,
                scenario,
                model=None,  # --model is the bot's (the settings'), not the simulated user's
                max_retries=0,
                stream=False,  # nobody watches a simulated conversation being written
                **fake,
            )
            if server is not None:  # its replies cost nothing, in the report and the logs
                provider = SyntheticReplies(provider, FAKE_MODEL)
            else:
                say_provider(provider, "simulate")
        except ProviderAuthError as error:
            if args.provider in ("anthropic", "gemini"):
                print(f"prompter simulate: {error}", file=sys.stderr)
            else:
                print(NO_KEY_HELP.replace("prompter chat", "prompter simulate"), file=sys.stderr)
            return ExitCode.USAGE
        return _simulate(args, folder, scenario, personas, provider)


def _simulate(
    args: argparse.Namespace,
    folder: Path,
    scenario: Scenario,
    personas: list[Persona],
    provider: Provider,
) -> int:
    out = args.out or Path("simulations") / f"{scenario.name}-{time.strftime('%Y%m%d-%H%M%S')}"
    settings = SimulationSettings(
        runs=args.runs,
        conversations=args.conversations,
        max_turns=args.max_turns,
        jobs=args.jobs,
        model=args.model,
        user_model=args.user_model,
        # the key-free model has no rate limits to stay under, unless some are asked for
        rpm=args.rpm if args.rpm is not None or not args.fake_model else 0,
        tpm=args.tpm if args.tpm is not None or not args.fake_model else 0,
    )
    try:
        actions = _actions(args, folder)
    except ScenarioErrors as errors:
        print(errors.render(), file=sys.stderr)
        print(f"{args.stubs}: the stubs file has errors; nothing was run", file=sys.stderr)
        return ExitCode.FAILED
    progress = None if args.quiet else TerminalProgress(sys.stderr)
    simulation = Simulation(
        scenario,
        personas,
        settings,
        bot_provider=provider,
        out_dir=out,
        on_progress=progress,
        actions=actions,
    )
    if not args.quiet:
        limits = "; ".join(
            f"{model}: {simulation.pool.limit(model)}"
            for model in sorted({simulation.bot_model, *map(simulation.user_model, personas)})
        )
        print(
            f"simulating {len(simulation.plan)} conversations of {scenario.name} with "
            f"{len(personas)} personas, {args.jobs} at a time; {limits}",
            file=sys.stderr,
        )
    try:
        report = asyncio.run(_run(simulation))
    finally:
        if progress is not None:
            progress.close()
        asyncio.run(provider.aclose())
    _print_report(report, out)
    if report.stopped == "interrupted":
        return ExitCode.INTERRUPTED
    return ExitCode.FAILED if report.stopped or report.counts.get("failed") else ExitCode.OK


def _actions(args: argparse.Namespace, folder: Path) -> ActionRunner:
    """Live actions with ``--live-actions``; else the stubs of the scenario's files."""
    if args.live_actions:
        return LiveActions()
    return StubbedActions(scenario_stubs(folder, args.stubs))


async def _run(simulation: Simulation) -> SimulationReport:
    """Run with Ctrl-C wired to a clean stop; a second Ctrl-C interrupts at once."""
    loop = asyncio.get_running_loop()
    previous = signal.getsignal(signal.SIGINT)

    def first_interrupt(*_: object) -> None:
        simulation.cancel("interrupted")  # thread-safe: fine from a signal handler
        print(
            "\nstopping: finished conversations are kept (Ctrl-C again to quit at once)",
            file=sys.stderr,
        )
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(signal.SIGINT)
        signal.signal(signal.SIGINT, signal.default_int_handler)

    try:
        loop.add_signal_handler(signal.SIGINT, first_interrupt)
    except (NotImplementedError, RuntimeError):  # Windows: a plain handler does the same
        signal.signal(signal.SIGINT, first_interrupt)
    try:
        return await simulation.run()
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(signal.SIGINT)
        signal.signal(signal.SIGINT, previous)


def _print_report(report: SimulationReport, out: Path) -> None:
    for line in report.summary_lines():
        print(line)
    print()
    print(f"report: {out / 'report.json'} (and summary.txt)")
    print(f"logs:   {out / 'conversations'}/")
    print("save one as a test: prompter simulate SCENARIO_DIR --save-test LOG")


def _save_test(args: argparse.Namespace, folder: Path) -> int:
    scenario = load_scenario(folder)
    log: Path = args.save_test
    stem = args.stem or test_stem(log)
    name = args.test_name or f"Simulated conversation {log.stem}"
    try:
        path = save_as_test(scenario, log, name=name, stem=stem, overwrite=args.overwrite)
    except PrompterError as error:
        print(f"prompter simulate: cannot save {log} as a test: {error}", file=sys.stderr)
        return ExitCode.FAILED
    print(f"saved {path} and its cassette; run it with: prompter test {folder} {path.name}")
    return ExitCode.OK
