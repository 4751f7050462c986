"""The engine is a library: it never imports Qt or the studio, and one module talks to openai.
The engine and the studio are each built in layers, each importing only those below it, with no
import cycle.

The engine's layers (lowest first; each package's docstring says the same in words):

* foundation — the exception tree, the version, private I/O (``engine.io``), the tables of the
  engine's words in each language (``engine.languages``);
* format — the scenario format (``engine.scenario``): models, loader, validator, editing;
* providers — the model interface and its adapters, pacing, rate tables;
* records — the log's events, record schema, reader and writer: anything may log;
* actions — what action steps call: Python functions (worker processes), HTTP, stubs;
* dialogue — fsm, vars_memory, ledger, contract, prompting: the parts of a dialogue;
* fold — a log added up into a conversation's state (``engine.log.fold``);
* conversation — the turn loop and a conversation's whole state;
* tools — what is built over conversations: scenario tests, simulation, the key-free model,
  stats, compare, draw.io, the request view, the server (``engine.serve``);
* cli — the command line; api — ``engine`` itself, the public face, over all but the cli.

The studio's layers (napari-style contracts, lowest first):

* foundation — theme, small widgets, dialogs, the layout geometry, languages and fonts
  (``app.i18n``): no other studio module;
* model — the edit session and its undo commands: no widgets;
* inspect — the request inspector: shows a model call the engine rebuilt from a log;
* logview — the conversation-log viewer and the log pane: knows nothing of the editor or the
  chat;
* graph — the scene, its items and view: they mirror the model;
* panes — the scenario editor, the inspector, the text editors, problems, file commands;
* chat — the test chat: the log viewer's parts and the model, never the window or the graph
  (it reaches the window through ``app.chat.studio.StudioHost``);
* window — the main window: arranges the panes, never imports the chat or the log viewer;
* tests — the Tests pane and Save chat as test: plugged into the window from the outside (through
  ``app.tests_pane.studio.TestsHost``), wired to the chat; nothing below imports them;
* start — ``app.__main__``, where the chat is docked into the window and handlers are wired.
"""

from __future__ import annotations

import ast
import fnmatch
import functools
from pathlib import Path
from typing import NamedTuple

import networkx as nx
import pytest
from plugins.source_trees import SOURCE_RULES, source_tree

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
APP = ROOT / "app"
FORBIDDEN_IN_ENGINE = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "app")
#: The one engine module allowed to import the openai SDK (errors are mapped there too).
OPENAI_MODULE = ENGINE / "providers" / "openai_api.py"

#: On the one worker that parses every module of the engine and the studio once for all the
#: house rules (``plugins/source_trees.py``).
pytestmark = pytest.mark.xdist_group(SOURCE_RULES)


class ImportStatement(NamedTuple):
    """One ``import`` or ``from ... import`` of a module, wherever it is (deferred ones too)."""

    is_from: bool
    module: str | None  # ``from``'s module; None for ``import``
    level: int  # ``from``'s leading dots
    names: tuple[str, ...]


