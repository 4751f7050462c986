"""Runs a :class:`~app.tests_pane.plan.RunPlan` on a worker thread; progress comes back queued.

:func:`engine.scenario_tests.run_tests_sync` runs the tests on its own event loop; this puts it
on a thread of its own and relays its progress (``TestStarted``, ``TurnChecked``,
``TestFinished``) and its outcome as Qt signals with queued connections, so every slot runs on
the UI thread and the UI never waits for a test. Stopping is cooperative: the runner asks
``should_stop`` between turns, and the tests not finished end as errors ("cancelled").

A record or live run needs a provider; it is made on the worker thread (its HTTP client binds
to the loop that uses it) by the factory the pane was given, and closed there.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal

from app.tests_pane.plan import RunPlan
from engine.providers.base import Provider
from engine.scenario_tests import SuiteResult, run_tests

#: Makes the provider of a record or live run (on the worker thread): (provider, model or None)
ProviderFactory = Callable[[], tuple[Provider, str | None]]


class _Relay(QObject):
    """Lives on the UI thread; signals emitted from the worker are queued to it."""

    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(str)


class SuiteWorker(QObject):
    """One run of a plan (see the module docstring). Emits exactly one of ``finished`` and
    ``failed``."""

    #: a ``TestStarted`` / ``TurnChecked`` / ``TestFinished``, on the UI thread, in order
    progress = Signal(object)
    #: the ``SuiteResult``
    finished = Signal(object)
    #: the run could not happen at all (the provider could not be made, a bug): why
    failed = Signal(str)

    def __init__(self, plan: RunPlan, *, provider: ProviderFactory | None = None,
                 log_dir: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.plan = plan
        self.provider_factory = provider
        self.log_dir = log_dir
        self._stop = threading.Event()
        self._relay = _Relay()
        queued = Qt.ConnectionType.QueuedConnection
        self._relay.progress.connect(self.progress, queued)
        self._relay.finished.connect(self.finished, queued)
        self._relay.failed.connect(self.failed, queued)
        self._thread = threading.Thread(target=self._run, name="prompter-tests", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Ask the run to stop between turns (the worker ends on its own)."""
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end (for closing); True when it has."""
        if self._thread.is_alive():
            self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self) -> None:
        try:
            result = asyncio.run(self._suite())
        except Exception as error:  # the run as a whole failed: say why, never crash the UI
            self._relay.failed.emit(str(error) or type(error).__name__)
            return
        self._relay.finished.emit(result)

    async def _suite(self) -> SuiteResult:
        provider: Provider | None = None
        model: str | None = None
        if self.plan.mode != "replay":
            if self.provider_factory is None:
                raise RuntimeError(f"a {self.plan.mode} run needs a model (no provider)")
            provider, model = self.provider_factory()
        try:
            return await run_tests(
                self.plan.scenario, self.plan.tests, mode=self.plan.mode, provider=provider,
                model=model, log_dir=self.log_dir, on_progress=self._relay.progress.emit,
                should_stop=self._stop.is_set)
        finally:
            if provider is not None:
                await provider.aclose()


__all__ = ["ProviderFactory", "SuiteWorker"]
