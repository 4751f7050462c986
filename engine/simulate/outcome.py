"""How one simulated conversation ended: plain data the report, the CLI and the studio read."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.dialogue.ledger import Totals
from engine.simulate.facts import FactCheck

__all__ = ["STATUSES", "ConversationOutcome", "RoleUse", "Status", "role_totals_dict"]

#: ``finished``: a final step was reached. ``stuck``: the turn limit came first. ``abandoned``:
#: the simulated user left (gave up, or was done) before the script ended. ``failed``: an error
#: stopped it (the provider kept failing, the user's model refused). ``cancelled``: the run was
#: stopped while it went on; it is left out of the figures.
Status = Literal["finished", "stuck", "abandoned", "failed", "cancelled"]
#: The statuses the report's figures cover, in the order it shows them.
STATUSES: tuple[Status, ...] = ("finished", "stuck", "abandoned", "failed")


@dataclass(frozen=True)
class RoleUse:
    """One role's model use in one conversation: its calls' totals, and how they fell."""

    totals: Totals = field(default_factory=Totals)
    #: Calls made for each user message, in order (the bot: corrections and on-enter replies
    #: included; the user: one per message it wrote).
    calls_per_message: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {**role_totals_dict(self.totals), "calls_per_message": list(self.calls_per_message)}


def role_totals_dict(totals: Totals) -> dict[str, Any]:
    """A role's totals as ``report.json`` writes them."""
    return {"calls": totals.llm_calls, **totals.usage_json()}


@dataclass(frozen=True)
class ConversationOutcome:
    """One simulated conversation, as it ended. ``index`` numbers the run's conversations
    from 1; ``log_path`` is its JSON Lines log (open it in the log viewer)."""

    index: int
    persona: str
    persona_name: str
    run: int
    status: Status
    turns: int
    path: tuple[str, ...]
    final_step: str
    log_path: Path | None
    bot: RoleUse
    user: RoleUse
    facts: tuple[FactCheck, ...] = ()
    error: str | None = None
    duration_s: float = 0.0
    session_id: str = ""

    def to_dict(self, relative_to: Path | None = None) -> dict[str, Any]:
        log = self.log_path
        if log is not None and relative_to is not None:
            with contextlib.suppress(ValueError):
                log = log.relative_to(relative_to)
        return {
            "index": self.index,
            "persona": self.persona,
            "persona_name": self.persona_name,
            "run": self.run,
            "status": self.status,
            "turns": self.turns,
            "path": list(self.path),
            "final_step": self.final_step,
            "log": str(log) if log is not None else None,
            "session": self.session_id,
            "error": self.error,
            "duration_s": round(self.duration_s, 3),
            "facts": [check.to_dict() for check in self.facts],
            "bot": self.bot.to_dict(),
            "simulated_user": self.user.to_dict(),
        }
