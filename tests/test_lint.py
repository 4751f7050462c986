"""The code style the project agreed on is checked, not hoped for: ruff's rules and its layout
everywhere, mypy --strict on the engine and the studio (all configured in ``pyproject.toml``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=110
    )


FOLDERS = ("engine", "app", "tests", "bench", "packaging")


def test_ruff_finds_nothing() -> None:
    result = run_tool("ruff", "check", "--output-format", "concise", *FOLDERS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_file_is_laid_out_as_ruff_format_writes_it() -> None:
    """One layout for everyone, so a diff shows what changed and not who formatted it."""
    result = run_tool("ruff", "format", "--check", *FOLDERS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_checks_the_engine_and_the_studio() -> None:
    assert set(mypy_settings()["files"]) >= {"engine", "app"}
    assert mypy_settings()["strict"] is True


@pytest.mark.slow
def test_the_engine_and_the_studio_type_check_strictly() -> None:
    result = run_tool("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def mypy_settings() -> dict[str, object]:
    import tomllib

    with (ROOT / "pyproject.toml").open("rb") as file:
        settings: dict[str, object] = tomllib.load(file)["tool"]["mypy"]
    return settings
