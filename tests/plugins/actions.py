"""Fixtures for action steps: a scenario folder with actions, an HTTP service on 127.0.0.1.

* ``action_folder``: writes a small clinic scenario (``scenario.yaml`` from :data:`CLINIC`, with
  an ``actions.py`` the test gives) into a temporary folder; ``{port}`` in the YAML is the
  ``action_service``'s port when the test uses it.
* ``action_service``: an HTTP service on 127.0.0.1 the test programs per path
  (``service.route("/book", status=201, body={...}, delay=0.2)``; ``hang=True`` never answers)
  and whose requests it reads (``service.requests``).
* ``clinic_provider``: a scripted provider whose one reply moves to the action step.
* autouse, once per session: every worker process started for plain ``def`` actions is ended.
"""

from __future__ import annotations

import json
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from engine.actions import workers

#: A scenario whose second step is an action; tests replace ``call`` and the transitions as they
#: need. The model's reply to the first message moves there (see ``clinic_reply``).
CLINIC = """\
name: clinic
start: ask
persona: persona.md
actions:
  allow_hosts: [127.0.0.1]
variables:
  specialty: {type: string}
  slots: {type: list}
  first_slot: {type: string}
  booking_id: {type: string}
  count: {type: integer}
steps:
  ask:
    instructions: ask.md
    results:
      specialty: {type: string, required: true}
    transitions:
      known: {to: find_slots, requires: [specialty]}
  find_slots:
    kind: action
    call: {python: find_slots}
    inputs: [specialty]
    results:
      slots: {type: list, required: true}
      first_slot: {type: string}
      count: {type: integer}
    timeout_s: 2
    transitions:
      ok: {to: choose}
      no_slots: {to: waitlist}
      error: {to: sorry}
      timeout: {to: too_slow}
  choose:
    instructions: choose.md
    results:
      booking_id: {type: string}
    transitions:
      done: {to: bye}
  waitlist:
    kind: message
    text: "No slot for {{specialty}}: you are on the waiting list."
    final: true
  sorry:
    kind: message
    text: "Sorry, the calendar failed."
    final: true
  too_slow:
    kind: message
    text: "Sorry, the calendar is too slow today."
    final: true
  bye:
    kind: message
    text: "Bye."
    final: true
"""

#: The default actions module of ``action_folder``.
ACTIONS = """\
def find_slots(specialty, context):
    if specialty == "none":
        return {"outcome": "no_slots"}
    if specialty == "boom":
        raise RuntimeError("the calendar exploded")
    return {"slots": ["Mon 9:00", "Tue 14:30"], "first_slot": "Mon 9:00", "count": "2"}
"""


def clinic_reply(specialty: str = "dermatology") -> dict[str, Any]:
    """The model's reply that moves the clinic to its action step."""
    return {
        "message": "Let me look.",
        "transition": "known",
        "results": {"specialty": specialty},
        "summary": f"wants {specialty}",
    }


def stay_reply(message: str = "Which one?") -> dict[str, Any]:
    return {"message": message, "transition": "stay", "results": {}, "summary": "choosing"}


@pytest.fixture
def action_folder(tmp_path: Path) -> Callable[..., Path]:
    """``make(actions=ACTIONS, yaml=CLINIC, port=0, name="clinic")`` → the folder."""

    def make(
        actions: str | None = ACTIONS, yaml: str = CLINIC, port: int = 0, name: str = "clinic"
    ) -> Path:
        folder = tmp_path / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "scenario.yaml").write_text(yaml.replace("{port}", str(port)), encoding="utf-8")
        (folder / "persona.md").write_text("You are a clinic's assistant.\n", encoding="utf-8")
        (folder / "ask.md").write_text("Ask which specialty.\n", encoding="utf-8")
        (folder / "choose.md").write_text("Offer {{slots}}; the first is {{first_slot}}.\n")
        if actions is not None:
            (folder / "actions.py").write_text(textwrap.dedent(actions), encoding="utf-8")
        return folder

    return make


@dataclass
class Route:
    status: int = 200
    body: Any = None
    raw: bytes | None = None
    delay: float = 0.0
    hang: bool = False
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class SeenRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


class ActionService:
    """See the module docstring."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[SeenRequest] = []
        self.released = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                service.answer(self)

            def do_GET(self) -> None:
                service.answer(self)

            def log_message(self, format: str, *args: Any) -> None:
                """Quiet."""

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def route(self, path: str, **fields: Any) -> None:
        self.routes[path] = Route(**fields)

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        path = handler.path.split("?")[0]
        self.requests.append(
            SeenRequest(handler.command, handler.path, dict(handler.headers.items()), body)
        )
        route = self.routes.get(path, Route(status=404, body={"error": "no route"}))
        if route.hang:
            self.released.wait(30)
            return
        if route.delay:
            time.sleep(route.delay)
        data = route.raw if route.raw is not None else json.dumps(route.body).encode("utf-8")
        try:
            handler.send_response(route.status)
            for name, value in route.headers.items():
                handler.send_header(name, value)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.write(data)
        except OSError:  # the client gave up (a timeout): nothing to answer
            pass

    def close(self) -> None:
        self.released.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def action_service() -> Iterator[ActionService]:
    service = ActionService()
    try:
        yield service
    finally:
        service.close()


@pytest.fixture(autouse=True, scope="session")
def _end_action_workers() -> Iterator[None]:
    yield
    workers.shutdown()
