"""The document's files on disk: what they looked like when read, where they may be, writing.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath


@dataclass(frozen=True)
class Fingerprint:
    """What a file looked like when we last read or wrote it (``None`` fields: it did not exist)."""

    mtime_ns: int | None
    size: int | None
    digest: str | None

    @classmethod
    def of(cls, path: Path) -> Fingerprint:
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


def write_atomically(path: Path, text: str) -> None:
    from engine.atomic import atomic_write_bytes

    atomic_write_bytes(path, text.encode("utf-8"))


def resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()
