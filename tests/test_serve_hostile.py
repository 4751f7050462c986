"""The server against hostile and careless callers (issue 34), on each store (SQLite, then
PostgreSQL): a foreign ``Host`` or ``Origin``, a body that is not JSON, what ``/healthz`` tells a
stranger, lone surrogates, an ``Idempotency-Key`` reused for another message, a turn that fails
after its actions ran, and health checks and reads while a turn holds the store.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
import threading
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from plugins.actions import CLINIC, clinic_reply
from plugins.serve import close_client, open_client

from engine.offline.fake_openai import FakeOpenAIServer, FakeRequest
from engine.offline.scenario_bot import ScenarioBot
from engine.providers.scripted import ScriptedProvider
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.serve import sqlite_store
from engine.serve.app import create_app
from engine.serve.config import ServeConfig
from engine.serve.guard import HostNames

pytestmark = pytest.mark.anyio

PROBLEM = "I cannot log in, my password is refused"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def start(client: httpx2.AsyncClient, **body: Any) -> str:
    answer = await client.post("/v1/conversations", json=body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def error_of(answer: httpx2.Response) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["type"]


# --- item 3: Host, Origin, Content-Type ----------------------------------------------------------


async def test_a_foreign_host_or_origin_is_refused_before_any_route(
    serve_client: httpx2.AsyncClient,
) -> None:
    rebound = {"Host": "evil.example:8000"}
    assert error_of(await serve_client.post("/v1/conversations", json={}, headers=rebound)) == (
        403,
        "forbidden",
    )
    for path in ("/healthz", "/metrics", "/"):
        assert (await serve_client.get(path, headers=rebound)).status_code == 403
    for origin in ("http://evil.example", "null", "http://127.0.0.1.evil.example:8000"):
        answer = await serve_client.post("/v1/conversations", json={}, headers={"Origin": origin})
        assert error_of(answer) == (403, "forbidden"), origin
    # the page's own origin, and clients that send none, are served
    same = await serve_client.post(
        "/v1/conversations", json={}, headers={"Origin": "http://127.0.0.1:8000"}
    )
    assert same.status_code == 201
    for host in ("localhost:8000", "LOCALHOST.:8000", "127.0.0.1"):
        assert (await serve_client.get("/healthz", headers={"Host": host})).status_code == 200


async def test_a_body_that_is_not_application_json_is_a_415(
    serve_client: httpx2.AsyncClient,
) -> None:
    conversation = await start(serve_client)
    path = f"/v1/conversations/{conversation}/messages"
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {} if content_type is None else {"Content-Type": content_type}
        answer = await serve_client.post(path, content=b'{"text": "hi"}', headers=headers)
        assert error_of(answer) == (415, "unsupported_media_type"), content_type
    created = await serve_client.post(
        "/v1/conversations", content=b"{}", headers={"Content-Type": "text/plain"}
    )
    assert error_of(created) == (415, "unsupported_media_type")
    accepted = await serve_client.post(
        path,
        content=b'{"text": "hi"}',
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert accepted.status_code == 200


def test_the_hosts_a_server_answers_for_follow_its_address_and_its_names() -> None:
    local = HostNames("127.0.0.1")
    assert [local.allows(name) for name in ("127.0.0.1", "localhost", "::1")] == [True] * 3
    assert not local.allows("10.0.0.5") and not local.allows("evil.example")
    wide = HostNames("0.0.0.0", ["bot.example.com"])
    assert wide.allows("10.0.0.5") and wide.allows("bot.example.com")
    assert not wide.allows("evil.example")
    lan = HostNames("10.0.0.5")
    assert lan.allows("10.0.0.5") and not lan.allows("localhost")
    assert HostNames("127.0.0.1", ["*"]).allows("anything.example")
    assert not local.allows_origin("file://") and local.allows_origin("https://localhost:1")


async def test_configured_names_are_answered(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    client, app = await open_client(
        store_url, support_desk, bot_server, allowed_hosts=("bot.example.com",)
    )
    try:
        named = await client.get("/healthz", headers={"Host": "bot.example.com"})
        assert named.status_code == 200
        assert (await client.get("/healthz", headers={"Host": "other.example"})).status_code == 403
    finally:
        await close_client(client, app)


# --- item 12: /healthz tells a stranger nothing about the store ----------------------------------


async def test_healthz_tells_a_stranger_only_ok_and_a_token_holder_the_store(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    client, app = await open_client(store_url, support_desk, bot_server, tokens=("alpha",))
    try:
        stranger = await client.get("/healthz")
        assert (stranger.status_code, stranger.json()) == (200, {"status": "ok"})
        wrong = await client.get("/healthz", headers={"Authorization": "Bearer beta"})
        assert wrong.json() == {"status": "ok"}
        known = await client.get("/healthz", headers={"Authorization": "Bearer alpha"})
        assert known.json()["store"].split(":")[0] == store_url.split(":")[0]
    finally:
        await close_client(client, app)


async def test_healthz_says_a_bare_failure_to_a_stranger(
    support_desk: Scenario, bot_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("not a folder")
    store_url = f"sqlite:///{tmp_path / 'file' / 'sessions.db'}"
    client, _app = await open_client(store_url, support_desk, bot_server, tokens=("alpha",))
    try:
        stranger = await client.get("/healthz")
        assert (stranger.status_code, stranger.json()) == (503, {"status": "unavailable"})
        assert "file" not in stranger.text
        known = await client.get("/healthz", headers={"Authorization": "Bearer alpha"})
        assert known.status_code == 503
        assert known.json()["error"]["type"] == "store_unavailable"
    finally:
        await client.aclose()


# --- item 9: lone surrogates ---------------------------------------------------------------------

AS_JSON = {"Content-Type": "application/json"}


async def test_a_lone_surrogate_anywhere_in_a_body_is_a_400_naming_the_field_and_stores_nothing(
    serve_client: httpx2.AsyncClient,
) -> None:
    created = await serve_client.post(
        "/v1/conversations",
        content=b'{"variables": {"account_email": "ada\\ud800@example.com"}}',
        headers=AS_JSON,
    )
    assert error_of(created) == (400, "bad_request")
    assert "variables.account_email" in created.json()["error"]["message"]
    conversation = await start(serve_client)  # the only one stored
    path = f"/v1/conversations/{conversation}/messages"
    for body, field in (
        (b'{"text": "hello \\udfff"}', "text"),
        (b'{"text": "hi", "extra": ["\\ud83d"]}', "extra[0]"),
        (b'{"text": "hi", "\\ud800": 1}', "a key of the body"),
    ):
        answer = await serve_client.post(path, content=body, headers=AS_JSON)
        assert error_of(answer) == (400, "bad_request"), body
        assert field in answer.json()["error"]["message"]
    state = (await serve_client.get(f"/v1/conversations/{conversation}")).json()
    assert state["turns"] == 0
    # a whole pair is text, and is answered
    paired = await serve_client.post(
        path, content=b'{"text": "hi \\ud83d\\ude00"}', headers=AS_JSON
    )
    assert paired.status_code == 200
    served = serve_client._transport.app.state.prompter  # type: ignore[attr-defined]
    assert await (await served.served()).store.conversation_ids() == [conversation]


# --- item 5: an Idempotency-Key remembers its request --------------------------------------------


async def test_an_idempotency_key_sent_with_another_message_is_a_422_and_runs_nothing(
    serve_client: httpx2.AsyncClient, bot_server: FakeOpenAIServer
) -> None:
    conversation = await start(serve_client)
    path = f"/v1/conversations/{conversation}/messages"
    key = {"Idempotency-Key": "order-1"}
    first = await serve_client.post(path, json={"text": PROBLEM}, headers=key)
    assert first.status_code == 200
    calls = len(bot_server.model_requests())
    other = await serve_client.post(path, json={"text": "cancel my account"}, headers=key)
    assert error_of(other) == (422, "idempotency_mismatch")
    streamed = await serve_client.post(
        path, json={"text": "cancel it"}, headers={**key, "Accept": "text/event-stream"}
    )
    assert error_of(streamed) == (422, "idempotency_mismatch")
    same = await serve_client.post(path, json={"text": PROBLEM}, headers=key)
    assert same.json() == first.json()
    assert len(bot_server.model_requests()) == calls
    assert (await serve_client.get(f"/v1/conversations/{conversation}")).json()["turns"] == 1


# --- item 14: a turn's completed actions are kept whatever ends it -------------------------------

#: The clinic whose action leads into two message steps that hand over to each other forever:
#: the turn fails (SessionError) after its action completed.
LOOPING = CLINIC.replace("      ok: {to: choose}", "      ok: {to: loop_a}") + (
    """  loop_a:
    kind: message
    text: "One moment."
    transitions:
      next: {to: loop_b}
  loop_b:
    kind: message
    text: "Still looking."
    transitions:
      next: {to: loop_a}
