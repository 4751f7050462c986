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

The step's transitions are brought into the new kind's rules in the same undo step, keeping
the author's wiring where it can (targets, ``description``, ``requires``):

- to an action: a signal already named as one of its outcomes stays; the others take, in
  order, the outcomes not wired yet (``ok`` unless its Python function's returns say it never
  returns it, ``error``, ``timeout``, then those the function names); a signal left over stays
  as a named outcome while the function is not written (it may return it), and goes when the
  function's returns say it never does. An action must handle ``error``: when no signal
  became ``error``, it leads where the first one does.
- to a message: the first transition stays (a message step follows only one), the rest go.
- to a prompt: every transition stays (an outcome name is a valid signal).

Every change is one :func:`app.commands.macro` (one undo step, rolled back if a part fails).
When a step stops being a prompt step, its default instruction file ``steps/<id>.md`` goes if
it holds nothing the author wrote (empty, or only the heading the studio wrote): one made in
this session and never saved is emptied (not written), one on disk is removed (the save deletes
it; undo brings it back). A file with the author's text, or read by another step, stays.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from app import commands
from app.action_outcomes import function_outcomes, step_outcomes
from app.commands import Target, step_path
from app.edit_session import EditSession, Position
from app.step_rename import RemoveFileCommand, default_title, read_elsewhere
from engine.errors import ScenarioError
from engine.scenario.actions import ERROR, OK
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
            _drop_useless_file(edit, session, step_id, old_instructions)
        if kind is StepKind.PROMPT:
            commands.push(edit, commands.DeleteKeyCommand(session, (*path, "kind")))
            if not document.has((*path, "instructions")):
                relpath = instructions_path(step_id)
                commands.push(
                    edit, commands.SetValueCommand(session, (*path, "instructions"), relpath)
                )
                if not _text(session, relpath).strip():
                    has_title = document.has((*path, "title"))
                    title = str(document.get((*path, "title")) if has_title else "") or step_id
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
        _fit_transitions(edit, session, step_id, kind)


def _fit_transitions(edit: Target, session: EditSession, step_id: str, kind: StepKind) -> None:
    """Bring the step's transitions into the rules of ``kind`` (a message or an action)."""
    document = session.document
    path = step_path(step_id, "transitions")
    signals = [str(signal) for signal in document.keys(path)]
    if kind is StepKind.MESSAGE:
        for signal in signals[1:]:
            commands.push(edit, commands.DeleteKeyCommand(session, (*path, signal)))
        return
    known = function_outcomes(session, step_id)  # None: any name may be one of its outcomes
    outcomes = [
        outcome
        for outcome in step_outcomes(session, step_id)
        if known is None or outcome != OK or OK in known
    ]
    kept = [signal for signal in signals if signal in outcomes]
    free = [outcome for outcome in outcomes if outcome not in kept]
    for signal in signals:
        if signal in kept:
            continue
        if free:
            commands.push(edit, commands.RenameKeyCommand(session, (*path, signal), free.pop(0)))
        elif known is not None:
            commands.push(edit, commands.DeleteKeyCommand(session, (*path, signal)))
    names = [str(signal) for signal in document.keys(path)]
    if names and ERROR not in names:
        first = document.get((*path, names[0]))
        target = first.get("to") if isinstance(first, dict) else None
        if isinstance(target, str):
            commands.push(edit, commands.InsertKeyCommand(session, path, ERROR, {"to": target}))


def _drop_useless_file(edit: Target, session: EditSession, step_id: str, relpath: str) -> None:
    """The step stopped being a prompt step: its default instruction file ``steps/<id>.md``
    goes when it holds nothing the author wrote (empty, or only the heading the studio wrote);
    one made in this session and never saved is emptied (not written). An author's text stays,
    as does a file another step reads."""
    document = session.document
    try:
        on_disk = (document.folder / relpath).exists()
        text = document.text(relpath)
    except (ScenarioError, OSError):  # a path outside the folder: not a file of ours
        return
    if read_elsewhere(session, relpath, step_id):
        return
    if not on_disk:
        if text:
            commands.push(edit, commands.SetTextCommand(session, relpath, "", old=text))
        return
    title = (
        document.get(step_path(step_id, "title"))
        if document.has(step_path(step_id, "title"))
        else ""
    )
    stub = text.strip() in ("", f"# {title}".strip(), f"# {default_title(step_id)}")
    if relpath == instructions_path(step_id) and stub:
        commands.push(edit, RemoveFileCommand(session, relpath))


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
