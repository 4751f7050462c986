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
from collections.abc import Callable
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


@dataclass(frozen=True)
class _Failure:
    """The parser's complaint and the place it gave up, as each explainer below reads them."""

    lines: list[str]
    error: yaml.MarkedYAMLError
    problem: str
    context: str
    line: int | None
    column: int | None
    #: The parser's own words, kept at the end of every hint.
    parser: str

    def at(self, number: int | None) -> str:
        """The text of 1-based line ``number``; empty when there is no such line."""
        lines = self.lines
        return lines[number - 1] if number is not None and 0 < number <= len(lines) else ""


def explain(text: str, error: yaml.MarkedYAMLError) -> Explained:
    """``error`` (from parsing ``text``) as an author would want to hear it."""
    problem = error.problem or ""
    context = error.context or ""
    mark = error.problem_mark or error.context_mark
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    parser = f"the YAML parser said: {problem}" + (f" ({context})" if context else "")
    failure = _Failure(text.splitlines(), error, problem, context, line, column, parser)
    for explainer in _EXPLAINERS:
        explained = explainer(failure)
        if explained is not None:
            return explained
    return Explained(
        "not valid YAML here" if line else "the YAML is not valid", line, column, parser
    )


def _tab(failure: _Failure) -> Explained | None:
    """A line indented with a tab, at or just above where the parser gave up."""
    tabbed = _tabbed_line(failure.lines, failure.line)
    if "'\\t'" in failure.problem or tabbed is not None:
        where = tabbed or failure.line
        return Explained(
            "this line is indented with a tab",
            where,
            1,
            f"YAML indents with spaces only: replace the tab with spaces ({failure.parser})",
        )
    return None


def _open_quote(failure: _Failure) -> Explained | None:
    """A quote never closed, or an unknown escape inside double quotes."""
    error, parser = failure.error, failure.parser
    if "quoted scalar" not in failure.context or error.context_mark is None:
        return None
    opened = error.context_mark.line + 1
    if "escape character" in failure.problem:
        return Explained(
            "a backslash in double quotes starts an escape YAML does not know",
            failure.line,
            failure.column,
            f"use single quotes around the value, or write the backslash twice ({parser})",
        )
    column = error.context_mark.column
    quote = failure.at(opened)[column : column + 1] or "quote"
    return Explained(
        f"the {quote} opened here is never closed",
        opened,
        column + 1,
        f"end the value with the same {quote}, or remove it ({parser})",
    )


def _open_bracket(failure: _Failure) -> Explained | None:
    """A '[' or '{' never closed."""
    context, error = failure.context, failure.error
    if "flow sequence" not in context and "flow mapping" not in context:
        return None
    assert error.context_mark is not None
    opened = error.context_mark.line + 1
    bracket = "[" if "sequence" in context else "{"
    closing = "]" if bracket == "[" else "}"
    return Explained(
        f"the '{bracket}' opened here is never closed",
        opened,
        error.context_mark.column + 1,
        f"close it with '{closing}' on the same line, e.g. [a, b] ({failure.parser})",
    )


def _no_colon(failure: _Failure) -> Explained | None:
    """A key without its colon, where the parser says it looked for one."""
    if "could not find expected ':'" not in failure.problem:
        return None
    mark = failure.error.context_mark
    culprit = mark.line + 1 if mark is not None else failure.line
    return Explained(
        "no ':' after the key on this line",
        culprit,
        _key_column(failure.at(culprit)),
        f"write the key, a colon and a space before the value: 'key: value' ({failure.parser})",
    )


def _colon_misplaced(failure: _Failure) -> Explained | None:
    """A "mapping values" complaint: a key above without its colon, else ': ' in a value."""
    line, parser = failure.line, failure.parser
    if "mapping values are not allowed" not in failure.problem or line is None:
        return None
    above = _content_line_above(failure.lines, line)
    if (
        above is not None
        and ":" not in _without_comment(failure.at(above))
        and not failure.at(above).lstrip().startswith("- ")
    ):
        return Explained(
            "no ':' after the key on this line",
            above,
            _key_column(failure.at(above)),
            "write 'key: value'; without the colon the parser reads this "
            f"line and the next as one value ({parser})",
        )
    return Explained(
        "the value contains ': ', which YAML reads as a new key",
        line,
        failure.column,
        f'put the whole value in quotes, e.g. title: "Step: one" ({parser})',
    )


def _block_end(failure: _Failure) -> Explained | None:
    """An "expected <block end>": a list item among keys, or a key lined up with no other."""
    line, parser = failure.line, failure.parser
    if not failure.problem.startswith("expected <block end>") or line is None:
        return None
    if "'-'" in failure.problem:
        return Explained(
            "a list item ('-') among keys",
            line,
            failure.column,
            "a mapping holds 'key: value' lines; to give a key a list, put "
            f"the items under it, indented ({parser})",
        )
    return Explained(
        _indentation(failure.lines, line),
        line,
        failure.column,
        "keys of one mapping must start in the same column, and a key's "
        f"value be indented further than the key ({parser})",
    )


def _cannot_start(failure: _Failure) -> Explained | None:
    """A value starting with a character that cannot start one (such as @ or `)."""
    cannot = _CANNOT_START.search(failure.problem)
    if not cannot:
        return None
    return Explained(
        f"a value cannot start with {cannot.group(1)}",
        failure.line,
        failure.column,
        f"put the value in quotes ({failure.parser})",
    )


#: Tried in this order; the first to recognise the failure explains it.
_EXPLAINERS: tuple[Callable[[_Failure], Explained | None], ...] = (
    _tab,
    _open_quote,
    _open_bracket,
    _no_colon,
    _colon_misplaced,
    _block_end,
    _cannot_start,
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
