"""What a scenario's actions module defines, read from its source without running it.

A scenario folder is data; its ``actions.py`` is code, and the studio must not run it before the
author trusts the folder. So everything the validator and the studio need to know about the
module — which functions it defines, whether each is ``async``, its parameters, which outcomes it
can name — is read from its syntax tree (:mod:`ast`): parsing runs nothing.

The outcomes a function can return are read from its ``return`` statements:
``return {"outcome": "no_slots", ...}`` (or ``dict(outcome="no_slots", ...)``) names
``no_slots``; any other mapping literal, a bare ``return`` or none at all is ``ok``. A return of
anything else (a variable, a call) may be any outcome: :attr:`ModuleFunction.outcomes` is then
``None`` and the validator does not guess. The file is read through the bounded reader
(:mod:`engine.io.untrusted`), like every file that came with a scenario.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import ScenarioError, UnreadableFile
from engine.io.input_limits import MAX_TEXT_FILE_BYTES
from engine.io.untrusted import read_text
from engine.scenario.actions import OK


@dataclass(frozen=True)
class ModuleFunction:
    """One top-level name of the module that may be an action."""

    name: str
    line: int
    column: int
    #: ``None`` when the name is bound otherwise (an import, an assignment): its kind is unknown.
    is_async: bool | None
    #: The keyword parameters it accepts (``None``: unknown, or it takes ``**kwargs``).
    parameters: tuple[str, ...] | None = None
    #: The outcomes its returns can name (``None``: not known from the source).
    outcomes: frozenset[str] | None = None

    @property
    def is_function(self) -> bool:
        return self.is_async is not None


@dataclass(frozen=True)
class ActionModule:
    """The module as read: its functions, or why it could not be read."""

    path: Path
    functions: dict[str, ModuleFunction] = field(default_factory=dict)
    #: Set when the file is missing, unreadable or not valid Python (located when possible).
    problem: ScenarioError | None = None

    @property
    def exists(self) -> bool:
        return not (isinstance(self.problem, UnreadableFile) and self.problem.reason == "missing")


def read_action_module(path: Path) -> ActionModule:
    """The module at ``path`` as its source says (never imported)."""
    try:
        source = read_text(path, limit=MAX_TEXT_FILE_BYTES, what=f"the actions module {path.name}")
    except UnreadableFile as error:
        return ActionModule(path, problem=error)
    return parse_action_module(source, path)


def parse_action_module(source: str, path: Path) -> ActionModule:
    """The functions ``source`` defines at its top level."""
    try:
        tree = ast.parse(source, filename=str(path))
    except SyntaxError as error:
        return ActionModule(
            path,
            problem=ScenarioError(
                f"the actions module is not valid Python: {error.msg}",
                path=path,
                line=error.lineno,
                column=error.offset,
            ),
        )
    except (RecursionError, MemoryError, ValueError) as error:
        problem = ScenarioError(f"the actions module cannot be parsed: {error}", path=path)
        return ActionModule(path, problem=problem)
    functions: dict[str, ModuleFunction] = {}
    for node in tree.body:
        for found in _top_level_names(node):
            functions[found.name] = found
    return ActionModule(path, functions)


def _top_level_names(node: ast.stmt) -> Iterator[ModuleFunction]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        yield ModuleFunction(
            node.name,
            node.lineno,
            node.col_offset + 1,
            is_async=isinstance(node, ast.AsyncFunctionDef),
            parameters=_parameters(node.args),
            outcomes=_outcomes(node),
        )
    elif isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Name):
                yield ModuleFunction(target.id, node.lineno, node.col_offset + 1, None)
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            name = alias.asname or alias.name.split(".")[0]
            if name != "*":
                yield ModuleFunction(name, node.lineno, node.col_offset + 1, None)


def _parameters(arguments: ast.arguments) -> tuple[str, ...] | None:
    if arguments.kwarg is not None:
        return None
    named = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    return tuple(argument.arg for argument in named)


def _outcomes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str] | None:
    names: set[str] = set()
    returns = list(_returns(function.body))
    if not returns or _falls_through(function.body):
        names.add(OK)
    for value in returns:
        outcome = _named_outcome(value)
        if outcome is None:
            return None
        names.add(outcome)
    return frozenset(names)


def _returns(body: list[ast.stmt]) -> Iterator[ast.expr | None]:
    """The values of the ``return`` statements of a function body (not of nested functions)."""
    pending: list[ast.AST] = list(body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Return):
            yield node.value
        elif not isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
        ):
            pending.extend(ast.iter_child_nodes(node))


def _falls_through(body: list[ast.stmt]) -> bool:
    """Whether the end of the body can be reached: it does not end in ``return`` or ``raise``,
    nor in an ``if`` (or ``with``) whose every branch does. Loops and ``try`` count as reaching
    it, which can only add ``ok`` to what a function is thought to return."""
    if not body:
        return True
    last = body[-1]
    if isinstance(last, ast.Return | ast.Raise):
        return False
    if isinstance(last, ast.If):
        return _falls_through(last.body) or _falls_through(last.orelse)
    if isinstance(last, ast.With | ast.AsyncWith):
        return _falls_through(last.body)
    return True


def _named_outcome(value: ast.expr | None) -> str | None:
    """The outcome a returned expression names; ``None`` when it cannot be told."""
    if value is None or (isinstance(value, ast.Constant) and value.value is None):
        return OK
    if isinstance(value, ast.Dict):
        for key, item in zip(value.keys, value.values, strict=True):
            if key is None:  # {**other}: the outcome may come from it
                return None
            if isinstance(key, ast.Constant) and key.value == "outcome":
                return _constant_text(item)
        return OK
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict":
        if value.args:
            return None
        for keyword in value.keywords:
            if keyword.arg is None:
                return None
            if keyword.arg == "outcome":
                return _constant_text(keyword.value)
        return OK
    return None


def _constant_text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


__all__ = [
    "ActionModule",
    "ModuleFunction",
    "parse_action_module",
    "read_action_module",
]
