"""Load a scenario's actions module — trusted code — from its path, under a name of its own.

The module is not on ``sys.path`` and is not imported by name: two scenarios may both have an
``actions.py``, and neither must shadow the other or a module of the same name. Each load gets
the name ``prompter_actions_<hash of the path>`` and is not kept in ``sys.modules`` beyond the
load, so a second load (after an edit) reads the file again. Only callers that were told the
folder is trusted load it: the command line (the user ran it on their folder) and the studio
after it asked.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

#: The keyword a Python action receives its context by, if it declares it (or ``**kwargs``).
CONTEXT_PARAMETER = "context"


def module_name(path: Path) -> str:
    """The name the module at ``path`` is loaded under."""
    digest = hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:12]
    return f"prompter_actions_{digest}"


def load_module(path: Path) -> ModuleType:
    """Run the module at ``path`` and return it; its exceptions propagate (the caller says
    what went wrong: a syntax error, an import it lacks)."""
    name = module_name(path)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} cannot be loaded as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickling look the module up while it runs
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(name, None)
    return module


def keyword_arguments(
    function: Callable[..., Any], inputs: Mapping[str, Any], context: Any
) -> dict[str, Any]:
    """The keyword arguments of a call of ``function``: the inputs, and ``context`` when the
    function declares it (or takes ``**kwargs``); a function that needs no context need not
    declare it."""
    arguments = dict(inputs)
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):  # a builtin without a signature: hand it everything
        parameters = None
    if (
        parameters is None
        or CONTEXT_PARAMETER in parameters
        or any(item.kind is inspect.Parameter.VAR_KEYWORD for item in parameters.values())
    ):
        arguments[CONTEXT_PARAMETER] = context
    return arguments


def file_stamp(path: Path) -> tuple[int, int] | None:
    """What changes when the file is edited (modification time, size); ``None`` if missing."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


__all__ = ["CONTEXT_PARAMETER", "file_stamp", "keyword_arguments", "load_module", "module_name"]
