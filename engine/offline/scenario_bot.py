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
* it stays and asks for the first required result still unknown, naming it — or, when no way
  out is open yet, for the first of the step's results a way out requires; once they are all
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

Like the autopilot, it only sees what a real model sees. It speaks the scenario's language
(``language:``): what it says and the words it understands (yes, no, a greeting, an attempt to
take it over) come from the key-free model's table (:mod:`engine.languages`).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.languages import KEY_FREE, Phrasebook, in_every_language, key_free
from engine.offline.autopilot import (
    CORRECTION_PREFIXES,
    ON_ENTER_MARKS,
    section_of,
    step_of_section,
)
from engine.offline.fake_openai import Answer, FakeMessage, FakeRequest, Reply
from engine.scenario.definition import STAY, ResultField, Scenario, Step, StepKind, ValueType

__all__ = ["CONTRACT_BREAKS", "ScenarioBot"]

#: The kinds of broken replies the bot produces (all corrected by the engine but the fence).
CONTRACT_BREAKS = (
    "invalid_json",
    "fenced_json",
    "missing_field",
    "wrong_type",
    "unknown_signal",
    "empty_message",
)
#: How a summary says what is known, in every language (its JSON follows).
_KNOWN_MARKS = in_every_language("bot_known_mark", KEY_FREE)
_DECODER = json.JSONDecoder()
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
#: A word, in any script: Devanagari vowel signs are no ``\w`` for Python, so they are added.
_WORD = re.compile(r"[\w\u0900-\u0963\u0966-\u097F]+")


def _correction(text: str) -> bool:
    """Whether ``text`` is the engine's correction (in any language)."""
    return any(prefix in text for prefix in CORRECTION_PREFIXES)


@dataclass(frozen=True)
class _Speech:
    """What the bot says and understands in one language."""

    words: Phrasebook
    #: What an attempt to take over the bot sounds like.
    attack_words: tuple[str, ...]
    no: re.Pattern[str]
    yes: re.Pattern[str]
    greeting: re.Pattern[str]
    asked_way: re.Pattern[str]

    def __getattr__(self, key: str) -> str:  # a plain text of the table: speech.rather_not
        if key.startswith("_") or key not in self.words.texts:
            raise AttributeError(key)
        return self.words.say(key)

    def pattern(self, key: str) -> re.Pattern[str]:
        return _compiled(self.words.texts[key])


@cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source, re.IGNORECASE)


