"""``pip install prompter`` is the engine and the command line, without Qt.

A fresh virtual environment gets the package without extras (a real, non-editable install of
this tree): ``prompter validate`` checks a shipped scenario there, the price table and schemas
are found where the wheel put them, PySide6 is not installed, and ``prompter-studio`` says what
to install instead of failing with a traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP = {
    ".git",
    ".venv",
    "build",
    "dist",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "__pycache__",
    "simulations",
}

#: One worker builds the environment and runs every test of it (``--dist loadgroup``).
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900), pytest.mark.xdist_group("slim_install")]


def copy_of_the_tree(target: Path) -> Path:
    """The checkout without its caches, so the build leaves nothing in the real tree."""
    shutil.copytree(
        ROOT,
        target,
        ignore=lambda _folder, names: [
            name for name in names if name in SKIP or name.endswith((".egg-info", ".pyc"))
        ],
    )
    return target


@pytest.fixture(scope="module")
def slim_venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    base = tmp_path_factory.mktemp("slim")
    source = copy_of_the_tree(base / "src")
    env_dir = base / "venv"
    # No pip of its own (ensurepip takes seconds): uv, which ./dev installs beside the tests,
    # installs into it as pip would (half the time), leaving every dependency's .pyc to the
    # imports that need them. The package is still built from the tree in an isolated build
    # environment, by its own build backend, and its dependencies resolved afresh: not the lock.
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    uv = Path(sys.executable).with_name("uv")
    subprocess.run(
        [str(uv), "pip", "install", "-q", "--python", str(python), str(source)],
        check=True,
        env={**os.environ, "UV_PYTHON_DOWNLOADS": "never"},
        cwd=base,
    )
    shutil.rmtree(source)  # what follows must run from the installation alone
    yield env_dir
    # Its 5,400 files are deleted here, by this worker while the others run, not by pytest
    # after the last test.
    shutil.rmtree(base, ignore_errors=True)


def run(env_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run(
        [*args], capture_output=True, text=True, env=environment, cwd=env_dir, timeout=300
    )


def test_the_slim_install_has_no_qt(slim_venv: Path) -> None:
    probe = run(slim_venv, str(slim_venv / "bin" / "python"), "-c", "import PySide6")
    assert probe.returncode != 0
    assert "No module named 'PySide6'" in probe.stderr


def test_it_validates_a_shipped_scenario(slim_venv: Path) -> None:
    shipped = slim_venv / "share" / "prompter" / "scenarios" / "analyst_bot"
    assert (shipped / "scenario.yaml").is_file()
    result = run(slim_venv, str(slim_venv / "bin" / "prompter"), "validate", str(shipped))
    assert result.returncode == 0, result.stdout + result.stderr


def test_its_library_finds_its_resources(slim_venv: Path) -> None:
    probe = (
        "import engine, engine.io.resources as r; "
        "print(r.resource_path('prices.yaml').is_file(), "
        "engine.PriceTable.load().knows('gpt-4.1-mini', 'https://api.openai.com/v1'))"
    )
    result = run(slim_venv, str(slim_venv / "bin" / "python"), "-c", probe)
    assert result.stdout.split() == ["True", "True"], result.stderr


def test_the_studio_command_says_what_to_install(slim_venv: Path) -> None:
    result = run(slim_venv, str(slim_venv / "bin" / "prompter-studio"))
    assert result.returncode == 2
    assert "pip install 'prompter[studio]'" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_wheel_carries_the_studio_s_translations_and_fonts(slim_venv: Path) -> None:
    """Built by pip's isolated build (no Qt there): the .qm that ./dev compiled ship, and so do
    the .ts (the studio compiles a missing .qm itself) and the fonts with their licence."""
    resources = slim_venv / "share" / "prompter" / "resources"
    for name in ("prompter_fr", "prompter_hi", "qt_extra_hi"):
        assert (resources / "i18n" / f"{name}.ts").is_file()
        assert (resources / "i18n" / f"{name}.qm").stat().st_size > 100
    assert (resources / "fonts" / "NotoSansDevanagari-Regular.ttf").is_file()
    assert (resources / "fonts" / "OFL.txt").is_file()
