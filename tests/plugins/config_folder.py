"""The user's config folder (provider profiles, prices: ``engine.io.config_folder``) is a
temporary one in every test, so no test reads or writes the developer's.

Autouse ``isolated_config_folder`` only names it: the engine makes it when it first saves there,
and most tests never do (an empty folder per test is thousands of folders for pytest to delete).
A test that writes there itself asks for ``config_folder``, which makes it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.io.config_folder import CONFIG_DIR_VARIABLE


@pytest.fixture(autouse=True)
def isolated_config_folder(
    private_folder: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = private_folder("config", make=False)
    monkeypatch.setenv(CONFIG_DIR_VARIABLE, str(folder))
    return folder


@pytest.fixture
def config_folder(isolated_config_folder: Path) -> Path:
    isolated_config_folder.mkdir(parents=True, exist_ok=True)
    return isolated_config_folder