@cache
def _speech(language: str) -> _Speech:
    words = key_free(language)
    before, _, after = words.texts["bot_is_this_right"].partition("{description}")
    return _Speech(
        words,
        tuple(words.texts["attack_words"].split("|")),
        _compiled(words.texts["re_no"]),
        _compiled(words.texts["re_yes"]),
        _compiled(words.texts["re_greeting"]),
        re.compile(f"{re.escape(before)}(.+?){re.escape(after)}"),
    )


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
        self._speech = _speech(scenario.language)
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
        correction = _correction(text)
        if correction:  # answer again the user's message the broken reply answered
            users = [m.content for m in earlier if m.role == "user" and not _correction(m.content)]
            text = users[-1] if users else ""
        return _Context(
            text=text,
            known=known,
            asked_ways=_asked_ways(earlier, step, text, self._speech),
            correction=correction,
            on_enter=any(mark in request.input_text for mark in ON_ENTER_MARKS),
        )

    # --- the reply ---------------------------------------------------------------------------

    def _reply(self, step: Step, context: _Context, rng: random.Random) -> dict[str, Any]:
        known = dict(context.known)
        results = {name: known.get(name) for name in step.results}
        say = self._speech
        attacked = any(word in context.text.lower() for word in say.attack_words)
        heard: dict[str, Any] = {}
        if not context.on_enter and not attacked:
            heard = self._extract(step, context.text, results)
        results.update({name: value for name, value in heard.items() if value is not None})
        known.update({name: value for name, value in results.items() if value is not None})
        missing = self._missing(step, results, known)
        if attacked:
            if not context.correction and rng.random() < self.gullible and step.transitions:
                way = next(iter(step.transitions))  # fooled: it tries to leave right away
                return self._answer(step, way, results, known, say.bot_moving_on)
            return self._answer(
                step,
                STAY,
                results,
                known,
                say.words.say("bot_only_here", title=self._title())
                + self._question(step, missing, known),
            )
        note = say.bot_noted if heard else ""
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
            say.bot_clear + self._lead_in(step, way, known),
        )

    def _answer(
        self, step: Step, way: str, results: dict[str, Any], known: dict[str, Any], message: str
    ) -> dict[str, Any]:
        shown = {name: results.get(name) for name in step.results}
        return {
            "message": message.strip(),
            "transition": way,
            "results": shown,
            "summary": f"{step.display_title}. {self._speech.bot_known_mark}"
            + json.dumps(
                {k: v for k, v in known.items() if v is not None},
                ensure_ascii=False,
                sort_keys=True,
            ),
        }

    def _missing(
        self, step: Step, results: Mapping[str, Any], known: Mapping[str, Any]
    ) -> list[str]:
        """The results to ask for: the required ones still unknown; or, when no way out is
        open, the step's results a way out requires (a new scenario's step seldom marks its
        result required, but its transition requires it)."""
        required = [
            name
            for name, result in step.results.items()
            if result.required and results.get(name) is None
        ]
        if required or self._open(step, known):
            return required
        guarded = {name for way in step.transitions.values() for name in way.requires}
        return [name for name in step.results if name in guarded and results.get(name) is None]

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
        say = self._speech
        refused = {asked for asked, answer in context.asked_ways if say.no.search(answer)}
        agreed = [
            asked
            for asked, answer in context.asked_ways
            if not say.no.search(answer) and say.yes.search(answer)
        ]
        for way in open_ways:
            if self._description(step, way) in agreed:
                return way, ""
        candidates = [way for way in open_ways if self._description(step, way) not in refused]
        if len(candidates) == 1:
            return candidates[0], ""
        if not candidates:
            return STAY, say.bot_what_next
        return STAY, say.words.say(
            "bot_is_this_right", description=self._description(step, candidates[0])
        )

    def _description(self, step: Step, way: str) -> str:
        transition = step.transitions[way]
        going = self._speech.words.say("bot_go_on_to", step=_label(transition.to))
        text = (transition.description or going).strip()
        return text.rstrip(".").lower()

    def _question(self, step: Step, missing: list[str], known: Mapping[str, Any]) -> str:
        if not missing:
            return self._speech.bot_what_else
        return _ask(missing[0], step.results[missing[0]], self._speech)

    def _lead_in(self, step: Step, way: str, known: Mapping[str, Any]) -> str:
        target = self.scenario.steps.get(step.transitions[way].to)
        if target is None or target.kind is not StepKind.PROMPT:  # a message or an action
            return ""
        say = self._speech
        lead = say.words.say("bot_next", goal=target.goal.rstrip(".")) if target.goal else ""
        missing = [
            name
            for name, result in target.results.items()
            if result.required and known.get(name) is None
        ]
        return lead + (
            _ask(missing[0], target.results[missing[0]], say) if missing else say.bot_shall_we
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
        say = self._speech
        heard: dict[str, Any] = {}
        rest = text
        for name in self._names:  # every name, so that "my idea is …" is never a bare answer
            said, rest = _named_value(rest, name, say)
            result = step.results.get(name)
            if said is not None and result is not None:
                value = _read_as(result, said, say)
                if value is not None:
                    heard[name] = value
        asked = next(
            (
                name
                for name in self._missing(step, results, {**results, **heard})
                if name not in heard
            ),
            None,
        )
        bare = _gist(rest, say)
        if heard and len(bare.split()) < 3:  # what is left is "Oh," or "Thanks.": no answer
            return heard
        result = step.results.get(asked) if asked else None
        if (
            result is not None
            and result.type in (ValueType.STRING, ValueType.LIST)
            and len(bare.split()) <= 4
            and (say.yes.search(bare) or say.no.search(bare) or say.greeting.match(bare))
        ):
            return heard  # "Yes, sure." or "Hello there." is not a value
        if asked is None or not bare or bare.endswith("?") or say.rather_not in bare.lower():
            return heard
        value = _read_as(step.results[asked], _answer_part(asked, bare, say), say)
        if value is not None:
            heard[asked] = value
        return heard

    # --- broken replies ----------------------------------------------------------------------

    def _break(self, kind: str, reply: dict[str, Any]) -> Answer:
        text = json.dumps(reply, ensure_ascii=False)
        bad = dict(reply)
        if kind == "invalid_json":
            return self._speech.sure_prefix + text
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
            return Reply(refusal=self._speech.refusal)
        return json.dumps(bad, ensure_ascii=False)


def _ask(name: str, result: ResultField, say: _Speech) -> str:
    words = say.words
    description = (result.description or "").rstrip(".")
    if result.type is ValueType.BOOLEAN:
        return words.say("bot_ask_boolean", label=_label(name), description=description.lower())
    detail = description
    if result.type is ValueType.ENUM and result.values:
        values = ", ".join(result.values)
        detail = words.say("bot_enum_detail", description=description, values=values).lstrip(": ")
    question = words.say("bot_ask", label=_label(name))
    return question + (words.say("bot_ask_detail", detail=detail) if detail else "")


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
    """The values of every ``Known: {…}`` in ``text`` (one summary, or many system lines; the
    mark in any language)."""
    found: dict[str, Any] = {}
    for mark in _KNOWN_MARKS:
        start = text.find(mark)
        while start >= 0:
            try:
                data, _end = _DECODER.raw_decode(text, start + len(mark))
            except ValueError:
                data = None
            if isinstance(data, dict):
                found.update({k: v for k, v in data.items() if v is not None})
            start = text.find(mark, start + 1)
    return found


def _asked_ways(
    earlier: list[FakeMessage], step: Step, text: str, say: _Speech
) -> list[tuple[str, str]]:
    """The ways the bot asked about in this step, with the user's answer to each."""
    pairs: list[tuple[str, str]] = []
    title = f"{step.display_title}. {say.bot_known_mark}".rstrip()
    for index, message in enumerate(earlier):
        if message.role != "assistant":
            continue
        try:
            data = json.loads(message.content)
        except ValueError:
            continue
        if not isinstance(data, dict) or not str(data.get("summary", "")).startswith(title):
            continue
        match = say.asked_way.search(str(data.get("message", "")))
        if match is None:
            continue
        answers = [m.content for m in earlier[index + 1 :] if m.role == "user"]
        answer = answers[0] if answers else text
        pairs.append((match.group(1).lower(), answer))
    return pairs


def _gist(text: str, say: _Speech) -> str:
    """The message without exclamations ("Hi!", "I'm so excited!") and leftover joints."""
    text = say.pattern("re_changed_mind").sub(" ", text)
    sentences = say.pattern("re_sentence_end").split(text.strip())
    kept = " ".join(s for s in sentences if s and not s.endswith("!"))
    kept = say.pattern("re_and_tail").sub("", kept.strip())
    return say.pattern("re_and_head").sub("", kept.strip()).strip()


def _answer_part(asked: str, bare: str, say: _Speech) -> str:
    """What of a bare answer answers ``asked``: without a greeting before it ("Hi, …"), and,
    for a name, the name a self-introduction gives ("my name is Maria Lopez and I'd like…" →
    "Maria Lopez") rather than the whole sentence."""
    text = say.greeting.sub("", bare, count=1).lstrip(" ,;:-—").strip() or bare
    if asked == "name" or asked.endswith("_name"):
        introduced = say.pattern("re_self_intro").search(text)
        if introduced is not None and introduced.group(1).strip():
            return introduced.group(1).strip()
    return text.rstrip(".!।")


def _named_value(text: str, name: str, say: _Speech) -> tuple[str | None, str]:
    """The value in ``my budget usd is 50`` / ``budget_usd: 50`` (or None), and the text
    without the sentences that named it."""
    label = re.escape(_label(name)).replace(r"\ ", "[ _]")
    texts = say.words.texts
    pattern = re.compile(
        rf"{texts['re_named_before']}{label}{texts['re_named_verb']}"
        rf"(.+?){texts['re_named_end']}",
        re.IGNORECASE | re.DOTALL,
    )
    matches = pattern.findall(text)
    if not matches:
        return None, text
    # The last said wins: a change of mind.
    return matches[-1].strip(), pattern.sub(" ", text)


def _read_as(result: ResultField, text: str, say: _Speech) -> Any:
    """``text`` as the result's type, or None when it does not read as one."""
    kind = result.type
    if kind in (ValueType.INTEGER, ValueType.NUMBER):
        number = _NUMBER.search(text)
        if number is None:
            return None
        value = float(number.group(0).replace(",", "."))
        return int(value) if kind is ValueType.INTEGER else value
    if kind is ValueType.BOOLEAN:
        text = say.pattern("re_sentence_end").split(text.strip())[0]  # "Yes. My problem is …"
        if say.no.search(text):
            return False
        return True if say.yes.search(text) else None
    if kind is ValueType.ENUM:
        words = set(_WORD.findall(text.lower()))
        return next((value for value in result.values or [] if value.lower() in words), None)
    if kind is ValueType.LIST:
        items = [item.strip() for item in say.pattern("re_list_split").split(text) if item.strip()]
        return items or None
    return text.strip() or None
