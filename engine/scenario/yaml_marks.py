"""YAML with marks: plain data, and the line and column of every key and value.

YAML is composed with pyyaml's *safe* loader into nodes first, so every key and value keeps its
mark (a :data:`~engine.scenario.definition.Marks` entry per path), then turned into plain Python.
The text is bounded in size, depth and alias expansion (:mod:`engine.io.input_limits`), duplicate
keys and tags are refused, and a syntax error is said for an author
(:mod:`engine.scenario.yaml_help`) at the line to fix. ``scenario.yaml`` and the scenario's test
files are read through it.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import yaml

from engine.errors import ScenarioError, ScenarioErrors
from engine.io.input_limits import MAX_YAML_DEPTH, MAX_YAML_NODES, MAX_YAML_REPARSE_BYTES
from engine.scenario.definition import Marks
from engine.scenario.yaml_help import explain as explain_yaml_error

#: libyaml's safe loader when pyyaml has it: ten times faster on large scenarios, which the studio
#: re-parses after every edit. Its error messages are terser, so a file it refuses is parsed
#: again by the pure-Python loader, whose messages (and marks) the author then sees.
_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


#: How many recently composed texts keep their result (:func:`compose_yaml`).
RECENT_TEXTS = 16


def compose_yaml(text: str, *, path: Path | None = None) -> tuple[Any, Marks]:
    """YAML text as plain data plus the marks of every key and value, with the scenario's limits
    (size of the expansion, depth, duplicate keys, tags) and its located errors.

    The same text is composed again and again: opening a scenario reads it to check it, to
    load it and to validate it; undo and redo bring back texts the studio has parsed; a test
    suite loads the same scenarios in hundreds of tests, each from a copy in a folder of its own.
    So the last :data:`RECENT_TEXTS` texts of up to :data:`MAX_YAML_REPARSE_BYTES` keep what
    they composed to, whatever file they came from (the marks are lines and columns), and each
    caller gets its own copy of the containers (a few hundredths of a millisecond, against
    milliseconds to compose): what one caller changes, no other sees. A text that fails is
    composed again the next time, and its errors name the file it came from."""
    if len(text) > MAX_YAML_REPARSE_BYTES:
        return _compose(text, path)
    try:
        data, marks = _recently_composed(text)
    except ScenarioErrors as errors:
        if path is None:
            raise
        raise errors.in_file(path) from None
    return _copied(data), dict(marks)


@functools.lru_cache(maxsize=RECENT_TEXTS)
def _recently_composed(text: str) -> tuple[Any, Marks]:
    return _compose(text, None)


def _copied(value: Any) -> Any:
    """``value`` with fresh dicts and lists; the scalars YAML makes are immutable."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def _compose(text: str, path: Path | None) -> tuple[Any, Marks]:
    if len(text) > MAX_YAML_REPARSE_BYTES:
        _check_events(text, path)
    try:
        try:
            node = yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            # A large file keeps libyaml's message: the pure-Python loader would take seconds.
            if _FAST_LOADER is yaml.SafeLoader or len(text) > MAX_YAML_REPARSE_BYTES:
                raise
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:
        raise ScenarioErrors([_too_deep(path)]) from None
    except yaml.MarkedYAMLError as error:
        raise ScenarioErrors([_yaml_error(error, path, text)]) from None
    except yaml.YAMLError as error:
        raise ScenarioErrors([ScenarioError(f"invalid YAML: {error}", path=path)]) from None
    if node is None:
        raise ScenarioErrors(
            [
                ScenarioError(
                    "the file is empty",
                    path=path,
                    line=1,
                    column=1,
                    hint="start with 'name:', 'start:' and 'steps:'",
                )
            ]
        )
    marks: Marks = {}
    try:
        # A constructor per document: it remembers every node it built (PyYAML's
        # ``constructed_objects``), so one shared by every parse kept each scenario ever
        # parsed alive — in the studio, one per pause in typing — and threads shared it.
        data = _to_python(node, (), marks, path, yaml.constructor.SafeConstructor())
    except RecursionError:
        raise ScenarioErrors([_too_deep(path)]) from None
    except yaml.MarkedYAMLError as error:
        raise ScenarioErrors([_yaml_error(error, path, text)]) from None
    except yaml.YAMLError as error:
        raise ScenarioErrors([ScenarioError(f"invalid YAML: {error}", path=path)]) from None
    return data, marks


