"""The open scenario as the studio sees it: a document, its undo stack and its problems.

:class:`EditSession` wraps one :class:`~engine.scenario.document.ScenarioDocument` and turns its
plain-Python change notifications into Qt signals, so every view (graph, inspector, editor,
problems, and the test chat docked by another pane) refreshes from the same source. It never
edits the document itself: edits are ``app.commands`` pushed on :attr:`undo_stack`, and "unsaved
changes" means exactly "the undo stack is not clean".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from engine.errors import ScenarioError
from engine.scenario.document import ScenarioDocument
from engine.scenario.model import Scenario

Position = tuple[float, float]

#: Validation runs this long after the last edit, so typing stays fluid on large scenarios.
VALIDATE_DELAY_MS = 150


def _validator() -> Callable[[Scenario], Sequence[ScenarioError]] | None:
    try:
        from engine.scenario.validate import validate
    except ImportError:  # the validator is optional for the studio to work
        return None
    return validate


class EditSession(QObject):
    """One scenario open for editing (see the module docstring)."""

    #: (kind, path) for every document edit, as the document reports it
    changed = Signal(str, tuple)
    #: node positions changed (moved, added, auto-layout, undo of any of those)
    layoutChanged = Signal()
    #: the problem list was recomputed
    problemsChanged = Signal()
    #: the document was replaced from disk (reload): views rebuild everything
    reloaded = Signal()
    #: the document was written to disk
    saved = Signal()

    def __init__(self, document: ScenarioDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.undo_stack = QUndoStack(self)
        self.problems: list[ScenarioError] = []
        #: the last scenario that validated, so the graph stays visible while the YAML is broken
        self.last_good: Scenario | None = document.scenario
        #: positions computed for steps the layout file does not place; they join the layout
        #: (and so get saved) only once the author arranges something, so merely opening and
        #: saving a scenario never creates a layout file
        self._automatic: dict[str, Position] = {}
        self._unsubscribe: Callable[[], None] | None = document.subscribe(
            self._on_document_change)
        self._validate_timer = QTimer(self, singleShot=True, interval=VALIDATE_DELAY_MS)
        self._validate_timer.timeout.connect(self.revalidate)
        self._fill_missing_positions()
        # Load errors are known now; the validator's findings follow right after the first
        # paint, so a large scenario appears at once and its problems a moment later.
        self.problems = list(document.errors)
        QTimer.singleShot(0, self, self.revalidate)

    # --- what views read -------------------------------------------------------------------

    @property
    def folder(self) -> Path:
        return Path(self.document.folder)

    @property
    def scenario(self) -> Scenario | None:
        return self.document.scenario

    @property
    def shown(self) -> Scenario | None:
        """The scenario views draw: the current one, or the last valid one while it is broken."""
        scenario = self.document.scenario
        if scenario is not None:
            self.last_good = scenario
        return scenario or self.last_good

    @property
    def is_dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def positions(self) -> dict[str, Position]:
        return {**self._automatic, **self.document.layout.positions}

    def position(self, step_id: str) -> Position | None:
        saved = self.document.layout.positions.get(step_id)
        return saved if saved is not None else self._automatic.get(step_id)

    # --- what commands call ----------------------------------------------------------------

    def set_positions(self, positions: Mapping[str, Position | None]) -> dict[str, Position]:
        """Set (or remove, for ``None``) node positions; the layout is saved with the document.

        The first arrangement by the author also records the automatic positions of every other
        step (the picture they arranged against); those are returned so an undo can
        :meth:`forget_positions` them again and leave no layout file behind.
        """
        layout = self.document.layout
        recorded: dict[str, Position] = {}
        for step_id, automatic in self._automatic.items():
            if step_id not in layout.positions:
                layout.positions[step_id] = automatic
                recorded[step_id] = automatic
        self._automatic = {}
        for step_id, position in positions.items():
            if position is None:
                layout.remove(step_id)
            else:
                layout.set(step_id, (float(position[0]), float(position[1])))
        self.layoutChanged.emit()
        return recorded

    def rename_position(self, old: str, new: str, position: Position | None) -> None:
        """After a step rename: keep the step where it was drawn (``position``, from before).

        The document renames saved positions itself; an automatic one is carried over here.
        """
        self._automatic.pop(old, None)
        if position is not None and new not in self.document.layout.positions:
            self._automatic[new] = position
        self.layoutChanged.emit()

    def forget_positions(self, positions: Mapping[str, Position]) -> None:
        """Make recorded automatic positions automatic again (if still where they were)."""
        layout = self.document.layout
        for step_id, position in positions.items():
            if layout.positions.get(step_id) == position:
                del layout.positions[step_id]
                self._automatic[step_id] = position
        if positions:
            self.layoutChanged.emit()

    def auto_layout(self, step_ids: Iterable[str] | None = None) -> dict[str, Position]:
        """Layered positions for the shown scenario (all steps, or only ``step_ids``)."""
        from app.graph.layout import studio_layout

        scenario = self.shown
        if scenario is None:
            return {}
        computed = studio_layout(scenario)
        if step_ids is None:
            return dict(computed)
        wanted = set(step_ids)
        return {key: value for key, value in computed.items() if key in wanted}

    def dispose(self) -> None:
        self._unsubscribe_safely()
        self._validate_timer.stop()

    # --- internals -------------------------------------------------------------------------

    def revalidate(self) -> None:
        """Recompute :attr:`problems`: load errors of the text, then the validator's findings."""
        document = self.document
        problems: list[ScenarioError] = list(document.errors)
        if document.scenario is not None:
            self.last_good = document.scenario
        validate = _validator()
        if document.scenario is not None and validate is not None:
            try:
                problems.extend(validate(document.scenario))
            except Exception as error:  # a validator bug must not take the studio down
                problems.append(ScenarioError(f"the validator failed: {error}",
                                              severity="warning"))
        self.problems = problems
        self.problemsChanged.emit()

    def _on_document_change(self, kind: str, path: tuple[Any, ...]) -> None:
        # Nothing here derives the scenario for a text edit: that re-reads scenario.yaml, and
        # it runs once per keystroke. Views that need it ask (``shown``), debounced.
        if kind == "reload":
            self.last_good = self.document.scenario
            self._fill_missing_positions()
            self.revalidate()
            self.reloaded.emit()
            return
        if kind == "saved":
            self.saved.emit()
            return
        if kind != "text":
            self._fill_missing_positions()
        self.changed.emit(kind, tuple(path))
        self._validate_timer.start()

    def _fill_missing_positions(self) -> None:
        """Steps without a saved position get an automatic one (initial state, not an edit)."""
        scenario = self.shown
        if scenario is None:
            return
        layout = self.document.layout
        placed = self._automatic.keys() | layout.positions.keys()
        if all(step_id in placed for step_id in scenario.steps):
            return
        from app.graph.layout import completed as complete_layout

        known = {**self._automatic, **layout.positions}
        completed = complete_layout(scenario, known)
        self._automatic = {step_id: position for step_id, position in completed.items()
                           if step_id not in layout.positions}

    def _unsubscribe_safely(self) -> None:
        if callable(self._unsubscribe):
            self._unsubscribe()
            self._unsubscribe = None


def follow_session(
    old: EditSession | None, new: EditSession | None, slots: Mapping[str, Callable[..., Any]]
) -> None:
    """Move a view's subscriptions from ``old`` to ``new``: ``slots`` maps signal names
    (``"changed"``, ``"reloaded"``, …) to the view's handlers. Either session may be ``None``."""
    for signal_name, slot in slots.items():
        if old is not None:
            getattr(old, signal_name).disconnect(slot)
        if new is not None:
            getattr(new, signal_name).connect(slot)
