"""What a Python action is told about its call: the ``context`` argument.

This module is what an actions module may rely on (``from engine.actions.context import
ActionContext`` for a type hint), and what the worker process that runs plain ``def`` actions
imports: it stays small, with nothing heavy at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import UnreadableFile
from engine.io.input_limits import MAX_TEXT_FILE_BYTES
from engine.io.untrusted import read_text, resolve_inside


@dataclass(frozen=True)
class ActionContext:
    """What a Python action is told about the call, as its ``context`` argument.

    ``idempotency_key`` is the same for the same session, turn and step: an action with side
    effects (a booking) should pass it on to the service, so that a retried turn or a resumed
    session is recognised instead of booking twice. ``folder`` is the scenario folder.
    """

    session_id: str
    turn: int
    step: str
    idempotency_key: str
    folder: str | None = None

    def read_text(self, relative: str, *, limit: int = MAX_TEXT_FILE_BYTES) -> str:
        """The text of a file of the scenario folder, read as every file that came with a
        scenario is: inside the folder, a regular file, at most ``limit`` bytes, UTF-8.
        Raises :class:`~engine.errors.UnreadableFile` otherwise."""
        if self.folder is None:
            raise UnreadableFile(f"{relative!r}: the scenario has no folder", reason="missing")
        target = resolve_inside(Path(self.folder), relative)
        if target is None:
            raise UnreadableFile(
                f"{relative!r} is outside the scenario folder", reason="not-a-file", path=relative
            )
        return read_text(target, limit=limit, what=repr(relative))

    def to_dict(self) -> dict[str, Any]:
        """The fields, for the worker process (it builds its own context from them)."""
        return {
            "session_id": self.session_id,
            "turn": self.turn,
            "step": self.step,
            "idempotency_key": self.idempotency_key,
            "folder": self.folder,
        }


def idempotency_key(session_id: str, turn: int, step: str, occurrence: int = 0) -> str:
    """``SESSION:TURN:STEP`` — the same for the same session, turn and step; a step run a
    second time in one turn (a retry loop) gets ``:2``, ``:3``…, the same again on a retry."""
    key = f"{session_id}:{turn}:{step}"
    return key if occurrence == 0 else f"{key}:{occurrence + 1}"


__all__ = ["ActionContext", "idempotency_key"]
