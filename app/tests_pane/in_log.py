"""A test run's log in the viewer, at the failing turn, with the expectation beside it.

The log viewer knows nothing of tests: :func:`show_run_in_log` adds a dock to a
:class:`~app.logview.window.LogWindow` from the outside — the test's expectation for the turn
shown (as written in the test file) and, under it, what went wrong in that run, expected against
what happened — and moves the viewer's replay to the failing turn. Choosing another problem in
the dock moves the replay to its turn; moving the replay shows that turn's expectation.
"""

from __future__ import annotations

import yaml
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.i18n.locale_text import number
from app.logview.window import LogWindow
from app.plain_text import PlainLabel, RichLabel, escape, plain_tooltip
from app.tests_pane.describe import problems_of, status_text
from engine.scenario_tests import ScenarioTest, ScenarioTestResult

DOCK_NAME = "testExpectationDock"
#: The dock's width: an expectation's lines and a mismatch read without wrapping much.
DOCK_WIDTH = 420


def expectation_text(test: ScenarioTest | None, turn: int | None) -> str:
    """What the test file says about ``turn`` (its user message and ``expect``), as YAML."""
    translate = QCoreApplication.translate
    if test is None:
        return translate("ExpectationPanel", "(the test file is not available)")
    if turn is None or turn > len(test.turns):
        end = test.end.model_dump(exclude_defaults=True) if test.end is not None else {}
        return (
            _yaml({"end": end})
            if end
            else translate("ExpectationPanel", "(nothing is expected at the end)")
        )
    if turn <= 0:
        return translate(
            "ExpectationPanel", "(the opening: nothing is expected before the first message)"
        )
    spec = test.turns[turn - 1]
    expect = spec.expect.model_dump(exclude_defaults=True)
    return _yaml({"user": spec.user, "expect": expect} if expect else {"user": spec.user})


def _yaml(data: dict[str, object]) -> str:
    """As :func:`engine.scenario_tests.dump_test` writes a test: block style, short mappings
    inline."""
    text: str = yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=80, default_flow_style=None
    )
    return text.rstrip()


class ExpectationPanel(QWidget):
    """The dock's contents (see the module docstring)."""

    def __init__(
        self,
        window: LogWindow,
        test: ScenarioTest | None,
        result: ScenarioTestResult,
        turn: int | None,
    ) -> None:
        super().__init__(window)
        self.log_window = window
        self.test = test
        self.result = result
        self.heading = RichLabel()
        self.heading.setObjectName("expectationHeading")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.turn_label = PlainLabel()
        self.turn_label.setObjectName("expectationTurn")
        self.turn_label.setWordWrap(True)
        self.expectation = QPlainTextEdit()
        self.expectation.setObjectName("expectationText")
        self.expectation.setReadOnly(True)
        self.problems = QListWidget()
        self.problems.setObjectName("expectationProblems")
        self.problems.setWordWrap(True)
        self.problems.setAlternatingRowColors(True)
        for problem in problems_of(result):
            item = QListWidgetItem(problem.headline)
            item.setData(Qt.ItemDataRole.UserRole, problem.turn)
            if problem.failure is not None and problem.failure.bot_reply:
                item.setToolTip(
                    plain_tooltip(self.tr("bot: {reply}").format(reply=problem.failure.bot_reply))
                )
            self.problems.addItem(item)
        self.problems.itemActivated.connect(self._chosen)
        self.problems.itemClicked.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.heading)
        layout.addWidget(self.turn_label)
        layout.addWidget(self.expectation, 3)
        layout.addWidget(PlainLabel(self.tr("What went wrong in this run:")))
        layout.addWidget(self.problems, 2)
        title = result.title if result.title else self.tr("test")
        self.heading.setText(f"<b>{escape(title)}</b><br>{escape(status_text(result))}")
        window.replay.turn_changed.connect(self.show_turn)
        self.show_turn(turn)

    def show_turn(self, turn: int | None) -> None:
        shown = turn if turn is not None else self.result.failing_turn
        last = self.log_window.replay.last_turn
        if shown is not None and self.test is not None and shown > len(self.test.turns):
            self.turn_label.setText(self.tr("After the last turn, the test expects:"))
        elif shown is None or shown == 0:
            self.turn_label.setText(self.tr("At the opening:"))
        elif shown > last and self.log_window.loaded:
            self.turn_label.setText(
                self.tr(
                    "Turn {turn}: the test expects (the run stopped in this "
                    "turn, which the log rolls back: it shows turn {last})"
                ).format(turn=number(shown), last=number(last))
            )
        else:
            self.turn_label.setText(
                self.tr("Turn {turn}: the test expects").format(turn=number(shown))
            )
        self.expectation.setPlainText(expectation_text(self.test, shown))

    def _chosen(self, item: QListWidgetItem) -> None:
        turn = item.data(Qt.ItemDataRole.UserRole)
        last = self.log_window.replay.last_turn
        self.log_window.replay.set_turn(min(turn, last) if isinstance(turn, int) else last)


def show_run_in_log(
    window: LogWindow, test: ScenarioTest | None, result: ScenarioTestResult, turn: int | None
) -> ExpectationPanel:
    """Dock the expectation beside ``window``'s conversation and replay up to ``turn``."""
    old = window.findChild(QDockWidget, DOCK_NAME)
    if old is not None:
        window.removeDockWidget(old)
        old.deleteLater()
    panel = ExpectationPanel(window, test, result, turn)
    dock = QDockWidget(QCoreApplication.translate("ExpectationPanel", "Test expectation"), window)
    dock.setObjectName(DOCK_NAME)
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    variables = window.findChild(QDockWidget, "variablesDock")
    window.resizeDocks([dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    if variables is not None:
        window.splitDockWidget(dock, variables, Qt.Orientation.Vertical)
        window.resizeDocks([dock, variables], [600, 200], Qt.Orientation.Vertical)

    def go() -> None:
        last = window.replay.last_turn
        target = last if turn is None else min(turn, last)
        window.replay.set_turn(target)
        panel.show_turn(turn)

    if window.loaded:
        go()
    else:
        window.load_finished.connect(go)
    return panel


__all__ = ["ExpectationPanel", "expectation_text", "show_run_in_log"]
