"""Save a simulated conversation as a scenario test, with its cassette.

A simulated conversation's log is an ordinary conversation log, so it becomes a test exactly as
a chat does (:func:`engine.scenario_tests.chat_to_test`): the simulated user's messages are the
test's turns, the expectations are pre-filled from what happened, and the bot's replies are the
cassette, so the test replays offline from then on.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.log.reader import read_log
from engine.scenario.definition import Scenario
from engine.scenario_tests import chat_to_test

__all__ = ["save_as_test", "test_stem"]


def test_stem(log_path: Path) -> str:
    """A test file name for a simulated conversation's log: ``sim_0007_terse_founder_2``."""
    stem = re.sub(r"[^A-Za-z0-9_]+", "_", log_path.stem).strip("_").lower()
    return f"sim_{stem}" if stem else "sim_conversation"


def save_as_test(
    scenario: Scenario,
    log_path: Path | str,
    *,
    name: str,
    stem: str | None = None,
    overwrite: bool = False,
) -> Path:
    """Write ``tests/STEM.test.yaml`` and its cassette into the scenario's folder.

    Raises :class:`~engine.errors.SessionError` when the log is not a whole conversation of this
    scenario, when the scenario no longer plays it the same way, or when the test exists and
    ``overwrite`` is false. Runs its own event loop: call it from a worker thread or a script.
    """
    path = Path(log_path)
    if scenario.root is None:
        raise ValueError("the scenario has no folder to save the test in")
    log = read_log(path)
    saved = chat_to_test(scenario, log.events, name=name)
    return saved.save(scenario.root, stem or test_stem(path), overwrite=overwrite)
