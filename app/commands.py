"""Every change the studio makes to a scenario, as a small ``QUndoCommand``.

Each command calls one or two :class:`~engine.scenario.document.ScenarioDocument` methods in
``apply`` and keeps what it needs to put things back in ``revert`` (orange-canvas-core's
``document/commands.py`` pattern). Views never call the document directly: they push these.

**Pushing.** :func:`push` runs a command's first ``redo`` from Python *before* the stack sees it:
a refused edit (a step id that exists, a path that is gone) raises its own error and leaves
nothing on the undo stack. (``QUndoStack.push`` would record the command even when its ``redo``
raised, and PySide rewrites the exception on its way back through C++.)

**Edits made of several parts** — deleting a step together with the transitions that lead to
it, adding a step with its instruction file and position — are one :class:`MacroCommand` built
by the :func:`macro` context manager: each part runs as it is added (so it sees what the parts
before it did), and the whole edit is pushed once, when every part has succeeded. If a part
raises, the parts already done are undone in reverse and nothing reaches the stack: no
``beginMacro`` is ever left open, and the error reaches the caller untouched. One Ctrl+Z undoes
the whole gesture. Building, undoing or redoing it, the views hear its parts as one update
(:func:`app.edit_session.one_update`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.edit_session import EditSession, Position, one_update
from app.undo_labels import describe_delete, describe_insert, describe_rename, describe_set
from engine.drawio import Edit
from engine.scenario.definition import Scenario

YamlPath = tuple[str | int, ...]

_ABSENT = object()


class Command(QUndoCommand):
    """A command that knows whether its edit is in effect.

    Subclasses implement :meth:`apply` and :meth:`revert`. ``redo`` applies unless the edit is
    already in effect (:func:`push` ran it first); ``undo`` reverts only what was applied, so
    undoing a macro whose last part was refused never undoes that part.
    """

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.applied = False

    def apply(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        if not self.applied:
            self.apply()
            self.applied = True

    def undo(self) -> None:
        if self.applied:
            self.revert()
            self.applied = False


class MacroCommand(Command):
    """Several commands as one undo step; built by :func:`macro` (see the module docstring)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.parts: list[Command] = []
        self.applied = True  # parts run as they are added

    def push(self, command: Command) -> None:
        """Run ``command`` now and make it part of this edit (a refused one is not kept)."""
        command.redo()
        self.parts.append(command)

    def apply(self) -> None:
        with one_update():
            for part in self.parts:
                part.redo()

    def revert(self) -> None:
        with one_update():
            for part in reversed(self.parts):
                part.undo()


#: Where an edit goes: the undo stack, or the macro being built.
Target = QUndoStack | MacroCommand


def push(target: Target, command: Command) -> None:
    """Do ``command`` and record it on ``target``; a refused command raises and is not kept."""
    if isinstance(target, MacroCommand):
        target.push(command)
        return
    command.redo()
    target.push(command)  # its redo is a no-op now: the edit is in effect


@contextmanager
def macro(target: Target, text: str) -> Iterator[MacroCommand]:
    """Build one undo step from several commands pushed on the yielded :class:`MacroCommand`.

    On success the macro is pushed on ``target`` (a stack, or an enclosing macro) — unless no
    part was added. On any error the parts already done are undone, nothing is pushed, and the
    error propagates.
    """
    built = MacroCommand(text)
    with one_update():
        try:
            yield built
        except BaseException:
            built.undo()
            raise
    if built.parts:
        push(target, built)


# --- one document edit each ----------------------------------------------------------------------


class SetValueCommand(Command):
    """Set a value in ``scenario.yaml``; undo restores the old one (or removes a new key)."""

    def __init__(self, session: EditSession, path: YamlPath, value: Any, text: str = "") -> None:
        super().__init__(text or describe_set(tuple(path), value))
        self.session, self.path, self.value = session, tuple(path), value
        document = session.document
        self.old: Any = document.get(self.path) if document.has(self.path) else _ABSENT

    def apply(self) -> None:
        self.session.document.set(self.path, self.value)

    def revert(self) -> None:
        if self.old is _ABSENT:
            self.session.document.delete(self.path)
        else:
            self.session.document.set(self.path, self.old)


class InsertKeyCommand(Command):
    """Add ``key: value`` to the mapping at ``path`` (at ``index``, or at its end)."""

    def __init__(
        self,
        session: EditSession,
        path: YamlPath,
        key: str,
        value: Any,
        index: int | None = None,
        text: str = "",
    ) -> None:
        super().__init__(text or describe_insert(tuple(path), key))
        self.session, self.path, self.key, self.value, self.index = (
            session,
            tuple(path),
            key,
            value,
            index,
        )

    def apply(self) -> None:
        self.session.document.insert(self.path, self.key, self.value, self.index)

    def revert(self) -> None:
        self.session.document.delete((*self.path, self.key))


