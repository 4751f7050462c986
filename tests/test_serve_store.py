"""The session stores, each of them (SQLite, then PostgreSQL): the lock, the commit, a dead holder.

What a served conversation relies on, tested below the HTTP layer: one holder at a time; nothing
written unless committed; a commit is all or nothing; a log line's ``seq`` can never be written
twice; an answer kept under its key; and a worker process killed while it holds a conversation
(``kill -9``, mid-turn) leaves it free and as it was.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.serve.store import (
    Commit,
    ConversationBusy,
    SessionStore,
    StoreError,
    UnknownConversation,
)
from engine.serve.store_url import open_store, sqlite_path

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[SessionStore]:
    opened = open_store(store_url)
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()


def turn(session: str, first_seq: int, count: int = 2, **extra: object) -> Commit:
    lines = [(seq, f'{{"seq":{seq}}}') for seq in range(first_seq, first_seq + count)]
    return Commit(session=session, lines=lines, step="s", finished=False, turns=1, **extra)  # type: ignore[arg-type]


async def test_a_conversation_is_created_read_logged_and_deleted(store: SessionStore) -> None:
    await store.create("c1", turn("v0", 1))
    stored = await store.read("c1")
    assert stored is not None and (stored.session, stored.step, stored.turns) == ("v0", "s", 1)
    assert await store.log("c1") == ['{"seq":1}', '{"seq":2}']
    assert await store.conversation_ids() == ["c1"]
    await store.delete("c1")
    assert await store.read("c1") is None and await store.log("c1") is None
    with pytest.raises(UnknownConversation):
        await store.delete("c1")
    await store.ping()


async def test_one_holder_at_a_time_and_a_commit_writes_all_of_the_turn(
    store: SessionStore,
) -> None:
    await store.create("c1", turn("v0", 1))
    async with store.hold("c1", None) as held:
        assert held.session == "v0" and held.answer is None
        with pytest.raises(ConversationBusy):
            async with store.hold("c1", None):
                pass
        with pytest.raises(ConversationBusy):
            await store.delete("c1")
        await held.commit(turn("v1", 3, key="k", answer='{"a":1}'))
    stored = await store.read("c1")
    assert stored is not None and stored.session == "v1"
    assert await store.log("c1") == [f'{{"seq":{seq}}}' for seq in range(1, 5)]
    assert await store.answer("c1", "k") == '{"a":1}'
    async with store.hold("c1", "k") as replay:  # the key was answered: no turn to run
        assert replay.answer == '{"a":1}'
    async with store.hold("c1", None) as again:  # released by the commit
        assert again.session == "v1"


async def test_leaving_without_a_commit_writes_nothing_and_releases(store: SessionStore) -> None:
    await store.create("c1", turn("v0", 1))
    with pytest.raises(RuntimeError):
        async with store.hold("c1", None):
            raise RuntimeError("the turn failed")
    async with store.hold("c1", None) as held:
        assert held.session == "v0"
    assert await store.log("c1") == ['{"seq":1}', '{"seq":2}']


async def test_a_seq_written_twice_fails_the_whole_commit(store: SessionStore) -> None:
    await store.create("c1", turn("v0", 1))
    with pytest.raises(StoreError):
        async with store.hold("c1", None) as held:
            await held.commit(turn("v1", 2, key="k", answer="{}"))  # seq 2 is there already
    stored = await store.read("c1")
    assert stored is not None and stored.session == "v0"
    assert await store.answer("c1", "k") is None
    assert await store.log("c1") == ['{"seq":1}', '{"seq":2}']
    async with store.hold("c1", None) as held:  # and it is free again
        await held.commit(turn("v1", 3))


async def test_an_unknown_conversation_cannot_be_held(store: SessionStore) -> None:
    with pytest.raises(UnknownConversation):
        async with store.hold("nobody", None):
            pass


HOLDER = textwrap.dedent(
    """
    import asyncio, sys, time
    from engine.serve.store_url import open_store

    async def main():
        store = open_store(sys.argv[1])
        await store.open()
        async with store.hold("c1", None) as held:
            print("held", flush=True)
            time.sleep(120)   # mid-turn: killed here

    asyncio.run(main())
    """
)


async def test_a_holder_killed_mid_turn_leaves_the_conversation_free_and_as_it_was(
    store: SessionStore, store_url: str
) -> None:
    await store.create("c1", turn("v0", 1))
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, store_url],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None
        line = await asyncio.to_thread(holder.stdout.readline)
        assert line.strip() == "held"
        with pytest.raises(ConversationBusy):
            async with store.hold("c1", None):
                pass
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    for _ in range(100):  # PostgreSQL notices the dropped connection within moments
        try:
            async with store.hold("c1", None) as held:
                assert held.session == "v0"
                await held.commit(turn("v1", 3))
            break
        except ConversationBusy:
            await asyncio.sleep(0.05)
    else:
        pytest.fail("the conversation stayed held after its holder was killed")
    assert await store.log("c1") == [f'{{"seq":{seq}}}' for seq in range(1, 5)]


def test_store_urls_are_read_as_documented(tmp_path: Path) -> None:
    assert sqlite_path("sqlite:///./prompter-sessions.db") == Path("prompter-sessions.db")
    assert sqlite_path("sqlite:///data/s.db") == Path("data/s.db")
    assert sqlite_path("sqlite:////var/lib/p.db") == Path("/var/lib/p.db")
    with pytest.raises(StoreError, match="sqlite:///PATH or postgresql"):
        open_store("mysql://x/y")
    with pytest.raises(StoreError, match="names no file"):
        open_store("sqlite://")
