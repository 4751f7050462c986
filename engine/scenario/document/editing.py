"""The scenario document: the public edit API, the scenario derived from the text, and files.

:class:`ScenarioDocument` composes the parts of the package: a :class:`YamlTree` for structured
edits of ``scenario.yaml``, a :class:`Reparser` that derives the :class:`Scenario` from its text
re-parsing only what edits changed, and :class:`ScenarioFiles` for the other files of the folder.
Each edit is announced to subscribers as a :class:`Change` naming what it touched, so a view
updates only that. See the package docstring for the guarantees the undo stack relies on.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import ScenarioError, ScenarioErrors, UnreadableFile
from engine.scenario.definition import IDENTIFIER, SCENARIO_FILE, Scenario, Step
from engine.scenario.document.files import ScenarioFiles, resolved, write_all
from engine.scenario.document.nodes import plain
from engine.scenario.document.reparsing import Reparser
from engine.scenario.document.templates import TEMPLATES, title_of
from engine.scenario.document.tree import YamlTree
from engine.scenario.layout import LAYOUT_FILE, Layout
from engine.scenario.loader import compose_scenario, read_scenario_text
from engine.scenario.names import IDENTIFIER_RULE

DocPath = tuple[str | int, ...]
#: Step ids or file keys (``set`` is a method of the document, so its annotations say this).
Names = set[str]


@dataclass(frozen=True)
class Change:
    """What one edit changed, so that a view can update only that.

    ``kind`` is one of ``set``, ``insert``, ``delete``, ``rename``, ``text``, ``file``,
    ``yaml``, ``reload``, ``saved``; ``path`` is where (for a rename, the old path; for
    ``text`` and ``file``, the file's relative path). ``text`` is a file the scenario reads (an
    instruction or the persona file); ``file`` is one it does not read — a test of the scenario,
    a cassette beside it — so the scenario did not change. ``steps`` are the steps whose entry
    in ``scenario.yaml`` the edit changed — added, removed, renamed (both ids) or edited; a
    step rename also names every step whose transition it retargeted. ``whole`` means the text
    was replaced (``yaml``, ``reload``): anything may have changed. ``edits`` is several edits
    heard as one (:meth:`merged`).
    """

    kind: str
    path: DocPath = ()
    steps: frozenset[str] = frozenset()
    whole: bool = False

    @classmethod
    def merged(cls, changes: Sequence[Change]) -> Change:
        """What ``changes`` changed together: their common path, every step one of them
        changed, the whole text if one replaced it; their kind if they share it, else
        ``edits``. For edits of ``scenario.yaml`` under one top-level key (a view reads the
        first key of the path), made as one gesture."""
        first = changes[0]
        if len(changes) == 1:
            return first
        path = first.path
        for change in changes[1:]:
            same = 0
            while same < min(len(path), len(change.path)) and path[same] == change.path[same]:
                same += 1
            path = path[:same]
        kinds = {change.kind for change in changes}
        return cls(
            kind=first.kind if len(kinds) == 1 else "edits",
            path=path,
            steps=frozenset().union(*(change.steps for change in changes)),
            whole=any(change.whole for change in changes),
        )

    @property
    def structural(self) -> bool:
        """Whether ``scenario.yaml`` changed (not only a text file, not a save)."""
        return self.kind not in ("text", "file", "saved")

    @property
    def scenario_changed(self) -> bool:
        """Whether the scenario may have changed: anything but a save or a file it does not
        read (a running test chat need not offer a restart for those)."""
        return self.kind not in ("file", "saved")


Listener = Callable[[Change], None]


class ScenarioDocument:
    """A scenario folder open for editing: scenario.yaml as a ruamel.yaml round-trip tree
    (comments, key order, quoting and flow style kept) + the texts of the persona and instruction
    files, with a validated :class:`Scenario` derived from them.

    Every edit goes through here and is announced to subscribers as a :class:`Change`. Paths
    are tuples of mapping keys and sequence indexes, e.g.
    ``("steps", "greet", "transitions", "next", "to")``.
    """

    def __init__(self, folder: Path, yaml_text: str, *, on_disk: bool, lazy: bool = True) -> None:
        #: load and re-parse scenario.yaml step by step where the file allows it (see
        #: :meth:`open`)
        self.lazy = lazy
        self._listeners: list[Listener] = []
        self._load(folder, yaml_text, on_disk=on_disk)

    def _load(self, folder: Path, yaml_text: str, *, on_disk: bool) -> None:
        self.folder = folder
        self.layout = Layout.load(folder) if on_disk else Layout()
        self._files = ScenarioFiles(folder, self.yaml_path)
        self._disk_yaml: str | None = yaml_text if on_disk else None
        self._disk_layout = self.layout.to_json() if on_disk and self._has_layout_file() else None
        self._reparser = Reparser(self.yaml_path, lazy=self.lazy)
        self._scenario: Scenario | None = None
        self._errors: list[ScenarioError] = []
        self._stale = True
        #: text files edited since the scenario was last derived (their steps get the new text)
        self._texts_changed: set[str] = set()
        #: file key -> the steps whose instructions it holds (built when first needed)
        self._readers: dict[str, set[str]] | None = None
        #: steps the edit under way changed (several calls make one rename of a step)
        self._touched: set[str] | None = set()
        self._quiet = False
        self._vetted: tuple[str, ScenarioError | None] | None = None
        self._set_source(yaml_text)
        if on_disk:
            self._files.remember(self.yaml_path)
            self._files.remember(folder / LAYOUT_FILE)

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
        return cls(root, read_scenario_text(root), on_disk=True, lazy=lazy)

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
        if not IDENTIFIER.match(name):
            name = f"scenario_{name}"
        yaml_text, files = TEMPLATES[template]
        document = cls(root, yaml_text.format(name=name, title=title_of(name)), on_disk=False)
        for relpath, text in files.items():
            document._files.add_new(relpath, text)
        return document

    # --- what the document holds ---------------------------------------------------------------

    @property
    def yaml_path(self) -> Path:
        return self.folder / SCENARIO_FILE

    @property
    def scenario(self) -> Scenario | None:
        """The validated scenario of the current text, or ``None`` while it has :attr:`errors`.

        After an edit only the steps it changed are parsed again; the other steps are the same
        objects as in the scenario before the edit (never changed once handed out).
        """
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
        return bool(self._pending_writes(self.folder) or self._files.pending_removals(self.folder))

    @property
    def tree_built(self) -> bool:
        """Whether the round-trip tree is built. Reading the scenario, its step list and what
        lies above its steps never needs it; an edit, a read inside the steps and
        :meth:`prepare` build it."""
        return self._tree.loaded

    @property
    def steps_not_loaded(self) -> frozenset[str]:
        """Steps of the round-trip tree still waiting to be loaded (``lazy`` documents only):
        an edit loads the steps it reaches, and only those."""
        return self._tree.steps_not_loaded

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(change)`` after every edit; returns a function to unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def get(self, path: DocPath) -> Any:
        """A plain copy (dicts, lists, str, …) of the value at ``path``; KeyError if absent."""
        try:
            return plain(self._tree.read(path))
        except ScenarioError:
            raise KeyError(path) from None

    def has(self, path: DocPath) -> bool:
        return self._tree.has(path)

    def keys(self, path: DocPath) -> list[str]:
        """The keys of the mapping at ``path`` in file order (``[]`` if absent or not a
        mapping); listing the steps this way loads none of them."""
        try:
            return self._tree.keys(path)
        except (KeyError, ScenarioError):
            return []

    # --- structured edits ----------------------------------------------------------------------

    def set(self, path: DocPath, value: Any) -> None:
        """Set or replace the value at ``path``, creating missing mappings on the way.

        An existing key keeps its position, its comments and its quoting/flow style; a mapping
        replaced by a mapping is updated key by key, so untouched keys stay as they were.
        """
        if self._tree.set(path, value):
            self._edited("set", path)

    def insert(self, path: DocPath, key: str, value: Any, index: int | None = None) -> None:
        """Add ``key`` to the mapping at ``path`` at ``index`` (the end when ``None``)."""
        self._tree.insert(path, key, value, index)
        self._edited("insert", (*path, key))

    def delete(self, path: DocPath) -> tuple[int, Any]:
        """Remove the value at ``path``; returns ``(index, old plain value)`` for undo."""
        index, old = self._tree.delete(path)
        self._edited("delete", path)
        return index, old

    def rename_key(self, path: DocPath, new_key: str) -> None:
        """Rename the mapping key at ``path`` in place (its position and comments stay)."""
        if self._tree.rename_key(path, new_key):
            self._edited("rename", path, new_key)

    def rename_step(self, old: str, new: str) -> None:
        """Rename a step everywhere: its key, each transition's ``to``, ``start``, the layout."""
        if not IDENTIFIER.match(new):
            raise ScenarioError(
                f"{new!r} is not a valid step id",
                hint=f"use {IDENTIFIER_RULE}",
            )
        with self._one_edit():
            self.rename_key(("steps", old), new)
            for step_id, signal in self._tree.transitions_to(old):
                self.set(("steps", step_id, "transitions", signal, "to"), new)
            if self.has(("start",)) and self.get(("start",)) == old:
                self.set(("start",), new)
            self.layout.rename(old, new)
        self._emit("rename", ("steps", old))

    def set_yaml_text(self, text: str) -> None:
        """Replace the whole of scenario.yaml (the studio's source view); kept even if invalid."""
        if text == self.yaml_text():
            return
        self._set_source(text)
        self._emit("yaml", (), whole=True)

    # --- instruction and persona files ----------------------------------------------------------

    def text(self, relpath: str) -> str:
        """The text of a file of the scenario (as edited; ``""`` if it does not exist yet).

        Raises :class:`ScenarioError` for a path outside the folder, or a file that cannot be
        read as text (not UTF-8, too large, not a regular file)."""
        return self._files.text(relpath)

    def set_text(self, relpath: str, text: str) -> None:
        """Keep ``text`` as the file's text until saved (a file that does not exist yet is
        created by the save; set back to ``""``, it is not).

        The change is announced as ``text`` when the scenario reads the file, else as ``file``
        (a test, a cassette): the scenario is not derived again for those."""
        key = self._files.set_text(relpath, text)
        if key is None:
            return
        if not self._reads(key):
            self._emit("file", (key,))
            return
        self._texts_changed.add(key)
        self._stale = True
        self._emit("text", (key,))

    def remove_text(self, relpath: str) -> None:
        """Remove a file from the scenario (a step's instruction file moved to a new name): it
        reads as empty, is listed no more, and the save deletes it; :meth:`set_text` brings it
        back (an undo)."""
        key = self._files.remove(relpath)
        if key is None:
            return
        if not self._reads(key):
            self._emit("file", (key,))
            return
        self._texts_changed.add(key)
        self._stale = True
        self._emit("text", (key,))

    def files(self, pattern: str) -> list[str]:
        """The relative paths of the folder's files matching the glob ``pattern``
        (``tests/*.test.yaml``), sorted: those on disk and those created by :meth:`set_text`
        and not yet saved. Only regular files inside the folder count; a file created in
        memory and emptied again (an undone creation) is not listed."""
        found: set[str] = set()
        for path in self.folder.glob(pattern):
            if not path.is_file():
                continue
            relpath = path.relative_to(self.folder).as_posix()
            if self._key(relpath) == relpath and relpath not in self._files.removed:
                found.add(relpath)
        found.update(
            key
            for key, text in self._files.texts.items()
            if text and fnmatch.fnmatchcase(key, pattern)
        )
        return sorted(found)

    def is_modified(self, relpath: str) -> bool:
        """Whether saving would write this file (its text was edited, or it is new)."""
        key = self._key(relpath)
        return key is not None and self._files.is_modified(key)

    # --- text of scenario.yaml -------------------------------------------------------------------

    def yaml_text(self) -> str:
        """What :meth:`save` would write to scenario.yaml."""
        return self._tree.text()

    # --- disk ------------------------------------------------------------------------------------

    def save(self, folder: Path | str | None = None) -> list[Path]:
        """Write what changed (everything, for Save As to another folder), all or nothing.

        Every file is written to a temporary beside it first; only when all of them are written
        are they renamed over their targets (:func:`~engine.io.atomic.atomic_write_all`), so a
        full disk on the third file leaves the first two as they were too. A folder that
        vanished while open (its ``scenario.yaml`` gone) gets every file the document holds,
        not only the edited ones: nothing the studio shows is lost on close.

        Returns the paths written. A failed write raises :class:`ScenarioError` and leaves every
        file on disk and the document's unsaved state as they were.
        """
        target = Path(folder) if folder is not None else self.folder
        moving = resolved(target) != resolved(self.folder)
        if moving and self.yaml_path.exists():
            self._files.copy_folder(target)
        writes = self._pending_writes(target, everything=moving or self.vanished)
        try:
            write_all(writes, inside=target)
        except UnreadableFile as error:  # a folder of the scenario is a link out of it
            raise ScenarioError(
                f"cannot save: {error.message}",
                path=error.path,
                hint="nothing was saved; the edits are still open",
            ) from None
        except OSError as error:
            raise ScenarioError(
                f"cannot save: {error.strerror or error}",
                path=error.filename,
                hint="nothing was saved: every file on disk is as it was; the edits are still open",
            ) from None
        for path in self._files.pending_removals(target):
            try:
                path.unlink()
            except OSError as error:
                raise ScenarioError(
                    f"cannot remove {path.name}: {error.strerror or error}",
                    path=path,
                    hint="the other files were saved; the edits are still open",
                ) from None
        written = [path for path, _content in writes]
        self.folder = target
        self._files.folder = target
        self._disk_yaml = self.yaml_text()
        self._disk_layout = self.layout.to_json() if self._has_layout_file() else None
        self._files.mark_saved([self.yaml_path, self.folder / LAYOUT_FILE])
        self._emit("saved", ())
        return written

    @property
    def vanished(self) -> bool:
        """Whether the folder was read from disk and its ``scenario.yaml`` is gone (the folder
        deleted or moved while open): the next :meth:`save` then writes every file held."""
        return self._disk_yaml is not None and not self.yaml_path.exists()

    def disk_changed(self) -> list[Path]:
        """Files another program changed since this document read or wrote them."""
        return self._files.disk_changed()

    def prepare(self) -> None:
        """Build the round-trip tree now rather than on the first edit.

        Opening reads only the text; ruamel builds the tree in pure Python (about a second per
        1,000 steps, unless the steps can be loaded one by one as edits reach them), so a view
        may call this when idle, right after it first shows the scenario.
        Unparseable YAML is not an error here: it shows in :attr:`errors`.
        """
        self._tree.prepare()
        self._reparser.prepare()

    def reload(self) -> None:
        """Forget every unsaved edit and read the folder again."""
        self._load(self.folder, read_scenario_text(self.folder), on_disk=True)
        self._emit("reload", (), whole=True)

    # --- internals: edits ----------------------------------------------------------------------

    def _set_source(self, text: str) -> None:
        # The round-trip tree is built on first use: reading a scenario (and importing a diagram
        # that only moves steps) never pays for it; on 1,000 steps ruamel needs about a second.
        self._tree = YamlTree(text, self.yaml_path, lazy=self.lazy, readable=self._readable)
        self._reparser.forget()
        self._stale = True

    def _edited(self, kind: str, path: DocPath, new_key: str | None = None) -> None:
        steps: set[str] | None = set()
        if path and path[0] == "steps":
            steps = {str(path[1])} if len(path) >= 2 else None
            if steps is not None and len(path) == 2 and new_key is not None:
                steps.add(new_key)
        self._reparser.note(steps, head=not path or path[0] != "steps")
        if self._touched is not None:
            self._touched = None if steps is None else self._touched | steps
        self._stale = True
        if not self._quiet:
            self._emit(kind, path)

    @contextmanager
    def _one_edit(self) -> Iterator[None]:
        """Several tree edits announced as one (see :meth:`rename_step`)."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def _emit(self, kind: str, path: DocPath, *, whole: bool = False) -> None:
        touched, self._touched = self._touched, set()
        change = Change(kind, path, frozenset(touched or ()), whole or touched is None)
        for listener in list(self._listeners):
            listener(change)

    # --- internals: the derived scenario -------------------------------------------------------

    def _readable(self, text: str) -> ScenarioError | None:
        """Whether the loader's limited reader reads ``text`` (None), or why not: the round-trip
        tree is built only for text it reads, so no reader of a scenario goes past its limits."""
        if self._reparser.readable == text:
            return None
        self._derive()
        if self._reparser.readable == text:
            return None
        if self._vetted is None or self._vetted[0] != text:
            try:
                compose_scenario(text, self.yaml_path)
            except ScenarioError as problem:
                errors = getattr(problem, "errors", [problem])
                self._vetted = (text, errors[0])
            else:
                self._vetted = (text, None)
        return self._vetted[1]

    def _derive(self) -> None:
        if not self._stale:
            return
        self._stale = False
        self._scenario, self._errors = None, []
        try:
            scenario, fresh = self._reparser.parse(self.yaml_text(), self._tree)
        except ScenarioErrors as problems:
            self._errors = list(problems.errors)
            return
        except ScenarioError as problem:
            self._errors = [problem]
            return
        scenario.root = self.folder
        if scenario.persona:
            scenario.persona_text = self._safe_text(scenario.persona)
        self._attach_texts(scenario, fresh)
        self._scenario = scenario

    def _attach_texts(self, scenario: Scenario, fresh: Names | None) -> None:
        """Give each step its instruction text: steps parsed now get it in place (nobody has
        them yet); a step shared with the last scenario whose file was edited is replaced by a
        copy, so a scenario once handed out (to a running test chat) never changes."""
        changed, self._texts_changed = self._texts_changed, set()
        steps = scenario.steps
        if fresh is None:
            self._readers = None
            for step in steps.values():
                self._give_text(step)
            return
        readers = self._readers
        for step_id in fresh:
            parsed = steps.get(step_id)
            if parsed is not None:
                self._give_text(parsed)
                if readers is not None and parsed.instructions:
                    readers.setdefault(self._key(parsed.instructions) or "", set()).add(step_id)
        if not changed:
            return
        if readers is None:
            readers = self._readers = {}
            for step_id, step in steps.items():
                if step.instructions:
                    readers.setdefault(self._key(step.instructions) or "", set()).add(step_id)
        stale = [
            step_id
            for key in changed
            for step_id in readers.get(key, ())
            if step_id not in fresh
            and step_id in steps
            and steps[step_id].instructions
            and self._key(steps[step_id].instructions or "") == key
        ]
        for step_id in stale:
            copy = steps[step_id].model_copy()
            self._give_text(copy)
            steps[step_id] = copy
            self._reparser.replace(step_id, copy)

    def _give_text(self, step: Step) -> None:
        if step.instructions:
            step.instructions_text = self._safe_text(step.instructions)

    def _reads(self, key: str) -> bool:
        """Whether the scenario reads the file ``key`` (the persona, or a step's instructions);
        ``True`` while the scenario does not load, when nobody can tell."""
        self._derive()
        scenario = self._scenario
        if scenario is None:
            return True
        if scenario.persona and self._key(scenario.persona) == key:
            return True
        if self._readers is None:
            readers: dict[str, set[str]] = {}
            for step_id, step in scenario.steps.items():
                if step.instructions:
                    readers.setdefault(self._key(step.instructions) or "", set()).add(step_id)
            self._readers = readers
        return key in self._readers

    def _key(self, relpath: str) -> str | None:
        try:
            return self._files.key(relpath)
        except ScenarioError:
            return None

    def _safe_text(self, relpath: str) -> str:
        try:
            return self.text(relpath)
        except ScenarioError:
            return ""

    # --- internals: files ------------------------------------------------------------------------

    def _has_layout_file(self) -> bool:
        return (self.folder / LAYOUT_FILE).is_file()

    def _pending_writes(self, target: Path, *, everything: bool = False) -> list[tuple[Path, str]]:
        writes: list[tuple[Path, str]] = []
        yaml_text = self.yaml_text()
        if everything or yaml_text != self._disk_yaml:
            writes.append((target / SCENARIO_FILE, yaml_text))
        writes += self._files.pending_text_writes(target, everything=everything)
        layout_json = self.layout.to_json()
        has_positions = bool(self.layout.positions) or self._disk_layout is not None
        if has_positions and (everything or layout_json != self._disk_layout):
            writes.append((target / LAYOUT_FILE, layout_json))
        return writes
