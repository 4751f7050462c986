"""A fake bot model for simulations: it reads what the user says, instead of following a plan.

The autopilot (:mod:`engine.offline.autopilot`) answers a conversation written in advance; a
simulated user says things nobody wrote down. :class:`ScenarioBot` is the fake server's model
for that case: a deterministic, scenario-aware stand-in for a good model, which keeps the reply
contract and runs each step the way its instructions would have it —

* it knows the current step from the request (the reply format's name, else the ``# Current
  step:`` heading) and what earlier replies recorded (its own earlier replies in the chain; with
  Chat Completions, the summaries of the steps already left);
* it reads values from the user's message: ``my budget usd is 50`` (a result's name, spaced), or
  a bare answer to the one thing it asked (``50``), read as the result's type (numbers, yes/no,
  lists, enum values named in the text);
* it stays and asks for the first required result still unknown, naming it; once they are all
  known it takes the transition whose guard holds — a ``false`` yes/no result picks the way that
  does not need it, and when several ways are open it asks the user which (``Is this right:
  <the transition's description>?``) and goes by the answer;
* it refuses attempts to make it leave its instructions — but is fooled by ``gullible`` of
  them, and then tries to leave the step too early, which the engine refuses (a real contract
  violation, corrected);
* with ``violation_rate`` it breaks the contract (invalid JSON, a fence, a missing field, a
  wrong type, an unknown signal, an empty message), and with ``stubborn_rate`` it breaks it again
  after a correction, so that fallbacks happen too. The draws are seeded by the request's
  content: the same conversation breaks in the same places on every run.

Like the autopilot, it only sees what a real model sees.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.conversation.conversation_core import ON_ENTER_INPUT
from engine.offline.autopilot import section_of, step_of_section
from engine.offline.fake_openai import Answer, FakeMessage, FakeRequest, Reply
from engine.scenario.definition import STAY, ResultField, Scenario, Step, StepKind, ValueType

__all__ = ["CONTRACT_BREAKS", "ScenarioBot"]

#: How the engine's correction texts begin (``engine.dialogue.contract.correction_text``).
CORRECTION_MARK = "broke the reply contract"
#: What an attempt to take over the bot sounds like.
ATTACK_WORDS = (
    "instructions",
    "system prompt",
    "developer mode",
    "transition now",
    "no rules",
    "pretend the step",
)
#: The kinds of broken replies the bot produces (all corrected by the engine but the fence).
CONTRACT_BREAKS = (
    "invalid_json",
    "fenced_json",
    "missing_field",
    "wrong_type",
    "unknown_signal",
    "empty_message",
)
_KNOWN_MARK = "Known: "
_DECODER = json.JSONDecoder()
_ASKED_WAY = re.compile(r"Is this right: (.+?)\?")
_NO = re.compile(r"\b(no|nope|not|don't|doesn't|didn't|never|nothing)\b", re.IGNORECASE)
_YES = re.compile(r"\b(yes|yeah|yep|sure|right|correct|ok|okay|agree|let's)\b", re.IGNORECASE)
_GREETING = re.compile(r"^(hi|hello|hey|good (morning|afternoon|evening))\b", re.IGNORECASE)
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")


def _label(name: str) -> str:
    return name.replace("_", " ")


@dataclass(frozen=True)
class _Context:
    """What the request tells the bot beyond the step: the user's words and what is known."""

    text: str
    known: dict[str, Any]
    asked_ways: list[tuple[str, str]]  # (description asked about, the user's answer)
    correction: bool
    on_enter: bool


