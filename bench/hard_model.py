"""A harder fake model for the bench: breaks that follow breaks, and the mistakes ``compact``
invites (issue 26, item 3).

:class:`~engine.offline.autopilot.Autopilot` breaks the contract on an exact share of its replies
and always fixes what it is told. Real models do worse, and :class:`HardModel` adds two habits:

* **A correction may break again.** When the request is a correction, the reply breaks the
  contract once more with probability ``repeat_rate`` (the violation rate by default: a
  correction is a reply like any other), in a way that costs another call (an unknown signal,
  an empty message or a missing field). Three breaks in a row end in the fallback.
* **The all-steps schema invites cross-step mistakes.** When the schema lets the reply be any
  step's (``compact``'s ``anyOf`` results and its enum of every signal, or ``append``'s flat
  schema), ``cross_step_rate`` of the replies (5 %) either choose a signal of another step, or
  fill another step's results object instead of this one's (this step's results then stay
  unknown). Under a step's own schema (``compact_step_schema``, ``per_step``) strict structured
  outputs make both impossible, so they do not happen there.

Draws are seeded (``seed``), apart from the autopilot's own, so a run is reproducible.
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine.offline.autopilot import CORRECTION_PREFIX, Autopilot, Plan, section_of
from engine.offline.fake_openai import Answer, FakeRequest
from engine.scenario.definition import Scenario, Step

CROSS_STEP_RATE = 0.05


class HardModel(Autopilot):
    """The autopilot, with breaks that follow breaks and cross-step mistakes (see above)."""

    def __init__(
        self,
        scenario: Scenario,
        plan: Plan,
        *,
        violation_rate: float = 0.0,
        seed: int = 0,
        repeat_rate: float | None = None,
        cross_step_rate: float = CROSS_STEP_RATE,
    ) -> None:
        super().__init__(scenario, plan, violation_rate=violation_rate, seed=seed)
        self.repeat_rate = violation_rate if repeat_rate is None else repeat_rate
        self.cross_step_rate = cross_step_rate
        self._hard = random.Random(seed * 7_919 + 17)
        #: What the harder habits produced, in order: "repeat:<kind>", "other_signal",
        #: "other_results".
        self.hard_slips: list[str] = []

    def __call__(self, request: FakeRequest) -> Answer:
        answer = super().__call__(request)
        if not isinstance(answer, str):
            return answer
        try:
            reply = json.loads(answer)
        except ValueError:
            return answer  # already broken
        if not isinstance(reply, dict):
            return answer
        step = self._step_of(section_of(request))
        if request.input_text.startswith(CORRECTION_PREFIX) and self._hard.random() < (
            self.repeat_rate
        ):
            return self._break_again(reply, step)
        if _all_steps_schema(request.schema, step) and self._hard.random() < self.cross_step_rate:
            return self._cross_step(reply, step)
        return answer

    def _break_again(self, reply: dict[str, Any], step: Step) -> str:
        kind = self._hard.choice(("unknown_signal", "empty_message", "missing_field"))
        self.hard_slips.append(f"repeat:{kind}")
        if kind == "unknown_signal":
            reply["transition"] = "continue"
        elif kind == "empty_message":
            reply["message"] = " "
        else:
            reply.pop("message", None)
        return json.dumps(reply, ensure_ascii=False)

    def _cross_step(self, reply: dict[str, Any], step: Step) -> str:
        others = [s for s in self.scenario.steps.values() if s.id != step.id]
        signals = [sig for s in others for sig in s.transitions if sig not in step.transitions]
        filled = [s for s in others if s.results and set(s.results) != set(step.results)]
        if signals and (not filled or self._hard.random() < 0.5):
            reply["transition"] = self._hard.choice(signals)
            self.hard_slips.append("other_signal")
        elif filled:
            other = self._hard.choice(filled)
            reply["results"] = {name: f"(about {other.display_title})" for name in other.results}
            self.hard_slips.append("other_results")
        return json.dumps(reply, ensure_ascii=False)


def _all_steps_schema(schema: dict[str, Any] | None, step: Step) -> bool:
    """Whether the reply schema lets the reply be another step's (compact's or append's)."""
    if not schema:
        return False
    results = schema.get("properties", {}).get("results", {})
    if "anyOf" in results:
        return True
    return bool(set(results.get("properties", {})) - set(step.results))
