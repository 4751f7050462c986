"""The log viewer window: any conversation log, as a chat with folded system events.

``open_log_window(path)`` is what File → Open Log and ``python -m app LOG.jsonl`` call. The
window reads the log with the same :class:`LogFollower` that then follows it, so opening a log
another process is still writing and following it are one code path. It shows what it can and
says in the status bar what it skipped (malformed lines, a half-written last line, lost lines).

Replay sets the turn shown; the window then filters the rows, shows the variables as of that
turn and emits :attr:`LogWindow.step_highlighted` (the studio connects it to the graph). Fork
emits :attr:`LogWindow.fork_requested`; if nobody listens (the viewer opened on its own), the
window loads the scenario named in the log and opens a chat window that continues from there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QWidget,
)

from app.charts.attach import attach_to_log_window
from app.logview.follow import LogFollowController
from app.logview.inspector import MeterLabel, VariablesInspector
from app.logview.projection import ConversationProjection
from app.logview.replay import ReplayBar
from app.logview.view import ConversationView
from engine.errors import SessionError
from engine.events import Event
from engine.logread import LogFollower, SeqGap, SkippedLine, parse_lines

#: Logs longer than this many lines open with their last ``TAIL_LINES`` shown at once while
#: the rest is read in slices of ``SLICE_LINES`` between paints.
PROGRESSIVE_LINES = 4000
TAIL_LINES = 1500
SLICE_LINES = 3000

#: Open windows, so a window opened from a menu is not garbage-collected while shown.
_OPEN_WINDOWS: list[LogWindow] = []


class LogWindow(QMainWindow):
    """See the module docstring."""

    #: The step the replayed turn was in (``str``), for ``GraphView.highlight_step``.
    step_highlighted = Signal(str)
    #: The file as it was when opened is fully read (a long one is read in slices).
    load_finished = Signal()

    def __init__(self, path: Path | str, *, follow: bool = True, parent: QWidget | None = None):
        super().__init__(parent)
        self.path = Path(path)
        self.setWindowTitle(f"{self.path.name} — Prompter log")
        self.resize(1100, 760)
        self.projection = ConversationProjection()
        self.skipped: list[SkippedLine] = []
        self._gaps: list[SeqGap] = []
        self._last_seq: dict[str, int] = {}
        #: Called with (events up to the turn, turn) to fork; None opens a chat window.
        self.fork_handler: Callable[[list[Event], int], None] | None = None
        self.view = ConversationView(self)
        self.view.setObjectName("logView")
        self.setCentralWidget(self.view)
        self.inspector = VariablesInspector(self)
        self.inspector.turn_selected.connect(self.view.scroll_to_turn)
        dock = QDockWidget("Variables", self)
        dock.setObjectName("variablesDock")
        dock.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.replay = ReplayBar(self)
        self.replay.turn_changed.connect(self._show_turn)
        self.replay.fork_requested.connect(self._fork)
        replay_bar = QToolBar("Replay", self)
        replay_bar.setObjectName("replayToolbar")
        replay_bar.setMovable(False)
        replay_bar.addWidget(self.replay)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, replay_bar)
        self.meter = MeterLabel(self)
        self.problems_label = QLabel(self)
        self.problems_label.setObjectName("logProblems")
        self.statusBar().addWidget(self.problems_label, 1)
        self.statusBar().addPermanentWidget(self.meter)
        self.controller = LogFollowController(LogFollower(self.path), self)
        self.controller.events_appended.connect(self._append)
        self.controller.restarted.connect(self._restart)
        self.controller.lines_skipped.connect(self._skipped)
        self.controller.missing_changed.connect(lambda _missing: self._update_problems())
        self.controller.failed.connect(self.problems_label.setText)
        self._loaded = False
        self._follow_when_loaded = follow
        self._build_toolbar()
        self.turn_chart = attach_to_log_window(self)  # per-turn chart, docked below
        self._load_backlog()

    def _build_toolbar(self) -> None:
        bar = self.addToolBar("Log")
        bar.setObjectName("logToolbar")
        open_action = QAction("Open Log…", self)
        open_action.setShortcut(QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self._open_other)
        bar.addAction(open_action)
        self.follow_action = QAction("Follow", self)
        self.follow_action.setCheckable(True)
        self.follow_action.setToolTip("Show new events as another process appends them")
        self.follow_action.setChecked(self.following)
        self.follow_action.toggled.connect(self.set_following)
        bar.addAction(self.follow_action)
        self.system_action = QAction("System events", self)
        self.system_action.setCheckable(True)
        self.system_action.setChecked(True)
        self.system_action.setToolTip("Show the engine's events between the chat bubbles")
        self.system_action.toggled.connect(self.view.set_show_system)
        bar.addAction(self.system_action)

    # --- reading ---------------------------------------------------------------------------

    @property
    def loaded(self) -> bool:
        """True once the whole file (as it was when opened) is read and shown."""
        return self._loaded

    def _load_backlog(self) -> None:
        """Read what the file holds now: at once if it is short, its end first if it is long."""
        try:
            raw = self.controller.follower.poll_raw()
        except SessionError as error:
            self.problems_label.setText(str(error))
            self._finish_loading([], [])
            return
        if len(raw.lines) <= PROGRESSIVE_LINES:
            self._finish_loading(*raw.parse())
            return
        # A long log: show its last lines now (the view opens at the end anyway) and read the
        # rest in slices between paints, so the window is usable at once.
        split = len(raw.lines) - TAIL_LINES
        self._tail = parse_lines(raw.lines[split:], raw.first_line_no + split)
        self._head_lines = raw.lines[:split]
        self._head_first = raw.first_line_no
        self._head: tuple[list[Event], list[SkippedLine]] = ([], [])
        self._head_done = 0
        self.view.set_events(self._tail[0])
        self.replay.setEnabled(False)
        self.problems_label.setText(f"Reading {self.path.name}… showing its last events")
        QTimer.singleShot(0, self._load_slice)

    def _load_slice(self) -> None:
        start = self._head_done
        chunk = self._head_lines[start : start + SLICE_LINES]
        events, skipped = parse_lines(chunk, self._head_first + start)
        self._head[0].extend(events)
        self._head[1].extend(skipped)
        self._head_done += len(chunk)
        if self._head_done < len(self._head_lines):
            done = self._head_done / len(self._head_lines)
            self.problems_label.setText(f"Reading {self.path.name}… {done:.0%}")
            QTimer.singleShot(0, self._load_slice)
            return
        events = self._head[0] + self._tail[0]
        skipped = self._head[1] + self._tail[1]
        del self._head_lines, self._head, self._tail
        self.view.set_events([])  # rows are re-added in file order below
        self.replay.setEnabled(True)
        self._finish_loading(events, skipped)

    def _finish_loading(self, events: list[Event], skipped: list[SkippedLine]) -> None:
        if skipped:
            self._skipped(skipped)
        self._append(events)
        self._loaded = True
        if self._follow_when_loaded:
            self.set_following(True)
        self._update_problems()
        self.load_finished.emit()

    @property
    def following(self) -> bool:
        return self.controller.active if self._loaded else self._follow_when_loaded

    def set_following(self, follow: bool) -> None:
        if not self._loaded:  # follows from where the initial read ends
            self._follow_when_loaded = follow
            self.follow_action.setChecked(follow)
            return
        if follow and not self.controller.active:
            self.controller.start()
        elif not follow and self.controller.active:
            self.controller.stop()
        self.follow_action.setChecked(follow)
        self._update_problems()

    def events(self) -> list[Event]:
        return self.view.events_model.events()

    def _append(self, events: list[Event]) -> None:
        self._track_gaps(events)
        self.projection.feed_many(events)
        self.view.append_events(events)
        self.replay.set_last_turn(self.projection.last_turn)
        self._refresh_side(self.replay.turn)
        self._update_problems()

    def _track_gaps(self, events: list[Event]) -> None:
        for event in events:
            previous = self._last_seq.get(event.session)
            if previous is not None and event.seq > previous + 1:
                self._gaps.append(SeqGap(event.session, previous, event.seq))
            if previous is None or event.seq > previous:
                self._last_seq[event.session] = event.seq

    def _restart(self) -> None:
        self.projection = ConversationProjection()
        self.skipped = []
        self._gaps = []
        self._last_seq = {}
        self.view.clear()
        self.replay.set_turn(None)
        self.problems_label.setText("The log was truncated or replaced: reading it again")

    def _skipped(self, lines: list[SkippedLine]) -> None:
        self.skipped.extend(lines)
        self._update_problems()

    def problems(self) -> list[str]:
        """What the window could not show, in words (also in the status bar's tooltip)."""
        notes = [str(line) for line in self.skipped]
        if not self.path.exists():
            notes.append(f"{self.path.name} does not exist (yet)")
        if self.controller.follower.waiting_for_line_end and not self.following:
            notes.append("the last line is incomplete (cut off while being written)")
        notes.extend(
            f"{gap.missing} event(s) missing after seq {gap.after_seq}" for gap in self._gaps
        )
        return notes

    def _update_problems(self) -> None:
        notes = self.problems()
        if not notes:
            state = "following" if self.following else "not following"
            self.problems_label.setText(f"{len(self.events()):,} events · {state}")
            self.problems_label.setToolTip("")
            return
        skipped = f"skipped {len(self.skipped)} line(s) · " if self.skipped else ""
        self.problems_label.setText(f"⚠ {skipped}{notes[-1] if not skipped else notes[0]}")
        self.problems_label.setToolTip("\n".join(notes[:50]))

    # --- replay and fork -------------------------------------------------------------------

    def _show_turn(self, turn: int | None) -> None:
        self.view.set_upto_turn(turn)
        self._refresh_side(turn)

    def _refresh_side(self, turn: int | None) -> None:
        self.inspector.show_projection(self.projection, turn)
        self.meter.show_meter(self.projection.meter)
        step = self.projection.step if turn is None else self.projection.step_at(turn)
        self.replay.set_step_text(step)
        if step:
            self.step_highlighted.emit(step)

    def _fork(self, turn: int) -> None:
        events = [event for event in self.events() if event.turn <= turn]
        if self.fork_handler is not None:
            self.fork_handler(events, turn)
        else:
            self._fork_in_own_window(events, turn)

    def _fork_in_own_window(self, events: list[Event], turn: int) -> None:
        from app.chat.window import open_fork_window  # the chat needs the engine: load lazily

        try:
            open_fork_window(events, turn, scenario_hint=self.projection.session_info, parent=self)
        except Exception as error:
            QMessageBox.warning(self, "Cannot fork", str(error))

    def _open_other(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open conversation log", str(self.path.parent), "Logs (*.jsonl *.log);;All (*)"
        )
        if path:
            open_log_window(path)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.stop()
        if self in _OPEN_WINDOWS:
            _OPEN_WINDOWS.remove(self)
        super().closeEvent(event)


def open_log_window(
    path: Path | str, *, follow: bool = True, parent: QWidget | None = None, **_: Any
) -> LogWindow:
    """Open ``path`` in a new log window (following it) and show it."""
    window = LogWindow(path, follow=follow, parent=parent)
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window, True)
    _OPEN_WINDOWS.append(window)
    window.show()
    return window
