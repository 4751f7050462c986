"""The simulation window's conversations: selecting one, opening its log, saving it as a test.

A conversation's log opens through the window's ``log_opener`` (the studio's log viewer); *Save
as test…* asks for a name and writes the test and its cassette off the UI thread
(:class:`~app.simulate.save_test.SaveTestJob`), saying where it went. The status filter hides the
rows of other statuses; the actions are enabled only for a conversation that has a log.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QMainWindow, QPushButton, QTabWidget, QWidget

from app.simulate.save_test import SaveTestJob
from app.simulate.tables import ReportTable
from engine.scenario.definition import Scenario
from engine.simulate import ConversationOutcome
from engine.simulate.report import SimulationReport


class ConversationsPart(QMainWindow):
    """The conversations of a :class:`~app.simulate.window.SimulationWindow` (a part of it)."""

    # what the window holds and its conversations use (the window builds them)
    scenario: Scenario
    report: SimulationReport | None
    log_opener: Callable[[Path], object]
    ask_text: Callable[[str, str, str], str | None]
    tell: Callable[[str, str, bool], None]
    save_job: SaveTestJob | None
    tabs: QTabWidget
    conversations: ReportTable
    conversations_page: QWidget
    status_filter: QComboBox
    open_log_action: QAction
    save_test_action: QAction
    _row_buttons: list[QPushButton]

    def selected_conversation(self) -> ConversationOutcome | None:
        data = self.conversations.current_data()
        return data if isinstance(data, ConversationOutcome) else None

    def select_conversation(self, index: int) -> bool:
        for row in range(self.conversations.rowCount()):
            data = self.conversations.data_of(row)
            if isinstance(data, ConversationOutcome) and data.index == index:
                self.tabs.setCurrentWidget(self.conversations_page)
                self.conversations.selectRow(row)
                return True
        return False

    def open_log(self, outcome: ConversationOutcome) -> object:
        if outcome.log_path is None or not outcome.log_path.exists():
            self.tell(
                "Prompter",
                self.tr("Conversation #{index} has no log: it never started.").format(
                    index=outcome.index
                ),
                True,
            )
            return None
        return self.log_opener(outcome.log_path)

    def open_selected_log(self) -> object:
        outcome = self.selected_conversation()
        return self.open_log(outcome) if outcome is not None else None

    def _conversation_activated(self, outcome: object) -> None:
        if isinstance(outcome, ConversationOutcome):
            self.open_log(outcome)

    def _fact_activated(self, index: object) -> None:
        conversations = self.report.conversations if self.report else ()
        outcome = next((c for c in conversations if c.index == index), None)
        if outcome is not None:
            self.select_conversation(outcome.index)
            self.open_log(outcome)

    def save_selected(self) -> SaveTestJob | None:
        """Ask for a name and save the selected conversation as a test (off the UI thread)."""
        outcome = self.selected_conversation()
        if outcome is None:
            return None
        if outcome.log_path is None:
            self.tell(
                self.tr("Save as test"),
                self.tr("Conversation #{index} never started: there is nothing to save.").format(
                    index=outcome.index
                ),
                True,
            )
            return None
        name = self.ask_text(
            self.tr("Save as test"),
            self.tr("Name of the test:"),
            self.tr("{persona}, simulated #{index}").format(
                persona=outcome.persona_name, index=outcome.index
            ),
        )
        if not name or not name.strip():
            return None
        job = SaveTestJob(self.scenario, outcome.log_path, name.strip(), self)
        job.saved.connect(self._test_saved)
        job.failed.connect(self._test_not_saved)
        self.save_job = job
        self._update_actions()
        self.statusBar().showMessage(
            self.tr("Saving conversation #{index} as a test…").format(index=outcome.index)
        )
        job.start()
        return job

    def _test_saved(self, path: Path) -> None:
        self.save_job = None
        self._update_actions()
        root = self.scenario.root
        shown = path.relative_to(root) if root is not None and path.is_relative_to(root) else path
        self.statusBar().showMessage(
            self.tr("Saved {file} and its cassette").format(file=shown), 8000
        )
        self.tell(
            self.tr("Save as test"),
            self.tr("Saved {file} with its cassette. It replays without a model: {command}").format(
                file=shown, command=f"prompter test {root or ''} {path.name}"
            ),
            False,
        )

    def _test_not_saved(self, message: str) -> None:
        self.save_job = None
        self._update_actions()
        self.statusBar().clearMessage()
        self.tell(
            self.tr("Save as test"),
            self.tr("The conversation was not saved as a test: {message}").format(message=message),
            True,
        )

    def _filter_conversations(self) -> None:
        wanted = str(self.status_filter.currentData() or "")
        for row in range(self.conversations.rowCount()):
            outcome = self.conversations.data_of(row)
            hidden = (
                bool(wanted)
                and isinstance(outcome, ConversationOutcome)
                and (outcome.status != wanted)
            )
            self.conversations.setRowHidden(row, hidden)

    def _update_actions(self) -> None:
        outcome = self.selected_conversation()
        has_log = outcome is not None and outcome.log_path is not None
        self.open_log_action.setEnabled(has_log)
        self.save_test_action.setEnabled(has_log and self.save_job is None)
        for button in self._row_buttons:
            button.setEnabled(
                has_log and (button.objectName() != "saveAsTest" or self.save_job is None)
            )


__all__ = ["ConversationsPart"]
