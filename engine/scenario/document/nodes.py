"""ruamel.yaml helpers: the round-trip loader configured like the author's file, plain values,
and new nodes written like their neighbours."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, merge_attrib
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import ScalarString

from engine.errors import ScenarioError

DocPath = tuple[str | int, ...]


class Unparsed(CommentedMap):
    """A step of a lazily loaded tree whose text is not parsed yet: an empty block mapping, so
    code that looks at its siblings' style sees what the step is."""


def keys_of(mapping: CommentedMap) -> list[Any]:
    """The keys of ``mapping`` in order, listed in C (``CommentedMap.__iter__`` is a Python
    generator: on 2,000 steps the difference is a millisecond per listing)."""
    return list(OrderedDict.__iter__(mapping))


def insert_at(
    mapping: CommentedMap, index: int, key: Any, node: Any, keys: list[Any] | None = None
) -> None:
    """``mapping.insert(index, key, node)``, without ruamel's pass over every key in Python
    (a step put back among 2,000 by an undo): the keys after ``index`` move behind it in C.
    ``keys`` are the mapping's keys, when the caller has them listed already."""
    if key in mapping or hasattr(mapping, merge_attrib):
        mapping.insert(index, key, node)
        return
    later = (keys_of(mapping) if keys is None else keys)[index:]
    mapping[key] = node
    move = OrderedDict.move_to_end
    for other in later:
        move(mapping, other)


def configured_yaml(text: str) -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap an author's long lines
    mapping, sequence, offset = _guess_indent(text)
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


def _guess_indent(text: str) -> tuple[int, int, int]:
    """The author's indentation: (mapping indent, sequence indent, dash offset)."""
    mapping: int | None = None
    sequence: tuple[int, int] | None = None
    parent_indent: int | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip(" "))
        if parent_indent is not None and indent > parent_indent:
            if stripped.startswith("- ") and sequence is None:
                after_dash = len(stripped) - len(stripped[1:].lstrip(" "))
                sequence = (indent - parent_indent + after_dash, indent - parent_indent)
            elif mapping is None and not stripped.startswith("- "):
                mapping = indent - parent_indent
        parent_indent = indent if stripped.endswith(":") else None
        if mapping is not None and sequence is not None:
            break
    mapping = mapping or 2
    seq_indent, offset = sequence or (mapping, 0)
    return mapping, max(seq_indent, offset + 2), offset


def yaml_error(error: YAMLError, path: Path | None) -> ScenarioError:
    if isinstance(error, MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        return ScenarioError(
            f"invalid YAML: {error.problem or 'cannot parse'}",
            path=path,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        )
    return ScenarioError(f"invalid YAML: {error}", path=path)


def contains(node: Any, key: str | int) -> bool:
    if isinstance(node, dict):
        return key in node
    if isinstance(node, list) and isinstance(key, int):
        return -len(node) <= key < len(node)
    return False


def plain(node: Any) -> Any:
    """ruamel's commented containers and styled scalars as plain dicts, lists, str, int, …"""
    if isinstance(node, dict):
        return {
            str(key) if isinstance(key, ScalarString) else key: plain(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [plain(item) for item in node]
    if isinstance(node, ScalarString):
        return str(node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return node


def to_node(value: Any, *, nested: bool = False) -> Any:
    """A ruamel node for a plain value; nested small flat mappings are written inline."""
    if isinstance(value, CommentedMap | CommentedSeq):
        return value
    if isinstance(value, dict):
        node = CommentedMap((key, to_node(item, nested=True)) for key, item in value.items())
        if nested and _is_small_flat(node):
            node.fa.set_flow_style()
        return node
    if isinstance(value, list | tuple):
        seq = CommentedSeq(to_node(item, nested=True) for item in value)
        if nested and all(not isinstance(item, dict | list) for item in seq):
            seq.fa.set_flow_style()
        return seq
    return value


#: How many neighbours on each side a new node looks at to choose its style.
NEIGHBOURS = 8


def styled_like_siblings(
    value: Any, parent: Any, at: int | None = None, keys: list[Any] | None = None
) -> Any:
    """A new node written like its neighbours: inside flow-style siblings, flow style too.

    A small mapping of scalars (a transition, a result) reads best inline, so it is written in
    flow style unless every sibling of its kind is written as a block. Only the
    :data:`NEIGHBOURS` nearest siblings on each side of its place ``at`` (the end when None) are
    looked at: a step added to 2,000 others is written like the steps around it, in no time.
    """
    node = to_node(value)
    if not isinstance(node, CommentedMap | CommentedSeq) or isinstance(value, CommentedMap):
        return node
    if keys is None:
        keys = keys_of(parent) if isinstance(parent, CommentedMap) else list(range(len(parent)))
    place = len(keys) if at is None else at
    nearby = keys[max(0, place - NEIGHBOURS) : place + NEIGHBOURS]
    siblings = [parent[key] for key in nearby if isinstance(parent[key], type(node))]
    flowing = [sibling.fa.flow_style() for sibling in siblings]
    small = isinstance(node, CommentedMap) and _is_small_flat(node)
    if (siblings and all(flowing)) or (small and (not siblings or any(flowing))):
        node.fa.set_flow_style()
    return node


def _is_small_flat(node: CommentedMap) -> bool:
    return len(node) <= 3 and all(
        not isinstance(item, dict) and not (isinstance(item, list) and len(item) > 3)
        for item in node.values()
    )


def dotted(path: DocPath) -> str:
    return ".".join(str(part) for part in path) or "<root>"
