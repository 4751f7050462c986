"""A scenario folder open for editing, saved back without disturbing what the author wrote.

Authors keep comments, key order, quoting and flow style (``{to: done}``) in ``scenario.yaml`` and
review it in diffs. pyyaml forgets all of that on a load/dump round trip, so the document keeps the
file as a **ruamel.yaml round-trip tree**: every edit changes one node, and dumping writes the rest
as it was. ruamel's round-trip loader builds only plain mappings, sequences and scalars (never
arbitrary Python objects); the scenario itself is still validated from the *text* by
:func:`engine.scenario.loader.parse_scenario`, so error locations are the loader's.

Only what an edit touched is rewritten: the text is spliced from the untouched original pieces
and a fresh dump of the innermost entry holding the edit (:class:`_Splicer`), so a hand-wrapped
list elsewhere in the same step stays wrapped, and an edit costs milliseconds on 1,000 steps. The
round-trip tree itself is built on the first structured edit (or :meth:`ScenarioDocument.prepare`),
and in a file shaped for it, each step is loaded only when an edit reaches it
(:meth:`ScenarioDocument._lazy_tree`); opening and validating read only the text, and validating
after an edit parses only the steps whose text changed (:meth:`ScenarioDocument._parse`).

Two guarantees the studio's undo stack relies on:

* **No edit, no change.** An entry that dumps as it did before its first edit is written as its
  original text, byte for byte — so an edit followed by its undo (``delete`` then ``insert`` of
  the returned value, ``set`` back to the old value, a rename back) gives the original file, even
  where ruamel would reformat something.
* **Removed nodes come back whole.** ``delete`` returns a plain value, but the document remembers
  the removed (or replaced) node with its comments and flow style; inserting or setting an equal
  value at the same path restores that node.

Saving writes only files whose text changed, each atomically (:mod:`engine.atomic`).
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import ScalarString

from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.layout import LAYOUT_FILE, Layout, gc_paused
from engine.scenario.loader import MAX_SCENARIO_BYTES, parse_scenario
from engine.scenario.model import SCENARIO_FILE, Scenario

DocPath = tuple[str | int, ...]
Listener = Callable[[str, DocPath], None]

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class _Fingerprint:
    """What a file looked like when we last read or wrote it (``None`` fields: it did not exist)."""

    mtime_ns: int | None
    size: int | None
    digest: str | None

    @classmethod
    def of(cls, path: Path) -> _Fingerprint:
        try:
            stat = path.stat()
            data = path.read_bytes()
        except FileNotFoundError:
            return cls(None, None, None)
        return cls(stat.st_mtime_ns, stat.st_size, hashlib.sha256(data).hexdigest())

    def differs_from_disk(self, path: Path) -> bool:
        try:
            stat = path.stat()
        except FileNotFoundError:
            return self.digest is not None
        if self.digest is None:
            return True
        if stat.st_mtime_ns == self.mtime_ns and stat.st_size == self.size:
            return False
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest() != self.digest
        except OSError:
            return True


class ScenarioDocument:
    """A scenario folder open for editing: scenario.yaml as a ruamel.yaml round-trip tree
    (comments, key order, quoting and flow style kept) + the texts of the persona and instruction
    files, with a validated :class:`Scenario` derived from them.

    Every edit goes through here and is announced to subscribers as ``listener(kind, path)`` with
    kind one of ``set``, ``insert``, ``delete``, ``rename``, ``text``, ``yaml``, ``reload``,
    ``saved``. Paths are tuples of mapping keys and sequence indexes, e.g.
    ``("steps", "greet", "transitions", "next", "to")``.
    """

    _yaml_cache: str | None
    #: the last successful parse, cut into steps once it is needed (see :meth:`_parse`)
    _last_parse: _Parse | tuple[str, Scenario] | None = None
    #: step id -> its text, for steps of the tree not parsed yet (see :meth:`_lazy_tree`)
    _unparsed_steps: dict[str, str]
    _derived_from: tuple[str, int] | None
    _text_version = 0
    _quiet = False

    def __init__(self, folder: Path, yaml_text: str, *, on_disk: bool) -> None:
        self.folder = folder
        self.layout = Layout.load(folder) if on_disk else Layout()
        self._listeners: list[Listener] = []
        self._texts: dict[str, str] = {}  # relpath -> text as edited
        self._relkeys: dict[tuple[Path, str], str] = {}  # (folder, relpath as given) -> relpath
        self._relkeys_root: dict[Path, str] = {}  # folder -> its real path
        self._disk_texts: dict[str, str | None] = {}  # relpath -> text on disk (None: missing)
        self._fingerprints: dict[Path, _Fingerprint] = {}
        self._disk_yaml: str | None = yaml_text if on_disk else None
        self._disk_layout = self.layout.to_json() if on_disk and self._has_layout_file() else None
        #: path -> nodes removed or replaced there, with their key's comment, newest last
        self._removed: dict[DocPath, list[tuple[Any, Any]]] = {}
        self._created: set[DocPath] = set()  # mappings ``set`` made on the way to a new key
        self._set_source(yaml_text)
        if on_disk:
            self._remember_disk(self.yaml_path)
            self._remember_disk(folder / LAYOUT_FILE)

    # --- opening -----------------------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path | str) -> ScenarioDocument:
        """Open a scenario folder. Bad content never raises: see :attr:`errors`.

        Only an unreadable folder (no ``scenario.yaml``, not UTF-8, too large) raises
        :class:`ScenarioError`, because then there is nothing to show.
        """
        root = Path(folder)
        if root.is_file():
            root = root.parent
        path = root / SCENARIO_FILE
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise ScenarioError(
                f"no {SCENARIO_FILE} in {root}", path=path, hint="is this a scenario folder?"
            ) from None
        except OSError as error:
            raise ScenarioError(f"cannot read: {error.strerror}", path=path) from None
        if len(raw) > MAX_SCENARIO_BYTES:
            raise ScenarioError(
                f"file is too large ({len(raw)} bytes)", path=path, line=1, column=1
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ScenarioError(
                f"not UTF-8 text (byte {error.start})", path=path, hint="save it as UTF-8"
            ) from None
        return cls(root, text, on_disk=True)

    @classmethod
    def new(cls, folder: Path | str, template: str = "blank") -> ScenarioDocument:
        """A new scenario from a template, in memory until :meth:`save` writes the folder."""
        if template not in TEMPLATES:
            raise ScenarioError(
                f"unknown template {template!r}", hint=f"one of: {', '.join(sorted(TEMPLATES))}"
            )
        root = Path(folder)
        if (root / SCENARIO_FILE).exists():
            raise ScenarioError(
                f"{root} already holds a scenario",
                path=root / SCENARIO_FILE,
                hint="open it, or choose an empty folder",
            )
        name = re.sub(r"\W", "_", root.name.strip() or "scenario")
        if not _IDENTIFIER.match(name):
            name = f"scenario_{name}"
        yaml_text, files = TEMPLATES[template]
        document = cls(root, yaml_text.format(name=name, title=_title(name)), on_disk=False)
        for relpath, text in files.items():
            document._texts[relpath] = text
            document._disk_texts[relpath] = None
        return document

    # --- what the document holds ---------------------------------------------------------------

    @property
    def yaml_path(self) -> Path:
        return self.folder / SCENARIO_FILE

    @property
    def scenario(self) -> Scenario | None:
        """The validated scenario of the current text, or ``None`` while it has :attr:`errors`."""
        self._derive()
        return self._scenario

    @property
    def errors(self) -> list[ScenarioError]:
        """Why the current text does not load (empty when :attr:`scenario` is set)."""
        self._derive()
        return list(self._errors)

    @property
    def modified(self) -> bool:
        """Whether saving would write anything."""
        return bool(self._pending_writes(self.folder))

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(kind, path)`` after every edit; returns a function to unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def get(self, path: DocPath) -> Any:
        """A plain copy (dicts, lists, str, …) of the value at ``path``; KeyError if absent."""
        return _plain(self._node(path))

    def has(self, path: DocPath) -> bool:
        try:
            self._node(path)
        except KeyError:
            return False
        return True

    # --- structured edits ----------------------------------------------------------------------

    def set(self, path: DocPath, value: Any) -> None:
        """Set or replace the value at ``path``, creating missing mappings on the way.

        An existing key keeps its position, its comments and its quoting/flow style; a mapping
        replaced by a mapping is updated key by key, so untouched keys stay as they were.
        """
        if not path:
            raise KeyError("set needs a path")
        self._touch(path, "set")
        parent = self._container(path[:-1], create=True)
        key = path[-1]
        if _contains(parent, key):
            if _plain(parent[key]) == _plain(value):
                return
            self._replace(parent, path, value)
        elif isinstance(parent, CommentedSeq):
            raise KeyError(path)
        else:
            node, comment = self._revived(path, value)
            parent[key] = _styled_like_siblings(value, parent) if node is None else node
            if comment is not None:
                parent.ca.items[key] = comment
        self._edited("set", path)

    def insert(self, path: DocPath, key: str, value: Any, index: int | None = None) -> None:
        """Add ``key`` to the mapping at ``path`` at ``index`` (the end when ``None``)."""
        if self.has((*path, key)):
            raise KeyError(f"{_dotted((*path, key))} already exists")
        self._touch((*path, key), "insert")
        parent = self._container(path, create=True)
        if not isinstance(parent, CommentedMap):
            raise KeyError(f"{_dotted(path)} is not a mapping")
        position = len(parent) if index is None else max(0, min(index, len(parent)))
        node, comment = self._revived((*path, key), value)
        if node is None:
            node = _styled_like_siblings(value, parent)
        parent.insert(position, key, node)
        if comment is not None:
            parent.ca.items[key] = comment
        self._edited("insert", (*path, key))

    def delete(self, path: DocPath) -> tuple[int, Any]:
        """Remove the value at ``path``; returns ``(index, old plain value)`` for undo."""
        if not path:
            raise KeyError("delete needs a path")
        parent = self._container(path[:-1], create=False)
        key = path[-1]
        if not _contains(parent, key):
            raise KeyError(path)
        self._touch(path, "delete")
        node = parent[key]
        old = _plain(node)
        if isinstance(parent, CommentedMap):
            index = list(parent).index(key)
            comment = parent.ca.items.pop(key, None)
            del parent[key]
        else:
            assert isinstance(key, int)
            index = key if key >= 0 else len(parent) + key
            comment = None
            del parent[index]
        self._bury(path, node, comment)
        self._prune_created(path[:-1])
        self._edited("delete", path)
        return index, old

    def rename_key(self, path: DocPath, new_key: str) -> None:
        """Rename the mapping key at ``path`` in place (its position and comments stay)."""
        parent = self._container(path[:-1], create=False)
        old_key = path[-1]
        if not isinstance(parent, CommentedMap) or old_key not in parent:
            raise KeyError(path)
        if new_key == old_key:
            return
        if new_key in parent:
            raise KeyError(f"{_dotted((*path[:-1], new_key))} already exists")
        self._touch(path, "rename", new_key)
        index = list(parent).index(old_key)
        comment = parent.ca.items.pop(old_key, None)
        node = parent[old_key]
        del parent[old_key]
        parent.insert(index, new_key, node)
        if comment is not None:
            parent.ca.items[new_key] = comment
        self._edited("rename", path)

    def rename_step(self, old: str, new: str) -> None:
        """Rename a step everywhere: its key, each transition's ``to``, ``start``, the layout."""
        if not _IDENTIFIER.match(new):
            raise ScenarioError(
                f"{new!r} is not a valid step id",
                hint="use letters, digits and '_', not starting with a digit",
            )
        with self._quietly():
            self.rename_key(("steps", old), new)
            self._load_steps_mentioning(old)
            steps = self._walk(("steps",))
            for step_id, step in steps.items():
                transitions = step.get("transitions") if isinstance(step, CommentedMap) else None
                if not isinstance(transitions, CommentedMap):
                    continue
                for signal, transition in transitions.items():
                    if isinstance(transition, CommentedMap) and transition.get("to") == old:
                        self.set(("steps", step_id, "transitions", signal, "to"), new)
            if self.has(("start",)) and self.get(("start",)) == old:
                self.set(("start",), new)
            self.layout.rename(old, new)
        self._edited("rename", ("steps", old))

    def set_yaml_text(self, text: str) -> None:
        """Replace the whole of scenario.yaml (the studio's source view); kept even if invalid."""
        if text == self.yaml_text():
            return
        self._set_source(text)
        self._emit("yaml", ())

    # --- instruction and persona files ----------------------------------------------------------

    def text(self, relpath: str) -> str:
        """The text of a file of the scenario (as edited; ``""`` if it does not exist yet)."""
        key = self._relkey(relpath)
        if key not in self._texts:
            path = self.folder / key
            try:
                content: str | None = path.read_text(encoding="utf-8")
            except FileNotFoundError:
                content = None
            except (OSError, UnicodeDecodeError) as error:
                raise ScenarioError(f"cannot read: {error}", path=path) from None
            self._remember_disk(path)
            self._disk_texts[key] = content
            self._texts[key] = content or ""
        return self._texts[key]

    def set_text(self, relpath: str, text: str) -> None:
        key = self._relkey(relpath)
        if self.text(key) == text:
            return
        self._texts[key] = text
        self._invalidate()
        self._emit("text", (key,))

    # --- text of scenario.yaml -------------------------------------------------------------------

    def yaml_text(self) -> str:
        """What :meth:`save` would write to scenario.yaml."""
        if self._yaml_cache is None:
            if not self._tree_edited or self._tree is None:
                self._yaml_cache = self._source
            elif self._splicer is not None and self._splicer.ok:
                self._yaml_cache = self._splicer.render(self._tree)
            else:
                self._load_steps(())
                dumped = self._dump(self._tree)
                self._yaml_cache = self._source if dumped == self._baseline else dumped
        return self._yaml_cache

    # --- disk ------------------------------------------------------------------------------------

    def save(self, folder: Path | str | None = None) -> list[Path]:
        """Write what changed (everything, for Save As to another folder), each file atomically.

        Returns the paths written. A failed write raises :class:`ScenarioError` and leaves the
        old file and the document's unsaved state as they were.
        """
        target = Path(folder) if folder is not None else self.folder
        moving = _resolved(target) != _resolved(self.folder)
        if moving and self.yaml_path.exists():
            self._copy_folder(target)
        writes = self._pending_writes(target, everything=moving)
        written: list[Path] = []
        for path, content in writes:
            try:
                _write(path, content)
            except OSError as error:
                raise ScenarioError(
                    f"cannot save: {error.strerror or error}",
                    path=path,
                    hint="the file on disk was left as it was; the edits are still open",
                ) from None
            written.append(path)
        self.folder = target
        self._mark_saved()
        self._emit("saved", ())
        return written

    def disk_changed(self) -> list[Path]:
        """Files another program changed since this document read or wrote them."""
        return sorted(
            path
            for path, fingerprint in self._fingerprints.items()
            if fingerprint.differs_from_disk(path)
        )

    def prepare(self) -> None:
        """Build the round-trip tree now rather than on the first edit.

        Opening reads only the text; ruamel builds the tree in pure Python (about a second per
        1,000 steps, unless the steps can be loaded one by one as edits reach them), so a view
        may call this when idle, right after it first shows the scenario.
        Unparseable YAML is not an error here: it shows in :attr:`errors`.
        """
        if self._tree is not None:
            self._editable_tree()

    def reload(self) -> None:
        """Forget every unsaved edit and read the folder again."""
        fresh = ScenarioDocument.open(self.folder)
        listeners = self._listeners
        self.__dict__.update(fresh.__dict__)
        self._listeners = listeners
        self._emit("reload", ())

    # --- internals: tree -----------------------------------------------------------------------

    def _set_source(self, text: str) -> None:
        self._source = text
        # The round-trip tree is built on first use: reading a scenario (and importing a diagram
        # that only moves steps) never pays for it; on 1,000 steps ruamel needs about a second.
        self._tree_loaded = False
        self._tree_value: CommentedMap | None = None
        self._unparsed_steps = {}
        self._tree_error: ScenarioError | None = None
        #: The dump of the tree as loaded, taken just before its first edit (opening stays cheap).
        self._baseline: str | None = None
        self._splicer: _Splicer | None = None
        self._tree_edited = False
        self._removed.clear()
        self._created.clear()
        self._invalidate()

    def _edited(self, kind: str, path: DocPath) -> None:
        self._tree_edited = True
        self._invalidate()
        if not self._quiet:
            self._emit(kind, path)

    @contextmanager
    def _quietly(self) -> Iterator[None]:
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def _emit(self, kind: str, path: DocPath) -> None:
        for listener in list(self._listeners):
            listener(kind, path)

    def _invalidate(self) -> None:
        self._yaml_cache = None
        self._derived_from = None
        self._text_version += 1

    @property
    def _tree(self) -> CommentedMap | None:
        if not self._tree_loaded:
            self._yaml = _configured_yaml(self._source)
            self._unparsed_steps = {}
            try:
                tree = self._lazy_tree()
                if tree is None:
                    tree = self._yaml.load(self._source)
            except (MarkedYAMLError, YAMLError) as error:
                tree = None
                self._tree_error = _yaml_error(error, self.yaml_path)
            self._tree_value = tree if isinstance(tree, CommentedMap) else None
            self._tree_loaded = True
        return self._tree_value

    def _lazy_tree(self) -> CommentedMap | None:
        """The tree with every step left unparsed, or ``None`` when the text is not shaped for it.

        ruamel's round-trip loader is pure Python: a whole 1,000-step file takes seconds, while an
        edit needs one step. When ``steps:`` is the last top-level key and its steps are plain
        block entries (see :func:`_step_texts`), only the text above ``steps:`` is loaded; each
        step is a :class:`_Unparsed` placeholder until a path reaches into it
        (:meth:`_load_steps`), and is then loaded from its own text — the same node a whole load
        gives, since nothing outside a step's lines belongs to it.
        """
        split = _step_texts(self._source)
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
        tree["steps"] = CommentedMap((step_id, _Unparsed()) for step_id in texts)
        self._unparsed_steps = dict(texts)
        return tree

    def _load_steps(self, path: DocPath, *, inside: bool = True) -> None:
        """Parse the unparsed steps ``path`` reaches: the one it goes into, or every step when
        it is the root or ``steps`` itself (and ``inside``, i.e. its value is read whole)."""
        if not self._unparsed_steps or (path and path[0] != "steps"):
            return
        if len(path) >= 2:
            self._load_step(str(path[1]))
        elif inside:
            for step_id in list(self._unparsed_steps):
                self._load_step(step_id)

    def _load_steps_mentioning(self, text: str) -> None:
        for step_id, step_text in list(self._unparsed_steps.items()):
            if text in step_text or "\\" in step_text:
                self._load_step(step_id)

    def _load_step(self, step_id: str) -> None:
        step_text = self._unparsed_steps.get(step_id)
        tree = self._tree_value
        if step_text is None or tree is None:
            return
        try:
            loaded = self._yaml.load("steps:\n" + step_text)
        except (MarkedYAMLError, YAMLError) as error:
            raise ScenarioError(
                "scenario.yaml cannot be edited structurally until its YAML is fixed",
                path=self.yaml_path,
                hint=str(_yaml_error(error, self.yaml_path)),
            ) from None
        steps = loaded["steps"] if isinstance(loaded, CommentedMap) else None
        if not isinstance(steps, CommentedMap) or list(steps) != [step_id]:
            raise ScenarioError(
                f"step {step_id!r} of scenario.yaml cannot be edited structurally",
                path=self.yaml_path,
            )
        del self._unparsed_steps[step_id]
        tree["steps"][step_id] = steps[step_id]

    def _editable_tree(self) -> CommentedMap:
        tree = self._tree
        if tree is None:
            raise ScenarioError(
                "scenario.yaml cannot be edited structurally until its YAML is fixed",
                path=self.yaml_path,
                hint=str(self._tree_error) if self._tree_error else None,
            )
        if self._splicer is None:
            self._splicer = _Splicer(self._source, tree, self._dump)
            if self._unparsed_steps:
                self._splicer.fragments = ("steps",)
            if not self._splicer.ok:
                self._load_steps(())
                self._baseline = self._dump(tree)
        return tree

    def _touch(self, path: DocPath, op: str, new_key: str | None = None) -> None:
        """Tell the splicer which chunk of the text an edit is about to change."""
        tree = self._editable_tree()
        self._load_steps(path)
        assert self._splicer is not None
        self._splicer.touch(tree, path, op, new_key)

    def _node(self, path: DocPath) -> Any:
        """The node at ``path``, with every step under it parsed."""
        if self._tree is not None:
            self._load_steps(path)
        return self._walk(path)

    def _walk(self, path: DocPath) -> Any:
        node: Any = self._tree if self._tree is not None else CommentedMap()
        for part in path:
            if not _contains(node, part):
                raise KeyError(path)
            node = node[part]
        return node

    def _container(self, path: DocPath, *, create: bool) -> Any:
        node: Any = self._editable_tree()
        self._load_steps(path, inside=False)
        for depth, part in enumerate(path):
            if not _contains(node, part):
                if not (create and isinstance(node, CommentedMap)):
                    raise KeyError(path[: depth + 1])
                node[part] = CommentedMap()
                self._created.add(path[: depth + 1])
            node = node[part]
        if not isinstance(node, CommentedMap | CommentedSeq):
            raise KeyError(f"{_dotted(path)} holds a value, not a mapping or a list")
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
                    if _plain(old[sub_key]) != _plain(sub_value):
                        self._replace(old, sub_path, sub_value)
                    continue
                node, comment = self._revived(sub_path, sub_value)
                old.insert(
                    index, sub_key, _styled_like_siblings(sub_value, old) if node is None else node
                )
                if comment is not None:
                    old.ca.items[sub_key] = comment
            return
        revived, _ = self._revived(path, value)
        self._bury(path, old, None)
        if revived is not None:
            parent[key] = revived
        elif isinstance(old, CommentedSeq) and isinstance(value, list):
            new_seq = CommentedSeq(_to_node(item, nested=True) for item in value)
            if old.fa.flow_style():
                new_seq.fa.set_flow_style()
            parent[key] = new_seq
        elif isinstance(old, ScalarString) and isinstance(value, str):
            parent[key] = type(old)(value)
        else:
            parent[key] = _to_node(value)

    def _prune_created(self, path: DocPath) -> None:
        """Drop mappings that ``set`` created on the way once they are empty again (undo)."""
        while path and path in self._created:
            node = self._node(path)
            if not isinstance(node, CommentedMap) or node:
                return
            self._created.discard(path)
            self._touch(path, "delete")
            parent = self._walk(path[:-1])
            parent.ca.items.pop(path[-1], None)
            del parent[path[-1]]
            path = path[:-1]

    def _bury(self, path: DocPath, node: Any, comment: Any) -> None:
        self._removed.setdefault(path, []).append((node, comment))

    def _revived(self, path: DocPath, value: Any) -> tuple[Any, Any]:
        """The node removed at ``path`` that equals ``value`` (undo of a delete or a replace),
        with its key's comment; ``(None, None)`` when there is none."""
        buried = self._removed.get(path, [])
        wanted = _plain(value)
        for index in range(len(buried) - 1, -1, -1):
            if _plain(buried[index][0]) == wanted:
                return buried.pop(index)
        return None, None

    def _dump(self, tree: Any) -> str:
        stream = io.StringIO()
        self._yaml.dump(tree, stream)
        return stream.getvalue()

    # --- internals: derived scenario -------------------------------------------------------------

    def _derive(self) -> None:
        text = self.yaml_text()
        key = (text, self._text_version)
        if self._derived_from == key:
            return
        self._scenario: Scenario | None = None
        self._errors: list[ScenarioError] = []
        try:
            scenario = self._parse(text)
        except ScenarioErrors as problems:
            self._errors = list(problems.errors)
        except ScenarioError as problem:
            self._errors = [problem]
        else:
            scenario.root = self.folder
            if scenario.persona:
                scenario.persona_text = self._safe_text(scenario.persona)
            for step in scenario.steps.values():
                if step.instructions:
                    step.instructions_text = self._safe_text(step.instructions)
            self._scenario = scenario
        self._derived_from = key

    def _parse(self, text: str) -> Scenario:
        """:func:`parse_scenario`, re-parsing only the steps whose text changed since the last
        successful parse when the file is cut into steps as :func:`_step_texts` does.

        The studio re-derives after every edit, and a whole parse of 1,000 steps costs a third
        of a second. Steps are parsed on their own (the text above ``steps:`` + their lines);
        the others are copied from the last parse, with their marks moved to their new lines.
        Any problem (an error, a change above the steps) falls back to the whole parse, so
        errors and their locations are the loader's.
        """
        last = self._last_parse
        if isinstance(last, tuple):
            last = _Parse.of(*last)
        split = _step_texts(text) if last is not None else None
        if last is not None and split is not None:
            scenario = _reparsed(last, split, self.yaml_path)
            if scenario is not None:
                self._last_parse = _Parse.cut(split, scenario)
                return scenario
        with gc_paused():
            scenario = parse_scenario(text, path=self.yaml_path)
        # Cut into steps when parsing again: a scenario opened to be read never pays for it.
        self._last_parse = (text, scenario)
        return scenario

    def _safe_text(self, relpath: str) -> str:
        try:
            return self.text(relpath)
        except ScenarioError:
            return ""

    # --- internals: files ------------------------------------------------------------------------

    def _relkey(self, relpath: str) -> str:
        """``relpath`` as a key of :attr:`_texts` (resolved once per folder: deriving asks for
        every step's file after each edit, and resolving costs a system call per path part)."""
        cache_key = (self.folder, relpath)
        key = self._relkeys.get(cache_key)
        if key is None:
            root = self._relkeys_root.get(self.folder)
            if root is None:
                root = self._relkeys_root[self.folder] = os.path.realpath(self.folder)
            key = self._relkeys[cache_key] = _inside(root, relpath) or ""
        if not key:
            raise ScenarioError(
                f"{relpath!r} is outside the scenario folder",
                path=self.yaml_path,
                hint="use a path relative to the folder, without '..'",
            )
        return key

    def _has_layout_file(self) -> bool:
        return (self.folder / LAYOUT_FILE).is_file()

    def _remember_disk(self, path: Path) -> None:
        self._fingerprints[path] = _Fingerprint.of(path)

    def _pending_writes(self, target: Path, *, everything: bool = False) -> list[tuple[Path, str]]:
        writes: list[tuple[Path, str]] = []
        yaml_text = self.yaml_text()
        if everything or yaml_text != self._disk_yaml:
            writes.append((target / SCENARIO_FILE, yaml_text))
        for relpath, text in sorted(self._texts.items()):
            on_disk = self._disk_texts.get(relpath)
            if on_disk is None and not text:
                continue  # a missing file that was only read: saving does not create it empty
            if everything or text != on_disk:
                writes.append((target / relpath, text))
        layout_json = self.layout.to_json()
        has_positions = bool(self.layout.positions) or self._disk_layout is not None
        if has_positions and (everything or layout_json != self._disk_layout):
            writes.append((target / LAYOUT_FILE, layout_json))
        return writes

    def _copy_folder(self, target: Path) -> None:
        """Save As: bring along every file of the folder (images, notes, …), then overwrite."""
        source = self.folder
        for path in sorted(source.rglob("*")):
            if path.is_symlink() or not path.is_file() or path.name.startswith("."):
                continue
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, destination)

    def _mark_saved(self) -> None:
        self._disk_yaml = self.yaml_text()
        self._disk_texts = {relpath: text for relpath, text in self._texts.items()}
        self._disk_layout = self.layout.to_json() if self._has_layout_file() else None
        self._fingerprints = {}
        self._remember_disk(self.yaml_path)
        self._remember_disk(self.folder / LAYOUT_FILE)
        for relpath in self._texts:
            self._remember_disk(self.folder / relpath)



