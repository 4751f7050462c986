"""The open scenario as the studio sees it: a document, its undo stack and its problems.

:class:`EditSession` wraps one :class:`~engine.scenario.document.ScenarioDocument` and turns its
plain-Python change notifications into Qt signals, so every view (graph, inspector, editor,
problems, and the test chat docked by another pane) refreshes from the same source. It never
edits the document itself: edits are ``app.commands`` pushed on :attr:`undo_stack`, and "unsaved
changes" means exactly "the undo stack is not clean".

Each edit arrives as one :class:`~engine.scenario.document.Change` naming what it touched, and
each view updates only that: on 2,000 steps an edit must fit in one frame. Validation (the whole
scenario) waits until typing pauses (:data:`VALIDATE_DELAY_MS`).

A gesture made of several edits (switching a step's kind is some ten) is heard as one: inside
:func:`one_update` each session holds the changes, and when the outermost ends the views hear
one change per part of the document the gesture touched (:meth:`Change.merged`), so the scenario
is derived and each pane refreshed once, not once per edit.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QStringListModel, QTimer, Signal
from PySide6.QtGui import QUndoStack

from engine.errors import ScenarioError
from engine.scenario.definition import Scenario, Step
from engine.scenario.document import Change, ScenarioDocument

Position = tuple[float, float]
#: More new steps than this at once (a pasted scenario.yaml) are laid out with the others;
#: fewer are put below the graph at once, without laying out the whole scenario again.
QUICK_PLACEMENT_MAX = 8

#: Validation runs this long after the last edit, so typing stays fluid on large scenarios.
VALIDATE_DELAY_MS = 150

#: The round-trip tree edits need (ruamel's, pure Python: some ten times the parse, 40 ms for
#: the analyst bot, seconds for a large file whose steps cannot be loaded one at a time) is built
#: this long after a scenario opens, while the author reads the graph, unless an edit needs it
#: sooner: neither the first paint nor, usually, the first edit waits for it, and a scenario only
#: looked at never pays for it.
PREPARE_AFTER_MS = 1000


#: How many :func:`one_update` are open, and the sessions holding changes until the last ends
#: (edits are made on the GUI thread only).
_open_updates = 0
_holding: list[EditSession] = []


@contextlib.contextmanager
def one_update() -> Iterator[None]:
    """Every session's views hear the edits made inside as one update (see the module
    docstring), when the outermost ``one_update`` ends, whether or not it raised."""
    global _open_updates
    _open_updates += 1
    try:
        yield
    finally:
        _open_updates -= 1
        if _open_updates == 0:
            while _holding:
                _holding.pop(0).release_held_changes()


def _heard_together(changes: Sequence[Change]) -> list[Change]:
    """The held ``changes`` as the views hear them: those of ``scenario.yaml`` merged per
    top-level key, each other file's once; in the order each was first touched."""
    parts: dict[tuple[Any, ...], list[Change]] = {}
    for change in changes:
        part = ("yaml", change.path[:1]) if change.structural else (change.kind, change.path)
        parts.setdefault(part, []).append(change)
    return [Change.merged(together) for together in parts.values()]


def _validator() -> Callable[[Scenario], Sequence[ScenarioError]] | None:
    try:
        from engine.scenario.validate import validate
    except ImportError:  # the validator is optional for the studio to work
        return None
    return validate


