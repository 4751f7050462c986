"""Where Prompter's own files are: run from source, installed by pip, or frozen by PyInstaller.

This is the one helper for resource paths: the engine, the studio and the packaging all use it.
``resources/`` (prices, schemas, icon, fonts, translations) and ``scenarios/`` (the shipped ones)
sit beside ``engine/`` in the source tree; a wheel installs them under ``<prefix>/share/prompter``
(``setup.py``); a PyInstaller bundle keeps them in its data folder.
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

#: Where a wheel puts ``resources/`` and ``scenarios/``, under the installation's data path.
DATA_SUBDIR = Path("share", "prompter")


def install_root() -> Path:
    """The folder holding ``resources/`` and ``scenarios/``.

    In a PyInstaller bundle it is the bundle's data folder (``sys._MEIPASS``); from source it is
    the repository (the parent of ``engine/``, two folders up from here); installed by pip it is
    ``share/prompter`` under the installation's data path (the venv, ``/usr/local``, ``~/.local``).
    """
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
    source = Path(__file__).resolve().parents[2]
    if (source / "resources").is_dir():
        return source
    for data in _data_paths():
        if (data / DATA_SUBDIR / "resources").is_dir():
            return data / DATA_SUBDIR
    return source  # nothing found: the paths below then name what is missing


def _data_paths() -> list[Path]:
    schemes = [sysconfig.get_default_scheme(), *sysconfig.get_scheme_names()]
    paths = [Path(sys.prefix)]
    for scheme in dict.fromkeys(schemes):
        try:
            paths.append(Path(sysconfig.get_path("data", scheme)))
        except KeyError:
            continue
    return list(dict.fromkeys(paths))


def resource_path(*parts: str) -> Path:
    """A file under ``resources/``, e.g. ``resource_path("prices.yaml")``."""
    return install_root().joinpath("resources", *parts)


def scenarios_dir() -> Path:
    """The folder of the scenarios shipped with Prompter (the analyst bot among them)."""
    return install_root() / "scenarios"


def default_scenario() -> Path:
    return scenarios_dir() / "analyst_bot"


__all__ = ["DATA_SUBDIR", "default_scenario", "install_root", "resource_path", "scenarios_dir"]
