"""``scenario.yaml`` as a ruamel.yaml round-trip tree: structured edits that keep what the author
wrote, and the text they leave.

:class:`YamlTree` is built on first use (opening and validating read only the text), only for
text the loader's limited reader accepted (:func:`engine.scenario.loader.compose_scenario`:
an alias bomb, a self-referring alias or a thousand nested lists never reach ruamel), and in a
file shaped for it each step is loaded only when an edit or a read reaches it. Every edit tells
the :class:`~engine.scenario.document.splicing.Splicer` which entry it is about to change, so the
text after it re-dumps that entry alone. Removed nodes are remembered with their comments and
style, so that undo (inserting or setting an equal value at the same path) brings them back whole.
"""

from __future__ import annotations

import copy
import functools
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import ScalarString

from engine.errors import ScenarioError
from engine.io.input_limits import MAX_YAML_REPARSE_BYTES
from engine.scenario.document.nodes import (
    Unparsed,
    configured_yaml,
    contains,
    dotted,
    insert_at,
    keys_of,
    plain,
    styled_like_siblings,
    to_node,
    yaml_error,
)
from engine.scenario.document.reparsing import head_text, step_blocks, step_texts
from engine.scenario.document.splicing import Splicer

DocPath = tuple[str | int, ...]

#: Errors ruamel raises on text the loader accepted: a value its round-trip constructor cannot
#: build (a date like 2024-13-45), a duplicate key in a flow mapping, nesting past Python's stack.
_RUAMEL_ERRORS = (YAMLError, ValueError, TypeError, RecursionError)