def import_statements(path: Path) -> tuple[ImportStatement, ...]:
    """The imports of ``path``. Each file is parsed once per version of it and only its imports
    are kept (a few thousand small tuples, where the trees were 700,000 objects): the rules below
    ask for them some 600 times."""
    stat = path.stat()
    return _import_statements(path, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _import_statements(path: Path, mtime_ns: int, size: int) -> tuple[ImportStatement, ...]:
    return tuple(
        ImportStatement(
            isinstance(node, ast.ImportFrom),
            node.module if isinstance(node, ast.ImportFrom) else None,
            node.level if isinstance(node, ast.ImportFrom) else 0,
            tuple(alias.name for alias in node.names),
        )
        for node in ast.walk(source_tree(path))
        if isinstance(node, (ast.Import, ast.ImportFrom))
    )


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for statement in import_statements(path):
        if not statement.is_from:
            roots.update(name.split(".")[0] for name in statement.names)
        elif statement.level == 0 and statement.module:
            roots.add(statement.module.split(".")[0])
    return roots


ENGINE_FILES = sorted(ENGINE.rglob("*.py"))


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_never_imports_qt_or_the_studio(path: Path) -> None:
    assert imported_roots(path).isdisjoint(FORBIDDEN_IN_ENGINE)


def test_only_one_engine_module_imports_openai() -> None:
    importers = {path for path in ENGINE_FILES if "openai" in imported_roots(path)}
    assert importers <= {OPENAI_MODULE}


#: Each vendor SDK and the one engine module allowed to import it (its errors mapped there).
VENDOR_SDK_MODULES = {
    "anthropic": ENGINE / "providers" / "anthropic_api.py",
    "google.genai": ENGINE / "providers" / "gemini_api.py",
}


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, by its full dotted name (``google.genai.types``)."""
    names: set[str] = set()
    for statement in import_statements(path):
        if not statement.is_from:
            names.update(statement.names)
        elif statement.level == 0 and statement.module:
            names.add(statement.module)
            names.update(f"{statement.module}.{name}" for name in statement.names)
    return names


@pytest.mark.parametrize("sdk", list(VENDOR_SDK_MODULES))
def test_only_one_engine_module_imports_each_vendor_sdk(sdk: str) -> None:
    importers = {
        path
        for path in ENGINE_FILES
        if any(name == sdk or name.startswith(f"{sdk}.") for name in imported_modules(path))
    }
    assert importers == {VENDOR_SDK_MODULES[sdk]}


def private_sdk_imports(path: Path) -> set[str]:
    """The modules of a vendor SDK that ``path`` imports and that the SDK keeps private (a part
    of the name starts with ``_``): a release may move them without notice."""
    roots = ("openai", "anthropic", "google")
    return {
        name
        for name in imported_modules(path)
        if name.split(".")[0] in roots and any(part.startswith("_") for part in name.split("."))
    }


def test_no_engine_module_reaches_into_a_vendor_sdks_private_parts() -> None:
    assert {
        str(path): private_sdk_imports(path) for path in ENGINE_FILES if private_sdk_imports(path)
    } == {}


def test_the_private_import_check_sees_one(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def later():\n    from openai._models import construct_type\n", "utf-8")
    assert private_sdk_imports(probe) == {"openai._models", "openai._models.construct_type"}


def test_the_import_check_sees_what_it_must() -> None:
    source = "import PySide6.QtCore\nfrom app.main import x\nfrom . import sibling\n"
    probe = ENGINE.parent / "tests" / "_probe_imports.py"
    probe.write_text(source, encoding="utf-8")
    try:
        assert imported_roots(probe) == {"PySide6", "app"}
    finally:
        probe.unlink()


# --- the engine's layers -------------------------------------------------------------------------

ENGINE_LAYERS: dict[str, tuple[str, ...]] = {
    "foundation": (
        "engine.errors",
        "engine.version",
        "engine.io",
        "engine.io.*",
        "engine.languages",
        "engine.languages.*",
    ),
    "format": ("engine.scenario", "engine.scenario.*"),
    "providers": ("engine.providers", "engine.providers.*"),
    "records": (
        "engine.log",
        "engine.log.events",
        "engine.log.schema",
        "engine.log.reader",
        "engine.log.writer",
    ),
    "actions": ("engine.actions", "engine.actions.*"),
    "dialogue": ("engine.dialogue", "engine.dialogue.*"),
    "fold": ("engine.log.fold",),
    "conversation": ("engine.conversation", "engine.conversation.*"),
    "tools": (
        "engine.scenario_tests",
        "engine.scenario_tests.*",
        "engine.simulate",
        "engine.simulate.*",
        "engine.offline",
        "engine.offline.*",
        "engine.stats",
        "engine.stats.*",
        "engine.matrix",
        "engine.matrix.*",
        "engine.compare",
        "engine.compare.*",
        "engine.drawio",
        "engine.drawio.*",
        "engine.request_view",
        "engine.request_view.*",
        "engine.serve",
        "engine.serve.*",
    ),
    "cli": ("engine.cli", "engine.cli.*", "engine.__main__"),
    "api": ("engine",),
}
_ENGINE_ORDER = list(ENGINE_LAYERS)
#: layer -> the layers its modules may import: its own and every one below it, except that the
#: format and the providers know nothing of each other, and the public face never imports the cli
ENGINE_MAY_IMPORT: dict[str, set[str]] = {
    layer: set(_ENGINE_ORDER[: index + 1]) for index, layer in enumerate(_ENGINE_ORDER)
}
ENGINE_MAY_IMPORT["providers"] -= {"format"}
ENGINE_MAY_IMPORT["api"] -= {"cli"}


def modules_under(package: Path) -> dict[str, Path]:
    modules = {}
    for path in sorted(package.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    return modules


ENGINE_MODULES = modules_under(ENGINE)


def package_imports(path: Path, modules: dict[str, Path], root: str) -> set[str]:
    """The modules of ``root`` that ``path`` imports, wherever the import is (deferred too)."""
    found: set[str] = set()
    for statement in import_statements(path):
        if not statement.is_from:
            found.update(name for name in statement.names if name.split(".")[0] == root)
        elif statement.module and statement.level == 0 and statement.module.split(".")[0] == root:
            for name in statement.names:
                full = f"{statement.module}.{name}"
                found.add(full if full in modules else statement.module)
    return found


def engine_layer_of(module: str) -> str:
    layers = [
        layer
        for layer, patterns in ENGINE_LAYERS.items()
        if any(fnmatch.fnmatchcase(module, pattern) for pattern in patterns)
    ]
    assert len(layers) == 1, f"{module} must be in exactly one layer (ENGINE_LAYERS): {layers}"
    return layers[0]


def test_every_engine_module_has_a_layer() -> None:
    for module in ENGINE_MODULES:
        engine_layer_of(module)


@pytest.mark.parametrize("module", sorted(ENGINE_MODULES))
def test_engine_modules_import_only_their_layer_and_those_below(module: str) -> None:
    layer = engine_layer_of(module)
    above = {
        imported: engine_layer_of(imported)
        for imported in package_imports(ENGINE_MODULES[module], ENGINE_MODULES, "engine")
        if engine_layer_of(imported) not in ENGINE_MAY_IMPORT[layer]
    }
    assert above == {}, f"{module} ({layer}) may import only {sorted(ENGINE_MAY_IMPORT[layer])}"


def test_the_engine_has_no_import_cycle() -> None:
    graph = nx.DiGraph()
    for module, path in ENGINE_MODULES.items():
        graph.add_node(module)
        graph.add_edges_from(
            (module, imported)
            for imported in package_imports(path, ENGINE_MODULES, "engine")
            if imported != module and imported in ENGINE_MODULES
        )
    # a package's __init__ re-exporting its own modules is not a cycle of design
    cycles = [
        cycle
        for cycle in nx.simple_cycles(graph)
        if not all(
            m.startswith(min(cycle, key=len) + ".") or m == min(cycle, key=len) for m in cycle
        )
    ]
    assert cycles == []


def test_every_engine_package_says_what_it_holds_and_may_import() -> None:
    for init in sorted(ENGINE.glob("*/__init__.py")):
        docstring = ast.get_docstring(source_tree(init)) or ""
        assert len(docstring.splitlines()) >= 3, f"{init.relative_to(ROOT)} needs its map"
        assert "import" in docstring, f"{init.relative_to(ROOT)}: say what it may import"


# --- the studio's layers -------------------------------------------------------------------------

#: layer -> the modules in it (fnmatch patterns on dotted names)
LAYERS: dict[str, tuple[str, ...]] = {
    "foundation": (
        "app",
        "app.theme",
        "app.widgets",
        "app.gc_freeze",
        "app.highlighter",
        "app.dialogs",
        "app.file_watch",
        "app.find_bar",
        "app.graph",
        "app.graph.layout",
        "app.code_edit",
        "app.places",
        "app.worker_thread",
        "app.plain_text",
        "app.i18n",
        "app.i18n.*",
        "app.action_trust",
    ),
    "model": (
        "app.edit_session",
        "app.undo_labels",
        "app.commands",
        "app.step_kinds",
        "app.step_ids",
        "app.step_rename",
        "app.action_outcomes",
    ),
    "charts": ("app.charts", "app.charts.*"),
    "inspect": ("app.request_inspector", "app.request_inspector.*"),
    "logview": ("app.logview", "app.logview.*"),
    "graph": (
        "app.graph.items",
        "app.graph.styles",
        "app.graph.routing",
        "app.graph.scene",
        "app.graph.view",
        "app.graph.overlay",
        "app.graph.readonly",
        "app.graph.labels",
        "app.graph.palette",
        "app.graph.accessible",
        "app.graph.far_view",
        "app.graph.keyboard",
        "app.graph.overview",
        "app.graph.inline_edit",
        "app.graph.drawing",
    ),
    "panes": (
        "app.editor",
        "app.step_form",
        "app.step_form_tables",
        "app.action_form",
        "app.try_action",
        "app.instruction_editor",
        "app.file_text",
        "app.scenario_pane",
        "app.problems",
        "app.file_commands",
        "app.help",
    ),
    "chat": ("app.chat", "app.chat.*"),
    "compare": ("app.compare", "app.compare.*"),
    "analytics": (
        "app.analytics.loader",
        "app.analytics.panel",
        "app.analytics.shading",
        "app.analytics.window",
    ),
    "simulate": (
        "app.simulate.source",
        "app.simulate.setup",
        "app.simulate.job",
        "app.simulate.shading",
        "app.simulate.tables",
        "app.simulate.progress",
        "app.simulate.personas",
        "app.simulate.dialog",
        "app.simulate.save_test",
        "app.simulate.window_graph",
        "app.simulate.window_conversations",
        "app.simulate.window",
    ),
    "matrix": ("app.matrix.job", "app.matrix.dialog", "app.matrix.window"),
    # publishing to a server's store: File ▸ Publish…, Tools ▸ Live versions (issue 35)
    "publish": ("app.publish", "app.publish.*"),
    "window": ("app.main_window", "app.window_arrangement", "app.window_problems", "app.room"),
    # scenario tests: a pane plugged into the window from the outside, wired to the chat
    "tests": ("app.tests_pane", "app.tests_pane.*"),
    # what plugs the tool windows into the studio window, from the outside
    "tools": (
        "app.analytics",
        "app.analytics.studio",
        "app.logpane",
        "app.logpane.*",
        "app.simulate",
        "app.simulate.studio",
        "app.matrix",
        "app.matrix.studio",
    ),
    "start": ("app.__main__",),
}
#: layer -> the layers its modules may import
MAY_IMPORT: dict[str, set[str]] = {
    "foundation": {"foundation"},
    "model": {"foundation", "model"},
    "charts": {"foundation", "charts"},
    "inspect": {"foundation", "inspect"},
    "logview": {"foundation", "charts", "inspect", "logview"},
    "graph": {"foundation", "model", "graph"},
    "panes": {"foundation", "model", "graph", "panes"},
    "chat": {"foundation", "model", "charts", "logview", "chat"},
    "compare": {"foundation", "model", "graph", "compare"},
    "analytics": {"foundation", "model", "graph", "charts", "logview", "analytics"},
    # the test chat's provider settings and key store are what a simulation runs with
    "simulate": {"foundation", "model", "graph", "charts", "logview", "chat", "simulate"},
    # a matrix runs with the chat's model and key, and keeps its runs beside the simulations
    "matrix": {"foundation", "model", "graph", "charts", "logview", "chat", "simulate", "matrix"},
    "publish": {"foundation", "model", "graph", "charts", "logview", "analytics", "publish"},
    "window": {"foundation", "model", "graph", "panes", "window"},
    "tests": {"foundation", "model", "graph", "panes", "logview", "chat", "tests"},
    "tools": {
        "foundation",
        "model",
        "graph",
        "charts",
        "inspect",
        "logview",
        "chat",
        "compare",
        "analytics",
        "simulate",
        "matrix",
        "tools",
    },
    "start": set(LAYERS),
}


def app_modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(APP.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    return modules


def studio_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The studio modules ``path`` imports, wherever the import is (deferred ones included)."""
    return package_imports(path, modules, "app")


def layer_of(module: str) -> str:
    layers = [
        layer
        for layer, patterns in LAYERS.items()
        if any(fnmatch.fnmatchcase(module, pattern) for pattern in patterns)
    ]
    assert len(layers) == 1, f"{module} must be in exactly one layer (see LAYERS): {layers}"
    return layers[0]


APP_MODULES = app_modules()


def test_every_studio_module_has_a_layer() -> None:
    for module in APP_MODULES:
        layer_of(module)


@pytest.mark.parametrize("module", sorted(APP_MODULES))
def test_studio_modules_import_only_their_layer_and_those_below(module: str) -> None:
    layer = layer_of(module)
    above = {
        imported: layer_of(imported)
        for imported in studio_imports(APP_MODULES[module], APP_MODULES)
        if layer_of(imported) not in MAY_IMPORT[layer]
    }
    assert above == {}, f"{module} ({layer}) may import only {sorted(MAY_IMPORT[layer])}"


def test_the_studio_has_no_import_cycle() -> None:
    graph = nx.DiGraph()
    for module, path in APP_MODULES.items():
        graph.add_node(module)
        graph.add_edges_from(
            (module, imported)
            for imported in studio_imports(path, APP_MODULES)
            if imported != module and imported in APP_MODULES
        )
    assert list(nx.simple_cycles(graph)) == []


@pytest.mark.parametrize("module", [m for m in sorted(APP_MODULES) if layer_of(m) == "model"])
def test_the_edit_model_has_no_widgets(module: str) -> None:
    imported = {statement.module for statement in import_statements(APP_MODULES[module])}
    assert "PySide6.QtWidgets" not in imported


def test_the_layer_check_sees_deferred_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "def later():\n    from app.chat.pane import ChatPane\nfrom app import commands\n",
        encoding="utf-8",
    )
    assert studio_imports(probe, APP_MODULES) == {"app.chat.pane", "app.commands"}


