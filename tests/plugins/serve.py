"""Fixtures for the server: the support desk served in process, over a fresh store of each kind.

* ``support_desk``: the shipped scenario the server tests serve.
* ``bot_server``: the fake OpenAI server answering as :class:`ScenarioBot` (a model that keeps
  the contract and reads what the user says); tests may replace its ``responder``.
* ``serve_client``: an async HTTP client (httpx2, the SDK's own) talking to the ASGI app in
  process, whose store is ``store_url`` (SQLite, then PostgreSQL) and whose provider is the real
  ``openai`` SDK pointed at ``bot_server``. The app and its provider are closed after the test.
* :class:`ServeProcess`: ``prompter serve`` run as a user runs it, in a process of its own.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx2
import pytest

from engine.io.tls import shared_tls_context
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
    client = httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url="http://127.0.0.1:8000"
    )
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


# --- prompter serve in a process of its own ------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServeProcess:
    """``prompter serve`` as a user runs it, in a process of its own, with the model at
    ``model_url``; ``with ServeProcess(…) as served: served.url``. The bench uses it too."""

    def __init__(
        self,
        store_url: str,
        model_url: str,
        *,
        scenario: Path = SUPPORT_DESK,
        workers: int = 1,
        folder: Path,
        extra: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = folder
        self.command = [
            sys.executable, "-m", "engine", "serve", str(scenario),
            "--port", str(self.port), "--workers", str(workers), "--no-access-log",
            "--store", store_url, *extra,
        ]  # fmt: skip
        self.env = {
            **os.environ,
            "OPENAI_API_KEY": FAKE_API_KEY,
            "OPENAI_BASE_URL": model_url,
            **(env or {}),
        }
        self.workers = workers
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def log_path(self) -> Path:
        return self.folder / f"serve-{self.port}.log"

    def start(self, timeout: float = 90) -> ServeProcess:
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                self.command, cwd=self.folder, env=self.env, stdout=log, stderr=log
            )
        deadline = time.monotonic() + timeout
        with httpx2.Client(timeout=2, verify=shared_tls_context()) as client:
            while True:
                try:
                    if client.get(f"{self.url}/healthz").status_code == 200:
                        break
                except httpx2.TransportError:
                    pass
                if self.process.poll() is not None or time.monotonic() > deadline:
                    log = self.log_path.read_text()
                    raise RuntimeError(f"prompter serve did not start:\n{log}")
                time.sleep(0.2)
        while len(self.worker_pids()) < self.workers and time.monotonic() < deadline:
            time.sleep(0.2)
        return self

    def worker_pids(self) -> list[int]:
        """The processes answering requests: uvicorn's workers, or the server itself."""
        assert self.process is not None
        if self.workers == 1:
            return [self.process.pid]
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        workers = []
        for child in children:
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except FileNotFoundError:
                continue
            if b"spawn_main" in command:
                workers.append(int(child))
        return workers

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def __enter__(self) -> ServeProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def talking_to(pids: list[int], port: int) -> list[int]:
    """Those of ``pids`` with an open connection to ``port`` on 127.0.0.1 (a model call)."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) == port and fields[3] == "01":  # ESTABLISHED
            inodes.add(fields[9])
    found = []
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                found.append(pid)
                break
    return found
