"""The kinds of step the palette places, and switching a step from one kind to another.

A kind is created with exactly the fields it uses, and a switch removes what the new kind does
not use, so that the studio never leaves a warning of its own making (an action step that
keeps ``instructions:``, a message step with a useless ``steps/x.md``):

=========  =====================================================  ==============================
palette    what is written                                        what the kind never uses
=========  =====================================================  ==============================
question   ``instructions: steps/<id>.md`` and that file          ``text``, ``call``, ``inputs``,
                                                                  ``timeout_s``
message    ``kind: message``, ``text:``                            ``instructions``, ``results``,
                                                                  ``on_enter``, action fields
action     ``kind: action``, ``call: {python: <id>}``              ``instructions``, ``text``,
                                                                  ``on_enter``
end        a message with ``final: true``                         as a message
=========  =====================================================  ==============================

Every change is one :func:`app.commands.macro` (one undo step, rolled back if a part fails).
An instruction file the studio made in this session and never saved is emptied when its step
stops being a prompt step (a file emptied in memory is not written); one on disk stays: the
author's text is never deleted implicitly.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from app import commands
from app.commands import Target, step_path
from app.edit_session import EditSession, Position
from engine.errors import ScenarioError
from engine.scenario.definition import StepKind

translate = QCoreApplication.translate

#: The palette's entries, in its order: (name, kind written, final).
PALETTE: tuple[tuple[str, StepKind, bool], ...] = (
    ("question", StepKind.PROMPT, False),
    ("message", StepKind.MESSAGE, False),
    ("action", StepKind.ACTION, False),
    ("end", StepKind.MESSAGE, True),
)

#: The fields each kind uses (any other is removed when a step switches to it).
FIELDS: dict[StepKind, frozenset[str]] = {
    StepKind.PROMPT: frozenset(
        {"title", "goal", "kind", "instructions", "final", "on_enter", "results", "transitions"}
    ),
    StepKind.MESSAGE: frozenset({"title", "goal", "kind", "text", "final", "transitions"}),
    StepKind.ACTION: frozenset(
        {"title", "goal", "kind", "call", "inputs", "timeout_s", "results", "transitions", "final"}
    ),
}


def palette_name(entry: str) -> str:
    """The palette entry's name in the studio's language."""
    return {
        "question": translate("StepKinds", "Question"),
        "message": translate("StepKinds", "Message"),
        "action": translate("StepKinds", "Action"),
        "end": translate("StepKinds", "End"),
    }[entry]


def palette_tip(entry: str) -> str:
    return {
        "question": translate("StepKinds", "A prompt step: the model talks under its instructions"),
        "message": translate("StepKinds", "A message step: fixed text, no model call"),
        "action": translate("StepKinds", "An action step: calls Python or HTTP, no model call"),
        "end": translate("StepKinds", "A final message: says goodbye and ends the conversation"),
    }[entry]


def default_text(final: bool) -> str:
    """A new message step's text (a message with no text is an error)."""
    if final:
        return translate("StepKinds", "Thank you, goodbye!")
    return translate("StepKinds", "Write the message here.")


def instructions_path(step_id: str) -> str:
    return f"steps/{step_id}.md"


def new_step_body(step_id: str, title: str, entry: str) -> dict[str, Any]:
    """The YAML of a new step of palette entry ``entry`` (no file: see :func:`add_step`)."""
    kind, final = _entry(entry)
    body: dict[str, Any] = {"title": title}
    if kind is StepKind.PROMPT:
        body["instructions"] = instructions_path(step_id)
    else:
        body["kind"] = kind.value
    if kind is StepKind.MESSAGE:
        body["text"] = default_text(final)
    if kind is StepKind.ACTION:
        body["call"] = {"python": step_id}
    if final:
        body["final"] = True
    return body


