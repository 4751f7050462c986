"""Runs a :class:`~app.tests_pane.plan.RunPlan` on a worker thread; progress comes back batched.

:func:`engine.scenario_tests.run_tests` runs the tests on an event loop of its own thread. Its
progress (``TestStarted``, ``TurnChecked``, ``TestFinished``: 1,200 of them for 100 tests of 10
turns, in a few seconds) is collected under a lock and handed to the UI thread in batches, at
most every :data:`BATCH_MS` — one UI wake-up per batch, not per turn, so the UI thread takes the
interpreter from the worker rarely and briefly and stays responsive. The outcome comes back as a
queued signal, after the last batch. Stopping is cooperative: the runner asks ``should_stop``
between turns, and the tests not finished end as errors ("cancelled").

A record or live run needs a provider; it is made on the worker thread (its HTTP client binds
to the loop that uses it) by the factory the pane was given, and closed there. A record run
with the fake model needs none: each test gets its own autopilot
(:func:`engine.scenario_tests.record_shipped.record_with_autopilot`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from app.tests_pane.plan import RunPlan
from app.worker_thread import WorkerThread
from engine.providers.base import Provider
from engine.scenario_tests import Progress, SuiteResult, run_tests
from engine.scenario_tests.record_shipped import record_with_autopilot

#: How often the UI thread takes the progress collected so far (a tenth of a second reads as
#: live; shorter only takes the interpreter from the tests more often).
BATCH_MS = 100
#: Makes the provider of a record or live run (on the worker thread): (provider, model or None)
ProviderFactory = Callable[[], tuple[Provider, str | None]]


class _Relay(QObject):
    """Lives on the UI thread; signals emitted from the worker are queued to it."""

    finished = Signal(object)
    failed = Signal(str)


class SuiteWorker(QObject):
    """One run of a plan (see the module docstring). Emits exactly one of ``finished`` and
    ``failed``."""

    #: a list of ``TestStarted`` / ``TurnChecked`` / ``TestFinished``, on the UI thread, in order
    progress = Signal(list)
    #: the ``SuiteResult``
    finished = Signal(object)
    #: the run could not happen at all (the provider could not be made, a bug): why
    failed = Signal(str)

    def __init__(
        self,
        plan: RunPlan,
        *,
        provider: ProviderFactory | None = None,
        log_dir: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.plan = plan
        self.provider_factory = provider
        self.log_dir = log_dir
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._pending: list[Progress] = []
        self._batches = QTimer(self, interval=BATCH_MS)
        self._batches.timeout.connect(self._hand_over)
        self._relay = _Relay()
        queued = Qt.ConnectionType.QueuedConnection
        self._relay.finished.connect(self._finished, queued)
        self._relay.failed.connect(self._failed, queued)
        self._worker = WorkerThread(self._run, "prompter-tests")

    def start(self) -> None:
        self._batches.start()
        self._worker.start()

    def stop(self) -> None:
        """Ask the run to stop between turns (the worker ends on its own)."""
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end (for closing); True when it has."""
        return self._worker.wait(timeout)

    # --- on the UI thread ---------------------------------------------------------------------

    def _hand_over(self) -> None:
        with self._lock:
            batch, self._pending = self._pending, []
        if batch:
            self.progress.emit(batch)

    def _finished(self, result: SuiteResult) -> None:
        self._batches.stop()
        self._hand_over()
        self.finished.emit(result)

    def _failed(self, why: str) -> None:
        self._batches.stop()
        self._hand_over()
        self.failed.emit(why)

    # --- on the worker thread -----------------------------------------------------------------

    def _collect(self, progress: Progress) -> None:
        with self._lock:
            self._pending.append(progress)

    def _run(self) -> None:
        try:
            result = asyncio.run(self._suite())
        except Exception as error:  # the run as a whole failed: say why, never crash the UI
            self._relay.failed.emit(str(error) or type(error).__name__)
            return
        self._relay.finished.emit(result)

    async def _suite(self) -> SuiteResult:
        if self.plan.fake_model:
            return await record_with_autopilot(
                self.plan.scenario,
                self.plan.tests,
                log_dir=self.log_dir,
                on_progress=self._collect,
                should_stop=self._stop.is_set,
            )
        provider: Provider | None = None
        model: str | None = None
        if self.plan.mode != "replay":
            if self.provider_factory is None:
                raise RuntimeError(f"a {self.plan.mode} run needs a model (no provider)")
            provider, model = self.provider_factory()
        try:
            return await run_tests(
                self.plan.scenario,
                self.plan.tests,
                mode=self.plan.mode,
                provider=provider,
                model=model,
                log_dir=self.log_dir,
                on_progress=self._collect,
                should_stop=self._stop.is_set,
            )
        finally:
            if provider is not None:
                await provider.aclose()


__all__ = ["ProviderFactory", "SuiteWorker"]
