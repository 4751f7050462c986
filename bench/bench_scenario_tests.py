"""Benchmark of scenario tests: 100 replayed tests of 10 turns each on the analyst bot.

    .venv/bin/python bench/bench_scenario_tests.py [--tests 100] [--runs 5]

Set-up (not timed): a copy of the analyst bot gets ``--tests`` test files, each a 10-message
interview (consent to risks, with a different project in each), recorded once against the
project's fake OpenAI server through the real SDK with the autopilot playing the model — the
way the shipped cassettes are recorded.

Timed, median of ``--runs``:

1. in process: load the suite (scenario, 100 test files, their checks) and replay every test
   with the default ``--jobs``, each writing its JSON Lines log — what the studio's "Run all"
   does on its worker thread;
2. the command a developer or CI types, ``python -m engine test DIR -q``, wall time of the
   whole process (interpreter start and imports included).

Target (issue 11): wall time <= 5 s on a 2-core machine. The machine is shared: the load
average is printed with the figures, and ratios within one run are more telling than absolutes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.io.resources import default_scenario  # noqa: E402
from engine.offline.autopilot import Autopilot  # noqa: E402
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer  # noqa: E402
from engine.providers import make_provider  # noqa: E402
from engine.scenario_tests import (  # noqa: E402
    ScenarioTest,
    load_suite,
    run_test,
    run_tests_sync,
)
from engine.scenario_tests.record_shipped import first_step, plan_for  # noqa: E402

TURNS = 10


def interview(number: int) -> str:
    """A 10-message test: consent, idea (two messages), users (two), features (three),
    quality and constraints — each project different, so no two tests send the same text."""
    name = f"Project{number}"
    return f"""\
name: Interview {number}
turns:
  - user: Yes, let's start with {name}.
    expect: {{step: idea, transition: agreed, variables: {{consent: true}}}}
  - user: {name} is a tool number {number} for small teams.
    expect:
      step: idea
      variables: {{project_name: {name}, idea: Tool number {number} for small teams.}}
  - user: Teams lose track of work. Success is {number} teams a week.
    expect:
      step: users
      transition: idea_clear
      variables: {{problem: Teams lose track of work., goal: {number} weekly teams.}}
  - user: Team leads at companies of {number} people.
    expect: {{step: users, variables: {{target_users: [Team leads]}}}}
  - user: Mostly on Monday mornings.
    expect:
      step: features
      transition: users_clear
      variables: {{main_scenario: Planning on Monday mornings.}}
  - user: A board with {number} columns.
    expect: {{step: features, variables: {{features: [Board]}}}}
  - user: And reminders.
    expect: {{step: features, variables: {{features: [Board, Reminders]}}}}
  - user: That is all; the board is a must-have.
    expect:
      step: quality
      transition: features_done
      variables: {{features: [Board, Reminders], must_haves: [Board]}}
  - user: It must be fast.
    expect:
      step: constraints
      transition: quality_clear
      variables: {{quality_needs: [Fast]}}
  - user: Web, by June, {number} dollars a month, 5 hours a week.
    expect:
      step: risks
      transition: constraints_clear
      variables: {{platform: web, deadline: June, budget_usd: {number}, hours_per_week: 5}}
end: {{finished: false, max_calls_per_message: 1}}
"""


def build(folder: Path, count: int) -> None:
    """Copy the analyst bot (without its own tests), write ``count`` tests and record them."""
    shutil.copytree(default_scenario(), folder, ignore=shutil.ignore_patterns("tests"))
    (folder / "tests").mkdir()
    for number in range(1, count + 1):
        (folder / "tests" / f"interview_{number:03d}.test.yaml").write_text(
            interview(number), encoding="utf-8"
        )
    suite = load_suite(folder)
    assert not suite.has_errors, [finding.render() for finding in suite.findings]
    start = first_step(suite.scenario)

    async def record(tests: list[ScenarioTest]) -> None:
        """One server (and autopilot) per lane; the fake's answers are latency-bound."""
        with FakeOpenAIServer() as server:
            provider = make_provider(
                "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
            )
            try:
                for test in tests:
                    server.responder = Autopilot(
                        suite.scenario, plan_for(suite.scenario, test, start)
                    )
                    result = await run_test(suite.scenario, test, mode="record", provider=provider)
                    assert result.passed and result.cassette_written, result
            finally:
                await provider.aclose()

    async def record_all(lanes: int = 4) -> None:
        await asyncio.gather(*(record(suite.tests[lane::lanes]) for lane in range(lanes)))

    asyncio.run(record_all())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tests", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "analyst_bot"
        began = time.perf_counter()
        build(folder, args.tests)
        print(
            f"set-up: {args.tests} tests of {TURNS} turns recorded in "
            f"{time.perf_counter() - began:.1f} s (not timed below)"
        )
        logs = Path(temp) / "logs"

        in_process: list[float] = []
        for _ in range(args.runs):
            shutil.rmtree(logs, ignore_errors=True)
            started = time.perf_counter()
            suite = load_suite(folder)
            result = run_tests_sync(suite.scenario, suite.tests, log_dir=logs)
            in_process.append(time.perf_counter() - started)
            assert result.passed and len(result.results) == args.tests
            assert sum(len(r.turns) for r in result.results) == args.tests * TURNS

        command: list[float] = []
        for _ in range(args.runs):
            shutil.rmtree(logs, ignore_errors=True)
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "engine", "test", str(folder), "-q", "--logs", str(logs)],
                cwd=REPO,
                capture_output=True,
                text=True,
                check=False,
            )
            command.append(time.perf_counter() - started)
            assert done.returncode == 0, done.stdout + done.stderr

        load = os.getloadavg()
        print(
            f"load average (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
            f"on {os.cpu_count()} cores"
        )
        print(
            f"in process (load suite + replay {args.tests} tests, logs written): "
            f"median {statistics.median(in_process):.2f} s "
            f"(min {min(in_process):.2f}, max {max(in_process):.2f})"
        )
        print(
            f"python -m engine test DIR -q (whole process): "
            f"median {statistics.median(command):.2f} s "
            f"(min {min(command):.2f}, max {max(command):.2f})   target <= 5 s"
        )
        per_turn = statistics.median(in_process) / (args.tests * TURNS) * 1000
        print(f"per replayed turn (in process): {per_turn:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
