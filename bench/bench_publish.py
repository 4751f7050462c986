"""Benchmark of ``prompter publish`` on a live server: nothing in flight fails, and how fast a
publish reaches new conversations (issue 35).

    .venv/bin/python bench/bench_publish.py [--conversations 1000] [--steps 20] [--repeats 5]

Everything runs as a user would run it: ``prompter serve`` with 4 uvicorn workers on a real
PostgreSQL started in a temporary folder, and the project's fake OpenAI server in a process of its
own (``engine.offline.sim_server``, the scenario bot, answering after 20 ms). The scenario is
made here: a welcome message, then ``--steps`` steps in a line, each asking one thing (one
message moves a conversation one step on).

1. **In flight.** ``--conversations`` conversations are brought to every step, as many on each
   (conversation *i* answers *i* mod ``--steps`` questions).
2. **Publish.** While 40 other conversations send messages to the 4 workers without a pause (from
   before the publish until the end, each pausing 0.25-0.75 s between messages as a person
   reads and types), a new version is published in-process, as ``prompter
   publish`` does it (plan, then one transaction): 3 steps renamed, 2 removed, 5 instruction
   files edited. A prober starts a new conversation every 20 ms from the moment the publish
   committed: **time to the first new conversation on the new version**.
3. **Next message.** Every conversation in flight sends its next message. Checked: **0 failed
   messages** (in flight and the chatter: any status but 200 counts); every conversation that
   sat on a renamed step is on the new version, at the new name, with one ``migrated`` event in
   its log; every other one answered on its own (old) version.
4. The publish timing is repeated ``--repeats`` times (a new version each time, one instruction
   edited) and its **median** printed, with the publish's own duration (plan + commit).

Target: 0 failed messages, all renamed-step conversations migrated, the others on their version,
time to the new version <= 1 s (workers read the live pointer at most every 0.5 s).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "bench"))

import httpx2  # noqa: E402
from bench_serve import LeanClient  # noqa: E402
from plugins.postgres import TempPostgres  # noqa: E402
from plugins.serve import ServeProcess  # noqa: E402

from engine.scenario.content_version import scenario_version  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402
from engine.serve.publish import apply_plan, plan_publish  # noqa: E402
from engine.serve.store_url import open_store  # noqa: E402

MODEL_LATENCY_S = 0.02
CHATTERS = 40
PROBE_EVERY_S = 0.02


def step_id(index: int) -> str:
    return f"s{index:02d}"


def write_scenario(
    folder: Path,
    steps: int,
    *,
    renamed: dict[str, str] | None = None,
    removed: set[str] = frozenset(),  # type: ignore[assignment]
    edited: set[str] = frozenset(),  # type: ignore[assignment]
    note: str = "",
) -> Path:
    """A line of ``steps`` steps, each asking one thing; ``renamed`` steps get their new id,
    ``removed`` ones are skipped (the step before leads to the one after), ``edited`` ones have
    a line more in their instructions."""
    renamed = renamed or {}
    (folder / "steps").mkdir(parents=True, exist_ok=True)
    kept = [step_id(i) for i in range(1, steps + 1) if step_id(i) not in removed]
    name = {old: renamed.get(old, old) for old in kept}
    lines = [
        "name: line_bot",
        "title: A line of questions",
        "start: welcome",
        "model: {name: gpt-4.1-mini}",
        "variables:",
        *(f"  a{i:02d}: {{type: string, description: Answer {i}}}" for i in range(1, steps + 1)),
        "steps:",
        "  welcome:",
        "    title: Welcome",
        "    kind: message",
        "    text: Hello! A few questions, one at a time.",
        f"    transitions: {{asked: {{to: {name[kept[0]]}}}}}",
    ]
    for position, old in enumerate(kept):
        number = int(old[1:])
        after = name[kept[position + 1]] if position + 1 < len(kept) else "done"
        lines += [
            f"  {name[old]}:",
            f"    title: Question {number}",
            f"    goal: Learn answer {number} of the form",
            f"    instructions: steps/{old}.md",
            "    results:",
            f"      a{number:02d}: {{type: string, required: true, description: Answer {number}}}",
            "    transitions:",
            f"      next: {{to: {after}, requires: [a{number:02d}], description: Answer {number} "
            "is known}",
        ]
        text = f"Ask the user for answer {number} of the form, politely, in one sentence.\n"
        if old in edited:
            text += f"Thank them for answer {number - 1} first.{note}\n"
        (folder / "steps" / f"{old}.md").write_text(text, encoding="utf-8")
    lines += [
        "  done:",
        "    title: Done",
        "    kind: message",
        "    text: Thank you, the form is complete.",
        "    final: true",
    ]
    (folder / "scenario.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


class Model:
    """The fake OpenAI server in a process of its own, answering as the scenario bot."""

    def __init__(self, scenario: Path) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "engine.offline.sim_server", str(scenario),
                "--latency", str(MODEL_LATENCY_S), "--until-eof",
            ],
            cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        self.base_url = self.process.stdout.readline().strip()

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(10)
        self.process.stdout.close()


class Traffic:
    """Every answer's status, counted."""

    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()

    async def start(self, client: LeanClient) -> str:
        for _attempt in range(3):
            try:
                answer = await client.post("/v1/conversations", {})
            except (OSError, asyncio.IncompleteReadError):
                self.statuses[-1] += 1  # the connection dropped: counted as a failure
                await client.close()
                continue
            if answer.status_code != 201:
                self.statuses[answer.status_code] += 1
            return str(answer.json()["id"])
        raise RuntimeError("the server does not start conversations")

    async def say(self, client: LeanClient, conversation: str, text: str) -> bool:
        """Send one message; True while the conversation goes on (answered, not finished)."""
        try:
            answer = await client.post(f"/v1/conversations/{conversation}/messages", {"text": text})
        except (OSError, asyncio.IncompleteReadError):
            self.statuses[-1] += 1  # the connection dropped: counted as a failure
            await client.close()
            return False
        self.statuses[answer.status_code] += 1
        return answer.status_code == 200 and not answer.json()["finished"]

    @property
    def failed(self) -> int:
        return sum(count for status, count in self.statuses.items() if status not in (200, 0))

    def failures(self) -> str:
        return ", ".join(
            f"{count} × {'dropped' if status == -1 else status}"
            for status, count in sorted(self.statuses.items())
            if status not in (200, 0)
        )


