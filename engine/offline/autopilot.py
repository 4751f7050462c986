"""A scenario-aware fake model for the fake OpenAI server: it keeps the contract, on a plan.

End-to-end tests and the bench need a "model" that behaves like a good one — it answers in the
current step with the four contract fields, fills the step's results, and moves on when the
conversation says so — and, on demand, one that breaks the contract now and then, in all the
ways real models do. :class:`Autopilot` is that model: set it as the fake server's ``responder``.

It follows a :class:`Plan`: for each user message, the step it should be answered in, the signal
to send and the results to fill (``bench/conversations/analyst_bot.yaml`` is one). It reads only
what a real model reads, whatever the prompt layout: the step in force is the latest
``# Current step:`` section it was shown — a ``system`` message of the conversation (``append``,
``compact``), else the instructions (``per_step``) — and the signals it may use are the ones that
section lists; the results it fills are the ones the reply schema asks for. It never looks at
engine internals (a schema's name, the session).

Violations: with ``violation_rate`` > 0 the autopilot breaks the contract on that share of its
replies, exactly (error diffusion from a seeded phase, not coin flips, so a short conversation
shows the rate it was asked for). The kind is drawn, seeded and uniformly, from those that are a
violation in the reply's context — ``missing_required_result`` only when the reply leaves a step
whose required result is still unknown, ``guard_refused`` only when a signal the section offers
needs a value nobody has filled. :data:`BREAKABLE_KINDS` says what each slip looks like; some are
repaired by the engine without a call (a fence, prose around the object, a one-element array, a
missing summary). The reply after a violation always keeps the contract: this is a model that
fixes what it is told.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.io.input_limits import MAX_SCRIPT_BYTES
from engine.io.untrusted import read_text
from engine.languages import in_every_language, key_free
from engine.offline.fake_openai import Answer, FakeRequest, Reply
from engine.scenario.definition import STAY, Scenario, Step

#: How the conversation core's correction texts and on-enter inputs begin, in every language
#: the engine speaks (see engine.dialogue.contract, engine.languages).
CORRECTION_PREFIXES = in_every_language("correction_start")
ON_ENTER_MARKS = tuple(
    text.strip("()").split(".")[0] for text in in_every_language("on_enter_input")
)
#: How a step section begins (engine.dialogue.prompting.SECTION_HEADING), as the model reads it,
#: in every language.
SECTION_HEADINGS = in_every_language("section_heading")
_SECTION_START = re.compile(
    "^(?:" + "|".join(re.escape(heading) for heading in SECTION_HEADINGS) + ")", re.MULTILINE
)
TRANSITIONS_HEADINGS = frozenset(text.strip() for text in in_every_language("transitions_heading"))
#: The English one.
CORRECTION_PREFIX = CORRECTION_PREFIXES[0]

#: Every kind the autopilot can produce, named by the violation it is, and what it looks like.
BREAKABLE_KINDS = (
    "invalid_json",  # prose before the object: "Sure! Here is my answer: {...}"
    "fenced_json",  # the object in a ```json fence
    "not_an_object",  # the object wrapped in a one-element array
    "missing_field",  # no "summary"
    "wrong_type",  # "transition": 1, or a number, a boolean or an enum value written as text
    "unknown_signal",  # a signal the step does not have
    "guard_refused",  # an offered signal whose guard needs a value nobody filled
    "missing_required_result",  # moving on with a required result still null
    "empty_message",  # "message": " "
    "refusal",  # the model refuses
    "incomplete",  # cut off at max_output_tokens
)


@dataclass(frozen=True)
class PlannedReply:
    """How the model answers one user message (or the entry into a step)."""

    step: str
    user: str = ""
    transition: str = STAY
    results: dict[str, Any] = field(default_factory=dict)
    message: str | None = None


@dataclass(frozen=True)
class Plan:
    """A fixed conversation: the user's messages in order, with the model's planned answers."""

    scenario: str
    turns: list[PlannedReply]
    on_enter: dict[str, PlannedReply] = field(default_factory=dict)

    @property
    def user_messages(self) -> list[str]:
        return [turn.user for turn in self.turns]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Plan:
        turns = [
            PlannedReply(
                step=str(item["step"]),
                user=str(item["user"]),
                transition=str(item.get("transition", STAY)),
                results=dict(item.get("results") or {}),
                message=item.get("message"),
            )
            for item in data.get("turns", [])
        ]
        on_enter = {
            str(step): PlannedReply(
                step=str(step),
                transition=str(item.get("transition", STAY)),
                results=dict(item.get("results") or {}),
                message=item.get("message"),
            )
            for step, item in dict(data.get("on_enter") or {}).items()
        }
        return cls(scenario=str(data.get("scenario", "")), turns=turns, on_enter=on_enter)

    @classmethod
    def load(cls, path: Path | str) -> Plan:
        data = yaml.safe_load(read_text(path, limit=MAX_SCRIPT_BYTES, what="the plan"))
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a plan is a mapping with 'scenario' and 'turns'")
        return cls.from_dict(data)


class Autopilot:
    """The fake server's responder: contract-keeping replies following ``plan``.

    ``broken`` lists the violation kinds produced, in order; ``replies`` counts all replies.
    """

    def __init__(
        self,
        scenario: Scenario,
        plan: Plan,
        *,
        violation_rate: float = 0.0,
        seed: int = 0,
        kinds: tuple[str, ...] = BREAKABLE_KINDS,
    ) -> None:
        if not 0.0 <= violation_rate < 0.5:
            raise ValueError(
                "violation_rate must be in [0, 0.5): a model that fixes what it "
                "is told never breaks two replies in a row"
            )
        self.scenario = scenario
        self.plan = plan
        #: What it says, in the scenario's language.
        self.words = key_free(scenario.language)
        self.violation_rate = violation_rate
        self.kinds = kinds
        self._rng = random.Random(seed)
        self._debt = self._rng.random()
        self._cursor = 0
        self._current: PlannedReply | None = None
        self._known: dict[str, dict[str, Any]] = {}
        self.broken: list[str] = []
        #: For each slip in ``broken``: True when it is harmless (the engine can repair it
        #: without a call: a fence, prose around the object, a value written as text, …).
        self.harmless: list[bool] = []
        self.replies = 0

    def __call__(self, request: FakeRequest) -> Answer:
        section = section_of(request)
        step = self._step_of(section)
        offered = _offered_signals(section)
        planned = self._planned(request, step)
        known = {
            **self._known.get(step.id, {}),
            **{k: v for k, v in planned.results.items() if v is not None},
        }
        reply = self._reply(step, planned, known, _result_names(request, step))
        self.replies += 1
        kind = self._violation_due(step, planned, reply["results"], offered)
        if kind is None:
            self._known[step.id] = known
            return json.dumps(reply, ensure_ascii=False)
        answer, harmless = self._break(kind, step, planned, reply, offered)
        if harmless:  # the engine repairs it: its results count
            self._known[step.id] = known
        self.broken.append(kind)
        self.harmless.append(harmless)
        return answer

    # --- understanding the request -----------------------------------------------------------

    def _step_of(self, section: str) -> Step:
        return step_of_section(self.scenario, section)

    def _planned(self, request: FakeRequest, step: Step) -> PlannedReply:
        text = request.input_text
        if text.startswith(CORRECTION_PREFIXES) and self._current is not None:
            planned = self._current
        elif any(mark in text for mark in ON_ENTER_MARKS):
            planned = self.plan.on_enter.get(step.id, PlannedReply(step=step.id))
        else:
            planned = self._next_turn(text)
        if planned.step != step.id:
            # The conversation is not where the plan expected (a fallback): just answer here.
            planned = PlannedReply(step=step.id, user=planned.user)
        self._current = planned
        return planned

    def _next_turn(self, text: str) -> PlannedReply:
        for index in range(self._cursor, len(self.plan.turns)):
            if self.plan.turns[index].user == text:
                self._cursor = index + 1
                return self.plan.turns[index]
        return PlannedReply(step="", user=text)

    # --- good replies ------------------------------------------------------------------------

    def _reply(
        self, step: Step, planned: PlannedReply, known: dict[str, Any], names: list[str]
    ) -> dict[str, Any]:
        results = {name: known.get(name) if name in step.results else None for name in names}
        return {
            "message": planned.message or self._message(step, planned),
            "transition": planned.transition,
            "results": results,
            "summary": self._summary(step, results),
        }

    def _message(self, step: Step, planned: PlannedReply) -> str:
        words = self.words
        if planned.transition != STAY and planned.transition in step.transitions:
            target = self.scenario.steps.get(step.transitions[planned.transition].to)
            goal = target.goal if target and target.goal else words.say("ap_next_topic")
            return words.say("ap_move_on", goal=goal.lower())
        goal = step.goal or step.display_title
        return words.say("ap_stay", goal=goal.lower())

    def _summary(self, step: Step, results: Mapping[str, Any]) -> str:
        known = [
            f"{name}: {value}"
            for name, value in results.items()
            if value is not None and name in step.results
        ]
        return f"{step.display_title}. " + (
            "; ".join(known) if known else self.words.say("ap_nothing_yet")
        )

    # --- broken replies ----------------------------------------------------------------------

    def _violation_due(
        self, step: Step, planned: PlannedReply, results: dict[str, Any], offered: list[str]
    ) -> str | None:
        if self.violation_rate <= 0:
            return None
        self._debt += self.violation_rate
        if self._debt < 1.0:
            return None
        self._debt -= 1.0
        return self._rng.choice(self._applicable(step, planned, results, offered))

    def _applicable(
        self, step: Step, planned: PlannedReply, results: dict[str, Any], offered: list[str]
    ) -> list[str]:
        kinds = []
        for kind in self.kinds:
            if kind == "missing_required_result" and not self._required_unknown(step, planned):
                continue
            if kind == "guard_refused" and self._unguarded_signal(step, results, offered) is None:
                continue
            kinds.append(kind)
        return kinds

    def _required_unknown(self, step: Step, planned: PlannedReply) -> list[str]:
        if planned.transition == STAY:
            return []
        before = self._known.get(step.id, {})
        return [
            name
            for name, result in step.results.items()
            if result.required and before.get(name) is None and not self._has_default(name)
        ]

    def _has_default(self, name: str) -> bool:
        variable = self.scenario.variables.get(name)
        return variable is not None and variable.default is not None

    def _unguarded_signal(
        self, step: Step, results: dict[str, Any], offered: list[str]
    ) -> str | None:
        """A signal the section offers whose guard needs a variable that neither this step nor
        any before has filled — while the step's own required results are known, so that the
        guard, and not a missing result, is what the engine refuses."""
        if any(
            result.required and results.get(name) is None and not self._has_default(name)
            for name, result in step.results.items()
        ):
            return None
        filled = {
            name
            for values in self._known.values()
            for name, value in values.items()
            if value is not None
        }
        for signal, transition in step.transitions.items():
            if signal not in offered:
                continue
            missing = [
                name
                for name in transition.requires
                if name not in filled and name not in step.results and not self._has_default(name)
            ]
            if missing:
                return signal
        return None

    def _wrong_type(self, reply: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """A type slip: the transition as a number, or a known value written as text (a number,
        a yes/no, an enum value in other letters: harmless); drawn among those the reply
        allows."""
        results = reply["results"]
        candidates = ["transition"]
        for name, value in results.items():
            declared = self._declared_type(name)
            if value is None or declared is None:
                continue
            if declared in ("integer", "number", "boolean") or (
                declared == "enum" and _as_text(value) != value
            ):
                candidates.append(name)
        choice = self._rng.choice(candidates)
        if choice == "transition":
            return {**reply, "transition": 1}, False
        return {**reply, "results": {**results, choice: _as_text(results[choice])}}, True

    def _declared_type(self, name: str) -> str | None:
        for step in self.scenario.steps.values():
            if name in step.results:
                return step.results[name].type.value
        return None

    def _break(
        self,
        kind: str,
        step: Step,
        planned: PlannedReply,
        reply: dict[str, Any],
        offered: list[str],
    ) -> tuple[Answer, bool]:
        """The broken reply, and whether the slip is harmless (repairable without a call)."""
        text = json.dumps(reply, ensure_ascii=False)
        bad = dict(reply)
        if kind == "invalid_json":
            return self.words.say("sure_prefix") + text, True
        if kind == "fenced_json":
            return f"```json\n{text}\n```", True
        if kind == "not_an_object":
            return json.dumps([reply], ensure_ascii=False), True
        if kind == "missing_field":
            bad.pop("summary")
            return json.dumps(bad, ensure_ascii=False), True
        if kind == "wrong_type":
            bad, harmless = self._wrong_type(bad)
            return json.dumps(bad, ensure_ascii=False), harmless
        if kind == "unknown_signal":
            bad["transition"] = "next_please"
        elif kind == "guard_refused":
            bad["transition"] = self._unguarded_signal(step, reply["results"], offered)
        elif kind == "missing_required_result":
            missing = self._required_unknown(step, planned)
            bad["results"] = {
                name: (None if name in missing else value)
                for name, value in reply["results"].items()
            }
        elif kind == "empty_message":
            bad["message"] = " "
        elif kind == "refusal":
            return Reply(refusal=self.words.say("refusal")), False
        elif kind == "incomplete":
            return Reply(text=text[: len(text) // 2], incomplete="max_output_tokens"), False
        return json.dumps(bad, ensure_ascii=False), False


def _as_text(value: Any) -> str:
    """How a sloppy model writes a number, a yes/no or an enum value: as text, capitalised."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, str):
        return value.capitalize() if value != value.capitalize() else value.upper()
    return str(value)


