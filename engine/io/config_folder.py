"""The user's config folder: what Prompter keeps per user and not per scenario.

The studio's settings are Qt's (``QSettings``, organisation ``Prompter``); the engine keeps its
own files beside them, in a folder of the same name: ``$XDG_CONFIG_HOME/Prompter`` (by default
``~/.config/Prompter``) on Linux, ``~/Library/Application Support/Prompter`` on macOS and
``%APPDATA%\\Prompter`` on Windows. ``PROMPTER_CONFIG_DIR`` names another folder (the tests
point it at a temporary one, so they never touch the user's).

Held there: ``providers/`` (one profile per server and model, :mod:`engine.providers.profile`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["CONFIG_DIR_VARIABLE", "config_folder"]

#: The environment variable that names the config folder instead of the platform's.
CONFIG_DIR_VARIABLE = "PROMPTER_CONFIG_DIR"
_NAME = "Prompter"  # the studio's organisation name (app/__main__.py), so both share a folder


def config_folder() -> Path:
    """The user's Prompter config folder (not created here: writers create what they need)."""
    named = os.environ.get(CONFIG_DIR_VARIABLE, "").strip()
    if named:
        return Path(named).expanduser()
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / _NAME
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / _NAME
    base = os.environ.get("XDG_CONFIG_HOME", "").strip() or str(Path.home() / ".config")
    return Path(base) / _NAME
