"""Worker processes for plain ``def`` actions: a call that overruns its time is killed.

Why processes: a timed-out function that keeps running can still book the slot after the bot
said it failed (pipecat #4936). An ``async def`` can be cancelled and an HTTP request given a
real timeout, but a plain function cannot be stopped inside the process that runs it; a thread
would have to be abandoned, still running. So each actions module gets a small pool of worker
processes (:mod:`engine.actions.worker_main`); a call takes an idle one, and if it has not
answered by its deadline the process is killed — the function stops where it was — and a fresh
one is started in the background for the next call. Nothing of a killed call is ever applied:
its result cannot come, because its process is gone. A worker leads a process group of its own,
and the whole group is killed: a child the function started (a subprocess, a fork) stops too.

What that means for side effects (``docs/actions.md``): whatever the function did before it was
killed is done (a request it already sent was sent), and nothing after; module state (a cache, a
connection) lives in the worker and is lost when it is killed. Pass ``context.idempotency_key``
on to the service so that a retried turn is recognised.

The pool is shared by every conversation of the process that calls the same module (a
simulation, a server, the studio's chat and its *Try it*), so the cost of starting a process —
a tenth of a second to half a second — is paid once, and :meth:`WorkerPool.warm` pays it before
the first call. A worker is a program of its own (``python -m engine.actions.worker_main``; that
module says why not ``multiprocessing``), killed when its pool is closed and at exit. A pool
notices an edited module (its modification time and size) and replaces its workers. The
deadline covers everything, waiting for a worker included: the conversation moves on at
``timeout_s``.

Calls are blocking (:meth:`WorkerPool.call`) and run on a thread of the caller's; the pool is
thread-safe, since the studio's chat, its tests and its *Try it* run on threads of their own.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions.module_loader import file_stamp
from engine.actions.worker_main import (
    MAX_MESSAGE_BYTES,
    WORKER_FLAG,
    read_message,
    write_message,
)

#: Worker processes per actions module; calls beyond wait for one (their deadline running).
DEFAULT_POOL_SIZE = max(2, min(4, os.cpu_count() or 2))
#: How often a waiting call looks at its deadline and its cancellation.
_POLL_S = 0.02
#: How long a killed worker is given to be gone.
_REAP_S = 2.0


@dataclass(frozen=True)
class Returned:
    """The function returned: its value (a JSON value), and how long it ran."""

    value: Any
    action_s: float


@dataclass(frozen=True)
class Raised:
    """The function raised (or returned something that is not JSON)."""

    message: str
    action_s: float


@dataclass(frozen=True)
class TimedOut:
    """No answer by the deadline; ``ran`` says whether the function had started (and was
    killed) or the call was still waiting for a worker."""

    ran: bool


@dataclass(frozen=True)
class Broken:
    """The module does not load, or the worker died during the call."""

    message: str


WorkerReply = Returned | Raised | TimedOut | Broken


class _Worker:
    """One worker process and the parent's ends of its pipes.

    Its messages are read straight from the pipe where the platform allows (POSIX): by the
    event loop of a call waiting for one (``add_reader``: no thread in between, so a call costs
    two hand-overs, the worker's and the loop's), or with ``select`` by a blocking wait that
    can time out. Elsewhere a thread reads them into a queue.
    """

    def __init__(self, process: subprocess.Popen[bytes], stamp: Any) -> None:
        self.process = process
        self.stamp = stamp
        stream = process.stdout
        assert stream is not None
        self._fd = stream.fileno()
        self._frames = _Frames()
        self._ended = False
        #: POSIX: read the pipe directly; elsewhere a thread fills :attr:`_queue`.
        self.direct = os.name == "posix"
        self._queue: queue.Queue[dict[str, Any] | None] = queue.Queue()
        if self.direct:
            os.set_blocking(self._fd, False)
        else:
            threading.Thread(target=self._read, name="prompter-action-read", daemon=True).start()

    # --- reading ---------------------------------------------------------------------------

    def _read(self) -> None:
        """The reader thread (not POSIX)."""
        stream = self.process.stdout
        try:
            while stream is not None:
                message = read_message(stream)
                if message is None:
                    break
                self._queue.put(message)
        except (OSError, ValueError):
            pass
        self._queue.put(None)  # the end: the process died, or was killed

    def _pull(self) -> None:
        """Read what the pipe holds now (POSIX, non-blocking)."""
        while not self._ended:
            try:
                chunk = os.read(self._fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._ended = True
                return
            self._frames.feed(chunk)

    def _next(self) -> dict[str, Any] | bool | None:
        """A message read already; ``None`` at the end; ``False`` when none is there yet."""
        try:
            message = self._frames.pop()
        except ValueError:
            self._ended = True
            return None
        if message is not None:
            return message
        return None if self._ended else False

    def receive(self, timeout: float) -> dict[str, Any] | None:
        """The next message; ``None`` when the worker is gone; :class:`queue.Empty` when none
        came within ``timeout``."""
        if not self.direct:
            return self._queue.get(timeout=max(timeout, 0.0))
        deadline = time.monotonic() + timeout
        while True:
            found = self._next()
            if found is not False:
                return found if isinstance(found, dict) else None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise queue.Empty
            ready, _, _ = select.select([self._fd], [], [], remaining)
            if ready:
                self._pull()

    def expect(self, future: asyncio.Future[Any]) -> None:
        """Hand the next message to ``future`` from its loop (POSIX selector loops; raises
        ``NotImplementedError`` elsewhere: the caller then waits with :meth:`receive`)."""
        if not self.direct:
            raise NotImplementedError("messages are read by a thread here")
        loop = future.get_loop()
        found = self._next()
        if found is not False:
            future.set_result(found)
            return
        loop.add_reader(self._fd, self._readable, loop, future)

    def _readable(self, loop: asyncio.AbstractEventLoop, future: asyncio.Future[Any]) -> None:
        self._pull()
        found = self._next()
        if found is False and not future.done():
            return
        self.stop_expecting(loop)
        if not future.done():
            future.set_result(found)

    def stop_expecting(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.direct:
            with contextlib.suppress(Exception):
                loop.remove_reader(self._fd)

    # --- writing and ending -------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        stream = self.process.stdin
        if stream is None:
            raise OSError("the worker has no input")
        write_message(stream, message)

    def kill(self) -> None:
        kill_group(self.process)
        with contextlib.suppress(Exception):
            self.process.wait(_REAP_S)
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(Exception):
                if stream is not None:
                    stream.close()


class _Frames:
    """Messages out of bytes as they arrive: each one's length (4 bytes), then its JSON."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> None:
        self._buffer.extend(data)

    def pop(self) -> dict[str, Any] | None:
        """The next whole message, or ``None`` if it has not all arrived; ``ValueError`` for
        bytes that are not a message."""
        if len(self._buffer) < 4:
            return None
        size = int.from_bytes(self._buffer[:4], "big")
        if size > MAX_MESSAGE_BYTES:
            raise ValueError(f"a message of {size} bytes is too large")
        if len(self._buffer) < 4 + size:
            return None
        data = bytes(self._buffer[4 : 4 + size])
        del self._buffer[: 4 + size]
        value = json.loads(data.decode("utf-8"))
        if not isinstance(value, dict):
            raise ValueError("a message must be a JSON object")
        return value


