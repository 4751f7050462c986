"""The text of ``scenario.yaml`` after an edit: untouched entries as written, the edited one
re-dumped (see :class:`Splicer`)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap

from engine.scenario.definition import IDENTIFIER_PATTERN
from engine.scenario.document.nodes import keys_of

DocPath = tuple[str | int, ...]

#: The neighbour a block had when the file was loaded, for a block an edit created: it never
#: matches, so a new entry always takes the mapping's spacing.
_NEW: Any = object()
#: A block scalar whose trailing blank lines are part of its value (``|+``, ``>2+``).
_KEEP_CHOMPING = re.compile(r"[|>][0-9]?\+[0-9]?[ \t]*(?:#.*)?$", re.MULTILINE)


#: A line that starts with a plain key (an identifier) and its colon.
KEY_LINE = re.compile(rf"^({IDENTIFIER_PATTERN.strip('^$')})[ \t]*:(?:[ \t]|$)")


@dataclass
class _Block:
    """The text of one mapping entry, from its key (or the comments ruamel attached above it) to
    the next key. Once an edit reaches inside, a block mapping value is split into child blocks.
    """

    original: str | None  # None: an edit created it
    line: int = 0  # where ``original`` starts in the file as loaded (0-based)
    pristine: str | None = None  # its dump just before it was first marked dirty
    dirty: bool = False  # re-dump this whole entry
    header: str = ""  # when split: the text before the first child
    children: dict[str, _Block] | None = None
    buried: dict[str, _Block] = field(default_factory=dict)  # deleted children, for undo
    #: its text as last rendered; an edit clears it on every block along its path
    text: str | None = None
    #: when split: the keys and the children's texts as last rendered, and the children an
    #: edit went into since (so a render re-joins cached strings instead of walking every key)
    order: list[Any] | None = None
    parts: list[str] | None = None
    stale: set[str] = field(default_factory=set)
    #: the entries beside it when the file was loaded (:data:`_NEW` for one an edit made): an
    #: entry beside others than these gets the mapping's spacing (see ``Splicer._seamed``)
    before: Any = _NEW
    after: Any = _NEW
    #: when split: the blank lines the file puts before its first entry, between two of its
    #: entries, and after its last
    head: int = 0
    gap: int = 0
    tail: int = 0


class Splicer:
    """scenario.yaml as nested text blocks, so that an edit re-dumps only the entry it touched.

    Dumping a whole 1,000-step file with ruamel takes most of a second and may re-flow what the
    author wrapped by hand (a long ``requires: [...]`` over several lines), and the studio asks
    for the text after every edit. An edit descends the block mappings on its path, splitting
    each into its keys' blocks, down to the innermost entry that holds it (a transition written
    ``{to: done}`` is one entry); that entry alone is dumped and spliced between the untouched
    ones. A block starts where ruamel attaches its comments (the comment lines right above the
    key), so the pieces join back exactly. A dirty block that dumps as it did before its first
    edit is written as its original text, so undo restores bytes block by block. Each block
    keeps its text as last rendered until an edit passes through it, so rendering after an edit
    re-dumps one entry and joins cached strings: on 2,000 steps, well under a millisecond.

    ``ok`` is False when the top level does not split cleanly (flow style, quoted or complex
    keys, …); the document then dumps the whole tree, as before.
    """

    def __init__(
        self,
        text: str,
        tree: CommentedMap,
        dump: Callable[[Any], str],
        keys: Callable[[CommentedMap], list[Any]] = keys_of,
    ) -> None:
        self._dump = dump
        #: a mapping's keys in order (the tree keeps the steps' listed, for speed)
        self._keys = keys
        #: a mapping whose entries were each loaded from their own text (``"steps:\n"`` + the
        #: entry): the marks inside an entry count its lines from 1, not from the file's start
        self.fragments: DocPath | None = None
        self.root = _Block(text)
        self.ok = self._split(self.root, text.splitlines(keepends=True), 0, tree, indent=0)

    # --- before an edit ---------------------------------------------------------------------------

    def touch(self, tree: CommentedMap, path: DocPath, op: str, new_key: str | None = None) -> None:
        """Note that ``op`` (set, insert, delete, rename) is about to change ``path``."""
        if not self.ok or not path:
            return
        block, mapping = self.root, tree
        block.text = None
        for depth, part in enumerate(path):
            assert block.children is not None
            key = str(part)
            block.stale.add(key)
            last = depth == len(path) - 1
            if part not in mapping:  # a set or insert that creates this key
                child = block.buried.pop(key) if key in block.buried else _Block(None)
                child.dirty = True
                child.text = None
                block.children[key] = child
                return
            child = block.children.setdefault(key, _Block(None, dirty=True))
            child.text = None
            if child.dirty:
                return
            value = mapping[part]
            if last or not self._split_child(child, value, mapping, part, path[: depth + 1]):
                self._mark(child, tree, path[: depth + 1])
                if last and op == "delete":
                    block.buried[key] = block.children.pop(key)
                elif last and op == "rename" and new_key is not None:
                    block.children[new_key] = block.children.pop(key)
                return
            block, mapping = child, value

    def split(self, tree: CommentedMap, path: DocPath) -> None:
        """Split the blocks down to the entry at ``path`` now, so that the first edit in it
        only marks what it changes (a view calls this when idle)."""
        if not self.ok:
            return
        block, mapping = self.root, tree
        for depth, part in enumerate(path):
            child = block.children.get(str(part)) if block.children is not None else None
            value = mapping.get(part) if isinstance(mapping, CommentedMap) else None
            if child is None or child.dirty or not isinstance(value, CommentedMap):
                return
            if not self._split_child(child, value, mapping, part, path[: depth + 1]):
                return
            block, mapping = child, value

    def _split_child(
        self, child: _Block, value: Any, mapping: CommentedMap, key: Any, at: DocPath
    ) -> bool:
        """Split ``child`` (the entry at ``at``) into blocks of its own entries, if it splits.

        Entries of the :attr:`fragments` mapping were loaded from their own text: split for
        the first time, their lines count from 1.
        """
        was_split = child.children is not None
        if not self._splittable(child, value, mapping, key):
            return False
        if not was_split and at == self.fragments:
            assert child.children is not None
            for entry in child.children.values():
                entry.line = 1
        return True

    def _splittable(self, block: _Block, value: Any, mapping: CommentedMap, key: Any) -> bool:
        if block.children is not None:
            return True
        if block.original is None or not isinstance(value, CommentedMap) or not value:
            return False
        lines = block.original.splitlines(keepends=True)
        key_line = _first_content_line(lines)
        if key_line is None:
            return False
        match = KEY_LINE.match(lines[key_line].lstrip(" "))
        rest = lines[key_line].split(":", 1)[-1].split("#", 1)[0].strip()
        if match is None or match.group(1) != str(key) or rest:
            return False  # the value starts on the key's line: flow style or a scalar
        body = lines[key_line + 1 :]
        return self._split(block, lines, key_line + 1, value, indent=_first_indent(body))

    def _split(
        self, block: _Block, lines: list[str], first: int, mapping: CommentedMap, *, indent: int
    ) -> bool:
        if first > 0 and indent == 0:
            return False
        found = _blocks(lines, first, len(lines), indent, mapping, offset=block.line)
        if found is None:
            return False
        start, children = found
        block.header = "".join(lines[:start])
        block.children = {
            key: _Block("".join(lines[a:b]), line=block.line + a) for key, a, b in children
        }
        _note_spacing(block, list(block.children.values()))
        return True

    def _mark(self, block: _Block, tree: CommentedMap, path: DocPath) -> None:
        if not block.dirty:
            block.pristine = self._fragment_dump(tree, path) if block.original is not None else None
            block.dirty = True
            block.children = None

    # --- the text ---------------------------------------------------------------------------------

    def render(self, tree: CommentedMap) -> str:
        return self._render(self.root, tree, tree, ())

    def entry_text(self, tree: CommentedMap, path: DocPath) -> str | None:
        """The text of the entry at ``path`` as :meth:`render` writes it, or ``None`` when it
        is not a block of its own (inside an entry that is re-dumped whole, or not split)."""
        if not self.ok or not path:
            return None
        block, value = self.root, tree
        for part in path:
            if block.dirty or block.children is None or not isinstance(value, CommentedMap):
                return None
            child = block.children.get(str(part))
            if child is None or part not in value:
                return None
            block, value = child, value[part]
        return self._render(block, tree, value, path)

    def _render(self, block: _Block, tree: CommentedMap, value: Any, path: DocPath) -> str:
        if block.text is None:
            block.text = self._rendered(block, tree, value, path)
        return block.text

    def _rendered(self, block: _Block, tree: CommentedMap, value: Any, path: DocPath) -> str:
        if block.dirty:
            text = self._fragment_dump(tree, path)
            return block.original if block.original is not None and text == block.pristine else text
        if block.children is None:
            return block.original or ""
        if path and not value:  # every key deleted: the header alone would read as null
            return self._fragment_dump(tree, path)
        children = block.children
        order = self._keys(value)
        parts = block.parts
        if parts is not None and self._patched(block, order):
            # The keys as last time, give or take one: only the children an edit went into
            # (and their neighbours, whose spacing may follow) change, and each is found by the
            # keys around it (in C), not by walking them all.
            assert block.order is not None
            for key in block.stale:
                if key in order:
                    index = order.index(key)
                    parts[index + 1] = self._seamed(block, tree, value, path, order, index)
        else:
            for key in order:
                if str(key) not in children:
                    children[str(key)] = _Block(None, dirty=True)
            parts = [block.header]
            parts += [
                self._seamed(block, tree, value, path, order, index) for index in range(len(order))
            ]
            block.order, block.parts = list(order), parts
        block.stale = set()
        return "".join(parts)

    def _seamed(
        self,
        block: _Block,
        tree: CommentedMap,
        value: Any,
        path: DocPath,
        order: list[Any],
        index: int,
    ) -> str:
        """The text of the child at ``index``, spaced from its neighbours as the file spaces its
        entries when they are not the neighbours it was loaded with (an entry added, or one
        beside it deleted): the blank line a file keeps between its steps survives both. An
        entry still between its old neighbours is left exactly as written."""
        children = block.children
        assert children is not None
        key = order[index]
        child = children[str(key)]
        text = (
            child.text
            if child.text is not None
            else self._render(child, tree, value[key], (*path, key))
        )
        before = children[str(order[index - 1])] if index > 0 else None
        after = children[str(order[index + 1])] if index + 1 < len(order) else None
        if before is child.before and after is child.after:
            return text
        leading: int | None = None
        trailing: int | None = None
        if before is not child.before and before is None:
            leading = block.head
        elif before is not child.before and before is not None:
            # the entry above gives up its blank lines here (see below); this one carries them
            kept = _blank_lines_after(before.text or "") if _keeps_blank_lines(before) else 0
            leading = max(0, block.gap - kept)
        if after is not child.after and not _keeps_blank_lines(child):
            trailing = block.tail if after is None else 0
        return _with_blank_lines(text, leading, trailing)

    def _patched(self, block: _Block, order: list[Any]) -> bool:
        """Bring ``block.order``/``block.parts`` to ``order`` when it differs by one key added or
        removed (or not at all); False when it differs more (render every child instead)."""
        old, parts = block.order, block.parts
        if old is None or parts is None or len(block.stale) > 8:
            return False
        if order == old:
            return True
        stale = block.stale
        if len(order) == len(old) + 1:
            added = [key for key in stale if key in order and key not in old]
            if len(added) != 1:
                return False
            index = order.index(added[0])
            old.insert(index, order[index])
            parts.insert(index + 1, "")
            stale.update(str(key) for key in order[max(0, index - 1) : index + 2])
        elif len(order) == len(old) - 1:
            removed = [key for key in stale if key in old and key not in order]
            if len(removed) != 1:
                return False
            index = old.index(removed[0])
            del old[index]
            del parts[index + 1]
            stale.update(str(key) for key in order[max(0, index - 1) : index + 1])
        else:
            return False
        return order == old

    def _fragment_dump(self, tree: CommentedMap, path: DocPath) -> str:
        """The text of the entry at ``path`` alone, as it is indented in the file."""
        outer = CommentedMap()
        holder, node = outer, tree
        for key in path[:-1]:
            inner = CommentedMap()
            holder[key] = inner
            holder, node = inner, node[key]
        holder[path[-1]] = node[path[-1]]
        comment = node.ca.items.get(path[-1])
        if comment is not None:
            holder.ca.items[path[-1]] = comment
        text = self._dump(outer)
        return text.split("\n", len(path) - 1)[-1] if len(path) > 1 else text


def _note_spacing(block: _Block, children: list[_Block]) -> None:
    """Remember each child's neighbours as loaded, the blank lines the file most often puts
    between two entries of ``block`` (``gap``), those before its first (``head``) and after its
    last (``tail``)."""
    gaps: dict[int, int] = {}
    for first, second in itertools.pairwise(children):
        count = _blank_lines_after(first.original or "") + _blank_lines_before(
            second.original or ""
        )
        gaps[count] = gaps.get(count, 0) + 1
    block.gap = max(gaps, key=lambda count: (gaps[count], count)) if gaps else 0
    block.tail = _blank_lines_after(children[-1].original or "") if children else 0
    block.head = _blank_lines_before(children[0].original or "") if children else 0
    for index, child in enumerate(children):
        child.before = children[index - 1] if index > 0 else None
        child.after = children[index + 1] if index + 1 < len(children) else None


def _blank_lines_before(text: str) -> int:
    count = 0
    for line in text.splitlines():
        if line.strip():
            break
        count += 1
    return count


def _blank_lines_after(text: str) -> int:
    """Blank lines at the end of ``text`` (after the newline of its last line with content)."""
    lines = text.split("\n")
    count = 0
    for line in reversed(lines[:-1] if text.endswith("\n") else lines):
        if line.strip():
            break
        count += 1
    return count


def _keeps_blank_lines(block: _Block) -> bool:
    """Whether the blank lines at the end of ``block`` may be part of a value (a ``|+``
    scalar): they are never moved then."""
    return bool(_KEEP_CHOMPING.search(block.text or block.original or ""))


def _with_blank_lines(text: str, leading: int | None, trailing: int | None) -> str:
    """``text`` with ``leading``/``trailing`` blank lines at its start/end (None: as it is)."""
    if leading is not None:
        text = "\n" * leading + text[len(_leading_blank_text(text)) :]
    if trailing is not None and text:
        lines = text.splitlines(keepends=True)
        while lines and not lines[-1].strip():
            lines.pop()
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        text = "".join(lines) + "\n" * trailing
    return text


def _leading_blank_text(text: str) -> str:
    """The blank lines at the start of ``text``, as written."""
    end = 0
    for line in text.splitlines(keepends=True):
        if line.strip():
            break
        end += len(line)
    return text[:end]


def _first_content_line(lines: list[str]) -> int | None:
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return index
    return None


def _first_indent(lines: list[str]) -> int:
    for line in lines:
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return len(line) - len(line.lstrip(" "))
    return 0


def _blocks(
    lines: list[str], first: int, last: int, indent: int, mapping: CommentedMap, *, offset: int
) -> tuple[int, list[tuple[str, int, int]]] | None:
    """Where each key of the block ``mapping`` (written at ``indent`` in ``lines[first:last]``)
    starts and ends: ``(start of the first key, [(key, start, end)])``, or None when the lines
    are not a plain block mapping with exactly the mapping's keys in order.

    A key starts at its line, or at the comment lines above it when ruamel attached them to
    the key (it does so for full-line comments directly above a key). ``lines[0]`` is line
    ``offset`` of the file, as ruamel's marks count.
    """
    keys: list[tuple[str, int]] = []
    for index in range(first, last):
        text = lines[index]
        stripped = text.strip()
        width = len(text) - len(text.lstrip(" "))
        if not stripped or stripped.startswith("#") or width > indent:
            continue
        match = KEY_LINE.match(text[indent:]) if width == indent else None
        if match is None:
            return None
        keys.append((match.group(1), index))
    if [key for key, _ in keys] != [str(key) for key in mapping]:
        return None
    starts: list[int] = []
    previous = first - 1
    for key, line in keys:
        start = line
        tokens = mapping.ca.items.get(key)
        if tokens and len(tokens) > 1 and tokens[1]:
            above = min(token.start_mark.line for token in tokens[1]) - offset
            if previous < above < line:
                start = above
        starts.append(start)
        previous = line
    ends = [*starts[1:], last]
    return starts[0] if starts else last, [
        (key, start, end) for (key, _), start, end in zip(keys, starts, ends, strict=True)
    ]
