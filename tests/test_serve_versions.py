"""Live scenarios that change safely (issue 35), on each store (SQLite, then PostgreSQL).

A served analyst bot has conversations at several steps; ``prompter publish`` of a copy in which
one of those steps is renamed and another removed answers every next message of every
conversation, moves the renamed step's conversations to the new version, keeps the removed
step's on theirs, and starts new conversations on the new version. The model is the fake OpenAI
server answering as :class:`ScenarioBot`, reached through the real ``openai`` SDK.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

from engine.cli import main
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.scenario.content_version import scenario_version, version_files
from engine.scenario.loader import load_scenario
from engine.serve.store_url import open_store

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parent.parent
ANALYST = ROOT / "scenarios" / "analyst_bot"
#: What takes a new analyst-bot conversation from ``consent`` to each later step, one message
#: per result the bot asks for.
TO_IDEA = ["yes"]
TO_USERS = [*TO_IDEA, "Bookshelf", "An app to track books", "Collectors buy twice", "100 users"]
TO_FEATURES = [*TO_USERS, "collectors, libraries", "checking a book in a shop"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def changed_copy(target: Path, *, keep_tests: bool = False) -> Path:
    """The analyst bot with ``users`` renamed ``audience`` and ``consent`` removed (the welcome
    leads straight to ``idea``); without its tests unless ``keep_tests`` (they expect consent)."""
    shutil.copytree(ANALYST, target, ignore=None if keep_tests else shutil.ignore_patterns("tests"))
    path = target / "scenario.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\busers:\n", "audience:\n", text, count=1).replace("to: users", "to: audience")
    text = text[: text.index("  consent:\n")] + text[text.index("  goodbye:\n") :]
    path.write_text(text.replace("asked: {to: consent}", "asked: {to: idea}"), encoding="utf-8")
    return target


class Served:
    """The analyst bot served in process over ``store_url``, as one worker."""

    def __init__(self, store_url: str, server: FakeOpenAIServer, folder: Path = ANALYST) -> None:
        from engine.serve.app import create_app
        from engine.serve.config import ServeConfig

        self.provider = make_provider(
            "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
        )
        self.app = create_app(
            ServeConfig(scenario_dir=folder, store_url=store_url),
            scenario=load_scenario(folder),
            provider=self.provider,
        )
        self.client = httpx2.AsyncClient(
            transport=httpx2.ASGITransport(app=self.app), base_url="http://127.0.0.1:8000"
        )

    async def start(self) -> str:
        created = await self.client.post("/v1/conversations", json={})
        assert created.status_code == 201, created.text
        return str(created.json()["id"])

    async def say(self, conversation: str, text: str) -> dict[str, Any]:
        answer = await self.client.post(
            f"/v1/conversations/{conversation}/messages", json={"text": text}
        )
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    async def state(self, conversation: str) -> dict[str, Any]:
        return dict((await self.client.get(f"/v1/conversations/{conversation}")).json())

    async def log(self, conversation: str) -> list[dict[str, Any]]:
        text = (await self.client.get(f"/v1/conversations/{conversation}/log")).text
        return [json.loads(line) for line in text.splitlines()]

    async def close(self) -> None:
        await self.client.aclose()
        await self.app.state.prompter.aclose()
        await self.provider.aclose()


@pytest.fixture
def bot_server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(responder=ScenarioBot(load_scenario(ANALYST))) as server:
        yield server


@pytest.fixture
async def served(store_url: str, bot_server: FakeOpenAIServer) -> AsyncIterator[Served]:
    worker = Served(store_url, bot_server)
    await worker.start()  # the app opens, and publishes the folder's version
    try:
        yield worker
    finally:
        await worker.close()


async def at_step(served: Served, messages: list[str]) -> str:
    conversation = await served.start()
    for text in messages:
        await served.say(conversation, text)
    return conversation


async def publish(*args: str) -> int:
    return await asyncio.to_thread(main, ["publish", *args])


# --- the "done when" ---------------------------------------------------------------------


async def test_a_publish_moves_renamed_steps_keeps_removed_ones_and_starts_new_on_it(
    served: Served, store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = scenario_version(load_scenario(ANALYST))
    on_consent = [await at_step(served, []) for _ in range(2)]
    on_idea = [await at_step(served, TO_IDEA)]
    on_users = [await at_step(served, TO_USERS) for _ in range(2)]
    on_features = [await at_step(served, TO_FEATURES)]
    copy = changed_copy(tmp_path / "analyst_v2")
    new = scenario_version(load_scenario(copy))
    capsys.readouterr()

    assert await publish(str(copy), "--store", store_url) == 0
    report = capsys.readouterr().out
    assert f"version {new} of analyst_bot (new); live now: {old}" in report
    assert "renamed since the live version: users → audience" in report
    assert re.search(
        rf"{old}  consent\s+3  stay on {old} until they end \(the step is gone\)", report
    )
    assert re.search(rf"{old}  users\s+2  move to {new} at 'audience' \(renamed\)", report)
    assert re.search(rf"{old}  idea\s+1  stay on {old} until they end", report)
    assert "2 move to" in report and "5 stay on their version" in report

    # every next message of every conversation is answered
    for conversation in on_consent + on_idea + on_users + on_features:
        await served.say(conversation, "yes" if conversation in on_consent else "Ann and Bob")
    for conversation in on_users:
        state = await served.state(conversation)
        assert (state["version"], state["step"]) == (new, "audience")
        log = await served.log(conversation)
        moved = [e for e in log if e["type"] == "migrated"]
        # the message sent is what the moved conversation answered
        assert [e["text"] for e in log if e["type"] == "user_message"][-1] == "Ann and Bob"
        assert [
            (m["from_version"], m["to_version"], m["from_step"], m["to_step"]) for m in moved
        ] == [(old, new, "users", "audience")]
    for conversation in on_consent:  # its step is gone in the new version: it stays on its own
        state = await served.state(conversation)
        assert (state["version"], state["step"]) == (old, "idea")
    for conversation in on_idea + on_features:
        assert (await served.state(conversation))["version"] == old
        assert not [e for e in await served.log(conversation) if e["type"] == "migrated"]

    # new conversations start on the new version, whose welcome leads straight to the idea
    fresh = await served.start()
    state = await served.state(fresh)
    assert (state["version"], state["step"]) == (new, "idea")
    start = (await served.log(fresh))[0]
    assert (start["type"], start["version"]) == ("session_start", new)

    # prompter stats says which version each conversation runs on
    capsys.readouterr()
    assert await asyncio.to_thread(main, ["stats", "--store", store_url, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    versions = {c["session"]: c["version"] for c in report["conversations"]}
    assert versions[on_users[0]] == versions[fresh] == new
    assert versions[on_idea[0]] == versions[on_consent[0]] == old


async def test_a_dry_run_reports_and_publishes_nothing(
    served: Served, store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = scenario_version(load_scenario(ANALYST))
    await at_step(served, TO_USERS)
    copy = changed_copy(tmp_path / "analyst_v2")
    assert await publish(str(copy), "--store", store_url, "--dry-run") == 0
    out = capsys.readouterr().out
    assert "move to" in out and "dry run: nothing was published" in out
    assert (await served.state(await served.start()))["version"] == old


async def test_validator_errors_and_failing_tests_refuse_a_publish_unless_forced(
    served: Served, store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = scenario_version(load_scenario(ANALYST))
    broken = changed_copy(tmp_path / "broken")
    scenario_file = broken / "scenario.yaml"
    scenario_file.write_text(
        scenario_file.read_text(encoding="utf-8").replace("to: review", "to: nowhere", 1),
        encoding="utf-8",
    )
    assert await publish(str(broken), "--store", store_url, "--force") == 1
    assert "validator errors; nothing was published" in capsys.readouterr().err

    # an instruction edited: the tests' recorded replies no longer fit the requests, they fail
    failing = tmp_path / "failing"
    shutil.copytree(ANALYST, failing)
    with (failing / "steps" / "idea.md").open("a", encoding="utf-8") as instructions:
        instructions.write("\nAsk for the project's name last.\n")
    assert await publish(str(failing), "--store", store_url) == 1
    assert "the scenario's tests fail" in capsys.readouterr().err
    assert (await served.state(await served.start()))["version"] == old

    assert await publish(str(failing), "--store", store_url, "--force") == 0
    new = scenario_version(load_scenario(failing))
    await asyncio.sleep(0.6)  # a worker reads the live pointer again within half a second
    assert (await served.state(await served.start()))["version"] == new


async def test_a_step_map_sends_conversations_of_a_removed_step_somewhere(
    served: Served, store_url: str, tmp_path: Path
) -> None:
    on_consent = await at_step(served, [])
    copy = changed_copy(tmp_path / "analyst_v2")
    assert await publish(str(copy), "--store", store_url, "--map", "consent=idea") == 0
    await asyncio.sleep(0.6)
    await served.say(on_consent, "Bookshelf")
    state = await served.state(on_consent)
    assert (state["version"], state["step"]) == (scenario_version(load_scenario(copy)), "idea")
    assert await publish(str(copy), "--store", store_url, "--map", "consent=nowhere") == 1


# --- rollout, promote, rollback, versions --------------------------------------------------------


async def test_a_rollout_gives_the_new_version_to_a_share_and_each_conversation_keeps_its_own(
    served: Served, store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = scenario_version(load_scenario(ANALYST))
    copy = changed_copy(tmp_path / "analyst_v2")
    new = scenario_version(load_scenario(copy))
    assert await publish(str(copy), "--store", store_url, "--rollout", "30") == 0
    await asyncio.sleep(0.6)
    started = [await served.start() for _ in range(40)]
    versions = [(await served.state(c))["version"] for c in started]
    assert 3 <= versions.count(new) <= 24 and versions.count(new) + versions.count(old) == 40
    for conversation, version in zip(started[:6], versions[:6], strict=True):
        await served.say(conversation, "yes")
        assert (await served.state(conversation))["version"] == version  # sticky

    capsys.readouterr()
    assert await asyncio.to_thread(main, ["versions", "--store", store_url, "--json"]) == 0
    listed = {row["version"]: row for row in json.loads(capsys.readouterr().out)}
    assert (listed[new]["share_of_new"], listed[old]["share_of_new"]) == (30, 70)
    assert listed[new]["conversations"] == versions.count(new)
    assert listed[old]["turns_per_conversation"] > 0

    assert await asyncio.to_thread(main, ["promote", new, "--store", store_url]) == 0
    await asyncio.sleep(0.6)
    assert {(await served.state(await served.start()))["version"] for _ in range(5)} == {new}
    assert await asyncio.to_thread(main, ["rollback", "--store", store_url]) == 0
    await asyncio.sleep(0.6)
    assert {(await served.state(await served.start()))["version"] for _ in range(5)} == {old}
    # a conversation in flight on the rolled-back version keeps it
    assert (await served.state(started[versions.index(new)]))["version"] == new


# --- workers and the store -----------------------------------------------------------------------


async def test_another_worker_serves_each_conversation_on_its_version_from_the_stores_files(
    served: Served, store_url: str, bot_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    on_idea = await at_step(served, TO_IDEA)
    copy = changed_copy(tmp_path / "analyst_v2")
    # a worker deployed with the new folder: it publishes it, being new, as a deploy would
    other = Served(store_url, bot_server, copy)
    try:
        fresh = await other.start()
        assert (await other.state(fresh))["version"] == scenario_version(load_scenario(copy))
        await other.say(on_idea, "Bookshelf")  # a version it was not started with
        state = await other.state(on_idea)
        assert (state["version"], state["step"]) == (
            scenario_version(load_scenario(ANALYST)),
            "idea",
        )
    finally:
        await other.close()
    # the first worker sees the deploy too
    await asyncio.sleep(0.6)
    assert (await served.state(await served.start()))["version"] == scenario_version(
        load_scenario(copy)
    )


KILLED_PUBLISH = """
import asyncio, sys, time
import engine.serve.postgres_versions as pg, engine.serve.sqlite_versions as lite
from engine.scenario.content_version import version_files
from engine.scenario.loader import load_scenario
from engine.serve.store_url import open_store

