"""Benchmark of action steps: what a step costs besides its action, how a timeout ends one, and
that actions cost no model call.

    .venv/bin/python bench/bench_actions.py [--turns 200] [--runs 100] [--kinds def,async,http]

1. **Overhead of an action step, the action itself excluded** (target: ≤ 2 ms median). The same
   conversation is played on two scenarios that differ only by an action step between two
   talking steps, in process, with a model that answers at once: each turn's wall time on the
   scenario with the step, minus the time the action's own code took (its function, measured
   where it runs; for HTTP, the exchange with a server on 127.0.0.1), minus the median turn
   without the step. What is left is the engine's part: the request, the worker's pipe (a plain
   ``def`` runs in a worker process), the conversion of the results, the events and the
   transition. Medians over ``--turns`` turns, for a plain ``def``, an ``async def`` and HTTP.
2. **A ``timeout_s: 1`` action that never answers in time** (target: the conversation moves on
   in ≤ 1.2 s; 0 late results applied over 100 runs). ``--runs`` conversations per kind: a
   ``def`` that sleeps 2 s, then writes a file and returns (its process must be killed: the file
   must never appear); an ``async def`` that swallows its cancellation and returns late (its
   result must be logged as late, never applied); an HTTP server that never answers. Each run's
   time from the user's message to the bot's answer (the model answers at once); then, after
   the late result had time to come, whether any variable holds it. The next run waits for a
   fresh worker first (a killed one is replaced in the background), as a next user message would.
3. **Calls per user message unchanged by action steps** (target: unchanged). The shipped support
   desk played through its order lookup and its ticket (both actions, stubbed: no service needed)
   against the same conversation on the support desk with those two steps taken out (their
   transitions lead straight on): the model calls per user message of each.

The machine is shared: times are noisy; counts are exact.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import textwrap
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.actions import workers  # noqa: E402
from engine.actions.outcome import ActionOutcome  # noqa: E402
from engine.actions.runners import (  # noqa: E402
    ActionRequest,
    ActionRunner,
    LiveActions,
    StubbedActions,
)
from engine.actions.stubs import Stub  # noqa: E402
from engine.conversation.conversation_core import Conversation  # noqa: E402
from engine.dialogue.ledger import PriceTable  # noqa: E402
from engine.io.resources import scenarios_dir  # noqa: E402
from engine.log.events import Event, EventType  # noqa: E402
from engine.providers.base import ClosingProvider, ModelReply, ModelRequest, Usage  # noqa: E402
from engine.scenario.definition import Scenario, Transition  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402

KINDS = ("def", "async", "http")

SCENARIO = """\
name: bench_actions
start: ask
persona: persona.md
actions: {allow_hosts: [127.0.0.1]}
variables:
  topic: {type: string}
  found: {type: list}
  late: {type: string}
steps:
  ask:
    instructions: ask.md
    results: {topic: {type: string}}
    transitions:
      next: {to: ACTION_OR_TALK}
  look:
    kind: action
    call: CALL
    inputs: [topic]
    results:
      found: {type: list, required: true}
      late: {type: string}
    timeout_s: TIMEOUT
    transitions:
      ok: {to: talk}
      error: {to: talk}
      timeout: {to: talk}
  talk:
    instructions: talk.md
    transitions:
      back: {to: ask}
"""

ACTIONS = """\
import asyncio, pathlib, time

def look(topic):
    return {"found": [topic, "b", "c"]}

async def look_async(topic):
    return {"found": [topic, "b", "c"]}

def late(topic, context):
    time.sleep(2.0)
    pathlib.Path(context.folder, "late-side-effect").write_text(context.idempotency_key)
    return {"found": ["late"], "late": "applied?"}

async def late_async(topic):
    try:
        await asyncio.sleep(30)
    except asyncio.CancelledError:
        await asyncio.sleep(0.3)
    return {"found": ["late"], "late": "applied?"}
"""

CALLS = {
    ("def", False): "{python: look}",
    ("async", False): "{python: look_async}",
    (
        "http",
        False,
    ): '{http: {method: POST, url: "http://127.0.0.1:PORT/look", json: {t: "{{topic}}"}}}',
    ("def", True): "{python: late}",
    ("async", True): "{python: late_async}",
    ("http", True): '{http: {method: POST, url: "http://127.0.0.1:PORT/hang"}}',
}


class Instant(ClosingProvider):
    """A model that answers at once, chaining like the Responses API: the step's way out."""

    name = "instant"
    chains = True

    def __init__(self) -> None:
        self.calls = 0

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        signal = "next" if "# Current step: Ask" in _text(request) else "back"
        text = json.dumps(
            {"message": "ok", "transition": signal, "results": {"topic": "a"}, "summary": "s"}
        )
        return ModelReply(text, f"r{self.calls}", Usage(100, 0, 10), 0.0, "bench")


def _text(request: ModelRequest) -> str:
    return "\n".join([request.instructions, *(item.content for item in request.input_items)])


