"""What the providers share, with no SDK: their loop, deadline, retries and lifetime.

Each vendor's module (:mod:`.openai_api`, :mod:`.anthropic_api`, :mod:`.gemini_api`) is the only
importer of its SDK and says how one attempt is made and how its errors map;
:class:`VendorProvider` does the rest:

* the SDK client lives on a private event loop in a daemon thread (:class:`HomeLoop`), so a
  caller that runs each turn with its own ``asyncio.run`` reuses the connections;
* ``timeout`` is the whole call's deadline, retries and stream included;
* a stream cut after it began (:class:`StreamCut`) is made again, ``max_retries`` times at most,
  after the message shown so far is taken back (the listener hears ``""``);
* listeners hear the message on the caller's loop, in order, before ``complete`` returns;
* a provider dropped without ``close`` still ends its loop, its thread and its connections
  (the SDK's event hooks hold it weakly: :func:`weak_hook`).

:func:`rolling_pace` keeps each conversation's pace (the seconds between its calls), from which
Anthropic's cache TTL is chosen.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import random
import threading
import time
import weakref
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from engine.errors import ProviderConnectionError, ProviderError, ProviderTimeout
from engine.providers.base import (
    ClosingProvider,
    MessageListener,
    ModelReply,
    ModelRequest,
    message_listener,
)
from engine.providers.streaming import MessageStream

__all__ = ["HomeLoop", "StreamCut", "VendorProvider", "backoff", "on_loop", "weak_hook"]

_T = TypeVar("_T")
_A = TypeVar("_A")

#: Seconds one call may take, whole: its retries, its reads and its stream (the OpenAI SDK's own
#: default, 10 minutes per read, is far too long for a chat).
DEFAULT_TIMEOUT_S = 60.0
#: SDK retries after the first attempt, on 408/409/429/5xx, timeouts and connection errors.
DEFAULT_MAX_RETRIES = 2


class StreamCut(Exception):
    """The connection was lost while a stream was read: the call is made again."""


def backoff(retry: int) -> float:
    """0.5 s doubled per retry, at most 8 s, minus up to 25 % jitter (the SDKs' schedule)."""
    delay: float = min(0.5 * 2.0 ** (retry - 1), 8.0)
    return delay * (1 - 0.25 * random.random())


class HomeLoop:
    """A private event loop, in a daemon thread, that owns an SDK client and its connections
    (the OpenAI providers' too).

    The client's pooled connections belong to the loop that opened them; a caller that runs
    each turn with its own ``asyncio.run`` (a studio worker thread, a script) would otherwise
    hit "Event loop is closed" on the second call and leak sockets. Every call hops here, so
    connections are reused whichever loop the caller is on; cancelling the caller cancels it.
    ``close_client`` is awaited on the loop when it ends.

    What hops here runs in a context of its own, not a copy of the caller's (as
    ``run_coroutine_threadsafe`` would): the caller's context variables include sniffio's
    "which async library runs here", which code under trio sets (``anyio.run`` with the trio
    backend, anyio's pytest plugin). Carried here, it made the SDKs' HTTP layer (anyio) take
    this asyncio loop for trio, and a provider closed from such code — or collected while it
    ran — failed half-way through closing its client and left its connections open.
    """

    def __init__(self, close_client: Callable[[], Awaitable[object]], name: str) -> None:
        self._close_client = close_client
        self._loop = asyncio.new_event_loop()
        self._closing: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_forever()
        finally:
            self._finish()
            self._loop.close()

    def _finish(self) -> None:
        """End what the loop still runs, as ``asyncio.run`` does before it closes its loop: a
        call cancelled or dropped with the provider leaves a task, and a stream read half-way
        leaves async generators (the answer's lines, its bytes), each holding a connection.
        Ended here, they close it; left to the collector, they would find the loop closed, and
        the socket would be reported unclosed in whatever test or thread collected it."""
        with contextlib.suppress(Exception):
            tasks = asyncio.all_tasks(self._loop)
            for task in tasks:
                task.cancel()
            if tasks:
                self._loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self._loop.run_until_complete(self._loop.shutdown_asyncgens())

    async def run(self, work: Coroutine[Any, Any, _T]) -> _T:
        return await asyncio.wrap_future(self._submit(work))

    def _submit(self, work: Coroutine[Any, Any, _T]) -> concurrent.futures.Future[_T]:
        """Start ``work`` on this loop, in a context of its own (see the class docstring)."""
        # run_coroutine_threadsafe schedules with a copy of the *current* context: run it in
        # an empty one
        return contextvars.Context().run(asyncio.run_coroutine_threadsafe, work, self._loop)

    def soon(self, chore: Callable[[], object]) -> None:
        """Run ``chore`` on this loop's thread when it is free; its failure is not fatal."""

        def guarded() -> None:
            with contextlib.suppress(Exception):
                chore()

        self._loop.call_soon_threadsafe(guarded, context=contextvars.Context())

    async def _shutdown(self) -> None:
        with contextlib.suppress(Exception):
            await self._close_client()
        self._loop.stop()

    def close(self, wait: bool = True) -> None:
        """Close the client on its loop, then end the loop and its thread (idempotent).

        ``wait=False`` (a provider collected without being closed: the collector may run in any
        thread, holding who knows what) asks for it and returns at once."""
        if not self._thread.is_alive():
            return
        if threading.current_thread() is self._thread:  # dropped during a call: do not wait
            self._closing = self._loop.create_task(self._shutdown(), context=contextvars.Context())
            return
        with contextlib.suppress(RuntimeError):  # the loop is already closing
            self._submit(self._shutdown())
        if wait:
            self._thread.join(timeout=10)


def weak_hook(method: Callable[[_A], Awaitable[None]]) -> Callable[[_A], Awaitable[None]]:
    """An HTTP client's event hook that calls a provider's ``method`` while the provider lives.

    The client stays reachable from the provider's :class:`HomeLoop` (which must close it), and
    the loop from the provider's finalizer: a hook holding the provider itself would close that
    circle, so a provider dropped without ``close`` would never be finalized and would keep its
    thread and connections for the life of the process."""
    reference = weakref.WeakMethod(method)

    async def hook(argument: _A) -> None:
        bound = reference()
        if bound is not None:
            await bound(argument)

    return hook


def on_loop(loop: asyncio.AbstractEventLoop, listener: MessageListener) -> MessageListener:
    def heard(text: str) -> None:
        loop.call_soon_threadsafe(listener, text)

    return heard


class VendorProvider(ClosingProvider):
    """A provider over one vendor SDK's async client (stateless unless it sets ``chains``).

    Subclasses set ``name``, build their client and call :meth:`_start` with its closer, and
    implement :meth:`_attempt` (one call; SDK errors mapped; :class:`StreamCut` on a cut
    stream) and :attr:`host`.
    """

    name: str
    chains = False

    def __init__(
        self,
        *,
        model: str | None,
        timeout: float | None,
        max_retries: int | None,
        stream: bool,
    ) -> None:
        #: When set, replaces the model each request names (``--model``).
        self.model = model
        self.stream = stream
        self.timeout = DEFAULT_TIMEOUT_S if timeout is None else timeout
        self.max_retries = DEFAULT_MAX_RETRIES if max_retries is None else max_retries
        self._closed = False

    def _start(self, close_client: Callable[[], Awaitable[object]]) -> None:
        self._home = HomeLoop(close_client, f"prompter-{self.name}")
        # A provider dropped without aclose() still closes its connections and its thread.
        self._finalizer = weakref.finalize(self, self._home.close, False)

    @property
    def host(self) -> str:
        raise NotImplementedError

    def _model(self, request: ModelRequest) -> str:
        return self.model or request.model

    async def complete(self, request: ModelRequest) -> ModelReply:
        """One model call. Safe from any event loop: the SDK client lives on its own loop."""
        if self._closed:
            raise ProviderError(f"the {self.name} provider is closed")
        listener = message_listener() if self.stream else None
        if listener is not None:
            listener = on_loop(asyncio.get_running_loop(), listener)
        return await self._home.run(self._complete_at_home(request, listener))

    async def _complete_at_home(
        self, request: ModelRequest, listener: MessageListener | None
    ) -> ModelReply:
        started = time.monotonic()
        message = MessageStream(listener) if listener is not None else None
        try:
            async with asyncio.timeout(self.timeout):
                return await self._attempts(request, message, started)
        except TimeoutError:
            raise ProviderTimeout(
                f"no complete answer from {self.host} in time (the call may take "
                f"{self.timeout:g} s); raise the timeout or try again"
            ) from None

    async def _attempts(
        self, request: ModelRequest, message: MessageStream | None, started: float
    ) -> ModelReply:
        retries = 0
        while True:
            try:
                return await self._attempt(request, message, started)
            except StreamCut as cut:
                retries = await self._after_cut(cut, message, retries)

    async def _after_cut(self, cut: StreamCut, message: MessageStream | None, retries: int) -> int:
        """A stream cut after it began: its message is taken back and the call made again after
        a pause, ``max_retries`` times at most (a call that showed nothing is the SDK's to
        retry). Returns the retries made so far."""
        if message is None or retries >= self.max_retries:
            raise ProviderConnectionError(
                f"the answer from {self.host} was cut off ({cut}); try again"
            ) from None
        message.restart()
        await asyncio.sleep(backoff(retries + 1))
        return retries + 1

    async def _attempt(
        self, request: ModelRequest, message: MessageStream | None, started: float
    ) -> ModelReply:
        raise NotImplementedError

    async def aclose(self) -> None:
        """Close the connections and the provider's loop; calling it again does nothing."""
        if self._closed:
            return
        self._closed = True
        self._finalizer.detach()
        await asyncio.to_thread(self._home.close)

    def close(self) -> None:
        """The same as :meth:`aclose`, for synchronous code."""
        if self._closed:
            return
        self._closed = True
        self._finalizer.detach()
        self._home.close()

    def __repr__(self) -> str:  # never the key
        return f"{type(self).__name__}(host={self.host!r}, model={self.model!r})"
