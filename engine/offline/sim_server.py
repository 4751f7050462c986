"""A fake OpenAI server set up for simulations: a bot, a persona player, limits and latency.

``python -m engine.offline.sim_server SCENARIO_DIR [--latency 0.3] [--rpm 6000] [--tpm N]``
serves until Ctrl-C (or until its standard input closes, with ``--until-eof``) and prints its
address on the first line, so that ``python -m engine simulate`` — or a benchmark — can run
against it with no key and no cost::

    python -m engine.offline.sim_server scenarios/support_desk --rpm 600 --latency 0.3 &
    OPENAI_BASE_URL=http://127.0.0.1:PORT/v1 OPENAI_API_KEY=sk-fake \\
        python -m engine simulate scenarios/support_desk --runs 10

The bot's requests are answered by :class:`~engine.offline.scenario_bot.ScenarioBot`, the
simulated user's by :class:`~engine.offline.persona_model.PersonaModel`
(:class:`~engine.offline.persona_model.RoleRouter` tells them apart). The limits are enforced
as the real service enforces them (:mod:`engine.offline.quota`).
"""

from __future__ import annotations

import argparse
import sys
import threading

from engine.offline.fake_openai import FakeOpenAIServer
from engine.offline.persona_model import PersonaModel, RoleRouter
from engine.offline.quota import RateLimits
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario

__all__ = ["build_server", "main"]


def build_server(
    scenario_dir: str | Scenario,
    *,
    latency: float = 0.0,
    rpm: float | None = None,
    tpm: float | None = None,
    quantum_s: float = 1.0,
    violation_rate: float = 0.0,
    stubborn_rate: float = 0.0,
    seed: int = 0,
    port: int = 0,
    cache_hit_rate: float = 1.0,
) -> FakeOpenAIServer:
    """A (not yet started) fake server answering both roles of a simulation of the scenario:
    the bot with the scenario bot, the simulated user with the persona player. ``scenario_dir``
    is the folder, or the scenario in memory (the studio's, unsaved edits included)."""
    scenario = scenario_dir if isinstance(scenario_dir, Scenario) else load_scenario(scenario_dir)
    bot = ScenarioBot(
        scenario, violation_rate=violation_rate, stubborn_rate=stubborn_rate, seed=seed
    )
    server = FakeOpenAIServer(
        responder=RoleRouter(bot, PersonaModel(seed)),
        latency=latency,
        port=port,
        cache_hit_rate=cache_hit_rate,
    )
    if rpm is not None or tpm is not None:
        server.rate_limits = RateLimits(rpm=rpm, tpm=tpm, quantum_s=quantum_s)
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("scenario", metavar="SCENARIO_DIR")
    parser.add_argument("--port", type=int, default=0, help="0 (default) picks a free one")
    parser.add_argument(
        "--latency", type=float, default=0.0, help="seconds before each answer (default 0)"
    )
    parser.add_argument("--rpm", type=float, help="requests per minute, per model")
    parser.add_argument("--tpm", type=float, help="tokens per minute, per model")
    parser.add_argument(
        "--quantum",
        type=float,
        default=1.0,
        help="requests are also limited over this many seconds (default 1)",
    )
    parser.add_argument(
        "--violation-rate",
        type=float,
        default=0.0,
        dest="violation_rate",
        help="share of the bot's replies that break the contract",
    )
    parser.add_argument(
        "--stubborn-rate",
        type=float,
        default=0.0,
        dest="stubborn_rate",
        help="share of corrected replies that break it again",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cache-hit-rate",
        type=float,
        default=1.0,
        dest="cache_hit_rate",
        help="share of would-be prompt-cache hits served from the cache (default 1: all)",
    )
    parser.add_argument(
        "--until-eof",
        action="store_true",
        dest="until_eof",
        help="stop when standard input closes (for a parent process)",
    )
    args = parser.parse_args(argv)
    server = build_server(
        args.scenario,
        latency=args.latency,
        rpm=args.rpm,
        tpm=args.tpm,
        quantum_s=args.quantum,
        violation_rate=args.violation_rate,
        stubborn_rate=args.stubborn_rate,
        seed=args.seed,
        port=args.port,
        cache_hit_rate=args.cache_hit_rate,
    )
    with server:
        print(server.base_url, flush=True)
        try:
            if args.until_eof:
                sys.stdin.read()
            else:
                threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
