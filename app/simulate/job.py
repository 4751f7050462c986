"""Runs a simulation on a worker thread and brings its progress to the UI thread, coalesced.

The engine's :class:`~engine.simulate.Simulation` runs its conversations on an event loop of
its own (:meth:`~engine.simulate.Simulation.run`, here on a worker thread) and calls
``on_progress`` there after every turn and every conversation: with 200 conversations at once
that is dozens of calls a second. Sending each across as a Qt signal would queue more work than
the UI needs to draw, so the worker only keeps the latest :class:`~engine.simulate.Counts` and
the conversations that ended, under a lock, and posts one "something new" signal unless one is
already waiting. The UI thread takes everything at once when it gets to it, at most every
:data:`MIN_INTERVAL_S`: :attr:`SimulationJob.progressed` ``(counts, ended)``.

:meth:`SimulationJob.cancel` may be called at any time, even before the worker has built the
simulation: running conversations are cancelled (their logs end properly), none starts, and
the report covers what ended. :attr:`SimulationJob.finished` brings the report (after a last
``progressed``), :attr:`SimulationJob.failed` a message when the run could not be made at all.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Literal

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot

from app.simulate.setup import SimulationSetup
from app.simulate.source import fake_api_key, start_fake_model
from app.worker_thread import WorkerThread
from engine.errors import PrompterError
from engine.providers import Provider
from engine.simulate import ConversationOutcome, Counts, ProgressUpdate, Simulation
from engine.simulate.report import SimulationReport

#: The UI takes the progress at most this often (seconds): ten redraws a second read as live.
MIN_INTERVAL_S = 0.1
#: Reason recorded in the report when the author cancels.
CANCELLED = "cancelled"

State = Literal["ready", "running", "finished", "failed"]


class SimulationJob(QObject):
    """One simulation, run once (see the module docstring)."""

    #: (Counts, list[ConversationOutcome] ended since the last one), on the UI thread
    progressed = Signal(object, object)
    #: the SimulationReport, on the UI thread
    finished = Signal(object)
    #: why the run could not be made (the provider, the output folder…), on the UI thread
    failed = Signal(str)
    _pulse = Signal()
    _done = Signal(object, object)

    def __init__(self, setup: SimulationSetup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setup = setup
        self.state: State = "ready"
        self.counts: Counts | None = None
        #: every conversation that ended, in the order they ended (UI thread)
        self.outcomes: list[ConversationOutcome] = []
        self.report: SimulationReport | None = None
        self.error: str | None = None
        self._lock = threading.Lock()
        self._simulation: Simulation | None = None
        self._cancel_requested = False
        self._latest: Counts | None = None
        self._ended: list[ConversationOutcome] = []
        self._pulsed = False
        self._last_drain = 0.0
        self._worker = WorkerThread(self._run, "prompter-simulate")
        self._pulse.connect(self._drain, Qt.ConnectionType.QueuedConnection)
        self._done.connect(self._on_done, Qt.ConnectionType.QueuedConnection)

    # --- control (UI thread) ---------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.state == "running"

    @property
    def cancel_requested(self) -> bool:
        return self._cancel_requested

    def start(self) -> None:
        if self.state != "ready":
            raise RuntimeError("a simulation job runs once")
        self.state = "running"
        self._worker.start()

    def cancel(self) -> None:
        """Stop cleanly: what ended is kept and reported, nothing new starts."""
        with self._lock:
            self._cancel_requested = True
            simulation = self._simulation
        if simulation is not None:
            simulation.cancel(CANCELLED)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the worker is done (closing, tests); True if it is."""
        return self._worker.wait(timeout)

    # --- the worker --------------------------------------------------------------------------

    def _run(self) -> None:
        setup = self.setup
        server: Any = None
        try:
            base_url = api_key = None
            if setup.source.is_fake:
                server = start_fake_model(setup.scenario)
                base_url, api_key = server.base_url, fake_api_key()
            provider = setup.source.make_provider(base_url, api_key)
            simulation = Simulation(
                setup.scenario,
                list(setup.personas),
                setup.settings,
                bot_provider=provider,
                out_dir=setup.out_dir,
                on_progress=self._progress,
            )
            with self._lock:
                self._simulation = simulation
                if self._cancel_requested:
                    simulation.cancel(CANCELLED)
            report = asyncio.run(_run_and_close(simulation, provider))
        except PrompterError as error:
            self._done.emit(None, str(error))
        except OSError as error:  # the output folder cannot be made or written
            where = f" ({error.filename})" if error.filename else ""
            self._done.emit(None, f"{error.strerror or error}{where}")
        except Exception as error:  # a bug of ours must reach the window, not die here
            self._done.emit(None, f"{type(error).__name__}: {error}")
        else:
            self._done.emit(report, None)
        finally:
            if server is not None:
                server.stop()

    def _progress(self, update: ProgressUpdate) -> None:
        """Worker thread: keep the news, and wake the UI thread unless it is already woken."""
        with self._lock:
            self._latest = update.counts
            if update.ended is not None:
                self._ended.append(update.ended)
            if self._pulsed:
                return
            self._pulsed = True
        self._pulse.emit()

    # --- back on the UI thread ---------------------------------------------------------------

    @Slot()
    def _drain(self, *, force: bool = False) -> None:
        if self.state != "running":  # a late timer after the end: the report has it all
            return
        wait = self._last_drain + MIN_INTERVAL_S - time.perf_counter()
        if wait > 0 and not force:
            QTimer.singleShot(int(wait * 1000) + 1, self, self._drain)
            return
        with self._lock:
            counts, ended = self._latest, self._ended
            self._ended = []
            self._pulsed = False
        self._last_drain = time.perf_counter()
        if counts is None and not ended:
            return
        self.counts = counts or self.counts
        self.outcomes += ended
        if self.counts is not None:
            self.progressed.emit(self.counts, ended)

    @Slot(object, object)
    def _on_done(self, report: SimulationReport | None, error: str | None) -> None:
        self._drain(force=True)
        if report is None:
            self.state = "failed"
            self.error = error or self.tr("the simulation failed")
            self.failed.emit(self.error)
            return
        self.state = "finished"
        self.report = report
        self.finished.emit(report)


async def _run_and_close(simulation: Simulation, provider: Provider) -> SimulationReport:
    try:
        return await simulation.run()
    finally:
        await provider.aclose()


__all__ = ["CANCELLED", "MIN_INTERVAL_S", "SimulationJob"]
