"""Names made from what an author typed: file stems from titles, ids from labels, and the one
sentence that says which characters an id may hold.

**Transliterated to ASCII, not kept as Unicode.** A test saved from the chat is named after its
title (*Réservation complète pour « 4 »* → ``reservation_complete_pour_4``; a Hindi title is
romanised: *स्वागत* → ``svagt``), by `anyascii <https://pypi.org/project/anyascii/>`_, which
covers every script. Kept as Unicode, the same name would be two different byte strings on
macOS (which decomposes é into e and an accent) and Linux, would be mangled in zip files and in
Windows consoles, and would have to be typed on the command line (``prompter test SCENARIO
FILE``) and read in CI reports; the title itself keeps every accent, in the file's ``name:``.

Ids (steps, signals, variables, results, a scenario's ``name``) are ASCII by the format itself
(:data:`~engine.scenario.definition.IDENTIFIER_PATTERN`): they are JSON-schema property names
and enum values the model must write back exactly, and parts of file names. A refusal names the
characters that are not allowed and suggests the transliterated id.
"""

from __future__ import annotations

import re

from anyascii import anyascii

from engine.scenario.definition import IDENTIFIER

#: Which characters an id may hold, in the words every refusal uses.
IDENTIFIER_RULE = "ASCII letters (a–z, A–Z), digits (0–9) and '_', not starting with a digit"
_NOT_WORD = re.compile(r"[^a-z0-9]+")
_ALLOWED = re.compile(r"[A-Za-z0-9_]")


def ascii_words(text: str) -> str:
    """``text`` transliterated, lower-case, its words joined by ``_``: ``Crème brûlée!`` →
    ``creme_brulee``."""
    return _NOT_WORD.sub("_", anyascii(text).lower()).strip("_")


def file_stem(title: str, fallback: str = "chat", limit: int = 48) -> str:
    """A file stem for a title: ``Ana orders a margherita`` → ``ana_orders_a_margherita``;
    ``fallback`` when nothing is left (a title of emoji or punctuation)."""
    return ascii_words(title)[:limit].rstrip("_") or fallback


def identifier_from(text: str, fallback: str = "step") -> str:
    """An id for a label: ``Réservation de table`` → ``reservation_de_table``; one starting
    with a digit gets ``fallback_`` in front (``2 choix`` → ``step_2_choix``)."""
    cleaned = ascii_words(text)
    if not cleaned:
        return fallback
    return cleaned if IDENTIFIER.match(cleaned) else f"{fallback}_{cleaned}"


def disallowed_characters(text: str) -> list[str]:
    """The characters of ``text`` an id may not hold, each once, in order."""
    return list(dict.fromkeys(char for char in text if not _ALLOWED.match(char)))


def identifier_problem(text: str, what: str = "an id") -> str | None:
    """Why ``text`` cannot be an id (None when it can): the rule, the characters that break it,
    and the id to use instead."""
    if IDENTIFIER.match(text):
        return None
    if not text:
        return f"{what} cannot be empty: use {IDENTIFIER_RULE}"
    bad = disallowed_characters(text)
    why = (
        "not allowed: " + " ".join(repr(char) for char in bad) if bad else "it starts with a digit"
    )
    suggestion = identifier_from(text)
    hint = f"; use {suggestion!r}" if suggestion != text else ""
    return f"{text!r} cannot be {what}: it may hold only {IDENTIFIER_RULE} ({why}){hint}"


__all__ = [
    "IDENTIFIER_RULE",
    "ascii_words",
    "disallowed_characters",
    "file_stem",
    "identifier_from",
    "identifier_problem",
]
