"""One set of exit statuses for the command line: ``engine.cli.exit_codes.ExitCode``.

No command module keeps numbers of its own (an ``EXIT_*`` constant, a ``return 1``), and the
table users read (README.md, "Exit statuses", which every doc listing statuses links to) says
what the enum says.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.cli import main
from engine.cli.exit_codes import ExitCode

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "engine" / "cli"


def _cli_modules() -> list[Path]:
    return sorted(path for path in CLI.glob("*.py") if path.name != "exit_codes.py")


def _own_codes(path: Path) -> list[str]:
    """``EXIT_*`` names assigned in ``path`` and ``return <int literal>`` lines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name) and name.id.startswith("EXIT_"):
                    found.append(f"{path.name}:{node.lineno}: {name.id}")
        if isinstance(node, ast.Return) and node.value is not None:
            values = (
                [node.value.body, node.value.orelse]
                if isinstance(node.value, ast.IfExp)
                else [node.value]
            )
            if any(isinstance(v, ast.Constant) and type(v.value) is int for v in values):
                found.append(f"{path.name}:{node.lineno}: return {ast.unparse(node.value)}")
    return sorted(found)


def test_no_command_module_has_exit_numbers_of_its_own() -> None:
    modules = _cli_modules()
    assert len(modules) >= 10  # every command is looked at, not an empty glob
    assert [hit for path in modules for hit in _own_codes(path)] == []


def test_the_check_sees_a_module_with_its_own_numbers(tmp_path: Path) -> None:
    module = tmp_path / "rogue.py"
    module.write_text(
        "EXIT_OK, EXIT_BAD = 0, 1\n"
        "def run(ok):\n"
        "    if ok:\n"
        "        return 0\n"
        "    return 2 if ok is None else EXIT_BAD\n",
        encoding="utf-8",
    )
    assert _own_codes(module) == [
        "rogue.py:1: EXIT_BAD",
        "rogue.py:1: EXIT_OK",
        "rogue.py:4: return 0",
        "rogue.py:5: return 2 if ok is None else EXIT_BAD",
    ]


def _readme_table(readme: Path, heading: str) -> dict[int, str]:
    text = readme.read_text(encoding="utf-8")
    section = text.split(f"### {heading}\n", 1)[1].split("\n#", 1)[0]
    return {
        int(status): name
        for status, name in re.findall(r"^\| (\d+) \| `([A-Z_]+)` \|", section, flags=re.M)
    }


@pytest.mark.parametrize(
    ("readme", "heading"),
    [
        (ROOT / "README.md", "Exit statuses"),
        (ROOT / "docs" / "fr" / "README.md", "Codes de sortie"),
    ],
)
def test_the_readme_table_is_the_enum(readme: Path, heading: str) -> None:
    assert _readme_table(readme, heading) == {code.value: code.name for code in ExitCode}


DOCS_WITH_STATUSES = [
    "security.md",
    "serve.md",
    "simulation.md",
    "testing.md",
    "compare-and-analytics.md",
    "scenario-format.md",
]


@pytest.mark.parametrize("doc", DOCS_WITH_STATUSES)
def test_docs_listing_statuses_point_to_the_table(doc: str) -> None:
    assert "(../README.md#exit-statuses)" in (ROOT / "docs" / doc).read_text(encoding="utf-8")
    french = ROOT / "docs" / "fr" / doc
    assert "(README.md#codes-de-sortie)" in french.read_text(encoding="utf-8")


def test_a_usage_error_is_argparse_status() -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["validate"])  # the scenario folder is missing
    assert stopped.value.code == ExitCode.USAGE
