"""Where the studio finds the OpenAI API key — and the places it must never go.

Order: ``OPENAI_API_KEY`` (what the engine and the CLI read too), then the system keyring (a
key typed in the settings dialog), then a key typed this session when no keyring exists (kept in
memory only, gone when the studio closes). The key is never written to QSettings, a scenario, a
log or an export; :meth:`ApiKeyStore.describe` says where it came from without showing it. A
key found in the keyring or typed here is not in ``OPENAI_API_KEY``, so it is registered with
:func:`engine.io.redact.register_secret`: every file this process writes (logs, session files,
draw.io exports) redacts it, whatever its shape.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from typing import Any

import keyring
import keyring.errors
from keyring.backends import fail
from PySide6.QtCore import QCoreApplication

from engine.io.redact import register_secret

KEYRING_SERVICE = "Prompter"
KEYRING_USER = "openai_api_key"
ENV_VAR = "OPENAI_API_KEY"


@dataclass(frozen=True)
class FoundKey:
    value: str
    source: str  # "environment", "keyring" or "session"


class ApiKeyStore:
    """See the module docstring. ``backend`` is a keyring backend (tests pass their own)."""

    def __init__(self, backend: Any = None, environ: Any = None) -> None:
        self._backend = backend if backend is not None else keyring.get_keyring()
        self._environ = environ if environ is not None else os.environ
        self._session_key: str | None = None

    @property
    def has_keyring(self) -> bool:
        """True when a real keyring backend exists (not keyring's "fail" placeholder)."""
        return not isinstance(self._backend, fail.Keyring)

    def find(self) -> FoundKey | None:
        env = self._environ.get(ENV_VAR, "").strip()
        if env:
            return FoundKey(env, "environment")
        stored = self._from_keyring()
        if stored:
            register_secret(stored)
            return FoundKey(stored, "keyring")
        if self._session_key:
            return FoundKey(self._session_key, "session")
        return None

    def _from_keyring(self) -> str | None:
        if not self.has_keyring:
            return None
        try:
            value = self._backend.get_password(KEYRING_SERVICE, KEYRING_USER)
        except keyring.errors.KeyringError:
            return None
        return str(value) if value else None

    def store(self, key: str) -> str:
        """Keep a typed key; returns where it went ("keyring" or "session")."""
        key = key.strip()
        if not key:
            raise ValueError("the key is empty")
        register_secret(key)  # not in the environment: what we write must still hide it
        if self.has_keyring:
            try:
                self._backend.set_password(KEYRING_SERVICE, KEYRING_USER, key)
            except keyring.errors.KeyringError:
                pass
            else:
                self._session_key = None
                return "keyring"
        self._session_key = key
        return "session"

    def forget(self) -> None:
        """Remove the typed key (the environment variable is the user's, and stays)."""
        self._session_key = None
        if self.has_keyring:
            with contextlib.suppress(keyring.errors.KeyringError):
                self._backend.delete_password(KEYRING_SERVICE, KEYRING_USER)

    def describe(self) -> str:
        """Where the key came from, without showing it, in the studio's language."""
        found = self.find()
        if found is None:
            return QCoreApplication.translate("ApiKeyStore", "No API key")
        if found.source == "environment":
            where = QCoreApplication.translate("ApiKeyStore", "from {variable}").format(
                variable=ENV_VAR
            )
        elif found.source == "keyring":
            where = QCoreApplication.translate("ApiKeyStore", "from the system keyring")
        else:
            where = QCoreApplication.translate(
                "ApiKeyStore", "typed this session (no system keyring: not kept)"
            )
        if len(found.value) > 8:
            return QCoreApplication.translate("ApiKeyStore", "API key …{end} {where}").format(
                end=found.value[-4:], where=where
            )
        return QCoreApplication.translate("ApiKeyStore", "API key {where}").format(where=where)
