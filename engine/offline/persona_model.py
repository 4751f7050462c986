"""Fake models for simulations on the fake OpenAI server: a persona player, and the router.

:class:`PersonaModel` answers the simulated user's requests. Like a real model, it only reads the
request: the persona's facts, goal, behaviours and withheld facts from the instructions
(:func:`engine.simulate.user.user_instructions` writes them under fixed headings), the bot's
last message from the input, and its own earlier messages from the context (the chain, or the
sent history). It is deterministic — seeded by ``seed``, the persona and the conversation number
the request's metadata carries (``prompter_conversation``), and the turn — yet varied the way
people are, as the persona's behaviours ask:

* it answers what the bot asks for, naming the value (``my budget usd is 50``), or with the bare
  value when ``terse``;
* it answers two questions at once (always a tendency when ``chatty``, sometimes otherwise),
  volunteering a fact nobody asked for yet;
* ``changes_mind``: it first gives another value, then corrects it a message or two later
  ("Actually, I changed my mind: …"), after the bot may have moved on;
* ``confused``: it asks what a question means, or answers another one;
* ``off_topic``: it drifts into something unrelated;
* ``adversarial``: it tries to make the bot ignore its instructions;
* facts listed under "What you never tell" are never given (a guard waiting for them waits for
  ever: the conversation gets stuck);
* ``impatient``: it leaves (``done: true``) when the bot asks the same thing a third time.

Yes/no questions are answered from a boolean fact whose name the question mentions, else "yes".

It speaks the language the instructions name under "# Your language" (the scenario's; English
when there is no such heading): what it says, and how it tells a yes/no question from another,
come from the key-free model's table (:mod:`engine.languages`).

:class:`RoleRouter` is the fake server's responder for a whole simulation: requests whose
metadata says ``prompter_role: simulated_user`` (or whose reply format is the simulated user's,
for the chat API, which carries no metadata) go to the persona model, all others to the bot's
model (:class:`~engine.offline.scenario_bot.ScenarioBot`, or the autopilot).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.languages import ENGLISH, Phrasebook, key_free
from engine.offline.fake_openai import Answer, FakeRequest
from engine.simulate.user import (
    H_BEHAVIOUR,
    H_FACTS,
    H_GOAL,
    H_LANGUAGE,
    H_WITHHOLD,
    ROLE_METADATA_KEY,
    SIMULATED_USER_ROLE,
    USER_SCHEMA,
    USER_SCHEMA_NAME,
)

__all__ = ["PersonaModel", "PersonaSheet", "RoleRouter", "label_of", "mentions"]

#: How likely each behaviour is to show in a given message (when the persona has it).
CHANCES = {
    "chatty": 0.6,
    "volunteer": 0.15,
    "confused": 0.25,
    "off_topic": 0.2,
    "adversarial": 0.25,
    "changes_mind": 0.6,
}
_STOP = frozenset(
    (
        "the",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "and",
        "or",
        "for",
        "is",
        "are",
        "be",
        "your",
        "you",
        "my",
        "me",
        "it",
        "this",
        "that",
        "with",
        "what",
        "which",
        "how",
        "do",
        "does",
        "did",
        "can",
        "could",
        "would",
        "please",
        "tell",
    )
)
_LANGUAGE_TAG = re.compile(r"\(([A-Za-z0-9-]+)\)\s*$")
_SENTENCE_STOP = re.compile(r"[.।]")


def _pattern(words: Phrasebook, key: str) -> re.Pattern[str]:
    return re.compile(words.texts[key], re.IGNORECASE)


def label_of(name: str) -> str:
    """How a fact or a result is named in prose: ``budget_usd`` → ``budget usd``."""
    return name.replace("_", " ").strip()


def _words(text: str) -> list[str]:
    return [word[:5] for word in re.findall(r"[a-z0-9]+", text.lower()) if word not in _STOP]


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` speaks of ``name``: every word of its label appears (by its first five
    letters, so ``urgency`` matches ``urgent``)."""
    wanted = _words(label_of(name))
    present = set(_words(text))
    return bool(wanted) and all(word in present for word in wanted)


