"""The one thing ``pyproject.toml`` cannot say: ship ``resources/`` and ``scenarios/`` whole.

A wheel installs them as data files under ``<prefix>/share/prompter/`` (where
:func:`engine.io.resources.install_root` looks when Prompter is not run from its source tree),
folder by folder, so a scenario added under ``scenarios/`` ships without editing a list. The
manual the studio's Help ▸ Documentation shows goes there too: ``README.md`` and ``docs/`` —
its pages, their translations (``docs/fr/``…) and their pictures, not the screenshot scripts.

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


#: What of ``docs/`` ships (as in ``packaging/bundle_data.py``): pages and pictures.
DOC_SUFFIXES = {".md", ".png", ".svg", ".jpg"}


def tree(top: str, suffixes: set[str] | None = None) -> list[tuple[str, list[str]]]:
    def wanted(path: Path) -> bool:
        return path.is_file() and (suffixes is None or path.suffix.lower() in suffixes)

    folders = sorted({path.parent for path in Path(top).rglob("*") if wanted(path)})
    return [
        (
            f"{DATA_ROOT}/{folder.as_posix()}",
            sorted(str(f) for f in folder.iterdir() if wanted(f)),
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
        print(
            f"setup.py: {error}; the studio will compile its translations itself", file=sys.stderr
        )


compile_translations()
setup(
    data_files=[(DATA_ROOT, ["README.md"])]
    + tree("resources")
    + tree("scenarios")
    + tree("docs", DOC_SUFFIXES)
)
