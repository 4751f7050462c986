"""Where a simulation's models come from: the test chat's settings, or the project's fake model.

A simulation from the studio talks to the model the author already set up for the test chat
(:mod:`app.chat.settings`: the API, the model, the server; the key from
:class:`~app.chat.keys.ApiKeyStore`), so there is one place to configure a model. Two things
differ from the chat:

* the provider is built with ``max_retries=0``: the simulation's limiter owns the retries
  (see :mod:`engine.providers.paced`);
* the chat's *scripted* provider replays a file of replies and cannot play a user, so a
  simulation then calls the Responses API with the chat's server and model.

Without a key, docs/simulation.md ("Trying it without a key") offers the project's fake model:
the fake OpenAI server with the scenario-aware fake bot and the persona player of
``engine/offline`` — no key, no cost, deterministic. The studio offers it the same way, started
in this process on 127.0.0.1 for the length of the run, on the scenario as it is open. It is a
product feature, shipped in the desktop bundle too.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QCoreApplication

from app.chat.keys import ENV_VAR, ApiKeyStore
from app.chat.settings import ChatSettings
from engine.providers import Provider, make_provider
from engine.providers.synthetic import SyntheticReplies
from engine.scenario.definition import Scenario

if TYPE_CHECKING:
    from engine.offline.fake_openai import FakeOpenAIServer

#: Seconds the fake model takes to answer: enough to watch the progress, short enough to try.
FAKE_LATENCY_S = 0.2


def no_key_help() -> str:
    """What to do without an API key (rich text), in the studio's language."""
    return QCoreApplication.translate(
        "SimulationSource",
        "No OpenAI API key. Add one in the test chat's <b>Settings…</b> (kept in the system "
        "keyring, never in a file), or set <code>{variable}</code> before starting the studio.",
    ).format(variable=ENV_VAR)


@dataclass(frozen=True)
class ModelSource:
    """How a simulation reaches its models (plain data; the key is never shown or logged)."""

    kind: Literal["chat", "fake"]
    #: "responses" or "chat"
    provider: str = "responses"
    #: the bot's model chosen in the chat settings ("" for the scenario's)
    model: str = ""
    base_url: str = ""
    api_key: str | None = field(default=None, repr=False)
    #: what the settings said that the simulation does differently (the scripted provider)
    note: str = ""

    @property
    def is_fake(self) -> bool:
        return self.kind == "fake"

    def describe(self, scenario_model: str) -> str:
        if self.is_fake:
            return QCoreApplication.translate(
                "SimulationSource", "the project's fake model (no key, no cost)"
            )
        server = f" · {self.base_url}" if self.base_url else ""
        return f"{self.provider} · {self.model or scenario_model}{server}"

    def make_provider(self, base_url: str | None = None, api_key: str | None = None) -> Provider:
        """The bot's (and the simulated user's) provider; ``base_url``/``api_key`` replace
        these settings' (the fake model's server). The limiter owns the retries. The fake
        model's replies are marked synthetic: they cost nothing, in the report as in the logs."""
        provider = make_provider(
            self.provider,
            api_key=api_key or self.api_key,
            base_url=base_url or self.base_url or None,
            max_retries=0,
            stream=False,  # nobody watches a simulated conversation being written
        )
        if not self.is_fake:
            return provider
        from engine.offline.fake_model import FAKE_MODEL

        return SyntheticReplies(provider, FAKE_MODEL)


def chat_source(settings: ChatSettings, keys: ApiKeyStore) -> ModelSource | None:
    """The test chat's model, or ``None`` when there is no key to call it with."""
    found = keys.find()
    if found is None:
        return None
    note = ""
    provider = settings.provider
    if provider not in ("responses", "chat"):
        note = QCoreApplication.translate(
            "SimulationSource",
            "The test chat replays a script, which cannot play a user: the simulation calls "
            "the Responses API.",
        )
        provider = "responses"
    return ModelSource(
        "chat",
        provider=provider,
        model=settings.model,
        base_url=settings.base_url,
        api_key=found.value,
        note=note,
    )


def fake_model_available() -> bool:
    """Whether the key-free model is there (it ships with the engine and in the bundle)."""
    return importlib.util.find_spec("engine.offline") is not None


def fake_source() -> ModelSource:
    return ModelSource("fake", provider="responses")


def start_fake_model(scenario: Scenario, *, latency: float = FAKE_LATENCY_S) -> FakeOpenAIServer:
    """The fake OpenAI server answering the bot with the scenario bot and the simulated user
    with the persona player, started on 127.0.0.1 (stop it when the run ends)."""
    from engine.offline.sim_server import build_server

    return build_server(scenario, latency=latency).start()


def fake_api_key() -> str:
    from engine.offline.fake_openai import FAKE_API_KEY

    return FAKE_API_KEY


__all__ = [
    "FAKE_LATENCY_S",
    "ModelSource",
    "chat_source",
    "fake_api_key",
    "fake_model_available",
    "fake_source",
    "no_key_help",
    "start_fake_model",
]
