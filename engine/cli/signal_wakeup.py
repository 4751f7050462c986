"""Ctrl-C reaches a command's event loop whichever thread the kernel hands it to.

``asyncio.Runner`` turns Ctrl-C during ``run`` into a cancellation of the running task: its
handler runs in the main thread, when that thread next runs Python code. The kernel delivers a
signal sent to the process to any thread that does not block it, though: to the provider's own
loop thread, say, while the main thread sleeps in ``epoll_wait`` until the model answers. The
handler then waited for the model call to end (its whole timeout, 60 s by default) before the
user's Ctrl-C did anything. :func:`signals_wake` gives the loop a wakeup file descriptor
(``signal.set_wakeup_fd``, what ``loop.add_signal_handler`` does for its own handlers): a signal
in any thread writes to it, the loop wakes, and the handler runs at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import threading
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

__all__ = ["run", "signals_wake"]

_T = TypeVar("_T")


def _drain(reader: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while reader.recv(4096):
            pass


@contextlib.contextmanager
def signals_wake(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """While inside, any signal wakes ``loop``. Only the main thread may set the wakeup file
    descriptor, and only it runs signal handlers: elsewhere (a command run from a test's or an
    embedder's thread) this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    loop.add_reader(reader.fileno(), _drain, reader)
    previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous)
        loop.remove_reader(reader.fileno())
        reader.close()
        writer.close()


def run(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run(coroutine)``, with Ctrl-C heard whichever thread takes it."""
    with asyncio.Runner() as runner, signals_wake(runner.get_loop()):
        return runner.run(coroutine)
