"""The chat's provider settings: which model answers, and for a scenario, which reply script.

Kept in QSettings (per user) — except the API key, which :mod:`app.chat.keys` keeps out of any
plain-text file. An empty model means "the scenario's model"; an empty server means the
provider's default (``OPENAI_BASE_URL`` or api.openai.com).

Four ways to answer the chat: a real model through the Responses API (``responses``) or Chat
Completions (``chat``); or, with no key and no cost, the **fake model** (``fake``: the scenario
bot of :mod:`engine.offline`, which plays each step from the scenario's own words) or a **reply
script** (``scripted``: a file of replies, one per model call).

**Remembered per scenario.** The provider, its server (base URL), model, timeout and output cap,
and the reply script belong to one scenario (one is tried on a local server, another on OpenAI;
a French scenario's script is no use to a Hindi one), so they are kept under the scenario's
folder's path (``chat/scenarios/<key>``). A scenario never chatted with starts on the last real
API, server and model chosen, with no script. A timeout of 0 is the provider's default (60 s);
an output cap of 0 is the scenario's own (``model.max_output_tokens``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

from app.chat.server_check import saved_profile, schema_mode_words
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
    #: Seconds one call may take, whole (0: the provider's default).
    timeout: float = 0.0
    #: Output tokens a reply may take (0: the scenario's ``model.max_output_tokens``).
    max_output_tokens: int = 0

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
        model = self.model or scenario_model
        server = f" · {self.base_url}" if self.base_url else ""
        return f"{self.provider} · {model}{server} · {self.schema_mode(model)}"

    def schema_mode(self, model: str) -> str:
        """How replies are held to the schema on this server, as its saved profile says (*Check
        this server*, or ``prompter providers check``); OpenAI's own API enforces it."""
        profile = saved_profile(self.provider, self.base_url or None, model)
        if profile is not None:
            return schema_mode_words(profile)
        if not self.base_url and self.provider in ("responses", "chat"):
            return QCoreApplication.translate("ChatSettings", "schema enforced (json_schema)")
        return QCoreApplication.translate(
            "ChatSettings", "server not checked: replies checked after the fact"
        )

    def apply_to(self, scenario: Scenario) -> None:
        """Give the conversation's copy of ``scenario`` the chosen output cap, if any."""
        if self.max_output_tokens > 0 and self.provider not in KEY_FREE:
            scenario.model.max_output_tokens = self.max_output_tokens

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
            timeout=self.timeout if self.timeout > 0 else None,
        )

    def with_changes(self, **changes: Any) -> ChatSettings:
        return replace(self, **changes)


def scenario_key(root: Path) -> str:
    """The QSettings key of one scenario's choices: its folder's resolved path, hashed."""
    return hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:20]


#: The settings kept per scenario beside the provider (and, as the last used, for every one).
_SERVER_KEYS = ("model", "base_url", "timeout", "max_output_tokens")


def _server(store: QSettings, known: dict[str, str | float | int]) -> dict[str, str | float | int]:
    """The model, server, timeout and output cap ``store``'s current group holds (else
    ``known``'s)."""
    found = dict(known)
    for name in _SERVER_KEYS:
        value = store.value(name)
        if value is None:
            continue
        try:
            found[name] = (
                float(value)
                if name == "timeout"
                else int(value)
                if name == "max_output_tokens"
                else str(value)
            )
        except (TypeError, ValueError):
            continue  # a hand-edited settings file: keep what was known
    return found


def load_settings(store: QSettings, scenario_root: Path | None = None) -> ChatSettings:
    """The settings for the scenario in ``scenario_root`` (or, without one, the last used)."""
    store.beginGroup(GROUP)
    try:
        provider = str(store.value("provider", "responses"))
        script = str(store.value("script", ""))
        server = _server(store, {})
        if scenario_root is not None:
            store.beginGroup(f"{SCENARIOS_GROUP}/{scenario_key(scenario_root)}")
            try:
                remembered = store.value("provider")
                if remembered is None:  # never chatted with: a real API, no script
                    provider = provider if provider in REAL_APIS else "responses"
                    script = ""
                else:
                    provider, script = str(remembered), str(store.value("script", ""))
                server = _server(store, server)
            finally:
                store.endGroup()
        settings = ChatSettings(
            provider=provider if provider in CHAT_PROVIDERS else "responses", script=script
        )
        values: dict[str, Any] = server
        return replace(settings, **values)
    finally:
        store.endGroup()


def save_settings(
    store: QSettings, settings: ChatSettings, scenario_root: Path | None = None
) -> None:
    """Keep ``settings`` for the scenario in ``scenario_root``, and as the last used (a scenario
    never chatted with starts from them; a reply script is kept for its scenario only)."""
    store.beginGroup(GROUP)
    try:
        for name in _SERVER_KEYS:
            store.setValue(name, getattr(settings, name))
        if scenario_root is None or settings.provider in REAL_APIS:
            store.setValue("provider", settings.provider)
            store.setValue("script", settings.script if scenario_root is None else "")
        if scenario_root is not None:
            store.beginGroup(f"{SCENARIOS_GROUP}/{scenario_key(scenario_root)}")
            try:
                store.setValue("path", str(scenario_root))
                store.setValue("provider", settings.provider)
                store.setValue("script", settings.script)
                for name in _SERVER_KEYS:
                    store.setValue(name, getattr(settings, name))
            finally:
                store.endGroup()
    finally:
        store.endGroup()
    store.sync()
