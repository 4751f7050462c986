"""A ticket service on 127.0.0.1: what the shipped support desk's HTTP action opens tickets in.

The support desk's ``open_ticket`` step POSTs the ticket to ``http://127.0.0.1:8099/tickets``
with ``Authorization: Bearer ${LEDGERLY_API_TOKEN}``. This is that service, small enough to read
in one go, for the shipped tests (recording them, and running them live), for demos of the
studio's chat, and as an example of what an action's service should do with an
``Idempotency-Key``: the same key gets the same ticket back, never a second one::

    python -m engine.offline.ticket_service [--port 8099] [--token TOKEN]

``POST /tickets`` with a JSON object answers ``201 {"ticket_id": "LG-1001"}`` (``200`` and the same
id for a key it has seen); a wrong token is a ``401``, a body that is no JSON object a ``400``.
``GET /tickets`` lists what it holds. ``delay`` (seconds) makes it slow, to try timeouts. Every
request is kept in :attr:`TicketService.requests` for tests to read.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self

#: The port the shipped support desk's ``open_ticket`` step calls.
DEFAULT_PORT = 8099
#: The environment variable the support desk reads its token from.
TOKEN_VARIABLE = "LEDGERLY_API_TOKEN"
#: A request body larger than this is refused.
MAX_BODY_BYTES = 64 * 1024


@dataclass(frozen=True)
class TicketRequest:
    """One request as the service saw it."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class TicketService:
    """The service (see the module docstring); a context manager, or ``start()``/``stop()``."""

    port: int = 0
    token: str | None = None
    delay: float = 0.0
    first_number: int = 1001
    tickets: dict[str, dict[str, Any]] = field(default_factory=dict)
    requests: list[TicketRequest] = field(default_factory=list)
    _by_key: dict[str, str] = field(default_factory=dict)
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/tickets"

    def start(self) -> Self:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                service._answer(self)

            def do_GET(self) -> None:
                service._answer(self)

            def log_message(self, format: str, *args: Any) -> None:
                """Quiet: tests and demos read :attr:`TicketService.requests` instead."""

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},  # stop() waits for one poll at most
            name="ticket-service",
            daemon=True,
        ).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    # --- answering -----------------------------------------------------------------------------

    def _answer(self, handler: BaseHTTPRequestHandler) -> None:
        length = min(int(handler.headers.get("Content-Length") or 0), MAX_BODY_BYTES + 1)
        raw = handler.rfile.read(length) if length else b""
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        headers = {name: value for name, value in handler.headers.items()}
        with self._lock:
            self.requests.append(TicketRequest(handler.command, handler.path, headers, body))
        if self.delay:
            time.sleep(self.delay)
        if handler.path.rstrip("/") != "/tickets":
            return _send(handler, 404, {"error": "no such endpoint"})
        if self.token is not None and headers.get("Authorization") != f"Bearer {self.token}":
            return _send(handler, 401, {"error": "missing or wrong token"})
        if handler.command == "GET":
            with self._lock:
                return _send(handler, 200, {"tickets": list(self.tickets.values())})
        if len(raw) > MAX_BODY_BYTES or not isinstance(body, dict):
            return _send(handler, 400, {"error": "the body must be a JSON object"})
        key = headers.get("Idempotency-Key")
        with self._lock:
            known = self._by_key.get(key) if key else None
            if known is not None:
                return _send(handler, 200, {"ticket_id": known, "duplicate": True})
            ticket_id = f"LG-{self.first_number + len(self.tickets)}"
            self.tickets[ticket_id] = {"ticket_id": ticket_id, **body}
            if key:
                self._by_key[key] = ticket_id
        return _send(handler, 201, {"ticket_id": ticket_id})


def _send(handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode("utf-8")
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--token", help=f"the token to require (what {TOKEN_VARIABLE} holds)")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds before each answer")
    args = parser.parse_args(argv)
    with TicketService(port=args.port, token=args.token, delay=args.delay) as service:
        print(f"ticket service on {service.url} (Ctrl-C stops it)", file=sys.stderr)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


__all__ = ["DEFAULT_PORT", "TOKEN_VARIABLE", "TicketRequest", "TicketService", "main"]

if __name__ == "__main__":
    sys.exit(main())
