"""The user's configuration folder: where a user's own price file (and saved provider
profiles) live, outside any scenario and outside Prompter's own ``resources/``.

``PROMPTER_CONFIG_DIR`` names it outright (tests point it at a temporary folder, so they never
read a developer's own files); otherwise it is the platform's usual place:
``$XDG_CONFIG_HOME/prompter`` (``~/.config/prompter``) on Linux, ``~/Library/Application
Support/Prompter`` on macOS, ``%APPDATA%\\Prompter`` on Windows. Nothing here creates it: a
reader finds nothing in a folder that does not exist, a writer makes it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["CONFIG_DIR_VARIABLE", "config_folder"]

#: The environment variable that names the configuration folder outright.
CONFIG_DIR_VARIABLE = "PROMPTER_CONFIG_DIR"


def config_folder() -> Path:
    """The user's configuration folder (which may not exist yet)."""
    named = os.environ.get(CONFIG_DIR_VARIABLE, "").strip()
    if named:
        return Path(named).expanduser()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA", "").strip()
        return (Path(appdata) if appdata else Path.home() / "AppData" / "Roaming") / "Prompter"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Prompter"
    xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
    return (Path(xdg) if xdg else Path.home() / ".config") / "prompter"
