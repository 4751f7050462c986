"""The served API, route by route, against each store (SQLite, then PostgreSQL): issue 23's table.

The app runs in process (httpx2's ASGI transport); the model is the fake OpenAI server answering
as the scenario bot, reached through the real ``openai`` SDK.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import httpx2
import pytest
from plugins.serve import close_client, open_client

from engine.conversation.session import session_from_events
from engine.io.input_limits import MAX_SERVED_MESSAGE_CHARS
from engine.log.reader import read_log
from engine.offline.fake_openai import FakeOpenAIServer, FakeRequest, Fault
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.definition import Scenario
from engine.serve.service import ServedScenario

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parent.parent

PROBLEM = "I cannot log in, my password is refused"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def start(client: httpx2.AsyncClient, **body: Any) -> str:
    answer = await client.post("/v1/conversations", json=body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def events_of(stream: str) -> list[tuple[str, Any]]:
    """An event-stream body as (event, data) pairs."""
    found = []
    for block in stream.split("\n\n"):
        if not block.strip():
            continue
        fields = dict(line.split(": ", 1) for line in block.splitlines())
        found.append((fields["event"], json.loads(fields["data"])))
    return found


class Gate:
    """A responder that holds the model's answer to any message containing ``WAIT`` until
    :meth:`release` (the ``ScenarioBot`` answers everything)."""

    def __init__(self, scenario: Scenario) -> None:
        self.bot = ScenarioBot(scenario)
        self.entered = threading.Event()
        self.released = threading.Event()

    def __call__(self, request: FakeRequest) -> Any:
        if "WAIT" in request.input_text:
            self.entered.set()
            self.released.wait(30)
        return self.bot(request)

    async def wait_entered(self) -> None:
        await asyncio.to_thread(self.entered.wait, 30)

    def release(self) -> None:
        self.released.set()


# --- the conversation's life ---------------------------------------------------------------------


async def test_a_conversation_starts_answers_and_reports_its_state(
    serve_client: httpx2.AsyncClient,
) -> None:
    created = await serve_client.post("/v1/conversations", json={})
    assert created.status_code == 201
    body = created.json()
    assert set(body) == {"id", "messages", "step", "finished"}
    assert body["messages"] == ["Hi, this is Ledgerly support. What can I help you with today?"]
    assert (body["step"], body["finished"]) == ("identify", False)

    answer = await serve_client.post(
        f"/v1/conversations/{body['id']}/messages", json={"text": PROBLEM}
    )
    assert answer.status_code == 200
    reply = answer.json()
    assert set(reply) == {"messages", "step", "finished", "calls", "cost_usd"}
    assert reply["calls"] == 1 and reply["cost_usd"] > 0 and len(reply["messages"]) == 1
    assert "total;dur=" in answer.headers["server-timing"]

    state = (await serve_client.get(f"/v1/conversations/{body['id']}")).json()
    assert state["id"] == body["id"] and state["turns"] == 1 and state["finished"] is False
    assert state["step"] == reply["step"]
    assert state["variables"]["issue_summary"] == PROBLEM


async def test_variables_given_at_the_start_are_set_and_logged(
    serve_client: httpx2.AsyncClient,
) -> None:
    conversation = await start(serve_client, variables={"account_email": "ada@example.com"})
    state = (await serve_client.get(f"/v1/conversations/{conversation}")).json()
    assert state["variables"]["account_email"] == "ada@example.com"
    log = (await serve_client.get(f"/v1/conversations/{conversation}/log")).text
    changes = [json.loads(line) for line in log.splitlines() if '"variable_change"' in line]
    assert [(c["name"], c["new"], c["source"]) for c in changes] == [
        ("account_email", "ada@example.com", "system")
    ]


@pytest.mark.parametrize(
    ("variables", "says"),
    [
        ({"no_such_variable": 1}, "no_such_variable"),
        ({"urgency": "extreme"}, "urgency"),
        ([1, 2], "'variables' must be an object"),
    ],
)
async def test_variables_that_do_not_fit_are_refused(
    serve_client: httpx2.AsyncClient, variables: Any, says: str
) -> None:
    answer = await serve_client.post("/v1/conversations", json={"variables": variables})
    assert answer.status_code == 400
    assert answer.json()["error"]["type"] == "bad_request"
    assert says in answer.json()["error"]["message"]


async def test_the_log_is_one_the_log_viewer_and_fork_read(
    serve_client: httpx2.AsyncClient, support_desk: Scenario, tmp_path: Path
) -> None:
    conversation = await start(serve_client)
    for text in (PROBLEM, "the category is login"):
        assert (
            await serve_client.post(
                f"/v1/conversations/{conversation}/messages", json={"text": text}
            )
        ).status_code == 200
    answer = await serve_client.get(f"/v1/conversations/{conversation}/log")
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    path = tmp_path / "served.jsonl"
    path.write_bytes(answer.content)
    read = read_log(path)
    assert read.skipped == []
    assert [event.seq for event in read.events] == list(range(1, len(read.events) + 1))
    assert [event.type for event in read.events].count("session_start") == 1
    assert [event.type for event in read.events].count("turn_end") == 3  # the opening turn too
    rebuilt = session_from_events(read.events, support_desk)
    assert rebuilt.state.turn == 2
    assert rebuilt.session_id == conversation


async def test_delete_forgets_the_conversation_and_its_log(
    serve_client: httpx2.AsyncClient,
) -> None:
    conversation = await start(serve_client)
    assert (await serve_client.delete(f"/v1/conversations/{conversation}")).status_code == 204
    for path in (f"/v1/conversations/{conversation}", f"/v1/conversations/{conversation}/log"):
        gone = await serve_client.get(path)
        assert gone.status_code == 404 and gone.json()["error"]["type"] == "not_found"
    again = await serve_client.delete(f"/v1/conversations/{conversation}")
    assert again.status_code == 404


# --- streaming -----------------------------------------------------------------------------------


async def test_the_event_stream_sends_the_message_then_the_answer(
    serve_client: httpx2.AsyncClient,
) -> None:
    conversation = await start(serve_client)
    streamed = await serve_client.post(
        f"/v1/conversations/{conversation}/messages",
        json={"text": PROBLEM},
        headers={"Accept": "text/event-stream"},
    )
    assert streamed.status_code == 200
    assert streamed.headers["content-type"].startswith("text/event-stream")
    events = events_of(streamed.text)
    *deltas, (last, done) = events
    assert last == "done" and len(deltas) > 1  # the message as the model wrote it, word by word
    assert set(done) == {"messages", "step", "finished", "calls", "cost_usd"}
    assert {name for name, _ in deltas} == {"delta"}
    assert {data["message"] for _, data in deltas} == {0}
    assert "".join(data["text"] for _, data in deltas) == done["messages"][0]
    state = (await serve_client.get(f"/v1/conversations/{conversation}")).json()
    assert state["turns"] == 1  # the streamed turn was committed before ``done``


async def test_only_a_turn_asked_as_an_event_stream_streams_and_logs_deltas(
    serve_client: httpx2.AsyncClient,
) -> None:
    """A JSON answer comes whole: the model is not asked to stream it, and the store is not
    filled with one log line per word nobody saw; an event stream keeps its deltas in the log."""
    conversation = await start(serve_client)
    path = f"/v1/conversations/{conversation}/messages"
    assert (await serve_client.post(path, json={"text": PROBLEM})).status_code == 200
    after_json = (await serve_client.get(f"/v1/conversations/{conversation}/log")).text
    assert '"message_delta"' not in after_json

    streamed = await serve_client.post(
        path, json={"text": "the category is login"}, headers={"Accept": "text/event-stream"}
    )
    assert streamed.status_code == 200
    log = (await serve_client.get(f"/v1/conversations/{conversation}/log")).text
    turn_two = [line for line in log.splitlines() if '"turn": 2' in line or '"turn":2' in line]
    assert any('"message_delta"' in line for line in turn_two)


async def test_a_busy_conversation_is_a_json_409_even_when_streaming_is_asked(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    gate = Gate(support_desk)
    bot_server.responder = gate
    client, app = await open_client(store_url, support_desk, bot_server)
    try:
        conversation = await start(client)
        first = asyncio.ensure_future(
            client.post(f"/v1/conversations/{conversation}/messages", json={"text": "WAIT"})
        )
        await gate.wait_entered()
        busy = await client.post(
            f"/v1/conversations/{conversation}/messages",
            json={"text": "hello?"},
            headers={"Accept": "text/event-stream"},
        )
        assert busy.status_code == 409
        assert busy.headers["content-type"].startswith("application/json")
        assert busy.json()["error"]["type"] == "busy"
        assert int(busy.headers["retry-after"]) >= 1
        gate.release()
        assert (await first).status_code == 200
    finally:
        gate.release()
        await close_client(client, app)


# --- one turn at a time --------------------------------------------------------------------------


async def test_one_turn_at_a_time_per_conversation_and_others_go_on(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    gate = Gate(support_desk)
    bot_server.responder = gate
    client, app = await open_client(store_url, support_desk, bot_server)
    try:
        held, other = await start(client), await start(client)
        first = asyncio.ensure_future(
            client.post(f"/v1/conversations/{held}/messages", json={"text": f"WAIT {PROBLEM}"})
        )
        await gate.wait_entered()
        second = await client.post(f"/v1/conversations/{held}/messages", json={"text": "again"})
        assert second.status_code == 409 and second.json()["error"]["type"] == "busy"
        assert (await client.delete(f"/v1/conversations/{held}")).status_code == 409
        elsewhere = await client.post(f"/v1/conversations/{other}/messages", json={"text": PROBLEM})
        assert elsewhere.status_code == 200  # another conversation is not held up
        gate.release()
        answered = await first
        assert answered.status_code == 200
        state = (await client.get(f"/v1/conversations/{held}")).json()
        assert state["turns"] == 1
        after = await client.post(f"/v1/conversations/{held}/messages", json={"text": "login"})
        assert after.status_code == 200
    finally:
        gate.release()
        await close_client(client, app)


async def test_a_retried_idempotency_key_gets_the_first_answer_and_no_second_turn(
    serve_client: httpx2.AsyncClient, bot_server: FakeOpenAIServer
) -> None:
    conversation = await start(serve_client)
    path = f"/v1/conversations/{conversation}/messages"
    key = {"Idempotency-Key": "retry-me-1"}
    first = await serve_client.post(path, json={"text": PROBLEM}, headers=key)
    calls = len(bot_server.model_requests())
    again = await serve_client.post(path, json={"text": PROBLEM}, headers=key)
    streamed = await serve_client.post(
        path, json={"text": PROBLEM}, headers={**key, "Accept": "text/event-stream"}
    )
    assert first.status_code == again.status_code == streamed.status_code == 200
    assert again.json() == first.json()
    assert events_of(streamed.text)[-1] == ("done", first.json())
    assert len(bot_server.model_requests()) == calls  # no second model call
    assert (await serve_client.get(f"/v1/conversations/{conversation}")).json()["turns"] == 1
    other = await serve_client.post(path, json={"text": "login"}, headers={"Idempotency-Key": "2"})
    assert other.status_code == 200 and other.json() != first.json()


async def test_a_key_retried_while_its_turn_runs_is_busy_then_replayed(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    gate = Gate(support_desk)
    bot_server.responder = gate
    client, app = await open_client(store_url, support_desk, bot_server)
    try:
        conversation = await start(client)
        path = f"/v1/conversations/{conversation}/messages"
        key = {"Idempotency-Key": "k"}
        first = asyncio.ensure_future(client.post(path, json={"text": "WAIT"}, headers=key))
        await gate.wait_entered()
        assert (await client.post(path, json={"text": "WAIT"}, headers=key)).status_code == 409
        gate.release()
        answered = await first
        replayed = await client.post(path, json={"text": "WAIT"}, headers=key)
        assert replayed.json() == answered.json()
        assert (await client.get(f"/v1/conversations/{conversation}")).json()["turns"] == 1
    finally:
        gate.release()
        await close_client(client, app)


# --- a turn is a transaction ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fault", "status", "kind"),
    [
        (Fault.server_error(500), 502, "model_error"),
        (Fault.status(401), 502, "model_error"),
    ],
)
async def test_a_model_error_rolls_the_turn_back_and_the_message_can_be_sent_again(
    serve_client: httpx2.AsyncClient,
    bot_server: FakeOpenAIServer,
    fault: Fault,
    status: int,
    kind: str,
) -> None:
    conversation = await start(serve_client)
    path = f"/v1/conversations/{conversation}/messages"
    bot_server.queue(fault)
    failed = await serve_client.post(path, json={"text": PROBLEM}, headers={"Idempotency-Key": "x"})
    assert failed.status_code == status
    assert failed.json()["error"]["type"] == kind
    assert "rolled back" in failed.json()["error"]["message"]
    state = (await serve_client.get(f"/v1/conversations/{conversation}")).json()
    assert state["turns"] == 0 and state["variables"]["issue_summary"] is None
    log = (await serve_client.get(f"/v1/conversations/{conversation}/log")).text.splitlines()
    assert json.loads(log[-1])["type"] == "error"  # the rolled-back turn, as logged
    retried = await serve_client.post(
        path, json={"text": PROBLEM}, headers={"Idempotency-Key": "x"}
    )
    assert retried.status_code == 200
    assert (await serve_client.get(f"/v1/conversations/{conversation}")).json()["turns"] == 1
    seqs = [
        json.loads(line)["seq"]
        for line in (
            await serve_client.get(f"/v1/conversations/{conversation}/log")
        ).text.splitlines()
    ]
    assert seqs == list(range(1, len(seqs) + 1))


async def test_a_model_that_does_not_answer_in_time_is_a_504(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    from engine.providers import make_provider
    from engine.serve.app import create_app
    from engine.serve.config import ServeConfig

    provider = make_provider(
        "responses", api_key="sk-test", base_url=bot_server.base_url, timeout=0.5, max_retries=0
    )
    app = create_app(
        ServeConfig(scenario_dir=Path("."), store_url=store_url),
        scenario=support_desk,
        provider=provider,
    )
    client = httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url="http://127.0.0.1"
    )
    try:
        conversation = await start(client)
        bot_server.queue(Fault.delay(3.0))
        late = await client.post(f"/v1/conversations/{conversation}/messages", json={"text": "hi"})
        assert late.status_code == 504 and late.json()["error"]["type"] == "model_timeout"
        assert (await client.get(f"/v1/conversations/{conversation}")).json()["turns"] == 0
    finally:
        await client.aclose()
        await app.state.prompter.aclose()
        await provider.aclose()


# --- what is refused -----------------------------------------------------------------------------


async def test_bad_requests_are_json_errors_with_their_status(
    serve_client: httpx2.AsyncClient,
) -> None:
    conversation = await start(serve_client)
    path = f"/v1/conversations/{conversation}/messages"

    async def error_of(answer: httpx2.Response) -> tuple[int, str]:
        return answer.status_code, answer.json()["error"]["type"]

    as_json = {"Content-Type": "application/json"}
    assert await error_of(await serve_client.post(path, content=b"{not json", headers=as_json)) == (
        400,
        "bad_request",
    )
    assert await error_of(await serve_client.post(path, json={"txt": "hi"})) == (400, "bad_request")
    assert await error_of(await serve_client.post(path, json={"text": "  "})) == (
        400,
        "bad_request",
    )
    assert await error_of(await serve_client.post(path, json=["hi"])) == (400, "bad_request")
    too_long = "x" * (MAX_SERVED_MESSAGE_CHARS + 1)
    assert await error_of(await serve_client.post(path, json={"text": too_long})) == (
        413,
        "too_large",
    )
    huge = b'{"text": "' + b"y" * 400_000 + b'"}'
    assert await error_of(await serve_client.post(path, content=huge, headers=as_json)) == (
        413,
        "too_large",
    )
    bad_key = {"Idempotency-Key": "x" * 300}
    assert await error_of(await serve_client.post(path, json={"text": "hi"}, headers=bad_key)) == (
        400,
        "bad_request",
    )
    assert await error_of(
        await serve_client.post("/v1/conversations/0123456789abcdef/messages", json={"text": "a"})
    ) == (404, "not_found")
    assert await error_of(await serve_client.get("/v1/conversations/..%2F..%2Fetc")) == (
        404,
        "not_found",
    )
    assert await error_of(await serve_client.put(f"/v1/conversations/{conversation}")) == (
        405,
        "method_not_allowed",
    )
    assert await error_of(await serve_client.post("/v1/conversations", json={"vars": {}})) == (
        400,
        "bad_request",
    )


async def test_a_finished_conversation_is_a_422(
    serve_client: httpx2.AsyncClient,
) -> None:
    conversation = await start(serve_client)
    path = f"/v1/conversations/{conversation}/messages"
    for text in (
        PROBLEM,
        "the category is login",
        "I tried resetting my password, it worked",
        "yes it works now, solved",
    ):
        answer = (await serve_client.post(path, json={"text": text})).json()
        if answer.get("finished"):
            break
    assert answer["finished"] is True, answer
    refused = await serve_client.post(path, json={"text": "one more thing"})
    assert refused.status_code == 422 and refused.json()["error"]["type"] == "finished"


async def test_a_bug_is_a_500_without_a_traceback(
    serve_client: httpx2.AsyncClient,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    conversation = await start(serve_client)

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internals sk-live-0123456789abcdefghijklmn")

    monkeypatch.setattr(ServedScenario, "_turn", broken)
    answer = await serve_client.post(
        f"/v1/conversations/{conversation}/messages", json={"text": "a"}
    )
    assert answer.status_code == 500
    body = answer.json()
    assert body["error"]["type"] == "internal"
    assert "Traceback" not in answer.text and "secret" not in answer.text
    logged = [record for record in caplog.records if record.name == "prompter.serve"]
    assert logged and logged[-1].exc_info is not None, "the server's log keeps the traceback"
    assert isinstance(logged[-1].exc_info[1], RuntimeError)


# --- tokens, health, metrics, the page -----------------------------------------------------------


async def test_api_tokens_guard_every_v1_request_and_nothing_else(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> None:
    client, app = await open_client(store_url, support_desk, bot_server, tokens=("alpha", "beta"))
    try:
        refused = await client.post("/v1/conversations", json={})
        assert refused.status_code == 401 and refused.json()["error"]["type"] == "unauthorized"
        assert refused.headers["www-authenticate"] == "Bearer"
        wrong = await client.post("/v1/conversations", headers={"Authorization": "Bearer gamma"})
        assert wrong.status_code == 401
        right = await client.post("/v1/conversations", headers={"Authorization": "Bearer beta"})
        assert right.status_code == 201
        peek = await client.get(f"/v1/conversations/{right.json()['id']}/log")
        assert peek.status_code == 401
        for open_path in ("/", "/healthz", "/metrics"):
            assert (await client.get(open_path)).status_code == 200
    finally:
        await close_client(client, app)


async def test_healthz_says_when_the_store_does_not_answer(
    support_desk: Scenario, bot_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("not a folder")
    client, _app = await open_client(
        f"sqlite:///{tmp_path / 'file' / 'sessions.db'}", support_desk, bot_server
    )
    try:
        answer = await client.get("/healthz")
        assert answer.status_code == 503
        assert answer.json() == {"status": "unavailable"}
        refused = await client.post("/v1/conversations", json={})
        assert refused.status_code == 503
    finally:
        await client.aclose()


async def test_metrics_count_turns_calls_tokens_cost_latency_and_errors(
    serve_client: httpx2.AsyncClient,
) -> None:
    conversation = await start(serve_client)
    answer = await serve_client.post(
        f"/v1/conversations/{conversation}/messages", json={"text": PROBLEM}
    )
    await serve_client.get("/v1/conversations/0000/log")
    text = (await serve_client.get("/metrics")).text
    values = {
        line.split(" ")[0]: float(line.split(" ")[1])
        for line in text.splitlines()
        if line and not line.startswith("#")
    }
    assert values["prompter_conversations_created_total"] == 1
    assert values["prompter_turns_total"] == 1
    assert values["prompter_model_calls_total"] == answer.json()["calls"]
    assert values['prompter_tokens_total{kind="input"}'] > 0
    assert values['prompter_tokens_total{kind="output"}'] > 0
    assert 'prompter_tokens_total{kind="cached"}' in values
    assert values["prompter_cost_usd_total"] == pytest.approx(answer.json()["cost_usd"])
    assert values["prompter_turn_seconds_count"] == 1
    assert values['prompter_errors_total{kind="not_found"}'] == 1


async def test_the_chat_page_is_served_with_a_policy_that_allows_only_its_own_code(
    serve_client: httpx2.AsyncClient,
) -> None:
    import base64
    import hashlib
    import re

    page = await serve_client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    script = re.search(r"<script>(.*?)</script>", page.text, re.DOTALL)
    assert script is not None
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in policy
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    assert "innerHTML" not in page.text  # what the bot says is put on the page as text


async def test_the_chat_page_is_titled_with_the_scenario_and_never_shows_a_step_id(
    serve_client: httpx2.AsyncClient, support_desk: Scenario
) -> None:
    import re

    page = await serve_client.get("/")
    title = support_desk.title
    assert title and title != "Prompter chat"
    assert f"<title>{title}</title>" in page.text and f"<h1>{title}</h1>" in page.text
    assert f'<html lang="{support_desk.language}">' in page.text
    script = re.search(r"<script>(.*?)</script>", page.text, re.DOTALL)
    assert script is not None and "answer.step" not in script.group(1)
    assert "step: " not in page.text


def test_a_title_with_markup_is_shown_as_text_on_the_chat_page() -> None:
    from engine.serve.page import chat_page

    html, _headers = chat_page('<img src=x> & "Co"', "fr")
    assert "<title>&lt;img src=x&gt; &amp; &quot;Co&quot;</title>" in html
    assert '<html lang="fr">' in html


# --- the stream relay, event by event ------------------------------------------------------------


def relayed(*events: tuple[str, dict[str, Any]]) -> list[tuple[str, Any]]:
    from engine.log.events import Event
    from engine.serve.stream import StreamRelay

    relay = StreamRelay()
    for seq, (kind, data) in enumerate(events, start=1):
        relay(Event(type=kind, session="s", seq=seq, turn=1, step="x", data=data))
    relay.finish("")

    async def collect() -> str:
        return "".join([item async for item in relay.events()])

    return events_of(asyncio.run(collect()))


def test_message_deltas_are_relayed_and_a_retracted_reply_taken_back() -> None:
    from engine.log.events import EventType

    assert relayed(
        (EventType.MESSAGE_DELTA, {"delta": "Hel", "attempt": 1}),
        (EventType.MESSAGE_DELTA, {"delta": "lo", "attempt": 1}),
        # the reply broke the contract: the corrected one streams
        (EventType.MESSAGE_RETRACTED, {"reason": "contract_violation", "attempt": 1}),
        (EventType.MESSAGE_DELTA, {"delta": "Good", "attempt": 2}),
        (EventType.MESSAGE_DELTA, {"delta": " day", "attempt": 2}),
        ("bot_message", {"text": "Good day", "source": "model"}),
        ("bot_message", {"text": "Bye.", "source": "message"}),  # never streamed: sent whole
    ) == [
        ("delta", {"text": "Hel", "message": 0}),
        ("delta", {"text": "lo", "message": 0}),
        ("retract", {"message": 0}),
        ("delta", {"text": "Good", "message": 0}),
        ("delta", {"text": " day", "message": 0}),
        ("delta", {"text": "Bye.", "message": 1}),
    ]


def test_a_streamed_message_that_ends_otherwise_is_retracted_and_sent_whole() -> None:
    from engine.log.events import EventType

    assert relayed(
        (EventType.MESSAGE_DELTA, {"delta": "I will", "attempt": 1}),
        ("bot_message", {"text": "Sorry, something went wrong.", "source": "fallback"}),
    ) == [
        ("delta", {"text": "I will", "message": 0}),
        ("retract", {"message": 0}),
        ("delta", {"text": "Sorry, something went wrong.", "message": 0}),
    ]


# --- prompter stats --store ----------------------------------------------------------------------


async def test_stats_read_a_stores_conversations_as_they_read_the_same_logs_as_files(
    serve_client: httpx2.AsyncClient,
    store_url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from engine.cli import main

    for number, texts in enumerate([[PROBLEM, "the category is login"], ["my invoices are wrong"]]):
        conversation = await start(serve_client)
        for text in texts:
            await serve_client.post(
                f"/v1/conversations/{conversation}/messages", json={"text": text}
            )
        log = await serve_client.get(f"/v1/conversations/{conversation}/log")
        (tmp_path / f"{number}-{conversation}.jsonl").write_bytes(log.content)  # store's order
    scenario = str(ROOT / "scenarios" / "support_desk")
    capsys.readouterr()
    assert (
        await asyncio.to_thread(
            main, ["stats", "--store", store_url, "--json", "--scenario", scenario]
        )
        == 0
    )
    from_store = json.loads(capsys.readouterr().out)
    assert (
        await asyncio.to_thread(main, ["stats", str(tmp_path), "--json", "--scenario", scenario])
        == 0
    )
    from_files = json.loads(capsys.readouterr().out)
    for report in (from_store, from_files):
        for conversation in report["conversations"]:
            conversation.pop("path")
    assert from_store == from_files
    assert len(from_store["conversations"]) == 2
