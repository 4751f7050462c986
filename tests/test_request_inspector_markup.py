"""The request inspector's header, bill and diff read as sentences with bold words: the user never
sees a tag, and a value from the log (a model's name, a step) shows as the text it is."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from app.request_inspector.inspector import RequestInspector
from engine.conversation.conversation_core import Conversation
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.providers import make_provider
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[1]

#: A model name with markup in it: the log holds whatever name the user typed.
ODD_MODEL = "gpt-4.1-mini<i>&x</i>"


def two_calls(model: str) -> list[Event]:
    loaded = load_scenario(default_scenario())
    scenario = loaded.model_copy(update={"model": loaded.model.model_copy(update={"name": model})})
    events: list[Event] = []

    async def go() -> None:
        with FakeOpenAIServer() as server:
            plan = Plan.load(REPO / "bench" / "conversations" / "analyst_bot.yaml")
            server.responder = Autopilot(scenario, Plan(plan.scenario, plan.turns[:2]))
            provider = make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url)
            conversation = Conversation(scenario, provider)
            conversation.events.subscribe(events.append)
            try:
                await conversation.start()
                for turn in plan.turns[:2]:
                    await conversation.send(turn.user)
            finally:
                await provider.aclose()

    asyncio.run(go())
    return events


def seen(markup: str) -> str:
    """What a rich-text label shows: its markup rendered, as plain text."""
    document = QTextDocument()
    document.setHtml(markup)
    return document.toPlainText()


def test_the_header_bill_and_diff_show_bold_words_never_tags(qtbot: Any) -> None:
    from engine.request_view import CallIndex

    events = two_calls(ODD_MODEL)
    inspector = RequestInspector()
    qtbot.addWidget(inspector)
    inspector.show()
    requests = [event for event in events if event.type == "model_request"]
    assert inspector.show_event(CallIndex(events), requests[-1])
    for label in (inspector.header, inspector.cost, inspector.changes):
        assert label.textFormat() == Qt.TextFormat.RichText
        assert "<" not in seen(label.text()).replace(ODD_MODEL, "")
    header = seen(inspector.header.text())
    assert header.startswith("Model call · turn ")
    assert ODD_MODEL in header  # the model's name, exactly as logged: not italic, not eaten
    assert seen(inspector.cost.text()).startswith("Billed: ")
    assert seen(inspector.changes.text()).startswith("Since the previous call ")