class Timed:
    """Wraps a runner and keeps the time each action's own code took."""

    def __init__(self, inner: ActionRunner) -> None:
        self.inner = inner
        self.action_s: list[float] = []

    def mode(self, request: ActionRequest) -> Any:
        return self.inner.mode(request)

    async def run(self, request: ActionRequest) -> ActionOutcome:
        outcome = await self.inner.run(request)
        self.action_s.append(outcome.action_s or 0.0)
        return outcome

    async def aclose(self) -> None:
        await self.inner.aclose()


class Server:
    """An HTTP server on 127.0.0.1: ``/look`` answers at once, ``/hang`` never answers."""

    def __init__(self) -> None:
        self.release = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                if self.path == "/hang":
                    server.release.wait(60)
                    return
                body = b'{"found": ["a", "b", "c"]}'
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                """Quiet."""

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def folder(base: Path, kind: str, *, acting: bool, late: bool, port: int, timeout: float) -> Path:
    target = base / f"{kind}-{'late' if late else 'fast'}-{'acting' if acting else 'talking'}"
    target.mkdir(parents=True, exist_ok=True)
    call = CALLS[(kind, late)].replace("PORT", str(port))
    yaml = SCENARIO.replace("ACTION_OR_TALK", "look" if acting else "talk")
    yaml = yaml.replace("CALL", call).replace("TIMEOUT", f"{timeout:g}")
    (target / "scenario.yaml").write_text(yaml, encoding="utf-8")
    (target / "persona.md").write_text("You help.\n", encoding="utf-8")
    (target / "ask.md").write_text("Ask for a topic.\n", encoding="utf-8")
    (target / "talk.md").write_text("Talk about {{found}}.\n", encoding="utf-8")
    (target / "actions.py").write_text(textwrap.dedent(ACTIONS), encoding="utf-8")
    return target


# --- 1. overhead ------------------------------------------------------------------------------


async def _paired(acting: Scenario, talking: Scenario, turns: int, runner: Timed) -> list[float]:
    """The two conversations side by side, one turn of each in turn (the machine is shared:
    both see the same load): per exchange, the acting turn minus its action's own time minus
    the talking turn."""
    with_step = Conversation(acting, Instant(), prices=PriceTable({}), actions=runner)
    without = Conversation(talking, Instant(), prices=PriceTable({}), actions=StubbedActions({}))
    await with_step.start()
    await without.start()
    differences = []
    for index in range(2 * turns):  # ask → (look →) talk, then talk → ask: pair the first
        began = time.perf_counter()
        await with_step.send(f"message {index}")
        acted = time.perf_counter() - began
        began = time.perf_counter()
        await without.send(f"message {index}")
        plain = time.perf_counter() - began
        if index % 2 == 0:
            differences.append(acted - runner.action_s[-1] - plain)
    return differences


def overhead(base: Path, kind: str, turns: int, port: int) -> dict[str, float]:
    """The median overhead of the step, and the median time its action itself took."""
    acting = load_scenario(folder(base, kind, acting=True, late=False, port=port, timeout=10))
    talking = load_scenario(folder(base, kind, acting=False, late=False, port=port, timeout=10))
    if kind == "def":
        assert workers.pool_for(acting.root / "actions.py").ready(30)  # type: ignore[operator]
    runner = Timed(LiveActions())
    asyncio.run(_paired(acting, talking, 20, runner))  # warm-up: caches, imports, the pipe
    runner.action_s.clear()
    differences = asyncio.run(_paired(acting, talking, turns, runner))
    return {
        "overhead_ms": statistics.median(differences) * 1000,
        "p90_ms": sorted(differences)[int(0.9 * len(differences))] * 1000,
        "action_ms": statistics.median(runner.action_s) * 1000,
    }


# --- 2. timeouts ------------------------------------------------------------------------------


def timeouts(base: Path, kind: str, runs: int, port: int) -> dict[str, Any]:
    scenario = load_scenario(folder(base, kind, acting=True, late=True, port=port, timeout=1))
    root = scenario.root
    assert root is not None
    pool = workers.pool_for(root / "actions.py")
    moved_on: list[float] = []
    outcomes: dict[str, int] = {}
    late_logged = applied = 0
    runner = LiveActions()

    async def one() -> Conversation:
        conversation = Conversation(scenario, Instant(), prices=PriceTable({}), actions=runner)
        events: list[Event] = []
        conversation.events.subscribe(events.append)
        await conversation.start()
        began = time.perf_counter()
        result = await conversation.send("go")
        moved_on.append(time.perf_counter() - began)
        for run in result.actions:
            outcomes[run.outcome] = outcomes.get(run.outcome, 0) + 1
        await asyncio.sleep(0.5 if kind == "async" else 0.0)  # a late result comes in
        nonlocal late_logged
        late_logged += sum(
            1 for e in events if e.type == EventType.ACTION_RESULT and e.data.get("late")
        )
        return conversation

    for _ in range(runs):
        if kind == "def":
            pool.ready(30)  # the killed worker's replacement, as a next message would find it
        conversation = asyncio.run(one())
        if conversation.vars.values()["late"] is not None or conversation.vars.values()["found"]:
            applied += 1
    if kind == "def":
        time.sleep(2.5)  # long after the last function would have written its file
    side_effects = (root / "late-side-effect").exists()
    return {
        "median_s": statistics.median(moved_on),
        "max_s": max(moved_on),
        "outcomes": outcomes,
        "late_logged": late_logged,
        "late_applied": applied,
        "side_effect_after_kill": side_effects,
        "workers_killed": pool.killed if kind == "def" else None,
    }


