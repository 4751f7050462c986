"""The one thing ``pyproject.toml`` cannot say: ship ``resources/`` and ``scenarios/`` whole.

A wheel installs them as data files under ``<prefix>/share/prompter/`` (where
:func:`engine.io.resources.install_root` looks when Prompter is not run from its source tree),
folder by folder, so a scenario added under ``scenarios/`` ships without editing a list.

The studio's translations ship compiled: the ``.ts`` of ``resources/i18n`` are compiled to
``.qm`` here, at build time, with the ``lrelease`` of the PySide6 the build environment has
(``./dev``, CI, ``pip wheel --no-build-isolation``); a build environment without Qt (pip's
isolated one) ships the ``.qm`` ``./dev`` compiled, and a wheel built without either still
works: the studio compiles a missing ``.qm`` itself with the ``lrelease`` of its own PySide6.
"""

import importlib.util
import sys
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


def compile_translations() -> None:
    path = Path(__file__).parent / "app" / "i18n" / "qm.py"  # loaded alone: no Qt imported
    spec = importlib.util.spec_from_file_location("prompter_qm", path)
    if spec is None or spec.loader is None:
        return
    qm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(qm)
    try:
        qm.compile_folder(Path("resources", "i18n"))
    except RuntimeError as error:
        print(f"setup.py: {error}; the studio will compile its translations itself", file=sys.stderr)


compile_translations()
setup(data_files=tree("resources") + tree("scenarios"))
