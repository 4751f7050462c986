"""A chat in its own window: for a fork started from the log viewer outside the studio.

Inside the studio the chat is a pane of the main window (``app.chat.install``); the log viewer
opened on its own (``python -m app LOG.jsonl``) has no editor, so a fork loads the scenario the
log names and continues in this window.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from app.chat.pane import ChatPane
from app.chat.settings import default_log_dir
from engine.errors import SessionError
from engine.events import Event
from engine.scenario.loader import load_scenario
from engine.scenario.model import Scenario

_OPEN_WINDOWS: list[ChatWindow] = []


class ChatWindow(QMainWindow):
    """A :class:`ChatPane` with its variables inspector docked on the right."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None, **options: Any):
        super().__init__(parent)
        self.scenario = scenario
        self.setWindowTitle(f"{scenario.title or scenario.name} — Prompter test chat")
        self.resize(1000, 720)
        self.pane = ChatPane(lambda: self.scenario, parent=self, **options)
        self.setCentralWidget(self.pane)
        dock = QDockWidget("Variables", self)
        dock.setObjectName("variablesDock")
        dock.setWidget(self.pane.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.pane.stop()
        if self in _OPEN_WINDOWS:
            _OPEN_WINDOWS.remove(self)
        super().closeEvent(event)


def scenario_of_log(session_info: Mapping[str, Any]) -> Scenario:
    """The scenario a log's ``session_start`` names, loaded from disk."""
    folder = session_info.get("scenario_path")
    if not folder:
        raise SessionError(
            "the log does not say where its scenario is; open the scenario in the studio "
            "and fork from its File → Open Log"
        )
    if not Path(folder).exists():
        raise SessionError(f"the log's scenario folder {folder} does not exist any more")
    return load_scenario(Path(folder))


def open_fork_window(
    events: list[Event],
    turn: int,
    *,
    scenario_hint: Mapping[str, Any],
    parent: QWidget | None = None,
    **options: Any,
) -> ChatWindow:
    """Load the log's scenario and continue the conversation live from the end of ``turn``."""
    options.setdefault("log_dir", default_log_dir())
    window = ChatWindow(scenario_of_log(scenario_hint), parent, **options)
    window.setWindowFlag(Qt.WindowType.Window, True)
    window.pane.fork_from(events, turn)
    _OPEN_WINDOWS.append(window)
    window.show()
    return window
