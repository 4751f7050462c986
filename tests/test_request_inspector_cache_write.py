"""The request inspector shows what an Anthropic call wrote to the cache: an amber *cache write*
part on the prefix bar after the cached prefix, and the written tokens in the bill, priced."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextDocument

from app.request_inspector.inspector import RequestInspector
from engine.conversation.conversation_core import Conversation
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.request_view import CallIndex
from engine.scenario.loader import load_scenario

pytestmark = [pytest.mark.gui, pytest.mark.xdist_group("vendor_sdks")]


def anthropic_calls(config_folder: Path) -> list[Event]:
    """Two calls to the fake Anthropic server, which the user's price file prices as Anthropic
    sells claude-sonnet-4-5 (a price applies only where a price file lists the server)."""
    scenario = load_scenario(default_scenario())
    events: list[Event] = []

    async def go() -> None:
        with FakeAnthropicServer(responder=ScenarioBot(scenario)) as server:
            (config_folder / "prices.yaml").write_text(
                "endpoints:\n  fake-anthropic:\n"
                f"    base_url: {server.base_url}\n    models:\n"
                "      claude-sonnet-4-5: {input: 3.00, cached_input: 0.30, output: 15.00}\n",
                encoding="utf-8",
            )
            provider = make_provider(
                "anthropic",
                api_key=FAKE_ANTHROPIC_KEY,
                base_url=server.base_url,
                model="claude-sonnet-4-5",
            )
            conversation = Conversation(scenario, provider, model="claude-sonnet-4-5")
            conversation.events.subscribe(events.append)
            try:
                await conversation.start()
                for text in ("Sure, let's go", "An app that tracks the books I own."):
                    await conversation.send(text)
            finally:
                await provider.aclose()

    asyncio.run(go())
    return events


def test_the_bar_and_the_bill_show_the_cache_write(qtbot: Any, config_folder: Path) -> None:
    events = anthropic_calls(config_folder)
    responses = [e for e in events if e.type == "model_response"]
    assert all(e.data["usage"].get("cache_write_tokens", 0) > 0 for e in responses)
    inspector = RequestInspector()
    qtbot.addWidget(inspector)
    inspector.show()
    requests = [event for event in events if event.type == "model_request"]

    assert inspector.show_event(CallIndex(events), requests[-1])

    document = QTextDocument()
    document.setHtml(inspector.cost.text())
    bill = document.toPlainText()
    written = responses[-1].data["usage"]["cache_write_tokens"]
    assert f"{written:,} written to the cache" in bill
    assert "claude-sonnet-4-5: $3 in" in bill  # priced from the table, not "unknown"
    document.setHtml(inspector.changes.text())
    assert "(up to a breakpoint, from 1,024)" in document.toPlainText()  # Anthropic's cache
    bar = inspector.bar
    assert bar.view is not None
    assert bar.view.billed is not None and bar.view.billed.cache_write_tokens == written
    assert "Cache write (amber)" in bar.toolTip()
    bar.grab()  # paints the cache-write part without error