def _offered_signals(section: str) -> list[str]:
    """The signals a step section lists under "## Transitions" (``stay`` excluded)."""
    signals: list[str] = []
    listing = False
    for line in section.splitlines():
        if line.startswith("## "):
            listing = line.strip() in TRANSITIONS_HEADINGS
        elif listing and line.startswith('- "'):
            signal = line[3:].split('"', 1)[0]
            if signal != STAY:
                signals.append(signal)
    return signals


def _result_names(request: FakeRequest, step: Step) -> list[str]:
    """The results the reply schema asks for (every step's in the ``append`` layout)."""
    schema = request.schema or {}
    results = schema.get("properties", {}).get("results", {}).get("properties")
    return list(results) if isinstance(results, dict) else list(step.results)


__all__ = ["BREAKABLE_KINDS", "Autopilot", "Plan", "PlannedReply"]


def section_of(request: FakeRequest) -> str:
    """The latest step section the model was shown: in the conversation, else instructions.

    What a model reads to know which step it is in, whatever the prompt layout; fake models
    (this one, the tests' own responders) call it instead of reading engine internals.
    """
    for message in reversed(request.messages):
        # Anthropic and Gemini have no system role in the conversation: a section there comes
        # as a user message, read the same way.
        if message.role in ("system", "developer", "user") and message.content.startswith(
            SECTION_HEADINGS
        ):
            return message.content
    found = _SECTION_START.search(request.instructions)  # a heading begins a line: the rules
    if found is None:  # may quote it inside a sentence
        raise ValueError("autopilot: the request shows no step section")
    return request.instructions[found.start() :]


def step_of_section(scenario: Scenario, section: str) -> Step:
    """The step a section is headed with (sections name steps by their display title)."""
    first = section.splitlines()[0]
    heading = next((h for h in SECTION_HEADINGS if first.startswith(h)), "")
    title = first.removeprefix(heading).strip()
    for step in scenario.steps.values():
        if step.display_title == title:
            return step
    raise ValueError(f"autopilot: no step is titled {title!r}")
