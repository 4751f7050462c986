"""Whether the author trusts a scenario folder's Python actions: asked once per folder, kept.

A scenario folder is data, but its ``actions.py`` is code: importing it runs it. The command line
runs it (the user ran the command on their folder), but the studio opens folders that came from
anywhere, so it asks before it imports a scenario's actions module — the test chat, *Try it* —
and remembers the answer, yes or no, per folder (its resolved path) in the studio's settings.
Until the author says yes, Python actions are stubbed and the chat says so; HTTP actions, which
run no code of the folder and reach only its allowed hosts, are not affected.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import QSettings

SETTINGS_GROUP = "actionTrust"


class Trust(StrEnum):
    UNKNOWN = "unknown"  #: never asked
    TRUSTED = "trusted"  #: the author said its Python actions may run
    REFUSED = "refused"  #: the author said no: they stay stubbed


class FolderTrust:
    """The answers, kept in ``settings`` (one entry per folder: its path and the answer)."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings if settings is not None else QSettings()

    @staticmethod
    def _key(folder: Path) -> str:
        path = str(folder.resolve())
        return f"{SETTINGS_GROUP}/{hashlib.sha256(path.encode('utf-8')).hexdigest()[:24]}"

    def of(self, folder: Path) -> Trust:
        value = self.settings.value(self._key(folder))
        if isinstance(value, list) and len(value) == 2 and value[0] == str(folder.resolve()):
            try:
                return Trust(str(value[1]))
            except ValueError:
                return Trust.UNKNOWN
        return Trust.UNKNOWN

    def remember(self, folder: Path, answer: Trust) -> None:
        if answer is Trust.UNKNOWN:
            self.settings.remove(self._key(folder))
        else:
            self.settings.setValue(self._key(folder), [str(folder.resolve()), answer.value])
        self.settings.sync()

    def trusted(self, folder: Path | None) -> bool:
        return folder is not None and self.of(folder) is Trust.TRUSTED


__all__ = ["SETTINGS_GROUP", "FolderTrust", "Trust"]
