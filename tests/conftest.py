"""Shared test setup: headless Qt, and no test ever touches the user's settings or the network."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