@dataclass(frozen=True)
class PersonaSheet:
    """What the persona's instructions say, read back from the request."""

    facts: dict[str, Any] = field(default_factory=dict)
    goal: str = ""
    traits: frozenset[str] = frozenset()
    withholds: frozenset[str] = frozenset()
    #: The language the persona writes in (a BCP 47 tag).
    language: str = ENGLISH

    @property
    def words(self) -> Phrasebook:
        return key_free(self.language)

    @classmethod
    def read(cls, instructions: str) -> PersonaSheet:
        sections: dict[str, list[str]] = {}
        current: list[str] | None = None
        for line in instructions.splitlines():
            if line.startswith("# "):
                current = sections.setdefault(line.strip(), [])
            elif current is not None:
                current.append(line)
        facts = {}
        for line in sections.get(H_FACTS, []):
            if match := re.match(r"^- ([A-Za-z_][A-Za-z0-9_]*): (.*)$", line):
                facts[match.group(1)] = _read_value(match.group(2))
        traits = {
            match.group(1)
            for line in sections.get(H_BEHAVIOUR, [])
            if (match := re.match(r"^- ([a-z_]+):", line))
        }
        withholds = {
            line[2:].strip() for line in sections.get(H_WITHHOLD, []) if line.startswith("- ")
        }
        goal = " ".join(line.strip() for line in sections.get(H_GOAL, []) if line.strip())
        tags = [
            match.group(1)
            for line in sections.get(H_LANGUAGE, [])
            if (match := _LANGUAGE_TAG.search(line))
        ]
        language = tags[0] if tags else ENGLISH
        return cls(facts, goal, frozenset(traits), frozenset(withholds), language)


def _read_value(text: str) -> Any:
    text = text.strip()
    if text in ("yes", "no"):
        return text == "yes"
    if text.startswith("["):
        try:
            return json.loads(text)
        except ValueError:
            return text
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def _last_question(bot: str) -> str:
    """The bot's last question, with what follows it ("Your budget? (In US dollars)"): what
    a person answers, rather than everything the bot mentioned on the way."""
    end = bot.rfind("?")
    if end < 0:
        return bot
    start = max(bot.rfind(mark, 0, end) for mark in (". ", "! ", "? ", "। ", "\n"))
    return bot[start + 1 :].strip() if start >= 0 else bot


def _said(value: Any, words: Phrasebook) -> str:
    if isinstance(value, str):
        return value.rstrip(". ")
    if isinstance(value, bool):
        return words.say("yes") if value else words.say("no")
    if isinstance(value, list):
        items = [str(item) for item in value]
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + words.say("and") + items[-1]
    return str(value)


