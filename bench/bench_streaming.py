"""Benchmark of streaming (issue 24): when the user sees the bot's message, and what it costs.

    .venv/bin/python bench/bench_streaming.py [--runs 9] [--ttft 0.2] [--word 0.03]

The model is the project's fake OpenAI server, reached through the real ``openai`` SDK, writing
one word every ``--word`` seconds after a time to first token of ``--ttft``; each reply is a
40-word message followed by a transition, a result and a summary of another 60 words (the JSON
counted in words as the fake streams it). Each turn is played streamed and unstreamed
(``model.stream: false``), alternately, so both see the same load on the machine; the figures
are medians over ``--runs`` turns of each, on each API:

1. **time to the first visible character**: send → the first ``message_delta`` event (streamed)
   or the ``bot_message`` (unstreamed). Target: ≤ the fake's time to first token + 20 ms.
2. **the full turn**: send → ``send`` returns. Target: streamed ≤ unstreamed + 5 %.
3. **the studio's UI-thread gap while a reply streams**: the test chat (``ChatPane``, offscreen)
   on the same fake — in a process of its own, as a real service is, so that its threads do
   not compete with the studio's for the GIL; a 1 ms timer on the UI thread records the
   longest wait between two of its ticks from the model call to the reply's ``bot_message``.
   Target ≤ 50 ms. The same figure unstreamed (over the same span of the turn) is printed
   beside it.

The machine may be loaded (other work, two cores): compare the figures within one run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.conversation.conversation_core import Conversation  # noqa: E402
from engine.log.events import Event, EventType  # noqa: E402
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer  # noqa: E402
from engine.offline.fake_openai.server import written_words  # noqa: E402
from engine.providers import make_provider  # noqa: E402
from engine.scenario.definition import Scenario  # noqa: E402
from engine.scenario.loader import load_scenario  # noqa: E402

SCENARIO = """\
name: streaming_bench
start: talk
variables:
  notes: {type: string, description: What the user said}
steps:
  talk:
    goal: Talk with the user
    instructions: talk.md
    results: {notes: {type: string}}
    transitions: {done: {to: bye, description: The user is done}}
  bye: {kind: message, text: Bye., final: true}
