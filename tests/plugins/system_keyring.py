"""The suite never reaches the user's system keyring (issue 27, item 19).

``ApiKeyStore(environ={})`` falls back to ``keyring.get_keyring()``: the desktop's Secret
Service, macOS Keychain or Windows Credential Locker, where a test could read a real key or store
a fake one. So for the whole session:

* this process's keyring is :class:`SuiteKeyring`, a dictionary that lives as long as the test
  (autouse ``no_system_keyring``: emptied before every test, so no test sees another's key);
* processes the tests start (the studio, the command line) get keyring's ``fail`` backend
  through ``PYTHON_KEYRING_BACKEND``: they see no keyring at all.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

#: Child processes: keyring reads this before looking for any real backend.
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"

try:
    import keyring
    import keyring.backend
except ImportError:  # the engine alone (no studio extra): there is no keyring to reach
    keyring = None  # type: ignore[assignment]


if keyring is not None:

    class SuiteKeyring(keyring.backend.KeyringBackend):
        """The keyring of the test suite: in memory, never the system's."""

        priority = 1  # type: ignore[assignment]

        def __init__(self) -> None:
            super().__init__()
            self.passwords: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.passwords.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.passwords[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            self.passwords.pop((service, username), None)

    SUITE_KEYRING = SuiteKeyring()
    keyring.set_keyring(SUITE_KEYRING)


@pytest.fixture(autouse=True)
def no_system_keyring() -> Iterator[None]:
    if keyring is None:
        yield
        return
    SUITE_KEYRING.passwords.clear()
    keyring.set_keyring(SUITE_KEYRING)  # a test that set its own is undone here
    yield