@dataclass
class _Parse:
    """A successful parse cut into steps: each step's text, its model and its marks (with lines
    counted from the step's first line), and the rest."""

    head: str
    texts: dict[str, str]
    steps: dict[str, Any]
    step_marks: dict[str, list[tuple[tuple[str, ...], int, int]]]
    scenario: Scenario

    @classmethod
    def of(cls, text: str, scenario: Scenario) -> _Parse | None:
        split = _step_texts(text)
        if split is None or list(split[1]) != list(scenario.steps):
            return None
        return cls.cut(split, scenario)

    @classmethod
    def cut(cls, split: tuple[str, dict[str, str]], scenario: Scenario) -> _Parse:
        head, texts = split
        starts = _start_lines(head, texts)
        step_marks: dict[str, list[tuple[tuple[str, ...], int, int]]] = {sid: [] for sid in texts}
        for path, (line, column) in scenario.marks.items():
            if len(path) >= 2 and path[0] == "steps" and path[1] in step_marks:
                step_marks[path[1]].append((path, line - starts[path[1]], column))
        return cls(head, texts, dict(scenario.steps), step_marks, scenario)


def _start_lines(head: str, texts: dict[str, str]) -> dict[str, int]:
    """The 0-based line where each step's text starts, in ``head`` + the texts in order."""
    line = head.count("\n")
    starts: dict[str, int] = {}
    for step_id, text in texts.items():
        starts[step_id] = line
        line += text.count("\n")
    return starts