"""
)


async def test_a_turn_failing_after_its_action_keeps_the_action_done_and_a_retry_reuses_it(
    store_url: str, action_folder: Any, tmp_path: Path
) -> None:
    counter = tmp_path / "runs"
    module = f"""
        import pathlib
        def find_slots(specialty, context):
            path = pathlib.Path({str(counter)!r})
            before = path.read_text() if path.exists() else ""
            path.write_text(before + context.idempotency_key + "\\n")
            return {{"slots": ["Mon"]}}
        """
    folder = action_folder(module, LOOPING)
    provider = ScriptedProvider([clinic_reply(), clinic_reply()])
    app = create_app(
        ServeConfig(scenario_dir=folder, store_url=store_url),
        scenario=load_scenario(folder),
        provider=provider,
    )
    client = httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url="http://127.0.0.1:8000"
    )
    try:
        conversation = await start(client)
        path = f"/v1/conversations/{conversation}/messages"
        for _ in range(2):
            failed = await client.post(path, json={"text": "dermatology"})
            assert failed.status_code == 400, failed.text
            assert "loop" in failed.json()["error"]["message"]
        assert len(counter.read_text().splitlines()) == 1  # acted once, reused after
        log = (await client.get(f"{path.rsplit('/', 1)[0]}/log")).text
        calls = [json.loads(line) for line in log.splitlines() if '"action_call"' in line]
        assert [call["mode"] for call in calls] == ["live", "reused"]
    finally:
        await client.aclose()
        await app.state.prompter.aclose()


# --- items 6 and 7: health checks and reads never queue behind turns -----------------------------


class Gate:
    """A model that holds its answer to a message containing ``WAIT`` until released."""

    def __init__(self, scenario: Scenario) -> None:
        self.bot = ScenarioBot(scenario)
        self.entered = threading.Event()
        self.released = threading.Event()

    def __call__(self, request: FakeRequest) -> Any:
        if "WAIT" in request.input_text:
            self.entered.set()
            self.released.wait(60)
        return self.bot(request)


async def answered_soon(request: Awaitable[httpx2.Response]) -> httpx2.Response:
    """The answer, which must come while the turn still runs (it would take 30 s queued)."""
    return await asyncio.wait_for(request, timeout=10)


async def test_health_reads_and_creates_are_answered_while_a_turn_waits_for_the_model(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    """Issue 34 item 6: with one connection for turns, a turn held in its model call used to
    make /healthz, reads and creates wait up to 30 s (then 503: a healthy worker restarted)."""
    gate = Gate(support_desk)
    bot_server.responder = gate
    client, app = await open_client(store_url, support_desk, bot_server, pool_size=1)
    try:
        other = await start(client)
        busy = await start(client)
        turn = asyncio.ensure_future(
            client.post(f"/v1/conversations/{busy}/messages", json={"text": "WAIT"})
        )
        await asyncio.to_thread(gate.entered.wait, 30)
        health = await answered_soon(client.get("/healthz"))
        assert health.status_code == 200
        described = await answered_soon(client.get(f"/v1/conversations/{other}"))
        assert described.status_code == 200
        assert (await answered_soon(client.get(f"/v1/conversations/{busy}/log"))).is_success
        created = await answered_soon(client.post("/v1/conversations", json={}))
        assert created.status_code == 201
        assert not turn.done()  # all of it while the turn still waits for the model
        gate.released.set()
        assert (await turn).status_code == 200
    finally:
        gate.released.set()
        await close_client(client, app)


LOCK_HOLDER = textwrap.dedent(
    """
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    sys.stdin.readline()
    db.rollback()
    """
)


@pytest.mark.slow
async def test_sqlite_locked_by_another_process_is_a_prompt_503_and_reads_go_on(
    support_desk: Scenario,
    bot_server: FakeOpenAIServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 34 item 7: a write waits at most WRITE_WAIT_S, then 503; /healthz and reads are
    never queued behind it (they used to wait 30 s, and N queued writes N × 30 s). The wait is
    shortened from its 5 s here: what is checked is that it ends, and how."""
    monkeypatch.setattr(sqlite_store, "WRITE_WAIT_S", 1.0)
    path = tmp_path / "sessions.db"
    client, app = await open_client(f"sqlite:///{path}", support_desk, bot_server)
    holder: subprocess.Popen[str] | None = None
    try:
        conversation = await start(client)
        holder = subprocess.Popen(
            [sys.executable, "-c", LOCK_HOLDER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert holder.stdout is not None
        assert (await asyncio.to_thread(holder.stdout.readline)).strip() == "locked"
        path_of = f"/v1/conversations/{conversation}/messages"
        writes = [
            asyncio.ensure_future(client.post(path_of, json={"text": PROBLEM})) for _ in range(3)
        ]
        await asyncio.sleep(0.2)  # the writes are waiting for the file
        assert (await answered_soon(client.get("/healthz"))).status_code == 200
        state = await answered_soon(client.get(f"/v1/conversations/{conversation}"))
        assert state.json()["turns"] == 0
        answers = await asyncio.wait_for(
            asyncio.gather(*writes), timeout=sqlite_store.WRITE_WAIT_S + 10
        )
        assert [error_of(answer) for answer in answers] == [(503, "store_unavailable")] * 3
    finally:
        if holder is not None:
            holder.communicate("\n", timeout=30)
        await close_client(client, app)
    client, app = await open_client(f"sqlite:///{path}", support_desk, bot_server)
    try:  # the lock gone, the conversation is answered as if nothing happened
        answer = await client.post(f"/v1/conversations/{conversation}/messages", json={"text": "a"})
        assert answer.status_code == 200
    finally:
        await close_client(client, app)
