"""The dialogue graph and each conversation's place in it. Pure: no I/O, no model, no clock.

The FSM owns the graph so the model never has to: at each turn the model proposes a signal
(``stay`` or one of the current step's signals), and the FSM alone judges whether it may be taken.
It is the one place where guards are judged:

* :meth:`DialogueFSM.unmet` returns what stands in the way of a signal (an :class:`Unmet`: the
  variables its guard still needs, the required results still unknown, or a problem such as an
  unknown signal) — the contract turns that into the correction sent to the model, naming
  exactly what is missing rather than "invalid transition";
* :meth:`DialogueFSM.offered` lists the signals worth showing the model at all: a signal whose
  guard needs a variable that is unset and that the current step cannot fill is left out (on a
  first pass through a script, a "back to the review" edge cannot open whatever the reply says),
  and comes back as soon as those variables are set;
* :meth:`DialogueFSM.check` and :meth:`DialogueFSM.apply` refuse with a
  :class:`~engine.errors.TransitionRefused` whose ``reason`` is :attr:`Unmet.reason`.

A conversation's state is a small value (:class:`DialogueState`); :meth:`DialogueFSM.apply`
returns a new one instead of mutating, so a session can keep earlier states for fork and replay.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.errors import TransitionRefused
from engine.scenario.definition import STAY, Scenario, Step

#: Answers "does this name hold a value?" for variables (and, for the caller that can, results).
IsSet = Callable[[str], bool]


@dataclass(frozen=True)
class Unmet:
    """What stands in the way of a signal; empty (falsy) when nothing does.

    ``variables``: variables the transition ``requires`` that are unset. ``results``: required
    results of the current step still unknown. ``problem``: a reason no value can fix (the
    conversation is over, the signal is not the step's, its target is gone).
    """

    variables: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    problem: str | None = None
    #: ``problem`` is that the current step has no such signal.
    unknown_signal: bool = False
    #: The step the conditions are about.
    step: str = ""

    def __bool__(self) -> bool:
        return bool(self.variables or self.results or self.problem)

    @property
    def reason(self) -> str:
        """One sentence naming every unmet condition, so one correction can fix them all."""
        if self.problem:
            return self.problem
        parts: list[str] = []
        if self.variables:
            parts.append(
                f"{_plural(len(self.variables), 'variable')} "
                f"{_names(list(self.variables))} must be set first"
            )
        if self.results:
            verb = "is" if len(self.results) == 1 else "are"
            parts.append(
                f"the required {_plural(len(self.results), 'result')} "
                f"{_names(list(self.results))} of step {self.step!r} {verb} not "
                "known yet"
            )
        return "; ".join(parts)


class Status(StrEnum):
    ACTIVE = "active"  #: the conversation goes on
    FINISHED = "finished"  #: a final step was reached (or the session was closed as finished)
    FAILED = "failed"  #: the engine gave up (e.g. the provider kept failing)


@dataclass
class DialogueState:
    """Where one conversation is: its step, the user message being handled, the path so far.

    ``turn`` counts user messages (0 before the first one); the FSM never changes it — the
    conversation core does, with :meth:`DialogueFSM.next_turn`. ``visited`` lists the steps in
    the order they were entered, repeats included, so a loop in the dialogue is visible.
    """

    step: str
    turn: int = 0
    visited: list[str] = field(default_factory=list)
    status: Status = Status.ACTIVE

    @property
    def is_active(self) -> bool:
        return self.status is Status.ACTIVE

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "turn": self.turn,
            "visited": list(self.visited),
            "status": self.status.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DialogueState:
        """Rebuild a state saved by :meth:`to_dict`; raises ``ValueError`` naming the bad field."""
        step = data.get("step")
        if not isinstance(step, str) or not step:
            raise ValueError(f"dialogue state: 'step' must be a step id, got {step!r}")
        turn = data.get("turn", 0)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
            raise ValueError(f"dialogue state: 'turn' must be a whole number >= 0, got {turn!r}")
        visited = data.get("visited", [step])
        if not isinstance(visited, list) or not all(isinstance(item, str) for item in visited):
            raise ValueError(
                f"dialogue state: 'visited' must be a list of step ids, got {visited!r}"
            )
        try:
            status = Status(data.get("status", Status.ACTIVE.value))
        except ValueError:
            known = ", ".join(member.value for member in Status)
            raise ValueError(
                f"dialogue state: 'status' must be one of {known}, got {data.get('status')!r}"
            ) from None
        return cls(step=step, turn=turn, visited=list(visited), status=status)

    def copy(self) -> DialogueState:
        return replace(self, visited=list(self.visited))


class DialogueFSM:
    """The rules of one scenario's graph. Holds no conversation state, so one FSM serves many.

    The FSM reads the scenario at each call rather than caching the graph: the studio edits the
    scenario in place, and a test chat must follow the edited graph at once.
    """

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario

    # --- the graph ---------------------------------------------------------------------------

    def step(self, step_id: str) -> Step:
        """The step ``step_id``; ``KeyError`` with a readable message when it does not exist."""
        try:
            return self.scenario.steps[step_id]
        except KeyError:
            raise KeyError(f"scenario {self.scenario.name!r} has no step {step_id!r}") from None

    def signals(self, step_id: str) -> list[str]:
        """The signals ``step_id`` declares, in file order; ``stay`` is implicit, never listed."""
        return [signal for signal in self.step(step_id).transitions if signal != STAY]

    def targets(self, step_id: str) -> dict[str, str]:
        """Signal → target step id, for every declared signal of ``step_id``."""
        return {
            signal: transition.to
            for signal, transition in self.step(step_id).transitions.items()
            if signal != STAY
        }

    def is_final(self, step_id: str) -> bool:
        return self.step(step_id).final

    # --- a conversation's state --------------------------------------------------------------

    def start(self) -> DialogueState:
        """A fresh conversation at the scenario's start step (already finished if it is final)."""
        start = self.scenario.start
        self.step(start)
        status = Status.FINISHED if self.is_final(start) else Status.ACTIVE
        return DialogueState(step=start, turn=0, visited=[start], status=status)

    def unmet(
        self,
        state: DialogueState,
        signal: str,
        is_set: IsSet,
        results: Mapping[str, Any] | None = None,
    ) -> Unmet:
        """What stands in the way of ``signal`` from ``state``; an empty :class:`Unmet` if nothing.

        Nothing stands in the way of ``stay`` while the conversation is active. A variable the
        transition ``requires`` counts as set when ``is_set(name)`` says so; a ``required: true``
        result of the current step when ``is_set(name)`` says so (results named like a variable
        live in the variables) or ``results`` — the step's results known so far, this reply's
        included — holds a known value for it (not ``None``, not blank text unless the result
        says ``allow_blank``: :func:`~engine.scenario.definition.is_known`).
        """
        here = state.step
        if state.status is not Status.ACTIVE:
            return Unmet(problem=f"the conversation has {state.status.value}; no step can follow")
        if here not in self.scenario.steps:
            return Unmet(problem=f"the current step {here!r} is not in the scenario any more")
        if signal == STAY:
            return Unmet()
        step = self.scenario.steps[here]
        transition = step.transitions.get(signal)
        if transition is None:
            return Unmet(problem=self._unknown_signal_reason(step, signal), unknown_signal=True)
        if transition.to not in self.scenario.steps:
            return Unmet(problem=f"it leads to step {transition.to!r}, which does not exist")
        known_results = results or {}
        return Unmet(
            step=here,
            variables=tuple(name for name in transition.requires if not is_set(name)),
            results=tuple(
                name
                for name, field_ in step.results.items()
                if field_.required
                and not is_set(name)
                and not field_.counts_as_known(known_results.get(name))
            ),
        )

    def check(
        self,
        state: DialogueState,
        signal: str,
        is_set: IsSet,
        results: Mapping[str, Any] | None = None,
    ) -> str | None:
        """The step ``signal`` leads to from ``state`` — ``None`` for ``stay`` — or a refusal.

        Raises :class:`TransitionRefused` (its ``reason`` is :attr:`Unmet.reason`) when
        :meth:`unmet` finds anything in the way.
        """
        blocked = self.unmet(state, signal, is_set, results)
        if blocked:
            raise TransitionRefused(state.step, signal, blocked.reason)
        if signal == STAY:
            return None
        return self.scenario.steps[state.step].transitions[signal].to

    def offered(self, state: DialogueState, is_set: IsSet) -> list[str]:
        """The current step's signals that can open, in file order (``stay`` not included).

        A signal is left out when its guard needs a variable that is unset and is not a result
        of the current step: no reply in this step can open it, so offering it only invites a
        refusal. It is offered again once those variables are set.
        """
        step = self.scenario.steps.get(state.step)
        if step is None:
            return []
        return [
            signal
            for signal, transition in step.transitions.items()
            if signal != STAY
            and all(is_set(name) or name in step.results for name in transition.requires)
        ]

    def apply(
        self,
        state: DialogueState,
        signal: str,
        is_set: IsSet,
        results: Mapping[str, Any] | None = None,
    ) -> DialogueState:
        """The state after ``signal`` (checked as :meth:`check` does); ``state`` is not changed.

        ``stay`` returns an equal copy. Entering a final step finishes the conversation.
        """
        target = self.check(state, signal, is_set, results)
        new = state.copy()
        if target is None:
            return new
        new.step = target
        new.visited.append(target)
        if self.is_final(target):
            new.status = Status.FINISHED
        return new

    def next_turn(self, state: DialogueState) -> DialogueState:
        """The state as a new user message starts being handled (``turn`` + 1)."""
        new = state.copy()
        new.turn += 1
        return new

    def finish(self, state: DialogueState) -> DialogueState:
        new = state.copy()
        new.status = Status.FINISHED
        return new

    def fail(self, state: DialogueState) -> DialogueState:
        new = state.copy()
        new.status = Status.FAILED
        return new

    def _unknown_signal_reason(self, step: Step, signal: str) -> str:
        declared = [name for name in step.transitions if name != STAY]
        if not declared:
            return (
                f"step {step.id!r} has no outgoing transitions; "
                f"answer with {STAY!r} to remain in it"
            )
        return (
            f"step {step.id!r} has no signal {signal!r}; use one of {_names(declared)}, "
            f"or {STAY!r} to remain in the step"
        )


def _names(names: list[str]) -> str:
    return ", ".join(repr(name) for name in names)


def _plural(count: int, noun: str) -> str:
    return noun if count == 1 else f"{noun}s"
