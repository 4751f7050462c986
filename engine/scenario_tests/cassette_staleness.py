"""Why a replay stopped: the first place a request differs from its recording, in words.

A :class:`Staleness` names the call, the turn and the first differing request field, with an
excerpt of both versions (a differing line of the instructions, say), so an author sees at once
what changed since the test was recorded. :class:`CassetteStale` carries it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.languages import in_every_language
from engine.scenario_tests.cassette_file import CassetteError, dumps

#: Characters of a differing line shown in a staleness report.
EXCERPT_CHARS = 160


@dataclass(frozen=True)
class Staleness:
    """Why a replay stopped: the engine asked something the recording does not answer.

    ``call`` is the 1-based model call, ``turn`` the user message it belonged to (``0`` for the
    opening, ``None`` when unknown). ``field`` is the dotted path of the first differing request
    field (``instructions``, ``schema.properties.results``) when a request differed; ``recorded``
    and ``current`` are short excerpts of that field's two versions.
    """

    call: int
    turn: int | None
    reason: str
    field: str | None = None
    recorded: str | None = None
    current: str | None = None

    def describe(self) -> str:
        where = (
            f"turn {self.turn}, call {self.call}"
            if self.turn is not None
            else (f"call {self.call}")
        )
        return f"{where}: {self.reason}"


class CassetteStale(CassetteError):
    """Raised by :class:`CassetteReplayer` when the recording no longer answers the engine."""

    def __init__(self, staleness: Staleness) -> None:
        self.staleness = staleness
        super().__init__(f"stale cassette at {staleness.describe()}")


def describe_field(path: tuple[str, ...], request: Any) -> str:
    """The differing field in an author's words, with its dotted path for tools."""
    dotted = ".".join(path)
    if not path:
        return "the request"
    if path[0] == "instructions":
        return "the instructions (instructions)"
    if path[0] == "schema":
        return f"the output schema ({dotted})"
    if path[0] in ("input_items", "history") and len(path) > 1 and path[1].isdigit():
        items = request.get(path[0]) if isinstance(request, dict) else None
        index = int(path[1])
        item = items[index] if isinstance(items, list) and index < len(items) else None
        content = item.get("content") if isinstance(item, dict) else None
        headings = tuple(heading.strip() for heading in in_every_language("section_heading"))
        if isinstance(content, str) and content.lstrip().startswith(headings):
            return f"the step's instructions ({dotted})"
        role = item.get("role") if isinstance(item, dict) else None
        return f"a {role or 'conversation'} message ({dotted})"
    return dotted


def first_difference(old: Any, new: Any, path: tuple[str, ...]) -> tuple[tuple[str, ...], str, str]:
    """The path of the first place ``old`` and ``new`` differ, with an excerpt of each."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in _ordered_keys(old, new):
            if key not in old:
                return (*path, key), "(absent)", _excerpt(new[key])
            if key not in new:
                return (*path, key), _excerpt(old[key]), "(absent)"
            if old[key] != new[key]:
                return first_difference(old[key], new[key], (*path, key))
    elif isinstance(old, list) and isinstance(new, list):
        for index, (left, right) in enumerate(zip(old, new, strict=False)):
            if left != right:
                return first_difference(left, right, (*path, str(index)))
        if len(old) != len(new):
            return path, f"{len(old)} item(s)", f"{len(new)} item(s)"
    elif isinstance(old, str) and isinstance(new, str):
        return path, *_line_difference(old, new)
    return path, _excerpt(old), _excerpt(new)


def _ordered_keys(old: dict[str, Any], new: dict[str, Any]) -> Iterator[str]:
    """Keys in the recorded order first (the request's field order), then new ones."""
    yield from old
    yield from (key for key in new if key not in old)


def _line_difference(old: str, new: str) -> tuple[str, str]:
    old_lines, new_lines = old.splitlines(), new.splitlines()
    for number, (left, right) in enumerate(zip(old_lines, new_lines, strict=False), start=1):
        if left != right:
            return f"line {number}: {_clip(left)}", f"line {number}: {_clip(right)}"
    number = min(len(old_lines), len(new_lines)) + 1
    left = old_lines[number - 1] if number <= len(old_lines) else "(no such line)"
    right = new_lines[number - 1] if number <= len(new_lines) else "(no such line)"
    if left == right:  # the texts differ only in trailing whitespace or line endings
        return _clip(repr(old[-40:])), _clip(repr(new[-40:]))
    return f"line {number}: {_clip(left)}", f"line {number}: {_clip(right)}"


def _excerpt(value: Any) -> str:
    return _clip(value if isinstance(value, str) else dumps(value))


def _clip(text: str) -> str:
    return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1] + "…"


__all__ = ["EXCERPT_CHARS", "CassetteStale", "Staleness", "describe_field", "first_difference"]
