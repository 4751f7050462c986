"""Hostile input, round 3 (issue 27), in the studio: an author's regex that backtracks without
end, run from the Tests pane, is stopped at its time limit and reported as too slow.

How long the window could not paint meanwhile is a timing, measured by
``bench/bench_responsiveness.py`` (medians, with the machine's load), not asserted here."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.tests_pane.studio import StudioTests, install

pytestmark = pytest.mark.gui

DECLINES = "tests/declines_consent.test.yaml"


@pytest.fixture
def hostile_bot(analyst_bot: Path) -> Path:
    """The analyst bot whose first recorded reply is 40 a's, and whose test expects it with a
    pattern that backtracks without end on them."""
    cassette = analyst_bot / "tests" / "declines_consent.replies.jsonl"
    lines = []
    for line in cassette.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("call") == 1:
            reply = json.loads(record["reply"]["text"])
            reply["message"] = "a" * 40 + "!"
            record["reply"]["text"] = json.dumps(reply)
        lines.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    cassette.write_text("\n".join(lines) + "\n", encoding="utf-8")
    test = analyst_bot / DECLINES
    test.write_text(
        test.read_text(encoding="utf-8").replace(
            "bot_says: nothing has been recorded", "bot_says: /(a|aa)+$/"
        ),
        encoding="utf-8",
    )
    return analyst_bot


@pytest.fixture
def tests(make_studio: Any, hostile_bot: Path) -> Iterator[StudioTests]:
    window = make_studio()
    assert window.files.open_folder(hostile_bot)
    glue = install(window)
    yield glue
    glue.pane.shutdown()


def test_a_catastrophic_pattern_run_from_the_tests_pane_is_reported_as_too_slow(
    tests: StudioTests, qtbot: QtBot, regex_limit: float
) -> None:
    pane = tests.pane
    assert pane.run([DECLINES])
    started = time.monotonic()
    qtbot.waitUntil(lambda: not pane.running, timeout=60000)
    finished = time.monotonic()

    assert finished - started >= regex_limit * 0.9  # the pattern ran into its time limit
    assert pane.tree.items[DECLINES].text(1) == "✖ failed at turn 1"
    [row] = pane.tree.problem_rows(DECLINES)
    assert row.startswith('turn 1: bot_says: expected "/(a|aa)+$/", got the pattern /(a|aa)+$/')
    pane.select(DECLINES)
    assert f"the pattern /(a|aa)+$/ took more than {regex_limit:g} s" in pane.details.toPlainText()
