"""Benchmark of the conversation core: what each prompt layout bills, calls per message, time.

    .venv/bin/python bench/bench_engine.py [--seeds 20] [--runs 20] [--rate 0.10]

Two fixed conversations with the analyst bot (``bench/conversations/``): ``analyst_bot.yaml``
(14 user messages, mostly one per step, a loop and a back-edge) and ``analyst_bot_thorough.yaml``
(26 user messages, several in every step). Every prompt layout (``model.layout``) is played in
this one run, side by side, through the real ``openai`` SDK against the project's fake OpenAI
server, which bills like OpenAI: the schema, then the instructions, then the conversation are the
prompt; a prefix already seen (same model, same ``prompt_cache_key``) is cached from 1,024 tokens
in 128-token blocks; cached tokens are part of the input tokens.

1. A model that always keeps the contract, Responses API then Chat Completions: calls per user
   message, input and cached tokens, the cached share, **billed input per user message** (uncached
   input + cached input × 0.25, the schema counted: the price ratio of gpt-4.1-mini), output
   tokens and dollars.
2. A model that breaks the contract on ``--rate`` of its replies (``Autopilot``, seeded), over
   ``--seeds`` conversations per layout and conversation: calls per user message pooled over the
   seeds, fallbacks, conversations finished, what needed a correction call and what was repaired
   without one. Twenty conversations draw only a few dozen slips, so the same figure is also
   computed in process over ``--expect-seeds`` seeds for the default layout: its expectation.
3. The engine's own time per turn (model and HTTP excluded): in process, the same autopilot behind
   a tiny provider that chains like the Responses API; each turn's wall time minus the time
   inside the provider, with the JSON Lines log written as in real use. Medians over every turn
   of ``--runs`` conversations. The machine is shared: times are noisy, token and call counts are
   exact.

Targets (issue 10), for the default layout: billed input per message on the thorough conversation
at least 35 % below ``per_step`` (the layout before) and no worse on the analyst bot's; cached
share on the thorough one at least 60 %; calls per message clean <= 1.02, with 10 % broken
replies <= 1.06 pooled over 20 seeds with at most one fallback and every conversation finished;
engine time per turn <= 2 ms.

Run in an older checkout (no ``model.layout``), it measures that checkout's only layout, "today".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.conversation.conversation_core import Conversation  # noqa: E402
from engine.io.resources import default_scenario  # noqa: E402
from engine.log.writer import LogWriter  # noqa: E402
from engine.offline.autopilot import Autopilot, Plan  # noqa: E402
from engine.offline.fake_openai import (  # noqa: E402
    FAKE_API_KEY,
    FakeMessage,
    FakeOpenAIServer,
    FakeRequest,
    Reply,
)
from engine.providers import make_provider  # noqa: E402
from engine.providers.base import ClosingProvider, ModelReply, ModelRequest, Usage  # noqa: E402
from engine.scenario.definition import Scenario  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402

try:
    from engine.scenario.definition import PromptLayout
except ImportError:  # a checkout from before the layouts: its one layout is "today"
    PromptLayout = None  # type: ignore[assignment,misc]

CONVERSATIONS = REPO / "bench" / "conversations"
PLANS = ("analyst_bot", "analyst_bot_thorough")
LAYOUTS = [layout.value for layout in PromptLayout] if PromptLayout is not None else ["today"]
DEFAULT = LAYOUTS[0]
BASELINE = "per_step" if "per_step" in LAYOUTS else DEFAULT
CACHED_PRICE = 0.25  # cached input costs a quarter of fresh input (gpt-4.1-mini: 0.10 / 0.40)


def with_layout(scenario: Scenario, layout: str) -> Scenario:
    copy = scenario.model_copy(deep=True)
    copy.persona_text = scenario.persona_text
    for step_id, step in scenario.steps.items():
        copy.steps[step_id].instructions_text = step.instructions_text
    if PromptLayout is not None:
        copy.model.layout = PromptLayout(layout)
    return copy


# --- one conversation over HTTP -------------------------------------------------------------


@dataclass
class Run:
    """The figures of one conversation."""

    messages: int = 0
    calls: int = 0
    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    finished: bool = False
    fallbacks: int = 0
    corrected: Counter[str] = field(default_factory=Counter)
    salvaged: Counter[str] = field(default_factory=Counter)
    engine_ms: list[float] = field(default_factory=list)

    def add(self, other: Run) -> None:
        for name in (
            "messages",
            "calls",
            "input_tokens",
            "cached_tokens",
            "output_tokens",
            "cost_usd",
            "fallbacks",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.corrected.update(other.corrected)
        self.salvaged.update(other.salvaged)
        self.engine_ms += other.engine_ms

    @property
    def billed_per_message(self) -> float:
        billed = self.input_tokens - self.cached_tokens + CACHED_PRICE * self.cached_tokens
        return billed / self.messages

    @property
    def cached_share(self) -> float:
        return self.cached_tokens / self.input_tokens if self.input_tokens else 0.0


def play(
    scenario: Scenario,
    plan: Plan,
    server: FakeOpenAIServer,
    *,
    provider: str = "responses",
    rate: float = 0.0,
    seed: int = 0,
) -> Run:
    server.responder = Autopilot(scenario, plan, violation_rate=rate, seed=seed)
    conversation = Conversation(
        scenario,
        make_provider(provider, api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0),
    )
    run = Run()

    async def talk() -> None:
        try:
            await conversation.start()
            for turn in plan.turns:
                if conversation.finished:
                    break
                result = await conversation.send(turn.user)
                run.fallbacks += result.fallback
                run.corrected.update(result.violations)
                run.salvaged.update(getattr(result, "salvaged", []))
                run.engine_ms.append(result.engine_ms)
        finally:
            await conversation.provider.aclose()

    asyncio.run(talk())
    summary = conversation.summary()
    run.messages, run.calls = summary["user_messages"], summary["llm_calls"]
    run.input_tokens, run.cached_tokens = summary["input_tokens"], summary["cached_tokens"]
    run.output_tokens, run.cost_usd = summary["output_tokens"], summary["cost_usd"]
    run.finished = summary["finished"]
    return run


# --- the engine alone, in process -----------------------------------------------------------


class InProcessAutopilot(ClosingProvider):
    """The autopilot behind the Provider interface, chaining like the Responses API, no HTTP."""

    name = "in-process"
    chains = True

    def __init__(self, pilot: Autopilot) -> None:
        self.pilot = pilot
        self.calls = 0
        self.stored: dict[str, tuple[FakeMessage, ...]] = {}

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        items = getattr(request, "input_items", ())
        context = self.stored.get(request.previous_response_id or "", ())
        messages = (
            *context,
            *(FakeMessage(m.role, m.content) for m in items),
            FakeMessage("user", request.input),
        )
        fake = FakeRequest(
            api="responses",
            model=request.model,
            instructions=request.instructions,
            input_text=request.input,
            messages=messages,
            schema=request.schema,
            schema_name=request.schema_name,
            format_type="json_schema",
            previous_response_id=request.previous_response_id,
            max_output_tokens=request.max_output_tokens,
            temperature=request.temperature,
            body={},
        )
        answer = self.pilot(fake)
        text, refusal, incomplete = "", None, None
        if isinstance(answer, Reply):
            text, refusal, incomplete = answer.text, answer.refusal, answer.incomplete
        elif isinstance(answer, str):
            text = answer
        else:
            text = json.dumps(answer)
        response_id = f"resp_{self.calls}"
        self.stored[response_id] = (*messages, FakeMessage("assistant", text))
        return ModelReply(
            text=text,
            response_id=response_id,
            usage=Usage(input_tokens=1000, output_tokens=len(text) // 4),
            latency_s=0.0,
            model=request.model,
            status="incomplete" if incomplete else "completed",
            incomplete_reason=incomplete,
            refusal=refusal,
        )


def expected_calls(scenario: Scenario, plan: Plan, seeds: int, rate: float) -> tuple[Run, int]:
    """Calls per message with broken replies over many seeds, in process (no HTTP)."""
    pooled, finished = Run(), 0
    for seed in range(1, seeds + 1):
        conversation = Conversation(
            scenario, InProcessAutopilot(Autopilot(scenario, plan, violation_rate=rate, seed=seed))
        )

        async def talk(conversation: Conversation = conversation) -> list[Any]:
            await conversation.start()
            results = []
            for turn in plan.turns:
                if conversation.finished:
                    break
                results.append(await conversation.send(turn.user))
            return results

        results = asyncio.run(talk())
        summary = conversation.summary()
        pooled.messages += summary["user_messages"]
        pooled.calls += summary["llm_calls"]
        pooled.fallbacks += sum(result.fallback for result in results)
        finished += summary["finished"]
    return pooled, finished


def engine_times(scenario: Scenario, plan: Plan, runs: int, *, with_log: bool) -> list[float]:
    """Engine ms per turn (every turn of every run), in process: no HTTP, no model."""
    per_turn: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            conversation = Conversation(scenario, InProcessAutopilot(Autopilot(scenario, plan)))
            writer = LogWriter(Path(folder) / f"run{run}.jsonl", secrets=[]) if with_log else None
            if writer is not None:
                writer.attach(conversation.events)

            async def talk(conversation: Conversation = conversation) -> list[Any]:
                await conversation.start()
                return [await conversation.send(turn.user) for turn in plan.turns]

            results = asyncio.run(talk())
            if writer is not None:
                writer.close()
            assert conversation.finished
            per_turn += [result.engine_ms for result in results]
    return per_turn


# --- printing -------------------------------------------------------------------------------


def clean_table(title: str, runs: dict[tuple[str, str], Run]) -> None:
    print(f"\n== {title}: a model that always keeps the contract ==")
    print(
        f"{'conversation':<22}{'layout':<21}{'calls/msg':>9}{'input':>8}{'cached':>8}"
        f"{'cached%':>8}{'billed/msg':>11}{'vs ' + BASELINE:>13}{'output':>8}{'cost $':>9}"
    )
    for (plan, layout), run in runs.items():
        base = runs[(plan, BASELINE)].billed_per_message
        change = run.billed_per_message / base - 1
        print(
            f"{plan:<22}{layout:<21}{run.calls / run.messages:>9.3f}{run.input_tokens:>8}"
            f"{run.cached_tokens:>8}{run.cached_share:>8.0%}{run.billed_per_message:>11.0f}"
            f"{change:>+13.0%}{run.output_tokens:>8}{run.cost_usd:>9.5f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds of the broken-reply runs")
    parser.add_argument("--runs", type=int, default=20, help="in-process runs to time")
    parser.add_argument("--rate", type=float, default=0.10, help="share of broken replies")
    parser.add_argument(
        "--expect-seeds",
        type=int,
        default=1000,
        dest="expect_seeds",
        help="seeds of the in-process estimate of the expectation",
    )
    args = parser.parse_args()
    base = load_scenario(default_scenario())
    plans = {name: Plan.load(CONVERSATIONS / f"{name}.yaml") for name in PLANS}
    scenarios = {layout: with_layout(base, layout) for layout in LAYOUTS}
    print(
        "analyst bot: "
        + ", ".join(f"{name} ({len(plan.turns)} user messages)" for name, plan in plans.items())
    )
    print(
        f"layouts: {', '.join(LAYOUTS)} (default {DEFAULT}); fake OpenAI server, real openai "
        "SDK; cached input billed at 0.25x"
    )

    clean: dict[str, dict[tuple[str, str], Run]] = {"responses": {}, "chat": {}}
    for provider in clean:
        for name, plan in plans.items():
            for layout in LAYOUTS:
                with FakeOpenAIServer() as server:
                    clean[provider][(name, layout)] = play(
                        scenarios[layout], plan, server, provider=provider
                    )
    clean_table("Responses API", clean["responses"])
    clean_table("Chat Completions", clean["chat"])

    print(
        f"\n== Responses API: a model that breaks the contract on {args.rate:.0%} of its "
        f"replies, {args.seeds} seeds per row =="
    )
    print(
        f"{'conversation':<22}{'layout':<21}{'calls/msg':>9}{'finished':>9}{'fallbacks':>10}"
        "   corrected (a call each) | repaired without a call"
    )
    broken: dict[tuple[str, str], tuple[Run, int]] = {}
    for name, plan in plans.items():
        for layout in LAYOUTS:
            pooled, finished = Run(), 0
            with FakeOpenAIServer() as server:
                for seed in range(1, args.seeds + 1):
                    run = play(scenarios[layout], plan, server, rate=args.rate, seed=seed)
                    pooled.add(run)
                    finished += run.finished
            broken[(name, layout)] = (pooled, finished)
            corrected = ", ".join(f"{k} {n}" for k, n in sorted(pooled.corrected.items()))
            salvaged = ", ".join(f"{k} {n}" for k, n in sorted(pooled.salvaged.items()))
            print(
                f"{name:<22}{layout:<21}{pooled.calls / pooled.messages:>9.3f}"
                f"{finished:>5}/{args.seeds:<3}{pooled.fallbacks:>10}   {corrected or '-'} | "
                f"{salvaged or '-'}"
            )

    if args.expect_seeds:
        print(
            f"expectation, in process over {args.expect_seeds} seeds, {DEFAULT}: "
            + "; ".join(
                f"{name} {run.calls / run.messages:.3f} calls/msg, {run.fallbacks} fallback(s), "
                f"{finished}/{args.expect_seeds} finished"
                for name, plan in plans.items()
                for run, finished in [
                    expected_calls(scenarios[DEFAULT], plan, args.expect_seeds, args.rate)
                ]
            )
        )

    print(
        f"\n== engine time per turn, model and HTTP excluded: medians over {args.runs} runs of "
        "each conversation (noisy: the machine is shared) =="
    )
    started = time.perf_counter()
    times: dict[str, list[float]] = {}
    for layout in LAYOUTS:
        logged = [
            ms
            for plan in plans.values()
            for ms in engine_times(scenarios[layout], plan, args.runs, with_log=True)
        ]
        bare = [
            ms
            for plan in plans.values()
            for ms in engine_times(scenarios[layout], plan, args.runs, with_log=False)
        ]
        times[layout] = logged
        print(
            f"{layout:<21} with the JSON Lines log: median {statistics.median(logged):.3f} ms, "
            f"p90 {statistics.quantiles(logged, n=10)[-1]:.3f} ms; without: median "
            f"{statistics.median(bare):.3f} ms ({len(logged)} turns)"
        )
    http = [ms for run in clean["responses"].values() for ms in run.engine_ms]
    print(
        f"over HTTP, all layouts (turn wall time - time inside provider.complete): median "
        f"{statistics.median(http):.3f} ms   (timing took {time.perf_counter() - started:.1f} s)"
    )

    print(f"\n== targets, default layout ({DEFAULT}) ==")
    thorough, analyst = "analyst_bot_thorough", "analyst_bot"
    rows = clean["responses"]

    def below(plan: str) -> float:
        default, baseline = rows[(plan, DEFAULT)], rows[(plan, BASELINE)]
        return 1 - default.billed_per_message / baseline.billed_per_message

    checks = [
        (
            f"billed input per message, thorough conversation, vs {BASELINE}: "
            f"{-below(thorough):+.1%} (target <= -35 %)",
            below(thorough) >= 0.35,
        ),
        (
            f"billed input per message, analyst bot, vs {BASELINE}: {-below(analyst):+.1%}"
            " (target <= 0 %)",
            below(analyst) >= 0.0,
        ),
        (
            f"cached share, thorough conversation: {rows[(thorough, DEFAULT)].cached_share:.1%}"
            " (target >= 60 %)",
            rows[(thorough, DEFAULT)].cached_share >= 0.60,
        ),
    ]
    for name in PLANS:
        run = rows[(name, DEFAULT)]
        checks.append(
            (
                f"calls per message clean, {name}: {run.calls / run.messages:.3f} (target <= 1.02)",
                run.calls / run.messages <= 1.02,
            )
        )
        pooled, finished = broken[(name, DEFAULT)]
        rate = pooled.calls / pooled.messages
        checks.append(
            (
                f"calls per message, {args.rate:.0%} broken, {name}: {rate:.3f}, "
                f"{pooled.fallbacks} fallback(s), {finished}/{args.seeds} finished "
                "(target <= 1.06, <= 1, all)",
                rate <= 1.06 and pooled.fallbacks <= 1 and finished == args.seeds,
            )
        )
    median = statistics.median(times[DEFAULT])
    checks.append((f"engine time per turn: median {median:.3f} ms (target <= 2 ms)", median <= 2))
    for text, ok in checks:
        print(f"{'PASS' if ok else 'MISS'}  {text}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    raise SystemExit(main())
