"""``python -m engine`` / ``prompter``: the command line.

Each subcommand lives in its own module of this package and exposes ``register(subparsers)``,
which adds its parser and sets ``handler`` (a function of the parsed arguments returning the exit
code). Modules are discovered, so adding a command never edits this file.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from engine import __version__
from engine.errors import PrompterError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="prompter",
        description="Run, check and convert Prompter scenarios.",
    )
    parser.add_argument("--version", action="version", version=f"prompter {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except PrompterError as error:
        print(f"prompter: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``prompter validate --json | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush does not raise again.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code
