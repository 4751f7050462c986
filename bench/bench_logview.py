"""Bench the log viewer and the test chat against their targets; prints medians.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_logview.py [--events 20000] [--runs 5]

1. **open**: a generated 20,000-event log (the engine's ``Event`` type, every kind of row) from
   ``LogWindow(path)`` to its first paint (a long log shows its end first), and to every event
   read, measured and shown (replay and variables complete). Target ≤ 1 s.
2. **follow**: a writer thread appends one event every 40 ms to a followed log; latency from the
   write to the first paint of the view showing its row. Target ≤ 250 ms.
3. **ui-heartbeat**: the chat pane talks to the fake OpenAI server, each answer taking 0.5 s;
   a 10 ms QTimer on the UI thread records the largest gap between its ticks during the calls.
   Target: never blocked more than 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from offscreen import bench_application
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication

from app.chat.keys import ApiKeyStore
from app.chat.pane import ChatPane
from app.logview.sample import SampleConversation, write_sample_log
from app.logview.window import LogWindow
from engine.io.resources import default_scenario
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.scenario.loader import load_scenario


class PaintWatcher(QObject):
    """Calls ``on_paint`` (with ``perf_counter()``) after each paint of a widget."""

    def __init__(self, on_paint: Callable[[float], None]) -> None:
        super().__init__()
        self.on_paint = on_paint

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, lambda: self.on_paint(time.perf_counter()))
        return False


def wait_until(app: QApplication, condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the condition was not met in time")
        app.processEvents()
        time.sleep(0.001)


def bench_open(app: QApplication, folder: Path, count: int, runs: int) -> None:
    path = folder / "big.jsonl"
    events = write_sample_log(path, count)
    size_mb = path.stat().st_size / 1e6
    first_paint: list[float] = []
    laid_out: list[float] = []
    for _ in range(runs):
        painted: list[float] = []
        started = time.perf_counter()
        window = LogWindow(path, follow=False)
        watcher = PaintWatcher(painted.append)
        window.view.viewport().installEventFilter(watcher)
        window.resize(1100, 760)
        window.show()
        wait_until(app, painted.__len__)
        first_paint.append(painted[0] - started)
        wait_until(app, lambda: window.loaded)  # noqa: B023 - waited for within the loop
        app.processEvents()
        laid_out.append(time.perf_counter() - started)
        assert len(window.events()) == len(events)
        window.close()
        window.deleteLater()
        app.processEvents()
    print(
        f"open {len(events):,}-event log ({size_mb:.1f} MB): median to first paint "
        f"{statistics.median(first_paint) * 1000:.0f} ms (its last events), to every event "
        f"read and shown {statistics.median(laid_out) * 1000:.0f} ms, over {runs} runs "
        f"(target ≤ 1000 ms)"
    )


def bench_follow(app: QApplication, folder: Path, lines: int) -> None:
    path = folder / "live.jsonl"
    sample = SampleConversation(session="live")
    backlog = list(sample.events(2000))
    path.write_text("".join(e.to_json() + "\n" for e in backlog), encoding="utf-8")
    window = LogWindow(path, follow=True)
    window.resize(1100, 760)
    window.show()
    written: dict[int, float] = {}
    latencies: list[float] = []
    pending: set[int] = set()

    def on_paint(now: float) -> None:
        for seq in list(pending):
            latencies.append(now - written[seq])
            pending.discard(seq)

    watcher = PaintWatcher(on_paint)
    window.view.viewport().installEventFilter(watcher)

    def on_rows(events: list) -> None:
        for event in events:
            if event.seq in written:
                pending.add(event.seq)
        window.view.viewport().update()

    window.controller.events_appended.connect(on_rows)
    extra = list(SampleConversation(session="live", seed=7).events(lines + 50))
    seq = backlog[-1].seq

    def writer() -> None:
        nonlocal seq
        with path.open("a", encoding="utf-8") as handle:
            for event in extra[:lines]:
                seq += 1
                record = event.to_record() | {"seq": seq, "session": "live"}
                line = json.dumps(record) + "\n"
                written[seq] = time.perf_counter()
                handle.write(line)
                handle.flush()
                time.sleep(0.04)

    thread = threading.Thread(target=writer)
    thread.start()
    wait_until(app, lambda: not thread.is_alive() and len(latencies) >= lines, timeout=60)
    thread.join()
    window.close()
    ordered = sorted(latencies)
    p95 = ordered[int(len(ordered) * 0.95)]
    print(
        f"follow: {lines} appended lines, latency write → row painted: median "
        f"{statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"max {ordered[-1] * 1000:.0f} ms (target ≤ 250 ms)"
    )


def bench_heartbeat(app: QApplication, folder: Path, turns: int) -> None:
    scenario = load_scenario(default_scenario())
    store = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    with FakeOpenAIServer() as server:
        pane = ChatPane(
            lambda: scenario,
            settings_store=store,
            keys=ApiKeyStore(environ={"OPENAI_API_KEY": FAKE_API_KEY}),
            log_dir=folder / "logs",
        )
        pane.apply_settings(pane.settings.with_changes(provider="chat", base_url=server.base_url))
        pane.resize(700, 800)
        pane.show()
        wait_until(app, lambda: pane.running and not pane.busy)
        gaps: list[float] = []
        last = [time.perf_counter()]

        def tick() -> None:
            now = time.perf_counter()
            if pane.busy:
                gaps.append(now - last[0])
            last[0] = now

        timer = QTimer()
        timer.setInterval(10)
        timer.timeout.connect(tick)
        timer.start()
        reply = {"message": "Tell me more.", "transition": "stay", "results": {}, "summary": ""}
        for turn in range(turns):
            server.queue(Fault.delay(0.5, json.dumps(reply)))
            pane.send(f"Message {turn}: here is a longer answer about my idea. " * 5)
            wait_until(app, lambda: pane.busy)
            wait_until(app, lambda: not pane.busy)
        timer.stop()
        pane.stop()
    print(
        f"ui-heartbeat: {turns} chat turns of 0.5 s model calls, 10 ms timer on the UI thread: "
        f"max gap {max(gaps) * 1000:.0f} ms, median {statistics.median(gaps) * 1000:.0f} ms "
        f"(target: never > 100 ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--follow-lines", type=int, default=60)
    parser.add_argument("--turns", type=int, default=6)
    args = parser.parse_args()
    app = bench_application()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        bench_open(app, folder, args.events, args.runs)
        bench_follow(app, folder, args.follow_lines)
        bench_heartbeat(app, folder, args.turns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