class DeleteKeyCommand(Command):
    """Remove the value at ``path``; undo puts it back at the same position."""

    def __init__(self, session: EditSession, path: YamlPath, text: str = "") -> None:
        super().__init__(text or describe_delete(tuple(path)))
        self.session, self.path = session, tuple(path)
        self.index: int | None = None
        self.old: Any = None

    def apply(self) -> None:
        self.index, self.old = self.session.document.delete(self.path)

    def revert(self) -> None:
        *parent, key = self.path
        self.session.document.insert(tuple(parent), str(key), self.old, self.index)


class RenameKeyCommand(Command):
    """Rename a mapping key in place (a signal, a result, a variable)."""

    def __init__(self, session: EditSession, path: YamlPath, new_key: str, text: str = "") -> None:
        super().__init__(text or describe_rename(tuple(path), new_key))
        self.session, self.path, self.new_key = session, tuple(path), new_key

    def apply(self) -> None:
        self.session.document.rename_key(self.path, self.new_key)

    def revert(self) -> None:
        self.session.document.rename_key((*self.path[:-1], self.new_key), str(self.path[-1]))


class RenameStepCommand(Command):
    """Rename a step: its key, every transition to it, ``start`` and its saved position."""

    def __init__(self, session: EditSession, old: str, new: str) -> None:
        super().__init__(
            QCoreApplication.translate("Commands", "Rename step '{old}' to '{new}'").format(
                old=old, new=new
            )
        )
        self.session, self.old, self.new = session, old, new

    def apply(self) -> None:
        self._rename(self.old, self.new)

    def revert(self) -> None:
        self._rename(self.new, self.old)

    def _rename(self, old: str, new: str) -> None:
        position = self.session.position(old)
        self.session.document.rename_step(old, new)
        self.session.rename_position(old, new, position)


class SetTextCommand(Command):
    """Replace the text of an instruction or persona file (kept in memory until saved).

    Consecutive typing in the same file merges into one command (``mergeWith``), so Ctrl+Z
    undoes a burst of typing rather than one character; a pause starts a new command.
    """

    MERGE_ID = 0x7E47
    #: typing separated by a longer pause than this becomes a separate undo step
    MERGE_WINDOW_S = 1.5

    def __init__(
        self, session: EditSession, relpath: str, text: str, old: str | None = None, label: str = ""
    ) -> None:
        super().__init__(
            label or QCoreApplication.translate("Commands", "Type in {file}").format(file=relpath)
        )
        self.session, self.relpath, self.new_text = session, relpath, text
        self.old_text = session.document.text(relpath) if old is None else old
        self.stamp = time.monotonic()

    def id(self) -> int:
        return self.MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetTextCommand) or other.relpath != self.relpath:
            return False
        if other.stamp - self.stamp > self.MERGE_WINDOW_S:
            return False
        self.new_text, self.stamp = other.new_text, other.stamp
        return True

    def apply(self) -> None:
        self.session.document.set_text(self.relpath, self.new_text)

    def revert(self) -> None:
        self.session.document.set_text(self.relpath, self.old_text)


class SetYamlTextCommand(Command):
    """Replace the whole text of ``scenario.yaml`` (the source view), even with broken YAML.

    Consecutive edits in the source view merge like typing does.
    """

    MERGE_ID = 0x7E48

    def __init__(self, session: EditSession, text: str) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Type in scenario.yaml"))
        self.session, self.new_text = session, text
        self.old_text = session.document.yaml_text()
        self.stamp = time.monotonic()

    def id(self) -> int:
        return self.MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetYamlTextCommand):
            return False
        if other.stamp - self.stamp > SetTextCommand.MERGE_WINDOW_S:
            return False
        self.new_text, self.stamp = other.new_text, other.stamp
        return True

    def apply(self) -> None:
        self.session.document.set_yaml_text(self.new_text)

    def revert(self) -> None:
        self.session.document.set_yaml_text(self.old_text)


class MoveNodesCommand(Command):
    """Move nodes (a drag, or an auto-layout); positions live in the layout file."""

    def __init__(
        self,
        session: EditSession,
        old: Mapping[str, Position | None],
        new: Mapping[str, Position | None],
        text: str = "",
    ) -> None:
        super().__init__(text or QCoreApplication.translate("Commands", "Move steps"))
        self.session, self.old, self.new = session, dict(old), dict(new)
        self.recorded: dict[str, Position] = {}

    def apply(self) -> None:
        self.recorded = self.session.set_positions(self.new) or self.recorded

    def revert(self) -> None:
        self.session.set_positions(self.old)
        self.session.forget_positions(self.recorded)


# --- gestures made of several commands --------------------------------------------------------


def step_path(step_id: str, *rest: str | int) -> YamlPath:
    return ("steps", step_id, *rest)


def add_step(
    target: Target,
    session: EditSession,
    step_id: str,
    position: Position,
    *,
    title: str = "",
    instructions_text: str = "",
) -> None:
    """A new prompt step with its own instruction file ``steps/<id>.md`` at ``position``.

    No ``goal: ''``: an empty field is left out, as the step form leaves it out when cleared."""
    relpath = f"steps/{step_id}.md"
    body: dict[str, Any] = {
        "title": title or step_id.replace("_", " ").capitalize(),
        "instructions": relpath,
    }
    label = QCoreApplication.translate("Commands", "Add step '{step}'").format(step=step_id)
    with macro(target, label) as edit:
        push(edit, InsertKeyCommand(session, ("steps",), step_id, body))
        text = instructions_text or f"# {body['title']}\n\n"
        push(edit, SetTextCommand(session, relpath, text, old=_text_or_empty(session, relpath)))
        push(edit, MoveNodesCommand(session, {step_id: None}, {step_id: position}))