def engine_names_the_studio_imports() -> dict[tuple[str, str], list[str]]:
    """(engine module, name) -> the studio modules that import that name from that module."""
    found: dict[tuple[str, str], list[str]] = {}
    for path in sorted(APP.rglob("*.py")):
        for statement in import_statements(path):
            if (statement.module or "").startswith("engine."):
                for name in statement.names:
                    where = str(path.relative_to(ROOT))
                    found.setdefault((str(statement.module), name), []).append(where)
    return found


def test_the_studio_imports_from_the_engine_only_what_its_modules_export() -> None:
    """The studio reaches inside the engine (see ``app/__init__.py``), but only through what
    each module lists in ``__all__``: no private name, nothing a module merely imports."""
    import importlib
    import importlib.util

    outside = []
    for (module_name, name), users in sorted(engine_names_the_studio_imports().items()):
        module = importlib.import_module(module_name)
        if name in getattr(module, "__all__", ()):
            continue
        if hasattr(module, "__path__") and importlib.util.find_spec(f"{module_name}.{name}"):
            continue  # a submodule (``from engine.stats import render``)
        outside.append(f"{module_name}.{name} (in {', '.join(users)})")
    assert outside == []


#: No module of the engine or the studio grows past this many lines (issue 36's house rule):
#: a longer one is split by job, as ``engine.conversation`` is into the parts of a turn.
MAX_MODULE_LINES = 800