class ScenarioBot:
    """The fake server's responder playing a contract-keeping bot (see the module docstring)."""

    def __init__(
        self,
        scenario: Scenario,
        *,
        violation_rate: float = 0.0,
        stubborn_rate: float = 0.0,
        gullible: float = 0.5,
        seed: int = 0,
    ) -> None:
        for name, value in (
            ("violation_rate", violation_rate),
            ("stubborn_rate", stubborn_rate),
            ("gullible", gullible),
        ):
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be in [0, 1], got {value!r}")
        self.scenario = scenario
        self.violation_rate = violation_rate
        self.stubborn_rate = stubborn_rate
        self.gullible = gullible
        self.seed = seed
        #: Every variable and result name, longest first ("budget usd" before "budget").
        self._names = sorted(
            {
                *scenario.variables,
                *(name for step in scenario.steps.values() for name in step.results),
            },
            key=len,
            reverse=True,
        )

    def __call__(self, request: FakeRequest) -> Answer:
        step = self._step_of(request)
        context = self._read(request, step)
        rng = random.Random(self._seed(request))
        reply = self._reply(step, context, rng)
        breaking = self.stubborn_rate if context.correction else self.violation_rate
        if breaking and rng.random() < breaking:
            return self._break(rng.choice(CONTRACT_BREAKS), reply)
        return json.dumps(reply, ensure_ascii=False)

    # --- reading the request -----------------------------------------------------------------

    def _seed(self, request: FakeRequest) -> int:
        key = f"{self.seed}|{request.schema_name}|{len(request.messages)}|{request.input_text}"
        for message in request.messages[-4:]:
            key += f"|{message.role}:{message.content}"
        return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")

    def _step_of(self, request: FakeRequest) -> Step:
        """The step of the latest section the request shows, as a real model would read it."""
        try:
            return step_of_section(self.scenario, section_of(request))
        except ValueError:
            raise ValueError(
                "scenario bot: cannot tell the current step from the request"
            ) from None

    def _read(self, request: FakeRequest, step: Step) -> _Context:
        earlier = list(request.messages[:-1])
        # Chat Completions: the steps already left are system lines, part of the instructions.
        known: dict[str, Any] = _summary_known(request.instructions)
        for message in earlier:
            known.update(_known_in(message))
        text = request.input_text
        correction = CORRECTION_MARK in text
        if correction:  # answer again the user's message the broken reply answered
            users = [
                m.content for m in earlier if m.role == "user" and CORRECTION_MARK not in m.content
            ]
            text = users[-1] if users else ""
        return _Context(
            text=text,
            known=known,
            asked_ways=_asked_ways(earlier, step, text),
            correction=correction,
            on_enter=ON_ENTER_INPUT in request.input_text,
        )

    # --- the reply ---------------------------------------------------------------------------

    def _reply(self, step: Step, context: _Context, rng: random.Random) -> dict[str, Any]:
        known = dict(context.known)
        results = {name: known.get(name) for name in step.results}
        attacked = any(word in context.text.lower() for word in ATTACK_WORDS)
        heard: dict[str, Any] = {}
        if not context.on_enter and not attacked:
            heard = self._extract(step, context.text, results)
        results.update({name: value for name, value in heard.items() if value is not None})
        known.update({name: value for name, value in results.items() if value is not None})
        missing = [
            name
            for name, result in step.results.items()
            if result.required and results.get(name) is None
        ]
        if attacked:
            if not context.correction and rng.random() < self.gullible and step.transitions:
                way = next(iter(step.transitions))  # fooled: it tries to leave right away
                return self._answer(step, way, results, known, "Alright, moving on.")
            return self._answer(
                step,
                STAY,
                results,
                known,
                f"I can only help with {self._title()} here. "
                + self._question(step, missing, known),
            )
        note = "Thanks, noted. " if heard else ""
        if missing:
            return self._answer(
                step, STAY, results, known, note + self._question(step, missing, known)
            )
        way, question = self._choose(step, results, known, context)
        if way == STAY:
            return self._answer(step, STAY, results, known, note + question)
        return self._answer(
            step,
            way,
            results,
            known,
            "Thank you, that is clear. " + self._lead_in(step, way, known),
        )

    def _answer(
        self, step: Step, way: str, results: dict[str, Any], known: dict[str, Any], message: str
    ) -> dict[str, Any]:
        shown = {name: results.get(name) for name in step.results}
        return {
            "message": message.strip(),
            "transition": way,
            "results": shown,
            "summary": f"{step.display_title}. Known: "
            + json.dumps(
                {k: v for k, v in known.items() if v is not None},
                ensure_ascii=False,
                sort_keys=True,
            ),
        }

    def _open(self, step: Step, known: Mapping[str, Any]) -> list[str]:
        """The signals whose guards hold with what is known."""
        return [
            signal
            for signal, transition in step.transitions.items()
            if all(
                known.get(name) is not None or self._has_default(name)
                for name in transition.requires
            )
        ]

    def _choose(
        self, step: Step, results: Mapping[str, Any], known: Mapping[str, Any], context: _Context
    ) -> tuple[str, str]:
        """The way out of a step whose results are known, or ``stay`` and a question."""
        open_ways = self._open(step, known)
        for name, result in step.results.items():  # a "no" picks the way that does not need it
            if result.type is ValueType.BOOLEAN and results.get(name) is not None:
                wanted = [
                    way
                    for way in open_ways
                    if (name in step.transitions[way].requires) == bool(results[name])
                ]
                if wanted:
                    return wanted[0], ""
        refused = {asked for asked, answer in context.asked_ways if _NO.search(answer)}
        agreed = [
            asked
            for asked, answer in context.asked_ways
            if not _NO.search(answer) and _YES.search(answer)
        ]
        for way in open_ways:
            if self._description(step, way) in agreed:
                return way, ""
        candidates = [way for way in open_ways if self._description(step, way) not in refused]
        if len(candidates) == 1:
            return candidates[0], ""
        if not candidates:
            return STAY, "Then what would you like to do next?"
        return STAY, f"Is this right: {self._description(step, candidates[0])}?"

    def _description(self, step: Step, way: str) -> str:
        transition = step.transitions[way]
        text = (transition.description or f"we go on to {_label(transition.to)}").strip()
        return text.rstrip(".").lower()

    def _question(self, step: Step, missing: list[str], known: Mapping[str, Any]) -> str:
        if not missing:
            return "What else can I do for you?"
        return _ask(missing[0], step.results[missing[0]])

    def _lead_in(self, step: Step, way: str, known: Mapping[str, Any]) -> str:
        target = self.scenario.steps.get(step.transitions[way].to)
        if target is None or target.kind is not StepKind.PROMPT:  # a message or an action
            return ""
        lead = f"Next: {target.goal.rstrip('.')}. " if target.goal else ""
        missing = [
            name
            for name, result in target.results.items()
            if result.required and known.get(name) is None
        ]
        return lead + (
            _ask(missing[0], target.results[missing[0]]) if missing else "Shall we go on?"
        )

    def _title(self) -> str:
        return self.scenario.title or _label(self.scenario.name)

    def _has_default(self, name: str) -> bool:
        variable = self.scenario.variables.get(name)
        return variable is not None and variable.default is not None

    # --- understanding the user --------------------------------------------------------------

    def _extract(self, step: Step, text: str, results: Mapping[str, Any]) -> dict[str, Any]:
        """The step's results the message gives: named ones, else a bare answer to the first
        required result still unknown (the one the bot asked for)."""
        heard: dict[str, Any] = {}
        rest = text
        for name in self._names:  # every name, so that "my idea is …" is never a bare answer
            said, rest = _named_value(rest, name)
            result = step.results.get(name)
            if said is not None and result is not None:
                value = _read_as(result, said)
                if value is not None:
                    heard[name] = value
        asked = next(
            (
                name
                for name, result in step.results.items()
                if result.required and results.get(name) is None and name not in heard
            ),
            None,
        )
        bare = _gist(rest)
        if heard and len(bare.split()) < 3:  # what is left is "Oh," or "Thanks.": no answer
            return heard
        result = step.results.get(asked) if asked else None
        if (
            result is not None
            and result.type in (ValueType.STRING, ValueType.LIST)
            and len(bare.split()) <= 4
            and (_YES.search(bare) or _NO.search(bare) or _GREETING.match(bare))
        ):
            return heard  # "Yes, sure." or "Hello there." is not a value
        if asked is None or not bare or bare.endswith("?") or "rather not" in bare.lower():
            return heard
        value = _read_as(step.results[asked], bare.rstrip(".!"))
        if value is not None:
            heard[asked] = value
        return heard

    # --- broken replies ----------------------------------------------------------------------

    @staticmethod
    def _break(kind: str, reply: dict[str, Any]) -> Answer:
        text = json.dumps(reply, ensure_ascii=False)
        bad = dict(reply)
        if kind == "invalid_json":
            return "Sure! Here is my answer: " + text
        if kind == "fenced_json":
            return f"```json\n{text}\n```"
        if kind == "missing_field":
            bad.pop("summary")
        elif kind == "wrong_type":
            bad["transition"] = 1
        elif kind == "unknown_signal":
            bad["transition"] = "next_please"
        elif kind == "empty_message":
            bad["message"] = " "
        else:  # pragma: no cover - CONTRACT_BREAKS lists the kinds above
            return Reply(refusal="I'm sorry, but I can't help with that.")
        return json.dumps(bad, ensure_ascii=False)


