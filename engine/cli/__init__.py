"""``python -m engine`` / ``prompter``: the command line.

Each subcommand lives in its own module of this package and exposes ``register(subparsers)``,
which adds its parser and sets ``handler`` (a function of the parsed arguments returning the exit
code, an :class:`~engine.cli.exit_codes.ExitCode`). Modules are discovered, so adding a command
never edits this file (modules whose name starts with ``_`` are helpers, and a module without
``register``, such as ``exit_codes``, is not a command).

Every command's statuses are :class:`~engine.cli.exit_codes.ExitCode`'s. Here a Prompter error
or a file that cannot be written is printed as one clear message (``FAILED``), Ctrl-C is
``INTERRUPTED``, and anything else escaping a command is a bug: its traceback is printed as a
crash report, through :func:`engine.io.redact.redact` like everything Prompter writes (``BUG``).

It may import the whole engine; nothing in the engine imports it.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import traceback
from collections.abc import Sequence

from engine.cli.exit_codes import ExitCode
from engine.errors import PrompterError
from engine.io.redact import redact
from engine.io.terminal import sanitised_output
from engine.io.untrusted import replace_surrogates
from engine.version import __version__


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``command``, of the one module named after it alone.

    Each command module imports what its command needs, and all of them together take a second
    or more: ``prompter validate`` need not wait for the simulator and the server. A command
    whose module has another name (``export-drawio``) gets the whole parser, as does a name
    that is no command, so its error lists them all.
    """
    parser = argparse.ArgumentParser(
        prog="prompter",
        description="Run, check and convert Prompter scenarios.",
    )
    parser.add_argument("--version", action="version", version=f"prompter {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    names = [
        info.name
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name)
        if not info.name.startswith("_")
    ]
    for name in [command] if command in names else names:
        module = importlib.import_module(f"{__name__}.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    if command is not None and command not in subparsers.choices:
        return build_parser()
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    first = arguments[0] if arguments and not arguments[0].startswith("-") else None
    args = build_parser(first).parse_args(arguments)
    # Everything a command prints — model and scenario text included — reaches the terminal
    # without its control characters (engine.io.terminal).
    with sanitised_output():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    try:
        code: int = args.handler(args)
    except PrompterError as error:
        print(replace_surrogates(f"prompter: {error}"), file=sys.stderr)
        return ExitCode.FAILED
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``prompter validate --json | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush does not raise again.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.OK
    except OSError as error:  # a file we were asked to write: a full disk, no permission, …
        where = f"{error.filename}: " if error.filename else ""
        print(replace_surrogates(f"prompter: {where}{error.strerror or error}"), file=sys.stderr)
        return ExitCode.FAILED
    except Exception as error:  # a bug: report it, without the key
        report = "".join(traceback.format_exception(error))
        print(replace_surrogates(redact(report)), file=sys.stderr, end="")
        print(
            f"prompter: internal error ({type(error).__name__}); this is a bug, please report "
            "it with the lines above",
            file=sys.stderr,
        )
        return ExitCode.BUG
    return code
