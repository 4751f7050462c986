"""Fixtures for the server: the support desk served in process, over a fresh store of each kind.

* ``support_desk``: the shipped scenario the server tests serve.
* ``bot_server``: the fake OpenAI server answering as :class:`ScenarioBot` (a model that keeps
  the contract and reads what the user says); tests may replace its ``responder``.
* ``serve_client``: an async HTTP client (httpx2, the SDK's own) talking to the ASGI app in
  process, whose store is ``store_url`` (SQLite, then PostgreSQL) and whose provider is the real
  ``openai`` SDK pointed at ``bot_server``. The app and its provider are closed after the test.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SUPPORT_DESK = ROOT / "scenarios" / "support_desk"


@pytest.fixture(scope="session")
def support_desk() -> Scenario:
    return load_scenario(SUPPORT_DESK)


@pytest.fixture
def bot_server(support_desk: Scenario) -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(responder=ScenarioBot(support_desk)) as server:
        yield server


async def open_client(
    store_url: str, scenario: Scenario, server: FakeOpenAIServer, **config: Any
) -> tuple[httpx2.AsyncClient, Any]:
    """A client of a new app over ``store_url``; close both with :func:`close_client`."""
    from engine.serve.app import create_app
    from engine.serve.config import ServeConfig

    provider = make_provider(
        "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
    )
    app = create_app(
        ServeConfig(scenario_dir=SUPPORT_DESK, store_url=store_url, **config),
        scenario=scenario,
        provider=provider,
    )
    client = httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url="http://serve")
    return client, app


async def close_client(client: httpx2.AsyncClient, app: Any) -> None:
    await client.aclose()
    runtime = app.state.prompter
    served = await runtime.served()
    await runtime.aclose()
    await served.provider.aclose()


@pytest.fixture
async def serve_client(
    store_url: str, support_desk: Scenario, bot_server: FakeOpenAIServer
) -> AsyncIterator[httpx2.AsyncClient]:
    client, app = await open_client(store_url, support_desk, bot_server)
    try:
        yield client
    finally:
        await close_client(client, app)