def _reparsed(
    last: _Parse, split: tuple[str, dict[str, str]], path: Path
) -> Scenario | None:
    """The scenario of ``split`` parsing only the steps that differ from ``last`` (None: parse
    the whole text instead)."""
    head, texts = split
    if head != last.head:
        return None
    changed = [step_id for step_id, text in texts.items() if last.texts.get(step_id) != text]
    # The text above the steps is parsed again with at least one step, so that the top-level
    # values are fresh objects, never shared with the last scenario.
    parsed_ids = changed or list(texts)[:1]
    try:
        with gc_paused():
            fresh = parse_scenario(
                head + "".join(texts[step_id] for step_id in parsed_ids), path=path
            )
    except (ScenarioErrors, ScenarioError):
        return None
    if list(fresh.steps) != parsed_ids:
        return None
    parsed = set(parsed_ids)
    starts = _start_lines(head, texts)
    marks = {
        key: mark for key, mark in fresh.marks.items()
        if not (len(key) >= 2 and key[0] == "steps" and key[1] in parsed)
    }
    steps: dict[str, Any] = {}
    fresh_split = _Parse.cut((head, {i: texts[i] for i in parsed_ids}), fresh)
    for step_id in texts:
        if step_id in parsed:
            steps[step_id] = fresh.steps[step_id]
            moved = fresh_split.step_marks[step_id]
        else:
            steps[step_id] = last.steps[step_id].model_copy()
            moved = last.step_marks[step_id]
        line = starts[step_id]
        for key, relative, column in moved:
            marks[key] = (relative + line, column)
    first = next(iter(texts))
    marks[("steps",)] = marks[("steps", first, "<key>")]
    scenario = fresh.model_copy(update={"steps": steps})
    scenario.marks = marks
    return scenario