class WorkerPool:
    """The worker processes of one actions module (see the module docstring)."""

    def __init__(self, module: Path, *, size: int = DEFAULT_POOL_SIZE) -> None:
        self.module = module
        self.size = max(1, size)
        self._lock = threading.Condition()
        self._idle: list[_Worker] = []
        self._alive = 0  # idle, busy and starting
        self._warming = 0  # starting in the background, for whoever calls next
        self._busy: set[_Worker] = set()
        self._closed = False
        #: The module as it was when it last failed to load, and why: calls fail at once
        #: until the file changes (no process is started again for a module that cannot load).
        self._broken: tuple[Any, str] | None = None
        #: Calls killed at their deadline, and workers started: figures for tests and benches.
        self.killed = 0
        self.started = 0

    # --- public ------------------------------------------------------------------------------

    def warm(self) -> None:
        """Start a worker in the background if none is idle, so the first call finds one."""
        with self._lock:
            if self._closed or self._idle or self._warming or self._alive >= self.size:
                return
            self._alive += 1
            self._warming += 1
        threading.Thread(target=self._start_idle, name="prompter-action-warm", daemon=True).start()

    def call(
        self,
        function: str,
        inputs: dict[str, Any],
        context: dict[str, Any],
        *,
        deadline: float,
        cancelled: threading.Event | None = None,
    ) -> WorkerReply:
        """Run ``function`` in a worker; blocks until it answers or ``deadline`` (a
        :func:`time.monotonic` time) passes, or ``cancelled`` is set (the worker is killed)."""
        stop = cancelled or threading.Event()
        acquired = self._acquire(deadline, stop)
        if not isinstance(acquired, _Worker):
            return acquired
        worker = acquired
        try:
            worker.send({"call": function, "inputs": inputs, "context": context})
        except (OSError, ValueError, TypeError) as error:
            self._discard(worker)
            return Broken(f"the action's worker process is gone ({error})")
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or stop.is_set():
                self._discard(worker, killed=True)
                return TimedOut(ran=True)
            try:
                reply = worker.receive(min(remaining, _POLL_S))
            except queue.Empty:
                continue
            return self._answered(worker, reply)

    async def call_soon(
        self,
        function: str,
        inputs: dict[str, Any],
        context: dict[str, Any],
        *,
        deadline: float,
    ) -> WorkerReply | None:
        """:meth:`call` on the running loop, when a worker is idle (``None`` when none is: the
        caller then waits for one with :meth:`call`, on a thread). Cancelling it kills the
        worker, as a deadline does."""
        with self._lock:
            stamp = file_stamp(self.module)
            worker = next((w for w in reversed(self._idle) if w.stamp == stamp), None)
            if worker is None:
                return None
            self._idle.remove(worker)
            self._busy.add(worker)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        try:
            worker.expect(future)
        except NotImplementedError:  # a loop that cannot watch a pipe: wait on a thread
            self._release(worker)
            return None
        try:
            worker.send({"call": function, "inputs": inputs, "context": context})
        except (OSError, ValueError, TypeError) as error:
            worker.stop_expecting(loop)
            self._discard(worker)
            return Broken(f"the action's worker process is gone ({error})")
        try:
            done, _ = await asyncio.wait({future}, timeout=max(deadline - time.monotonic(), 0))
        except asyncio.CancelledError:
            worker.stop_expecting(loop)
            self._discard(worker, killed=True)
            raise
        if not done:
            worker.stop_expecting(loop)
            self._discard(worker, killed=True)
            return TimedOut(ran=True)
        return self._answered(worker, future.result())

    def close(self) -> None:
        """Kill every worker; the pool starts none again."""
        with self._lock:
            self._closed = True
            workers = [*self._idle, *self._busy]
            self._idle.clear()
            self._busy.clear()
            self._alive = 0
            self._lock.notify_all()
        for worker in workers:
            worker.kill()

    def ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for an idle worker (starting one if none is); False
        when none came, or the module does not load."""
        self.warm()
        deadline = time.monotonic() + timeout
        with self._lock:
            while not self._idle:
                remaining = deadline - time.monotonic()
                broken = self._broken is not None and self._broken[0] == file_stamp(self.module)
                if remaining <= 0 or broken or self._closed:
                    return False
                self.warm()  # again, if a start failed (the lock is reentrant)
                self._lock.wait(min(remaining, _POLL_S * 5))
            return True

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def idle(self) -> int:
        with self._lock:
            return len(self._idle)

    # --- the workers ---------------------------------------------------------------------------

    def _acquire(self, deadline: float, stop: threading.Event) -> _Worker | WorkerReply:
        stamp = file_stamp(self.module)
        with self._lock:
            while True:
                stale = [worker for worker in self._idle if worker.stamp != stamp]
                for worker in stale:
                    self._idle.remove(worker)
                    self._alive -= 1
                    threading.Thread(target=worker.kill, daemon=True).start()
                if self._idle:
                    worker = self._idle.pop()
                    self._busy.add(worker)
                    return worker
                if self._closed:
                    return Broken("the action workers were shut down")
                if self._broken is not None and self._broken[0] == stamp:
                    return Broken(self._broken[1])
                if self._alive < self.size and not self._warming:
                    self._alive += 1
                    break
                remaining = deadline - time.monotonic()
                if remaining <= 0 or stop.is_set():
                    return TimedOut(ran=False)
                self._lock.wait(min(remaining, _POLL_S * 5))
        started = self._start(deadline, stop)
        if isinstance(started, _Worker):
            with self._lock:
                self._busy.add(started)
            return started
        with self._lock:
            self._alive -= 1
            self._lock.notify()
        return started

    def _start(self, deadline: float, stop: threading.Event) -> _Worker | WorkerReply:
        """A new worker, ready for a call; or why there is none by ``deadline``."""
        stamp = file_stamp(self.module)
        try:
            process = subprocess.Popen(
                worker_command(self.module),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=worker_environment(),
                close_fds=True,
                # a group of its own, killed whole: a child the function started (a
                # subprocess, a fork) stops with it instead of acting after the deadline
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            return Broken(f"cannot start a process for the actions: {error}")
        self.started += 1
        worker = _Worker(process, stamp)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or stop.is_set():
                worker.kill()
                return TimedOut(ran=False)
            try:
                hello = worker.receive(min(remaining, _POLL_S))
            except queue.Empty:
                continue
            if hello is None:
                code = process.poll()
                worker.kill()
                return Broken(f"the action's worker process ended as it started (exit code {code})")
            if hello.get("ready"):
                self._broken = None
                return worker
            worker.kill()
            self._broken = (stamp, str(hello.get("broken")))
            return Broken(self._broken[1])

    def _start_idle(self) -> None:
        started = self._start(time.monotonic() + 60.0, threading.Event())
        with self._lock:
            self._warming -= 1
            if isinstance(started, _Worker) and not self._closed:
                self._idle.append(started)
                self._lock.notify()
                return
            self._alive -= 1
            self._lock.notify()
        if isinstance(started, _Worker):
            started.kill()

    def _answered(self, worker: _Worker, reply: dict[str, Any] | None) -> WorkerReply:
        """What a worker's answer says (``None``: its process ended); the worker is released
        back to the pool, or discarded when it is gone."""
        if reply is None:
            code = worker.process.poll()
            self._discard(worker)
            return Broken(f"the action's worker process ended (exit code {code})")
        self._release(worker)
        seconds = float(reply.get("seconds") or 0.0)
        if "returned" in reply:
            return Returned(reply["returned"], seconds)
        return Raised(str(reply.get("raised")), seconds)

    def _release(self, worker: _Worker) -> None:
        stamp = file_stamp(self.module)
        with self._lock:
            self._busy.discard(worker)
            if self._closed or worker.stamp != stamp:
                self._alive -= 1
                retire = True
            else:
                self._idle.append(worker)
                retire = False
            self._lock.notify()
        if retire:
            worker.kill()

    def _discard(self, worker: _Worker, *, killed: bool = False) -> None:
        """Kill ``worker`` (it overran, or died) and start a replacement, in the background:
        the call returns at once."""
        kill_group(worker.process)  # at once: the function and its children stop now
        threading.Thread(target=worker.kill, name="prompter-action-reap", daemon=True).start()
        with self._lock:
            self._busy.discard(worker)
            self._alive -= 1
            if killed:
                self.killed += 1
            self._lock.notify()
        self.warm()


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill a worker and every process of its group (it leads one: ``start_new_session``),
    so that nothing the function started outlives the kill."""
    if os.name == "posix" and process.returncode is None:  # not reaped: its pid is still its
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(Exception):
        process.kill()


