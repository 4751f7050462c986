"""Which of the repository's files go into the bundle as data — and which never do.

``resources/``, ``scenarios/``, ``docs/`` (pages and pictures) and ``README.md`` are copied
into the bundle's data folder, where ``engine.io.resources`` finds them frozen (``sys._MEIPASS``)
exactly as it finds them from source — the studio's Help shows the documentation offline.
What a developer's machine adds to those folders must stay out: hidden files (``.env``, editor
state), caches, backups, and the conversation logs and sessions a test chat leaves behind. The
spec (``prompter.spec``) imports this module; keeping it plain Python makes it testable.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Folders copied as data, relative to the repository root and to the bundle's data folder.
#: ``docs/`` is the manual the studio's Help ▸ Documentation shows offline (with README.md), and
#: its translations (``docs/fr/``: the French pages, under the English names).
DATA_FOLDERS = ("resources", "scenarios", "docs")
#: Single files of the repository root copied as data, to the bundle's data folder.
DATA_FILES = ("README.md",)
#: What of ``docs/`` the Help shows: its pages and the pictures they show (not the scripts
#: that take the screenshots).
DOC_SUFFIXES = frozenset({".md", ".png", ".svg", ".jpg"})
#: Folder names never copied: caches, VCS state, and what running conversations leaves behind.
SKIPPED_FOLDERS = frozenset({"__pycache__", "logs", "sessions", "runs"})
#: File suffixes never copied: byte code, temporary files of atomic saves, editor backups.
SKIPPED_SUFFIXES = frozenset({".pyc", ".pyo", ".tmp", ".bak", ".swp", ".orig", ".rej", ".log"})


def is_shipped(relative: Path) -> bool:
    """Whether a file at ``relative`` (inside a data folder) belongs in the bundle."""
    *folders, name = relative.parts
    if any(part.startswith(".") or part in SKIPPED_FOLDERS for part in folders):
        return False
    if name.startswith(".") or name.endswith("~"):
        return False
    return Path(name).suffix.lower() not in SKIPPED_SUFFIXES


def data_files(root: Path) -> list[tuple[str, str]]:
    """``(source file, destination folder)`` pairs, as PyInstaller's ``datas`` wants them."""
    pairs: list[tuple[str, str]] = [
        (str(root / name), ".") for name in DATA_FILES if (root / name).is_file()
    ]
    for folder in DATA_FOLDERS:
        base = root / folder
        for directory, subfolders, files in os.walk(base):
            here = Path(directory)
            subfolders[:] = sorted(
                name for name in subfolders if is_shipped((here / name / "x").relative_to(base))
            )
            for name in sorted(files):
                path = here / name
                if folder == "docs" and path.suffix.lower() not in DOC_SUFFIXES:
                    continue
                if is_shipped(path.relative_to(base)):
                    pairs.append((str(path), str(here.relative_to(root))))
    return pairs
