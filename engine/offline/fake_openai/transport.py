"""The fake's HTTP plumbing: a threading server on 127.0.0.1 that leaves no socket open.

It knows nothing of OpenAI: each request's method, path, headers and body go to a ``handle``
function (the fake's logic, :mod:`engine.offline.fake_openai.server`), whose :class:`Outcome`
says what to send — a status and a body, maybe after a delay — or to drop the connection.
Stopping cuts open connections (keep-alive reads, late answers) and waits for their threads.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self, TypeAlias

from engine.offline.fake_openai.bodies import new_id


@dataclass
class Outcome:
    """What the handler does: send ``status``/``body`` (maybe after ``delay``), or drop.

    ``events``: a stream instead of a body (``text/event-stream``, chunked), each event's bytes
    after its own pause. ``cut_after``: close the connection after that many events (a stream),
    or half-way through the body. ``trickle_s``: send the body one byte at a time, that far
    apart. A ``bytes`` body is sent as it is (its ``content-type`` among ``headers``).
    """

    status: int = 200
    body: Any = None
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0
    drop: bool = False
    events: list[tuple[float, bytes]] | None = None
    cut_after: int | None = None
    trickle_s: float = 0.0


#: ``handle(method, path, headers, raw_body)``: what to answer one request with.
Handle: TypeAlias = Callable[[str, str, Mapping[str, str], bytes], Outcome]


class FakeHTTPServer(ThreadingHTTPServer):
    """A threading server that knows its connections, so stopping leaves none open."""

    allow_reuse_address = True
    request_queue_size = 1024  # the listen backlog: 200 clients connecting at once all get in

    def __init__(self, handle: Handle, stopping: threading.Event, port: int) -> None:
        #: What answers a request (the fake's logic); called from the connection's thread.
        self.handle = handle
        #: Set when the fake stops: a late answer still waiting is not sent.
        self.stopping = stopping
        self._connections: set[socket.socket] = set()
        self._handlers: set[threading.Thread] = set()
        self._guard = threading.Lock()
        super().__init__(("127.0.0.1", port), Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self._serve_connection,
            args=(request, client_address),
            name="fake-openai-connection",
            daemon=True,
        )
        with self._guard:
            self._connections.add(request)
            self._handlers.add(thread)
        thread.start()

    def _serve_connection(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except OSError:
            pass  # the client went away: nothing to answer
        finally:
            self.shutdown_request(request)
            with self._guard:
                self._connections.discard(request)
                self._handlers.discard(threading.current_thread())

    def close_all(self) -> None:
        """Unblock every handler (keep-alive reads, late answers), wait for them, close."""
        with self._guard:
            connections, handlers = list(self._connections), list(self._handlers)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        for handler in handlers:
            handler.join(timeout=5)
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: FakeHTTPServer
    server_version = "fake-openai/1"

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def log_message(self, format: str, *args: Any) -> None:
        """Silent: tests read ``server.requests`` instead of a log on stderr."""

    def _serve(self) -> None:
        # Each event leaves at once, as the service's do (no Nagle delay on small writes).
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        outcome = self.server.handle(self.command, self.path, dict(self.headers.items()), raw)
        if outcome.drop:
            self.close_connection = True
            return
        if outcome.delay > 0 and self._wait(outcome.delay):
            return
        if outcome.events is not None:
            self._stream(outcome, outcome.events)
            return
        if isinstance(outcome.body, bytes):
            payload, content_type = outcome.body, None
        elif isinstance(outcome.body, (dict, list)):
            payload, content_type = json.dumps(outcome.body).encode(), "application/json"
        else:
            payload = str(outcome.body or "").encode()
            content_type = "text/plain; charset=utf-8"
        self._head(outcome, content_type, len(payload))
        if outcome.cut_after is not None:
            self.wfile.write(payload[: len(payload) // 2])
            self.close_connection = True
        elif outcome.trickle_s > 0:
            for index in range(len(payload)):
                if self._wait(outcome.trickle_s):
                    return
                self.wfile.write(payload[index : index + 1])
        else:
            self.wfile.write(payload)

    def _head(self, outcome: Outcome, content_type: str | None, length: int | None) -> None:
        self.send_response(outcome.status)
        if content_type is not None:
            self.send_header("content-type", content_type)
        if length is None:
            self.send_header("transfer-encoding", "chunked")
        else:
            self.send_header("content-length", str(length))
        self.send_header("x-request-id", new_id("req_"))
        self.send_header("openai-processing-ms", "1")
        for name, value in outcome.headers:
            self.send_header(name, value)
        self.end_headers()

    def _stream(self, outcome: Outcome, events: list[tuple[float, bytes]]) -> None:
        """The events as a chunked ``text/event-stream``, each after its pause."""
        self._head(outcome, "text/event-stream; charset=utf-8", None)
        for index, (pause, event) in enumerate(events):
            if outcome.cut_after is not None and index >= outcome.cut_after:
                self.close_connection = True  # no closing chunk: the client sees a cut body
                return
            if pause > 0 and self._wait(pause):
                return
            self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
        self.wfile.write(b"0\r\n\r\n")

    def _wait(self, seconds: float) -> bool:
        """Wait ``seconds``; True (and the connection is to close) when the fake stops."""
        if self.server.stopping.wait(seconds):
            self.close_connection = True
            return True
        return False


class ServedFake:
    """Start, stop and address of a fake service on 127.0.0.1 (the OpenAI one, the vendors').

    Subclasses set ``title`` (its thread's name and its messages), call :meth:`_serve_on` from
    their ``__init__`` and answer in ``_handle``.
    """

    title: str

    def _serve_on(self, port: int) -> None:
        self._port = port
        self._stopping = threading.Event()
        self._http: FakeHTTPServer | None = None
        self._thread: threading.Thread | None = None

    def _handle(self, method: str, path: str, headers: Mapping[str, str], raw: bytes) -> Outcome:
        raise NotImplementedError

    def start(self) -> Self:
        if self._http is not None:
            return self
        self._stopping.clear()
        self._http = FakeHTTPServer(self._handle, self._stopping, self._port)
        self._thread = threading.Thread(
            target=self._http.serve_forever,
            kwargs={"poll_interval": 0.05},
            name=self.title,
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving, cut open connections, wait for handlers: no socket is left open."""
        http, thread = self._http, self._thread
        if http is None or thread is None:
            return
        self._stopping.set()
        http.shutdown()
        thread.join()
        http.close_all()
        self._http = self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._http is None:
            raise RuntimeError(f"the {self.title} is not started")
        return int(self._http.server_address[1])


__all__ = ["FakeHTTPServer", "Handle", "Handler", "Outcome", "ServedFake"]
