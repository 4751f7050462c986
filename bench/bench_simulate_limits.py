"""Benchmark of pacing to the limits the service states (issue 26, item 4).

    .venv/bin/python bench/bench_simulate_limits.py [--rpm 600] [--conversations 40]
        [--latency 0.3]

The project's fake OpenAI server runs in its own process (``python -m engine.offline.sim_server``)
and allows ``--rpm`` requests a minute per model, enforced as OpenAI enforces them (429 with
``retry-after``, one-second periods too), and says so on every answer (``x-ratelimit-limit-
requests``, ``-remaining-``, ``-reset-``; it states no token limit, so it has none). Then
``prompter simulate`` runs on the analyst bot **with its default settings** — the shipped price
table's guess of the limits (500 requests and 200,000 tokens a minute for gpt-4.1-mini), 8
conversations at once — through the real command line, as a user would, for
``--conversations`` conversations. Printed, from the run's ``report.json``: the sustained request
rate as a share of the stated limit (target >= 80 %), and the share of requests answered 429
(target <= 5 %).

Before issue 26 the same run paced itself on the table's 200,000 tokens a minute and, with the
analyst bot's prompts of about 3,000 tokens, ran at about 90 requests a minute (15 % of the
limit); ``--table-only`` runs it with the headers ignored (the limiter never adopts them), as
the engine did then, side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "scenarios" / "analyst_bot"


def start_server(rpm: float, latency: float) -> tuple[subprocess.Popen[str], str]:
    command = [
        sys.executable,
        "-m",
        "engine.offline.sim_server",
        str(SCENARIO),
        "--rpm",
        f"{rpm:g}",
        "--latency",
        f"{latency:g}",
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


def simulate(url: str, conversations: int, *, table_only: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-limits-") as out:
        env = {**os.environ, "OPENAI_BASE_URL": url, "OPENAI_API_KEY": "sk-fake-bench"}
        if table_only:  # the engine before issue 26: headers not read
            env["PROMPTER_BENCH_IGNORE_STATED_LIMITS"] = "1"
        command = [
            sys.executable,
            "-c",
            _RUNNER,
            str(SCENARIO),
            "--conversations",
            str(conversations),
            "--out",
            out,
            "-q",
        ]
        started = time.perf_counter()
        done = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True)
        wall = time.perf_counter() - started
        if done.returncode not in (0, 1):
            raise SystemExit(f"simulate failed ({done.returncode}):\n{done.stderr[-2000:]}")
        report = json.loads((Path(out) / "report.json").read_text(encoding="utf-8"))
    report["wall_s"] = wall
    return report


#: ``prompter simulate``, maybe with the stated limits ignored (the limiter as it was before).
_RUNNER = """
import os, sys
if os.environ.get("PROMPTER_BENCH_IGNORE_STATED_LIMITS"):
    from engine.providers import rate_limiter
    rate_limiter.RateLimiter.adopt = lambda self, stated, ceiling=None: False
from engine.cli import main
sys.exit(main(["simulate", *sys.argv[1:]]))
"""


def figures(report: dict[str, Any], rpm: float) -> tuple[float, float, str]:
    traffic = [report["bot"]["traffic"], report["simulated_user"]["traffic"]]
    requests = sum(t["requests"] for t in traffic)
    limited = sum(t["rate_limited"] for t in traffic)
    rate = report["requests_per_minute"]
    share = limited / requests if requests else 0.0
    counts = report["conversations"]
    line = (
        f"{counts['reported']}/{counts['planned']} conversations "
        f"({counts.get('finished', 0)} finished) in {report['duration_s']:.0f} s; "
        f"{requests} requests, {limited} answered 429 ({share:.1%}); "
        f"sustained {rate:.0f} requests/min = {rate / rpm:.0%} of the stated {rpm:g}"
    )
    return rate / rpm, share, line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rpm", type=float, default=600)
    parser.add_argument("--conversations", type=int, default=40)
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per model answer")
    parser.add_argument(
        "--table-only",
        action="store_true",
        dest="table_only",
        help="also run with the headers ignored (the engine before), side by side",
    )
    args = parser.parse_args()
    print(
        f"fake server: {args.rpm:g} requests/min stated in its headers, no token limit, "
        f"{args.latency:g} s per answer; prompter simulate {SCENARIO.name} with default "
        f"settings, {args.conversations} conversations"
    )
    runs = [("limits read from the headers", False)]
    if args.table_only:
        runs.append(("headers ignored, the table's guess (before)", True))
    results = {}
    for label, table_only in runs:
        server, url = start_server(args.rpm, args.latency)
        try:
            results[label] = figures(
                simulate(url, args.conversations, table_only=table_only), args.rpm
            )
        finally:
            assert server.stdin is not None
            server.stdin.close()
            server.wait(timeout=60)
        print(f"{label}: {results[label][2]}", flush=True)
    share, limited, _ = results["limits read from the headers"]
    checks = [
        (f"sustained rate: {share:.0%} of the stated limit (target >= 80 %)", share >= 0.80),
        (f"requests answered 429: {limited:.1%} (target <= 5 %)", limited <= 0.05),
    ]
    for text, ok in checks:
        print(f"{'PASS' if ok else 'MISS'}  {text}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    raise SystemExit(main())
