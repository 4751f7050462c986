"""Notice when another program changes the scenario's files, so nothing is silently overwritten.

Editors commonly save by writing a temporary file and renaming it over the old one, which removes
the original from a file watch; so the folders are watched too and the file list is re-armed after
every event. Events are debounced, then the document's fingerprints (mtime, size, hash) decide
what really changed — our own saves never count.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from engine.scenario.definition import SCENARIO_FILE
from engine.scenario.document import ScenarioDocument
from engine.scenario.layout import LAYOUT_FILE
from engine.scenario_tests.definition import CASSETTE_SUFFIX, TEST_SUFFIX, TESTS_DIR

DEBOUNCE_MS = 300


class DiskWatcher(QObject):
    """Emits :attr:`changedOnDisk` with the files another program changed."""

    changedOnDisk = Signal(list)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._poke)
        self._watcher.directoryChanged.connect(self._poke)
        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._timer.timeout.connect(self.check)
        self._reported: frozenset[Path] = frozenset()

    def watch(self, document: ScenarioDocument | None) -> None:
        self.document = document
        self._reported = frozenset()
        self.rearm()

    def rearm(self) -> None:
        """Watch the scenario's current files and their folders (after saves, renames, …)."""
        for paths in (self._watcher.files(), self._watcher.directories()):
            if paths:
                self._watcher.removePaths(paths)
        document = self.document
        if document is None:
            return
        folder = Path(document.folder)
        files = {folder / SCENARIO_FILE, folder / LAYOUT_FILE}
        scenario = document.scenario
        if scenario is not None:
            if scenario.persona:
                files.add(folder / scenario.persona)
            files.update(
                folder / step.instructions for step in scenario.steps.values() if step.instructions
            )
        # the scenario's tests and their recordings are its files too (the Tests pane edits them)
        for pattern in (f"{TESTS_DIR}/*{TEST_SUFFIX}", f"{TESTS_DIR}/*{CASSETTE_SUFFIX}"):
            files.update(folder / relpath for relpath in document.files(pattern))
        existing = [str(path) for path in files if path.is_file()]
        folders = {str(Path(path).parent) for path in existing} | {str(folder)}
        folders = {path for path in folders if Path(path).is_dir()}
        if existing:
            self._watcher.addPaths(existing)
        if folders:
            self._watcher.addPaths(sorted(folders))

    def acknowledge(self) -> None:
        """The author saw the current changes (reloaded or kept their version)."""
        if self.document is not None:
            self._reported = frozenset(self.document.disk_changed())

    def check(self) -> list[Path]:
        """Report files changed by others since the last report; returns them."""
        document = self.document
        if document is None:
            return []
        self.rearm()
        changed = document.disk_changed()
        fresh = frozenset(changed)
        if changed and fresh != self._reported:
            self._reported = fresh
            self.changedOnDisk.emit(changed)
            return changed
        if not changed:
            self._reported = frozenset()
        return []

    def _poke(self, _path: str) -> None:
        self._timer.start()
