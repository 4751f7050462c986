"""Benchmark of simulated users at scale: a run as fast as the rate limit allows, and no faster.

    .venv/bin/python bench/bench_simulate.py [--conversations 500] [--jobs 200] [--rpm 6000]
        [--latency 0.3] [--turns 6] [--repeat 3] [--profile-client FILE] [--storm]

Set-up: the project's fake OpenAI server runs in its own process
(``python -m engine.offline.sim_server``), answering the bot with the scenario bot and the
simulated user with the persona model, after ``--latency`` seconds per call, and enforcing
``--rpm`` requests per minute (per model, also over one-second periods) with 429 + retry-after,
as OpenAI does. This process runs ``--conversations`` simulated conversations of the analyst bot
(its three personas taking turns), ``--turns`` user messages each (the interview is longer, so
every conversation uses all its turns: bot and user make about 2 x turns calls each), ``--jobs``
at a time, through the real SDK, with the client-side limiter set to the same ``--rpm`` (or to
``--client-rpm``, to see it meet 429s and settle under the server's limit).

Printed, median over ``--repeat`` runs:

* the sustained request rate, whole run and steady state (from 5 % to 95 % of the calls done),
  as a share of the limit (target >= 90 %);
* conversations lost (failed or never ended; target 0), and 429s received;
* the peak RSS of this process (target <= 500 MB);
* CPU used by this process and by the server process (from ``/proc``: all their threads),
  and the load average, because the machine is shared: a saturated core would say the run is
  CPU-bound, not limit-bound.

``--profile-client FILE`` runs the simulation under cProfile and prints where the event loop's
time goes (the SDK's own thread is not in it; the CPU figure above is).

``--storm`` measures instead why the limiter owns the retries: against a fake server enforcing
300 requests a minute (refused requests counted, as OpenAI does), 60 calls, 40 at a time, from a
client told 1,200 a minute — once through the limiter (SDK retries off), once leaving the retries
to the SDK (``max_retries=8``, no limiter). It prints the calls that went through and the 429s.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.offline.fake_openai import FAKE_API_KEY  # noqa: E402
from engine.providers import make_provider  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402
from engine.simulate import (  # noqa: E402
    ProgressUpdate,
    RateLimitTable,
    Simulation,
    SimulationSettings,
    load_personas,
)

SCENARIO = REPO / "scenarios" / "analyst_bot"
CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds_of(pid: int) -> float:
    """User + system CPU seconds of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def start_server(args: argparse.Namespace) -> tuple[subprocess.Popen[str], str]:
    command = [
        sys.executable,
        "-m",
        "engine.offline.sim_server",
        str(SCENARIO),
        "--rpm",
        str(args.rpm),
        "--latency",
        str(args.latency),
        "--until-eof",
    ]
    server = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    assert server.stdout is not None
    url = server.stdout.readline().strip()
    if not url.startswith("http"):
        server.kill()
        raise SystemExit(f"the fake server did not start: {url!r}")
    return server, url


def one_run(args: argparse.Namespace, number: int) -> dict[str, Any]:
    server, url = start_server(args)
    scenario = load_scenario(SCENARIO)
    personas = load_personas(SCENARIO)
    provider = make_provider("responses", api_key=FAKE_API_KEY, base_url=url, max_retries=0)
    done_at: list[float] = []

    def progress(update: ProgressUpdate) -> None:
        done_at.append(update.counts.bot_calls + update.counts.user_calls)
        times.append(time.perf_counter())

    times: list[float] = []
    settings = SimulationSettings(
        conversations=args.conversations,
        max_turns=args.turns,
        jobs=args.jobs,
        rpm=args.client_rpm or args.rpm,
        tpm=0,
    )
    with tempfile.TemporaryDirectory(prefix="bench-simulate-") as out:
        simulation = Simulation(
            scenario,
            personas,
            settings,
            bot_provider=provider,
            out_dir=Path(out),
            limits=RateLimitTable({}),
            on_progress=progress,
        )
        load_before = os.getloadavg()
        cpu_before, server_before = own_cpu_seconds(), cpu_seconds_of(server.pid)
        profiler = cProfile.Profile() if args.profile_client else None
        started = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        report = asyncio.run(simulation.run())
        if profiler is not None:
            profiler.disable()
        wall = time.perf_counter() - started
        cpu = own_cpu_seconds() - cpu_before
        server_cpu = cpu_seconds_of(server.pid) - server_before
        load_after = os.getloadavg()
    asyncio.run(provider.aclose())
    assert server.stdin is not None
    server.stdin.close()
    server.wait(timeout=60)
    if profiler is not None:
        profiler.dump_stats(str(args.profile_client))
    calls = report.bot.calls + report.user.calls
    requests = report.bot.traffic.requests + report.user.traffic.requests
    steady = steady_rate(done_at, times, calls)
    lost = (
        report.counts["failed"]
        + report.counts["cancelled"]
        + (report.planned - len(report.conversations))
    )
    result = {
        "wall_s": wall,
        "calls": calls,
        "requests": requests,
        "rate": calls / wall * 60,
        "steady_rate": steady,
        "rate_limited": report.bot.traffic.rate_limited + report.user.traffic.rate_limited,
        "lost": lost,
        "cpu_s": cpu,
        "server_cpu_s": server_cpu,
        "load": (load_before[0], load_after[0]),
        "statuses": {k: v for k, v in report.counts.items() if v},
        "errors": dict(report.bot.traffic.errors + report.user.traffic.errors),
    }
    print(
        f"run {number}: {wall:.1f} s, {calls} calls ({requests} requests, "
        f"{result['rate_limited']} x 429), {result['rate']:.0f}/min whole run, "
        f"{steady:.0f}/min steady; lost {lost}; CPU here {cpu:.1f} s "
        f"({cpu / wall:.0%} of a core), server {server_cpu:.1f} s "
        f"({server_cpu / wall:.0%}); load {load_before[0]:.2f} -> {load_after[0]:.2f}; "
        f"{result['statuses']}; retried errors {result['errors']}",
        flush=True,
    )
    return result


