"""The rule on the scenario's language: is there a table for the engine's words in it?

The engine writes its own words around the author's text (the reply rules, the headings of a
step's section, the corrections, the default fallback) in the scenario's ``language``
(:mod:`engine.languages`). A language without a table, or a table that lacks some texts, is
written in English — it runs, but the model reads a prompt in two languages, so the author hears
of it.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.languages import TABLES, scaffolding
from engine.scenario.validate.checker import Checker, Finding


def check_language(check: Checker) -> Iterator[Finding]:
    language = check.scenario.language
    words = scaffolding(language)
    if words.complete:
        return
    shipped = ", ".join(sorted(TABLES))
    if not words.table:
        message = (
            f"no translation of the engine's prompt texts for language {language!r}: "
            "they are written in English around the scenario's text"
        )
    else:
        message = (
            f"the prompt texts for language {language!r} lack {len(words.missing)} "
            f"translation(s) ({', '.join(words.missing[:3])}…): those are written in English"
        )
    yield check.at(
        "untranslated-scaffolding",
        "warning",
        message,
        "language",
        hint=f"languages with a table: {shipped}",
    )