# --- splicing: re-dump only what an edit touched -------------------------------------------------

_KEY_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)[ \t]*:(?:[ \t]|$)")


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


class _Splicer:
    """scenario.yaml as nested text blocks, so that an edit re-dumps only the entry it touched.

    Dumping a whole 1,000-step file with ruamel takes most of a second and may re-flow what the
    author wrapped by hand (a long ``requires: [...]`` over several lines), and the studio asks
    for the text after every edit. An edit descends the block mappings on its path, splitting
    each into its keys' blocks, down to the innermost entry that holds it (a transition written
    ``{to: done}`` is one entry); that entry alone is dumped and spliced between the untouched
    ones. A block starts where ruamel attaches its comments (the comment lines right above the
    key), so the pieces join back exactly. A dirty block that dumps as it did before its first
    edit is written as its original text, so undo restores bytes block by block.

    ``ok`` is False when the top level does not split cleanly (flow style, quoted or complex
    keys, …); the document then dumps the whole tree, as before.
    """

    def __init__(self, text: str, tree: CommentedMap, dump: Callable[[Any], str]) -> None:
        self._dump = dump
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
        for depth, part in enumerate(path):
            assert block.children is not None
            key = str(part)
            last = depth == len(path) - 1
            if part not in mapping:  # a set or insert that creates this key
                child = block.buried.pop(key) if key in block.buried else _Block(None)
                child.dirty = True
                block.children[key] = child
                return
            child = block.children.setdefault(key, _Block(None, dirty=True))
            if child.dirty:
                return
            value = mapping[part]
            was_split = child.children is not None
            if last or not self._splittable(child, value, mapping, part):
                self._mark(child, tree, path[: depth + 1])
                if last and op == "delete":
                    block.buried[key] = block.children.pop(key)
                elif last and op == "rename" and new_key is not None:
                    block.children[new_key] = block.children.pop(key)
                return
            if not was_split and path[: depth + 1] == self.fragments:
                assert child.children is not None
                for entry in child.children.values():
                    entry.line = 1
            block, mapping = child, value

    def _splittable(self, block: _Block, value: Any, mapping: CommentedMap, key: Any) -> bool:
        if block.children is not None:
            return True
        if block.original is None or not isinstance(value, CommentedMap) or not value:
            return False
        lines = block.original.splitlines(keepends=True)
        key_line = _first_content_line(lines)
        if key_line is None:
            return False
        match = _KEY_LINE.match(lines[key_line].lstrip(" "))
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
        return True

    def _mark(self, block: _Block, tree: CommentedMap, path: DocPath) -> None:
        if not block.dirty:
            block.pristine = self._fragment_dump(tree, path) if block.original is not None else None
            block.dirty = True
            block.children = None

    # --- the text ---------------------------------------------------------------------------------

    def render(self, tree: CommentedMap) -> str:
        return self._render(self.root, tree, tree, ())

    def _render(self, block: _Block, tree: CommentedMap, value: Any, path: DocPath) -> str:
        if block.dirty:
            text = self._fragment_dump(tree, path)
            return block.original if block.original is not None and text == block.pristine \
                else text
        if block.children is None:
            return block.original or ""
        if path and not value:  # every key deleted: the header alone would read as null
            return self._fragment_dump(tree, path)
        parts = [block.header]
        for key in value:
            child = block.children.get(str(key))
            if child is None:
                child = block.children[str(key)] = _Block(None, dirty=True)
            parts.append(self._render(child, tree, value[key], (*path, key)))
        return "".join(parts)

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
        match = _KEY_LINE.match(text[indent:]) if width == indent else None
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

