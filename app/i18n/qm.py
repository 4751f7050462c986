"""Compile the studio's translations (``.ts`` → ``.qm``) with Qt's ``lrelease``.

Imports no Qt and nothing of Prompter, so that ``setup.py`` (building a wheel), ``./dev`` and the
bundle's build can load it by its path. ``lrelease`` is the one PySide6 ships (``PySide6/
lrelease``, also ``pyside6-lrelease``); where there is none (a build environment without Qt),
the ``.qm`` already compiled are used, and the studio compiles a missing one itself with the
``lrelease`` of its own PySide6 (:func:`app.i18n.languages.qm_file`).

    python -m app.i18n.qm [FOLDER]      compile every stale .ts of FOLDER (resources/i18n)
    python -m app.i18n.qm --update      refresh prompter_*.ts from the tr() calls of app/

``--update`` (``./dev i18n``) runs ``lupdate`` over every module of ``app/``: a new ``tr()``
string enters each ``.ts`` unfinished, one no longer in the code leaves it; the translations
already made are kept. The ``.ts`` carry no line numbers (``-locations none``) and no comments
(lupdate takes every ``#:`` comment of a module for one), so that they change only where a
text does and merge cleanly.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_COMMENT = re.compile(r"\n\s*<extracomment>.*?</extracomment>", re.DOTALL)


def qt_tool(name: str) -> list[str] | None:
    """The command that runs Qt's ``name`` (lrelease, lupdate), or None when there is none."""
    spec = importlib.util.find_spec("PySide6")
    if spec is not None and spec.origin:
        folder = Path(spec.origin).parent
        for candidate in (name, f"{name}.exe", f"Qt/bin/{name}"):
            if (folder / candidate).is_file():
                return [str(folder / candidate)]
    found = shutil.which(f"pyside6-{name}") or shutil.which(name)
    return [found] if found else None


def lrelease() -> list[str] | None:
    """The command that runs Qt's lrelease, or None when there is none."""
    return qt_tool("lrelease")


def update_sources(root: Path = ROOT) -> list[Path]:
    """Refresh ``resources/i18n/prompter_*.ts`` from the ``tr()`` calls of ``app/``."""
    command = qt_tool("lupdate")
    if command is None:
        raise RuntimeError("no lupdate: install PySide6")
    modules = sorted(str(path.relative_to(root)) for path in (root / "app").rglob("*.py"))
    updated = []
    for source in sorted((root / "resources" / "i18n").glob("prompter_*.ts")):
        language = source.stem.removeprefix("prompter_")
        subprocess.run(
            [
                *command,
                *modules,
                "-silent",
                "-no-obsolete",
                "-locations",
                "none",
                "-source-language",
                "en",
                "-target-language",
                language,
                "-ts",
                str(source.relative_to(root)),
            ],
            check=True,
            cwd=root,
        )
        source.write_text(_COMMENT.sub("", source.read_text(encoding="utf-8")), encoding="utf-8")
        updated.append(source)
    return updated


def is_stale(source: Path, compiled: Path) -> bool:
    return not compiled.is_file() or compiled.stat().st_mtime < source.stat().st_mtime


def compile_one(source: Path, compiled: Path) -> bool:
    """Compile ``source`` into ``compiled``; False when there is no lrelease or it failed."""
    command = lrelease()
    if command is None:
        return False
    compiled.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [*command, "-silent", str(source), "-qm", str(compiled)],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode == 0 and compiled.is_file()


def compile_folder(folder: Path) -> list[Path]:
    """Compile every ``.ts`` of ``folder`` whose ``.qm`` is missing or older; the ``.qm`` made.

    Raises ``RuntimeError`` when one needs compiling and cannot be.
    """
    made = []
    for source in sorted(folder.glob("*.ts")):
        compiled = source.with_suffix(".qm")
        if not is_stale(source, compiled):
            continue
        if not compile_one(source, compiled):
            raise RuntimeError(f"cannot compile {source}: no working lrelease (install PySide6)")
        made.append(compiled)
    return made


def main(argv: list[str]) -> int:
    if argv[:1] == ["--update"]:
        for path in update_sources():
            print(f"updated {path}")
        argv = []
    folder = Path(argv[0]) if argv else ROOT / "resources" / "i18n"
    try:
        made = compile_folder(folder)
    except RuntimeError as error:
        print(f"app.i18n.qm: {error}", file=sys.stderr)
        return 1
    for path in made:
        print(f"compiled {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
