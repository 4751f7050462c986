"""The studio's graph, for a scenario that is looked at rather than edited.

The compare and analytics views draw a scenario that is not the one open in the editor: a
union of two versions, or a snapshot taken when the analysis started. They reuse the editor's
own :class:`~app.graph.scene.GraphScene` and :class:`~app.graph.view.GraphView` — the same
nodes, arrows, layout and zoom the author knows — over a :class:`ReadOnlySession`: an
:class:`~app.edit_session.EditSession` on an in-memory document that nothing edits, and that shows
no validation badges (the picture is about something else). Nodes cannot be dragged; selecting
one emits :attr:`ReadOnlyGraph.stepSelected`; :attr:`ReadOnlyGraph.overlay` marks it up.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import yaml
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QGraphicsItem, QVBoxLayout, QWidget

from app.edit_session import EditSession
from app.graph.overlay import GraphOverlay
from app.graph.scene import GraphScene
from app.graph.view import GraphView
from engine.scenario.definition import Scenario
from engine.scenario.document import ScenarioDocument

Position = tuple[float, float]
#: Below this scale step titles get hard to read: a larger graph opens at the editor's view.
OVERVIEW_SCALE = 0.5


class ReadOnlySession(EditSession):
    """An edit session nobody edits: problems are not looked for (no badges on the nodes)."""

    def revalidate(self) -> None:
        self.problems = []
        self.problemsChanged.emit()


def scenario_yaml(scenario: Scenario) -> str:
    """``scenario`` as the text of a ``scenario.yaml`` (defaults left out)."""
    data = scenario.model_dump(mode="json", exclude_defaults=True, by_alias=True)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def readonly_session(
    scenario: Scenario,
    *,
    positions: Mapping[str, Position] | None = None,
    parent: QObject | None = None,
) -> ReadOnlySession:
    """A session showing ``scenario``; steps without a position in ``positions`` are laid out
    automatically, below the placed ones (as the editor does)."""
    folder = scenario.root or Path.cwd()
    document = ScenarioDocument(folder, scenario_yaml(scenario), on_disk=False)
    for step_id, (x, y) in (positions or {}).items():
        if step_id in scenario.steps:
            document.layout.set(step_id, (x, y))
    return ReadOnlySession(document, parent)


class ReadOnlyGraph(QWidget):
    """A graph view of a :class:`ReadOnlySession`, with an overlay and a legend."""

    #: the selected step ("" when none)
    stepSelected = Signal(str)

    def __init__(self, session: ReadOnlySession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.scene = GraphScene(session)
        self.scene.setParent(self)
        self.view = GraphView(self.scene, self)
        self.view.setObjectName("readOnlyGraph")
        self.overlay = GraphOverlay(self.scene, self.view)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.scene.rebuilt.connect(self._freeze)
        self.scene.selectionChanged.connect(self._selection_changed)
        self._freeze()

    def show_all(self) -> None:
        """The first view: the whole graph while that keeps titles readable (a comparison or
        a shading is about the whole picture), else the editor's first view."""
        rect = self.scene.items_rect()
        viewport = self.view.viewport().rect()
        if rect.isEmpty() or viewport.isEmpty():
            return
        whole = min(viewport.width() / rect.width(), viewport.height() / rect.height())
        if whole >= OVERVIEW_SCALE:
            self.view.fit_all()
        else:
            scenario = self.session.shown
            self.view.fit_readable(scenario.start if scenario is not None else None)

    def select(self, step_id: str, *, reveal: bool = True) -> None:
        """Select ``step_id``, scrolling only if it is out of sight (the view stays put)."""
        self.scene.select_steps([step_id])
        if reveal:
            self.view.reveal(step_id, center=False)

    def _freeze(self) -> None:
        for node in self.scene.nodes.values():
            node.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, False)

    def _selection_changed(self) -> None:
        try:
            steps = self.scene.selected_steps()
        except RuntimeError:  # the scene is being destroyed with the window
            return
        self.stepSelected.emit(steps[0] if steps else "")


__all__ = ["ReadOnlyGraph", "ReadOnlySession", "readonly_session", "scenario_yaml"]
