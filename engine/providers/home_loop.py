"""The private event loop, in a daemon thread, that owns an SDK client and its connections.

Used by :mod:`engine.providers.openai_api` (it knows no SDK: the client is any object with an
async ``close``).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from engine.providers.base import MessageListener

__all__ = ["HomeLoop", "backoff", "on_loop"]

_T = TypeVar("_T")


class HomeLoop:
    """A private event loop, in a daemon thread, that owns the SDK client and its connections.

    The client's pooled connections belong to the loop that opened them; a caller that runs
    each turn with its own ``asyncio.run`` (a studio worker thread, a script) would otherwise
    hit "Event loop is closed" on the second call and leak sockets. Every call hops here, so
    connections are reused whichever loop the caller is on; cancelling the caller cancels it.
    """

    def __init__(self, client: Any) -> None:
        self._client = client
        self._loop = asyncio.new_event_loop()
        self._closing: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._serve, name="prompter-openai", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()

    async def run(self, work: Coroutine[Any, Any, _T]) -> _T:
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self._loop))

    def soon(self, chore: Callable[[], object]) -> None:
        """Run ``chore`` on this loop's thread when it is free; its failure is not fatal."""

        def guarded() -> None:
            with contextlib.suppress(Exception):
                chore()

        self._loop.call_soon_threadsafe(guarded)

    async def _shutdown(self) -> None:
        with contextlib.suppress(Exception):
            await self._client.close()
        self._loop.stop()

    def close(self) -> None:
        """Close the client on its loop, then end the loop and its thread (idempotent)."""
        if not self._thread.is_alive():
            return
        if threading.current_thread() is self._thread:  # dropped during a call: do not wait
            self._closing = self._loop.create_task(self._shutdown())
            return
        with contextlib.suppress(RuntimeError):  # the loop is already closing
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        self._thread.join(timeout=10)


def on_loop(loop: asyncio.AbstractEventLoop, listener: MessageListener) -> MessageListener:
    """``listener``, called on ``loop`` (the caller's) from the provider's own thread, in order."""

    def heard(text: str) -> None:
        loop.call_soon_threadsafe(listener, text)

    return heard


def backoff(retry: int) -> float:
    """The SDK's schedule: 0.5 s doubled per retry, at most 8 s, minus up to 25 % jitter."""
    delay: float = min(0.5 * 2.0 ** (retry - 1), 8.0)
    return delay * (1 - 0.25 * random.random())
