"""The suite's rules for where tests run (``tests/plugins/ordering.py``), checked on what this
worker collected: every worker collects every module, so one worker sees all of them."""

from __future__ import annotations

import pytest
from plugins.ordering import IMPORTED_BY_COLLECTING, VENDOR_SDKS_JOINED


def test_collecting_the_tests_imports_no_heavy_sdk(pytestconfig: pytest.Config) -> None:
    """Import the Anthropic or Gemini SDK in the tests that use it, and mark them
    ``xdist_group("vendor_sdks")``: every worker collects, one runs them."""
    assert pytestconfig.stash[IMPORTED_BY_COLLECTING] == []


def test_no_test_joins_the_vendor_sdks_group_with_another(pytestconfig: pytest.Config) -> None:
    """pytest-xdist makes a group of the names joined: such a test runs on any worker."""
    assert pytestconfig.stash[VENDOR_SDKS_JOINED] == []
