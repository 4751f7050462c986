"""The contract's own words in a reply's ``message``: Prompter's scaffolding echoed to the user.

A small model corrected once may copy the correction into its next ``message`` ("Your last reply
broke the reply contract: … Allowed transitions: "stay"") or recite the reply rules. Such a
message is well-formed JSON and would reach the user, and the conversation's history after it.
:func:`echoed_instructions` finds it: the contract treats it as a violation of its own kind
(``echoed_instructions``), corrected like the others and never shown.

**What counts as an echo.** The texts the engine writes around the author's — the scaffolding of
every language in :mod:`engine.languages` (reply rules, step sections, corrections, advice,
schema descriptions), never the fallback sentence, which is meant for the user — cut into
*markers*: the literal text between a template's ``{fields}``, its wrapped lines joined again,
split into list items, headings and sentences. A marker counts only when it is long enough to be
the engine's own, not an ordinary phrase that a bot could say: at least :data:`MIN_WORDS` words
and :data:`MIN_CHARS` characters, or a scaffolding heading (``# Current step:``), or a label
naming the contract's own terms (``Allowed transitions:``). What a correction says was wrong
(``detail_…``: "the reply was cut off") is ordinary enough that its pieces count only when they
name the contract's own terms too (``'results' must be an object, not``). Message and markers
are compared after :func:`normalised`: case-folded, typographic quotes made plain, every run of
white space one space — a copy that rewrapped the lines or changed the case is still a copy. The
author's own texts are not markers: a bot may well repeat its instructions' words to the user
when the author wrote them for that.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import lru_cache

from engine.languages import SCAFFOLDING, TABLES, phrasebook

__all__ = [
    "MIN_CHARS",
    "MIN_WORDS",
    "echoed_instructions",
    "markers",
    "normalised",
    "showable",
]

#: A marker is a run of the engine's text of at least this many words …
MIN_WORDS = 4
#: … and of at least this many characters (ordinary short phrases are not echoes).
MIN_CHARS = 20
#: Scaffolding texts meant for the user, never markers.
_FOR_THE_USER = frozenset({"fallback_message"})
#: Scaffolding texts too short or too common to be markers however they are cut.
_TOO_COMMON = frozenset({"yes", "no", "list_separator", "detail_separator"})
#: Where a template's literal text is cut into sentences: after a full stop, question or
#: exclamation mark (Latin, Devanagari ``।``).
_SENTENCES = re.compile(r"(?<=[.!?।])\s+")
#: A line that starts an item of its own (a list item, a heading), not the rest of a sentence.
_ITEM = re.compile(r"^\s*(?:[-#{]|$)")
#: Keys whose texts are ordinary words: their pieces are markers only with a contract term.
_ORDINARY = ("detail_", "value_", "json_", "type_")
_CONTRACT_WORDS = ("json", "```", "message", "transition", "results", "summary", "stay")
#: A last word shorter than this ("I", "a", "to") streams at once even if a marker begins so:
#: words that short begin too many sentences to wait for; an echo's first word is taken back.
_HELD_WORD = 3
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"'})
_SPACES = re.compile(r"\s+")
#: The contract's own terms: a label naming one is the engine's (``Allowed transitions:``).
_TERMS = ("transition", "transitions")


def normalised(text: str) -> str:
    """``text`` as compared: case-folded, plain quotes, every run of white space one space."""
    return _SPACES.sub(" ", text.translate(_QUOTES).casefold()).strip()


def _literals(template: str) -> Iterable[str]:
    """The literal parts of a ``str.format`` template (its ``{{`` and ``}}`` unescaped)."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        return [template]
    return [literal for literal, _field, _spec, _conversion in parts if literal]


def _sentences(literal: str) -> Iterable[str]:
    """The items and sentences of a literal part, its wrapped lines joined again."""
    items: list[str] = []
    for line in literal.split("\n"):
        if items and not _ITEM.match(line) and not items[-1].lstrip().startswith("#"):
            items[-1] = f"{items[-1]} {line}"
        else:
            items.append(line)
    for item in items:
        yield from _SENTENCES.split(item)


def _is_marker(fragment: str, *, ordinary: bool = False) -> bool:
    if ordinary and not any(word in fragment for word in _CONTRACT_WORDS):
        return False
    words = fragment.split(" ")
    if fragment.startswith("#"):
        return len(words) >= 2 and len(fragment) >= 6
    if fragment.endswith(":") and len(words) >= 2:
        return any(term in words[-1] for term in _TERMS)
    return len(words) >= MIN_WORDS and len(fragment) >= MIN_CHARS


@lru_cache(maxsize=1)
def markers() -> tuple[str, ...]:
    """Every marker of every language, normalised, longest first."""
    found: set[str] = set()
    for language in TABLES:
        words = phrasebook(language, SCAFFOLDING)
        for key, template in words.texts.items():
            if key in _FOR_THE_USER or key in _TOO_COMMON:
                continue
            ordinary = key.startswith(_ORDINARY)
            for literal in _literals(template):
                for sentence in _sentences(literal):
                    fragment = normalised(sentence).strip(" -\"'()")
                    if _is_marker(fragment, ordinary=ordinary):
                        found.add(fragment)
    return tuple(sorted(found, key=lambda marker: (-len(marker), marker)))


def echoed_instructions(message: str) -> str | None:
    """The first piece of Prompter's own scaffolding that ``message`` repeats (normalised), or
    ``None`` when it repeats none."""
    text = normalised(message)
    if not text:
        return None
    for marker in markers():
        if marker in text:
            return marker
    return None


@lru_cache(maxsize=1)
def _longest() -> int:
    """The length of the longest marker: no longer tail can be the beginning of one."""
    return max((len(marker) for marker in markers()), default=0)


@lru_cache(maxsize=1)
def _beginnings() -> frozenset[str]:
    """Every beginning of every marker (what a message still being written may be heading to)."""
    return frozenset(marker[:size] for marker in markers() for size in range(1, len(marker) + 1))


def showable(text: str) -> str:
    """The part of ``text`` — a message still being streamed — that may be shown now: all of
    it but a tail that could be the beginning of a marker (a last word of fewer than three
    letters excepted). That tail is held back until the next words show it is not an echo (or
    the reply stands, and is shown whole); so an echo is not streamed, not even its first
    words."""
    beginnings = _beginnings()
    longest = _longest()
    first = max(0, len(text) - 2 * longest)
    # The window normalised once, each character knowing where in ``text`` it came from.
    chars: list[str] = []
    origin: list[int] = []
    for index in range(first, len(text)):
        char = text[index]
        if char.isspace():
            if chars and chars[-1] != " ":
                chars.append(" ")
                origin.append(index)
            continue
        for folded in char.translate(_QUOTES).casefold():
            chars.append(folded)
            origin.append(index)
    window = "".join(chars).rstrip()
    # Called on every piece of a streamed reply: only tails short enough to begin a marker are
    # looked up (a longer one cannot be in ``beginnings``), not every tail of the window.
    for position in range(max(0, len(window) - longest), len(window)):
        start = origin[position]
        if window[position] == " " or (
            start and text[start - 1].isalnum() and text[start].isalnum()
        ):
            continue  # a space, or inside a word: no marker begins there
        tail = window[position:]
        if tail in beginnings and (" " in tail or len(tail) >= _HELD_WORD):
            return text[:start]
    return text
