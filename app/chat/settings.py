"""The chat's provider settings: which model answers, and for a scenario, which reply script.

Kept in QSettings (per user) — except the API key, which :mod:`app.chat.keys` keeps out of any
plain-text file. An empty model means "the scenario's model"; an empty server means the
provider's default (``OPENAI_BASE_URL`` or api.openai.com).

Four ways to answer the chat: a real model through the Responses API (``responses``) or Chat
Completions (``chat``); or, with no key and no cost, the **fake model** (``fake``: the scenario
bot of :mod:`engine.offline`, which plays each step from the scenario's own words) or a **reply
script** (``scripted``: a file of replies, one per model call).

**Which one is remembered per scenario.** The model and the server are the author's account and
hold for every scenario; the provider and its reply script belong to one scenario (a French
scenario's script is no use to a Hindi one), so they are kept under the scenario's folder's
path (``chat/scenarios/<key>``). A scenario never chatted with starts on the last real API
chosen, with no script.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings

from app.places import default_log_dir
from engine.errors import ProviderError
from engine.providers import PROVIDER_NAMES, Provider, make_provider
from engine.providers.scripted import ScriptedProvider
from engine.scenario.definition import Scenario

GROUP = "chat"
SCENARIOS_GROUP = "scenarios"
#: Every provider the chat offers: the engine's, and the key-free model.
CHAT_PROVIDERS = (*PROVIDER_NAMES, "fake")
#: Providers that need no key and cost nothing (their replies are synthetic).
KEY_FREE = frozenset({"scripted", "fake"})
#: The real APIs (remembered for every scenario).
REAL_APIS = frozenset(CHAT_PROVIDERS) - KEY_FREE
#: Vendors whose SDK reads its own key (``ANTHROPIC_API_KEY``, ``GEMINI_API_KEY``): the studio's
#: key store holds OpenAI's, which must never be sent to them.
OWN_KEY = frozenset({"anthropic", "gemini"})

__all__ = [
    "CHAT_PROVIDERS",
    "KEY_FREE",
    "ChatSettings",
    "default_log_dir",
    "load_settings",
    "save_settings",
    "scenario_key",
    "shown_path",
]


def shown_path(path: str | Path) -> str:
    """A file's path as the chat shows it: in full, the home folder as ``~``."""
    full = Path(path).expanduser()
    try:
        return str(Path("~") / full.relative_to(Path.home()))
    except ValueError:
        return str(full)


@dataclass(frozen=True)
class ChatSettings:
    provider: str = "responses"
    model: str = ""
    base_url: str = ""
    script: str = ""

    @property
    def needs_key(self) -> bool:
        """The provider needs the OpenAI key the studio keeps."""
        return self.provider not in KEY_FREE and self.provider not in OWN_KEY

    @property
    def synthetic(self) -> bool:
        """No model answers: the replies cost nothing (a reply script, the fake model)."""
        return self.provider in KEY_FREE

    def describe(self, scenario_model: str) -> str:
        """The chat header: what answers, in full (a reply script's whole path)."""
        if self.provider == "scripted":
            if not self.script:
                return QCoreApplication.translate("ChatSettings", "Reply script · none chosen")
            return QCoreApplication.translate("ChatSettings", "Reply script · {path}").format(
                path=shown_path(self.script)
            )
        if self.provider == "fake":
            return QCoreApplication.translate(
                "ChatSettings",
                "Fake model · replies made up from the scenario's steps, not a model's · "
                "no key, no cost",
            )
        server = f" · {self.base_url}" if self.base_url else ""
        return f"{self.provider} · {self.model or scenario_model}{server}"

    def make_provider(
        self,
        api_key: str | None,
        *,
        scenario: Scenario | None = None,
        script_history: Iterable[str | None] = (),
    ) -> Provider:
        """The provider these settings describe (raises ``ProviderError`` if they are wrong).

        ``scenario`` is what the fake model plays (it starts its server now: closing the
        provider stops it); ``script_history`` the response ids of script replies a fork's
        history used (the same script goes on where the original stood).
        """
        if self.provider == "scripted":
            if not self.script:
                return make_provider("scripted")  # raises: the scripted provider needs a script
            scripted = ScriptedProvider(Path(self.script))
            scripted.continue_after(script_history)
            return scripted
        if self.provider == "fake":
            if scenario is None:
                raise ProviderError("the fake model plays a scenario: give it one")
            from engine.offline.fake_model import scenario_bot_model

            return scenario_bot_model(scenario)
        return make_provider(
            self.provider,
            model=self.model or None,
            api_key=None if self.provider in OWN_KEY else api_key,
            base_url=self.base_url or None,
        )

    def with_changes(self, **changes: str) -> ChatSettings:
        return replace(self, **changes)


def scenario_key(root: Path) -> str:
    """The QSettings key of one scenario's choices: its folder's resolved path, hashed."""
    return hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:20]


def load_settings(store: QSettings, scenario_root: Path | None = None) -> ChatSettings:
    """The settings for the scenario in ``scenario_root`` (or, without one, the last used)."""
    store.beginGroup(GROUP)
    try:
        provider = str(store.value("provider", "responses"))
        script = str(store.value("script", ""))
        if scenario_root is not None:
            store.beginGroup(f"{SCENARIOS_GROUP}/{scenario_key(scenario_root)}")
            try:
                remembered = store.value("provider")
                if remembered is None:  # never chatted with: a real API, no script
                    provider = provider if provider in REAL_APIS else "responses"
                    script = ""
                else:
                    provider, script = str(remembered), str(store.value("script", ""))
            finally:
                store.endGroup()
        return ChatSettings(
            provider=provider if provider in CHAT_PROVIDERS else "responses",
            model=str(store.value("model", "")),
            base_url=str(store.value("base_url", "")),
            script=script,
        )
    finally:
        store.endGroup()


def save_settings(
    store: QSettings, settings: ChatSettings, scenario_root: Path | None = None
) -> None:
    """Keep ``settings``: the model and server for every scenario, the provider and script for
    the scenario in ``scenario_root`` (and as the last used, for a chat without one)."""
    store.beginGroup(GROUP)
    try:
        store.setValue("model", settings.model)
        store.setValue("base_url", settings.base_url)
        if scenario_root is None or settings.provider in REAL_APIS:
            store.setValue("provider", settings.provider)
            store.setValue("script", settings.script if scenario_root is None else "")
        if scenario_root is not None:
            store.beginGroup(f"{SCENARIOS_GROUP}/{scenario_key(scenario_root)}")
            try:
                store.setValue("path", str(scenario_root))
                store.setValue("provider", settings.provider)
                store.setValue("script", settings.script)
            finally:
                store.endGroup()
    finally:
        store.endGroup()
    store.sync()