def worker_command(module: Path) -> list[str]:
    """How a worker for ``module`` is started: this Python with the worker module, or, in a
    frozen bundle, the bundle's executable with the worker flag."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG, str(module)]
    return [sys.executable, "-m", "engine.actions.worker_main", str(module)]


def worker_environment() -> dict[str, str]:
    """This process's environment, with the engine's folder first on ``PYTHONPATH`` (the engine
    may be imported from a checkout rather than installed)."""
    environment = dict(os.environ)
    home = str(Path(__file__).resolve().parents[2])
    paths = [home, *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
    environment["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return environment


# --- one pool per module, for the whole process -----------------------------------------------

_POOLS: dict[Path, WorkerPool] = {}
_POOLS_LOCK = threading.Lock()


def pool_for(module: Path) -> WorkerPool:
    """The pool of ``module`` (one per resolved path, for the whole process)."""
    key = module.resolve()
    with _POOLS_LOCK:
        pool = _POOLS.get(key)
        if pool is None or pool.closed:
            pool = _POOLS[key] = WorkerPool(key)
        return pool


def shutdown() -> None:
    """Kill every worker of every pool (at exit; tests call it too)."""
    with _POOLS_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.close()


atexit.register(shutdown)


__all__ = [
    "DEFAULT_POOL_SIZE",
    "Broken",
    "Raised",
    "Returned",
    "TimedOut",
    "WorkerPool",
    "WorkerReply",
    "pool_for",
    "shutdown",
]
