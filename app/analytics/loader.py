"""Read logs off the UI thread: the window stays responsive while a thousand logs are folded.

:class:`StatsJob` runs :func:`engine.stats.collect_stats` in a worker thread and reports back
through Qt signals (delivered on the UI thread): ``progress(done, total)`` per file, then
``finished(report)`` or ``failed(message)``. The engine's fold is plain Python with no shared
state, so the only thing crossing threads is the finished report.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.worker_thread import WorkerThread
from engine.scenario.definition import Scenario
from engine.stats import StatsReport, collect_stats


class StatsJob(QObject):
    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(
        self, paths: Sequence[Path], scenario: Scenario | None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.paths = list(paths)
        self.scenario = scenario
        self.report: StatsReport | None = None
        self._worker = WorkerThread(self._run, "prompter-stats")

    def start(self) -> None:
        self._worker.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work is done (tests, closing); True if it is."""
        return self._worker.wait(timeout)

    def _run(self) -> None:
        try:
            report = collect_stats(
                self.paths,
                scenario=self.scenario,
                progress=lambda done, total: self.progress.emit(done, total),
            )
        except Exception as error:  # a bug must reach the window, not die with the thread
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.report = report
        self.finished.emit(report)


__all__ = ["StatsJob"]
