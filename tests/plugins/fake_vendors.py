"""Fixtures for the Anthropic and Gemini fakes, and the vendors' variables hidden from tests.

* ``fake_anthropic`` / ``fake_gemini``: a started fake of that API (stopped after the test),
  answering with the demo echo unless a test queues answers or sets ``responder``.
* ``anthropic_env`` / ``gemini_env``: the same server, with the SDK's own variables
  (``ANTHROPIC_API_KEY``/``ANTHROPIC_BASE_URL``; ``GEMINI_API_KEY``/``GOOGLE_GEMINI_BASE_URL``)
  pointing at it, as a user's shell would.
* autouse: a developer's own keys and base URLs for these vendors never reach a test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.fake_gemini import FAKE_GEMINI_KEY, FakeGeminiServer
from engine.offline.fake_openai import echo_responder

VENDOR_VARIABLES = (
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_PROFILE",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GOOGLE_GEMINI_BASE_URL",
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_CLOUD_PROJECT",
)


@pytest.fixture(autouse=True)
def no_vendor_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in VENDOR_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def fake_anthropic() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer(responder=echo_responder) as server:
        yield server


@pytest.fixture
def fake_gemini() -> Iterator[FakeGeminiServer]:
    with FakeGeminiServer(responder=echo_responder) as server:
        yield server


@pytest.fixture
def anthropic_env(
    fake_anthropic: FakeAnthropicServer, monkeypatch: pytest.MonkeyPatch
) -> FakeAnthropicServer:
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_ANTHROPIC_KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake_anthropic.base_url)
    return fake_anthropic


@pytest.fixture
def gemini_env(fake_gemini: FakeGeminiServer, monkeypatch: pytest.MonkeyPatch) -> FakeGeminiServer:
    monkeypatch.setenv("GEMINI_API_KEY", FAKE_GEMINI_KEY)
    monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", fake_gemini.base_url)
    return fake_gemini