def long_modules() -> list[str]:
    return [
        f"{path.relative_to(ROOT)} ({lines} lines)"
        for path in sorted([*ENGINE.rglob("*.py"), *APP.rglob("*.py")])
        if (lines := path.read_text(encoding="utf-8").count("\n")) > MAX_MODULE_LINES
    ]


def test_no_module_is_over_800_lines() -> None:
    """A newcomer opens modules of a few hundred lines, each doing one job."""
    assert long_modules() == []


#: No function of the engine or the studio grows past this many lines (issue 36's house rule):
#: a longer one is split into helpers by job, as a command's parser is into its groups of options.
MAX_FUNCTION_LINES = 80


def long_functions() -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)"
        for path in sorted([*ENGINE.rglob("*.py"), *APP.rglob("*.py")])
        for node in ast.walk(source_tree(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (lines := (node.end_lineno or node.lineno) - node.lineno + 1) > MAX_FUNCTION_LINES
    ]


def test_no_function_is_over_80_lines() -> None:
    """A newcomer reads functions of a screen or so, each doing one job its name says."""
    assert long_functions() == []


def test_no_module_excuses_its_size() -> None:
    """A module's docstring says what it holds and why it is built so, not why it is long."""
    excusing = [
        str(path.relative_to(ROOT))
        for path in sorted([*ENGINE.rglob("*.py"), *APP.rglob("*.py")])
        if "why one module" in (ast.get_docstring(source_tree(path)) or "").lower()
    ]
    assert excusing == []
