"""Whether the author trusts a scenario folder's actions: asked once per folder, kept.

A scenario folder is data, but its actions reach beyond it: its ``actions.py`` is code (importing
it runs it), and its HTTP actions reach hosts the folder chose itself (its own ``allow_hosts``)
and may send any environment variable in a header (``${OPENAI_API_KEY}``, a cloud secret). The
command line runs them (the user ran the command on their folder), but the studio opens folders
that came from anywhere, so it asks before any of it runs — the test chat, *Try it* — saying
what would run (:func:`reach_text`: the code, the hosts, the variables), and remembers the
answer, yes or no, per folder (its resolved path) in the studio's settings. Until the author
says yes, those actions are stubbed and the chat says so.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings

from engine.actions.runners import ActionReach

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


def reach_text(reach: ActionReach) -> str:
    """What trusting the folder lets run, in words: its Python code, the hosts its HTTP actions
    call, the environment variables they send."""
    translate = QCoreApplication.translate
    parts = []
    if reach.python:
        parts.append(translate("ActionTrust", "its Python code (actions.py)"))
    if reach.hosts:
        parts.append(
            translate("ActionTrust", "HTTP requests to {hosts}").format(
                hosts=", ".join(reach.hosts)
            )
        )
    if reach.variables:
        parts.append(
            translate("ActionTrust", "sending your environment variables {names}").format(
                names=", ".join(reach.variables)
            )
        )
    return "; ".join(parts)


__all__ = ["SETTINGS_GROUP", "FolderTrust", "Trust", "reach_text"]
