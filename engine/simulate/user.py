"""The simulated user: a model playing a persona, through the same providers as the bot.

Each of its turns is one model call made through :mod:`engine.providers` — the same provider
kind, key and base URL as the bot, with the persona's own model when it names one — so nothing
here talks to an SDK. Its requests carry ``metadata: {"prompter_role": "simulated_user", …}``
so that a log or a server can tell them from the bot's, and its calls and cost go to its own
:class:`~engine.dialogue.ledger.CostLedger`, never the bot's.

The reply is asked for as a small strict JSON object, ``{"message": …, "done": …}``: the message
the user types next, and whether the user is done with the chat (goal reached, or giving up).
That uses the provider interface exactly as the bot does (a schema-constrained call), so the
providers needed no new kind of call; a model that answers plain text anyway is taken at its
word (the text is the message).

The instructions are written for a real model, and they are also what the project's fake
persona model reads (:mod:`engine.offline.persona_model`): the facts, the goal, the behaviours
and what is withheld each sit under a fixed heading.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.dialogue.ledger import CostLedger, PriceTable
from engine.errors import SessionError
from engine.languages import ENGLISH, language_name, table_for
from engine.providers.base import Message, ModelRequest, Provider, Usage, endpoint_of
from engine.scenario.definition import Scenario
from engine.simulate.persona import TRAITS, Persona, render_fact

__all__ = [
    "OPENING_INPUT",
    "ROLE_METADATA_KEY",
    "SIMULATED_USER_ROLE",
    "USER_SCHEMA",
    "USER_SCHEMA_NAME",
    "SimulatedUser",
    "UserTurn",
    "user_instructions",
]

#: The metadata key and value that mark a simulated user's requests.
ROLE_METADATA_KEY = "prompter_role"
SIMULATED_USER_ROLE = "simulated_user"
#: The name of the simulated user's reply format (``text.format.name``).
USER_SCHEMA_NAME = "simulated_user_turn"
USER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "message": {"type": "string", "description": "What you type next, as this user"},
        "done": {
            "type": "boolean",
            "description": "True when you are finished with the chat: "
            "your goal is reached, or you give up and leave",
        },
    },
    "required": ["message", "done"],
    "additionalProperties": False,
}
#: The input of the user's first call when the bot has said nothing yet.
OPENING_INPUT = (
    "(The chat window is open and the assistant has not written yet. Write your first message.)"
)

# Headings the fake persona model reads back; keep them in sync with persona_model.py.
H_FACTS = "# Facts you know"
H_GOAL = "# Your goal"
H_BEHAVIOUR = "# How you behave"
H_WITHHOLD = "# What you never tell"
#: Only for a scenario in another language than English: the tag ends its line, in brackets.
H_LANGUAGE = "# Your language"


@dataclass(frozen=True)
class UserTurn:
    """What the simulated user said, and whether it is done with the chat."""

    message: str
    done: bool
    usage: Usage
    #: ``None`` when the price is unknown (the endpoint has no price for the model).
    cost_usd: float | None


def user_instructions(persona: Persona, scenario: Scenario) -> str:
    """What the simulated user's model is told: the role, the chatbot, the character, the rules.

    Identical for every call of a conversation (and every conversation of a persona), so the
    provider's prefix cache serves it after the first call.
    """
    bot = scenario.title or scenario.name
    parts = [
        "You are role-playing a user of a chatbot, so that its authors can see how it copes "
        "with real people. Stay in character for the whole conversation. Never say you are an AI "
        "or a simulation, and never write the assistant's part.",
        f"# The chatbot you are talking to\n{bot}. {scenario.description.strip()}".rstrip(),
    ]
    if table_for(scenario.language) != ENGLISH:
        parts.append(
            f"{H_LANGUAGE}\nWrite every message in the chatbot's language: "
            f"{language_name(scenario.language)} ({scenario.language})"
        )
    if persona.description:
        parts.append(f"# Who you are\n{persona.description}")
    if persona.spec.goal:
        parts.append(f"{H_GOAL}\n{persona.spec.goal.strip()}")
    facts = persona.told_facts
    if facts:
        lines = [f"- {name}: {render_fact(value)}" for name, value in facts.items()]
        parts.append(
            f"{H_FACTS}\nGive these when asked, as a person would say them; never "
            "make up other values for them.\n" + "\n".join(lines)
        )
    if persona.spec.behaviour:
        lines = [f"- {trait}: {TRAITS[trait]}" for trait in persona.spec.behaviour]
        parts.append(f"{H_BEHAVIOUR}\n" + "\n".join(lines))
    if persona.spec.withholds:
        lines = [f"- {name}" for name in persona.spec.withholds]
        parts.append(
            f"{H_WITHHOLD}\nHowever often you are asked, you do not give these; "
            "deflect or refuse politely.\n" + "\n".join(lines)
        )
    parts.append(
        '# How you reply\nReply with one JSON object: {"message": "...", "done": false}.\n'
        "- message: exactly what you type next in the chat, in your own words. Never empty.\n"
        "- done: true only when you are finished with the chat (you got what you came for, or "
        "you give up and leave); your message is then your last words."
    )
    return "\n\n".join(parts)


@dataclass
class SimulatedUser:
    """One simulated user in one conversation: its history, its chain and its own ledger.

    ``metadata`` is added to the role marker on every request (the run's conversation number,
    the persona), so a server or a log can group the calls.
    """

    persona: Persona
    scenario: Scenario
    provider: Provider
    model: str
    prices: PriceTable
    metadata: dict[str, str] = field(default_factory=dict)
    temperature: float | None = None
    ledger: CostLedger = field(init=False)
    history: list[Message] = field(default_factory=list, init=False)
    _instructions: str = field(init=False)
    _last_response_id: str | None = field(default=None, init=False)
    _turn: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.ledger = CostLedger(self.prices)
        self._instructions = user_instructions(self.persona, self.scenario)

    @property
    def instructions(self) -> str:
        return self._instructions

    async def reply(self, bot_messages: list[str]) -> UserTurn:
        """The user's next message, answering what the bot just said (its messages of a turn).

        A :class:`~engine.errors.ProviderError` propagates; the user's state is then unchanged,
        so the same call can be made again.
        """
        said = "\n\n".join(text.strip() for text in bot_messages if text.strip())
        request = ModelRequest(
            model=self.model,
            instructions=self._instructions,
            input=said or OPENING_INPUT,
            schema=USER_SCHEMA,
            schema_name=USER_SCHEMA_NAME,
            previous_response_id=self._last_response_id if self.provider.chains else None,
            history=tuple(self.history),
            temperature=self.temperature,
            metadata={ROLE_METADATA_KEY: SIMULATED_USER_ROLE, **self.metadata},
        )
        reply = await self.provider.complete(request)
        self._turn += 1
        record = self.ledger.record(
            purpose="turn",
            turn=self._turn,
            model=reply.model or self.model,
            latency_s=reply.latency_s,
            usage=reply.usage,
            response_id=reply.response_id,
            synthetic=reply.synthetic,
            endpoint=reply.endpoint or endpoint_of(self.provider),
        )
        message, done = _read_reply(reply.text, reply.refusal)
        self.history += [Message("user", request.input), Message("assistant", reply.text)]
        self._last_response_id = reply.response_id
        return UserTurn(message, done, reply.usage, record.cost_usd)


def _read_reply(text: str, refusal: str | None) -> tuple[str, bool]:
    """The message and ``done`` of a reply; plain text is the message, as a person typed it."""
    if refusal:
        raise SessionError(f"the simulated user's model refused to play: {refusal[:200]}")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("message"), str):
        message, done = data["message"].strip(), data.get("done") is True
    else:
        message, done = text.strip(), False
    if not message:
        if done:
            return "", True
        raise SessionError("the simulated user's model sent an empty message")
    return message, done
