"""The one private part of the ``openai`` SDK the engine uses (``openai._models.construct_type``,
to warm the stream's event readers: ``engine.providers.openai_api._warm_stream_events``).

If a release of the SDK moves it, the first test fails and says what to change; the warm-up
itself only gets slower, which the second test holds."""

from __future__ import annotations

import sys

import pytest
from openai.types.chat import ChatCompletionChunk

from engine.providers import openai_api


def test_the_sdk_still_builds_stream_events_where_the_warm_up_reaches_for_it() -> None:
    try:
        from openai._models import construct_type
    except ImportError:  # pragma: no cover - the failure this test exists for
        pytest.fail(
            "openai._models.construct_type has moved: update _warm_stream_events in "
            "engine/providers/openai_api.py (streamed calls still work, the first one is slower)"
        )
    event = construct_type(type_=ChatCompletionChunk, value={"id": "x", "choices": []})
    assert isinstance(event, ChatCompletionChunk) and event.id == "x"


def test_the_warm_up_does_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openai._models", None)  # an import of it now fails
    openai_api._warm_stream_events(ChatCompletionChunk, {"id": "", "choices": []})