def _check_events(text: str, path: Path | None) -> None:
    """Refuse a large file that is invalid YAML, or has too many values, from its events alone.

    libyaml parses a 5 MB file to events in a quarter of a second but takes seconds to compose
    its nodes; an invalid or oversized file is refused after the fast pass. Aliases are counted
    once here; their expansion is bounded by :func:`_to_python`.
    """
    values = 0
    try:
        for event in yaml.parse(text, Loader=_FAST_LOADER):
            if isinstance(event, yaml.ScalarEvent | yaml.CollectionStartEvent):
                values += 1
                if values > MAX_NODES:
                    raise ScenarioErrors([_too_many_values(path)])
    except yaml.MarkedYAMLError as error:
        raise ScenarioErrors([_yaml_error(error, path, text)]) from None
    except yaml.YAMLError as error:
        raise ScenarioErrors([ScenarioError(f"invalid YAML: {error}", path=path)]) from None


def _too_many_values(path: Path | None) -> ScenarioError:
    return ScenarioError(
        "the file expands to too many values (aliases?)", path=path, line=1, column=1
    )


def _yaml_error(error: yaml.MarkedYAMLError, path: Path | None, text: str) -> ScenarioError:
    """A syntax error said for an author (:mod:`engine.scenario.yaml_help`), at the line to fix."""
    mark = error.problem_mark or error.context_mark
    problem = error.problem or "invalid YAML"
    if isinstance(error, yaml.constructor.ConstructorError) and "tag" in problem:
        problem = problem.replace(
            "could not determine a constructor for the tag", "unsupported tag"
        )
        return ScenarioError(
            f"invalid YAML: {problem}",
            path=path,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint="scenarios are plain YAML: remove the tag, or quote the value",
        )
    explained = explain_yaml_error(text, error)
    return ScenarioError(
        f"invalid YAML: {explained.message}",
        path=path,
        line=explained.line,
        column=explained.column,
        hint=explained.hint,
    )


def _too_deep(path: Path | None) -> ScenarioError:
    return ScenarioError(
        f"the file nests deeper than {MAX_DEPTH} levels",
        path=path,
        line=1,
        column=1,
        hint="is an alias referring to itself?",
    )


#: Kept under their old names for callers of this module; the values live in engine.io.input_limits.
MAX_NODES = MAX_YAML_NODES
MAX_DEPTH = MAX_YAML_DEPTH


def _to_python(
    node: yaml.Node,
    at: tuple[str, ...],
    marks: Marks,
    path: Path | None,
    scalars: yaml.constructor.SafeConstructor,
) -> Any:
    if len(marks) > MAX_NODES:
        raise ScenarioErrors([_too_many_values(path)])
    if len(at) > MAX_DEPTH:
        raise ScenarioErrors([_too_deep(path)])
    marks.setdefault(at, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _to_python(key_node, (*at, "<key>"), {}, path, scalars)
            if isinstance(key, (dict, list)) or key is None:
                raise ScenarioErrors(
                    [
                        ScenarioError(
                            "a key must be a plain name",
                            path=path,
                            line=key_node.start_mark.line + 1,
                            column=key_node.start_mark.column + 1,
                        )
                    ]
                )
            key_text = str(key)
            if key_text in result:
                raise ScenarioErrors(
                    [
                        ScenarioError(
                            f"duplicate key {key_text!r}",
                            path=path,
                            line=key_node.start_mark.line + 1,
                            column=key_node.start_mark.column + 1,
                            field=".".join((*at, key_text)),
                            hint="each key may appear once in a mapping",
                        )
                    ]
                )
            marks[(*at, key_text, "<key>")] = (
                key_node.start_mark.line + 1,
                key_node.start_mark.column + 1,
            )
            result[key_text] = _to_python(value_node, (*at, key_text), marks, path, scalars)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _to_python(item, (*at, str(index)), marks, path, scalars)
            for index, item in enumerate(node.value)
        ]
    try:
        value = scalars.construct_object(node, deep=True)
    except (ValueError, OverflowError) as error:  # e.g. a date like 2024-13-45
        raise ScenarioErrors(
            [
                ScenarioError(
                    f"invalid value {node.value!r}: {error}",
                    path=path,
                    line=node.start_mark.line + 1,
                    column=node.start_mark.column + 1,
                    field=".".join(at) or None,
                    hint="quote it to make it text",
                )
            ]
        ) from None
    if isinstance(value, str) and not value.isascii() and _SURROGATE.search(value):
        raise ScenarioErrors([_surrogate(node, at, path)])
    return value


#: A lone UTF-16 surrogate: a ``"\ud800"`` escape in a double-quoted YAML string puts one in a
#: Python string, but no UTF-8 text (a request to the model, a log, a saved file) can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate(node: yaml.Node, at: tuple[str, ...], path: Path | None) -> ScenarioError:
    return ScenarioError(
        "the text holds a lone surrogate (an escape like \\ud800), which is not a character: "
        "it cannot be sent to the model nor saved",
        path=path,
        line=node.start_mark.line + 1,
        column=node.start_mark.column + 1,
        field=".".join(part for part in at if part != "<key>") or None,
        hint="write the character itself, or its code as \\U0001F600",
    )


__all__ = ["MAX_DEPTH", "MAX_NODES", "compose_yaml"]
