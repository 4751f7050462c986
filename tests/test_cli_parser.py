"""``prompter COMMAND`` builds the parser of that command's module alone, and it is the same.

Importing every command module takes a second; a command whose module bears its name parses
with that module only. What it accepts and what its ``--help`` says are the whole parser's.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


WHOLE = _commands(build_parser())
NAMED_LIKE_THEIR_MODULE = sorted(
    name for name in WHOLE if (ROOT / "engine" / "cli" / f"{name}.py").is_file()
)


def test_most_commands_have_a_module_of_their_name() -> None:
    assert {"chat", "validate", "diff", "stats", "test", "simulate", "serve", "schema"} <= set(
        NAMED_LIKE_THEIR_MODULE
    )


@pytest.mark.parametrize("command", NAMED_LIKE_THEIR_MODULE)
def test_the_one_command_parser_is_the_whole_parsers_part(command: str) -> None:
    alone = _commands(build_parser(command))
    assert list(alone) == [command]
    assert alone[command].format_help() == WHOLE[command].format_help()


@pytest.mark.parametrize("first", ["export-drawio", "no-such-command", "exit_codes"])
def test_other_names_get_the_whole_parser(first: str) -> None:
    assert list(_commands(build_parser(first))) == list(WHOLE)


def test_validate_imports_no_other_command() -> None:
    probe = (
        "import sys; from engine.cli import main; "
        "main(['validate', '-q', 'scenarios/analyst_bot']); "
        "print(sorted(m for m in sys.modules if m.startswith('engine.cli.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.stdout.splitlines()[-1] == "['engine.cli.exit_codes', 'engine.cli.validate']"
