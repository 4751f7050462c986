"""The scenario's folder as the document knows it: the texts of its files as edited, what they
were on disk, and writing back only what changed.

Persona and instruction files are read through :mod:`engine.io.untrusted`, the one safe reader the
loader uses too: only regular files, and only up to
:data:`~engine.io.input_limits.MAX_TEXT_FILE_BYTES` — a FIFO or a device named as an instruction
file would block the studio forever, or never end.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engine.errors import ScenarioError, UnreadableFile
from engine.io.atomic import atomic_write_all
from engine.io.input_limits import MAX_TEXT_FILE_BYTES
from engine.io.untrusted import decode_utf8, open_regular, read_bytes_of

#: A persona or instruction file larger than this is not opened (hostile or accidental input).
MAX_TEXT_BYTES = MAX_TEXT_FILE_BYTES


def read_regular_text(path: Path, limit: int = MAX_TEXT_BYTES) -> str | None:
    """The UTF-8 text of ``path`` (``None`` when it does not exist).

    Raises :class:`~engine.errors.UnreadableFile` (a :class:`ScenarioError`) for anything but a
    regular file (a FIFO, a device, a socket, a folder), for a file larger than ``limit`` bytes
    and for text that is not UTF-8.
    """
    read = _read_regular(path, limit)
    return None if read is None else decode_utf8(read[1], path)


def _read_regular(path: Path, limit: int) -> tuple[os.stat_result, bytes] | None:
    """The stat and the bytes of one open of ``path`` (one read serves the fingerprint too)."""
    try:
        with open_regular(path) as handle:
            info = os.fstat(handle.fileno())
            data = read_bytes_of(handle, path, info.st_size, limit, "the file")
    except UnreadableFile as error:
        if error.reason == "missing":
            return None
        raise
    return info, data


@dataclass(frozen=True)
class Fingerprint:
    """What a file looked like when we last read or wrote it (``None`` fields: it did not exist).

    Only regular files are read to be fingerprinted; anything else is known by its kind."""

    mtime_ns: int | None
    size: int | None
    digest: str | None

    @classmethod
    def read(cls, info: os.stat_result, data: bytes) -> Fingerprint:
        """The fingerprint of a regular file just read (``data``, with ``info`` its stat)."""
        return cls(info.st_mtime_ns, info.st_size, hashlib.sha256(data).hexdigest())

    @classmethod
    def of(cls, path: Path) -> Fingerprint:
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode):
                return cls(info.st_mtime_ns, info.st_size, f"special:{stat.S_IFMT(info.st_mode)}")
            digest = _digest(path)
        except (FileNotFoundError, NotADirectoryError):
            return cls(None, None, None)
        except OSError:
            return cls(None, None, "unreadable")
        return cls(info.st_mtime_ns, info.st_size, digest)

    def differs_from_disk(self, path: Path) -> bool:
        try:
            info = path.stat()
        except (FileNotFoundError, NotADirectoryError):
            return self.digest is not None
        except OSError:
            return self.digest != "unreadable"
        if self.digest is None:
            return True
        if info.st_mtime_ns == self.mtime_ns and info.st_size == self.size:
            return False
        if not stat.S_ISREG(info.st_mode):
            return self.digest != f"special:{stat.S_IFMT(info.st_mode)}"
        try:
            return _digest(path) != self.digest
        except OSError:
            return True


def _digest(path: Path) -> str:
    """The SHA-256 of a regular file, read in blocks through the bounded reader (a FIFO swapped
    in under the name is refused, never waited on); ``OSError`` when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with open_regular(path) as handle:
            while block := handle.read(1024 * 1024):
                digest.update(block)
    except UnreadableFile as error:
        raise OSError(error.message) from None
    return digest.hexdigest()


