"""Runs a :class:`Conversation` off the UI thread and hands its events to the UI thread.

The engine is async and calls its listeners synchronously from wherever it runs. The runner
owns one worker thread with its own asyncio loop for the lifetime of a conversation (the
provider's HTTP client stays bound to that loop); every engine call is a coroutine submitted
to it. Engine events and outcomes cross back as Qt signals with queued connections, so the UI
never reads engine objects the worker is mutating, and a model call never blocks painting.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

from engine.conversation.conversation_core import Conversation
from engine.errors import PrompterError, ProviderError


class _Relay(QObject):
    """Lives on the UI thread; signals emitted from the worker are queued to it."""

    relayed = Signal(object)  # an engine event
    finished = Signal(object, object)  # (what: str, result)
    failed = Signal(object, object)  # (what: str, error)


class ConversationRunner(QObject):
    """One conversation on one worker loop. ``busy`` while a call is in flight."""

    #: An engine event, on the UI thread, in emission order.
    event_received = Signal(object)
    busy_changed = Signal(bool)
    #: ("start" | "send", result): the engine call returned.
    call_finished = Signal(str, object)
    #: ("start" | "send", message, retryable): the call failed and changed nothing.
    call_failed = Signal(str, str, bool)

    def __init__(self, conversation: Conversation, parent: Any = None) -> None:
        super().__init__(parent)
        self.conversation = conversation
        self._busy = False
        self._relay = _Relay()
        self._relay.relayed.connect(self.event_received, Qt.ConnectionType.QueuedConnection)
        self._relay.finished.connect(self._finished, Qt.ConnectionType.QueuedConnection)
        self._relay.failed.connect(self._failed, Qt.ConnectionType.QueuedConnection)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="prompter-chat", daemon=True
        )
        self._thread.start()
        self._unsubscribe = conversation.events.subscribe(self._relay.relayed.emit)
        self._closed = False

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self) -> None:
        self._submit("start", self.conversation.start())

    def send(self, text: str) -> None:
        self._submit("send", self.conversation.send(text))

    def _submit(self, what: str, coroutine: Coroutine[Any, Any, Any]) -> None:
        if self._closed:
            coroutine.close()
            return
        self._set_busy(True)
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        future.add_done_callback(lambda done: self._done(what, done))

    def _done(self, what: str, future: Future[Any]) -> None:
        """Runs on the worker thread: hand the outcome over to the UI thread."""
        if future.cancelled():  # the conversation was closed mid-call: nobody is waiting
            return
        error = future.exception()
        if error is None:
            self._relay.finished.emit(what, future.result())
        else:
            self._relay.failed.emit(what, error)

    @Slot(object, object)
    def _finished(self, what: str, result: object) -> None:
        self._set_busy(False)
        self.call_finished.emit(what, result)

    @Slot(object, object)
    def _failed(self, what: str, error: BaseException) -> None:
        self._set_busy(False)
        retryable = error.retryable if isinstance(error, ProviderError) else False
        message = str(error) if isinstance(error, PrompterError) else repr(error)
        self.call_failed.emit(what, f"{type(error).__name__}: {message}", retryable)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    def close(self, reason: str = "closed", timeout: float = 5.0) -> None:
        """End the session (``session_end``), close the provider, stop the worker."""
        if self._closed:
            return
        self._closed = True

        async def finish() -> None:
            # A call still in flight is cancelled: the engine rolls its turn back.
            current = asyncio.current_task()
            pending = [task for task in asyncio.all_tasks() if task is not current]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            self.conversation.close(reason)
            await self.conversation.provider.aclose()

        # Closing must never raise into the UI: the session is over either way.
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(finish(), self._loop).result(timeout)
        self._unsubscribe()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self._loop.close()