class EditSession(QObject):
    """One scenario open for editing (see the module docstring)."""

    #: every document edit, as the document reports it (an ``engine.scenario.document.Change``)
    changed = Signal(object)
    #: node positions changed (moved, added, auto-layout, undo of any of those): a frozenset of
    #: the step ids that moved, or None for any
    layoutChanged = Signal(object)
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
        #: problems other parts of the studio find in the folder's other files (the tests'),
        #: by source; listed after the scenario's own (see :meth:`set_extra_problems`)
        self.extra_problems: dict[str, list[ScenarioError]] = {}
        self._own_problems: list[ScenarioError] = []
        #: the last scenario that validated, so the graph stays visible while the YAML is broken
        self.last_good: Scenario | None = document.scenario
        #: positions computed for steps the layout file does not place; they join the layout
        #: (and so get saved) only once the author arranges something, so merely opening and
        #: saving a scenario never creates a layout file
        self._automatic: dict[str, Position] = {}
        #: the step ids in file order, for every menu that offers a step (one list, shared)
        self.step_ids = StepIdsModel(self)
        self._incoming = IncomingIndex()
        #: changes held while a :func:`one_update` is open
        self._held: list[Change] = []
        self._unsubscribe: Callable[[], None] | None = document.subscribe(self._on_document_change)
        self._validate_timer = QTimer(self, singleShot=True, interval=VALIDATE_DELAY_MS)
        self._validate_timer.timeout.connect(self.revalidate)
        self._fill_missing_positions(None)
        self.step_ids.follow(self._step_order())
        # Load errors are known now; the validator's findings follow right after the first
        # paint, so a large scenario appears at once and its problems a moment later.
        self.problems = self._own_problems = list(document.errors)
        QTimer.singleShot(0, self, self.revalidate)
        # then what the first edit would otherwise pay for (the round-trip tree)
        QTimer.singleShot(PREPARE_AFTER_MS, self, self._prepare)

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

    def transitions_into(self, step_ids: Collection[str]) -> list[tuple[str, str]]:
        """``(source step, signal)`` of every transition of the shown scenario that leads to
        one of ``step_ids``, from an index kept up to date edit by edit (no scan of every
        step's transitions)."""
        self._incoming.follow(self.shown)
        return [edge for step_id in step_ids for edge in self._incoming.into(step_id)]

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
        automatic = self._automatic
        if automatic:  # (dict operations, not a loop: on 2,000 steps this runs per edit)
            recorded = (
                automatic
                if automatic.keys().isdisjoint(layout.positions)
                else {
                    step_id: position
                    for step_id, position in automatic.items()
                    if step_id not in layout.positions
                }
            )
            layout.positions.update(recorded)
            self._automatic = {}
        for step_id, position in positions.items():
            if position is None:
                layout.remove(step_id)
            else:
                layout.set(step_id, (float(position[0]), float(position[1])))
        self.layoutChanged.emit(frozenset(positions))
        return recorded

    def rename_position(self, old: str, new: str, position: Position | None) -> None:
        """After a step rename: keep the step where it was drawn (``position``, from before).

        The document renames saved positions itself; an automatic one is carried over here.
        """
        self._automatic.pop(old, None)
        if position is not None and new not in self.document.layout.positions:
            self._automatic[new] = position
        self.layoutChanged.emit(frozenset({old, new}))

    def forget_positions(self, positions: Mapping[str, Position]) -> None:
        """Make recorded automatic positions automatic again (if still where they were)."""
        layout = self.document.layout
        current = layout.positions
        unmoved = (
            positions
            if positions.items() <= current.items()
            else {
                step_id: position
                for step_id, position in positions.items()
                if current.get(step_id) == position
            }
        )
        if unmoved:
            layout.positions = dict(current.items() - unmoved.items())  # (no loop, see above)
            self._automatic.update(unmoved)
        # nothing moves on screen: no layoutChanged

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

    def _step_order(self) -> list[str]:
        """The step ids in file order: the parsed scenario's when the text loads (its steps are
        in file order; the round-trip tree is not built for them), else the round-trip tree's
        keys, which a text that does not validate may still have."""
        scenario = self.document.scenario
        if scenario is not None:
            return list(scenario.steps)
        return self.document.keys(("steps",))

    def _prepare(self) -> None:
        with contextlib.suppress(ScenarioError):  # a step ruamel cannot load: the edit says so
            self.document.prepare()

    def dispose(self) -> None:
        self._unsubscribe_safely()
        self._validate_timer.stop()
        self._held.clear()

    def release_held_changes(self) -> None:
        """Let the views hear what was held during :func:`one_update`."""
        held, self._held = self._held, []
        for change in _heard_together(held):
            self._hear(change)

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
                said = QCoreApplication.translate("EditSession", "the validator failed: {error}")
                problems.append(ScenarioError(said.format(error=error), severity="warning"))
        self._own_problems = problems
        self.problems = problems + self._extras()
        self.problemsChanged.emit()

    def set_extra_problems(self, source: str, problems: Sequence[ScenarioError]) -> None:
        """List ``problems`` (replacing those ``source`` gave before) after the scenario's own:
        the Problems pane shows them all. The scenario is not validated again for it."""
        if list(problems) == self.extra_problems.get(source, []):
            return
        self.extra_problems[source] = list(problems)
        self.problems = self._own_problems + self._extras()
        self.problemsChanged.emit()

    def _extras(self) -> list[ScenarioError]:
        return [problem for found in self.extra_problems.values() for problem in found]

    def _on_document_change(self, change: Change) -> None:
        if _open_updates and change.kind not in ("reload", "saved"):
            if not self._held:
                _holding.append(self)
            self._held.append(change)
            return
        self.release_held_changes()  # (a reload in the middle of an update: what came first)
        self._hear(change)

    def _hear(self, change: Change) -> None:
        # Nothing here derives the scenario for a text edit: that runs once per keystroke.
        # Views that need the scenario ask (``shown``); the document re-parses only the steps
        # the edit changed.
        if change.kind == "reload":
            self.last_good = self.document.scenario
            self._fill_missing_positions(None)
            self.step_ids.follow(self._step_order())
            self.revalidate()
            self.reloaded.emit()
            return
        if change.kind == "saved":
            self.saved.emit()
            return
        if change.structural:
            self._fill_missing_positions(None if change.whole else change.steps)
            if change.whole or (change.path[:1] == ("steps",) and len(change.path) <= 2):
                self.step_ids.follow(self.document.keys(("steps",)))
        self.changed.emit(change)
        self._validate_timer.start()

    def _fill_missing_positions(self, step_ids: Collection[str] | None) -> None:
        """Steps without a position get an automatic one (initial state, not an edit).

        ``step_ids`` are the steps an edit touched (None: any may lack one). A few new steps go
        below the graph; many (or the first time) are laid out with the others.
        """
        scenario = self.shown
        if scenario is None:
            return
        layout = self.document.layout
        candidates = scenario.steps if step_ids is None else step_ids
        missing = [
            step_id
            for step_id in candidates
            if step_id in scenario.steps
            and step_id not in layout.positions
            and step_id not in self._automatic
        ]
        if not missing:
            return
        if step_ids is not None and len(missing) <= QUICK_PLACEMENT_MAX:
            self._place_below(missing)
            return
        from app.graph.layout import completed as complete_layout

        known = {**self._automatic, **layout.positions}
        completed = complete_layout(scenario, known)
        self._automatic = {
            step_id: position
            for step_id, position in completed.items()
            if step_id not in layout.positions
        }

    def _place_below(self, step_ids: list[str]) -> None:
        """Automatic positions for a few new steps: a row under the lowest step."""
        from app.graph.layout import row_below

        known = [*self._automatic.values(), *self.document.layout.positions.values()]
        self._automatic.update(row_below(known, step_ids))

    def _unsubscribe_safely(self) -> None:
        if callable(self._unsubscribe):
            self._unsubscribe()
            self._unsubscribe = None