class ScenarioFiles:
    """The files of one scenario folder: ``scenario.yaml``, the layout and every text file read.

    Texts are kept as edited until :meth:`mark_saved`; :meth:`pending_writes` lists what saving
    must write (only what differs from disk), and :meth:`disk_changed` what another program
    changed since we read or wrote it.
    """

    def __init__(self, folder: Path, yaml_path: Path) -> None:
        self.folder = folder
        self._yaml_name = yaml_path.name
        self.texts: dict[str, str] = {}  # relpath -> text as edited
        self.disk_texts: dict[str, str | None] = {}  # relpath -> text on disk (None: missing)
        self._relkeys: dict[tuple[Path, str], str] = {}  # (folder, relpath as given) -> relpath
        self._relkeys_root: dict[Path, str] = {}  # folder -> its real path
        self._real_dirs: dict[str, str] = {}  # a folder of the scenario -> its real path
        self._fingerprints: dict[Path, Fingerprint] = {}
        #: files removed from the scenario (a step's file moved on a rename): deleted by the save
        self.removed: set[str] = set()

    def key(self, relpath: str) -> str:
        """``relpath`` as a key of :attr:`texts` (resolved once per folder: deriving asks for
        every step's file, and resolving costs a system call per path part)."""
        cache_key = (self.folder, relpath)
        key = self._relkeys.get(cache_key)
        if key is None:
            root = self._relkeys_root.get(self.folder)
            if root is None:
                root = self._relkeys_root[self.folder] = os.path.realpath(self.folder)
            key = self._relkeys[cache_key] = self._inside(root, relpath) or ""
        if not key:
            raise ScenarioError(
                f"{relpath!r} is outside the scenario folder",
                path=self.folder / self._yaml_name,
                hint="use a path relative to the folder, without '..'",
            )
        return key

    def _inside(self, root: str, relpath: str) -> str | None:
        """:func:`relative_inside`, resolving each folder once: 2,000 instruction files in
        ``steps/`` cost one ``realpath`` and 2,000 ``lstat``, not 2,000 ``realpath``."""
        posix = relpath.replace("\\", "/")
        parts = [part for part in posix.split("/") if part not in ("", ".")]
        if posix.startswith("/") or ".." in parts or (parts and parts[0].endswith(":")):
            return None
        if not parts:
            return relative_inside(root, relpath)
        folder = os.path.join(root, *parts[:-1])
        real_folder = self._real_dirs.get(folder)
        if real_folder is None:
            real_folder = self._real_dirs[folder] = os.path.realpath(folder)
        target = os.path.join(real_folder, parts[-1])
        if os.path.islink(target):
            target = os.path.realpath(target)
        if target != root and not target.startswith(root.rstrip(os.sep) + os.sep):
            return None
        return os.path.relpath(target, root).replace(os.sep, "/")

    def text(self, relpath: str) -> str:
        """The text of a file of the scenario (as edited; ``""`` if it does not exist yet)."""
        key = self.key(relpath)
        if key not in self.texts:
            path = self.folder / key
            read = _read_regular(path, MAX_TEXT_BYTES)
            content = None if read is None else decode_utf8(read[1], path)
            # fingerprinted from what was read (reading the file again costs as much)
            self._fingerprints[path] = (
                Fingerprint(None, None, None) if read is None else Fingerprint.read(*read)
            )
            self.disk_texts[key] = content
            self.texts[key] = content or ""
        return self.texts[key]

    def set_text(self, relpath: str, text: str) -> str | None:
        """Keep ``text`` as the file's text; returns its key, or None when it was that already."""
        key = self.key(relpath)
        if key in self.removed:
            self.removed.discard(key)
        elif self.text(key) == text:
            return None
        self.texts[key] = text
        return key

    def remove(self, relpath: str) -> str | None:
        """Remove the file from the scenario (the save deletes it); returns its key, or None
        when it was removed already. :meth:`set_text` brings it back."""
        key = self.key(relpath)
        if key in self.removed:
            return None
        self.text(key)
        self.texts[key] = ""
        self.removed.add(key)
        return key

    def pending_removals(self, target: Path) -> list[Path]:
        """The files the save deletes: removed ones that exist on disk."""
        return [target / key for key in sorted(self.removed) if (target / key).is_file()]

    def is_modified(self, key: str) -> bool:
        """Whether saving writes the file ``key`` (a missing file emptied again is not)."""
        if key not in self.texts:
            return False
        if key in self.removed:
            return self.disk_texts.get(key) is not None
        text, on_disk = self.texts[key], self.disk_texts.get(key)
        return text != on_disk and not (on_disk is None and not text)

    def add_new(self, relpath: str, text: str) -> None:
        """A file that does not exist on disk yet (a template's)."""
        self.texts[relpath] = text
        self.disk_texts[relpath] = None

    def remember(self, path: Path) -> None:
        self._fingerprints[path] = Fingerprint.of(path)

    def disk_changed(self) -> list[Path]:
        return sorted(
            path
            for path, fingerprint in self._fingerprints.items()
            if fingerprint.differs_from_disk(path)
        )

    def pending_text_writes(self, target: Path, *, everything: bool) -> list[tuple[Path, str]]:
        """The files to write, each text ending with a line break: an author typing on an
        instruction file's last line once saved it without one (diffs, ``cat`` and editors
        all expect it)."""
        writes: list[tuple[Path, str]] = []
        for relpath, text in sorted(self.texts.items()):
            if relpath in self.removed:
                continue
            on_disk = self.disk_texts.get(relpath)
            if on_disk is None and not text:
                continue  # a missing file that was only read: saving does not create it empty
            if everything or text != on_disk:
                writes.append((target / relpath, with_final_newline(text)))
        return writes

    def copy_folder(self, target: Path) -> None:
        """Save As: bring along every file of the folder (images, notes, …), then overwrite."""
        source = self.folder
        for path in sorted(source.rglob("*")):
            if path.is_symlink() or not path.is_file() or path.name.startswith("."):
                continue
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, destination)

    def mark_saved(self, extra: list[Path]) -> None:
        """What is in memory is now on disk (``extra``: other files written, to fingerprint)."""
        self.disk_texts = dict(self.texts)
        for key in self.removed:
            self.disk_texts[key] = None
        self.removed = set()
        self._fingerprints = {}
        for path in extra:
            self.remember(path)
        for relpath in self.texts:
            self.remember(self.folder / relpath)


def relative_inside(root: str, relpath: str) -> str | None:
    """:func:`~engine.scenario.loader.resolve_inside` as a relative POSIX path, for a ``root``
    already resolved (one ``realpath`` per file instead of three)."""
    pure = PurePosixPath(relpath.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or (pure.parts and pure.parts[0].endswith(":")):
        return None
    target = os.path.realpath(os.path.join(root, *pure.parts))
    if target != root and not target.startswith(root.rstrip(os.sep) + os.sep):
        return None
    return PurePosixPath(Path(os.path.relpath(target, root))).as_posix()


def write_all(writes: list[tuple[Path, str]], *, inside: Path) -> None:
    """Write the texts all or nothing (:func:`~engine.io.atomic.atomic_write_all`), never
    through a link out of ``inside``."""
    atomic_write_all([(path, text.encode("utf-8")) for path, text in writes], inside=inside)


def with_final_newline(text: str) -> str:
    """``text`` ending with a line break (an empty text stays empty)."""
    return text if not text or text.endswith(("\n", "\r")) else text + "\n"


def resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()
