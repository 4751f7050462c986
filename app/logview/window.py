"""The log viewer window: any conversation log, as a chat with folded system events.

``open_log_window(path)`` is what File → Open Log and ``python -m app LOG.jsonl`` call. The
window reads the log with the same :class:`LogFollower` that then follows it, so opening a log
another process is still writing and following it are one code path. It shows what it can and
says in the status bar what it skipped (malformed lines, a half-written last line, lost lines).

Replay sets the turn shown; the window then filters the rows, shows the variables as of that
turn and emits :attr:`LogWindow.step_highlighted` (the studio connects it to the graph). Fork
and "Open Log…" call the window's :attr:`LogWindow.fork_handler` and
:attr:`LogWindow.open_handler`, set by whoever opened it (the studio's test chat, or the
stand-alone viewer's start-up in ``app.__main__``); the viewer itself knows nothing of chats,
and without a handler the button is disabled. Whoever opens a window keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QToolBar,
    QWidget,
)

from app.charts.turns import TurnChart
from app.i18n.locale_text import number, percent
from app.logview.follow import LogFollowController
from app.logview.logpane import LogPane, PaneToggle
from app.logview.projection import ConversationProjection
from app.logview.replay import ReplayBar
from app.logview.variables_panel import MeterLabel, VariablesPanel
from app.logview.view import ConversationView
from app.plain_text import PlainLabel, plain_tooltip, show_message
from app.widgets import closes_from_keyboard, retranslated, size_for_screen
from engine.errors import PrompterError, SessionError
from engine.log.events import Event
from engine.log.reader import LogFollower, SeqTracker, SkippedLine, parse_lines

#: (events up to the turn, turn): continue the conversation live from there
ForkHandler = Callable[[list[Event], int], object]

#: Logs longer than this many lines open with their last ``TAIL_LINES`` shown at once while
#: the rest is read in slices of ``SLICE_LINES`` between paints.
PROGRESSIVE_LINES = 4000
TAIL_LINES = 1500
SLICE_LINES = 3000
#: Whether the viewer's log pane is open (remembered across windows).
SETTINGS_LOG_PANE = "logview/logpane_open"


class LogWindow(QMainWindow):
    """See the module docstring."""

    #: The step the replayed turn was in (``str``), for ``GraphView.highlight_step``.
    step_highlighted = Signal(str)
    #: The file as it was when opened is fully read (a long one is read in slices).
    load_finished = Signal()

    def __init__(self, path: Path | str, *, follow: bool = True, parent: QWidget | None = None):
        super().__init__(parent)
        self.path = Path(path)
        size_for_screen(self, 1100, 760)
        closes_from_keyboard(self)  # Esc, Ctrl+W
        self.projection = ConversationProjection()
        self.skipped: list[SkippedLine] = []
        self._seqs = SeqTracker()
        self._fork_handler: ForkHandler | None = None
        self._open_handler: Callable[[Path], object] | None = None
        self.view = ConversationView(self)
        self.view.setObjectName("logView")
        self.setCentralWidget(self.view)
        self.variables = VariablesPanel(self)
        self.variables.turn_selected.connect(self.view.scroll_to_turn)
        dock = self.variables_dock = QDockWidget(self)
        dock.setObjectName("variablesDock")
        dock.setWidget(self.variables)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.replay = ReplayBar(self)
        self.replay.turn_changed.connect(self._show_turn)
        self.replay.fork_requested.connect(self._fork)
        replay_bar = self.replay_toolbar = QToolBar(self)
        replay_bar.setObjectName("replayToolbar")
        replay_bar.setMovable(False)
        replay_bar.addWidget(self.replay)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, replay_bar)
        self.meter = MeterLabel(self, wrap=False)
        self.problems_label = PlainLabel(self)
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
        self.fork_handler = None
        self.open_handler = None
        self.turn_chart = self._dock_turn_chart()
        self.log_pane = self._dock_log_pane()
        retranslated(self, self.retranslate_ui)
        self._load_backlog()

    def retranslate_ui(self) -> None:
        """Set the window's texts (again: on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("{file} — Prompter log").format(file=self.path.name))
        self.variables_dock.setWindowTitle(self.tr("Variables"))
        self.replay_toolbar.setWindowTitle(self.tr("Replay"))
        self.turn_chart_dock.setWindowTitle(self.tr("Turns: tokens, cost, model time"))
        self.log_pane_dock.setWindowTitle(self.tr("Log"))
        self.toolbar.setWindowTitle(self.tr("Log"))
        self.open_action.setText(self.tr("Open Log…"))
        self.follow_action.setText(self.tr("Follow"))
        self.follow_action.setToolTip(self.tr("Show new events as another process appends them"))
        self.system_action.setText(self.tr("System events"))
        self.system_action.setToolTip(self.tr("Show the engine's events between the chat bubbles"))
        if self._loaded:
            self._update_problems()

    @property
    def fork_handler(self) -> ForkHandler | None:
        """Called with (events up to the turn, turn) to fork; while None, Fork is disabled."""
        return self._fork_handler

    @fork_handler.setter
    def fork_handler(self, handler: ForkHandler | None) -> None:
        self._fork_handler = handler
        self.replay.fork_button.setEnabled(handler is not None)

    @property
    def open_handler(self) -> Callable[[Path], object] | None:
        """Opens another log (File ▸ Open Log…); while None, the action is disabled."""
        return self._open_handler

    @open_handler.setter
    def open_handler(self, handler: Callable[[Path], object] | None) -> None:
        self._open_handler = handler
        self.open_action.setEnabled(handler is not None)

    def _dock_turn_chart(self) -> TurnChart:
        """The per-turn chart (tokens, cost, model time) docked under the conversation: it
        shows the log's turns once read, follows what the viewer follows, starts over when the
        log is replaced; the turn under the mouse scrolls the conversation to it, and the turn
        the replay shows is shaded."""
        chart = TurnChart(self)
        dock = QDockWidget(self)
        dock.setObjectName("turnChartDock")
        dock.setWidget(chart)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        self.resizeDocks([dock], [300], Qt.Orientation.Vertical)
        self.turn_chart_dock = dock
        self.load_finished.connect(lambda: chart.set_events(self.events()))
        self.controller.events_appended.connect(chart.add_events)
        self.controller.restarted.connect(chart.clear)
        chart.turnHovered.connect(lambda turn: turn >= 0 and self.view.scroll_to_turn(turn))
        chart.turnClicked.connect(self.replay.set_turn)
        self.replay.turn_changed.connect(chart.highlight_turn)
        if self.loaded:
            chart.set_events(self.events())
        return chart

    def _dock_log_pane(self) -> LogPane:
        """The log pane, tabbed with the turn chart: the log's events as a table to filter and
        search, and the request inspector. Ctrl+J and the status bar's button collapse and
        expand it; a row selects its event in the conversation (and its step on the graph of
        a studio that opened the log), a click in the conversation selects its row."""
        pane = LogPane(self)
        dock = QDockWidget(self)
        dock.setObjectName("logPaneDock")
        dock.setWidget(pane)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        self.tabifyDockWidget(self.turn_chart_dock, dock)
        self.log_pane_dock = dock
        self.log_toggle = PaneToggle(dock, pane, self, QSettings(), SETTINGS_LOG_PANE)
        pane.attach(self.view.events_model)
        pane.event_selected.connect(self._log_row_selected)
        self.view.event_clicked.connect(
            lambda event: pane.select_event(event) or pane.select_turn(event.turn)
        )
        self.view.inspect_requested.connect(self.inspect)
        return pane

    def _log_row_selected(self, event: Event) -> None:
        self.view.select_event(event)
        if event.step:
            self.step_highlighted.emit(event.step)

    def inspect(self, event: Event) -> bool:
        """Open the log pane's request inspector on the model call of ``event``."""
        if not self.log_toggle.is_open:
            self.log_toggle.set_open(True)
        return self.log_pane.inspect(event)

    def _build_toolbar(self) -> None:
        bar = self.toolbar = self.addToolBar("")
        bar.setObjectName("logToolbar")
        self.open_action = QAction(self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._open_other)
        bar.addAction(self.open_action)
        self.follow_action = QAction(self)
        self.follow_action.setCheckable(True)
        self.follow_action.setChecked(self.following)
        self.follow_action.toggled.connect(self.set_following)
        bar.addAction(self.follow_action)
        self.system_action = QAction(self)
        self.system_action.setCheckable(True)
        self.system_action.setChecked(True)
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
        self.problems_label.setText(
            self.tr("Reading {file}… showing its last events").format(file=self.path.name)
        )
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
            self.problems_label.setText(
                self.tr("Reading {file}… {done}").format(file=self.path.name, done=percent(done))
            )
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
        """Lost lines (gaps in ``seq``) and repeated numbers (two writers, a resume that
        counted again), found as the events arrive."""
        self._seqs.feed(events)

    def _restart(self) -> None:
        self.projection = ConversationProjection()
        self.skipped = []
        self._seqs = SeqTracker()
        self.view.clear()
        self.replay.set_turn(None)
        self.problems_label.setText(self.tr("The log was truncated or replaced: reading it again"))

    def _skipped(self, lines: list[SkippedLine]) -> None:
        self.skipped.extend(lines)
        self._update_problems()

    def problems(self) -> list[str]:
        """What the window could not show, in words (also in the status bar's tooltip)."""
        notes = [str(line) for line in self.skipped]
        if not self.path.exists():
            notes.append(self.tr("{file} does not exist (yet)").format(file=self.path.name))
        if self.controller.follower.waiting_for_line_end and not self.following:
            notes.append(self.tr("the last line is incomplete (cut off while being written)"))
        notes.extend(
            self.tr("{count} event(s) missing after seq {seq}").format(
                count=gap.missing, seq=gap.after_seq
            )
            for gap in self._seqs.gaps
        )
        notes.extend(str(repeat) for repeat in self._seqs.repeats)
        return notes

    def _update_problems(self) -> None:
        notes = self.problems()
        if not notes:
            state = self.tr("following") if self.following else self.tr("not following")
            self.problems_label.setText(
                self.tr("{count} events · {state}").format(
                    count=number(len(self.events())), state=state
                )
            )
            self.problems_label.setToolTip("")
            return
        skipped = (
            self.tr("skipped {count} line(s)").format(count=len(self.skipped)) + " · "
            if self.skipped
            else ""
        )
        self.problems_label.setText(f"⚠ {skipped}{notes[-1] if not skipped else notes[0]}")
        self.problems_label.setToolTip(plain_tooltip("\n".join(notes[:50])))

    # --- replay and fork -------------------------------------------------------------------

    def _show_turn(self, turn: int | None) -> None:
        self.view.set_upto_turn(turn)
        self._refresh_side(turn)

    def _refresh_side(self, turn: int | None) -> None:
        self.variables.show_projection(self.projection, turn)
        self.meter.show_meter(self.projection.billed, self.projection.user_messages)
        step = self.projection.step if turn is None else self.projection.step_at(turn)
        self.replay.set_step_text(step)
        if step:
            self.step_highlighted.emit(step)

    def _fork(self, turn: int) -> None:
        events = [event for event in self.events() if event.turn <= turn]
        if self._fork_handler is None:
            return
        try:
            self._fork_handler(events, turn)
        except PrompterError as error:  # e.g. the log's scenario folder is gone
            show_message(self, self.tr("Cannot fork"), str(error), problem=True)

    def _open_other(self) -> None:
        if self._open_handler is None:
            return
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open conversation log"),
            str(self.path.parent),
            self.tr("Logs (*.jsonl *.log);;All (*)"),
        )
        if path:
            self._open_handler(Path(path))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.stop()
        super().closeEvent(event)


def open_log_window(
    path: Path | str, *, follow: bool = True, parent: QWidget | None = None
) -> LogWindow:
    """Open ``path`` in a new log window (following it) and show it; the caller keeps it."""
    window = LogWindow(path, follow=follow, parent=parent)
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window, True)
    window.show()
    return window
