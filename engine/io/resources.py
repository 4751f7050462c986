"""Where Prompter's own files are, whether it runs from source or frozen by PyInstaller.

This is the one helper for resource paths: the engine, the studio and the packaging all use it.
"""

from __future__ import annotations

import sys
from pathlib import Path


def install_root() -> Path:
    """The folder holding ``resources/`` and ``scenarios/``.

    From source it is the repository (the parent of ``engine/``, two folders up from here); in a
    PyInstaller bundle it is the bundle's data folder (``sys._MEIPASS``).
    """
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    """A file under ``resources/``, e.g. ``resource_path("prices.yaml")``."""
    return install_root().joinpath("resources", *parts)


def scenarios_dir() -> Path:
    """The folder of the scenarios shipped with Prompter (the analyst bot among them)."""
    return install_root() / "scenarios"


def default_scenario() -> Path:
    return scenarios_dir() / "analyst_bot"