def stuck(*args):
    print("inside", flush=True)
    time.sleep(60)

pg.next_live = lite.next_live = stuck
async def run():
    store = open_store(sys.argv[1], pool_size=1)
    await store.open()
    scenario = load_scenario(sys.argv[2])
    await store.publish("killedhalfway", scenario.name, version_files(scenario))
asyncio.run(run())
"""


async def test_a_publisher_killed_mid_publish_leaves_the_old_version_live_whole(
    served: Served, store_url: str, tmp_path: Path
) -> None:
    old = scenario_version(load_scenario(ANALYST))
    process = subprocess.Popen(
        [sys.executable, "-c", KILLED_PUBLISH, store_url, str(changed_copy(tmp_path / "v2"))],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert process.stdout is not None
        line = await asyncio.to_thread(process.stdout.readline)
        assert line.strip() == "inside"  # the version row is written, the pointer not yet
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
        if process.stdout is not None:
            process.stdout.close()
    store = open_store(store_url, pool_size=1)
    await store.open()
    try:
        assert (await store.live()).version == old
        assert await store.version_files("killedhalfway") is None
        # and the store is free: the next publish goes through
        copy = load_scenario(tmp_path / "v2")
        assert await store.publish(scenario_version(copy), copy.name, version_files(copy))
        assert (await store.live()).version == scenario_version(copy)
    finally:
        await store.close()


async def test_turns_beside_a_workers_read_of_the_store_see_every_migration(
    store_url: str, tmp_path: Path
) -> None:
    from engine.serve.versioned import POLL_S, VersionedScenarios
    from engine.serve.versions_store import Migration

    store = open_store(store_url, pool_size=4)
    await store.open()
    try:
        old = load_scenario(ANALYST)
        versions = VersionedScenarios(store, old)
        await versions.deploy()
        await versions.live()
        new = load_scenario(changed_copy(tmp_path / "v2"))
        moves = Migration(scenario_version(old), scenario_version(new), {"users": "audience"})
        await store.publish(scenario_version(new), new.name, version_files(new), [moves])
        await asyncio.sleep(POLL_S)
        # ten turns at once, the first of them reading the store again: none goes without
        found = await asyncio.gather(
            *(versions.destination(scenario_version(old), "users") for _ in range(10))
        )
        assert found == [(scenario_version(new), {"users": "audience"})] * 10
    finally:
        await store.close()
