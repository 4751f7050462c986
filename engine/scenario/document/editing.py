"""The scenario document: the public edit API, the scenario derived from the text, and files.

See the package docstring for the guarantees the studio's undo stack relies on.
"""

from __future__ import annotations

import io
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import ScalarString

from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.document.files import Fingerprint, relative_inside, resolved, write_atomically
from engine.scenario.document.nodes import (
    Unparsed,
    configured_yaml,
    contains,
    dotted,
    plain,
    styled_like_siblings,
    to_node,
    yaml_error,
)
from engine.scenario.document.reparsing import StepParse, reparsed, step_texts
from engine.scenario.document.splicing import Splicer
from engine.scenario.document.templates import TEMPLATES, title_of
from engine.scenario.layout import LAYOUT_FILE, Layout, gc_paused
from engine.scenario.loader import MAX_SCENARIO_BYTES, parse_scenario
from engine.scenario.model import SCENARIO_FILE, Scenario

DocPath = tuple[str | int, ...]
Listener = Callable[[str, DocPath], None]

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


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
    _last_parse: StepParse | tuple[str, Scenario] | None = None
    #: step id -> its text, for steps of the tree not parsed yet (see :meth:`_lazy_tree`)
    _unparsed_steps: dict[str, str]
    _derived_from: tuple[str, int] | None
    _text_version = 0
    _quiet = False

    def __init__(self, folder: Path, yaml_text: str, *, on_disk: bool, lazy: bool = True) -> None:
        self.folder = folder
        #: load and re-parse scenario.yaml step by step where the file allows it (see
        #: :meth:`open`)
        self.lazy = lazy
        self.layout = Layout.load(folder) if on_disk else Layout()
        self._listeners: list[Listener] = []
        self._texts: dict[str, str] = {}  # relpath -> text as edited
        self._relkeys: dict[tuple[Path, str], str] = {}  # (folder, relpath as given) -> relpath
        self._relkeys_root: dict[Path, str] = {}  # folder -> its real path
        self._disk_texts: dict[str, str | None] = {}  # relpath -> text on disk (None: missing)
        self._fingerprints: dict[Path, Fingerprint] = {}
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
    def open(cls, folder: Path | str, *, lazy: bool = True) -> ScenarioDocument:
        """Open a scenario folder. Bad content never raises: see :attr:`errors`.

        Only an unreadable folder (no ``scenario.yaml``, not UTF-8, too large) raises
        :class:`ScenarioError`, because then there is nothing to show.

        ``lazy`` (the default) loads the round-trip tree one step at a time, as edits reach
        them, and re-parses only the steps an edit changed, whenever the file is shaped for it
        (:func:`~engine.scenario.document.reparsing.step_texts`); ``lazy=False`` always loads
        and parses the whole file — slower on large files, and the reference the lazy paths
        are tested against.
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
        return cls(root, text, on_disk=True, lazy=lazy)

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
        document = cls(root, yaml_text.format(name=name, title=title_of(name)), on_disk=False)
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
        return plain(self._node(path))

    def has(self, path: DocPath) -> bool:
        try:
            self._node(path)
        except KeyError:
            return False
        return True

    @property
    def steps_not_loaded(self) -> frozenset[str]:
        """Steps of the round-trip tree still waiting to be loaded (``lazy`` documents only):
        an edit loads the steps it reaches, and only those."""
        return frozenset(self._unparsed_steps)

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
        if contains(parent, key):
            if plain(parent[key]) == plain(value):
                return
            self._replace(parent, path, value)
        elif isinstance(parent, CommentedSeq):
            raise KeyError(path)
        else:
            node, comment = self._revived(path, value)
            parent[key] = styled_like_siblings(value, parent) if node is None else node
            if comment is not None:
                parent.ca.items[key] = comment
        self._edited("set", path)

    def insert(self, path: DocPath, key: str, value: Any, index: int | None = None) -> None:
        """Add ``key`` to the mapping at ``path`` at ``index`` (the end when ``None``)."""
        if self.has((*path, key)):
            raise KeyError(f"{dotted((*path, key))} already exists")
        self._touch((*path, key), "insert")
        parent = self._container(path, create=True)
        if not isinstance(parent, CommentedMap):
            raise KeyError(f"{dotted(path)} is not a mapping")
        position = len(parent) if index is None else max(0, min(index, len(parent)))
        node, comment = self._revived((*path, key), value)
        if node is None:
            node = styled_like_siblings(value, parent)
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
        if not contains(parent, key):
            raise KeyError(path)
        self._touch(path, "delete")
        node = parent[key]
        old = plain(node)
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
            raise KeyError(f"{dotted((*path[:-1], new_key))} already exists")
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
        moving = resolved(target) != resolved(self.folder)
        if moving and self.yaml_path.exists():
            self._copy_folder(target)
        writes = self._pending_writes(target, everything=moving)
        written: list[Path] = []
        for path, content in writes:
            try:
                write_atomically(path, content)
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
        fresh = ScenarioDocument.open(self.folder, lazy=self.lazy)
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
        self._splicer: Splicer | None = None
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
            self._yaml = configured_yaml(self._source)
            self._unparsed_steps = {}
            try:
                tree = self._lazy_tree()
                if tree is None:
                    tree = self._yaml.load(self._source)
            except (MarkedYAMLError, YAMLError) as error:
                tree = None
                self._tree_error = yaml_error(error, self.yaml_path)
            self._tree_value = tree if isinstance(tree, CommentedMap) else None
            self._tree_loaded = True
        return self._tree_value

    def _lazy_tree(self) -> CommentedMap | None:
        """The tree with every step left unparsed, or ``None`` when the text is not shaped for it.

        ruamel's round-trip loader is pure Python: a whole 1,000-step file takes seconds, while an
        edit needs one step. When ``steps:`` is the last top-level key and its steps are plain
        block entries (see :func:`step_texts`), only the text above ``steps:`` is loaded; each
        step is a :class:`Unparsed` placeholder until a path reaches into it
        (:meth:`_load_steps`), and is then loaded from its own text — the same node a whole load
        gives, since nothing outside a step's lines belongs to it.
        """
        split = step_texts(self._source) if self.lazy else None
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
                hint=str(yaml_error(error, self.yaml_path)),
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
            self._splicer = Splicer(self._source, tree, self._dump)
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
            if not contains(node, part):
                raise KeyError(path)
            node = node[part]
        return node

    def _container(self, path: DocPath, *, create: bool) -> Any:
        node: Any = self._editable_tree()
        self._load_steps(path, inside=False)
        for depth, part in enumerate(path):
            if not contains(node, part):
                if not (create and isinstance(node, CommentedMap)):
                    raise KeyError(path[: depth + 1])
                node[part] = CommentedMap()
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
        wanted = plain(value)
        for index in range(len(buried) - 1, -1, -1):
            if plain(buried[index][0]) == wanted:
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
        successful parse when the file is cut into steps as :func:`step_texts` does.

        The studio re-derives after every edit, and a whole parse of 1,000 steps costs a third
        of a second. Steps are parsed on their own (the text above ``steps:`` + their lines);
        the others are copied from the last parse, with their marks moved to their new lines.
        Any problem (an error, a change above the steps) falls back to the whole parse, so
        errors and their locations are the loader's.
        """
        last = self._last_parse
        if isinstance(last, tuple):
            last = StepParse.of(*last)
        split = step_texts(text) if last is not None and self.lazy else None
        if last is not None and split is not None:
            scenario = reparsed(last, split, self.yaml_path)
            if scenario is not None:
                self._last_parse = StepParse.cut(split, scenario)
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
            key = self._relkeys[cache_key] = relative_inside(root, relpath) or ""
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
        self._fingerprints[path] = Fingerprint.of(path)

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