# --- 3. calls per user message ----------------------------------------------------------------


def support_desk_replies() -> list[tuple[str, dict[str, Any]]]:
    def reply(transition: str, **results: Any) -> dict[str, Any]:
        return {"message": "…", "transition": transition, "results": results, "summary": "…"}

    return [
        (
            "I was charged for LG-1042 twice",
            reply(
                "order_question",
                issue_summary="Charged twice",
                category="billing",
                order_number="LG-1042",
            ),
        ),
        ("(entering explain_order)", reply("stay")),
        ("That does not help, a person please", reply("escalate")),
        (
            "ana@example.com, it's urgent",
            reply("ticket_ready", account_email="ana@example.com", urgency="high"),
        ),
    ]


class Scripted(ClosingProvider):
    name = "scripted"
    chains = True

    def __init__(self, replies: list[dict[str, Any]]) -> None:
        self.replies, self.calls = replies, 0

    async def complete(self, request: ModelRequest) -> ModelReply:
        reply = self.replies[min(self.calls, len(self.replies) - 1)]
        self.calls += 1
        return ModelReply(json.dumps(reply), f"r{self.calls}", Usage(100, 0, 10), 0.0, "bench")


def without_actions(scenario: Scenario) -> Scenario:
    """The support desk with its two action steps taken out: their ways lead straight on."""
    copy = scenario.model_copy(deep=True)
    straight = {"find_order": "explain_order", "open_ticket": "ticket"}
    for step in copy.steps.values():
        for signal, transition in list(step.transitions.items()):
            if transition.to in straight:
                step.transitions[signal] = Transition(
                    to=straight[transition.to], requires=transition.requires
                )
    for name in straight:
        del copy.steps[name]
    copy.steps["ticket"].text = "Thanks, a ticket is opened."
    return copy


def calls_per_message() -> dict[str, float]:
    scenario = load_scenario(scenarios_dir() / "support_desk")
    stubs = StubbedActions(
        {
            "find_order": Stub(
                results={"order_status": "paid", "order_plan": "Pro", "order_total": "$9"}
            ),
            "open_ticket": Stub(results={"ticket_id": "LG-1"}),
        }
    )
    messages = [text for text, _ in support_desk_replies() if not text.startswith("(")]
    replies = [reply for _, reply in support_desk_replies()]

    async def play(variant: Scenario, runner: ActionRunner) -> Conversation:
        conversation = Conversation(
            variant, Scripted(replies), prices=PriceTable({}), actions=runner
        )
        await conversation.start()
        for text in messages:
            await conversation.send(text)
        return conversation

    figures = {}
    for name, variant, runner in (
        ("with actions", scenario, stubs),
        ("without them", without_actions(scenario), StubbedActions({})),
    ):
        conversation = asyncio.run(play(variant, runner))
        assert conversation.finished, (name, conversation.state.step)
        figures[name] = conversation.ledger.totals().llm_calls / conversation.user_messages
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    kinds = [kind for kind in args.kinds.split(",") if kind]
    server = Server()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-actions-") as temporary:
            base = Path(temporary)
            print("1. Overhead of an action step, the action itself excluded (target <= 2 ms)")
            for kind in kinds:
                figure = overhead(base, kind, args.turns, server.port)
                print(
                    f"   {kind:<6} overhead median {figure['overhead_ms']:.2f} ms, p90"
                    f" {figure['p90_ms']:.2f} ms   (the action itself: median"
                    f" {figure['action_ms']:.2f} ms, not counted)"
                )
            print(
                f"2. A timeout_s: 1 action that never answers in time, {args.runs} runs per kind"
                " (target: moves on in <= 1.2 s; 0 late results applied)"
            )
            for kind in kinds:
                figure = timeouts(base, kind, args.runs, server.port)
                extra = ""
                if kind == "def":
                    extra = (
                        f"; workers killed {figure['workers_killed']}; its side effect after"
                        f" the kill: {'HAPPENED' if figure['side_effect_after_kill'] else 'never'}"
                    )
                print(
                    f"   {kind:<6} moved on in median {figure['median_s']:.3f} s, max"
                    f" {figure['max_s']:.3f} s; outcomes {figure['outcomes']}; late results"
                    f" logged {figure['late_logged']}, applied {figure['late_applied']}{extra}"
                )
            print("3. Model calls per user message (target: unchanged by action steps)")
            for name, value in calls_per_message().items():
                print(f"   support desk {name}: {value:.3f}")
    finally:
        server.close()
        workers.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
