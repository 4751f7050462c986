"""Action steps in the turn loop: they act without a model call, the outcome leads on in the
same turn, results become variables, a timeout really ends the action, and a completed action
is never run twice."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from plugins.actions import CLINIC, ActionService, clinic_reply, stay_reply

from engine.actions import workers
from engine.actions.runners import ActionRequest, LiveActions, StubbedActions
from engine.actions.stubs import Stub
from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.errors import ProviderServerError
from engine.log.events import Event, EventType
from engine.log.writer import LogWriter
from engine.providers.base import ModelReply, ModelRequest
from engine.providers.scripted import ScriptedProvider
from engine.scenario.loader import load_scenario


def events_of(conversation: Conversation) -> list[Event]:
    seen: list[Event] = []
    conversation.events.subscribe(seen.append)
    return seen


def of_type(events: list[Event], kind: EventType) -> list[dict[str, Any]]:
    return [dict(event.data) for event in events if event.type == kind]


def chat(folder: Path, *replies: Any, **options: Any) -> tuple[SyncConversation, list[Event]]:
    scenario = load_scenario(folder)
    conversation = Conversation(scenario, ScriptedProvider(list(replies)), **options)
    if (folder / "actions.py").exists():
        warm_worker(folder)
    seen = events_of(conversation)
    sync = SyncConversation(conversation)
    sync.start()
    return sync, seen


# --- outcomes and results --------------------------------------------------------------------


def test_an_action_step_moves_on_by_its_outcome_in_the_same_turn_without_a_model_call(
    action_folder: Any,
) -> None:
    sync, seen = chat(action_folder(), clinic_reply(), stay_reply("Monday or Tuesday?"))

    result = sync.send("dermatology please")

    assert result.step_after == "choose"
    assert result.signal == "known"
    assert [(run.step, run.outcome, run.mode) for run in result.actions] == [
        ("find_slots", "ok", "live")
    ]
    assert result.calls == 1  # the reply that moved there; the action cost none
    assert sync.conversation.vars.values()["slots"] == ["Mon 9:00", "Tue 14:30"]
    assert sync.conversation.vars.values()["count"] == 2  # "2" by the one conversion table
    assert of_type(seen, EventType.TRANSITION)[-1] == {
        "from": "find_slots",
        "to": "choose",
        "signal": "ok",
    }
    sources = {d["name"]: d["source"] for d in of_type(seen, EventType.VARIABLE_CHANGE)}
    assert sources == {
        "specialty": "model",
        "slots": "action",
        "first_slot": "action",
        "count": "action",
    }
    history = sync.conversation.vars.history("slots")
    assert [(change.source, change.step, change.turn) for change in history] == [
        ("action", "find_slots", 1)
    ]
    call, ended = of_type(seen, EventType.ACTION_CALL)[0], of_type(seen, EventType.ACTION_RESULT)[0]
    assert call["action"] == "python find_slots" and call["inputs"] == {"specialty": "dermatology"}
    assert call["mode"] == "live" and call["timeout_s"] == 2.0
    assert ended["outcome"] == "ok" and ended["error"] is None
    assert ended["results"] == {
        "slots": ["Mon 9:00", "Tue 14:30"],
        "first_slot": "Mon 9:00",
        "count": 2,
    }
    # the next talking step sees the new values
    sync.send("which?")
    request = sync.conversation.provider.requests[-1]  # type: ignore[attr-defined]
    assert "Offer Mon 9:00, Tue 14:30; the first is Mon 9:00." in _sent_text(request)
    sync.close()


def warm_worker(folder: Path, timeout: float = 30.0) -> bool:
    """Wait until a worker process for the folder's actions is ready (the conversation started
    one when it was made), so that a short timeout times the function, not a start on a busy
    machine. False when the module does not load."""
    return workers.pool_for(folder / "actions.py").ready(timeout)


def _sent_text(request: ModelRequest) -> str:
    return "\n".join([request.instructions, *(item.content for item in request.input_items)])


def test_an_outcome_the_action_names_takes_its_own_transition(action_folder: Any) -> None:
    sync, _ = chat(action_folder(), clinic_reply("none"))

    result = sync.send("none")

    assert result.step_after == "waitlist" and result.finished
    assert result.messages[-1] == "No slot for none: you are on the waiting list."
    sync.close()


def test_an_exception_is_the_outcome_error_with_its_message_in_the_log(action_folder: Any) -> None:
    sync, seen = chat(action_folder(), clinic_reply("boom"))

    result = sync.send("boom")

    assert result.step_after == "sorry"
    ended = of_type(seen, EventType.ACTION_RESULT)[0]
    assert ended["outcome"] == "error" and ended["results"] == {}
    assert ended["error"] == "RuntimeError: the calendar exploded"
    assert sync.conversation.vars.values()["slots"] is None
    sync.close()


@pytest.mark.parametrize(
    ("returned", "why"),
    [
        ('{"first_slot": "Mon"}', "the action returned no 'slots', a required result"),
        ('{"slots": "Mon"}', "result 'slots' expects a list of texts"),
        ('{"slots": [], "count": "many"}', "result 'count' expects a whole number"),
        ('"Mon"', "the action returned str; it must return a mapping of results"),
        ('{"outcome": "so so"}', "the action returned the outcome 'so so', which is not a name"),
    ],
)
def test_results_that_do_not_fit_turn_ok_into_error(
    action_folder: Any, returned: str, why: str
) -> None:
    module = f"def find_slots(specialty):\n    return {returned}\n"
    sync, seen = chat(action_folder(module), clinic_reply())

    assert sync.send("x").step_after == "sorry"
    assert why in (of_type(seen, EventType.ACTION_RESULT)[0]["error"] or "")
    sync.close()


def test_an_outcome_without_a_transition_of_its_own_takes_error(action_folder: Any) -> None:
    module = 'def find_slots(specialty):\n    return {"outcome": "maybe"}\n'
    sync, _ = chat(action_folder(module), clinic_reply())

    assert sync.send("x").step_after == "sorry"
    sync.close()


def test_a_named_outcome_needs_no_required_result(action_folder: Any) -> None:
    module = 'def find_slots(specialty):\n    return {"outcome": "no_slots", "results": {}}\n'
    sync, _ = chat(action_folder(module), clinic_reply())

    assert sync.send("x").step_after == "waitlist"
    sync.close()


# --- a timeout really ends the action ----------------------------------------------------------


def process_ended(pid_file: Path, within_s: float = 5.0) -> bool:
    """Whether the process whose id ``pid_file`` holds is gone (or a zombie, killed but not yet
    reaped) within ``within_s`` seconds."""
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except (FileNotFoundError, ProcessLookupError):  # gone, or going while it was read
            return True
        if "\nState:\tZ" in status:
            return True
        time.sleep(0.02)
    return False


def test_a_plain_def_that_overruns_is_killed_and_its_result_never_applied(
    action_folder: Any, tmp_path: Path
) -> None:
    marker, pid_file = tmp_path / "booked", tmp_path / "pid"
    module = f"""
        import os, pathlib, time
        def find_slots(specialty):
            pathlib.Path({str(pid_file)!r}).write_text(str(os.getpid()))
            time.sleep(30)
            pathlib.Path({str(marker)!r}).write_text("booked anyway")
            return {{"slots": ["late"]}}
        """
    folder = action_folder(module, CLINIC.replace("timeout_s: 2", "timeout_s: 0.5"))
    sync, seen = chat(folder, clinic_reply())  # warm: the call finds its function running

    began = time.monotonic()
    result = sync.send("x")
    waited = time.monotonic() - began

    assert result.step_after == "too_slow"
    assert waited < 3.5  # it did not wait for the function: it stopped it
    ended = of_type(seen, EventType.ACTION_RESULT)[0]
    assert ended["outcome"] == "timeout" and "stopped" in ended["error"]
    assert process_ended(pid_file)  # its process was killed: the side effect can never happen
    assert not marker.exists()
    assert sync.conversation.vars.values()["slots"] is None
    assert len(of_type(seen, EventType.ACTION_RESULT)) == 1  # and no late result came
    sync.close()


def test_a_child_the_plain_def_started_is_killed_with_it_at_the_deadline(
    action_folder: Any, tmp_path: Path
) -> None:
    """Issue 34 item 4: the worker's whole process group is killed, grandchildren included."""
    marker, pid_file = tmp_path / "booked", tmp_path / "child"
    module = f"""
        import pathlib, subprocess, sys, time
        def find_slots(specialty):
            child = subprocess.Popen([sys.executable, "-c",
                "import pathlib, time; time.sleep(30); "
                "pathlib.Path({str(marker)!r}).write_text('booked after the deadline')"])
            pathlib.Path({str(pid_file)!r}).write_text(str(child.pid))
            time.sleep(30)
            return {{"slots": ["late"]}}
        """
    folder = action_folder(module, CLINIC.replace("timeout_s: 2", "timeout_s: 0.5"))
    sync, seen = chat(folder, clinic_reply())

    assert sync.send("x").step_after == "too_slow"
    assert of_type(seen, EventType.ACTION_RESULT)[0]["outcome"] == "timeout"
    assert process_ended(pid_file)  # the grandchild went with its parent
    assert not marker.exists()
    sync.close()


