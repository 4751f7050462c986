"""``prompter …`` run in the test's own process, through :func:`engine.cli.main`.

Starting Python for every command line costs half a second or more of imports; most CLI tests
check what a command prints and returns, not how Python starts, so they run it here. The fixture
``prompter(*args, env=None, cwd=None, stdin="")`` returns a :class:`Ran` like
``subprocess.run(…, capture_output=True, text=True)`` would, and isolates what a fresh process
would have had fresh:

* **the environment** — the test's own without ``OPENAI_*`` (no key unless the test gives one),
  plus ``env``, for the call only;
* **the working folder** — ``cwd`` (default: the repository), restored afterwards;
* **the standard streams** — stdin is ``stdin``; stdout and stderr are captured (``capsys``) and
  go through :func:`engine.io.terminal.sanitised_output` as in a real run, which puts the
  original streams back when the command ends, even when it raises;
* **the exit code** — ``main``'s return value, or the code of a ``SystemExit`` (argparse's
  usage errors exit 2).

What is *not* fresh: modules already imported and their caches, the action worker pool (ended
once per session, ``tests/plugins/actions.py``), signal handlers and the interpreter's flags. A
test of any of those — the entry point itself, ``-X`` flags, Ctrl-C, what a process leaves
behind at exit, the slim install's imports — starts Python (``subprocess``), and says so.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True)
class Ran:
    """What a command did: its exit code and what it printed (as ``CompletedProcess``)."""

    returncode: int
    stdout: str
    stderr: str


Prompter = Callable[..., Ran]


def without_openai_keys() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith("OPENAI_")}


@pytest.fixture
def prompter(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Prompter:
    from engine.cli import main

    def run(
        *args: str | Path,
        env: Mapping[str, str] | None = None,
        cwd: Path | str | None = None,
        stdin: str = "",
    ) -> Ran:
        environment = {**without_openai_keys(), **(env or {})}
        capsys.readouterr()  # what the test printed before is not the command's
        with monkeypatch.context() as patch:
            for key in list(os.environ):
                if key not in environment:
                    patch.delenv(key)
            for key, value in environment.items():
                patch.setenv(key, value)
            patch.chdir(cwd if cwd is not None else REPO)
            patch.setattr(sys, "stdin", io.StringIO(stdin))
            try:
                code = main([str(arg) for arg in args])
            except SystemExit as stop:  # as the interpreter ends on it
                if isinstance(stop.code, str):
                    print(stop.code, file=sys.stderr)
                code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
        out, err = capsys.readouterr()
        return Ran(int(code), out, err)

    return run


#: Python code run with ``-c``: Ctrl-C gets its usual meaning back, then ``sys.argv[1]`` runs as
#: ``python -m`` runs a module, with the rest of the arguments.
_RUN_WITH_CTRL_C = (
    "import runpy, signal, sys;"
    "signal.signal(signal.SIGINT, signal.default_int_handler);"
    "runpy.run_module(sys.argv.pop(1), run_name='__main__', alter_sys=True)"
)


def python_module_with_ctrl_c(module: str, *args: str) -> list[str]:
    """The command ``python -m MODULE ARGS`` as a terminal's foreground job starts it, for the
    tests that press Ctrl-C (send SIGINT).

    A shell starts a background job (``./dev test &``, some CI runners) with SIGINT ignored, and
    its children inherit that: Python then installs no KeyboardInterrupt handler and respects
    the choice (so does Prompter), and such a test would wait for its timeout instead."""
    return [sys.executable, "-c", _RUN_WITH_CTRL_C, module, *args]
