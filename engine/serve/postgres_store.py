"""Served conversations in PostgreSQL: for several workers on several machines.

A turn is one database transaction from start to end. It begins by locking the conversation's
row with ``SELECT … FOR UPDATE NOWAIT`` — a request for a conversation whose row another
transaction holds fails at once (:class:`~engine.serve.store.ConversationBusy`, the server's 409)
instead of queueing behind it — and ends by writing the session, the log lines and the answer,
and committing. The lock is the server's, not the worker's: a worker that dies mid-turn drops its
connection, PostgreSQL rolls its transaction back, and the row is free again, exactly as it was.

Each worker has a pool of connections (psycopg's) for turns, one per turn running at the same
time, and a small pool of its own (:data:`SHORT_POOL_SIZE`) for everything short — health checks,
reads, creates, deletes — so that none of those ever waits for a connection a turn holds during
its model call (a health check answered late gets a healthy worker restarted). So
(``pool_size`` + :data:`SHORT_POOL_SIZE`) × workers must stay under the server's
``max_connections``. The tables are created on
first use, under an advisory lock so that workers starting together do not race.
"""

from __future__ import annotations

import functools
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, ParamSpec, TypeVar

import psycopg
import psycopg.errors
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from engine.serve.postgres_versions import SCHEMA as VERSIONS_SCHEMA
from engine.serve.postgres_versions import PostgresVersions
from engine.serve.store import (
    Commit,
    ConversationBusy,
    HeldTurn,
    SessionStore,
    Stored,
    StoreError,
    UnknownConversation,
    public_url,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS prompter_conversations (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL,
    step TEXT NOT NULL,
    finished BOOLEAN NOT NULL,
    turns INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS prompter_log_lines (
    conversation_id TEXT NOT NULL
        REFERENCES prompter_conversations (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (conversation_id, seq)
);
CREATE TABLE IF NOT EXISTS prompter_answers (
    conversation_id TEXT NOT NULL
        REFERENCES prompter_conversations (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (conversation_id, key)
);
"""
#: The advisory lock key the first worker takes while it creates the tables.
SCHEMA_LOCK = 0x70726F6D  # "prom"
#: Seconds a request waits for a free connection of the pool before failing (a 503).
POOL_TIMEOUT_S = 30.0
#: Connections per worker for the short work (health, reads, creates, deletes), never turns.
SHORT_POOL_SIZE = 4
#: Seconds a health check waits for the store before saying it does not answer.
HEALTH_TIMEOUT_S = 5.0


P = ParamSpec("P")
T = TypeVar("T")


def _mapped(method: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """psycopg's and the pool's errors (the server is down, the pool is exhausted) raised as
    :class:`StoreError`, which the server answers with 503."""

    @functools.wraps(method)
    async def mapped(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await method(*args, **kwargs)
        except (psycopg.Error, PoolTimeout) as error:
            raise StoreError(f"the store does not answer: {error}") from None

    return mapped


class _PostgresHeld(HeldTurn):
    def __init__(
        self,
        connection: psycopg.AsyncConnection[tuple[object, ...]],
        conversation_id: str,
        session: str,
        answer: str | None,
    ) -> None:
        super().__init__(session, answer)
        self.connection = connection
        self.conversation_id = conversation_id

    async def commit(self, commit: Commit) -> None:
        try:
            async with self.connection.cursor() as cursor:
                await cursor.execute(
                    "UPDATE prompter_conversations "
                    "SET session = %s, step = %s, finished = %s, turns = %s, updated = %s, "
                    "version = COALESCE(NULLIF(%s, ''), version) WHERE id = %s",
                    (
                        commit.session,
                        commit.step,
                        commit.finished,
                        commit.turns,
                        time.time(),
                        commit.version,
                        self.conversation_id,
                    ),
                )
                await _write_rest(cursor, self.conversation_id, commit)
            await self.connection.commit()
        except psycopg.Error as error:
            raise StoreError(f"the turn could not be written: {error}") from None
        self.committed = True


async def _write_rest(
    cursor: psycopg.AsyncCursor[tuple[object, ...]], conversation_id: str, commit: Commit
) -> None:
    if commit.lines:
        await cursor.executemany(
            "INSERT INTO prompter_log_lines (conversation_id, seq, line) VALUES (%s, %s, %s)",
            [(conversation_id, seq, line) for seq, line in commit.lines],
        )
    if commit.key is not None and commit.answer is not None:
        await cursor.execute(
            "INSERT INTO prompter_answers (conversation_id, key, answer) VALUES (%s, %s, %s)",
            (conversation_id, commit.key, commit.answer),
        )


class PostgresStore(PostgresVersions, SessionStore):
    """See the module docstring."""

    def __init__(self, url: str, *, pool_size: int = 64) -> None:
        self.url = url
        self.description = public_url(url)
        self.pool_size = max(1, pool_size)
        #: The short work's pool (:data:`SHORT_POOL_SIZE`), and the turns' (``pool_size``).
        self._pool: AsyncConnectionPool[psycopg.AsyncConnection[tuple[object, ...]]] | None = None
        self._turns: AsyncConnectionPool[psycopg.AsyncConnection[tuple[object, ...]]] | None = None

    @property
    def pool(self) -> AsyncConnectionPool[psycopg.AsyncConnection[tuple[object, ...]]]:
        """The pool of the short work: no turn ever holds one of its connections."""
        if self._pool is None:
            raise StoreError(f"the store {self.description} is not open")
        return self._pool

    @property
    def turns(self) -> AsyncConnectionPool[psycopg.AsyncConnection[tuple[object, ...]]]:
        """The pool of the turns: a turn holds one connection for as long as it runs."""
        if self._turns is None:
            raise StoreError(f"the store {self.description} is not open")
        return self._turns

    def _new_pool(
        self, size: int, name: str
    ) -> AsyncConnectionPool[psycopg.AsyncConnection[tuple[object, ...]]]:
        return AsyncConnectionPool(
            self.url,
            min_size=1,
            max_size=size,
            open=False,
            timeout=POOL_TIMEOUT_S,
            kwargs={"application_name": f"prompter serve ({name})"},
        )

    async def open(self) -> None:
        if self._pool is not None:
            return
        pool = self._new_pool(SHORT_POOL_SIZE, "short")
        turns = self._new_pool(self.pool_size, "turns")
        try:
            await pool.open(wait=True, timeout=POOL_TIMEOUT_S)
            await turns.open(wait=True, timeout=POOL_TIMEOUT_S)
            async with pool.connection() as connection, connection.transaction():
                await connection.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                await connection.execute(SCHEMA)
                await connection.execute(VERSIONS_SCHEMA)
        except (psycopg.Error, Exception) as error:
            await pool.close()
            await turns.close()
            raise StoreError(f"cannot open the store {self.description}: {error}") from None
        self._pool, self._turns = pool, turns

    async def close(self) -> None:
        for pool in (self._pool, self._turns):
            if pool is not None:
                await pool.close()
        self._pool = self._turns = None

    async def ping(self) -> None:
        try:
            async with self.pool.connection(timeout=HEALTH_TIMEOUT_S) as connection:
                await connection.execute("SELECT 1")
        except (psycopg.Error, Exception) as error:
            raise StoreError(f"the store {self.description} does not answer: {error}") from None

    @_mapped
    async def read(self, conversation_id: str) -> Stored | None:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT session, step, finished, turns, version FROM prompter_conversations "
                "WHERE id = %s",
                (conversation_id,),
            )
            row = await cursor.fetchone()
        if row is None:
            return None
        return Stored(
            conversation_id, str(row[0]), str(row[1]), bool(row[2]), int(str(row[3])), str(row[4])
        )

    @_mapped
    async def log(self, conversation_id: str) -> list[str] | None:
        async with self.pool.connection() as connection, connection.transaction():
            cursor = await connection.execute(
                "SELECT 1 FROM prompter_conversations WHERE id = %s", (conversation_id,)
            )
            if await cursor.fetchone() is None:
                return None
            cursor = await connection.execute(
                "SELECT line FROM prompter_log_lines WHERE conversation_id = %s ORDER BY seq",
                (conversation_id,),
            )
            return [str(row[0]) for row in await cursor.fetchall()]

    @_mapped
    async def answer(self, conversation_id: str, key: str) -> str | None:
        async with self.pool.connection() as connection:
            return await _answer(connection, conversation_id, key)

    @_mapped
    async def conversation_ids(self) -> list[str]:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT id FROM prompter_conversations ORDER BY created, id"
            )
            return [str(row[0]) for row in await cursor.fetchall()]

    @_mapped
    async def create(self, conversation_id: str, commit: Commit) -> None:
        now = time.time()
        async with (
            self.pool.connection() as connection,
            connection.transaction(),
            connection.cursor() as cursor,
        ):
            await cursor.execute(
                "INSERT INTO prompter_conversations "
                "(id, session, step, finished, turns, created, updated, version) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    conversation_id,
                    commit.session,
                    commit.step,
                    commit.finished,
                    commit.turns,
                    now,
                    now,
                    commit.version,
                ),
            )
            await _write_rest(cursor, conversation_id, commit)

    @asynccontextmanager
    async def hold(self, conversation_id: str, key: str | None) -> AsyncIterator[HeldTurn]:
        try:
            async with self.turns.connection() as connection:
                held: HeldTurn | None = None
                try:
                    session, answer, version = await _lock(connection, conversation_id, key)
                    held = _PostgresHeld(connection, conversation_id, session, answer)
                    held.version = version
                    yield held
                finally:
                    if held is None or not held.committed:
                        await connection.rollback()
        except (psycopg.Error, PoolTimeout) as error:
            raise StoreError(f"the store does not answer: {error}") from None

    @_mapped
    async def delete(self, conversation_id: str) -> None:
        async with self.pool.connection() as connection:
            try:
                await _lock(connection, conversation_id, None)
                await connection.execute(
                    "DELETE FROM prompter_conversations WHERE id = %s", (conversation_id,)
                )
                await connection.commit()
            finally:
                await connection.rollback()


async def _answer(
    connection: psycopg.AsyncConnection[tuple[object, ...]], conversation_id: str, key: str
) -> str | None:
    cursor = await connection.execute(
        "SELECT answer FROM prompter_answers WHERE conversation_id = %s AND key = %s",
        (conversation_id, key),
    )
    row = await cursor.fetchone()
    return None if row is None else str(row[0])


async def _lock(
    connection: psycopg.AsyncConnection[tuple[object, ...]],
    conversation_id: str,
    key: str | None,
) -> tuple[str, str | None, str]:
    """Lock the conversation's row in the connection's transaction (or find ``key`` answered)."""
    if key is not None:
        answer = await _answer(connection, conversation_id, key)
        if answer is not None:
            return "", answer, ""
    try:
        cursor = await connection.execute(
            "SELECT session, version FROM prompter_conversations WHERE id = %s FOR UPDATE NOWAIT",
            (conversation_id,),
        )
    except psycopg.errors.LockNotAvailable:
        raise ConversationBusy("the conversation's previous turn is still running") from None
    row = await cursor.fetchone()
    if row is None:
        raise UnknownConversation(f"no conversation {conversation_id!r}")
    if key is not None:
        # The first request with this key may have committed while we waited for nothing:
        # the row lock is ours now, so what we read is final.
        answer = await _answer(connection, conversation_id, key)
        if answer is not None:
            return "", answer, ""
    return str(row[0]), None, str(row[1])


__all__ = ["HEALTH_TIMEOUT_S", "SHORT_POOL_SIZE", "PostgresStore"]
