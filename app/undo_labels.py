"""The names of the edits in *Edit ▸ Undo* (``QUndoCommand`` texts), in the studio's language.

:mod:`app.commands` names a generic edit by the YAML path it changes: ``Change goal of 'budget'``,
``Delete signal 'back' of 'pick'``. Each name is one whole ``translate("Commands", …)`` sentence
with placeholders, never English fragments glued together, so that French and Hindi can put the
words in their own order; the fields and the top-level keys are named by the tables below, read
when an edit is made (an edit keeps the language it was made in).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

YamlPath = tuple[str | int, ...]


def _field_words() -> dict[str, str]:
    """How a field is named in an undo label."""
    translate = QCoreApplication.translate
    return {
        "title": translate("Commands", "title"),
        "goal": translate("Commands", "goal"),
        "kind": translate("Commands", "kind"),
        "final": translate("Commands", "final"),
        "on_enter": translate("Commands", "on enter"),
        "instructions": translate("Commands", "instruction file"),
        "text": translate("Commands", "text"),
        "description": translate("Commands", "description"),
        "requires": translate("Commands", "guard"),
        "to": translate("Commands", "target"),
        "type": translate("Commands", "type"),
        "required": translate("Commands", "required"),
        "values": translate("Commands", "values"),
        "default": translate("Commands", "default"),
        "name": translate("Commands", "name"),
        "temperature": translate("Commands", "temperature"),
        "call": translate("Commands", "call"),
        "python": translate("Commands", "function"),
        "http": translate("Commands", "HTTP request"),
        "method": translate("Commands", "method"),
        "url": translate("Commands", "URL"),
        "headers": translate("Commands", "headers"),
        "json": translate("Commands", "JSON body"),
        "inputs": translate("Commands", "inputs"),
        "timeout_s": translate("Commands", "timeout"),
    }


def _top_words() -> dict[str, str]:
    """How a top-level key of scenario.yaml is named in an undo label."""
    translate = QCoreApplication.translate
    return {
        "title": translate("Commands", "the scenario's title"),
        "start": translate("Commands", "the start step"),
        "model": translate("Commands", "the model"),
        "persona": translate("Commands", "the persona file"),
        "contract": translate("Commands", "the contract settings"),
        "name": translate("Commands", "the name"),
        "description": translate("Commands", "the scenario's description"),
        "variables": translate("Commands", "the variables"),
        "steps": translate("Commands", "the steps"),
    }


def _field(name: str | int) -> str:
    return _field_words().get(str(name), f"{name}")


def _top(name: str | int) -> str:
    return _top_words().get(str(name), _field(name))


def _thing(path: YamlPath) -> str:
    """What ``path`` (a step, a transition, a result, a variable…) is, in words."""
    translate = QCoreApplication.translate
    if len(path) >= 2 and path[0] == "steps":
        if len(path) >= 4 and path[2] == "transitions":
            return translate("Commands", "signal '{signal}' of '{step}'").format(
                signal=path[3], step=path[1]
            )
        if len(path) >= 4 and path[2] == "results":
            return translate("Commands", "result '{result}' of '{step}'").format(
                result=path[3], step=path[1]
            )
        if len(path) == 2:
            return translate("Commands", "step '{step}'").format(step=path[1])
        return f"'{path[1]}'"
    if len(path) >= 2 and path[0] == "variables":
        return translate("Commands", "variable '{name}'").format(name=path[1])
    if len(path) >= 2 and path[0] == "model":
        return translate("Commands", "the model")
    return (
        _top_words().get(str(path[0]), f"{path[0]}")
        if path
        else translate("Commands", "the scenario")
    )


def _owner(path: YamlPath) -> str:
    """What owns the field at the end of ``path``: a step is named without "step"."""
    if len(path) == 2 and path[0] == "steps":
        return f"'{path[1]}'"
    return _thing(path)


def describe_set(path: YamlPath, value: Any = None) -> str:
    """An undo label for setting ``path``: "Change goal of 'budget'"."""
    translate = QCoreApplication.translate
    if path == ("start",):
        return translate("Commands", "Make '{step}' the start step").format(step=value)
    if len(path) == 1:
        return translate("Commands", "Change {what}").format(what=_top(path[0]))
    owner, leaf = _owner(path[:-1]), path[-1]
    if len(path) == 2 and path[0] in ("steps", "variables"):
        return translate("Commands", "Replace {what}").format(what=_thing(path))
    if leaf == "to" and len(path) == 5 and path[2] == "transitions":
        return translate("Commands", "Point {what} to '{target}'").format(what=owner, target=value)
    if leaf in ("final", "required") and isinstance(value, bool):
        if leaf == "final":
            label = (
                translate("Commands", "Mark {what} final")
                if value
                else translate("Commands", "Mark {what} not final")
            )
        else:
            label = (
                translate("Commands", "Mark {what} required")
                if value
                else translate("Commands", "Mark {what} not required")
            )
        return label.format(what=owner)
    if len(path) == 3 and path[2] == "transitions":
        return translate("Commands", "Change the transitions of {what}").format(what=owner)
    if len(path) == 3 and path[2] == "results":
        return translate("Commands", "Change the results of {what}").format(what=owner)
    return translate("Commands", "Change {field} of {what}").format(field=_field(leaf), what=owner)


def describe_delete(path: YamlPath) -> str:
    """An undo label for removing ``path``: "Delete signal 'back' of 'pick'"."""
    translate = QCoreApplication.translate
    if (len(path) == 2 and path[0] in ("steps", "variables")) or (
        len(path) == 4 and path[0] == "steps" and path[2] in ("transitions", "results")
    ):
        return translate("Commands", "Delete {what}").format(what=_thing(path))
    if len(path) == 1:
        return translate("Commands", "Remove {what}").format(what=_top(path[0]))
    return translate("Commands", "Clear {field} of {what}").format(
        field=_field(path[-1]), what=_owner(path[:-1])
    )


def describe_insert(path: YamlPath, key: str) -> str:
    """An undo label for adding ``key`` under ``path``: "Add result 'email' to 'signup'"."""
    translate = QCoreApplication.translate
    full = (*path, key)
    if len(full) == 2 and full[0] in ("steps", "variables"):
        return translate("Commands", "Add {what}").format(what=_thing(full))
    if len(full) == 4 and full[2] == "transitions":
        return translate("Commands", "Add signal '{name}' to '{step}'").format(
            name=key, step=full[1]
        )
    if len(full) == 4 and full[2] == "results":
        return translate("Commands", "Add result '{name}' to '{step}'").format(
            name=key, step=full[1]
        )
    return translate("Commands", "Add {field} to {what}").format(
        field=_field(key), what=_owner(path)
    )


def describe_rename(path: YamlPath, new_key: str) -> str:
    """An undo label for renaming the key at ``path``: "Rename signal 'a' of 's' to 'b'"."""
    return QCoreApplication.translate("Commands", "Rename {what} to '{name}'").format(
        what=_thing(path), name=new_key
    )


__all__ = ["describe_delete", "describe_insert", "describe_rename", "describe_set"]
