"""Live follow: new lines of a log file reach the view within a fraction of a second.

The file watcher reacts at once when the OS reports a change; a short timer polls as well,
because watchers miss changes on network drives, in some containers, and after the file was
replaced (rotation). Reading is :class:`engine.log.reader.LogFollower`'s job: only appended bytes,
the file never held open, a half-written line kept until its newline arrives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from engine.errors import SessionError
from engine.log.reader import FollowBatch, LogFollower

#: The fallback poll; with the watcher most lines arrive far sooner.
POLL_INTERVAL_MS = 100


class LogFollowController(QObject):
    """Polls a :class:`LogFollower` from the UI thread and reports what it found."""

    #: New events (a list of :class:`Event`), in file order.
    events_appended = Signal(list)
    #: The file was truncated or replaced: clear the view, the next events start over.
    restarted = Signal()
    #: Lines that could not be read (a list of :class:`SkippedLine`).
    lines_skipped = Signal(list)
    #: True while the file does not exist.
    missing_changed = Signal(bool)
    #: The file cannot be read at all (permissions, …): a sentence for the status bar.
    failed = Signal(str)

    def __init__(self, follower: LogFollower, parent: Any = None) -> None:
        super().__init__(parent)
        self.follower = follower
        self._missing: bool | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_INTERVAL_MS)
        self._timer.timeout.connect(self.poll)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._changed)
        self._watcher.directoryChanged.connect(self._changed)

    @property
    def path(self) -> Path:
        return self.follower.path

    @property
    def active(self) -> bool:
        return self._timer.isActive()

    def start(self) -> None:
        self._watch()
        self._timer.start()
        self.poll()

    def stop(self) -> None:
        self._timer.stop()
        for watched in self._watcher.files() + self._watcher.directories():
            self._watcher.removePath(watched)

    def _watch(self) -> None:
        folder = str(self.path.parent)
        if folder not in self._watcher.directories() and self.path.parent.exists():
            self._watcher.addPath(folder)
        if str(self.path) not in self._watcher.files() and self.path.exists():
            self._watcher.addPath(str(self.path))

    def _changed(self, _path: str) -> None:
        if self.active:
            self._watch()  # a replaced file drops out of the watcher: watch the new one
            self.poll()

    def poll(self) -> FollowBatch | None:
        try:
            batch = self.follower.poll_batch()
        except SessionError as error:
            self.failed.emit(str(error))
            return None
        if batch.missing != self._missing:
            self._missing = batch.missing
            self.missing_changed.emit(batch.missing)
        if batch.restarted:
            self.restarted.emit()
        if batch.skipped:
            self.lines_skipped.emit(batch.skipped)
        if batch.events:
            self.events_appended.emit(batch.events)
        return batch
