"""Where the studio keeps its files, for the code that writes them and the Help that names them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths


def documents_folder() -> Path:
    """The user's documents folder (the home folder where the desktop names none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found else Path.home()


def default_log_dir() -> Path:
    """Where the studio keeps the logs of test conversations (per user)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".prompter") / "logs"


__all__ = ["default_log_dir", "documents_folder"]
