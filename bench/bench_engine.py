"""Benchmark of the conversation core on the analyst bot: calls, tokens, and the engine's own time.

    .venv/bin/python bench/bench_engine.py [--runs 20] [--seeds 20]

The fixed conversation (``bench/conversations/analyst_bot.yaml``, 14 user messages: every
section, a loop in the features step, a back-edge from the review) is played

1. against the project's fake OpenAI server through the real ``openai`` SDK (Responses API),
   with a model that always keeps the contract — calls per user message, input tokens *sent*
   per call by turn (instructions + input + schema: what the engine controls), input tokens
   *billed* by turn (the server adds the stored chain), cached tokens;
2. the same with a model that breaks the contract on 10 % of its replies, once per seed — every
   conversation must finish; calls per message over all seeds, and per seed;
3. in process, with no HTTP at all, to time the engine itself: the fake model (the same
   :class:`Autopilot`) sits behind a tiny in-process provider, and each turn's engine time is
   its wall time minus the time spent inside the provider (the conversation core measures both
   and reports them in ``turn_end``). Timed with the JSON Lines log writer attached, as in real
   use, and without it. The median over all turns of ``--runs`` conversations is printed, and
   the same figure from the HTTP runs (model and HTTP time excluded the same way) for comparison.

Targets (issue 3): <= 1.02 calls/message clean, <= 1.12 with 10 % violations and every
conversation finished, sent input flat across turns, engine <= 2 ms per turn.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.conversation_core import Conversation  # noqa: E402
from engine.convlog import LogWriter  # noqa: E402
from engine.events import Event  # noqa: E402
from engine.paths import default_scenario  # noqa: E402
from engine.providers import make_provider  # noqa: E402
from engine.providers.base import ModelReply, ModelRequest, Usage  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402
from engine.scenario.model import Scenario  # noqa: E402
from engine.testing.autopilot import Autopilot, Plan  # noqa: E402
from engine.testing.fake_openai import (  # noqa: E402
    FAKE_API_KEY,
    FakeOpenAIServer,
    FakeRequest,
    Reply,
    count_tokens,
)

PLAN = REPO / "bench" / "conversations" / "analyst_bot.yaml"


class InProcessAutopilot:
    """The autopilot behind the Provider interface, without HTTP: to time the engine alone."""

    name = "in-process"
    chains = True

    def __init__(self, pilot: Autopilot) -> None:
        self.pilot = pilot
        self.calls = 0

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        fake = FakeRequest(api="responses", model=request.model,
                           instructions=request.instructions, input_text=request.input,
                           messages=(), schema=request.schema, schema_name=request.schema_name,
                           format_type="json_schema",
                           previous_response_id=request.previous_response_id,
                           max_output_tokens=request.max_output_tokens,
                           temperature=request.temperature, body={})
        answer = self.pilot(fake)
        text, refusal, incomplete = "", None, None
        if isinstance(answer, Reply):
            text, refusal, incomplete = answer.text, answer.refusal, answer.incomplete
        elif isinstance(answer, str):
            text = answer
        else:
            text = json.dumps(answer)
        return ModelReply(text=text, response_id=f"resp_{self.calls}",
                          usage=Usage(input_tokens=1000, output_tokens=len(text) // 4),
                          latency_s=0.0, model=request.model,
                          status="incomplete" if incomplete else "completed",
                          incomplete_reason=incomplete, refusal=refusal)

    async def aclose(self) -> None:
        return None


def sent_tokens(event: Event) -> int:
    data = event.data
    schema = json.dumps(data["schema"], sort_keys=True, separators=(",", ":"))
    return count_tokens(data["instructions"]) + count_tokens(data["input"]) + count_tokens(schema)


async def play(conversation: Conversation, plan: Plan) -> list[Any]:
    await conversation.start()
    return [await conversation.send(turn.user) for turn in plan.turns]


def http_run(
    scenario: Scenario, plan: Plan, server: FakeOpenAIServer, *, rate: float, seed: int,
    provider_name: str = "responses",
) -> tuple[Conversation, list[Event], Autopilot]:
    pilot = Autopilot(scenario, plan, violation_rate=rate, seed=seed)
    server.responder = pilot
    provider = make_provider(provider_name, api_key=FAKE_API_KEY, base_url=server.base_url,
                             max_retries=0)
    conversation = Conversation(scenario, provider)
    events: list[Event] = []
    conversation.events.subscribe(events.append)

    async def run() -> None:
        try:
            await play(conversation, plan)
        finally:
            await provider.aclose()

    asyncio.run(run())
    return conversation, events, pilot


def by_turn(events: list[Event]) -> dict[int, dict[str, list[int]]]:
    table: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for event in events:
        if event.type == "model_request":
            table[event.turn]["sent"].append(sent_tokens(event))
        elif event.type == "model_response":
            table[event.turn]["billed"].append(event.data["usage"]["input_tokens"])
            table[event.turn]["cached"].append(event.data["usage"]["cached_tokens"])
    return table


def print_clean(label: str, conversation: Conversation, events: list[Event]) -> list[float]:
    summary = conversation.summary()
    print(f"\n== {label}: a model that always keeps the contract ==")
    print(f"finished: {summary['finished']}  user messages: {summary['user_messages']}  "
          f"calls: {summary['llm_calls']}  calls per message: {summary['calls_per_message']:.3f}")
    print(f"billed input tokens: {summary['input_tokens']}  cached: {summary['cached_tokens']} "
          f"({summary['cached_tokens'] / max(summary['input_tokens'], 1):.0%})  "
          f"output: {summary['output_tokens']}  cost: ${summary['cost_usd']:.5f}")
    print("turn  step         calls  sent/call  billed/call  cached/call"
          "   (sent = instructions + input + schema; billed adds the chain or the history)")
    for turn, row in sorted(by_turn(events).items()):
        step = next(e.step for e in events if e.turn == turn and e.type == "model_request")
        calls = len(row["sent"])
        print(f"{turn:>4}  {step or '':<12} {calls:>5}  {statistics.mean(row['sent']):>9.0f}  "
              f"{statistics.mean(row['billed']):>11.0f}  {statistics.mean(row['cached']):>11.0f}")
    sent = [sent_tokens(e) for e in events if e.type == "model_request"]
    print(f"sent per call: min {min(sent)}  median {statistics.median(sent):.0f}  max {max(sent)}"
          f"  (first half median {statistics.median(sent[: len(sent) // 2]):.0f}, "
          f"second half {statistics.median(sent[len(sent) // 2:]):.0f})")
    return [e.data["engine_ms"] for e in events if e.type == "turn_end" and e.turn > 0]


def engine_time(scenario: Scenario, plan: Plan, runs: int, *, with_log: bool) -> list[float]:
    """Engine ms per turn (all turns of all runs), in process: no HTTP, no model."""
    per_turn: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            provider = InProcessAutopilot(Autopilot(scenario, plan))
            conversation = Conversation(scenario, provider)
            writer = LogWriter(Path(folder) / f"run{run}.jsonl", secrets=[]) if with_log else None
            if writer is not None:
                writer.attach(conversation.events)
            results = asyncio.run(play(conversation, plan))
            if writer is not None:
                writer.close()
            assert conversation.finished
            per_turn += [result.engine_ms for result in results]
    return per_turn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="in-process runs to time (>= 20)")
    parser.add_argument("--seeds", type=int, default=20, help="seeds of the violation runs")
    parser.add_argument("--rate", type=float, default=0.10, help="share of broken replies")
    args = parser.parse_args()
    scenario = load_scenario(default_scenario())
    plan = Plan.load(PLAN)
    print(f"analyst bot, {len(plan.turns)} user messages; fake OpenAI server, real openai SDK")

    with FakeOpenAIServer() as server:
        conversation, events, _ = http_run(scenario, plan, server, rate=0.0, seed=0)
        http_engine = print_clean("Responses API", conversation, events)
    with FakeOpenAIServer() as server:
        chat_conv, chat_events, _ = http_run(scenario, plan, server, rate=0.0, seed=0,
                                             provider_name="chat")
        print_clean("Chat Completions (history kept locally, left steps as summaries)",
                    chat_conv, chat_events)

    print(f"\n== Responses API: a model that breaks the contract on {args.rate:.0%} of its "
          "replies ==")
    total_calls = total_messages = unfinished = 0
    per_seed: list[float] = []
    kinds: dict[str, int] = defaultdict(int)
    with FakeOpenAIServer() as server:
        for seed in range(1, args.seeds + 1):
            conv, events, _ = http_run(scenario, plan, server, rate=args.rate, seed=seed)
            summary = conv.summary()
            total_calls += summary["llm_calls"]
            total_messages += summary["user_messages"]
            unfinished += not summary["finished"]
            per_seed.append(summary["calls_per_message"])
            for event in events:
                if event.type == "contract_violation":
                    kinds[event.data["kind"]] += 1
    print(f"seeds: {args.seeds}  finished: {args.seeds - unfinished}/{args.seeds}")
    print(f"calls per message over all seeds: {total_calls / total_messages:.3f}  "
          f"(per seed: min {min(per_seed):.3f}, median {statistics.median(per_seed):.3f}, "
          f"max {max(per_seed):.3f})")
    print("violations the engine caught: "
          + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
          + "  (fenced_json is salvaged without a call)")

    print(f"\n== engine time per turn, model and HTTP excluded (median over {args.runs} runs) ==")
    started = time.perf_counter()
    logged = engine_time(scenario, plan, args.runs, with_log=True)
    bare = engine_time(scenario, plan, args.runs, with_log=False)
    print(f"in process, with the JSON Lines log: median {statistics.median(logged):.3f} ms  "
          f"p90 {statistics.quantiles(logged, n=10)[-1]:.3f} ms  ({len(logged)} turns)")
    print(f"in process, without a log:           median {statistics.median(bare):.3f} ms  "
          f"p90 {statistics.quantiles(bare, n=10)[-1]:.3f} ms")
    print(f"over HTTP (turn wall time - time inside provider.complete): median "
          f"{statistics.median(http_engine):.3f} ms")
    print(f"(timing took {time.perf_counter() - started:.1f} s)")
    return 0 if unfinished == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
