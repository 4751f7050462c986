"""The languages the engine speaks: what it writes around the author's text, in each of them.

A scenario says which language its conversations are in (``language: fr`` in ``scenario.yaml``, a
BCP 47 tag, default ``en``). The engine's own words in a prompt — the reply rules, the headings of a
step's section, the lists of results and transitions, the corrections after a broken reply, the
default fallback message — come from that language's table; so do the words of the key-free model
(:mod:`engine.offline`) that plays the bot and the simulated users. Tables ship for:

    en   English (the reference: every key is here)
    fr   French
    hi   Hindi

A tag is matched exactly (lower-cased), then by its primary subtag (``fr-CA`` uses ``fr``). A
language without a table, or a key a table lacks, is written in English; the validator warns
(``untranslated-scaffolding``), so the author knows before a user reads a mixed prompt.

Why Python modules and not data files: they are found wherever the package is (the wheel, the
bundle) without a file reader, mypy checks their shape, and a test checks that each keeps exactly
the English ``{fields}``. The scaffolding is written once per call and is part of the cached
prefix, so a table must never depend on anything but the language: the same tag gives the same
bytes on every run (``tests/test_languages.py``).

This package is at the foundation of the engine: it imports nothing of it.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from engine.languages import en, fr, hi

#: The reference language: every other table is checked against it.
ENGLISH = "en"
#: Every shipped table, by its tag.
TABLES: dict[str, ModuleType] = {"en": en, "fr": fr, "hi": hi}
#: A well-formed BCP 47 tag as a scenario writes it (language, then subtags: ``pt-BR``,
#: ``sr-Latn-RS``, ``hi``); what each subtag means is not checked.
BCP47_PATTERN = r"^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$"
BCP47 = re.compile(BCP47_PATTERN)

#: The parts of a table: what the engine writes to the model, and what the key-free model says.
Part = str
SCAFFOLDING: Part = "SCAFFOLDING"
KEY_FREE: Part = "KEY_FREE"


@dataclass(frozen=True)
class Phrasebook:
    """One part of one language's table, English filling what it lacks.

    ``language`` is the tag asked for; ``table`` the tag of the table used (``""`` when none
    matched, and everything is English); ``missing`` the keys taken from English.
    """

    language: str
    table: str
    texts: Mapping[str, str]
    missing: tuple[str, ...]

    def say(self, key: str, /, **fields: object) -> str:
        """The text of ``key`` with its ``{fields}`` filled (a text without fields as is)."""
        return self.texts[key].format(**fields)

    @property
    def complete(self) -> bool:
        return not self.missing


def table_for(language: str) -> str | None:
    """The tag of the table ``language`` uses, or None when no table matches it."""
    tag = language.strip().lower()
    if tag in TABLES:
        return tag
    primary = tag.split("-", 1)[0]
    return primary if primary in TABLES else None


@cache
def phrasebook(language: str = ENGLISH, part: Part = SCAFFOLDING) -> Phrasebook:
    """The texts of ``part`` in ``language`` (English for what it does not translate)."""
    reference: dict[str, str] = getattr(en, part)
    table = table_for(language)
    own: dict[str, str] = getattr(TABLES[table], part, {}) if table else {}
    texts = {key: own.get(key, text) for key, text in reference.items()}
    missing = tuple(key for key in reference if key not in own)
    return Phrasebook(language, table or "", texts, missing)


def scaffolding(language: str = ENGLISH) -> Phrasebook:
    """What the engine writes to the model in ``language``."""
    return phrasebook(language, SCAFFOLDING)


def key_free(language: str = ENGLISH) -> Phrasebook:
    """What the key-free model (the stand-in bot and simulated user) says in ``language``."""
    return phrasebook(language, KEY_FREE)


@cache
def in_every_language(key: str, part: Part = SCAFFOLDING) -> tuple[str, ...]:
    """The text of ``key`` in every shipped table: how a fake model recognises, in any language,
    a heading or a correction the engine wrote."""
    texts = [phrasebook(tag, part).texts[key] for tag in TABLES]
    return tuple(dict.fromkeys(texts))


def fields_of(template: str) -> frozenset[str]:
    """The ``{fields}`` a template fills (a translation must keep exactly these)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def language_name(language: str) -> str:
    """The language's name in itself (``Français``), or the tag when no table has it."""
    table = table_for(language)
    return str(TABLES[table].NAME) if table else language


__all__ = [
    "BCP47",
    "BCP47_PATTERN",
    "ENGLISH",
    "KEY_FREE",
    "SCAFFOLDING",
    "TABLES",
    "Phrasebook",
    "fields_of",
    "in_every_language",
    "key_free",
    "language_name",
    "phrasebook",
    "scaffolding",
    "table_for",
]
