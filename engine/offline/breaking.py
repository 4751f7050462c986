"""A key-free model that breaks the reply contract by chance, and a server with one per chat.

:class:`BreakingModel` wraps any fake model (the autopilot, the scenario bot): each of its
replies is, with probability ``rate`` (seeded coin flips, independent from reply to reply,
corrections included), broken the way real models break it —

* ``invalid_json``: the reply cut off in the middle of its object (the engine asks again);
* ``wrong_signal``: a signal the step does not have (the engine asks again), or another one it
  does have (the conversation goes the wrong way, and a test expecting the right one fails);
* ``missing_result``: the results it had found left out (a required one makes the engine ask
  again; another is just lost, and a test expecting it fails).

Unlike the autopilot's own ``violation_rate`` (an exact share by error diffusion, every slip
corrected on the next reply), these are honest accidents: a correction may break again, so
some tests fail and repeats of one test differ, as with a real model. ``matrix`` uses it for
``fake:break=RATE``.

:class:`ConversationRouter` is a responder that gives each conversation its own model (an
autopilot follows one test's plan), told apart by the ``prompt_cache_key`` every request of a
conversation carries (its session id): one fake server serves a whole matrix cell.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable

from engine.offline.autopilot import _offered_signals, section_of
from engine.offline.fake_openai import Answer, FakeRequest, Fault, Reply
from engine.scenario.definition import STAY

__all__ = ["BREAK_KINDS", "BreakingModel", "ConversationRouter"]

BREAK_KINDS = ("invalid_json", "wrong_signal", "missing_result")
#: A signal no step has.
UNKNOWN_SIGNAL = "next_please"


class BreakingModel:
    """Wraps a responder; breaks a share ``rate`` of its replies (see the module docstring).

    ``broken`` lists the kinds produced, in order; ``replies`` counts every reply.
    """

    def __init__(
        self, inner: Callable[[FakeRequest], Answer], rate: float, *, seed: int = 0
    ) -> None:
        if not 0.0 <= rate < 1.0:
            raise ValueError(f"the break rate must be in [0, 1), got {rate!r}")
        self.inner = inner
        self.rate = rate
        self._rng = random.Random(seed)
        self.broken: list[str] = []
        self.replies = 0

    def __call__(self, request: FakeRequest) -> Answer:
        answer = self.inner(request)
        self.replies += 1
        if self.rate <= 0 or self._rng.random() >= self.rate:
            return answer
        text = answer.text if isinstance(answer, Reply) and answer.refusal is None else answer
        if not isinstance(text, str):
            return answer
        try:
            reply = json.loads(text)
        except ValueError:
            reply = None
        kind = self._rng.choice(BREAK_KINDS) if isinstance(reply, dict) else "invalid_json"
        self.broken.append(kind)
        if kind == "invalid_json" or not isinstance(reply, dict):
            return text[: max(1, len(text) // 2)]
        if kind == "wrong_signal":
            reply["transition"] = self._wrong_signal(request, str(reply.get("transition")))
        else:
            results = reply.get("results")
            if isinstance(results, dict):
                reply["results"] = dict.fromkeys(results)
        return json.dumps(reply, ensure_ascii=False)

    def _wrong_signal(self, request: FakeRequest, planned: str) -> str:
        try:
            offered = _offered_signals(section_of(request))
        except ValueError:
            offered = []
        others = [signal for signal in [*offered, STAY] if signal != planned]
        return self._rng.choice([*others, UNKNOWN_SIGNAL])


class ConversationRouter:
    """Answers each conversation with its own model, by the request's ``prompt_cache_key``.

    :meth:`add` registers a conversation's model (thread-safe); :meth:`drop` forgets it. A
    request of no registered conversation is answered with a 500 that says so.
    """

    def __init__(self) -> None:
        self._models: dict[str, Callable[[FakeRequest], Answer]] = {}
        self._lock = threading.Lock()

    def add(self, key: str, model: Callable[[FakeRequest], Answer]) -> None:
        with self._lock:
            self._models[key] = model

    def drop(self, key: str) -> None:
        with self._lock:
            self._models.pop(key, None)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._models

    def __call__(self, request: FakeRequest) -> Answer:
        with self._lock:
            model = self._models.get(request.prompt_cache_key or "")
        if model is None:
            return Fault.status(500, {"error": {"message": "no conversation with this key"}})
        return model(request)
