"""Autouse: the user's config folder (provider profiles, ``engine.io.config_folder``) is a
temporary one in every test, so no test reads or writes the developer's."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.io.config_folder import CONFIG_DIR_VARIABLE


@pytest.fixture(autouse=True)
def config_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv(CONFIG_DIR_VARIABLE, str(folder))
    return folder
