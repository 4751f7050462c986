"""YAML syntax errors said for an author: which line, and what is probably wrong.

The parser reports where it gave up, in its own words ("expected <block end>, but found
'<block mapping start>'"), often a line after the mistake. :func:`explain` looks at the text
around that place and says what an author most likely did — indented a line with a tab, lined
a key up with neither its siblings nor its parent, forgot the colon after a key, left a quote
or a bracket open, wrote ``: `` inside a plain value — pointing at the line to fix. The
parser's own words stay in the hint, for whoever knows YAML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml


@dataclass(frozen=True)
class Explained:
    """What went wrong (``message``), where (1-based ``line``/``column``), and how to fix it.

    The message speaks of "this line" and never names a line number: a caller that parsed part
    of a file (a test file's front matter) moves the location, and the words stay true."""

    message: str
    line: int | None
    column: int | None
    hint: str


_CANNOT_START = re.compile(r"found character '(.+)' that cannot start any token")


def explain(text: str, error: yaml.MarkedYAMLError) -> Explained:
    """``error`` (from parsing ``text``) as an author would want to hear it."""
    lines = text.splitlines()
    problem = error.problem or ""
    context = error.context or ""
    mark = error.problem_mark or error.context_mark
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    parser = f"the YAML parser said: {problem}" + (f" ({context})" if context else "")

    def at(number: int | None) -> str:
        return lines[number - 1] if number is not None and 0 < number <= len(lines) else ""

    tabbed = _tabbed_line(lines, line)
    if "'\\t'" in problem or tabbed is not None:
        where = tabbed or line
        return Explained(
            "this line is indented with a tab",
            where,
            1,
            f"YAML indents with spaces only: replace the tab with spaces ({parser})",
        )
    if "quoted scalar" in context and error.context_mark is not None:
        opened = error.context_mark.line + 1
        if "escape character" in problem:
            return Explained(
                "a backslash in double quotes starts an escape YAML does not know",
                line,
                column,
                f"use single quotes around the value, or write the backslash twice ({parser})",
            )
        quote = at(opened)[error.context_mark.column : error.context_mark.column + 1] or "quote"
        return Explained(
            f"the {quote} opened here is never closed",
            opened,
            error.context_mark.column + 1,
            f"end the value with the same {quote}, or remove it ({parser})",
        )
    if "flow sequence" in context or "flow mapping" in context:
        assert error.context_mark is not None
        opened = error.context_mark.line + 1
        bracket = "[" if "sequence" in context else "{"
        closing = "]" if bracket == "[" else "}"
        return Explained(
            f"the '{bracket}' opened here is never closed",
            opened,
            error.context_mark.column + 1,
            f"close it with '{closing}' on the same line, e.g. [a, b] ({parser})",
        )
    if "could not find expected ':'" in problem:
        culprit = error.context_mark.line + 1 if error.context_mark is not None else line
        return Explained(
            "no ':' after the key on this line",
            culprit,
            _key_column(at(culprit)),
            f"write the key, a colon and a space before the value: 'key: value' ({parser})",
        )
    if "mapping values are not allowed" in problem and line is not None:
        above = _content_line_above(lines, line)
        if (
            above is not None
            and ":" not in _without_comment(at(above))
            and not at(above).lstrip().startswith("- ")
        ):
            return Explained(
                "no ':' after the key on this line",
                above,
                _key_column(at(above)),
                "write 'key: value'; without the colon the parser reads this "
                f"line and the next as one value ({parser})",
            )
        return Explained(
            "the value contains ': ', which YAML reads as a new key",
            line,
            column,
            f'put the whole value in quotes, e.g. title: "Step: one" ({parser})',
        )
    if problem.startswith("expected <block end>") and line is not None:
        if "'-'" in problem:
            return Explained(
                "a list item ('-') among keys",
                line,
                column,
                "a mapping holds 'key: value' lines; to give a key a list, put "
                f"the items under it, indented ({parser})",
            )
        return Explained(
            _indentation(lines, line),
            line,
            column,
            "keys of one mapping must start in the same column, and a key's "
            f"value be indented further than the key ({parser})",
        )
    cannot = _CANNOT_START.search(problem)
    if cannot:
        return Explained(
            f"a value cannot start with {cannot.group(1)}",
            line,
            column,
            f"put the value in quotes ({parser})",
        )
    return Explained(
        "not valid YAML here" if line else "the YAML is not valid", line, column, parser
    )


def _tabbed_line(lines: list[str], near: int | None) -> int | None:
    """A line at or just above ``near`` whose indentation holds a tab."""
    if near is None:
        return None
    for number in range(near, max(0, near - 3), -1):
        if 0 < number <= len(lines):
            text = lines[number - 1]
            indentation = text[: len(text) - len(text.lstrip(" \t"))]
            if "\t" in indentation:
                return number
    return None


def _key_column(text: str) -> int:
    return _indent(text) + 1


def _content_line_above(lines: list[str], line: int) -> int | None:
    for number in range(line - 1, 0, -1):
        stripped = lines[number - 1].strip()
        if stripped and not stripped.startswith("#"):
            return number
    return None


def _without_comment(text: str) -> str:
    return text.split(" #", 1)[0]


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _indentation(lines: list[str], line: int) -> str:
    """Say how line ``line`` is indented against the lines above it."""
    here = _indent(lines[line - 1]) if 0 < line <= len(lines) else 0
    levels: list[tuple[int, int]] = []  # (indent, line) of the nearest line at each indent
    for number in range(line - 1, 0, -1):
        text = lines[number - 1]
        if text.strip() and not text.strip().startswith("#"):
            indent = _indent(text)
            if all(indent != seen for seen, _ in levels):
                levels.append((indent, number))
            if indent == 0:
                break
    used = " and ".join(str(indent) for indent, _ in levels[:2])
    spaces = "space" if here == 1 else "spaces"
    return f"this line is indented {here} {spaces}, which lines up with no key above it" + (
        f" (the lines above are indented {used})" if used else ""
    )


__all__ = ["Explained", "explain"]
