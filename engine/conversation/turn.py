"""The values a turn passes around: what it returns, its next steps, the judge's verdicts.

:mod:`engine.conversation.conversation_core` runs the turn loop; these are the small frozen values
it loops over (openai-agents' ``NextStepRunAgain | NextStepFinalOutput``), the verdicts of its
judge, the tally a turn keeps while its phases run and the :class:`TurnResult` it hands back. They
hold no behaviour, so each phase can be tested with them alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from engine.dialogue.contract import StepReply
from engine.errors import ContractViolation
from engine.log.events import ForkedFromData
from engine.providers.base import ModelReply, ModelRequest, Purpose, Usage

# --- what a turn returns --------------------------------------------------------------------


class SessionOrigin(TypedDict, total=False):
    """Where a resumed or forked session came from: the fields its ``session_start`` adds."""

    resumed_from: str
    forked_from: ForkedFromData


@dataclass(frozen=True)
class ActionRun:
    """One action step the turn ran: its outcome, how it was answered, what it took."""

    step: str
    outcome: str
    mode: str
    duration_ms: float
    error: str | None = None


@dataclass(frozen=True)
class TurnResult:
    """What one user message led to: the bot's messages in order, the move, and its cost."""

    turn: int
    user_text: str
    messages: list[str]
    step_before: str
    step_after: str
    #: The accepted signal of the reply to the user's message (``stay`` …); ``None`` on fallback.
    signal: str | None
    calls: int
    corrections: int
    violations: list[str]
    fallback: bool
    finished: bool
    usage: Usage
    #: ``None`` when some call's price is unknown (its endpoint had no price for the model).
    cost_usd: float | None
    engine_ms: float
    model_ms: float
    #: Slips repaired without a call (kinds, as logged with ``salvaged: true``).
    salvaged: list[str] = field(default_factory=list)
    #: The action steps run during the turn, in order (they cost no model call).
    actions: list[ActionRun] = field(default_factory=list)

    @property
    def moved(self) -> bool:
        return self.step_before != self.step_after


# --- the next-step values of the turn loop --------------------------------------------------


@dataclass(frozen=True)
class Respond:
    """Have the model answer under the current step: the user's ``text``, or the step's entry."""

    purpose: Purpose
    text: str


@dataclass(frozen=True)
class Move:
    """Have the FSM take ``signal`` from the current step."""

    signal: str


@dataclass(frozen=True)
class Enter:
    """The current step was just entered (or the conversation just started)."""


@dataclass(frozen=True)
class Act:
    """Run the current step's action (an action step): no model call, then move by its outcome."""


@dataclass(frozen=True)
class Wait:
    """Nothing more to do: the turn ends and the conversation waits for the user."""


NextStep = Respond | Move | Enter | Act | Wait


# --- what the judge decides -----------------------------------------------------------------


@dataclass(frozen=True)
class Accepted:
    """The reply keeps the contract; ``target`` is the next step, ``None`` to stay.

    ``request`` is the exchange's first request: what it sent enters the chain with the reply.
    """

    reply: StepReply
    raw: ModelReply
    target: str | None
    request: ModelRequest | None = None
    new_chain: bool = False


@dataclass(frozen=True)
class Correct:
    """The reply broke the contract; send ``violation.correction`` chained to ``raw``."""

    violation: ContractViolation
    raw: ModelReply


@dataclass(frozen=True)
class GiveUp:
    """``contract.max_attempts`` calls all broke the contract: fall back, stay in the step."""

    violation: ContractViolation


@dataclass
class TurnTally:
    """Accumulates one turn's figures while its phases run."""

    number: int
    step_before: str
    started: float
    messages: list[str] = field(default_factory=list)
    signal: str | None = None
    calls: int = 0
    corrections: int = 0
    violations: list[str] = field(default_factory=list)
    salvaged: list[str] = field(default_factory=list)
    fallback: bool = False
    model_s: float = 0.0
    engine_ms: float = 0.0
    #: Time spent waiting for actions, and the actions run.
    action_s: float = 0.0
    actions: list[ActionRun] = field(default_factory=list)


__all__ = [
    "Accepted",
    "Act",
    "ActionRun",
    "Correct",
    "Enter",
    "GiveUp",
    "Move",
    "NextStep",
    "Respond",
    "SessionOrigin",
    "TurnResult",
    "TurnTally",
    "Wait",
]