# --- helpers -------------------------------------------------------------------------------------



class _Unparsed(CommentedMap):
    """A step of a lazily loaded tree whose text is not parsed yet: an empty block mapping, so
    code that looks at its siblings' style sees what the step is."""


#: Text that makes a step depend on text outside it, or that the line scan cannot follow.
_NOT_ALONE = re.compile(r"[&*][^\s,\]}]|^(?:%|---|\.\.\.)", re.MULTILINE)
#: Keys YAML reads as something other than text.
_SPECIAL_KEYS = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n"})


@functools.lru_cache(maxsize=4)
def _step_texts(text: str) -> tuple[str, dict[str, str]] | None:
    """``text`` cut into what precedes the steps and each step's own text, when that is safe:
    ``steps:`` is the last top-level key, alone on its line; each step is a plain key alone on
    its line at one indentation, right after the last line of the step before (ruamel gives a
    blank or comment line there to either step, depending on what precedes it), and the file
    ends with a step's last line; no anchors,
    aliases, directives or documents; the whole text is valid YAML. ``None`` otherwise.

    The last few answers are kept (the tree and the parse both ask about the same text); callers
    must not change them.
    """
    if _NOT_ALONE.search(text) or not _is_yaml(text):
        return None
    lines = text.splitlines(keepends=True)
    top = [index for index, line in enumerate(lines) if line[:1] not in ("", " ", "#", "\n", "\r")]
    if not top or lines[top[-1]].rstrip(" \n") != "steps:":
        return None
    first = top[-1] + 1
    if first >= len(lines):
        return None
    indent = len(lines[first]) - len(lines[first].lstrip(" "))
    starts: list[tuple[str, int]] = []
    gap_above = False
    for index in range(first, len(lines)):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            gap_above = True
            continue
        width = len(line) - len(line.lstrip(" "))
        if width < indent or width == 0 or _open_quote(line):
            return None
        if width == indent:
            match = _KEY_LINE.match(line[indent:])
            if (
                match is None
                or gap_above
                or line.split(":", 1)[1].strip()
                or match.group(1).lower() in _SPECIAL_KEYS
            ):
                return None
            starts.append((match.group(1), index))
        gap_above = False
    if gap_above or not starts or starts[0][1] != first:
        return None
    ends = [start for _, start in starts[1:]] + [len(lines)]
    texts = {
        step_id: "".join(lines[start:end])
        for (step_id, start), end in zip(starts, ends, strict=True)
    }
    if len(texts) != len(starts):
        return None
    return "".join(lines[:first]), texts


