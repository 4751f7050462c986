"""What one model call sent, as the model saw it, rebuilt from the conversation log alone.

A ``model_request`` event records what the engine handed the provider: the instructions, the
schema, the new ``input_items`` and ``input``, and ``previous_response_id`` — but not the
conversation the chain carries, which the Responses API keeps on its side. This module rebuilds
that conversation from earlier events of the log, so a reader (the studio's request inspector,
a script) can answer *what exactly did the model read on this call, and why did it cost what it
cost?* It is the log's meaning, so it lives in the engine, in plain Python.

**The chain.** A request continuing ``previous_response_id = R`` carries everything the call
that produced ``R`` read besides its instructions, then that call's own new messages (its
items and input), then ``R``'s output — and so on back to a request that started a chain (no
``previous_response_id``; ``new_chain`` in the compact layouts). Instructions are not carried:
each call sends its own, as the API does. A correction chains to the *rejected* reply, so the
model re-reads it; the fake OpenAI server keeps chains exactly this way, and the tests compare
the rebuilt conversation with the one the server actually held. A provider that keeps no chain
(``chat``) is sent the accepted exchanges again instead (``engine.conversation.session``'s
transcript): there a rejected reply is read only by the corrections of its own exchange.

**The prompt as the cache sees it.** :class:`RequestView.parts` lists the parts in the order the
service reads them — output schema, instructions, the carried conversation, the new items, the
input — each with its token estimate (:func:`estimate_tokens`). The billed ``cached_tokens`` are
a prefix of that order, so :meth:`RequestView.cached_in` says how much of each part the cache
covered. :func:`compare` diffs a call with the previous call of its conversation: which part
changed first, and so where the cache had to stop.

**The estimate.** :func:`estimate_tokens` is the engine's one token count
(:mod:`engine.providers.tokens`: OpenAI's own tokenizer), plus
:data:`~engine.providers.tokens.MESSAGE_OVERHEAD` tokens of framing for each part and message.
The project's fake server bills the same way, so against it the parts add up to the billed input
exactly (a test checks it); against a real model the framing of the schema is the service's own
secret, so the sum is a close estimate — the inspector always shows it next to the billed figure,
and scales the parts to the billed total where it marks the cached prefix.

What the log cannot tell is said, never guessed: a chain that continues a response missing from
the log (a forked or resumed conversation whose start is in another log) sets
:attr:`RequestView.chain_missing`; a provider that keeps no chain logs only how many history
messages it sent (``history_messages``), and a rebuilt history of another length is reported in
:attr:`RequestView.notes`.

The package: :mod:`.parts` (the values), :mod:`.index` (:class:`CallIndex`, finding the calls in
a log), :mod:`.rebuild` (one call as the model saw it), :mod:`.compare` (a call against the
previous one). Every public name is importable from ``engine.request_view``.
"""

from __future__ import annotations

from engine.request_view.compare import compare
from engine.request_view.index import CallIndex
from engine.request_view.parts import (
    CACHE_BLOCK_TOKENS,
    CACHE_MIN_TOKENS,
    CHAINING_PROVIDERS,
    MARKER_TOKENS,
    PART_TITLES,
    PartChange,
    PartKind,
    PromptMessage,
    PromptPart,
    RequestDiff,
    RequestView,
    estimate_tokens,
    schema_text,
)
from engine.request_view.rebuild import rebuild

__all__ = [
    "CACHE_BLOCK_TOKENS",
    "CACHE_MIN_TOKENS",
    "CHAINING_PROVIDERS",
    "MARKER_TOKENS",
    "PART_TITLES",
    "CallIndex",
    "PartChange",
    "PartKind",
    "PromptMessage",
    "PromptPart",
    "RequestDiff",
    "RequestView",
    "compare",
    "estimate_tokens",
    "rebuild",
    "schema_text",
]
