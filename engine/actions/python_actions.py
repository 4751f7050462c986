"""Python actions: a function of the scenario's actions module, ended at its deadline.

* A plain ``def`` runs in a worker process (:mod:`engine.actions.workers`) that is killed when
  the call overruns ``timeout_s``: the function stops, and its result never comes.
* An ``async def`` runs on the conversation's own event loop and is **cancelled** at the
  deadline (it sees :class:`asyncio.CancelledError` where it was waiting, so its ``finally``
  blocks run). One that swallows the cancellation and returns anyway, or one that blocked the
  loop past its deadline, has its result reported as *late* (``on_late``) and never applied.

Which kind a function is comes from the module's source (:mod:`engine.scenario.action_module`),
read again when the file changes; a name the source binds otherwise (an import, an assignment)
runs in a worker. The module is loaded into this process only for its ``async`` functions.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from engine.actions.context import ActionContext
from engine.actions.module_loader import file_stamp, keyword_arguments, load_module
from engine.actions.outcome import ActionOutcome, failure, finished_within, read_returned
from engine.actions.worker_main import describe
from engine.actions.workers import Broken, Raised, Returned, TimedOut, WorkerPool, pool_for
from engine.scenario.action_module import ActionModule, read_action_module
from engine.scenario.actions import TIMEOUT

T = TypeVar("T")

#: Told when an action's result came after the conversation moved on (it is only logged).
LateListener = Callable[[ActionOutcome], None]

#: Threads that wait for worker processes (each waits at most until its call's deadline).
_WAITERS = ThreadPoolExecutor(max_workers=64, thread_name_prefix="prompter-action-wait")


class PythonActions:
    """Runs the Python actions of any scenario; keeps what it read of each module."""

    def __init__(self, pools: Callable[[Path], WorkerPool] = pool_for) -> None:
        self._find_pool = pools
        self._pool_of: dict[Path, WorkerPool] = {}
        self._sources: dict[Path, tuple[Any, ActionModule]] = {}
        self._loaded: dict[Path, tuple[Any, ModuleType]] = {}
        self._lock = threading.Lock()

    def warm(self, module: Path) -> None:
        """Start a worker for ``module`` now, if it has plain functions, so the first call
        does not wait for one."""
        source = self.source(module)
        if any(function.is_async is not True for function in source.functions.values()):
            self._pools(module).warm()

    def source(self, module: Path) -> ActionModule:
        """The module as its source says (cached until the file changes)."""
        return self._cached(self._sources, module, read_action_module)

    async def run(
        self,
        module: Path,
        function: str,
        inputs: dict[str, Any],
        context: ActionContext,
        timeout_s: float,
        on_late: LateListener | None = None,
    ) -> ActionOutcome:
        """Call ``function``; always returns by ``timeout_s`` (plus a few milliseconds)."""
        source = self.source(module)
        if source.problem is not None:
            return failure(f"{module.name}: {source.problem.message}")
        found = source.functions.get(function)
        if found is None:
            return failure(f"{module.name} defines no function {function!r}")
        if found.is_async:
            return await self._run_async(module, function, inputs, context, timeout_s, on_late)
        return await self._run_in_worker(module, function, inputs, context, timeout_s)

    # --- def: in a worker process ------------------------------------------------------------

    async def _run_in_worker(
        self,
        module: Path,
        function: str,
        inputs: dict[str, Any],
        context: ActionContext,
        timeout_s: float,
    ) -> ActionOutcome:
        pool = self._pools(module)
        deadline = time.monotonic() + timeout_s
        fields = context.to_dict()
        reply = await pool.call_soon(function, inputs, fields, deadline=deadline)
        if reply is None:  # no worker idle: wait for one (or start one) on a thread
            cancelled = threading.Event()
            call = functools.partial(
                pool.call, function, inputs, fields, deadline=deadline, cancelled=cancelled
            )
            try:
                reply = await asyncio.get_running_loop().run_in_executor(_WAITERS, call)
            except asyncio.CancelledError:
                cancelled.set()  # the turn was cancelled: the worker is killed, the call ends
                raise
        if isinstance(reply, Returned):
            return read_returned(reply.value, action_s=reply.action_s)
        if isinstance(reply, Raised):
            return failure(reply.message, action_s=reply.action_s)
        if isinstance(reply, TimedOut):
            if reply.ran:
                why = f"no answer within {timeout_s:g} s: the action's process was stopped"
            else:
                why = f"no worker process was ready within {timeout_s:g} s"
            return ActionOutcome(TIMEOUT, error=why)
        assert isinstance(reply, Broken)
        return failure(reply.message)

    # --- async def: cancelled in place -----------------------------------------------------

    async def _run_async(
        self,
        module: Path,
        function: str,
        inputs: dict[str, Any],
        context: ActionContext,
        timeout_s: float,
        on_late: LateListener | None,
    ) -> ActionOutcome:
        try:
            target = getattr(self._module(module), function)
        except BaseException as error:  # the module's own code runs as it loads
            if isinstance(error, KeyboardInterrupt | asyncio.CancelledError):
                raise
            return failure(f"the actions module does not load: {describe(error)}")
        started = time.perf_counter()
        try:
            awaitable = target(**keyword_arguments(target, inputs, context))
        except Exception as error:
            return failure(describe(error), action_s=time.perf_counter() - started)
        if not asyncio.iscoroutine(awaitable) and not asyncio.isfuture(awaitable):
            return read_returned(awaitable, action_s=time.perf_counter() - started)
        task = asyncio.ensure_future(awaitable)
        finished = await finished_within(task, timeout_s)
        elapsed = time.perf_counter() - started
        if not finished:
            task.add_done_callback(functools.partial(_report_late, on_late, started))
            return ActionOutcome(
                TIMEOUT, error=f"no answer within {timeout_s:g} s: the action was cancelled"
            )
        outcome = _finished(task, elapsed)
        if elapsed > timeout_s:  # it blocked the event loop past its deadline
            if on_late is not None:
                on_late(outcome)
            return ActionOutcome(
                TIMEOUT,
                error=f"no answer within {timeout_s:g} s (the action blocked for "
                f"{elapsed:.1f} s; its result came late and was not applied)",
            )
        return outcome

    def _pools(self, module: Path) -> WorkerPool:
        """The pool of ``module`` (looked up once: finding it resolves the path)."""
        pool = self._pool_of.get(module)
        if pool is None or pool.closed:
            pool = self._pool_of[module] = self._find_pool(module)
        return pool

    def _module(self, path: Path) -> ModuleType:
        return self._cached(self._loaded, path, load_module)

    def _cached(self, cache: dict[Path, tuple[Any, T]], path: Path, read: Callable[[Path], T]) -> T:
        """``read(path)``, kept in ``cache`` until the file changes (its stamp differs)."""
        stamp = file_stamp(path)
        with self._lock:
            cached = cache.get(path)
            if cached is not None and cached[0] == stamp:
                return cached[1]
        value = read(path)
        with self._lock:
            cache[path] = (stamp, value)
        return value


def _finished(task: asyncio.Future[Any], elapsed: float) -> ActionOutcome:
    if task.cancelled():
        return failure("the action was cancelled", action_s=elapsed)
    error = task.exception()
    if error is not None:
        return failure(describe(error), action_s=elapsed)
    return read_returned(task.result(), action_s=elapsed)


def _report_late(on_late: LateListener | None, started: float, task: asyncio.Future[Any]) -> None:
    """A cancelled action that finished with a result anyway: tell, never apply."""
    if task.cancelled():
        return
    late = _finished(task, time.perf_counter() - started)  # retrieves its exception, if any
    if on_late is not None:
        with contextlib.suppress(Exception):
            on_late(late)


__all__ = ["LateListener", "PythonActions"]