def delete_steps(target: Target, session: EditSession, step_ids: list[str]) -> None:
    """Delete steps with every transition leading to them; one undo restores all of it.

    The instruction files stay on disk (deleting an author's text is never implicit).
    """
    scenario = session.shown
    if scenario is None or not step_ids:
        return
    doomed = set(step_ids)
    label = (
        QCoreApplication.translate("Commands", "Delete step '{step}'").format(step=step_ids[0])
        if len(step_ids) == 1
        else QCoreApplication.translate("Commands", "Delete {count} steps").format(
            count=len(step_ids)
        )
    )
    incoming = [
        (source, signal)
        for source, signal in session.transitions_into(step_ids)
        if source not in doomed
    ]
    with macro(target, label) as edit:
        for source, signal in sorted(incoming, key=lambda edge: _order(scenario, *edge)):
            push(edit, DeleteKeyCommand(session, step_path(source, "transitions", signal)))
        for step_id in step_ids:
            old = session.position(step_id)
            push(edit, DeleteKeyCommand(session, step_path(step_id)))
            push(edit, MoveNodesCommand(session, {step_id: old}, {step_id: None}))


def connect_steps(
    target: Target,
    session: EditSession,
    source: str,
    target_step: str,
    signal: str,
    description: str = "",
) -> None:
    """Add transition ``signal`` from ``source`` to ``target_step``."""
    value: dict[str, Any] = {"to": target_step}
    if description:
        value["description"] = description
    path = step_path(source, "transitions")
    text = QCoreApplication.translate(
        "Commands", "Connect '{source}' → '{target}' (signal '{signal}')"
    ).format(source=source, target=target_step, signal=signal)
    if not session.document.has(path):
        push(target, SetValueCommand(session, path, {signal: value}, text=text))
    else:
        push(target, InsertKeyCommand(session, path, signal, value, text=text))


def delete_transition(target: Target, session: EditSession, source: str, signal: str) -> None:
    push(target, DeleteKeyCommand(session, step_path(source, "transitions", signal)))


def set_field(
    target: Target, session: EditSession, path: YamlPath, value: Any, *, default: Any = _ABSENT
) -> None:
    """Set a field, unless it is absent and ``value`` equals its ``default`` (no YAML noise)."""
    document = session.document
    present = document.has(path)
    if present and document.get(path) == value:
        return
    if not present and default is not _ABSENT and value == default:
        return
    push(target, SetValueCommand(session, path, value))


def auto_layout(target: Target, session: EditSession) -> None:
    new = session.auto_layout()
    if not new:
        return
    old: dict[str, Position | None] = {step_id: session.position(step_id) for step_id in new}
    push(
        target,
        MoveNodesCommand(
            session, old, dict(new), text=QCoreApplication.translate("Commands", "Auto-layout")
        ),
    )


def from_document_edit(session: EditSession, edit: Edit) -> Command:
    """The command making one planned document edit (an ``engine.drawio.Edit``)."""
    op, path = edit.op, tuple(edit.path)
    if op == "set":
        return SetValueCommand(session, path, edit.value)
    if op == "insert":
        return InsertKeyCommand(session, path, str(edit.key), edit.value)
    if op == "delete":
        return DeleteKeyCommand(session, path)
    if op == "rename_key":
        return RenameKeyCommand(session, path, str(edit.value))
    if op == "rename_step":
        return RenameStepCommand(session, str(edit.key), str(edit.value))
    if op == "set_text":
        relpath = str(path[0])
        return SetTextCommand(
            session, relpath, str(edit.value), old=_text_or_empty(session, relpath)
        )
    raise ValueError(f"unknown document edit {op!r}")


def place_all(target: Target, session: EditSession, positions: Mapping[str, Position]) -> None:
    """Give every step the position in ``positions`` (steps not in it lose theirs)."""
    current = session.positions()
    old: dict[str, Position | None] = {step: current.get(step) for step in {*current, *positions}}
    new: dict[str, Position | None] = {step: positions.get(step) for step in old}
    if old != new:
        push(
            target,
            MoveNodesCommand(
                session, old, new, text=QCoreApplication.translate("Commands", "Place steps")
            ),
        )


def _order(scenario: Scenario, step_id: str, signal: str) -> tuple[int, int]:
    """Where a transition is written: its step among the steps, it among the step's (so a
    multi-part edit runs in file order)."""
    return list(scenario.steps).index(step_id), list(scenario.steps[step_id].transitions).index(
        signal
    )


def _text_or_empty(session: EditSession, relpath: str) -> str:
    try:
        return session.document.text(relpath)
    except (KeyError, FileNotFoundError, OSError):
        return ""
