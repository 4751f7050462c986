"""Chat settings and the API key: from the environment or the keyring, never from a file."""

from __future__ import annotations

from pathlib import Path

import keyring.backend
import pytest
from keyring.backends import fail
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from app.chat.keys import KEYRING_SERVICE, KEYRING_USER, ApiKeyStore
from app.chat.settings import ChatSettings, load_settings, save_settings
from app.chat.settings_dialog import ChatSettingsDialog
from engine.errors import ProviderError

SECRET = "sk-test-typed-in-the-dialog-0123456789"


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A keyring that lives in this test only (never the user's real one)."""

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


def test_the_environment_key_comes_first() -> None:
    backend = MemoryKeyring()
    backend.set_password(KEYRING_SERVICE, KEYRING_USER, SECRET)
    store = ApiKeyStore(backend, environ={"OPENAI_API_KEY": "sk-from-the-environment-1234"})

    found = store.find()

    assert found is not None and (found.value, found.source) == (
        "sk-from-the-environment-1234",
        "environment",
    )
    assert store.describe() == "API key …1234 from OPENAI_API_KEY"


def test_a_typed_key_goes_to_the_keyring_when_there_is_one() -> None:
    backend = MemoryKeyring()
    store = ApiKeyStore(backend, environ={})
    assert store.find() is None

    assert store.store(SECRET) == "keyring"

    assert backend.passwords == {(KEYRING_SERVICE, KEYRING_USER): SECRET}
    assert ApiKeyStore(backend, environ={}).find() == store.find()
    store.forget()
    assert backend.passwords == {} and store.find() is None


def test_without_a_keyring_a_typed_key_lives_for_this_session_only() -> None:
    store = ApiKeyStore(fail.Keyring(), environ={})
    assert not store.has_keyring

    assert store.store(SECRET) == "session"

    found = store.find()
    assert found is not None and found.source == "session"
    assert "not kept" in store.describe()
    assert ApiKeyStore(fail.Keyring(), environ={}).find() is None


def test_settings_round_trip_through_qsettings_without_the_key(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    store = QSettings(str(path), QSettings.Format.IniFormat)
    settings = ChatSettings("chat", "gpt-4.1", "http://127.0.0.1:9/v1", "")

    save_settings(store, settings)

    assert load_settings(QSettings(str(path), QSettings.Format.IniFormat)) == settings
    assert "sk-" not in path.read_text(encoding="utf-8")


def test_an_unknown_provider_in_the_settings_file_falls_back_to_the_default(
    tmp_path: Path,
) -> None:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    store.setValue("chat/provider", "telepathy")
    assert load_settings(store).provider == "responses"


def test_the_scripted_provider_without_a_script_is_a_clear_error() -> None:
    with pytest.raises(ProviderError, match="needs a script"):
        ChatSettings(provider="scripted").make_provider(None)


@pytest.mark.gui
def test_the_dialog_stores_a_typed_key_and_never_shows_it_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    backend = MemoryKeyring()
    keys = ApiKeyStore(backend, environ={})
    dialog = ChatSettingsDialog(ChatSettings(), keys, "gpt-4.1-mini")
    qtbot.addWidget(dialog)
    assert dialog.key.echoMode() == QLineEdit.EchoMode.Password
    assert "No API key" in dialog.key_status.text()
    assert "system keyring" in dialog.key_status.text()

    dialog.key.setText(SECRET)
    dialog.model.setText("gpt-4.1")
    dialog.provider.setCurrentIndex(dialog.provider.findData("chat"))
    dialog.accept()

    assert backend.passwords[(KEYRING_SERVICE, KEYRING_USER)] == SECRET
    assert dialog.result_settings() == ChatSettings("chat", "gpt-4.1", "", "")
    again = ChatSettingsDialog(ChatSettings(), keys, "gpt-4.1-mini")
    qtbot.addWidget(again)
    assert again.key.text() == ""
    assert SECRET not in again.key_status.text()
    assert "…6789 from the system keyring" in again.key_status.text()


@pytest.mark.gui
def test_choosing_the_scripted_provider_disables_the_model_fields(qtbot: QtBot) -> None:
    dialog = ChatSettingsDialog(ChatSettings(), ApiKeyStore(MemoryKeyring(), environ={}), "m")
    qtbot.addWidget(dialog)
    dialog.provider.setCurrentIndex(dialog.provider.findData("scripted"))
    assert dialog.script.isEnabled()
    assert not dialog.key.isEnabled() and not dialog.model.isEnabled()


def test_a_key_from_the_keyring_is_redacted_from_what_the_studio_writes(tmp_path: Path) -> None:
    """Not in the environment, and not shaped like an OpenAI key: only registering it makes
    the writers (session files, logs, exports) hide it."""
    from engine.drawio import write_drawio
    from engine.io.redact import REDACTED, redact
    from engine.scenario.loader import parse_scenario

    odd_key = "proxy-key-from-the-keyring-42-XYZ"
    assert redact(f"key={odd_key}") == f"key={odd_key}"  # nothing would catch it yet
    backend = MemoryKeyring()
    backend.set_password(KEYRING_SERVICE, KEYRING_USER, odd_key)
    found = ApiKeyStore(backend, environ={}).find()
    assert found is not None and found.source == "keyring"
    assert redact(f"key={odd_key}") == f"key={REDACTED}"
    # e.g. an author who pasted it into a step's goal, then exported the diagram
    scenario = parse_scenario(
        "name: t\nstart: a\nsteps:\n  a:\n    kind: message\n    text: hi\n"
        f"    goal: use {odd_key}\n    final: true\n"
    )
    exported = write_drawio(scenario, tmp_path / "t.drawio").read_text(encoding="utf-8")
    assert odd_key not in exported and REDACTED in exported


def test_a_key_typed_in_the_dialog_is_redacted_too() -> None:
    from engine.io.redact import REDACTED, redact

    typed = "another-proxy-token-typed-77-abc"
    ApiKeyStore(fail.Keyring(), environ={}).store(typed)
    assert redact(typed) == REDACTED


@pytest.mark.gui
def test_the_dialog_offers_anthropic_and_gemini_by_name(qtbot: QtBot) -> None:
    dialog = ChatSettingsDialog(ChatSettings(), ApiKeyStore(MemoryKeyring(), environ={}), "m")
    qtbot.addWidget(dialog)
    for name, words in (("anthropic", "ANTHROPIC_API_KEY"), ("gemini", "GEMINI_API_KEY")):
        index = dialog.provider.findData(name)
        assert index >= 0 and words in dialog.provider.itemText(index)
    dialog.provider.setCurrentIndex(dialog.provider.findData("anthropic"))
    assert not dialog.key.isEnabled()  # the key field holds OpenAI's: Anthropic reads its own
    assert dialog.model.isEnabled() and dialog.base_url.isEnabled()
    dialog.model.setText("claude-sonnet-4-5")
    dialog.accept()
    assert dialog.result_settings().provider == "anthropic"


@pytest.mark.xdist_group("vendor_sdks")
def test_a_vendor_reads_its_own_key_never_the_studios_openai_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.offline.fake_anthropic import FakeAnthropicServer
    from engine.providers.anthropic_api import AnthropicProvider

    settings = ChatSettings(provider="anthropic", model="claude-sonnet-4-5")
    assert not settings.needs_key
    with pytest.raises(ProviderError, match="ANTHROPIC_API_KEY"):
        settings.make_provider(SECRET)  # the OpenAI key is not sent to Anthropic
    with FakeAnthropicServer() as server:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-the-environment")
        provider = settings.with_changes(base_url=server.base_url).make_provider(SECRET)
        with provider:
            assert isinstance(provider, AnthropicProvider)
            assert provider.base_url.startswith(server.base_url)
