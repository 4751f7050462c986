"""Map a diagram edited in draw.io back onto a scenario, as edits of its document.

What an author can do in draw.io, and what it becomes:

=============================================  ================================================
moved vertices                                 the saved layout (``scenario.layout.json``)
relabelled vertex (``Title`` / ``(step_id)``)  the step's ``title``
a new vertex with a label                      a new step, id from the label, with an
                                               instruction file ``steps/<id>.md``
a deleted step vertex                          the step is removed (its instruction file stays)
``step`` property edited (Edit Data)           the step is renamed everywhere
a new, deleted, re-connected edge              transitions added, removed, retargeted
a relabelled edge (``signal`` /                the signal renamed (description and comments
``[requires: a, b]``)                          kept), its ``requires`` updated (a counted
                                               guard, ``[requires 15]``, stands for the edge's
                                               ``requires`` property)
text boxes, notes, the legend                  ignored, and said so
=============================================  ================================================

Anything that cannot be mapped — an edge with an end in the air, an unlabelled edge, a signal that
is not an identifier, two edges with one signal, deleting the start step — refuses the whole
import with a :class:`DiagramError` naming the cell; nothing is changed then.

The plan is a list of :class:`Edit` (one :class:`ScenarioDocument` call each), so untouched parts
of ``scenario.yaml`` stay byte for byte, and the studio can push the same edits as undoable
commands. :func:`import_drawio` is the command-line path: plan, apply, save. It first makes sure
every file of the folder it will open is safe to read (:func:`engine.scenario.loader.
unsafe_references`): a FIFO or a device named as an instruction file refuses the import instead
of blocking it. (Until the document reads through :mod:`engine.io.untrusted` itself.)
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.drawio.cells import (
    IDENTIFIER,
    parse_edge_cell_id,
    parse_edge_label,
    parse_step_cell_id,
    slug,
    title_from_label,
)
from engine.drawio.export import (
    LAYOUT_PROPERTY,
    LEGEND_ID,
    ORIGIN_PROPERTY,
    exported_positions,
    stamped_positions,
)
from engine.drawio.read import Cell, Diagram, read_drawio
from engine.errors import DiagramError, ScenarioErrors
from engine.scenario.definition import STAY, Scenario, unique_name
from engine.scenario.document import DocPath, ScenarioDocument
from engine.scenario.layout import Point, gc_paused
from engine.scenario.loader import load_scenario, unsafe_references
from engine.scenario.names import identifier_problem

#: Styles of cells that annotate a diagram rather than being steps.
_DECORATION_STYLES = ("text", "edgeLabel", "group", "swimlane", "shape=note", "note", "image")
#: How many moved steps a change line names before it just counts.
_NAMED_MOVES = 8


@dataclass(frozen=True)
class Edit:
    """One call on a :class:`ScenarioDocument`; ``apply`` makes it."""

    op: str  # set | insert | delete | rename_key | rename_step | set_text
    path: DocPath = ()
    value: Any = None
    key: str | None = None

    def apply(self, document: ScenarioDocument) -> None:
        if self.op == "set":
            document.set(self.path, self.value)
        elif self.op == "insert":
            assert self.key is not None
            document.insert(self.path, self.key, self.value)
        elif self.op == "delete":
            document.delete(self.path)
        elif self.op == "rename_key":
            document.rename_key(self.path, str(self.value))
        elif self.op == "rename_step":
            assert self.key is not None
            document.rename_step(self.key, str(self.value))
        elif self.op == "set_text":
            document.set_text(str(self.path[0]), str(self.value))
        else:
            raise ValueError(f"unknown edit {self.op!r}")


@dataclass
class ImportPlan:
    """What importing a diagram changes: document edits, the new layout, and lines for people."""

    edits: list[Edit] = field(default_factory=list)
    #: every step's position after the import, or ``None`` when nothing moved
    positions: dict[str, Point] | None = None
    changes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.edits and self.positions is None

    def apply(self, document: ScenarioDocument) -> None:
        for edit in self.edits:
            edit.apply(document)
        if self.positions is not None:
            layout = document.layout
            for step in [step for step in layout.positions if step not in self.positions]:
                layout.remove(step)
            for step, position in self.positions.items():
                layout.set(step, position)


def import_drawio(
    diagram_path: Path | str, folder: Path | str, *, dry_run: bool = False
) -> ImportPlan:
    """Read ``diagram_path`` into the scenario in ``folder`` and save what changed."""
    diagram = read_drawio(diagram_path)
    _refuse_unsafe_folder(folder)
    with gc_paused():
        document = ScenarioDocument.open(folder)
        plan = plan_import(document, diagram)
        if dry_run or plan.empty:
            return plan
        plan.apply(document)
        if document.errors:
            raise DiagramError(
                "the imported diagram would make the scenario invalid; nothing was saved:\n"
                + str(ScenarioErrors(document.errors))
            )
        document.save()
        return plan


#: Entries of a scenario folder looked at before the import gives up looking and loads it.
_FOLDER_ENTRIES_CHECKED = 20_000


def _refuse_unsafe_folder(folder: Path | str) -> None:
    """A :class:`DiagramError` if the scenario names a file unsafe to read (a FIFO, a device).

    The document reads only files inside the folder, so a folder without such special files
    is safe, which a walk of its entries tells in milliseconds; only a folder with one is
    loaded, to tell whether the scenario names it (and to say where).
    """
    root = Path(folder)
    if not _has_special_files(root.parent if root.is_file() else root):
        return
    try:
        scenario = load_scenario(folder)
    except ScenarioErrors as error:
        first = error.errors[0]
        raise DiagramError(f"fix the scenario before importing into it: {first}") from None
    unsafe = unsafe_references(scenario)
    if unsafe:
        raise DiagramError(f"fix the scenario before importing into it: {unsafe[0]}")


def _has_special_files(folder: Path) -> bool:
    """Whether ``folder`` holds anything but regular files, folders and links (or is too big
    to tell quickly)."""
    pending, seen = [folder], 0
    while pending:
        try:
            entries = list(os.scandir(pending.pop()))
        except OSError:
            continue
        for entry in entries:
            seen += 1
            if seen > _FOLDER_ENTRIES_CHECKED:
                return True
            if entry.is_symlink():
                continue
            if entry.is_dir(follow_symlinks=False):
                pending.append(Path(entry.path))
            elif not entry.is_file(follow_symlinks=False):
                return True
    return False


def plan_import(document: ScenarioDocument, diagram: Diagram) -> ImportPlan:
    """The edits that make ``document`` match ``diagram`` (nothing is changed yet)."""
    scenario = document.scenario
    if scenario is None:
        first = document.errors[0] if document.errors else "it does not load"
        raise DiagramError(f"fix the scenario before importing into it: {first}")
    return _Planner(document, scenario, diagram).plan()


@dataclass
class _Wanted:
    """A transition as the diagram draws it."""

    target: str
    requires: list[str]
    cell_id: str
    origin: tuple[str, str] | None  # (old step id, old signal) the edge was exported from
    description: str


class _Planner:
    def __init__(self, document: ScenarioDocument, scenario: Scenario, diagram: Diagram) -> None:
        self.document = document
        self.scenario = scenario
        self.diagram = diagram
        self.result = ImportPlan()
        self.step_cells: dict[str, Cell] = {}  # step id after the import → its vertex
        self.cell_steps: dict[str, str] = {}  # vertex id → step id after the import
        self.renames: dict[str, str] = {}  # old step id → new step id
        self.new_steps: list[str] = []
        self.removed: list[str] = []
        self.wanted: dict[str, dict[str, _Wanted]] = {}

    def plan(self) -> ImportPlan:
        if self.diagram.pages > 1:
            self.result.notes.append(
                f"the file has {self.diagram.pages} pages; only the first was read"
            )
        self._match_vertices()
        self._read_edges()
        self._plan_renames()
        self._plan_new_steps()
        for old_id in self.scenario.steps:
            if old_id not in self.removed:
                self._plan_step(old_id)
        self._plan_removals()
        self._plan_positions()
        return self.result

    # --- vertices ----------------------------------------------------------------------------

    def _match_vertices(self) -> None:
        steps = self.scenario.steps
        for cell in self.diagram.vertices():
            old_id = parse_step_cell_id(cell.id)
            if old_id is None or old_id not in steps or old_id in self.renames:
                continue
            new_id = cell.properties.get("step", old_id).strip() or old_id
            if new_id != old_id:
                self._check_new_step_id(new_id, cell)
                self.renames[old_id] = new_id
            self._claim(new_id, cell)
        taken = set(steps) | set(self.renames.values())
        for cell in self.diagram.vertices():
            if cell.id in self.cell_steps:
                continue
            if self._is_decoration(cell):
                if cell.id != LEGEND_ID:
                    self.result.notes.append(f"ignored cell {cell.id!r}: not a step (text/note)")
                continue
            title = title_from_label(cell.label, None)
            proposed = cell.properties.get("step", "").strip()
            if not (proposed and IDENTIFIER.match(proposed) and proposed not in taken):
                if not title:
                    self.result.notes.append(f"ignored cell {cell.id!r}: a shape without a label")
                    continue
                proposed = unique_name(slug(title), taken)
            taken.add(proposed)
            self.new_steps.append(proposed)
            self._claim(proposed, cell)
        claimed_old = {old for old in steps if self.renames.get(old, old) in self.step_cells}
        self.removed = [old for old in steps if old not in claimed_old]
        if self.scenario.start in self.removed:
            raise DiagramError(
                f"the start step {self.scenario.start!r} was deleted from the diagram; "
                "a scenario needs it (set another start in the studio first)",
                cell_id=f"step:{self.scenario.start}",
            )

    def _claim(self, step_id: str, cell: Cell) -> None:
        self.step_cells[step_id] = cell
        self.cell_steps[cell.id] = step_id
        self.wanted[step_id] = {}

    def _check_new_step_id(self, new_id: str, cell: Cell) -> None:
        if not IDENTIFIER.match(new_id):
            raise DiagramError(f"{identifier_problem(new_id, 'a step id')}", cell_id=cell.id)
        if new_id in self.scenario.steps or new_id in self.renames.values():
            raise DiagramError(
                f"cannot rename the step to {new_id!r}: that id is taken", cell_id=cell.id
            )

    def _is_decoration(self, cell: Cell) -> bool:
        if cell.id == LEGEND_ID:
            return True
        parent = self.diagram.cells.get(cell.parent or "")
        if parent is not None and parent.kind == "edge":
            return True  # a label drawn on an edge
        return any(cell.style_has(name) for name in _DECORATION_STYLES) or cell.style.startswith(
            "text;"
        )

    # --- edges ---------------------------------------------------------------------------------

    def _read_edges(self) -> None:
        for cell in self.diagram.edges():
            if not cell.source or not cell.target:
                raise DiagramError(
                    "this edge is not connected at both ends; connect it to two steps or delete it",
                    cell_id=cell.id,
                )
            source = self.cell_steps.get(cell.source)
            target = self.cell_steps.get(cell.target)
            if source is None or target is None:
                other = cell.source if source is None else cell.target
                raise DiagramError(
                    f"this edge connects to cell {other!r}, which is not a step", cell_id=cell.id
                )
            signal, requires = parse_edge_label(cell.label, cell.properties.get("requires", ""))
            signal = signal or cell.properties.get("signal", "").strip()
            self._check_signal(signal, source, cell)
            for name in requires or []:
                if not IDENTIFIER.match(name):
                    raise DiagramError(
                        f"{name!r} in the guard is not a variable name", cell_id=cell.id
                    )
            origin = parse_edge_cell_id(cell.id)
            if origin is not None and (
                origin[0] not in self.scenario.steps
                or origin[1] not in self.scenario.steps[origin[0]].transitions
            ):
                origin = None
            self.wanted[source][signal] = _Wanted(
                target,
                list(requires or []),
                cell.id,
                origin,
                cell.properties.get("description", ""),
            )

    def _check_signal(self, signal: str, source: str, cell: Cell) -> None:
        if not signal:
            raise DiagramError("this edge has no label: label it with its signal", cell_id=cell.id)
        if not IDENTIFIER.match(signal):
            raise DiagramError(f"{identifier_problem(signal, 'a signal')}", cell_id=cell.id)
        if signal == STAY:
            raise DiagramError(
                f"{STAY!r} is the implicit signal for staying; it cannot be an edge",
                cell_id=cell.id,
            )
        if signal in self.wanted[source]:
            raise DiagramError(
                f"step {source!r} already has an edge labelled {signal!r}", cell_id=cell.id
            )

    # --- edits ---------------------------------------------------------------------------------

    def _edit(self, edit: Edit, change: str) -> None:
        self.result.edits.append(edit)
        self.result.changes.append(change)

    def _plan_renames(self) -> None:
        for old_id, new_id in self.renames.items():
            self._edit(
                Edit("rename_step", key=old_id, value=new_id), f"renamed step {old_id} → {new_id}"
            )

    def _plan_new_steps(self) -> None:
        for step_id in self.new_steps:
            cell = self.step_cells[step_id]
            title = title_from_label(cell.label, None) or step_id
            relpath = f"steps/{step_id}.md"
            value: dict[str, Any] = {"title": title, "instructions": relpath}
            transitions = {
                signal: self._transition_value(wanted)
                for signal, wanted in self.wanted[step_id].items()
            }
            if transitions:
                value["transitions"] = transitions
            self._edit(
                Edit("insert", ("steps",), value, key=step_id),
                f"new step {step_id} ({title!r}) with {len(transitions)} transition(s)",
            )
            if not self.document.text(relpath).strip():
                text = (
                    f"# {title}\n\n"
                    "<!-- Added from a draw.io diagram: write what the assistant does in this "
                    "step, and when it should use each signal. -->\n"
                )
                self._edit(Edit("set_text", (relpath,), text), f"new file {relpath}")

    def _plan_step(self, old_id: str) -> None:
        step = self.scenario.steps[old_id]
        step_id = self.renames.get(old_id, old_id)
        base: DocPath = ("steps", step_id)
        cell = self.step_cells[step_id]
        title = title_from_label(cell.label, old_id)
        if title and title != step.display_title:
            self._edit(
                Edit("set", (*base, "title"), title),
                f"step {step_id}: title {step.display_title!r} → {title!r}",
            )
        current = {
            signal: (self.renames.get(t.to, t.to), list(t.requires))
            for signal, t in step.transitions.items()
        }
        wanted = self.wanted[step_id]
        for signal, want in wanted.items():
            if want.origin is None or want.origin[0] != old_id:
                continue
            old_signal = want.origin[1]
            if (
                old_signal != signal
                and old_signal in current
                and signal not in current
                and old_signal not in wanted
            ):
                self._edit(
                    Edit("rename_key", (*base, "transitions", old_signal), signal),
                    f"step {step_id}: signal {old_signal} renamed to {signal}",
                )
                current = {
                    signal if key == old_signal else key: value for key, value in current.items()
                }
        for signal in current:
            if signal not in wanted:
                self._edit(
                    Edit("delete", (*base, "transitions", signal)),
                    f"step {step_id}: removed transition {signal}",
                )
        for signal, want in wanted.items():
            path = (*base, "transitions", signal)
            if signal not in current:
                self._edit(
                    Edit(
                        "insert", (*base, "transitions"), self._transition_value(want), key=signal
                    ),
                    f"step {step_id}: new transition {signal} → {want.target}",
                )
                continue
            target, requires = current[signal]
            if want.target != target:
                self._edit(
                    Edit("set", (*path, "to"), want.target),
                    f"step {step_id}: {signal} now leads to {want.target} (was {target})",
                )
            if want.requires != requires:
                edit = (
                    Edit("set", (*path, "requires"), want.requires)
                    if want.requires
                    else Edit("delete", (*path, "requires"))
                )
                shown = ", ".join(want.requires) or "nothing"
                self._edit(edit, f"step {step_id}: {signal} now requires {shown}")

    def _transition_value(self, want: _Wanted) -> dict[str, Any]:
        value: dict[str, Any] = {"to": want.target}
        description = want.description
        if not description and want.origin is not None:
            old_step, old_signal = want.origin
            description = self.scenario.steps[old_step].transitions[old_signal].description
        if description:
            value["description"] = description
        if want.requires:
            value["requires"] = want.requires
        return value

    def _plan_removals(self) -> None:
        for old_id in self.removed:
            instructions = self.scenario.steps[old_id].instructions
            kept = f" ({instructions} is kept)" if instructions else ""
            self._edit(Edit("delete", ("steps", old_id)), f"removed step {old_id}{kept}")

    def _plan_positions(self) -> None:
        exported = self._stamped_positions() or exported_positions(
            self.scenario, self.document.layout
        )
        dx, dy = self._origin()
        now = {}
        for step_id, cell in self.step_cells.items():
            x, y = self.diagram.absolute_position(cell)
            now[step_id] = _rounded_point((x - dx, y - dy))
        old_of = {new: old for old, new in self.renames.items()}
        moved = [
            step_id
            for step_id, position in now.items()
            if step_id not in self.new_steps
            and exported.get(old_of.get(step_id, step_id)) != position
        ]
        if not (moved or self.new_steps or self.removed or self.renames):
            return
        self.result.positions = now
        if moved:
            names = ", ".join(moved[:_NAMED_MOVES])
            more = f" and {len(moved) - _NAMED_MOVES} more" if len(moved) > _NAMED_MOVES else ""
            self.result.changes.append(f"moved {len(moved)} step(s): {names}{more}")

    def _origin(self) -> Point:
        """How far the export moved the picture onto the page (its legend says): taken off
        again, so the layout keeps the studio's coordinates."""
        legend = self.diagram.cells.get(LEGEND_ID)
        recorded = legend.properties.get(ORIGIN_PROPERTY, "") if legend is not None else ""
        try:
            dx, dy = (float(part) for part in recorded.split())
        except ValueError:
            return (0.0, 0.0)
        return (dx, dy) if all(math.isfinite(value) for value in (dx, dy)) else (0.0, 0.0)

    def _stamped_positions(self) -> dict[str, Point] | None:
        """Where the export put each step when it laid them out itself, as its legend records
        (laying 1,000 steps out again takes a fifth of a second)."""
        saved = self.document.layout.positions
        legend = self.diagram.cells.get(LEGEND_ID)
        stamp = legend.properties.get(LAYOUT_PROPERTY) if legend is not None else None
        if not stamp or any(step in saved for step in self.scenario.steps):
            return None
        return stamped_positions(self.scenario, stamp)


def _rounded_point(point: Point) -> Point:
    return (round(point[0], 1), round(point[1], 1))


__all__ = ["Edit", "ImportPlan", "import_drawio", "plan_import"]
