"""``regex_limit``: an author's patterns are stopped after a quarter of a second in this test.

The product stops a pattern that backtracks without end after
:data:`~engine.io.input_limits.REGEX_MATCH_SECONDS` (1 s) of CPU; a test about that stop needs
the stop, not the whole second of CPU each time it provokes one.
"""

from __future__ import annotations

import pytest

TEST_LIMIT_SECONDS = 0.25


@pytest.fixture
def regex_limit(monkeypatch: pytest.MonkeyPatch) -> float:
    """The limit in force (seconds), as the product's messages print it."""
    monkeypatch.setattr("engine.scenario_tests.definition.REGEX_MATCH_SECONDS", TEST_LIMIT_SECONDS)
    return TEST_LIMIT_SECONDS
