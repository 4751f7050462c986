"""Where a problem points: the main window's jumps to a step's field, a file's line, a variable.

Problems (the Problems pane, a banner over a graph whose file does not load) lead the author to
what to fix: the step is selected on the graph and its field focused, an instructions or persona
file opened at the line, or ``scenario.yaml`` shown as text at the line. Other panes may claim a
problem first (``problem_handlers``: the Tests pane's problems open its editor).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget

from app.edit_session import EditSession, step_of
from app.editor import ScenarioEditor
from app.i18n.locale_text import number
from app.instruction_editor import TextFileEditor
from app.scenario_pane import ScenarioPane
from app.step_form import StepForm
from app.widgets import Banner
from engine.errors import ScenarioError
from engine.scenario.definition import SCENARIO_FILE


class ProblemJumps(QMainWindow):
    """Where a :class:`~app.main_window.MainWindow` takes the author for a problem."""

    # what the window holds and the jumps use (the window builds them)
    session: EditSession | None
    panes: dict[str, QDockWidget]
    problem_handlers: list[Callable[[ScenarioError], bool]]
    scenario_editor: ScenarioEditor
    scenario_pane: ScenarioPane
    step_form: StepForm
    instructions: TextFileEditor
    editor_tabs: QTabWidget
    broken_banner: Banner
    _problems_text: str
    show_instructions: Callable[..., None]
    _open_editor_side: Callable[[], None]

    def _update_broken_banner(self) -> None:
        session = self.session
        if session is None or session.scenario is not None:
            self.broken_banner.hide()
            return
        drawn = (
            self.tr("The graph shows the last version that loaded.") if session.last_good else ""
        )
        errors = session.document.errors
        first = errors[0] if errors else None
        where = (
            self.tr(" — line {line}: {message}").format(
                line=number(first.line), message=first.message
            )
            if first and first.line
            else ""
        )
        head = self.tr("⚠ scenario.yaml does not load (%n error(s))", "", len(errors))
        self.broken_banner.show_message(
            f"{_html(head)}{_html(where)}. {drawn}",
            [
                (
                    self.tr("Show scenario.yaml"),
                    lambda: self._show_source_at(first) if first else self.show_source(),
                )
            ],
        )

    def show_source(self) -> None:
        """scenario.yaml as text, beside the graph."""
        self._open_editor_side()
        self.editor_tabs.setCurrentWidget(self.scenario_pane.source)

    def _show_source_at(self, problem: ScenarioError) -> None:
        if problem.path is not None and problem.path.name == SCENARIO_FILE:
            self.show_source()
            self.scenario_pane.source.go_to(problem.line, problem.column)

    def _problems_summary(self, summary: str) -> None:
        self._problems_text = summary
        self.panes["Problems"].setWindowTitle(
            self.tr("Problems — {summary}").format(summary=summary)
            if summary
            else self.tr("Problems")
        )

    def jump_to_problem(self, problem: ScenarioError) -> None:
        """Select the step a problem concerns and put the cursor on its field or line."""
        if self.session is None or any(handler(problem) for handler in self.problem_handlers):
            return
        step = step_of(problem)
        field = (problem.field or "").split(".")
        path = problem.path
        if step and self.session.document.has(("steps", step)):
            self.scenario_editor.select_step(step, center=True)
            self.panes["Step"].show()
            self.panes["Step"].raise_()
            if path is not None and path.suffix.lower() in (".md", ".txt", ".markdown"):
                self.show_instructions()
                self.instructions.go_to(problem.line, problem.column)
                return
            self.step_form.focus_field(field[2:] if len(field) > 2 else [])
            return
        if path is not None and path.name != SCENARIO_FILE and path.suffix.lower() == ".md":
            self.panes["Scenario"].show()
            self.panes["Scenario"].raise_()
            self.scenario_pane.tabs.setCurrentWidget(self.scenario_pane.persona)
            self.scenario_pane.persona.go_to(problem.line, problem.column)
            return
        if field and field[0] == "variables":
            self.panes["Scenario"].show()
            self.panes["Scenario"].raise_()
            self.scenario_pane.show_variable(field[1] if len(field) > 1 else None)
            return
        self.show_source()
        self.scenario_pane.source.go_to(problem.line, problem.column)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["ProblemJumps"]