async def bring_to(url: str, traffic: Traffic, steps: list[int], jobs: int = 24) -> list[str]:
    """One conversation per entry, each brought that many steps on."""
    conversations: list[str] = [""] * len(steps)
    queue: asyncio.Queue[int] = asyncio.Queue()
    for index in range(len(steps)):
        queue.put_nowait(index)

    async def worker() -> None:
        while not queue.empty():
            index = queue.get_nowait()
            # a connection per conversation, as a user has: uvicorn's workers share them out
            client = LeanClient(url)
            try:
                conversation = await traffic.start(client)
                for answer in range(steps[index]):
                    await traffic.say(client, conversation, f"answer {answer + 1}")
            finally:
                await client.close()
            conversations[index] = conversation

    await asyncio.gather(*(worker() for _ in range(jobs)))
    return conversations


async def chatter(url: str, traffic: Traffic, stop: asyncio.Event, rng: random.Random) -> None:
    """A conversation that never stops talking (a new one when it reaches the end)."""
    client = LeanClient(url)
    try:
        conversation = await traffic.start(client)
        while not stop.is_set():
            going = await traffic.say(client, conversation, rng.choice(["yes", "answer", "ok"]))
            await asyncio.sleep(rng.uniform(0.25, 0.75))  # a person reads and types
            if not going or rng.random() < 0.05:  # finished (or left): a new one starts
                conversation = await traffic.start(client)
    finally:
        await client.close()


async def first_on(url: str, version: str, since: float) -> float:
    """Seconds from ``since`` to the first new conversation on ``version``."""
    async with httpx2.AsyncClient(base_url=url, timeout=30) as client:
        while True:
            created = (await client.post("/v1/conversations", json={})).json()
            if created["version"] == version:
                return time.perf_counter() - since
            await asyncio.sleep(PROBE_EVERY_S)


async def publish(store_url: str, folder: Path) -> tuple[str, float, float]:
    """Publish ``folder`` as ``prompter publish`` does; its version, when it committed and how
    long the publish took."""
    store = open_store(store_url, pool_size=2)
    await store.open()
    try:
        started = time.perf_counter()
        scenario = load_scenario(folder)
        plan = await plan_publish(store, scenario)
        await apply_plan(store, plan)
        committed = time.perf_counter()
    finally:
        await store.close()
    return plan.version, committed, committed - started


