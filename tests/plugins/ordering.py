"""The order pytest-xdist hands tests out in: the slowest first, and modules interleaved.

pytest-xdist (``--dist loadgroup``, set in ``pyproject.toml``) hands out the groups
(``xdist_group``: tests that share an expensive fixture, such as the slim install's virtual
environment) largest first, then every other test in collection order, a few at a time to
whichever worker is free. So:

* tests marked ``slow`` come first: one that takes tens of seconds and is collected last keeps
  one worker busy while the others have finished;
* then the first test of every module, the second of every module, and so on (spreading each
  module over the run in proportion to its size did no better). In file order, all workers ran
  the tests of one module at once, and several modules wait by design (the provider's deadlines
  and dead servers, the servers and subprocesses of ``prompter serve``, the action timeouts):
  the cores then sat idle for seconds at a time (a sixth of the machine over the run), where
  mixed modules let one worker compute while another waits.

Module-scoped fixtures are made again when a worker returns to their module; the suite's few are
cheap (a price table, a parsed scenario).

The tests that load the Anthropic or Gemini SDK in the worker form the group ``vendor_sdks``:
importing them costs 1.1 s and 0.45 s of CPU in every process that does (Anthropic's types are
some 2,700 pydantic models), and spread over the run every worker paid for them. For the same
reason no test module imports them at collection, which every worker does in full: their tests
import them when they run (``tests/test_suite_groups.py`` holds the rule).
"""

from __future__ import annotations

import sys
from collections import Counter

import pytest

#: SDKs that only the ``vendor_sdks`` group may load in a worker (see the module docstring).
HEAVY_SDKS = ("anthropic", "google.genai")
#: What collecting found against the rules of the module docstring (tests/test_suite_groups.py
#: fails on it: an error raised here is lost in pytest-xdist's report): the heavy SDKs it
#: imported, and the tests that join ``vendor_sdks`` with another group (a group of their own).
IMPORTED_BY_COLLECTING = pytest.StashKey[list[str]]()
VENDOR_SDKS_JOINED = pytest.StashKey[list[str]]()


def _groups(item: pytest.Item) -> set[str]:
    return {str(mark.args[0]) for mark in item.iter_markers("xdist_group") if mark.args}


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    place: Counter[str] = Counter()
    keys: dict[str, tuple[bool, int]] = {}
    for item in items:
        module = item.nodeid.partition("::")[0]
        keys[item.nodeid] = (item.get_closest_marker("slow") is None, place[module])
        place[module] += 1
    items.sort(key=lambda item: keys[item.nodeid])  # stable: modules in file order at each place


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting imported and grouped (see :data:`IMPORTED_BY_COLLECTING`), and in a
    worker of ``--dist loadgroup``, a grouped test's id must carry its group.

    pytest-xdist groups by that suffix; when a pytest release changes how ids are built, the
    groups silently stop being honoured (each worker then builds the slim venv, starts its own
    real model): stop the run and say so instead."""
    session.config.stash[IMPORTED_BY_COLLECTING] = [
        name for name in HEAVY_SDKS if name in sys.modules
    ]
    session.config.stash[VENDOR_SDKS_JOINED] = [
        item.nodeid
        for item in session.items
        if "vendor_sdks" in _groups(item) and len(_groups(item)) > 1
    ]
    if not getattr(session.config.option, "loadgroup", False):
        return
    for item in session.items:
        groups = _groups(item)
        if groups and not item.nodeid.endswith("@" + "_".join(sorted(groups))):
            raise pytest.UsageError(
                f"pytest-xdist's loadgroup does not work with this pytest ({pytest.__version__}): "
                f"{item.nodeid} lost its group {sorted(groups)}; see pyproject.toml's pin"
            )