def test_an_async_action_is_cancelled_at_its_deadline(action_folder: Any, tmp_path: Path) -> None:
    marker = tmp_path / "cancelled"
    module = f"""
        import asyncio, pathlib
        async def find_slots(specialty):
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                pathlib.Path({str(marker)!r}).write_text("cancelled")
                raise
            return {{"slots": ["never"]}}
        """
    folder = action_folder(module, CLINIC.replace("timeout_s: 2", "timeout_s: 0.3"))
    sync, seen = chat(folder, clinic_reply())

    assert sync.send("x").step_after == "too_slow"
    assert of_type(seen, EventType.ACTION_RESULT)[0]["error"] == (
        "no answer within 0.3 s: the action was cancelled"
    )
    assert marker.read_text() == "cancelled"
    sync.close()


def test_an_async_action_that_swallows_the_cancellation_is_logged_late_never_applied(
    action_folder: Any,
) -> None:
    module = """
        import asyncio
        async def find_slots(specialty):
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                await asyncio.sleep(0.2)
            return {"slots": ["late slot"]}
        """
    folder = action_folder(module, CLINIC.replace("timeout_s: 2", "timeout_s: 0.3"))
    scenario = load_scenario(folder)
    conversation = Conversation(scenario, ScriptedProvider([clinic_reply(), stay_reply()]))
    seen = events_of(conversation)

    async def talk() -> None:
        await conversation.start()
        await conversation.send("x")
        await asyncio.sleep(0.6)  # the late result arrives while the conversation waits

    asyncio.run(talk())

    results = of_type(seen, EventType.ACTION_RESULT)
    assert [r["outcome"] for r in results] == ["timeout", "ok"]
    late = results[1]
    assert late["late"] is True and late["results"] == {"slots": ["late slot"]}
    assert late["idempotency_key"] == of_type(seen, EventType.ACTION_CALL)[0]["idempotency_key"]
    assert conversation.vars.values()["slots"] is None  # never applied
    assert conversation.state.step == "too_slow"


