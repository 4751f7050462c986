"""The shipped support desk acts: it looks orders up through a Python action over the data file
shipped with it (read through the bounded reader), and opens tickets through an HTTP action —
served here on 127.0.0.1 by the engine's ticket service."""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.actions.runners import LiveActions
from engine.conversation.action_phase import try_action
from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.io.resources import scenarios_dir
from engine.log.writer import LogWriter
from engine.offline.ticket_service import TOKEN_VARIABLE, TicketService
from engine.providers.scripted import ScriptedProvider
from engine.scenario.loader import load_scenario
from engine.scenario.validate import validate

TOKEN = "ledgerly-test-token-0042"


def reply(transition: str, **results: Any) -> dict[str, Any]:
    return {"message": "Noted.", "transition": transition, "results": results, "summary": "ok"}


def support_desk(tmp_path: Path, port: int) -> Path:
    """A copy of the shipped support desk whose ticket service is on ``port``."""
    folder = tmp_path / "support_desk"
    shutil.copytree(scenarios_dir() / "support_desk", folder)
    path = folder / "scenario.yaml"
    path.write_text(path.read_text().replace("127.0.0.1:8099", f"127.0.0.1:{port}"))
    return folder


def escalate(folder: Path, tmp_path: Path) -> tuple[list[str], Conversation, str]:
    scenario = load_scenario(folder)
    provider = ScriptedProvider(
        [
            reply("understood", issue_summary="Cannot sign in.", category="login"),
            reply("escalate", steps_tried=["new link - same error"]),
            reply("ticket_ready", account_email="ana@example.com", urgency="high"),
        ]
    )
    conversation = Conversation(scenario, provider)
    log = tmp_path / "chat.jsonl"
    writer = LogWriter(log)
    writer.attach(conversation.events)
    with SyncConversation(conversation) as chat:
        chat.start()
        chat.send("I can't sign in")
        chat.send("Same error")
        result = chat.send("A person please, it's urgent")
    writer.close()
    return result.messages, conversation, log.read_text(encoding="utf-8")


def test_the_shipped_support_desk_is_valid() -> None:
    scenario = load_scenario(scenarios_dir() / "support_desk")

    assert [f.render() for f in validate(scenario) if f.severity == "error"] == []
    assert scenario.steps["find_order"].call is not None
    assert scenario.steps["open_ticket"].call is not None


def test_the_support_desk_opens_a_ticket_through_its_http_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)
    with TicketService(token=TOKEN) as service:
        folder = support_desk(tmp_path, service.port)
        messages, conversation, log = escalate(folder, tmp_path)

    assert conversation.state.step == "ticket" and conversation.finished
    assert "I've opened ticket LG-1001 for our team" in messages[-1]
    [request] = service.requests
    assert request.headers["Authorization"] == f"Bearer {TOKEN}"
    assert request.headers["Idempotency-Key"] == f"{conversation.session_id}:3:open_ticket"
    assert request.body == {
        "summary": "Cannot sign in.",
        "category": "login",
        "email": "ana@example.com",
        "urgency": "high",
        "steps_tried": ["new link - same error"],
        "order": None,
    }
    assert service.tickets["LG-1001"]["email"] == "ana@example.com"
    assert TOKEN not in log and '"ticket_id":"LG-1001"' in log


def test_without_its_service_the_ticket_fails_politely(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)
    with TicketService() as gone:
        port = gone.port  # a port nothing listens on once it is stopped
    messages, conversation, _ = escalate(support_desk(tmp_path, port), tmp_path)

    assert conversation.state.step == "ticket_failed"
    assert "could not open the ticket" in messages[-1]


def test_the_service_gives_the_same_ticket_for_the_same_idempotency_key() -> None:
    import httpx2

    with TicketService() as service:
        first = httpx2.post(service.url, json={"a": 1}, headers={"Idempotency-Key": "k1"})
        again = httpx2.post(service.url, json={"a": 1}, headers={"Idempotency-Key": "k1"})
        other = httpx2.post(service.url, json={"a": 2}, headers={"Idempotency-Key": "k2"})

    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["ticket_id"] == again.json()["ticket_id"] == "LG-1001"
    assert other.json()["ticket_id"] == "LG-1002" and len(service.tickets) == 2


def look_up(folder: Path, number: str) -> Any:
    scenario = load_scenario(folder)
    step = scenario.steps["find_order"]
    return asyncio.run(try_action(scenario, step, {"order_number": number}, LiveActions()))


def test_the_support_desk_looks_orders_up_in_its_data_file() -> None:
    folder = scenarios_dir() / "support_desk"

    found = look_up(folder, "lg 1044")
    assert (found.outcome, found.results) == (
        "ok",
        {"order_status": "refunded", "order_plan": "Team, monthly", "order_total": "$29.00"},
    )
    assert look_up(folder, "LG-9999").outcome == "not_found"


def test_the_order_data_is_read_through_the_bounded_reader(tmp_path: Path) -> None:
    folder = support_desk(tmp_path, 8099)
    data = folder / "data" / "orders.json"
    data.unlink()
    os.mkfifo(data)  # a pipe would block an ordinary read forever

    outcome = look_up(folder, "LG-1042")

    assert outcome.outcome == "error" and "not a regular file" in (outcome.error or "")
