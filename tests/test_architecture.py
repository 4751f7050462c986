"""The engine is a library: it never imports Qt or the studio, and one module talks to openai."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "engine"
FORBIDDEN_IN_ENGINE = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "app")
#: The one engine module allowed to import the openai SDK (errors are mapped there too).
OPENAI_MODULE = ENGINE / "providers" / "openai_api.py"


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


ENGINE_FILES = sorted(ENGINE.rglob("*.py"))


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_never_imports_qt_or_the_studio(path: Path) -> None:
    assert imported_roots(path).isdisjoint(FORBIDDEN_IN_ENGINE)


def test_only_one_engine_module_imports_openai() -> None:
    importers = {path for path in ENGINE_FILES if "openai" in imported_roots(path)}
    assert importers <= {OPENAI_MODULE}


def test_the_import_check_sees_what_it_must() -> None:
    source = "import PySide6.QtCore\nfrom app.main import x\nfrom . import sibling\n"
    probe = ENGINE.parent / "tests" / "_probe_imports.py"
    probe.write_text(source, encoding="utf-8")
    try:
        assert imported_roots(probe) == {"PySide6", "app"}
    finally:
        probe.unlink()
