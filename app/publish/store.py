"""Where the studio publishes a scenario: the store URL per scenario, the password in the keyring.

The URL a scenario was last published to is kept in ``QSettings`` under the scenario's folder,
*without* its password; the password goes to the system keyring (as the API key does,
:mod:`app.chat.keys`), or is kept for the session only when there is no keyring. It is registered
with :func:`engine.io.redact.register_secret`, so no log this process writes shows it, and it is
put into the URL only to connect (:func:`connect_url`).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import keyring
import keyring.errors
from keyring.backends import fail
from PySide6.QtCore import QSettings

from engine.io.redact import register_secret

KEYRING_SERVICE = "Prompter"
SETTINGS_GROUP = "publish/store"


def without_password(url: str) -> str:
    """``url`` with no password in it (what the settings and the window show)."""
    parts = urlsplit(url.strip())
    if parts.password is None:
        return url.strip()
    host = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return parts._replace(netloc=f"{user}@{host}" if user else host).geturl()


def connect_url(url: str, password: str | None) -> str:
    """``url`` with ``password`` in it, to open the store (never shown nor kept)."""
    parts = urlsplit(url)
    if not password or parts.scheme.lower() not in ("postgresql", "postgres"):
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    user = quote(parts.username or "", safe="")
    return parts._replace(netloc=f"{user}:{quote(password, safe='')}@{host}").geturl()


class PublishStores:
    """The store URL of each scenario, and each store's password (see the module docstring)."""

    def __init__(self, settings: QSettings, backend: Any = None) -> None:
        self.settings = settings
        self._backend = backend if backend is not None else keyring.get_keyring()
        self._session: dict[str, str] = {}

    @property
    def has_keyring(self) -> bool:
        return not isinstance(self._backend, fail.Keyring)

    def url_for(self, folder: Path) -> str:
        return str(self.settings.value(f"{SETTINGS_GROUP}/{_key(folder)}", "") or "")

    def remember(self, folder: Path, url: str, password: str | None) -> None:
        """Keep ``url`` for the scenario (without password) and ``password`` for the store."""
        clean = without_password(url)
        self.settings.setValue(f"{SETTINGS_GROUP}/{_key(folder)}", clean)
        if password:
            register_secret(password)
            self._session[clean] = password
            if self.has_keyring:
                with contextlib.suppress(keyring.errors.KeyringError):
                    self._backend.set_password(KEYRING_SERVICE, _user(clean), password)

    def password_for(self, url: str) -> str | None:
        clean = without_password(url)
        if clean in self._session:
            return self._session[clean]
        if not self.has_keyring:
            return None
        try:
            value = self._backend.get_password(KEYRING_SERVICE, _user(clean))
        except keyring.errors.KeyringError:
            return None
        if value:
            register_secret(str(value))
        return str(value) if value else None


def _key(folder: Path) -> str:
    """A settings key for a folder (QSettings treats ``/`` as a group separator)."""
    return str(folder.resolve()).replace("/", "|")


def _user(url: str) -> str:
    return f"store:{url}"


__all__ = ["PublishStores", "connect_url", "without_password"]