def _other_value(value: Any, words: Phrasebook) -> Any:
    """A plausible value the user might give before changing their mind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value * 2 if value else 1
    if isinstance(value, list):
        return value[:1] if len(value) > 1 else [*value, words.say("pm_something_else")]
    return words.say("pm_maybe", value=str(value).rstrip(". "))


@dataclass
class _Memory:
    """What the persona said before, read from its own earlier replies."""

    messages: list[str]
    bot_messages: list[str]
    words: Phrasebook = field(default_factory=lambda: key_free(ENGLISH))

    def gave(self, name: str, value: Any) -> bool:
        return any(_states(message, name, value, self.words) for message in self.messages)

    def corrected(self, name: str) -> bool:
        changed = self.words.say("changed_mind")
        return any(changed in m.lower() and mentions(m, name) for m in self.messages)


def _states(message: str, name: str, value: Any, words: Phrasebook) -> bool:
    said = _said(value, words).lower()
    return said in message.lower() and (mentions(message, name) or message.strip().lower() == said)


class PersonaModel:
    """The fake server's responder for simulated users (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __call__(self, request: FakeRequest) -> Answer:
        sheet = PersonaSheet.read(request.instructions)
        memory = self._memory(request, sheet.words)
        rng = random.Random(self._seed(request, len(memory.messages)))
        message, done = self._turn(sheet, memory, request.input_text, rng)
        return json.dumps({"message": message, "done": done}, ensure_ascii=False)

    # --- reading the request -----------------------------------------------------------------

    def _seed(self, request: FakeRequest, turn: int) -> int:
        metadata = request.body.get("metadata") or {}
        key = (
            f"{self.seed}|{metadata.get('prompter_persona', '')}|"
            f"{metadata.get('prompter_conversation', '')}|{turn}|{request.instructions}"
        )
        return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")

    @staticmethod
    def _memory(request: FakeRequest, words: Phrasebook) -> _Memory:
        mine, theirs = [], []
        for message in request.messages[:-1]:
            if message.role == "assistant":
                try:
                    said = json.loads(message.content).get("message", "")
                except (ValueError, AttributeError):
                    said = message.content
                mine.append(str(said))
            elif message.role == "user":
                theirs.append(message.content)
        return _Memory(mine, theirs, words)

    # --- one turn ----------------------------------------------------------------------------

    def _turn(
        self, sheet: PersonaSheet, memory: _Memory, bot: str, rng: random.Random
    ) -> tuple[str, bool]:
        traits = sheet.traits
        words = sheet.words
        if "impatient" in traits and self._asked_again(memory, bot) >= 2:
            return words.say("pm_leave"), True
        if not memory.messages and (bot.startswith("(") or not bot.strip()):
            return self._opening(sheet, rng), False
        if "adversarial" in traits and rng.random() < CHANCES["adversarial"]:
            return rng.choice(words.say("pm_attack_lines").splitlines()), False
        if "off_topic" in traits and rng.random() < CHANCES["off_topic"]:
            return rng.choice(words.say("pm_off_topic_lines").splitlines()), False
        question = _last_question(bot)
        asked = [name for name in sheet.facts if mentions(question, name)]
        parts: list[str] = []
        correction = self._correction_due(sheet, memory, rng)
        if correction is not None:
            parts.append(
                words.say(
                    "pm_changed_mind",
                    label=label_of(correction),
                    value=_said(sheet.facts[correction], words),
                )
            )
        if "confused" in traits and asked and rng.random() < CHANCES["confused"]:
            parts.append(words.say("pm_what_mean", label=label_of(asked[0])))
            return " ".join(parts), False
        for name in asked:
            parts.append(self._answer(sheet, memory, name, rng, alone=len(asked) == 1))
        if not asked:
            parts.append(self._unasked(sheet, memory, bot, rng))
        volunteer = CHANCES["chatty"] if "chatty" in traits else CHANCES["volunteer"]
        if rng.random() < volunteer:
            extra = self._volunteer(sheet, memory, exclude=asked)
            if extra is not None:
                value = _said(sheet.facts[extra], words)
                parts.append(words.say("pm_oh_and", label=label_of(extra), value=value))
        if "chatty" in traits and rng.random() < 0.5:
            parts.append(words.say("pm_excited"))
        return " ".join(part for part in parts if part), False

    def _opening(self, sheet: PersonaSheet, rng: random.Random) -> str:
        words = sheet.words
        if "terse" in sheet.traits:
            return _SENTENCE_STOP.split(sheet.goal)[0] if sheet.goal else words.say("pm_hi")
        return words.say("pm_hi_goal", goal=sheet.goal) if sheet.goal else words.say("pm_hello")

    def _answer(
        self, sheet: PersonaSheet, memory: _Memory, name: str, rng: random.Random, *, alone: bool
    ) -> str:
        words = sheet.words
        if name in sheet.withholds:
            return words.say("pm_rather_not", label=label_of(name))
        value = sheet.facts[name]
        if (
            "changes_mind" in sheet.traits
            and not memory.gave(name, value)
            and not memory.corrected(name)
            and rng.random() < CHANCES["changes_mind"]
        ):
            value = _other_value(value, words)
        if "terse" in sheet.traits and alone:
            return _said(value, words)
        return words.say("pm_my_value", label=label_of(name), value=_said(value, words))

    def _unasked(self, sheet: PersonaSheet, memory: _Memory, bot: str, rng: random.Random) -> str:
        """No fact was asked for: a yes/no question, or just the next thing to say."""
        words = sheet.words
        yes_no = self._is_yes_no(bot, words)
        if not memory.messages and not yes_no:  # the first words: why I came
            return self._opening(sheet, rng)
        if yes_no:
            for name, value in sheet.facts.items():
                if isinstance(value, bool) and mentions(_last_question(bot), name):
                    return words.say("pm_yes") if value else words.say("pm_no")
            return words.say("pm_yes") if "terse" in sheet.traits else words.say("pm_yes_sure")
        if "?" in bot:  # asked for something the persona has no fact for: its goal says it
            if "terse" in sheet.traits:
                if sheet.goal:
                    return _SENTENCE_STOP.split(sheet.goal)[0]
                return words.say("pm_no_idea")
            if sheet.goal:
                return words.say("pm_as_i_said", goal=sheet.goal)
            return words.say("pm_dont_know")
        extra = self._volunteer(sheet, memory, exclude=[])
        if extra is not None:
            value = _said(sheet.facts[extra], words)
            return words.say("pm_my_value", label=label_of(extra), value=value)
        return words.say("pm_ok") if "terse" in sheet.traits else words.say("pm_whats_next")

    @staticmethod
    def _is_yes_no(bot: str, words: Phrasebook) -> bool:
        """Whether the bot's last question wants a yes or a no ("Shall we start?"), rather than
        something to tell ("Could you tell me your budget?")."""
        last = _last_question(bot)
        if words.say("yes_or_no") in last.lower():
            return True
        asks_for = _pattern(words, "re_asks_for")
        return "?" in last and (
            _pattern(words, "re_yes_no_start").match(last) is not None
            and asks_for.search(last.split("?")[0]) is None
        )

    def _correction_due(
        self, sheet: PersonaSheet, memory: _Memory, rng: random.Random
    ) -> str | None:
        if "changes_mind" not in sheet.traits:
            return None
        for name, value in sheet.facts.items():
            wrong = _other_value(value, sheet.words)
            if (
                any(_states(m, name, wrong, sheet.words) for m in memory.messages)
                and not memory.corrected(name)
                and rng.random() < 0.6
            ):
                return name
        return None

    @staticmethod
    def _volunteer(sheet: PersonaSheet, memory: _Memory, exclude: list[str]) -> str | None:
        for name, value in sheet.facts.items():
            if name in exclude or name in sheet.withholds or isinstance(value, bool):
                continue
            if not memory.gave(name, value):
                return name
        return None

    @staticmethod
    def _asked_again(memory: _Memory, bot: str) -> int:
        """How many of the bot's earlier messages said exactly this one's last question."""
        question = bot.strip().split("?")[0][-80:]
        return sum(1 for said in memory.bot_messages if question and question in said)


class RoleRouter:
    """Sends each request to the simulated user's model or to the bot's."""

    def __init__(
        self,
        bot: Callable[[FakeRequest], Answer],
        user: Callable[[FakeRequest], Answer] | None = None,
    ) -> None:
        self.bot = bot
        self.user = user or PersonaModel()
        #: Requests answered for each role (the server answers on many threads).
        self.calls = {"bot": 0, "user": 0}
        self._lock = threading.Lock()

    def __call__(self, request: FakeRequest) -> Answer:
        role = "user" if is_simulated_user(request) else "bot"
        with self._lock:
            self.calls[role] += 1
        return self.user(request) if role == "user" else self.bot(request)


def is_simulated_user(request: FakeRequest) -> bool:
    """Whether a request is the simulated user's: its metadata says so (the Responses API), or
    its reply format is the simulated user's (Chat Completions carries no metadata; Anthropic's
    and Gemini's formats carry no name either: the schema itself tells)."""
    metadata = request.body.get("metadata") or {}
    if metadata.get(ROLE_METADATA_KEY) == SIMULATED_USER_ROLE:
        return True
    return request.schema_name == USER_SCHEMA_NAME or request.schema == USER_SCHEMA