def test_an_async_action_that_blocks_past_its_deadline_is_a_timeout(action_folder: Any) -> None:
    module = """
        import time
        async def find_slots(specialty):
            time.sleep(0.6)  # blocks the loop: the deadline cannot fire on time
            return {"slots": ["blocked"]}
        """
    folder = action_folder(module, CLINIC.replace("timeout_s: 2", "timeout_s: 0.2"))
    sync, seen = chat(folder, clinic_reply())

    assert sync.send("x").step_after == "too_slow"
    results = of_type(seen, EventType.ACTION_RESULT)
    assert [(r["outcome"], r.get("late", False)) for r in results] == [
        ("ok", True),
        ("timeout", False),
    ]
    assert sync.conversation.vars.values()["slots"] is None
    sync.close()


# --- HTTP actions ------------------------------------------------------------------------------

BOOKING = CLINIC.replace(
    """    call: {python: find_slots}
    inputs: [specialty]""",
    """    call:
      http:
        method: POST
        url: "http://127.0.0.1:{port}/slots?specialty={{specialty}}"
        headers: {Authorization: "Bearer ${CLINIC_TOKEN}"}
        json: {specialty: "{{specialty}}", wanted: "{{specialty}} soon", none: "{{first_slot}}"}""",
)


def test_an_http_action_sends_an_idempotency_key_and_a_secret_that_no_file_holds(
    action_folder: Any,
    action_service: ActionService,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    secret = "clinic-secret-token-4242"
    monkeypatch.setenv("CLINIC_TOKEN", secret)
    action_service.route("/slots", status=200, body={"slots": ["Wed 8:00"], "ignored": 1})
    folder = action_folder(None, BOOKING, port=action_service.port)
    scenario = load_scenario(folder)
    conversation = Conversation(scenario, ScriptedProvider([clinic_reply("skin & hair")]))
    log = tmp_path / "chat.jsonl"
    writer = LogWriter(log)
    writer.attach(conversation.events)
    seen = events_of(conversation)
    with SyncConversation(conversation) as sync:
        sync.start()
        result = sync.send("x")
        session = tmp_path / "session.json"
        sync.save(session)
    writer.close()

    assert result.step_after == "choose"
    request = action_service.requests[0]
    key = f"{conversation.session_id}:1:find_slots"
    assert request.headers["Idempotency-Key"] == key
    assert request.headers["Authorization"] == f"Bearer {secret}"
    assert request.path == "/slots?specialty=skin%20%26%20hair"
    assert request.body == {"specialty": "skin & hair", "wanted": "skin & hair soon", "none": None}
    ended = of_type(seen, EventType.ACTION_RESULT)[0]
    assert ended["status"] == 200 and ended["ignored"] == ["ignored"]
    call = of_type(seen, EventType.ACTION_CALL)[0]
    assert (
        call["action"]
        == f"POST http://127.0.0.1:{action_service.port}/slots?specialty={{{{specialty}}}}"
    )
    assert call["inputs"] == {"specialty": "skin & hair", "first_slot": None}
    for written in (log.read_text(encoding="utf-8"), session.read_text(encoding="utf-8")):
        assert secret not in written
    assert all(secret not in event.to_json() for event in seen)


@pytest.mark.parametrize(
    ("route", "outcome", "error"),
    [
        ({"status": 200, "body": {"outcome": "no_slots"}}, "no_slots", None),
        ({"status": 204, "raw": b""}, "ok", "no 'slots'"),
        ({"status": 503, "body": {"error": "down"}}, "error", "answered HTTP 503"),
        ({"status": 200, "raw": b"<html>oops</html>"}, "error", "is not JSON"),
        (
            {"status": 302, "raw": b"", "headers": {"Location": "http://10.1.2.3/"}},
            "error",
            "HTTP 302",
        ),
        ({"hang": True}, "timeout", "no complete answer"),
    ],
)
def test_an_http_reply_names_the_outcome(
    action_folder: Any,
    action_service: ActionService,
    monkeypatch: pytest.MonkeyPatch,
    route: dict[str, Any],
    outcome: str,
    error: str | None,
) -> None:
    monkeypatch.setenv("CLINIC_TOKEN", "t0ken-t0ken")
    action_service.route("/slots", **route)
    yaml = BOOKING.replace("timeout_s: 2", "timeout_s: 1.5")
    sync, seen = chat(action_folder(None, yaml, port=action_service.port), clinic_reply())

    sync.send("x")

    ended = of_type(seen, EventType.ACTION_RESULT)[0]
    settled = "error" if outcome == "ok" else outcome  # 204 has no results: a required one misses
    assert ended["outcome"] == settled
    if error is not None:
        assert error in (ended["error"] or "")
    sync.close()


def test_an_http_action_refuses_a_host_not_allowed_and_a_missing_secret(
    action_folder: Any, action_service: ActionService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLINIC_TOKEN", raising=False)
    sync, seen = chat(action_folder(None, BOOKING, port=action_service.port), clinic_reply())
    sync.send("x")
    assert of_type(seen, EventType.ACTION_RESULT)[0]["error"] == (
        "the environment variable CLINIC_TOKEN is not set"
    )
    sync.close()
    monkeypatch.setenv("CLINIC_TOKEN", "t0ken-t0ken")
    yaml = BOOKING.replace("allow_hosts: [127.0.0.1]", "allow_hosts: [localhost]")
    sync, seen = chat(action_folder(None, yaml, port=action_service.port), clinic_reply())
    sync.send("x")
    assert of_type(seen, EventType.ACTION_RESULT)[0]["error"] == (
        "'127.0.0.1' is not in actions.allow_hosts"
    )
    assert action_service.requests == []  # nothing was sent either time
    sync.close()


def _strings(value: Any) -> list[str]:
    """Every string of a decoded JSON value, object keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_strings(v)]]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def test_a_secret_a_service_echoes_json_escaped_is_redacted_from_results_logs_and_the_model(
    action_folder: Any,
    action_service: ActionService,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Issue 34 item 2: redaction used to work on the encoded reply, so ``\\/``, ``\\"``,
    ``\\\\`` or ``\\u0065`` hid the secret, which became a result sent to the model."""
    secret = 'tok"en\\with/slash-0042'
    monkeypatch.setenv("CLINIC_TOKEN", secret)
    escaped = json.dumps(secret)[1:-1]  # tok\"en\\with/slash-0042
    slashed = escaped.replace("/", "\\/")
    unicode = slashed.replace("e", "\\u0065")
    reply = f'{{"slots": ["{slashed}", "{unicode}"], "first_slot": "{escaped}"}}'
    action_service.route("/slots", status=200, raw=reply.encode())
    yaml = BOOKING.replace(
        "  choose:\n    instructions", "  choose:\n    on_enter: respond\n    instructions"
    )
    folder = action_folder(None, yaml, port=action_service.port)
    provider = ScriptedProvider([clinic_reply(), stay_reply()])
    conversation = Conversation(load_scenario(folder), provider)
    log = tmp_path / "chat.jsonl"
    writer = LogWriter(log)
    writer.attach(conversation.events)
    with SyncConversation(conversation) as sync:
        sync.start()
        result = sync.send("x")
        sync.save(tmp_path / "session.json")
    writer.close()

    assert result.step_after == "choose"
    assert conversation.vars.values()["slots"] == ["[REDACTED]", "[REDACTED]"]
    assert conversation.vars.values()["first_slot"] == "[REDACTED]"
    assert secret not in _sent_text(provider.requests[-1])
    written = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    written.append(json.loads((tmp_path / "session.json").read_text(encoding="utf-8")))
    assert not [text for text in _strings(written) if "slash-0042" in text]


def test_a_secret_echoed_in_an_error_reply_is_redacted_from_the_error(
    action_folder: Any, action_service: ActionService, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "plain/token-with-slash-77"
    monkeypatch.setenv("CLINIC_TOKEN", secret)
    echoed = secret.replace("/", "\\/").replace("p", "\\u0070")
    action_service.route("/slots", status=401, raw=f'{{"error": "bad {echoed}"}}'.encode())
    sync, seen = chat(action_folder(None, BOOKING, port=action_service.port), clinic_reply())
    sync.send("x")
    error = of_type(seen, EventType.ACTION_RESULT)[0]["error"]
    assert "HTTP 401" in error and "[REDACTED]" in error and "with-slash-77" not in error
    sync.close()


@pytest.mark.parametrize("value", ["..", ".", "%2e%2E", "%252e."])
def test_a_url_placeholder_value_that_makes_a_dot_segment_is_refused(
    action_folder: Any, action_service: ActionService, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """Issue 34 item 11: ``/orders/{{specialty}}/cancel`` with ``..`` is never sent as
    ``/cancel``: the client would remove the dot segment."""
    monkeypatch.setenv("CLINIC_TOKEN", "t0ken-t0ken")
    action_service.route("/slots/cancel", status=200, body={"slots": ["cancelled!"]})
    yaml = BOOKING.replace("/slots?specialty={{specialty}}", "/slots/x/{{specialty}}/cancel")
    folder = action_folder(None, yaml, port=action_service.port)
    sync, seen = chat(folder, clinic_reply(value))
    sync.send("x")
    ended = of_type(seen, EventType.ACTION_RESULT)[0]
    assert ended["outcome"] == "error" and "path segment" in ended["error"]
    assert action_service.requests == []
    sync.close()


# --- never twice -------------------------------------------------------------------------------


class _FailsOnce(ScriptedProvider):
    """The second model call of the turn fails once (the turn is rolled back), then answers."""

    def __init__(self, replies: list[Any], fail_at: int) -> None:
        super().__init__(replies)
        self.fail_at, self.attempts = fail_at, 0

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.attempts += 1
        if self.attempts == self.fail_at:
            raise ProviderServerError("the model service failed")
        return await super().complete(request)


def test_a_rolled_back_turn_sent_again_reuses_the_action_it_completed(
    action_folder: Any, action_service: ActionService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLINIC_TOKEN", "t0ken-t0ken")
    action_service.route("/slots", status=201, body={"slots": ["Wed 8:00"]})
    yaml = BOOKING.replace(
        "  choose:\n    instructions", "  choose:\n    on_enter: respond\n    instructions"
    )
    folder = action_folder(None, yaml, port=action_service.port)
    scenario = load_scenario(folder)
    provider = _FailsOnce([clinic_reply(), clinic_reply(), stay_reply("Wednesday?")], fail_at=2)
    conversation = Conversation(scenario, provider)
    seen = events_of(conversation)
    with SyncConversation(conversation) as sync:
        sync.start()
        with pytest.raises(ProviderServerError):
            sync.send("x")  # the action ran, then the step's reply failed: rolled back
        assert conversation.state.step == "ask" and conversation.vars.values()["slots"] is None
        result = sync.send("x")

    assert result.step_after == "choose" and [run.mode for run in result.actions] == ["reused"]
    assert len(action_service.requests) == 1  # booked once, not twice
    calls = of_type(seen, EventType.ACTION_CALL)
    assert [c["mode"] for c in calls] == ["live", "reused"]
    assert calls[0]["idempotency_key"] == calls[1]["idempotency_key"]
    assert conversation.vars.values()["slots"] == ["Wed 8:00"]


COUNTING = """
    import pathlib
    def find_slots(specialty, context):
        path = pathlib.Path({counter!r})
        before = path.read_text() if path.exists() else ""
        path.write_text(before + context.idempotency_key + "\\n")
        return {{"slots": ["Mon"]}}
    """


def test_an_outcome_whose_transition_is_refused_moves_on_by_error_and_acts_once(
    action_folder: Any, tmp_path: Path
) -> None:
    """Issue 34 item 14: ``ok`` requires ``booking_id``, which the action does not return.
    The turn used to fail with TransitionRefused on every retry (stuck for good)."""
    counter = tmp_path / "runs"
    refused = "      ok: {to: choose, requires: [booking_id]}"
    yaml = CLINIC.replace("      ok: {to: choose}", refused)
    folder = action_folder(COUNTING.format(counter=str(counter)), yaml)
    sync, seen = chat(folder, clinic_reply(), stay_reply())

    result = sync.send("x")

    assert result.step_after == "sorry"
    ended = of_type(seen, EventType.ACTION_RESULT)[0]
    assert ended["outcome"] == "ok" and "booking_id" in ended["error"]
    assert of_type(seen, EventType.TRANSITION)[-1]["signal"] == "error"
    assert len(counter.read_text().splitlines()) == 1
    sync.close()


def test_resume_never_runs_a_completed_action_again_a_fork_runs_it_again(
    action_folder: Any, tmp_path: Path
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
    folder = action_folder(module)
    scenario = load_scenario(folder)
    conversation = Conversation(scenario, ScriptedProvider([clinic_reply(), stay_reply()]))
    log: list[Event] = events_of(conversation)
    with SyncConversation(conversation) as sync:
        sync.start()
        sync.send("x")
        sync.send("y")
        sync.save(tmp_path / "session.json")
    assert counter.read_text().splitlines() == [f"{conversation.session_id}:1:find_slots"]

    resumed = Conversation.resume(
        tmp_path / "session.json", scenario, ScriptedProvider([stay_reply()])
    )
    with SyncConversation(resumed) as sync:
        sync.send("z")
    assert len(counter.read_text().splitlines()) == 1  # resuming ran nothing again
    assert resumed.data.actions_done  # the completed call is in the session file

    fork = Conversation.fork(log, 0, scenario, ScriptedProvider([clinic_reply(), stay_reply()]))
    with SyncConversation(fork) as sync:
        sync.send("x")
    keys = counter.read_text().splitlines()
    assert keys == [f"{conversation.session_id}:1:find_slots", f"{fork.session_id}:1:find_slots"]


def test_a_fork_from_the_log_restores_what_the_action_found(action_folder: Any) -> None:
    scenario = load_scenario(action_folder())
    conversation = Conversation(scenario, ScriptedProvider([clinic_reply()]))
    log = events_of(conversation)
    with SyncConversation(conversation) as sync:
        sync.start()
        sync.send("x")
    fork = Conversation.fork(log, 1, scenario, ScriptedProvider([]))

    assert fork.state.step == "choose"
    assert fork.vars.values()["slots"] == ["Mon 9:00", "Tue 14:30"]
    assert fork.results["find_slots"]["first_slot"] == "Mon 9:00"
    assert [change.source for change in fork.vars.history("slots")] == ["action"]


# --- runners -------------------------------------------------------------------------------


def test_stubs_answer_the_kinds_they_stub_and_hand_on_the_rest(action_folder: Any) -> None:
    scenario = load_scenario(action_folder())
    stub = StubbedActions(
        {"find_slots": Stub(outcome="no_slots")}, kinds={"http"}, otherwise=LiveActions()
    )
    step = scenario.steps["find_slots"]
    request = ActionRequest(scenario, step, {"specialty": "x"}, {}, _context())

    assert stub.mode(request) == "live"  # a Python step is not stubbed: it runs
    everything = StubbedActions({"find_slots": Stub(outcome="no_slots")})
    assert everything.mode(request) == "stubbed"
    assert asyncio.run(everything.run(request)).outcome == "no_slots"
    missing = asyncio.run(StubbedActions({}).run(request))
    assert missing.outcome == "error" and "no stub" in (missing.error or "")


def _context() -> Any:
    from engine.actions.context import ActionContext

    return ActionContext("s", 1, "find_slots", "s:1:find_slots")


def test_a_python_action_sees_its_context_and_reads_the_folder_through_the_bounded_reader(
    action_folder: Any,
) -> None:
    module = """
        def find_slots(specialty, context):
            return {"slots": [context.read_text("ask.md").strip(), context.step, str(context.turn)]}
        """
    sync, _ = chat(action_folder(module), clinic_reply())

    sync.send("x")

    assert sync.conversation.vars.values()["slots"] == ["Ask which specialty.", "find_slots", "1"]
    sync.close()


def test_an_action_reading_outside_its_folder_or_a_fifo_fails_as_error(
    action_folder: Any, tmp_path: Path
) -> None:
    import os

    fifo = tmp_path / "clinic" / "pipe"
    module = """
        def find_slots(specialty, context):
            return {"slots": [context.read_text(specialty)]}
        """
    folder = action_folder(module)
    os.mkfifo(fifo)
    for where, why in (("../x", "outside the scenario folder"), ("pipe", "not a regular file")):
        sync, seen = chat(folder, clinic_reply(where))
        assert sync.send("x").step_after == "sorry"
        assert why in (of_type(seen, EventType.ACTION_RESULT)[0]["error"] or ""), why
        sync.close()


def test_an_edited_module_is_loaded_again_and_prints_do_not_garble_the_worker(
    action_folder: Any,
) -> None:
    folder = action_folder(
        'def find_slots(specialty):\n    print("hello")\n    return {"slots": ["one"]}\n'
    )
    sync, _ = chat(folder, clinic_reply())
    sync.send("x")
    assert sync.conversation.vars.values()["slots"] == ["one"]
    sync.close()
    time.sleep(0.01)
    (folder / "actions.py").write_text(
        'def find_slots(specialty):\n    return {"slots": ["two", "three"]}\n'
    )
    sync, _ = chat(folder, clinic_reply())
    sync.send("x")
    assert sync.conversation.vars.values()["slots"] == ["two", "three"]
    sync.close()


def test_a_module_that_does_not_load_is_the_outcome_error(action_folder: Any) -> None:
    module = "import not_a_module_anywhere\n\ndef find_slots(specialty):\n    return {}\n"
    sync, seen = chat(action_folder(module), clinic_reply())

    assert sync.send("x").step_after == "sorry"
    error = of_type(seen, EventType.ACTION_RESULT)[0]["error"] or ""
    assert "the actions module does not load: ModuleNotFoundError" in error
    sync.close()
