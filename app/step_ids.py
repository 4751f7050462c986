"""Step ids and signals the author types: what they may be, and why one is refused, in words.

The editor asks for a new step's id, a new id for a step and a new transition's signal; each is
an identifier (:data:`engine.scenario.definition.IDENTIFIER`), a new step's id must not be
taken, and a signal must be neither taken by its step nor ``stay``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.scenario.definition import IDENTIFIER, STAY


def step_id_hint() -> str:
    """What a step id (and a signal) may be, in words."""
    return QCoreApplication.translate(
        "StepIds", "ASCII letters (a–z, A–Z), digits (0–9) and _, not starting with a digit"
    )


def why_not_a_name(name: str, signal: bool = False) -> str:
    """Why ``name`` cannot be an identifier ("" when it can), in the author's words
    (``signal``: said of a signal rather than of an id)."""
    translate = QCoreApplication.translate
    if not name:
        return translate("StepIds", "the name is empty")
    if IDENTIFIER.match(name):
        return ""
    if any(char.isspace() for char in name):
        said = (
            translate(
                "StepIds",
                "“{name}” has a space: spaces are not allowed in signals (use _ instead, e.g. "
                "“{suggestion}”); use {rule}",
            )
            if signal
            else translate(
                "StepIds",
                "“{name}” has a space: spaces are not allowed in ids (use _ instead, e.g. "
                "“{suggestion}”); use {rule}",
            )
        )
        return said.format(name=name, suggestion="_".join(name.split()), rule=step_id_hint())
    if name[0].isdigit():
        said = (
            translate("StepIds", "“{name}” starts with a digit: a signal starts with a letter or _")
            if signal
            else translate(
                "StepIds", "“{name}” starts with a digit: an id starts with a letter or _"
            )
        )
        return said.format(name=name)
    bad = sorted(
        {char for char in name if not (char.isalnum() or char == "_") or not char.isascii()}
    )
    shown = " ".join(f"“{char}”" for char in bad)
    said = (
        translate("StepIds", "“{name}” has {characters}, which signals cannot hold: use {rule}")
        if signal
        else translate("StepIds", "“{name}” has {characters}, which ids cannot hold: use {rule}")
    )
    return said.format(name=name, characters=shown, rule=step_id_hint())


def why_not_a_step_id(name: str, taken: set[str]) -> str:
    """Why ``name`` cannot be a new step's id ("" when it can)."""
    if name in taken:
        return QCoreApplication.translate(
            "StepIds", "a step “{name}” exists already: choose another id"
        ).format(name=name)
    return why_not_a_name(name)


def why_not_a_signal(name: str, taken: set[str], source: str) -> str:
    """Why ``name`` cannot be a new signal of ``source`` ("" when it can)."""
    translate = QCoreApplication.translate
    if name == STAY:
        return translate(
            "StepIds", "“{name}” is the signal every step has for staying: choose another name"
        ).format(name=STAY)
    if name in taken:
        return translate(
            "StepIds", "step “{step}” has a signal “{name}” already: choose another name"
        ).format(step=source, name=name)
    return why_not_a_name(name, signal=True)


__all__ = ["step_id_hint", "why_not_a_name", "why_not_a_signal", "why_not_a_step_id"]