def steady_rate(done: list[float], times: list[float], total: float) -> float:
    """Calls per minute between 5 % and 95 % of the calls done (ramp-up and tail left out)."""
    if not done or total <= 0:
        return 0.0
    low = next(i for i, value in enumerate(done) if value >= 0.05 * total)
    high = next(i for i, value in enumerate(done) if value >= 0.95 * total)
    seconds = times[high] - times[low]
    return (done[high] - done[low]) / seconds * 60 if seconds > 0 else 0.0


def storm() -> None:
    """The limiter against the SDK's own retries, in the same 429 storm."""
    import json

    from engine.offline.fake_openai import FakeOpenAIServer
    from engine.offline.quota import RateLimits
    from engine.providers.base import ModelRequest
    from engine.simulate import LimiterPool, PacedProvider

    schema = {
        "type": "object",
        "properties": {"message": {"type": "string"}},
        "required": ["message"],
        "additionalProperties": False,
    }
    print(
        "storm: server 300 requests/min (5 a second, refused requests counted); 60 calls, 40 "
        "at a time, from a client told 1,200/min"
    )
    for mode in ("limiter (SDK retries off)", "SDK retries only (max_retries=8)"):
        with FakeOpenAIServer() as server:
            server.rate_limits = RateLimits(rpm=300)
            server.responder = lambda _request: json.dumps({"message": "ok"})
            paced = mode.startswith("limiter")
            inner = make_provider(
                "responses",
                api_key=FAKE_API_KEY,
                base_url=server.base_url,
                max_retries=0 if paced else 8,
            )
            provider = (
                PacedProvider(inner, LimiterPool(RateLimitTable({}), rpm=1200)) if paced else inner
            )

            async def run(provider: Any = provider) -> int:
                gate = asyncio.Semaphore(40)

                async def one(number: int) -> int:
                    request = ModelRequest(
                        model="gpt-4.1-mini",
                        instructions="Answer.",
                        input=f"call {number}",
                        schema=schema,
                    )
                    async with gate:
                        try:
                            await provider.complete(request)
                        except Exception:  # a call lost for good
                            return 0
                        return 1

                try:
                    return sum(await asyncio.gather(*(one(n) for n in range(60))))
                finally:
                    await provider.aclose()

            started = time.perf_counter()
            through = asyncio.run(run())
            seconds = time.perf_counter() - started
            refused = sum(1 for r in server.model_requests() if r.status == 429)
            print(
                f"  {mode:<34} {through:>2} of 60 calls went through, {refused:>3} x 429, "
                f"{seconds:.1f} s"
            )


def print_profile(path: Path, title: str) -> None:
    print(f"\n{title} (cumulative time, top 25):")
    stats = pstats.Stats(str(path))
    stats.sort_stats("cumulative").print_stats(25)
    print(f"{title} (own time, top 20):")
    stats.sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--rpm", type=float, default=6000)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument(
        "--client-rpm",
        type=float,
        dest="client_rpm",
        help="the limit the client is told (default: --rpm); higher than the "
        "server's shows the limiter settling under the real limit",
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile-client", type=Path, dest="profile_client")
    parser.add_argument(
        "--storm",
        action="store_true",
        help="compare the limiter with the SDK's own retries in a 429 storm",
    )
    args = parser.parse_args()
    if args.storm:
        storm()
        return
    print(
        f"{args.conversations} conversations x {args.turns} turns of {SCENARIO.name}, "
        f"--jobs {args.jobs}; fake server: {args.latency * 1000:.0f} ms a call, "
        f"{args.rpm:g} requests/min enforced with 429 + retry-after; client told "
        f"{args.client_rpm or args.rpm:g}/min; {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    results = [one_run(args, number) for number in range(1, args.repeat + 1)]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    def median(key: str) -> float:
        return statistics.median(float(result[key]) for result in results)

    print()
    print(f"median of {len(results)} runs:")
    print(
        f"  sustained rate: {median('rate'):.0f} requests/min over the whole run "
        f"({median('rate') / args.rpm:.1%} of the limit), {median('steady_rate'):.0f}/min "
        f"steady ({median('steady_rate') / args.rpm:.1%}); target >= 90 %"
    )
    print(
        f"  wall time {median('wall_s'):.1f} s for {median('calls'):.0f} calls; "
        f"{median('rate_limited'):.0f} x 429 received"
    )
    print(f"  conversations lost: {median('lost'):.0f} (target 0)")
    print(f"  peak RSS of this process: {peak_mb:.0f} MB (target <= 500 MB)")
    print(
        f"  CPU: this process {median('cpu_s'):.1f} s, fake server {median('server_cpu_s'):.1f}"
        f" s per run; load average now {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    if args.profile_client:
        print_profile(args.profile_client, "simulating process")


if __name__ == "__main__":
    main()