class YamlTree:
    """The round-trip tree of one text of ``scenario.yaml`` (see the module docstring).

    ``readable(text)`` says whether the loader's limited reader accepts ``text`` (``None``) or
    why not; the tree is never built for text it refuses.
    """

    def __init__(
        self,
        text: str,
        path: Path,
        *,
        lazy: bool,
        readable: Callable[[str], ScenarioError | None],
    ) -> None:
        self.source = text
        self.path = path
        self.lazy = lazy
        self._readable = readable
        self._loaded = False
        self._value: CommentedMap | None = None
        #: why there is no tree (the YAML does not load), once it was tried
        self.error: ScenarioError | None = None
        #: step id -> its text, for steps not parsed yet (see :meth:`_lazy_tree`)
        self._unparsed: dict[str, str] = {}
        #: the dump of the tree as loaded, taken just before its first edit (when not spliced)
        self._baseline: str | None = None
        self._splicer: Splicer | None = None
        self.edited = False
        self._text: str | None = None
        #: path -> nodes removed or replaced there, with their key's comment, newest last
        self._removed: dict[DocPath, list[tuple[Any, Any]]] = {}
        self._created: set[DocPath] = set()  # mappings ``set`` made on the way to a new key
        #: the steps mapping and its keys in order, kept up to date by the edits (listing 2,000
        #: keys of a ruamel mapping takes 60 µs, and an edit would otherwise do it often)
        self._step_keys: tuple[CommentedMap, list[Any]] | None = None
        #: the text above the steps loaded alone, for reads before the tree is built (False:
        #: the text has no such head; see :meth:`_head_tree`)
        self._head: CommentedMap | bool | None = None
        #: step id -> that step loaded alone, for reads before the tree is built (None: it
        #: cannot be; see :meth:`_step_alone`)
        self._alone: dict[str, Any] = {}

    # --- reading -----------------------------------------------------------------------------

    def text(self) -> str:
        """The text of the tree: the source until an edit, then spliced (or dumped)."""
        if self._text is None:
            tree = self._value if self._loaded else None
            if not self.edited or tree is None:
                self._text = self.source
            elif self._splicer is not None and self._splicer.ok:
                self._text = self._splicer.render(tree)
            else:
                self._load_steps(())
                dumped = self._dump(tree)
                self._text = self.source if dumped == self._baseline else dumped
        return self._text

    @property
    def loaded(self) -> bool:
        """Whether the tree was built (or tried: a text ruamel cannot load has none)."""
        return self._loaded

    @property
    def steps_not_loaded(self) -> frozenset[str]:
        return frozenset(self._unparsed)

    def has(self, path: DocPath) -> bool:
        try:
            self.read(path)
        except (KeyError, ScenarioError):
            return False
        return True

    def read(self, path: DocPath) -> Any:
        """The node at ``path``, to read and not to edit; KeyError if absent.

        While the tree is not built, a path outside the steps is read from the text above them
        alone (:meth:`_head_tree`), and a path into a step from that step's text alone
        (:meth:`_step_alone`): opening a scenario and selecting its steps shows them without
        loading every step with ruamel (40 ms for the analyst bot, seconds for a large file whose
        steps cannot be loaded one at a time as edits reach them)."""
        start: Any = None
        rest = path
        if path and path[0] != "steps":
            start = self._head_tree()
        elif len(path) >= 2:
            start, rest = self._step_alone(str(path[1])), path[2:]
        if start is None:
            return self.node(path)
        node = start
        for part in rest:
            if not contains(node, part):
                raise KeyError(path)
            node = node[part]
        return node

    def _step_alone(self, step_id: str) -> Any:
        """The step ``step_id`` loaded from its own lines (:func:`step_blocks`) with ``steps:``
        above them; None once the tree is built, or when the step cannot be read that way (the
        whole tree then answers, absent steps included)."""
        if self._loaded:
            return None
        if step_id not in self._alone:
            blocks = step_blocks(self.source) if self._readable(self.source) is None else None
            block = blocks.get(step_id) if blocks is not None else None
            node = None
            if block is not None:
                try:
                    tree = read_only_tree("steps:\n" + block)
                except _RUAMEL_ERRORS:
                    tree = None
                steps = tree.get("steps") if isinstance(tree, CommentedMap) else None
                node = steps.get(step_id) if isinstance(steps, CommentedMap) else None
            self._alone[step_id] = node
        return self._alone[step_id]

    def _head_tree(self) -> CommentedMap | None:
        """The round-trip tree of :func:`head_text` (None once the whole tree is built, or when
        the text has no such head, or one the loader's reader refuses or ruamel cannot load)."""
        if self._loaded:
            return None
        if self._head is None:
            self._head = False
            head = head_text(self.source) if self._readable(self.source) is None else None
            if head is not None:
                try:
                    tree = read_only_tree(head)
                except _RUAMEL_ERRORS:
                    tree = None
                if isinstance(tree, CommentedMap):
                    self._head = tree
        return self._head if isinstance(self._head, CommentedMap) else None

    def node(self, path: DocPath) -> Any:
        """The node at ``path``, with every step under it parsed; KeyError if absent."""
        if self.tree() is not None:
            self._load_steps(path)
        return self.walk(path)

    def keys(self, path: DocPath) -> list[str]:
        """The keys of the mapping at ``path`` (no step is loaded to list the steps)."""
        if self.tree() is not None:
            self._load_steps(path, inside=False)
        node = self.walk(path)
        if not isinstance(node, CommentedMap):
            raise KeyError(f"{dotted(path)} is not a mapping")
        return list(map(str, self._keys_of(node)))

    def _keys_of(self, mapping: CommentedMap) -> list[Any]:
        """``keys_of(mapping)``, kept listed for the steps mapping (do not change the list)."""
        tree = self._value
        steps = tree.get("steps") if tree is not None else None
        if mapping is not steps or not isinstance(steps, CommentedMap):
            return keys_of(mapping)
        if self._step_keys is None or self._step_keys[0] is not steps:
            self._step_keys = (steps, keys_of(steps))
        return self._step_keys[1]

    def _listed(self, parent: Any) -> list[Any] | None:
        """The kept list of ``parent``'s keys when it is the steps mapping (edits update it)."""
        cached = self._step_keys
        return cached[1] if cached is not None and cached[0] is parent else None

    def walk(self, path: DocPath) -> Any:
        tree = self.tree()
        node: Any = tree if tree is not None else CommentedMap()
        for part in path:
            if not contains(node, part):
                raise KeyError(path)
            node = node[part]
        return node

    def tree(self) -> CommentedMap | None:
        """The round-trip tree, built on first use; ``None`` when the text does not load."""
        if not self._loaded:
            self._loaded = True
            self._unparsed = {}
            self.error = self._readable(self.source)
            if self.error is not None:
                return None
            self._yaml = configured_yaml(self.source)
            try:
                tree = self._lazy_tree()
                if tree is None:
                    tree = loaded_tree(self._yaml, self.source)
            except _RUAMEL_ERRORS as error:
                tree = None
                self.error = _load_error(error, self.path)
            self._value = tree if isinstance(tree, CommentedMap) else None
        return self._value

    # --- for the re-parser (engine.scenario.document.reparsing.StepSource) -------------------

    def step_order(self) -> list[str] | None:
        tree = self._value if self._loaded else None
        steps = tree.get("steps") if tree is not None else None
        return list(map(str, self._keys_of(steps))) if isinstance(steps, CommentedMap) else None

    def step_text(self, step_id: str) -> str | None:
        tree = self._value if self._loaded else None
        if tree is None or self._splicer is None:
            return None
        return self._splicer.entry_text(tree, ("steps", step_id))

    # --- edits -------------------------------------------------------------------------------

    def set(self, path: DocPath, value: Any) -> bool:
        """Set or replace the value at ``path``, creating missing mappings on the way; False
        when it already held that value (nothing changed)."""
        if not path:
            raise KeyError("set needs a path")
        if len(path) <= 2:
            self._step_keys = None  # the steps mapping, or one of its keys, may be made
        self._touch(path, "set")
        parent = self._container(path[:-1], create=True)
        key = path[-1]
        if contains(parent, key):
            if plain(parent[key]) == plain(value):
                return False
            self._replace(parent, path, value)
        elif isinstance(parent, CommentedSeq):
            raise KeyError(path)
        else:
            node, comment = self._revived(path, value)
            parent[key] = styled_like_siblings(value, parent) if node is None else node
            if comment is not None:
                parent.ca.items[key] = comment
        self._edited()
        return True

    def insert(self, path: DocPath, key: str, value: Any, index: int | None = None) -> None:
        if self.has((*path, key)):
            raise KeyError(f"{dotted((*path, key))} already exists")
        self._touch((*path, key), "insert")
        parent = self._container(path, create=True)
        if not isinstance(parent, CommentedMap):
            raise KeyError(f"{dotted(path)} is not a mapping")
        position = len(parent) if index is None else max(0, min(index, len(parent)))
        node, comment = self._revived((*path, key), value)
        listed = self._listed(parent)
        if node is None:
            node = styled_like_siblings(value, parent, position, listed)
        insert_at(parent, position, key, node, listed)
        if listed is not None:
            listed.insert(position, key)
        if comment is not None:
            parent.ca.items[key] = comment
        self._edited()

    def delete(self, path: DocPath) -> tuple[int, Any]:
        if not path:
            raise KeyError("delete needs a path")
        parent = self._container(path[:-1], create=False)
        key = path[-1]
        if not contains(parent, key):
            raise KeyError(path)
        self._touch(path, "delete")
        node = parent[key]
        old = plain(node)
        if isinstance(parent, CommentedMap):
            listed = self._listed(parent)
            index = (listed if listed is not None else keys_of(parent)).index(key)
            comment = parent.ca.items.pop(key, None)
            del parent[key]
            if listed is not None:
                del listed[index]
        else:
            assert isinstance(key, int)
            index = key if key >= 0 else len(parent) + key
            comment = None
            del parent[index]
        self._bury(path, node, comment)
        self._prune_created(path[:-1])
        self._edited()
        return index, old

    def rename_key(self, path: DocPath, new_key: str) -> bool:
        """Rename the key at ``path`` in place; False when ``new_key`` is its name already."""
        parent = self._container(path[:-1], create=False)
        old_key = path[-1]
        if not isinstance(parent, CommentedMap) or old_key not in parent:
            raise KeyError(path)
        if new_key == old_key:
            return False
        if new_key in parent:
            raise KeyError(f"{dotted((*path[:-1], new_key))} already exists")
        self._touch(path, "rename", new_key)
        listed = self._listed(parent)
        index = (listed if listed is not None else keys_of(parent)).index(old_key)
        comment = parent.ca.items.pop(old_key, None)
        node = parent[old_key]
        del parent[old_key]
        if listed is not None:
            del listed[index]
        insert_at(parent, index, new_key, node, listed)
        if listed is not None:
            listed.insert(index, new_key)
        if comment is not None:
            parent.ca.items[new_key] = comment
        self._edited()
        return True

    def transitions_to(self, step_id: str) -> list[tuple[str, str]]:
        """Every ``(step, signal)`` whose transition leads to ``step_id`` (steps that could
        mention it are loaded first)."""
        for other, text in list(self._unparsed.items()):
            if step_id in text or "\\" in text:
                self._load_step(other)
        found: list[tuple[str, str]] = []
        steps = self.walk(("steps",))
        for other, step in steps.items():
            transitions = step.get("transitions") if isinstance(step, CommentedMap) else None
            if not isinstance(transitions, CommentedMap):
                continue
            for signal, transition in transitions.items():
                if isinstance(transition, CommentedMap) and transition.get("to") == step_id:
                    found.append((str(other), str(signal)))
        return found

    def prepare(self) -> None:
        """Build the tree (and its splicer, its steps split apart) now rather than on the first
        edit."""
        if self.tree() is not None:
            tree = self._editable()
            if self._splicer is not None and self._splicer.fragments == ("steps",):
                self._splicer.split(tree, ("steps",))

    # --- internals ---------------------------------------------------------------------------

    def _edited(self) -> None:
        self.edited = True
        self._text = None

    def _lazy_tree(self) -> CommentedMap | None:
        """The tree with every step left unparsed, or ``None`` when the text is not shaped for it.

        ruamel's round-trip loader is pure Python: a whole 1,000-step file takes seconds, while an
        edit needs one step. When ``steps:`` is the last top-level key and its steps are plain
        block entries (see :func:`step_texts`), only the text above ``steps:`` is loaded; each
        step is a :class:`Unparsed` placeholder until a path reaches into it
        (:meth:`_load_steps`), and is then loaded from its own text — the same node a whole load
        gives, since nothing outside a step's lines belongs to it.
        """
        # the tree is built only for text the loader read: it is YAML
        split = step_texts(self.source, is_yaml=True) if self.lazy else None
        if split is None:
            return None
        head, texts = split
        tree = self._yaml.load(head)
        if not (
            isinstance(tree, CommentedMap)
            and list(tree)[-1:] == ["steps"]
            and tree["steps"] is None
            and "steps" not in tree.ca.items
        ):
            return None
        tree["steps"] = CommentedMap((step_id, Unparsed()) for step_id in texts)
        self._unparsed = dict(texts)
        return tree

    def _load_steps(self, path: DocPath, *, inside: bool = True) -> None:
        """Parse the unparsed steps ``path`` reaches: the one it goes into, or every step when
        it is the root or ``steps`` itself (and ``inside``, i.e. its value is read whole)."""
        if not self._unparsed or (path and path[0] != "steps"):
            return
        if len(path) >= 2:
            self._load_step(str(path[1]))
        elif inside:
            for step_id in list(self._unparsed):
                self._load_step(step_id)

    def _load_step(self, step_id: str) -> None:
        step_text = self._unparsed.get(step_id)
        tree = self._value
        if step_text is None or tree is None:
            return
        try:
            loaded = self._yaml.load("steps:\n" + step_text)
        except _RUAMEL_ERRORS as error:
            raise ScenarioError(
                "scenario.yaml cannot be edited structurally until its YAML is fixed",
                path=self.path,
                hint=str(_load_error(error, self.path)),
            ) from None
        steps = loaded["steps"] if isinstance(loaded, CommentedMap) else None
        if not isinstance(steps, CommentedMap) or list(steps) != [step_id]:
            raise ScenarioError(
                f"step {step_id!r} of scenario.yaml cannot be edited structurally",
                path=self.path,
            )
        del self._unparsed[step_id]
        tree["steps"][step_id] = steps[step_id]

    def _editable(self) -> CommentedMap:
        tree = self.tree()
        if tree is None:
            raise ScenarioError(
                "scenario.yaml cannot be edited structurally until its YAML is fixed",
                path=self.path,
                hint=str(self.error) if self.error else None,
            )
        if self._splicer is None:
            self._splicer = Splicer(self.source, tree, self._dump, self._keys_of)
            if self._unparsed:
                self._splicer.fragments = ("steps",)
            if not self._splicer.ok:
                self._load_steps(())
                self._baseline = self._dump(tree)
        return tree

    def _touch(self, path: DocPath, op: str, new_key: str | None = None) -> None:
        """Tell the splicer which chunk of the text an edit is about to change."""
        tree = self._editable()
        self._load_steps(path)
        assert self._splicer is not None
        self._splicer.touch(tree, path, op, new_key)

    def _container(self, path: DocPath, *, create: bool) -> Any:
        node: Any = self._editable()
        self._load_steps(path, inside=False)
        for depth, part in enumerate(path):
            if not contains(node, part):
                if not (create and isinstance(node, CommentedMap)):
                    raise KeyError(path[: depth + 1])
                listed = self._listed(node)
                node[part] = CommentedMap()
                if listed is not None:
                    listed.append(part)
                self._created.add(path[: depth + 1])
            node = node[part]
        if not isinstance(node, CommentedMap | CommentedSeq):
            raise KeyError(f"{dotted(path)} holds a value, not a mapping or a list")
        return node

    def _replace(self, parent: Any, path: DocPath, value: Any) -> None:
        """Replace ``parent[key]`` keeping what can be kept of the old node's form.

        A mapping is updated key by key; a replaced node is remembered so that setting the old
        value back (undo) restores it exactly, comments and style included.
        """
        key = path[-1]
        old = parent[key]
        if isinstance(old, CommentedMap) and isinstance(value, dict):
            for stale in [k for k in old if k not in value]:
                self._bury((*path, stale), old[stale], old.ca.items.pop(stale, None))
                del old[stale]
            for index, (sub_key, sub_value) in enumerate(value.items()):
                sub_path = (*path, sub_key)
                if sub_key in old:
                    if plain(old[sub_key]) != plain(sub_value):
                        self._replace(old, sub_path, sub_value)
                    continue
                node, comment = self._revived(sub_path, sub_value)
                old.insert(
                    index, sub_key, styled_like_siblings(sub_value, old) if node is None else node
                )
                if comment is not None:
                    old.ca.items[sub_key] = comment
            return
        revived, _ = self._revived(path, value)
        self._bury(path, old, None)
        if revived is not None:
            parent[key] = revived
        elif isinstance(old, CommentedSeq) and isinstance(value, list):
            new_seq = CommentedSeq(to_node(item, nested=True) for item in value)
            if old.fa.flow_style():
                new_seq.fa.set_flow_style()
            parent[key] = new_seq
        elif isinstance(old, ScalarString) and isinstance(value, str):
            parent[key] = type(old)(value)
        else:
            parent[key] = to_node(value)

    def _prune_created(self, path: DocPath) -> None:
        """Drop mappings that ``set`` created on the way once they are empty again (undo)."""
        while path and path in self._created:
            node = self.node(path)
            if not isinstance(node, CommentedMap) or node:
                return
            self._created.discard(path)
            self._step_keys = None
            self._touch(path, "delete")
            parent = self.walk(path[:-1])
            parent.ca.items.pop(path[-1], None)
            del parent[path[-1]]
            path = path[:-1]

    def _bury(self, path: DocPath, node: Any, comment: Any) -> None:
        self._removed.setdefault(path, []).append((node, comment))

    def _revived(self, path: DocPath, value: Any) -> tuple[Any, Any]:
        """The node removed at ``path`` that equals ``value`` (undo of a delete or a replace),
        with its key's comment; ``(None, None)`` when there is none."""
        buried = self._removed.get(path, [])
        wanted = plain(value)
        for index in range(len(buried) - 1, -1, -1):
            if plain(buried[index][0]) == wanted:
                return buried.pop(index)
        return None, None

    def _dump(self, tree: Any) -> str:
        stream = io.StringIO()
        self._yaml.dump(tree, stream)
        return stream.getvalue()


