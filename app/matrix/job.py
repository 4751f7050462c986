"""Runs a matrix on a worker thread and brings its progress to the UI thread.

The engine's :class:`~engine.matrix.run.MatrixRun` runs on an event loop of its own (here on a
worker thread) and reports each finished run; the job keeps only the latest
:class:`~engine.matrix.run.MatrixProgress` under a lock and posts one signal unless one is
waiting, so a fast matrix does not flood the UI. :meth:`MatrixJob.cancel` may be called at any
time: runs in progress stop, finished ones are kept and written. :attr:`MatrixJob.finished`
brings ``matrix.json``'s content, :attr:`MatrixJob.failed` why the matrix could not be made.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

from app.worker_thread import WorkerThread
from engine.errors import PrompterError
from engine.matrix.build import PreparedMatrix, choose_tests, prepare
from engine.matrix.run import MatrixProgress
from engine.matrix.spec import parse_model
from engine.scenario.definition import Scenario
from engine.scenario_tests.suite import load_suite
from engine.simulate.persona import load_personas


@dataclass(frozen=True)
class MatrixSetup:
    """What to run: the scenario's folder and its state in the editor, and the choices."""

    folder: Path
    scenario: Scenario
    models: tuple[str, ...]
    variants: tuple[str, ...]
    tests: tuple[str, ...]
    personas: tuple[str, ...] = ()
    repeat: int = 10
    jobs: int = 4
    seed: int = 0
    out_dir: Path = Path("matrix")
    api_key: str | None = field(default=None, repr=False)


class MatrixJob(QObject):
    """One matrix, run once (see the module docstring)."""

    #: the latest MatrixProgress, on the UI thread
    progressed = Signal(object)
    #: matrix.json's content (a dict), on the UI thread
    finished = Signal(object)
    #: why the matrix could not be made, on the UI thread
    failed = Signal(str)
    _pulse = Signal()
    #: the worker's last word, crossing to the UI thread
    _finish = Signal(object)
    _fail = Signal(str)

    def __init__(self, setup: MatrixSetup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setup = setup
        self.running = False
        self.summary: dict[str, Any] | None = None
        self._latest: MatrixProgress | None = None
        self._posted = False
        self._lock = threading.Lock()
        self._prepared: PreparedMatrix | None = None
        self._cancelled = False
        self._thread = WorkerThread(self._work, "matrix")
        self._pulse.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self._finish.connect(self._finished_ui, Qt.ConnectionType.QueuedConnection)
        self._fail.connect(self._failed_ui, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        self.running = True
        self._thread.start()

    def cancel(self) -> None:
        with self._lock:
            self._cancelled = True
            prepared = self._prepared
        if prepared is not None:
            prepared.run.cancel("cancelled")

    def wait(self, timeout: float | None = None) -> bool:
        return self._thread.wait(timeout)

    def _work(self) -> None:
        setup = self.setup
        try:
            tests = choose_tests(load_suite(setup.folder).tests, setup.tests) if setup.tests else []
            personas = load_personas(setup.folder, list(setup.personas)) if setup.personas else []
            prepared = prepare(
                setup.folder,
                [parse_model(text) for text in setup.models],
                list(setup.variants),
                tests,
                personas=personas,
                repeat=setup.repeat,
                jobs=setup.jobs,
                seed=setup.seed,
                out_dir=setup.out_dir,
                current=setup.scenario,
                api_key_set=False,
                api_key=setup.api_key,
                on_progress=self._progress,
            )
            with self._lock:
                self._prepared = prepared
                cancelled = self._cancelled
            if cancelled:
                prepared.run.cancel("cancelled")
            _, summary = prepared.execute()
        except (PrompterError, OSError, ValueError) as error:
            self._fail.emit(str(error))
            return
        self._finish.emit(summary)

    def _progress(self, progress: MatrixProgress) -> None:
        with self._lock:
            self._latest = progress
            post = not self._posted
            self._posted = True
        if post:
            self._pulse.emit()

    @Slot()
    def _deliver(self) -> None:
        with self._lock:
            latest, self._latest = self._latest, None
            self._posted = False
        if latest is not None:
            self.progressed.emit(latest)

    @Slot(object)
    def _finished_ui(self, summary: dict[str, Any]) -> None:
        self._deliver()
        self.running = False
        self.summary = summary
        self.finished.emit(summary)

    @Slot(str)
    def _failed_ui(self, message: str) -> None:
        self.running = False
        self.failed.emit(message)
