"""The stubs a scenario's own files give its action steps: what a simulation (and the studio's
chat set to *stubbed*) answers them with when they are not run.

From the scenario's tests first — for each action step, the first stub a test gives it (the
test's own ``actions:``, then its turns', in file order) — then from the stubs file over them:
``tests/stubs.yaml`` when it exists, or the file given (``simulate --stubs FILE``). A test file
that does not load gives nothing (``prompter test`` reports it); a stubs file that does not
load is an error, located. An action step that no file stubs answers ``error`` (saying so).
"""

from __future__ import annotations

from pathlib import Path

from engine.actions.stubs import DEFAULT_STUBS_FILE, Stubs, load_stubs
from engine.errors import ScenarioErrors
from engine.scenario_tests.loader import find_tests, load_test

__all__ = ["scenario_stubs"]


def scenario_stubs(folder: Path | str, stubs_file: Path | str | None = None) -> Stubs:
    """The stubs of ``folder``'s action steps (see the module docstring)."""
    root = Path(folder)
    stubs: Stubs = {}
    for path in find_tests(root):
        try:
            test = load_test(path, inside=root)
        except ScenarioErrors:
            continue
        for given in (test.actions, *(turn.actions for turn in test.turns)):
            for step, stub in given.items():
                stubs.setdefault(step, stub)
    file = Path(stubs_file) if stubs_file is not None else root / DEFAULT_STUBS_FILE
    if stubs_file is not None:  # named by the user: read where it is
        stubs.update(load_stubs(file))
    elif file.is_file() or file.is_symlink():  # the scenario's own: it stays inside the folder
        stubs.update(load_stubs(file, inside=root))
    return stubs
