"""Atomic file writes: a crash or a full disk never leaves a half-written file behind.

One file (:func:`atomic_write_bytes`) or several all or nothing (:func:`atomic_write_all`: the
studio's save of a scenario and its instruction files): nothing is renamed before everything is
written.

A save writes a temporary file beside its target, ``.NAME.XXXXXXXX.tmp`` (``tempfile``'s eight
random characters), and renames it over the target. A process killed between the two leaves
that temporary behind — 200 kills during saves once left 106 of them, 179 MB. So every save, and
every open of a scenario (:func:`engine.scenario.loader.load_scenario`), removes the *stale*
temporaries of the files it is about to touch:

* only names of exactly our form, for a target we name (``.scenario.yaml.k3j9_x2a.tmp`` for
  ``scenario.yaml``): never another program's files, never a temporary of another file;
* only regular files (a symlink or a folder of that name is left alone);
* only temporaries no live writer holds: a writer keeps an exclusive ``flock`` on its temporary
  until the rename, and the cleaner removes a file only if it can take that lock itself — the
  writer that held it is gone. Where ``flock`` does not exist (Windows), or on the very young
  file a writer may not have locked yet, age decides: younger than
  :data:`~engine.io.input_limits.STALE_TEMPORARY_SECONDS` is never touched.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from engine.io.input_limits import STALE_TEMPORARY_SECONDS
from engine.io.untrusted import confined

try:
    import fcntl
except ImportError:  # Windows: age alone decides what is stale
    fcntl = None  # type: ignore[assignment]

#: ``tempfile``'s random part: eight characters of this alphabet.
_RANDOM = r"[a-z0-9_]{8}"
_SUFFIX = ".tmp"
#: The cleaner never follows a symlink, nor waits on a FIFO swapped in under the name.
_CLEANER_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def atomic_write_text(
    path: Path | str, text: str, *, encoding: str = "utf-8", inside: Path | str | None = None
) -> None:
    """Write ``text`` to ``path`` via a temporary file in the same folder, then rename it over.

    The rename is atomic on POSIX and Windows; the data is flushed to disk first, so after a
    crash the file holds either the old or the new content, never a mix. With ``inside``, the
    file's folder must resolve to a folder inside that one (a scenario whose ``tests/`` is a
    link elsewhere is never written through it): :class:`~engine.errors.UnreadableFile` with
    reason ``outside`` otherwise, and nothing is written.
    """
    atomic_write_bytes(path, text.encode(encoding), inside=inside)


def atomic_write_bytes(path: Path | str, data: bytes, *, inside: Path | str | None = None) -> None:
    """:func:`atomic_write_text` for bytes. An ``OSError`` names ``path``, not the temporary."""
    atomic_write_all([(Path(path), data)], inside=inside)


def atomic_write_all(
    writes: Sequence[tuple[Path, bytes]], *, inside: Path | str | None = None
) -> None:
    """Write several files all or nothing: every one goes to a temporary first, and the
    temporaries are renamed over their targets only once all of them are written and flushed.

    A failure while writing (a full disk, a folder that cannot be made) removes every
    temporary and raises, with every target as it was. The renames that follow do not need
    space and fail only if someone removes a folder in between. An ``OSError`` names the target
    whose write failed, not its temporary.
    """
    staged: list[tuple[str, Path, int]] = []  # (temporary, target, its descriptor)
    try:
        for target, data in writes:
            try:
                staged.append(_stage(target, data, inside))
            except OSError as error:
                if error.errno is None:
                    raise
                raise OSError(error.errno, error.strerror, str(target)) from error
        for index, (temp_name, target, fd) in enumerate(staged):
            if fcntl is None:  # Windows cannot rename an open file
                staged[index] = (temp_name, target, -1)
                os.close(fd)
            try:
                # Renamed while still open (and locked), so no cleaner takes it meanwhile.
                os.replace(temp_name, target)
            except OSError as error:
                raise OSError(error.errno, error.strerror, str(target)) from error
    finally:
        for temp_name, _target, fd in staged:
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
            with contextlib.suppress(OSError):
                if os.path.lexists(temp_name):
                    os.unlink(temp_name)


def _stage(target: Path, data: bytes, inside: Path | str | None) -> tuple[str, Path, int]:
    """A flushed, locked temporary beside ``target`` holding ``data``: (its name, target, fd)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if inside is not None:
        confined(target.parent, inside)
    remove_stale_temporaries(target.parent, [target.name])
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=_SUFFIX, dir=target.parent)
    try:
        _lock(fd)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        with contextlib.suppress(OSError):
            os.chmod(temp_name, _mode_of(target))
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    return temp_name, target, fd


def temporary_pattern(name: str) -> re.Pattern[str]:
    """The names :func:`atomic_write_bytes` gives the temporaries of a file called ``name``."""
    return re.compile(rf"\.{re.escape(name)}\.{_RANDOM}{re.escape(_SUFFIX)}")


def remove_stale_temporaries(folder: Path | str, names: Iterable[str]) -> list[Path]:
    """Delete the stale temporaries of the files ``names`` in ``folder``; returns what went.

    See the module docstring for what counts as stale. Never raises: cleaning up is a courtesy,
    and a save or an open must not fail because of it.
    """
    patterns = [temporary_pattern(name) for name in names]
    if not patterns:
        return []
    removed: list[Path] = []
    try:
        entries = os.scandir(folder)
    except OSError:
        return removed
    with entries:
        for entry in entries:
            if not entry.name.endswith(_SUFFIX) or not any(
                pattern.fullmatch(entry.name) for pattern in patterns
            ):
                continue
            path = Path(entry.path)
            if _remove_if_stale(path):
                removed.append(path)
    return removed


def _remove_if_stale(path: Path) -> bool:
    try:
        info = os.lstat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode) or time.time() - info.st_mtime < STALE_TEMPORARY_SECONDS:
        return False
    try:
        fd = os.open(path, _CLEANER_FLAGS)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return False  # a live writer holds it
        os.unlink(path)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def _lock(fd: int) -> None:
    if fcntl is not None:
        with contextlib.suppress(OSError):  # a file system without locks: age protects it
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _mode_of(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


__all__ = [
    "atomic_write_all",
    "atomic_write_bytes",
    "atomic_write_text",
    "remove_stale_temporaries",
    "temporary_pattern",
]
