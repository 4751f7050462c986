"""Realistic conversation events for the benches, demos and screenshots of the log viewer.

The events follow the log schema of :mod:`engine.log.events` turn by turn (request, reply, an
occasional contract violation and its correction, variable changes, transitions, cost), so a
generated log exercises every kind of row the viewer paints.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from engine.log.events import Event, EventType

STEPS = ("greet", "business_goal", "core_features", "integrations", "budget", "wrap_up")
USER_LINES = (
    "Hi! We want a chatbot that books appointments for our three clinics.",
    "Mostly new patients, around 400 a week; the phone line is overloaded.",
    "It must check the doctors' calendars and send a reminder the day before.",
    "We use Doctolib for calendars and HubSpot as our CRM.",
    "Somewhere between 20 and 30 thousand euros for the first version.",
    "Yes, that summary is right. Thanks!",
)
BOT_LINES = (
    "Hello! I'll ask a few questions to understand your project. What should the bot do?",
    "Got it — appointment booking. Who will talk to it, and how many conversations a week?",
    "Which features are essential for a first version?",
    "Which systems must it connect to?",
    "What budget do you have in mind?",
    "Here is the summary of your project. Anything to correct?",
)


#: A schema of about the analyst bot's size (the ``compact`` layout's is ~960 tokens).
SAMPLE_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["message", "transition", "results", "summary"],
    "properties": {
        "message": {"type": "string", "description": "What the user reads"},
        "transition": {"type": "string", "enum": ["stay", "next", *STEPS]},
        "results": {
            "anyOf": [
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": [f"answer_{i}"],
                    "properties": {
                        f"answer_{i}": {
                            "type": ["string", "null"],
                            "description": f"What the client said about {step}",
                        }
                    },
                }
                for i, step in enumerate(STEPS)
            ]
        },
        "summary": {"type": "string", "description": "What this step established so far"},
    },
}


class SampleConversation:
    """Generates the events of one session; ``turns(n)`` yields them turn after turn.

    ``chain``: None (the default) logs short requests whose ids do not chain; ``"step"`` chains
    the calls as the ``compact`` layout does (a new chain at each step change, with the step's
    section as an input item), ``"session"`` as one chain for the whole log (the worst case for
    rebuilding a call), both with instructions and a schema of realistic size.
    """

    def __init__(
        self, session: str = "sample-session", seed: int = 6, chain: str | None = None
    ) -> None:
        self.session = session
        self.rng = random.Random(seed)
        self.seq = 0
        self.step = STEPS[0]
        self.chain = chain
        self._last_response: str | None = None
        self._restart = True

    def _event(self, event_type: EventType, turn: int, **data: object) -> Event:
        self.seq += 1
        return Event(
            type=event_type,
            session=self.session,
            seq=self.seq,
            turn=turn,
            step=self.step,
            data=dict(data),
        )

    def start(self) -> list[Event]:
        return [
            self._event(
                EventType.SESSION_START,
                0,
                scenario="analyst_bot",
                scenario_path="",
                title="Analyst bot",
                model="gpt-4.1-mini",
                provider="responses",
                start_step=self.step,
                engine_version="0.1.0",
            )
        ]

    def _request_fields(self, purpose: str, text: str) -> dict[str, object]:
        if self.chain is None:
            return {
                "instructions": f"# Persona\nYou are a business analyst.\n\n# Step: {self.step}\n"
                "Ask one question at a time. Keep answers short.\n",
                "input": "(user message)",
                "schema": {"type": "object"},
                "previous_response_id": f"resp_{self.seq}",
            }
        fields: dict[str, object] = {
            "instructions": "You are a business analyst who scopes software projects. " * 50,
            "input": text,
            "schema": SAMPLE_SCHEMA,
            "layout": "compact",
            "previous_response_id": self._last_response,
            "prompt_cache_key": self.session,
        }
        if self._restart and purpose != "correction":
            fields["previous_response_id"] = None
            fields["new_chain"] = True
            fields["input_items"] = [
                {
                    "role": "system",
                    "content": f"# Current step: {self.step}\n"
                    + "Ask about this part of the project. " * 30,
                }
            ]
        return fields

    def _call(
        self, turn: int, purpose: str, attempt: int, raw: str, text: str = "(user message)"
    ) -> list[Event]:
        usage = {
            "input_tokens": self.rng.randint(900, 2400),
            "cached_tokens": self.rng.choice((0, 768, 1024)),
            "output_tokens": self.rng.randint(60, 260),
        }
        request = self._event(
            EventType.MODEL_REQUEST,
            turn,
            purpose=purpose,
            attempt=attempt,
            model="gpt-4.1-mini",
            history_messages=0,
            **self._request_fields(purpose, text),
        )
        self._restart = False
        self._last_response = f"resp_{self.seq + 1}"
        return [
            request,
            self._event(
                EventType.MODEL_RESPONSE,
                turn,
                purpose=purpose,
                attempt=attempt,
                response_id=f"resp_{self.seq + 1}",
                raw_text=raw,
                status="completed",
                incomplete_reason=None,
                refusal=None,
                usage=usage,
                latency_ms=self.rng.randint(400, 2200),
                cost_usd=round(usage["input_tokens"] * 4e-7 + usage["output_tokens"] * 1.6e-6, 6),
            ),
        ]

    def turn(self, turn: int) -> list[Event]:
        index = (turn - 1) % len(STEPS)
        events = [self._event(EventType.USER_MESSAGE, turn, text=USER_LINES[index])]
        attempt = 1
        if self.rng.random() < 0.15:
            events += self._call(turn, "turn", attempt, '{"message": "Sure!"', USER_LINES[index])
            events.append(
                self._event(
                    EventType.CONTRACT_VIOLATION,
                    turn,
                    kind="invalid_json",
                    detail="the reply is not valid JSON",
                    attempt=attempt,
                )
            )
            events.append(
                self._event(
                    EventType.CORRECTION_SENT,
                    turn,
                    attempt=attempt,
                    text="Your reply was not valid JSON. Answer again.",
                )
            )
            attempt += 1
        reply = BOT_LINES[(index + 1) % len(BOT_LINES)]
        events += self._call(
            turn,
            "turn" if attempt == 1 else "correction",
            attempt,
            f'{{"message": "{reply}", "transition": "next"}}',
            USER_LINES[index] if attempt == 1 else "Your reply was not valid JSON. Answer again.",
        )
        events.append(
            self._event(
                EventType.VARIABLE_CHANGE,
                turn,
                name=f"answer_{index}",
                old=None,
                new=USER_LINES[index][:40],
                source="model",
            )
        )
        events.append(
            self._event(
                EventType.STEP_SUMMARY, turn, summary=f"The client answered about {self.step}."
            )
        )
        target = STEPS[(index + 1) % len(STEPS)]
        self._restart = self.chain == "step"
        events.append(
            self._event(EventType.TRANSITION, turn, signal="next", to=target, **{"from": self.step})
        )
        self.step = target
        events.append(self._event(EventType.BOT_MESSAGE, turn, text=reply, source="model"))
        events.append(
            self._event(
                EventType.TURN_END,
                turn,
                calls=attempt,
                corrections=attempt - 1,
                cost_usd=0.0012,
                engine_ms=3,
                model_ms=900,
                usage={"input_tokens": 2000, "cached_tokens": 1024, "output_tokens": 140},
            )
        )
        return events

    def events(self, count: int) -> Iterator[Event]:
        """At least ``count`` events: whole turns, after the session start."""
        produced = 0
        for event in self.start():
            produced += 1
            yield event
        turn = 0
        while produced < count:
            turn += 1
            for event in self.turn(turn):
                produced += 1
                yield event


def write_sample_log(path: Path, count: int, *, seed: int = 6) -> list[Event]:
    """Write a log of about ``count`` events to ``path``; returns them."""
    events = list(SampleConversation(seed=seed).events(count))
    path.write_text("".join(event.to_json() + "\n" for event in events), encoding="utf-8")
    return events