def _ask(name: str, result: ResultField) -> str:
    description = (result.description or "").rstrip(".")
    if result.type is ValueType.BOOLEAN:
        return f"Could you confirm your {_label(name)}: {description.lower()}? (yes or no)"
    detail = description
    if result.type is ValueType.ENUM and result.values:
        detail = f"{description}: one of {', '.join(result.values)}".lstrip(": ")
    return f"Could you tell me your {_label(name)}?" + (f" ({detail})" if detail else "")


def _known_in(message: FakeMessage) -> dict[str, Any]:
    """Values an earlier message records: a reply's results, or a summary's ``Known:`` part."""
    content = message.content
    if message.role == "assistant":
        try:
            data = json.loads(content)
        except ValueError:
            return {}
        if isinstance(data, dict):
            found = dict(_summary_known(str(data.get("summary", ""))))
            results = data.get("results")
            if isinstance(results, dict):
                found.update({k: v for k, v in results.items() if v is not None})
            return found
        return {}
    if message.role == "system":
        return _summary_known(content)
    return {}


def _summary_known(text: str) -> dict[str, Any]:
    """The values of every ``Known: {…}`` in ``text`` (one summary, or many system lines)."""
    found: dict[str, Any] = {}
    start = text.find(_KNOWN_MARK)
    while start >= 0:
        try:
            data, _end = _DECODER.raw_decode(text, start + len(_KNOWN_MARK))
        except ValueError:
            data = None
        if isinstance(data, dict):
            found.update({k: v for k, v in data.items() if v is not None})
        start = text.find(_KNOWN_MARK, start + 1)
    return found


