"""The one redaction function every writer applies (issue 16, item 8)."""

from __future__ import annotations

import json

import pytest

from engine.io import redact as redaction
from engine.io.redact import REDACTED, known_secrets, redact, register_secret


@pytest.fixture(autouse=True)
def no_registered_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redaction, "_registered", set())


def test_known_secrets_are_the_environment_key_the_registered_and_the_given_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "env-secret-123")
    register_secret("keyring-secret-456")
    register_secret("short")  # too likely to match ordinary text: ignored
    assert known_secrets(["given-secret-7890", "tiny"]) == [
        "keyring-secret-456",
        "given-secret-7890",
        "env-secret-123",
    ]


def test_secrets_and_key_shaped_words_are_replaced_and_json_stays_valid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "local-server-password")
    record = {
        "text": "keys: local-server-password, sk-proj-AbC_123-xyz0123456789abcdef, "
        "sess-0123456789abcdefghijkl and rk-live-0123456789abcdefghij",
        "quoted": 'say "sk-abcdefghijklmnopqrstuvwx"',
    }
    text = redact(json.dumps(record))
    assert json.loads(text) == {
        "text": f"keys: {REDACTED}, {REDACTED}, {REDACTED} and {REDACTED}",
        "quoted": f'say "{REDACTED}"',
    }


def test_a_key_a_server_echoes_back_masked_is_redacted_too() -> None:
    text = "Incorrect API key provided: sk-proj-****CDEF. You can find your key at …"
    assert redact(text) == f"Incorrect API key provided: {REDACTED}. You can find your key at …"


def test_ordinary_words_that_start_like_a_key_are_kept() -> None:
    text = "task-manager, risk-free, sk-learn, a desk-top, sk-short123"
    assert redact(text) == text


def test_a_secret_inside_a_longer_one_never_leaves_a_piece(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "abcdefgh")
    assert redact("xx abcdefgh-and-more-secret xx", ["abcdefgh-and-more-secret"]) == (
        f"xx {REDACTED} xx"
    )