def add_step(
    target: Target, session: EditSession, step_id: str, position: Position, entry: str
) -> None:
    """A new step of palette entry ``entry`` at ``position``: its YAML, its instruction file
    (a question only) and its position, as one undo step."""
    title = step_id.replace("_", " ").capitalize()
    body = new_step_body(step_id, title, entry)
    label = translate("Commands", "Add {kind} step '{step}'").format(
        kind=palette_name(entry).lower(), step=step_id
    )
    with commands.macro(target, label) as edit:
        commands.push(edit, commands.InsertKeyCommand(session, ("steps",), step_id, body))
        if "instructions" in body:
            relpath = body["instructions"]
            commands.push(
                edit,
                commands.SetTextCommand(
                    session, relpath, f"# {title}\n\n", old=_text(session, relpath)
                ),
            )
        commands.push(
            edit, commands.MoveNodesCommand(session, {step_id: None}, {step_id: position})
        )


def switch_kind(target: Target, session: EditSession, step_id: str, kind: StepKind | str) -> None:
    """Make ``step_id`` a step of ``kind``: drop the fields it does not use, add those it
    needs, as one undo step (nothing when it is of that kind already)."""
    kind = StepKind(kind)
    document = session.document
    path = step_path(step_id)
    current = StepKind(document.get((*path, "kind")) if document.has((*path, "kind")) else "prompt")
    if current is kind:
        return
    label = translate("Commands", "Make '{step}' a {kind} step").format(
        step=step_id, kind=kind.value
    )
    keep = FIELDS[kind]
    with commands.macro(target, label) as edit:
        old_instructions = (
            document.get((*path, "instructions")) if document.has((*path, "instructions")) else None
        )
        for key in document.keys(path):
            if key not in keep:
                commands.push(edit, commands.DeleteKeyCommand(session, (*path, key)))
        if isinstance(old_instructions, str) and kind is not StepKind.PROMPT:
            _drop_unsaved_file(edit, session, old_instructions)
        if kind is StepKind.PROMPT:
            commands.push(edit, commands.DeleteKeyCommand(session, (*path, "kind")))
            if not document.has((*path, "instructions")):
                relpath = instructions_path(step_id)
                commands.push(
                    edit, commands.SetValueCommand(session, (*path, "instructions"), relpath)
                )
                if not _text(session, relpath).strip():
                    title = str(document.get((*path, "title")) or step_id)
                    commands.push(
                        edit,
                        commands.SetTextCommand(session, relpath, f"# {title}\n\n", old=""),
                    )
            return
        commands.push(edit, commands.SetValueCommand(session, (*path, "kind"), kind.value))
        if kind is StepKind.MESSAGE and not document.has((*path, "text")):
            final = (
                bool(document.get((*path, "final"))) if document.has((*path, "final")) else False
            )
            commands.push(
                edit, commands.SetValueCommand(session, (*path, "text"), default_text(final))
            )
        if kind is StepKind.ACTION and not document.has((*path, "call")):
            commands.push(
                edit, commands.SetValueCommand(session, (*path, "call"), {"python": step_id})
            )


def _drop_unsaved_file(edit: Target, session: EditSession, relpath: str) -> None:
    """Empty an instruction file that exists only in memory (a new step's, never saved):
    emptied, it is not written. A file on disk is left alone."""
    document = session.document
    try:
        on_disk = (document.folder / relpath).exists()
        text = document.text(relpath)
    except (ScenarioError, OSError):  # a path outside the folder: not a file of ours
        return
    if not on_disk and text:
        commands.push(edit, commands.SetTextCommand(session, relpath, "", old=text))


def _entry(entry: str) -> tuple[StepKind, bool]:
    for name, kind, final in PALETTE:
        if name == entry:
            return kind, final
    raise ValueError(f"unknown palette entry {entry!r}")


def _text(session: EditSession, relpath: str) -> str:
    try:
        return session.document.text(relpath)
    except (ScenarioError, OSError):
        return ""


__all__ = [
    "FIELDS",
    "PALETTE",
    "add_step",
    "default_text",
    "new_step_body",
    "palette_name",
    "palette_tip",
    "switch_kind",
]
