"""The one thing ``pyproject.toml`` cannot say: ship ``resources/`` and ``scenarios/`` whole.

A wheel installs them as data files under ``<prefix>/share/prompter/`` (where
:func:`engine.io.resources.install_root` looks when Prompter is not run from its source tree),
folder by folder, so a scenario added under ``scenarios/`` ships without editing a list.
"""

from pathlib import Path

from setuptools import setup

DATA_ROOT = "share/prompter"


def tree(top: str) -> list[tuple[str, list[str]]]:
    folders = sorted({path.parent for path in Path(top).rglob("*") if path.is_file()})
    return [
        (
            f"{DATA_ROOT}/{folder.as_posix()}",
            sorted(str(f) for f in folder.iterdir() if f.is_file()),
        )
        for folder in folders
    ]


setup(data_files=tree("resources") + tree("scenarios"))
