"""Shared test setup: headless Qt, and no test ever touches the user's settings or the network.

Fixtures live in ``tests/plugins/*.py`` (one module per area, e.g. the fake OpenAI server), and
are all loaded here so any test can use them.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

# No garbage collection while the plugins and the 160 test modules are imported: they make
# hundreds of thousands of objects that live as long as the run, and the collector's passes over
# them were a sixth of the collection's time. tests/plugins/gc_baseline.py turns it back on once
# they are collected (and frozen), or at once in xdist's controller, which collects nothing.
gc.disable()

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Hypothesis runs every package's "hypothesis" entry point when it is imported; trio's (installed
# with Selenium, for the chat page's browser test) warns, and warnings are errors here. Prompter
# registers none of its own.
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")

pytest_plugins = sorted(
    f"plugins.{path.stem}"
    for path in (Path(__file__).parent / "plugins").glob("*.py")
    if not path.name.startswith("_")
)
