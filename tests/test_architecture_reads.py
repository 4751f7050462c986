"""One way in for untrusted files (issue 27): every read of a file in ``engine/`` and ``app/``
goes through the bounded reader, :mod:`engine.io.untrusted`.

A file that came with a scenario, a test, a cassette, a persona or a log may be a link out of its
folder, a FIFO, ``/dev/zero`` or 3 GB of nothing; only the bounded reader checks all of that. So
this test reads the source of every module and fails on any other way of reading a file —
``open(..., "r")``, ``Path.read_bytes``/``read_text``, ``Path.open("rb")``, ``os.open``,
``io.open``, ``codecs.open``, ``shutil.copy*`` — outside the few modules listed below, each with
the reason it reads only Prompter's own files (or goes through a reader that refuses pipes).
Writes (``open(path, "w")``, ``"a"``, ``"x"``) are not reads and are not listed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from plugins.source_trees import SOURCE_RULES, source_tree

ROOT = Path(__file__).resolve().parent.parent

#: Modules that may read files otherwise, the ways they may (and only those), and why: none of
#: them reads a file a scenario brought.
ALLOWED: dict[str, tuple[set[str], str]] = {
    "engine/io/untrusted.py": ({"os.open()"}, "the bounded reader itself"),
    "engine/io/atomic.py": ({"os.open()"}, "its own temporaries (O_NOFOLLOW, O_NONBLOCK)"),
    "engine/cli/__init__.py": ({"os.open()"}, "opens os.devnull to write to it"),
    "engine/actions/worker_main.py": (
        {"open()"},
        "opens os.devnull as the worker's standard input",
    ),
    "app/i18n/qm.py": ({".read_text()"}, "the studio's own .ts sources, refreshed by ./dev i18n"),
    "engine/serve/sqlite_store.py": ({"os.open()"}, "its own workers' lock files, never read"),
    "engine/serve/page.py": ({".read_text()"}, "Prompter's own resources/serve/chat.html"),
    "engine/providers/prices.py": (
        {".read_text()"},
        "Prompter's own resources/prices.yaml (prices and rate limits: its one reader)",
    ),
    "engine/scenario/json_schema.py": ({".read_text()"}, "Prompter's own schema, for --check"),
    "engine/scenario/document/files.py": (
        {"shutil.copy2()"},
        "Save As copies the folder's other files with shutil.copy2 (which refuses pipes), "
        "only regular files that are not links",
    ),
    "app/help.py": ({".read_text()"}, "Prompter's own documentation (docs/)"),
    "app/chat/pane_settings.py": (
        {".read_bytes()"},
        "Save Log As copies the log its own chat writes",
    ),
}

#: Calls that read a file whatever they are called on.
READ_METHODS = {"read_bytes", "read_text"}
#: ``module.function`` calls that open or copy a file.
READ_FUNCTIONS = {
    ("os", "open"),
    ("io", "open"),
    ("codecs", "open"),
    ("shutil", "copy"),
    ("shutil", "copy2"),
    ("shutil", "copyfile"),
}


def _is_write_mode(node: ast.expr | None) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and any(letter in node.value for letter in "wax")
    )


def _mode_of(call: ast.Call, position: int) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "mode":
            return keyword.value
    return call.args[position] if len(call.args) > position else None


def reads_in(source: str | ast.Module) -> list[tuple[int, str]]:
    """(line, what) for every way ``source`` (a module's text or tree) reads a file other than
    the bounded reader."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source) if isinstance(source, str) else source
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        if isinstance(function, ast.Name) and function.id == "open":
            if not _is_write_mode(_mode_of(node, 1)):
                found.append((node.lineno, "open()"))
        elif isinstance(function, ast.Attribute):
            owner = function.value.id if isinstance(function.value, ast.Name) else None
            if function.attr in READ_METHODS:
                found.append((node.lineno, f".{function.attr}()"))
            elif (owner, function.attr) in READ_FUNCTIONS:
                found.append((node.lineno, f"{owner}.{function.attr}()"))
            elif function.attr == "open" and owner not in ("os", "io", "codecs"):
                # Path.open(mode): a literal read mode, or an encoding (text is read)
                mode = _mode_of(node, 0)
                text_read = any(keyword.arg == "encoding" for keyword in node.keywords)
                if (isinstance(mode, ast.Constant) and not _is_write_mode(mode)) or (
                    mode is None and text_read
                ):
                    found.append((node.lineno, ".open(mode)"))
    return found


MODULES = sorted(
    path.relative_to(ROOT).as_posix()
    for folder in ("engine", "app")
    for path in (ROOT / folder).rglob("*.py")
)


#: On the one worker that parses every module once for all the house rules.
pytestmark = pytest.mark.xdist_group(SOURCE_RULES)


@pytest.mark.parametrize("module", MODULES)
def test_files_are_read_only_through_the_bounded_reader(module: str) -> None:
    allowed = ALLOWED.get(module, (set(), ""))[0]
    reads = [
        (line, what) for line, what in reads_in(source_tree(ROOT / module)) if what not in allowed
    ]
    assert not reads, (
        f"{module} reads files without engine.io.untrusted: "
        + ", ".join(f"line {line}: {what}" for line, what in reads)
        + " — use read_text/read_bytes/open_regular (with inside= for a scenario's files)"
    )


def test_every_exception_still_reads_files() -> None:
    """An entry left behind after its module changed would let a new read in unseen."""
    stale = [
        module
        for module in ALLOWED
        if not (ROOT / module).exists()
        or not {what for _line, what in reads_in(source_tree(ROOT / module))} & ALLOWED[module][0]
    ]
    assert stale == []


def test_the_check_sees_every_way_of_reading() -> None:
    source = """
import os, io, codecs, shutil
from pathlib import Path
open(p)
open(p, "rb")
open(p, mode="r", encoding="utf-8")
Path(p).read_text()
p.read_bytes()
p.open("rb")
p.open(encoding="utf-8")
os.open(p, os.O_RDONLY)
io.open(p)
codecs.open(p)
shutil.copyfile(a, b)
shutil.copy2(a, b)
open(p, "w")
open(p, "ab")
p.open("x")
document.open()
"""
    assert [line for line, _what in reads_in(source)] == list(range(4, 16))