def _asked_ways(earlier: list[FakeMessage], step: Step, text: str) -> list[tuple[str, str]]:
    """The ways the bot asked about in this step, with the user's answer to each."""
    pairs: list[tuple[str, str]] = []
    title = f"{step.display_title}. Known:"
    for index, message in enumerate(earlier):
        if message.role != "assistant":
            continue
        try:
            data = json.loads(message.content)
        except ValueError:
            continue
        if not isinstance(data, dict) or not str(data.get("summary", "")).startswith(title):
            continue
        match = _ASKED_WAY.search(str(data.get("message", "")))
        if match is None:
            continue
        answers = [m.content for m in earlier[index + 1 :] if m.role == "user"]
        answer = answers[0] if answers else text
        pairs.append((match.group(1).lower(), answer))
    return pairs


def _gist(text: str) -> str:
    """The message without exclamations ("Hi!", "I'm so excited!") and leftover joints."""
    text = re.sub(r"\bactually,?\s+i\s+changed\s+my\s+mind:?", " ", text, flags=re.IGNORECASE)
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    kept = " ".join(s for s in sentences if s and not s.endswith("!"))
    kept = re.sub(r"(?:^|\s)(?:oh,?\s*)?and\s*$", "", kept.strip(), flags=re.IGNORECASE)
    return re.sub(r"^(?:oh,?\s*and|and)\s+", "", kept.strip(), flags=re.IGNORECASE).strip()


def _named_value(text: str, name: str) -> tuple[str | None, str]:
    """The value in ``my budget usd is 50`` / ``budget_usd: 50`` (or None), and the text
    without the sentences that named it."""
    label = re.escape(_label(name)).replace(r"\ ", "[ _]")
    pattern = re.compile(
        rf"(?:\b(?:my|the|our)\s+)?\b{label}\s*(?:is|are|was|=|:)\s*"
        rf"(.+?)(?:\.\s|\.$|!|\?|\n|;|$|(?=,?\s+and\s+my\s))",
        re.IGNORECASE | re.DOTALL,
    )
    matches = pattern.findall(text)
    if not matches:
        return None, text
    # The last said wins: a change of mind.
    return matches[-1].strip(), pattern.sub(" ", text)


def _read_as(result: ResultField, text: str) -> Any:
    """``text`` as the result's type, or None when it does not read as one."""
    kind = result.type
    if kind in (ValueType.INTEGER, ValueType.NUMBER):
        number = _NUMBER.search(text)
        if number is None:
            return None
        value = float(number.group(0).replace(",", "."))
        return int(value) if kind is ValueType.INTEGER else value
    if kind is ValueType.BOOLEAN:
        text = re.split(r"(?<=[.!?])\s", text.strip())[0]  # "Yes. My problem is never …"
        if _NO.search(text):
            return False
        return True if _YES.search(text) else None
    if kind is ValueType.ENUM:
        words = set(re.findall(r"[a-z0-9_]+", text.lower()))
        return next((value for value in result.values or [] if value.lower() in words), None)
    if kind is ValueType.LIST:
        items = [item.strip() for item in re.split(r",\s*|\s+and\s+", text) if item.strip()]
        return items or None
    return text.strip() or None
