"""Real conversation logs in bulk, for ``bench_stats.py`` and the analytics screenshots.

Every log is written by the engine itself: a
:class:`~engine.conversation.conversation_core.Conversation` on the analyst bot, its events appended
by the real :class:`~engine.log.writer.LogWriter`, the "model" being the
:class:`~engine.offline.autopilot.Autopilot` following the bench's plan
(``bench/conversations/analyst_bot.yaml``). Nothing is hand-written. To make the figures worth
looking at, each conversation varies, seeded:

* the model breaks the contract at a different rate in each step (some steps are harder —
  :data:`HARD_STEPS`), on top of a per-conversation base rate;
* some users leave early (the plan is cut), and some of those close the chat (``session_end``
  ``closed``) while the others just vanish (no ``session_end``, as a killed process leaves it).

``--http`` runs every call through the project's fake OpenAI server and the real ``openai`` SDK
(realistic token counts, cached input and latency; about 1 s per conversation); the default
runs the same autopilot in process (no HTTP; about 20 conversations a second), which is what the
stats bench needs: many real logs, quickly.

    .venv/bin/python bench/conversation_logs.py OUT_DIR --count 300 [--http] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from bench_engine import InProcessAutopilot  # noqa: E402

from engine.conversation.conversation_core import Conversation  # noqa: E402
from engine.io.resources import default_scenario  # noqa: E402
from engine.log.writer import LogWriter  # noqa: E402
from engine.offline.autopilot import Autopilot, Plan, PlannedReply  # noqa: E402
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer  # noqa: E402
from engine.providers import make_provider  # noqa: E402
from engine.scenario.definition import Scenario, Step  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402

PLAN = REPO / "bench" / "conversations" / "analyst_bot.yaml"
#: Extra violation rate by step: where the fake model struggles more (as real ones do with
#: enums, numbers and long lists).
HARD_STEPS = {"constraints": 0.30, "features": 0.18, "review": 0.12}
#: Share of users who leave before the end.
DROP_RATE = 0.22


class SteppedAutopilot(Autopilot):
    """The autopilot with a violation rate per step (base rate + the step's extra)."""

    def __init__(
        self, scenario: Scenario, plan: Plan, *, base: float, extra: dict[str, float], seed: int
    ) -> None:
        super().__init__(scenario, plan, violation_rate=max(base, 1e-9), seed=seed)
        self.base, self.extra = base, extra

    def _violation_due(
        self, step: Step, planned: PlannedReply, results: dict[str, Any], offered: list[str]
    ) -> str | None:
        self.violation_rate = min(0.45, self.base + self.extra.get(step.id, 0.0))
        return super()._violation_due(step, planned, results, offered)


def conversation_plan(plan: Plan, rng: random.Random) -> tuple[Plan, str | None]:
    """The plan, maybe cut short; and how the conversation ends when cut (None: it finishes)."""
    if rng.random() >= DROP_RATE:
        return plan, None
    cut = rng.randint(1, len(plan.turns) - 2)
    return replace(plan, turns=plan.turns[:cut]), rng.choice(["closed", "vanished"])


async def _play(conversation: Conversation, plan: Plan, ending: str | None) -> None:
    await conversation.start()
    for turn in plan.turns:
        await conversation.send(turn.user)
    if ending == "closed":
        conversation.close("closed")


def generate(
    folder: Path, count: int, *, seed: int = 1, http: bool = False, progress: bool = False
) -> list[Path]:
    """Write ``count`` logs into ``folder`` (``conv-0001.jsonl`` …); returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    scenario = load_scenario(default_scenario())
    full = Plan.load(PLAN)
    paths: list[Path] = []
    server = FakeOpenAIServer().start() if http else None
    try:
        for index in range(count):
            rng = random.Random(seed * 100_003 + index)
            plan, ending = conversation_plan(full, rng)
            extra = {step: rate * rng.uniform(0.5, 1.5) for step, rate in HARD_STEPS.items()}
            pilot = SteppedAutopilot(
                scenario,
                plan,
                base=rng.uniform(0.0, 0.08),
                extra=extra,
                seed=rng.randrange(1 << 30),
            )
            if server is not None:
                server.responder = pilot
                provider: Any = make_provider(
                    "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
                )
            else:
                provider = InProcessAutopilot(pilot)
            conversation = Conversation(scenario, provider)
            path = folder / f"conv-{index + 1:04d}.jsonl"
            path.unlink(missing_ok=True)
            with LogWriter(path, secrets=[]) as writer:
                writer.attach(conversation.events)

                async def run(
                    conv: Conversation = conversation,
                    p: Plan = plan,
                    end: str | None = ending,
                    prov: Any = provider,
                ) -> None:
                    try:
                        await _play(conv, p, end)
                    finally:
                        await prov.aclose()

                asyncio.run(run())
            paths.append(path)
            if progress and (index + 1) % 25 == 0:
                print(f"  {index + 1}/{count} conversations", file=sys.stderr)
    finally:
        if server is not None:
            server.stop()
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write the logs into")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--http", action="store_true", help="through the fake OpenAI server and the real openai SDK"
    )
    args = parser.parse_args()
    paths = generate(args.out, args.count, seed=args.seed, http=args.http, progress=True)
    print(f"{len(paths)} logs in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