async def run(args: argparse.Namespace, url: str, store_url: str, work: Path) -> dict[str, Any]:
    traffic = Traffic()
    steps = args.steps
    wave = [index % steps for index in range(args.conversations)]
    began = time.perf_counter()
    in_flight = await bring_to(url, traffic, wave)
    took = time.perf_counter() - began
    print(f"  {len(in_flight)} conversations in flight ({took:.0f} s)", flush=True)
    placed_failed = traffic.failed

    renamed = {step_id(3): "s03_renamed", step_id(8): "s08_renamed", step_id(13): "s13_renamed"}
    removed = {step_id(10), step_id(16)}
    edited = {step_id(i) for i in (1, 5, 7, 12, 18)}
    v1 = scenario_version(load_scenario(work / "v1"))
    folder = write_scenario(work / "v2", steps, renamed=renamed, removed=removed, edited=edited)
    stop = asyncio.Event()
    rng = random.Random(7)
    talking = [asyncio.ensure_future(chatter(url, traffic, stop, rng)) for _ in range(CHATTERS)]
    await asyncio.sleep(2.0)  # the chatter is under way before the publish
    v2, committed, took = await publish(store_url, folder)
    delays = [await first_on(url, v2, committed)]
    durations = [took]
    await asyncio.sleep(0.6)  # every worker has read the live pointer again

    async def next_message(index: int) -> None:
        client = LeanClient(url)
        try:
            await traffic.say(client, in_flight[index], "the next answer")
        finally:
            await client.close()

    for start in range(0, len(in_flight), 24):
        await asyncio.gather(
            *(next_message(index) for index in range(start, min(start + 24, len(in_flight))))
        )
    stop.set()
    await asyncio.gather(*talking)

    migrated = wrong = stayed = 0
    async with httpx2.AsyncClient(base_url=url, timeout=30) as client:
        for index, conversation in enumerate(in_flight):
            sat_on = step_id(wave[index] + 1)
            state = (await client.get(f"/v1/conversations/{conversation}")).json()
            log = (await client.get(f"/v1/conversations/{conversation}/log")).text.splitlines()
            moves = [json.loads(line) for line in log if '"type":"migrated"' in line]
            if sat_on in renamed:
                ok = state["version"] == v2 and len(moves) == 1
                ok = ok and moves[0]["from_step"] == sat_on
                ok = ok and moves[0]["to_step"] == renamed[sat_on]
                migrated += ok
            else:
                ok = state["version"] == v1 and not moves
                stayed += ok
            wrong += not ok
    on_renamed = sum(1 for index in wave if step_id(index + 1) in renamed)

    for repeat in range(1, args.repeats):
        edited_again = write_scenario(
            work / f"v{repeat + 2}",
            steps,
            renamed=renamed,
            removed=removed,
            edited=edited,
            note=f" (edit {repeat})",
        )
        version, committed, took = await publish(store_url, edited_again)
        delays.append(await first_on(url, version, committed))
        durations.append(took)
    return {
        "in_flight": len(in_flight),
        "placing_failed": placed_failed,
        "failed": traffic.failed,
        "failures": traffic.failures(),
        "answered": traffic.statuses[200],
        "on_renamed": on_renamed,
        "migrated": migrated,
        "stayed": stayed,
        "wrong": wrong,
        "delays": delays,
        "durations": durations,
    }


def main() -> int:
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # a kill stops the servers too
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-publish-"))
    model = Model(write_scenario(work / "v1", args.steps))
    try:
        with TempPostgres() as postgres:
            store_url = postgres.create_database()
            with ServeProcess(
                store_url, model.base_url, scenario=work / "v1", workers=4, folder=work
            ) as served:
                print(
                    f"prompter publish: {args.conversations} conversations over {args.steps} "
                    "steps, 4 workers on PostgreSQL",
                    flush=True,  # before any child process could inherit the buffer
                )
                try:
                    found = asyncio.run(run(args, served.url, store_url, work))
                finally:
                    shutil.copy(served.log_path, Path(tempfile.gettempdir()) / "bench-publish.log")
    finally:
        model.close()
        with contextlib.suppress(OSError):
            shutil.rmtree(work)
    delays, durations = found["delays"], found["durations"]
    print(f"  failed messages: {found['failed']} of {found['failed'] + found['answered']}")
    if found["failed"]:
        print(f"    ({found['failures']}; the server's log: /tmp/bench-publish.log)")
    print(
        f"  on a renamed step: {found['on_renamed']}, migrated: {found['migrated']}; "
        f"the others answered on their version: {found['stayed']}; wrong: {found['wrong']}"
    )
    print(
        f"  publish to the first new conversation on the new version: median "
        f"{statistics.median(delays):.3f} s, max {max(delays):.3f} s ({len(delays)} publishes)"
    )
    took = statistics.median(durations)
    print(f"  the publish itself (plan + one transaction): median {took:.3f} s")
    good = (
        found["failed"] == 0
        and found["migrated"] == found["on_renamed"]
        and found["wrong"] == 0
        and max(delays) <= 1.0
    )
    print("  target met" if good else "  TARGET MISSED")
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