def _load_error(error: BaseException, path: Path) -> ScenarioError:
    if isinstance(error, YAMLError):
        return yaml_error(error, path)
    if isinstance(error, RecursionError):
        return ScenarioError("the file nests too deeply to be edited", path=path, line=1, column=1)
    return ScenarioError(f"invalid YAML: {error}", path=path)


def loaded_tree(yaml: YAML, text: str) -> Any:
    """The round-trip tree ``yaml`` (:func:`configured_yaml` of ``text``) loads from ``text``,
    the caller's own to edit.

    ruamel's round-trip loader is pure Python: 35 ms for the analyst bot, against 6 ms to copy a
    tree it built. The same texts are loaded again and again (reopening or reverting a file,
    a second window on it, hundreds of studio tests on one scenario), so the last few texts of
    up to :data:`MAX_YAML_REPARSE_BYTES` keep the tree they loaded to, and each caller gets a
    deep copy (ruamel copies a node with its comments, style and line numbers). A text that may
    hold an anchor or an alias (a copy loses their names and merges) or a directive (the loader
    remembers it for its dump) is loaded by ``yaml`` itself."""
    if len(text) > MAX_YAML_REPARSE_BYTES or _NOT_COPIED.search(text):
        return yaml.load(text)
    return copy.deepcopy(_pristine_tree(text))


#: What may be an anchor or an alias (``&name``, ``*name``: in a text too, which costs a load),
#: a directive (``%YAML``) or a document marker (``---``, ``...``).
_NOT_COPIED = re.compile(r"[&*][^\s,\]}]|^(?:%|---|\.\.\.)", re.MULTILINE)


def _load(text: str) -> Any:
    return configured_yaml(text).load(text)


#: The trees of the last few whole texts, never edited: :func:`loaded_tree` hands out copies.
_pristine_tree = functools.lru_cache(maxsize=4)(_load)
_shared_small_tree = functools.lru_cache(maxsize=64)(_load)


def read_only_tree(text: str) -> Any:
    """The round-trip tree of ``text`` (the head of a scenario, one step), to read and never to
    edit (:meth:`YamlTree.read`): one tree per recent text of up to
    :data:`MAX_YAML_REPARSE_BYTES`, shared by every reader of it."""
    return _load(text) if len(text) > MAX_YAML_REPARSE_BYTES else _shared_small_tree(text)