#: A single-quoted scalar starting on a line (after a key, a dash, ``[``, ``{`` or ``,``).
_SINGLE_QUOTED = re.compile(r"(?:^|[:\-\[{,])[ \t]*'")


def _open_quote(line: str) -> bool:
    """Whether a quoted scalar on ``line`` may go on to the next lines (which could then hold
    what looks like a step's key)."""
    if '"' in line and (line.count('"') - line.count('\\"')) % 2:
        return True
    match = _SINGLE_QUOTED.search(line)
    return match is not None and line[match.end() - 1 :].count("'") % 2 == 1


def _is_yaml(text: str) -> bool:
    """Whether ``text`` parses as YAML (libyaml's parser alone: a few ms per 1,000 steps)."""
    loader_class = getattr(yaml, "CSafeLoader", None)
    if loader_class is None:
        return False
    loader = loader_class(text)
    try:
        while loader.check_event():
            loader.get_event()
    except yaml.YAMLError:
        return False
    finally:
        loader.dispose()
    return True


def _configured_yaml(text: str) -> YAML:
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


def _yaml_error(error: YAMLError, path: Path) -> ScenarioError:
    if isinstance(error, MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        return ScenarioError(
            f"invalid YAML: {error.problem or 'cannot parse'}",
            path=path,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        )
    return ScenarioError(f"invalid YAML: {error}", path=path)


def _contains(node: Any, key: str | int) -> bool:
    if isinstance(node, dict):
        return key in node
    if isinstance(node, list) and isinstance(key, int):
        return -len(node) <= key < len(node)
    return False


def _plain(node: Any) -> Any:
    """ruamel's commented containers and styled scalars as plain dicts, lists, str, int, …"""
    if isinstance(node, dict):
        return {
            str(key) if isinstance(key, ScalarString) else key: _plain(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_plain(item) for item in node]
    if isinstance(node, ScalarString):
        return str(node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return node


def _to_node(value: Any, *, nested: bool = False) -> Any:
    """A ruamel node for a plain value; nested small flat mappings are written inline."""
    if isinstance(value, CommentedMap | CommentedSeq):
        return value
    if isinstance(value, dict):
        node = CommentedMap((key, _to_node(item, nested=True)) for key, item in value.items())
        if nested and _is_small_flat(node):
            node.fa.set_flow_style()
        return node
    if isinstance(value, list | tuple):
        seq = CommentedSeq(_to_node(item, nested=True) for item in value)
        if nested and all(not isinstance(item, dict | list) for item in seq):
            seq.fa.set_flow_style()
        return seq
    return value


def _styled_like_siblings(value: Any, parent: Any) -> Any:
    """A new node written like its neighbours: inside flow-style siblings, flow style too.

    A small mapping of scalars (a transition, a result) reads best inline, so it is written in
    flow style unless every sibling of its kind is written as a block.
    """
    node = _to_node(value)
    if not isinstance(node, CommentedMap | CommentedSeq) or isinstance(value, CommentedMap):
        return node
    siblings = [item for item in parent.values() if isinstance(item, type(node))]
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


def _inside(root: str, relpath: str) -> str | None:
    """:func:`~engine.scenario.loader.resolve_inside` as a relative POSIX path, for a ``root``
    already resolved (one ``realpath`` per file instead of three)."""
    pure = PurePosixPath(relpath.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or (pure.parts and pure.parts[0].endswith(":")):
        return None
    target = os.path.realpath(os.path.join(root, *pure.parts))
    if target != root and not target.startswith(root.rstrip(os.sep) + os.sep):
        return None
    return PurePosixPath(Path(os.path.relpath(target, root))).as_posix()


def _write(path: Path, text: str) -> None:
    from engine.atomic import atomic_write_bytes

    atomic_write_bytes(path, text.encode("utf-8"))


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def _dotted(path: DocPath) -> str:
    return ".".join(str(part) for part in path) or "<root>"


def _title(name: str) -> str:
    return name.replace("_", " ").strip().capitalize() or "Scenario"


# --- templates -----------------------------------------------------------------------------------

_BLANK = """\
# A Prompter scenario: the dialogue graph. Each step's instructions live in steps/<step>.md.
name: {name}
title: {title}
start: start
persona: persona.md          # short global instructions, sent on every model call
steps:
  start:
    title: Start
    goal: Greet the user and help with their request
    instructions: steps/start.md
    final: true
"""

_LINEAR = """\
# A Prompter scenario: the dialogue graph. Each step's instructions live in steps/<step>.md.
name: {name}
title: {title}
start: greet
persona: persona.md          # short global instructions, sent on every model call
variables:
  user_name: {{type: string, description: How the user wants to be addressed}}
steps:
  greet:
    title: Greeting
    goal: Welcome the user and learn their name
    instructions: steps/greet.md
    results:
      user_name: {{type: string}}
    transitions:
      introduced: {{to: goodbye, description: The user told their name, requires: [user_name]}}
  goodbye:
    kind: message
    text: "Thank you, {{{{user_name}}}}. Goodbye!"
    final: true
"""

_PERSONA = "You are a friendly, concise assistant. Answer in the user's language.\n"

#: name -> (scenario.yaml text with {name}/{title} fields, other files of the folder)
TEMPLATES: dict[str, tuple[str, dict[str, str]]] = {
    "blank": (
        _BLANK,
        {
            "persona.md": _PERSONA,
            "steps/start.md": "Greet the user, ask what they need, and help them with it.\n",
        },
    ),
    "linear": (
        _LINEAR,
        {
            "persona.md": _PERSONA,
            "steps/greet.md": "Greet the user warmly and ask how they would like to be "
            "addressed. Once they have told you, use the signal `introduced`.\n",
        },
    ),
}

__all__ = ["TEMPLATES", "DocPath", "Listener", "ScenarioDocument"]
