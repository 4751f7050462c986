"""A fake OpenAI server on 127.0.0.1 that the real ``openai`` SDK talks to.

Tests, benches and demos point the SDK's ``base_url`` at it, so every byte goes through the same
client code (serialisation, retries, ``retry-after``, timeouts, error classes) as in production,
while the "model" is a script the test controls. Nothing here needs the network.

What it serves:

* ``POST /v1/responses``: the Responses API, with ``previous_response_id`` chaining. A request's
  context is the stored chain (earlier inputs and outputs; *not* earlier instructions, as the
  real API) plus its own input. An unknown id is a 400 ``previous_response_not_found``.
* ``POST /v1/chat/completions``: Chat Completions; the caller sends the whole history.
* ``GET /v1/models``: the one model list clients use as a connection check.

Usage is computed, not canned, so cost and caching can be measured, and it is billed as OpenAI
bills it: input tokens are the model's own tokenizer's count (``o200k_base`` or ``cl100k_base``,
:mod:`engine.providers.tokens`) of the whole prompt as the model reads it — the structured-output
schema first, then the instructions, then the conversation (a chained request's stored context
included), then the new input; cached tokens are *part of* the input tokens: the longest token
prefix shared with an earlier prompt on the same cache machine, in whole 128-token blocks, and
only from ``cache_min_tokens`` on (1024, as OpenAI). The cache misses as the real one does: a
prefix idle for five minutes is evicted, a prefix and ``prompt_cache_key`` asked for more than
about 15 times a minute is spread over more machines (some requests land where it was never
read), and ``cache_hit_rate`` drops that share of would-be hits (see :mod:`.cache`). That makes
the engine's prompt layout visible: a prompt that starts with the same schema and text hits the
cache, one whose schema or instructions change per step does not.

The "model" answers from :meth:`FakeOpenAIServer.queue` (in order), then from ``responder`` (a
callable of :class:`FakeRequest`); an answer is text, a :class:`Reply`, a :class:`Fault` (429,
5xx, late answer, dropped connection, any status) or a dict (sent as JSON text). With nothing
to answer, the server says so in a 500 so the failing test explains itself.

Standalone, ``python -m engine.offline.fake_openai [--port 8765]`` serves until Ctrl-C with
:func:`echo_responder`, which answers in whatever schema is asked for: a way to try the real
providers (studio, CLI) with no key and no cost.

The package is laid out by job; everything a test needs is importable from here:

* :mod:`.server` — :class:`FakeOpenAIServer`: routes, the key, the queue, chaining, billing;
* :mod:`.answers` — what the model says: :class:`Reply`, :class:`Fault` (the faults);
* :mod:`.requests` — what the model sees: :class:`FakeRequest`, read from either API's body;
* :mod:`.cache` — the token count and the prompt cache;
* :mod:`.bodies` — the Responses and Chat Completions bodies sent back;
* :mod:`.transport` — the HTTP plumbing;
* :mod:`.demo` — the standalone demo server.
"""

from __future__ import annotations

from engine.offline.fake_openai.answers import Answer, Fault, Reply
from engine.offline.fake_openai.cache import count_tokens
from engine.offline.fake_openai.demo import echo_responder, example_of
from engine.offline.fake_openai.requests import FakeMessage, FakeRequest, RecordedRequest, Responder
from engine.offline.fake_openai.server import FAKE_API_KEY, FakeOpenAIServer

__all__ = [
    "FAKE_API_KEY",
    "Answer",
    "FakeMessage",
    "FakeOpenAIServer",
    "FakeRequest",
    "Fault",
    "RecordedRequest",
    "Reply",
    "Responder",
    "count_tokens",
    "echo_responder",
    "example_of",
]
