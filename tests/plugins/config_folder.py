"""The user's configuration folder (their own price file, saved provider profiles): an empty
temporary folder for every test, so no test reads or writes a developer's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.io.config_folder import CONFIG_DIR_VARIABLE


@pytest.fixture(autouse=True)
def config_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """The configuration folder this test sees (empty; write a ``prices.yaml`` into it)."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv(CONFIG_DIR_VARIABLE, str(folder))
    return folder
