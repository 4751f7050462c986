"""The worker process that runs a scenario's plain ``def`` actions, one call at a time.

A plain function cannot be stopped inside the process that runs it, so it runs in a process of
its own that can be: :mod:`engine.actions.workers` starts this one, sends it calls, and kills it
when a call overruns its ``timeout_s`` — the function ends there, whatever it was doing, and its
result never comes.

It is a program of its own (``python -m engine.actions.worker_main MODULE``; in a frozen bundle,
the bundle's executable with :data:`WORKER_FLAG`, see :func:`run_if_worker`), not a
``multiprocessing`` child: those import the parent's ``__main__`` again, which would re-run the
script of a program that embeds the engine. It loads the module once, says it is ready (or why
the module would not load), then answers each call with what the function returned, or the
exception it raised, and how long the function itself took.

Messages are JSON objects, each preceded by its length (4 bytes, big-endian), on pipes of their
own: the worker keeps private copies of its standard input and output for them, points its
standard output at standard error (an action's ``print`` shows there, and cannot garble a
message) and its standard input at nothing. It imports as little as it can, so that it starts
quickly; Ctrl-C in a terminal reaches the parent, which ends the worker, so the worker ignores
it.

    → {"call": NAME, "inputs": {...}, "context": {...}}
    ← {"ready": true} | {"broken": MESSAGE}                       (once, at start)
    ← {"returned": VALUE, "seconds": S} | {"raised": MESSAGE, "seconds": S}
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import signal
import struct
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, Any

from engine.actions.context import ActionContext
from engine.actions.module_loader import keyword_arguments, load_module

#: The argument that makes a frozen bundle's executable run as a worker.
WORKER_FLAG = "--prompter-action-worker"
#: An exception's description is cut to this many characters.
_MAX_MESSAGE = 500
#: A message longer than this is refused (a returned value of 64 MB is never a result).
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
_HEADER = struct.Struct(">I")


# --- the messages ----------------------------------------------------------------------------


def write_message(stream: IO[bytes], message: dict[str, Any]) -> None:
    data = json.dumps(message, ensure_ascii=False, allow_nan=False).encode("utf-8")
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def read_message(stream: IO[bytes]) -> dict[str, Any] | None:
    """The next message, or ``None`` at the end of the stream."""
    header = _read_exactly(stream, _HEADER.size)
    if header is None:
        return None
    (size,) = _HEADER.unpack(header)
    if size > MAX_MESSAGE_BYTES:
        raise ValueError(f"a message of {size} bytes is too large")
    data = _read_exactly(stream, size)
    if data is None:
        return None
    value = json.loads(data.decode("utf-8"))
    if not isinstance(value, dict):
        raise ValueError("a message must be a JSON object")
    return value


def _read_exactly(stream: IO[bytes], size: int) -> bytes | None:
    chunks = bytearray()
    while len(chunks) < size:
        chunk = stream.read(size - len(chunks))
        if not chunk:
            return None
        chunks.extend(chunk)
    return bytes(chunks)


# --- the worker ------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Serve calls for the module named by the first argument until the input ends."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments:
        print("usage: python -m engine.actions.worker_main MODULE.py", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests, replies = _private_pipes()
    try:
        module = load_module(Path(arguments[0]))
    except BaseException as error:  # the module's own code: anything can happen
        write_message(replies, {"broken": f"the actions module does not load: {describe(error)}"})
        return 1
    write_message(replies, {"ready": True})
    while True:
        try:
            request = read_message(requests)
        except (OSError, ValueError):
            return 1
        if request is None:  # the parent closed the pipe: the end
            return 0
        reply = run_call(
            module,
            str(request.get("call")),
            dict(request.get("inputs") or {}),
            dict(request.get("context") or {}),
        )
        try:
            write_message(replies, reply)
        except (TypeError, ValueError) as error:  # not JSON: say so instead
            message = f"the action returned a value that is not JSON: {error}"
            write_message(replies, {"raised": message, "seconds": reply.get("seconds", 0.0)})


def run_call(
    module: ModuleType, name: str, inputs: dict[str, Any], context: dict[str, Any]
) -> dict[str, Any]:
    """Call ``name`` of ``module``: the reply message (what it returned or raised, its time)."""
    started = time.perf_counter()
    try:
        function = getattr(module, name)
        value = function(**keyword_arguments(function, inputs, ActionContext(**context)))
        if inspect.isawaitable(value):
            value = asyncio.run(_awaited(value))
    except BaseException as error:  # SystemExit and KeyboardInterrupt are the action's too
        return {"raised": describe(error), "seconds": time.perf_counter() - started}
    return {"returned": value, "seconds": time.perf_counter() - started}


async def _awaited(value: Any) -> Any:
    return await value


def describe(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    return text if len(text) <= _MAX_MESSAGE else text[: _MAX_MESSAGE - 1] + "…"


def _private_pipes() -> tuple[IO[bytes], IO[bytes]]:
    """The pipes to the parent, moved off the standard streams (see the module docstring)."""
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    with open(os.devnull, "rb") as nothing:
        os.dup2(nothing.fileno(), 0)
    return requests, replies


def run_if_worker(argv: Sequence[str] | None = None) -> None:
    """In a frozen bundle the worker is the bundle's own executable: its entry points call this
    first, and it serves (and exits) when started as a worker."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == [WORKER_FLAG]:
        sys.exit(main(arguments[1:]))


__all__ = [
    "MAX_MESSAGE_BYTES",
    "WORKER_FLAG",
    "describe",
    "main",
    "read_message",
    "run_call",
    "run_if_worker",
    "write_message",
]

if __name__ == "__main__":
    sys.exit(main())
