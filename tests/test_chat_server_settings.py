"""The chat's provider settings for a real server: base URL, model, timeout and output cap,
remembered per scenario; *Check This Server* asks the server off the UI thread and says what it
found in words; the chat header names the provider, the model and the schema mode."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from test_chat_settings import MemoryKeyring

from app.chat.keys import ApiKeyStore
from app.chat.settings import ChatSettings, load_settings, save_settings
from app.chat.settings_dialog import ChatSettingsDialog
from engine.io.resources import default_scenario
from engine.scenario.loader import load_scenario

LOCAL = "http://127.0.0.1:8080/v1"


def profile(**changes: Any) -> SimpleNamespace:
    """A profile as ``engine.providers.profile.check_server`` returns it (a llama.cpp server)."""
    found = {
        "provider": "chat",
        "base_url": LOCAL,
        "model": "smollm2",
        "schema_enforced": False,
        "structured_output": "json_object",
        "chaining": False,
        "usage_when_streaming": False,
        "cached_tokens_reported": False,
        "context_tokens": 8192,
        "output_cap_param": "max_tokens",
        "checked_at": "2026-12-05T12:00:00Z",
    }
    return SimpleNamespace(**{**found, **changes})


def test_server_model_timeout_and_cap_are_remembered_per_scenario(tmp_path: Path) -> None:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    one, two, new = tmp_path / "one", tmp_path / "two", tmp_path / "new"
    local = ChatSettings("chat", "smollm2", LOCAL, timeout=120.0, max_output_tokens=256)
    openai = ChatSettings("responses", "gpt-4.1-mini", "", timeout=0.0, max_output_tokens=0)
    save_settings(store, local, one)
    save_settings(store, openai, two)

    assert load_settings(store, one) == local
    assert load_settings(store, two) == openai
    assert load_settings(store, new) == openai, "a new scenario starts from the last used"


def test_the_output_cap_chosen_caps_the_conversations_copy_of_the_scenario() -> None:
    scenario = load_scenario(default_scenario())
    ChatSettings("chat", max_output_tokens=300).apply_to(scenario)
    assert scenario.model.max_output_tokens == 300
    before = scenario.model.max_output_tokens
    ChatSettings("fake", max_output_tokens=10).apply_to(scenario)  # no model: nothing to cap
    assert scenario.model.max_output_tokens == before


def dialog_with(qtbot: QtBot, checker: Any, settings: ChatSettings) -> ChatSettingsDialog:
    dialog = ChatSettingsDialog(
        settings, ApiKeyStore(MemoryKeyring(), environ={}), "gpt-4.1-mini", checker=checker
    )
    qtbot.addWidget(dialog)
    return dialog


def test_check_this_server_runs_off_the_ui_thread_and_says_the_profile_in_words(
    qtbot: QtBot,
) -> None:
    asked: list[tuple[Any, ...]] = []
    release = threading.Event()

    async def checker(*arguments: Any) -> SimpleNamespace:
        asked.append((threading.current_thread(), *arguments))
        assert release.wait(5)  # the UI thread goes on meanwhile
        return profile()

    dialog = dialog_with(qtbot, checker, ChatSettings("chat", "smollm2", LOCAL, timeout=30.0))
    dialog.check_button.click()
    assert "Checking http://127.0.0.1:8080/v1 with smollm2" in dialog.check_result.text()
    assert not dialog.check_button.isEnabled(), "one check at a time"
    release.set()
    qtbot.waitUntil(lambda: dialog.check_button.isEnabled(), timeout=5000)

    (thread, *arguments) = asked[0]
    assert thread is not threading.main_thread()
    assert arguments == ["chat", "smollm2", LOCAL, None, 30.0]
    words = dialog.check_result.text().splitlines()
    assert words == [
        "Schema: schema not enforced: replies checked after the fact",
        "Chains replies (previous_response_id): no",
        "Usage when streaming: not sent: counted here, marked estimated",
        "Cached tokens reported: no",
        "Context: 8,192 tokens",
        "Output cap sent as: max_tokens",
    ]


def test_a_check_that_fails_says_why(qtbot: QtBot) -> None:
    async def checker(*_arguments: Any) -> SimpleNamespace:
        raise ConnectionError("nothing listens on 127.0.0.1:8080")

    dialog = dialog_with(qtbot, checker, ChatSettings("chat", "smollm2", LOCAL))
    dialog.check_button.click()
    qtbot.waitUntil(lambda: "failed" in dialog.check_result.text(), timeout=5000)
    assert "nothing listens on 127.0.0.1:8080" in dialog.check_result.text()


def test_the_dialog_returns_the_timeout_and_the_cap(qtbot: QtBot) -> None:
    dialog = dialog_with(qtbot, None, ChatSettings("chat", "m", LOCAL))
    dialog.timeout.setValue(90)
    dialog.max_output.setValue(512)
    chosen = dialog.result_settings()
    assert (chosen.timeout, chosen.max_output_tokens) == (90.0, 512)
    dialog.provider.setCurrentIndex(dialog.provider.findData("fake"))
    assert not dialog.check_button.isEnabled() and not dialog.timeout.isEnabled()


@pytest.mark.parametrize(
    ("settings", "saved", "mode"),
    [
        (ChatSettings("responses"), None, "schema enforced (json_schema)"),
        (
            ChatSettings("chat", "smollm2", LOCAL),
            None,
            "server not checked: replies checked after the fact",
        ),
        (
            ChatSettings("chat", "smollm2", LOCAL),
            profile(),
            "schema not enforced: replies checked after the fact",
        ),
        (
            ChatSettings("chat", "smollm2", LOCAL),
            profile(schema_enforced=True, structured_output="json_object_schema"),
            "schema enforced (json_object_schema)",
        ),
    ],
)
def test_the_chat_header_names_provider_model_and_schema_mode(
    monkeypatch: pytest.MonkeyPatch, settings: ChatSettings, saved: Any, mode: str
) -> None:
    monkeypatch.setattr("app.chat.settings.saved_profile", lambda *_: saved)
    header = settings.describe("gpt-4.1-mini")
    assert header.startswith(f"{settings.provider} · {settings.model or 'gpt-4.1-mini'}")
    assert header.endswith(f" · {mode}")
