"""The chat's provider settings: which API, which model, which server, which reply script.

Kept in QSettings (per user) — except the API key, which :mod:`app.chat.keys` keeps out of any
plain-text file. An empty model means "the scenario's model"; an empty server means the
provider's default (``OPENAI_BASE_URL`` or api.openai.com).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QSettings

from app.places import default_log_dir
from engine.providers import PROVIDER_NAMES, Provider, make_provider

GROUP = "chat"

__all__ = ["ChatSettings", "default_log_dir", "load_settings", "save_settings"]


@dataclass(frozen=True)
class ChatSettings:
    provider: str = "responses"
    model: str = ""
    base_url: str = ""
    script: str = ""

    @property
    def needs_key(self) -> bool:
        return self.provider != "scripted"

    def describe(self, scenario_model: str) -> str:
        if self.provider == "scripted":
            return f"scripted · {Path(self.script).name or 'no script chosen'}"
        server = f" · {self.base_url}" if self.base_url else ""
        return f"{self.provider} · {self.model or scenario_model}{server}"

    def make_provider(self, api_key: str | None) -> Provider:
        """The provider these settings describe (raises ``ProviderError`` if they are wrong)."""
        if self.provider == "scripted":
            return make_provider("scripted", script=self.script or None)
        return make_provider(
            self.provider,
            model=self.model or None,
            api_key=api_key,
            base_url=self.base_url or None,
        )

    def with_changes(self, **changes: str) -> ChatSettings:
        return replace(self, **changes)


def load_settings(store: QSettings) -> ChatSettings:
    store.beginGroup(GROUP)
    try:
        provider = str(store.value("provider", "responses"))
        return ChatSettings(
            provider=provider if provider in PROVIDER_NAMES else "responses",
            model=str(store.value("model", "")),
            base_url=str(store.value("base_url", "")),
            script=str(store.value("script", "")),
        )
    finally:
        store.endGroup()


def save_settings(store: QSettings, settings: ChatSettings) -> None:
    store.beginGroup(GROUP)
    try:
        store.setValue("provider", settings.provider)
        store.setValue("model", settings.model)
        store.setValue("base_url", settings.base_url)
        store.setValue("script", settings.script)
    finally:
        store.endGroup()
    store.sync()
