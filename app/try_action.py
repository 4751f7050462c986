"""*Try it*: run one action step with values typed in, and see what came back.

The dialog lists what the step hands its action (its inputs, and the names an HTTP request fills
in), each in a field: a value typed as JSON (``5``, ``true``, ``["a", "b"]``) is that value,
anything else is text. *Run* calls the action on a worker thread — really, with the timeout and
the conversion of a conversation, through :func:`engine.conversation.action_phase.try_action` —
and shows the outcome, the results as the conversation would store them, the error and the time.
An action that reaches beyond the folder (Python code, a host, an environment variable) runs
only once the folder is trusted (:mod:`app.action_trust`): the dialog asks, naming what would
run, once per folder, and remembers. Everything shown came from the action: it is plain text.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.action_trust import FolderTrust, Trust, reach_text
from app.edit_session import EditSession
from app.plain_text import PlainLabel, ask
from app.worker_thread import WorkerThread
from engine.actions.outcome import ActionOutcome
from engine.actions.runners import ActionReach, LiveActions, action_reach
from engine.conversation.action_phase import input_names, try_action
from engine.scenario.definition import Scenario, Step, StepKind


def typed_value(text: str) -> Any:
    """What a typed field stands for: its JSON value, else the text itself (empty: unset)."""
    stripped = text.strip()
    if not stripped:
        return None
    try:
        return json.loads(stripped)
    except ValueError:
        return text


class _Relay(QObject):
    """Carries the outcome from the worker thread to the dialog (a queued signal)."""

    finished = Signal(object)


class TryActionDialog(QDialog):
    """See the module docstring."""

    def __init__(
        self,
        session: EditSession,
        step_id: str,
        trust: FolderTrust,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.session, self.step_id, self.trust = session, step_id, trust
        self.setWindowTitle(self.tr("Try action %s") % step_id)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        #: (title, question) -> yes? — replaceable in tests
        self.ask: Callable[[str, str], bool] = self._ask
        self.outcome: ActionOutcome | None = None
        self._worker: WorkerThread | None = None
        self._relay = _Relay(self)
        self._relay.finished.connect(self._show_outcome, Qt.ConnectionType.QueuedConnection)
        self.fields: dict[str, QLineEdit] = {}
        self._build()
        scenario = session.scenario
        if scenario is not None and trust.trusted(session.folder):
            LiveActions().warm(scenario)  # a worker ready by the time Run is clicked

    # --- building ------------------------------------------------------------------------------

    def _step(self) -> tuple[Scenario | None, Step | None]:
        scenario = self.session.scenario
        step = scenario.steps.get(self.step_id) if scenario is not None else None
        return scenario, step

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        scenario, step = self._step()
        self.call_label = _plain_label()
        layout.addWidget(self.call_label)
        form = QFormLayout()
        layout.addLayout(form)
        if scenario is None or step is None or step.kind is not StepKind.ACTION or not step.call:
            self.call_label.setText(
                self.tr(
                    "The step is not an action step that calls something, or the scenario "
                    "does not load: fix it first."
                )
            )
            names: list[str] = []
        else:
            self.call_label.setText(
                self.tr("Calls %s, within %s s") % (step.call.label, f"{step.action_timeout_s:g}")
            )
            names = input_names(step)
        for name in names:
            field = QLineEdit()
            field.setPlaceholderText(self.tr('a value: text, or JSON (5, true, ["a"])'))
            variable = scenario.variables.get(name) if scenario is not None else None
            if variable is not None and variable.default is not None:
                field.setText(json.dumps(variable.default, ensure_ascii=False))
            self.fields[name] = field
            form.addRow(name, field)
        if not names and step is not None and step.call is not None:
            form.addRow(_plain_label(self.tr("The action is handed nothing.")))
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setDefault(True)
        self.run_button.setEnabled(step is not None and step.call is not None)
        self.run_button.clicked.connect(self.run)
        layout.addWidget(self.run_button)
        self.outcome_label = _plain_label()
        self.outcome_label.setObjectName("tryOutcome")
        self.results_view = QPlainTextEdit()
        self.results_view.setReadOnly(True)
        self.results_view.setPlaceholderText(self.tr("What came back is shown here."))
        self.error_label = _plain_label()
        self.error_label.setObjectName("tryError")
        layout.addWidget(self.outcome_label)
        layout.addWidget(self.results_view, 1)
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.resize(520, 420)

    # --- running -------------------------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        return {name: typed_value(field.text()) for name, field in self.fields.items()}

    def run(self) -> bool:
        """Run the action (after asking, for a folder's Python actions never trusted)."""
        scenario, step = self._step()
        if scenario is None or step is None or step.call is None or self._worker is not None:
            return False
        reach = action_reach(scenario, self.step_id)
        if reach.needs_trust and not self._may_run(reach):
            self.outcome_label.setText(self.tr("Not run: this folder's actions are not trusted."))
            return False
        snapshot = scenario.model_copy(deep=True)  # later edits must not race the worker
        trial_step, values = snapshot.steps[self.step_id], self.values()
        self.run_button.setEnabled(False)
        self.outcome_label.setText(self.tr("Running…"))
        self.error_label.clear()
        self.results_view.clear()

        def work() -> None:
            try:
                outcome = asyncio.run(try_action(snapshot, trial_step, values, LiveActions()))
            except Exception as error:  # a bug must reach the dialog, not a dead thread
                outcome = ActionOutcome("error", error=f"{type(error).__name__}: {error}")
            self._relay.finished.emit(outcome)

        self._worker = WorkerThread(work, "prompter-try-action")
        self._worker.start()
        return True

    def _may_run(self, reach: ActionReach) -> bool:
        folder = self.session.folder
        answer = self.trust.of(folder)
        if answer is Trust.UNKNOWN:
            yes = self.ask(
                self.tr("Run this folder's actions?"),
                self.tr(
                    "The actions of {folder} run with your rights: {what}. Run this folder's "
                    "actions (the studio remembers your answer)?"
                ).format(folder=str(folder), what=reach_text(reach)),
            )
            answer = Trust.TRUSTED if yes else Trust.REFUSED
            self.trust.remember(folder, answer)
        return answer is Trust.TRUSTED

    def _show_outcome(self, outcome: ActionOutcome) -> None:
        self._worker = None
        self.outcome = outcome
        self.run_button.setEnabled(True)
        self.outcome_label.setText(
            self.tr("Outcome: %s — %s ms") % (outcome.outcome, f"{outcome.duration_s * 1000:.0f}")
        )
        self.results_view.setPlainText(
            json.dumps(outcome.results, ensure_ascii=False, indent=2) if outcome.results else ""
        )
        ignored = (
            self.tr("Not declared as results, so dropped: %s") % ", ".join(outcome.ignored)
            if outcome.ignored
            else ""
        )
        self.error_label.setText("\n".join(text for text in (outcome.error or "", ignored) if text))

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait for a run in progress (tests; closing)."""
        return self._worker.wait(timeout) if self._worker is not None else True

    def closeEvent(self, event: Any) -> None:
        self.wait(5.0)
        super().closeEvent(event)

    def _ask(self, title: str, question: str) -> bool:
        answer = ask(
            self,
            title,
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes


def _plain_label(text: str = "") -> PlainLabel:
    label = PlainLabel(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


__all__ = ["TryActionDialog", "typed_value"]