"""

MESSAGE_WORDS = 40
REST_WORDS = 60


def scenario_folder(root: Path) -> Path:
    folder = root / "streaming_bench"
    folder.mkdir()
    (folder / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    (folder / "talk.md").write_text("Answer the user at length.", encoding="utf-8")
    return folder


def the_reply() -> tuple[str, int, int]:
    """A 40-word message, then the rest of the contract padded to 60 more words."""
    message = " ".join(f"word{n}" for n in range(MESSAGE_WORDS))
    for filler in range(REST_WORDS, 0, -1):
        summary = " ".join(["summary"] * filler)
        body = {
            "message": message,
            "transition": "stay",
            "results": {"notes": "the user talked about many things at length"},
            "summary": summary,
        }
        text = json.dumps(body)
        before = len(written_words(text[: text.index('", "transition"')]))
        if len(written_words(text)) - before <= REST_WORDS:
            return text, before, len(written_words(text)) - before
    raise AssertionError("unreachable")


def turn_times(provider_name: str, server: FakeOpenAIServer, scenario: Scenario, stream: bool):
    """(first visible, full turn) in seconds for one turn."""
    scenario.model.stream = stream
    provider = make_provider(provider_name, api_key=FAKE_API_KEY, base_url=server.base_url)
    conversation = Conversation(scenario, provider)
    marks: dict[str, float] = {}

    def heard(event: Event) -> None:
        if event.type in (EventType.MESSAGE_DELTA, EventType.BOT_MESSAGE):
            marks.setdefault("visible", time.perf_counter())

    async def run() -> tuple[float, float]:
        await conversation.start()
        await conversation.send("warm up")  # the SDK's first call loads its modules
        conversation.events.subscribe(heard)
        started = time.perf_counter()
        await conversation.send("tell me everything")
        ended = time.perf_counter()
        await provider.aclose()
        return marks["visible"] - started, ended - started

    return asyncio.run(run())


def engine_figures(runs: int, ttft: float, word_s: float, folder: Path) -> None:
    reply, message_words, rest_words = the_reply()
    print(
        f"fake model: time to first token {ttft * 1000:.0f} ms, one word every "
        f"{word_s * 1000:.0f} ms; reply: {message_words} words of message, then {rest_words} "
        f"more (transition, results, summary)\n"
    )
    for api in ("responses", "chat"):
        figures: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        with FakeOpenAIServer(latency=ttft, word_s=word_s, responder=lambda _: reply) as server:
            for _ in range(runs):
                for stream in (True, False):
                    figures[stream].append(turn_times(api, server, load_scenario(folder), stream))
        first = {mode: statistics.median(t[0] for t in figures[mode]) for mode in figures}
        full = {mode: statistics.median(t[1] for t in figures[mode]) for mode in figures}
        print(f"== {api}: medians over {runs} turns of each")
        print(
            f"  first visible character: streamed {first[True] * 1000:7.1f} ms "
            f"(target <= {ttft * 1000 + 20:.0f} ms: "
            f"{'met' if first[True] <= ttft + 0.020 else 'NOT met'}), "
            f"unstreamed {first[False] * 1000:7.1f} ms"
        )
        ratio = full[True] / full[False]
        print(
            f"  full turn:               streamed {full[True] * 1000:7.1f} ms, unstreamed "
            f"{full[False] * 1000:7.1f} ms: ratio {ratio:.3f} (target <= 1.05: "
            f"{'met' if ratio <= 1.05 else 'NOT met'})\n"
        )


class GapWatch:
    """The longest wait between two ticks of a UI-thread timer from a model call to its reply."""

    def __init__(self) -> None:
        from PySide6.QtCore import QElapsedTimer

        self.clock = QElapsedTimer()
        self.clock.start()
        self.last = self.clock.nsecsElapsed()
        self.open = False
        self.longest = 0.0

    def heard(self, event: Event) -> None:
        if event.type == EventType.MODEL_REQUEST:
            self.open = True  # from the call to the reply, in both modes
        elif event.type == EventType.BOT_MESSAGE:
            self.open = False

    def tick(self) -> None:
        now = self.clock.nsecsElapsed()
        if self.open:
            self.longest = max(self.longest, (now - self.last) / 1e6)
        self.last = now


def studio_figures(runs: int, ttft: float, word_s: float, folder: Path, temp: Path) -> None:
    from bench.offscreen import bench_application

    app = bench_application()
    from PySide6.QtCore import QSettings, QTimer

    from app.chat.keys import ApiKeyStore
    from app.chat.pane import ChatPane

    reply, _, _ = the_reply()
    gaps: dict[bool, list[float]] = {True: [], False: []}
    with fake_in_a_process(ttft, word_s, reply) as base_url:
        os.environ["OPENAI_BASE_URL"] = base_url
        for run in range(runs):
            for stream in (True, False):
                scenario = load_scenario(folder)
                scenario.model.stream = stream
                store = QSettings(
                    str(temp / f"settings-{run}-{stream}.ini"), QSettings.Format.IniFormat
                )
                pane = ChatPane(
                    lambda scenario=scenario: scenario,
                    settings_store=store,
                    keys=ApiKeyStore(environ={"OPENAI_API_KEY": FAKE_API_KEY}),
                    log_dir=temp / "logs",
                )
                pane.resize(700, 800)
                pane.show()
                wait_until(app, lambda pane=pane: pane.running and not pane.busy)
                pane.send("warm up")
                wait_until(app, lambda pane=pane: not pane.busy)
                watch = GapWatch()
                assert pane.runner is not None
                pane.runner.event_received.connect(watch.heard)
                timer = QTimer()
                timer.setInterval(1)
                timer.timeout.connect(watch.tick)
                timer.start()
                pane.send("tell me everything")
                wait_until(app, lambda pane=pane: not pane.busy)
                timer.stop()
                gaps[stream].append(watch.longest)
                pane.stop()
                pane.close()
                pane.deleteLater()
                app.processEvents()
    streamed, whole = statistics.median(gaps[True]), statistics.median(gaps[False])
    print(f"== studio (test chat, offscreen, responses): medians over {runs} turns of each")
    print(
        f"  longest UI-thread gap from the call to the reply: {streamed:.1f} ms (target <= 50 ms: "
        f"{'met' if streamed <= 50 else 'NOT met'}); worst turn {max(gaps[True]):.1f} ms; "
        f"unstreamed: {whole:.1f} ms (worst turn {max(gaps[False]):.1f} ms)"
    )


FAKE_PROCESS = """\
import sys
from engine.offline.fake_openai import FakeOpenAIServer
reply = sys.stdin.readline()
with FakeOpenAIServer(latency={ttft}, word_s={word_s}, responder=lambda _: reply) as server:
    print(server.base_url, flush=True)
    sys.stdin.read()  # until the bench closes it
"""


@contextlib.contextmanager
def fake_in_a_process(ttft: float, word_s: float, reply: str) -> Iterator[str]:
    """The fake server in a child process; yields its base URL."""
    code = FAKE_PROCESS.format(ttft=ttft, word_s=word_s)
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(reply + "\n")
    child.stdin.flush()
    try:
        yield child.stdout.readline().strip()
    finally:
        child.stdin.close()
        child.wait(timeout=10)


def wait_until(app: Any, condition: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the chat did not get there in time")
        app.processEvents()
        time.sleep(0.001)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--ttft", type=float, default=0.2, help="the fake's time to first token")
    parser.add_argument("--word", type=float, default=0.03, help="seconds per word")
    parser.add_argument("--no-studio", action="store_true", help="the engine's figures only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = scenario_folder(Path(temp))
        engine_figures(args.runs, args.ttft, args.word, folder)
        if not args.no_studio:
            studio_figures(args.runs, args.ttft, args.word, folder, Path(temp))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