class StepIdsModel(QStringListModel):
    """The step ids, kept in step with the document row by row: a menu showing one of them
    keeps its choice when a step is added or removed elsewhere (a reset would lose it)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids: list[str] = []  # what the model holds (reading it back from Qt costs more)

    def follow(self, ids: list[str]) -> None:
        old, self._ids = self._ids, list(ids)
        if ids == old:
            return
        if len(ids) == len(old) + 1 and ids[:-1] == old:  # appended
            self._insert(len(old), ids[-1])
        elif len(ids) == len(old) - 1:  # one removed
            row = _first_difference(ids, old)
            if ids[row:] == old[row + 1 :]:
                self.removeRows(row, 1)
                return
            self.setStringList(ids)
        elif len(ids) == len(old) + 1:  # one inserted
            row = _first_difference(ids, old)
            if ids[row + 1 :] == old[row:]:
                self._insert(row, ids[row])
                return
            self.setStringList(ids)
        elif len(ids) == len(old):  # renamed in place
            changed = [i for i, (a, b) in enumerate(zip(ids, old, strict=True)) if a != b]
            for row in changed:
                self.setData(self.index(row), ids[row])
        else:
            self.setStringList(ids)

    def setStringList(self, strings: Sequence[str]) -> None:
        self._ids = list(strings)
        super().setStringList(strings)

    def _insert(self, row: int, step_id: str) -> None:
        self.insertRows(row, 1, QModelIndex())
        self.setData(self.index(row), step_id)


def _first_difference(a: list[str], b: list[str]) -> int:
    """The first index where ``a`` and ``b`` differ (list slices compare in C)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high) // 2
        if a[: middle + 1] == b[: middle + 1]:
            low = middle + 1
        else:
            high = middle
    return low


class IncomingIndex:
    """Which transitions lead to each step, updated from the steps that changed since it last
    looked: the document hands back the very same ``Step`` objects for the steps an edit did
    not touch, so comparing identities finds the others."""

    def __init__(self) -> None:
        self._seen: dict[str, Step] = {}
        self._into: dict[str, dict[tuple[str, str], None]] = {}

    def follow(self, scenario: Scenario | None) -> None:
        steps = scenario.steps if scenario is not None else {}
        seen = self._seen
        changed = [step_id for step_id, step in steps.items() if seen.get(step_id) is not step]
        changed += [step_id for step_id in seen.keys() - steps.keys()]
        for step_id in changed:
            old = seen.pop(step_id, None)
            if old is not None:
                for signal, transition in old.transitions.items():
                    self._into.get(transition.to, {}).pop((step_id, signal), None)
            step = steps.get(step_id)
            if step is not None:
                seen[step_id] = step
                for signal, transition in step.transitions.items():
                    self._into.setdefault(transition.to, {})[(step_id, signal)] = None

    def into(self, step_id: str) -> list[tuple[str, str]]:
        return list(self._into.get(step_id, ()))


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


def step_of(problem: ScenarioError) -> str | None:
    """The step a problem concerns: the validator says so, or its field path starts with it."""
    step = getattr(problem, "step", None)
    if step:
        return str(step)
    field = problem.field or ""
    parts = field.split(".")
    if len(parts) >= 2 and parts[0] == "steps":
        return parts[1]
    return None
