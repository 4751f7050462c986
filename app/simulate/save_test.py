"""*Save as test* for a simulated conversation, off the UI thread.

:func:`engine.simulate.save_as_test` replays the conversation through the scenario to check it
plays the same way and records its cassette, on an event loop of its own: a worker thread does
it, and :attr:`SaveTestJob.saved` (the test's path) or :attr:`SaveTestJob.failed` (why not)
come back on the UI thread. The test gets a file name of its own: ``sim_0007_terse_founder_2``,
or ``…_2`` when that test exists already — an earlier test is never replaced.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.worker_thread import WorkerThread
from engine.errors import PrompterError
from engine.scenario.definition import Scenario, unique_name
from engine.scenario_tests.definition import TEST_SUFFIX, TESTS_DIR
from engine.simulate import save_as_test
from engine.simulate.save import test_stem


def free_stem(scenario_dir: Path, log_path: Path) -> str:
    """The test's file name (without ``.test.yaml``), one no test of the scenario has."""
    folder = scenario_dir / TESTS_DIR
    taken = (
        {path.name[: -len(TEST_SUFFIX)] for path in folder.glob(f"*{TEST_SUFFIX}")}
        if folder.is_dir()
        else set()
    )
    return unique_name(test_stem(log_path), taken)


class SaveTestJob(QObject):
    """Saves one conversation's log as a test of ``scenario`` (see the module docstring)."""

    saved = Signal(object)  # the test file's Path
    failed = Signal(str)

    def __init__(
        self, scenario: Scenario, log_path: Path, name: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.log_path = log_path
        self.name = name
        self.result: Path | str | None = None
        self._worker = WorkerThread(self._run, "prompter-save-test")

    def start(self) -> None:
        self._worker.start()

    def wait(self, timeout: float | None = None) -> bool:
        return self._worker.wait(timeout)

    def _run(self) -> None:
        root = self.scenario.root
        try:
            if root is None:
                raise PrompterError(self.tr("the scenario has no folder to save the test in"))
            path = save_as_test(
                self.scenario, self.log_path, name=self.name, stem=free_stem(root, self.log_path)
            )
        except PrompterError as error:
            self.result = str(error)
            self.failed.emit(str(error))
        except OSError as error:
            self.result = f"{error.strerror or error} ({error.filename or self.log_path})"
            self.failed.emit(self.result)
        except Exception as error:  # a bug of ours is said, not lost with the thread
            self.result = f"{type(error).__name__}: {error}"
            self.failed.emit(self.result)
        else:
            self.result = path
            self.saved.emit(path)


__all__ = ["SaveTestJob", "free_stem"]
