"""``prompter serve``: what it checks before binding a port, and real workers in real processes.

The multi-worker test runs the command as a user would — uvicorn, two worker processes, a real
PostgreSQL — and ``kill -9``s a worker while turns are in flight: every conversation then answers
its next message, and no turn is half-applied (each conversation's turns in the store are exactly
the answers its client received, its log's ``seq`` without a gap).
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from plugins.postgres import TempPostgres
from plugins.serve import ServeProcess, talking_to

from engine.cli import main
from engine.io.tls import shared_tls_context
from engine.offline.fake_openai import FakeOpenAIServer, FakeRequest
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.definition import Scenario

ROOT = Path(__file__).resolve().parent.parent
SUPPORT_DESK = ROOT / "scenarios" / "support_desk"


def test_without_the_serve_extra_it_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engine.cli.serve as serve

    real = serve.importlib.util.find_spec
    monkeypatch.setattr(
        serve.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "starlette" else real(name, *a),
    )
    assert main(["serve", str(SUPPORT_DESK)]) == 2
    assert "pip install 'prompter[serve]'" in capsys.readouterr().err


def test_without_a_key_it_says_how_to_set_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["serve", str(SUPPORT_DESK)]) == 2
    assert "export OPENAI_API_KEY" in capsys.readouterr().err


def test_a_broken_scenario_or_an_unknown_store_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, openai_env: FakeOpenAIServer
) -> None:
    (tmp_path / "scenario.yaml").write_text("name: x\nstart: nowhere\nsteps: {}\n")
    assert main(["serve", str(tmp_path)]) == 1
    assert "fix" in capsys.readouterr().err
    assert main(["serve", str(SUPPORT_DESK), "--store", "mysql://db/x"]) == 1
    assert "sqlite:///PATH or postgresql" in capsys.readouterr().err


# --- real workers --------------------------------------------------------------------------------


class Gate:
    """Holds every model answer until released (the scenario bot answers)."""

    def __init__(self, scenario: Scenario) -> None:
        self.bot = ScenarioBot(scenario)
        self.open = threading.Event()
        self.waiting = 0
        self.lock = threading.Lock()

    def __call__(self, request: FakeRequest) -> Any:
        with self.lock:
            self.waiting += 1
        self.open.wait(60)
        return self.bot(request)


@pytest.fixture
def served_workers(
    support_desk: Scenario, tmp_path: Path
) -> Iterator[tuple[ServeProcess, Gate, FakeOpenAIServer]]:
    gate = Gate(support_desk)
    with TempPostgres() as database, FakeOpenAIServer(responder=gate.bot) as model:
        served = ServeProcess(
            database.create_database(), model.base_url, workers=2, folder=tmp_path
        )
        try:
            with served:
                yield served, gate, model
        finally:
            gate.open.set()


@pytest.mark.slow
def test_killing_a_worker_mid_turn_leaves_every_conversation_whole(
    served_workers: tuple[ServeProcess, Gate, FakeOpenAIServer],
) -> None:
    served, gate, model = served_workers
    url = served.url
    count = 8
    with httpx2.Client(base_url=url, timeout=60, verify=shared_tls_context()) as client:
        conversations = [
            client.post("/v1/conversations", json={}).json()["id"] for _ in range(count)
        ]
    answered: dict[str, int] = dict.fromkeys(conversations, 0)
    model.responder = gate

    def send(conversation: str, text: str) -> int:
        # one connection per request, so the requests spread over both workers
        with httpx2.Client(base_url=url, timeout=60, verify=shared_tls_context()) as client:
            try:
                status = client.post(
                    f"/v1/conversations/{conversation}/messages", json={"text": text}
                ).status_code
            except httpx2.TransportError:
                return -1
        if status == 200:
            answered[conversation] += 1
        return status

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        flying = [pool.submit(send, c, "I cannot log in") for c in conversations]
        deadline = time.monotonic() + 30
        while gate.waiting < count and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gate.waiting == count, "not every turn reached the model"
        victim = talking_to(served.worker_pids(), model.port)[0]
        os.kill(victim, signal.SIGKILL)  # mid-turn: its turns are waiting for the model
        time.sleep(0.5)
        gate.open.set()
        first = [future.result() for future in flying]
    assert -1 in first, first  # the turns of the killed worker died with it

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        second = list(pool.map(lambda c: send(c, "the category is login"), conversations))
    assert second == [200] * count  # every conversation answers its next message

    with httpx2.Client(base_url=url, timeout=60, verify=shared_tls_context()) as client:
        for conversation in conversations:
            state = client.get(f"/v1/conversations/{conversation}").json()
            assert state["turns"] == answered[conversation]  # no turn half-applied, none lost
            log = client.get(f"/v1/conversations/{conversation}/log").text.splitlines()
            records = [json.loads(line) for line in log]
            assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
            user_turns = [r["turn"] for r in records if r["type"] == "user_message"]
            assert user_turns == list(range(1, answered[conversation] + 1))
        metrics = client.get("/metrics").text
    assert "prompter_turns_total" in metrics
