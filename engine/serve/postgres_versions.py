"""The versions part of the PostgreSQL store (:mod:`engine.serve.versions_store`): tables and SQL.

A publish is one transaction that starts by locking the live pointer's row (``FOR UPDATE``), so
two publishes at once are applied one after the other; a process killed during it has its
transaction rolled back by the server: the old version stays live, whole.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from engine.serve.store import StoreError
from engine.serve.versions_store import (
    Live,
    Migration,
    Placement,
    VersionRow,
    check_rollout,
    next_live,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS prompter_versions (
    id TEXT PRIMARY KEY,
    scenario TEXT NOT NULL,
    files TEXT NOT NULL,
    published DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS prompter_live (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version TEXT,
    previous TEXT,
    rollout INTEGER NOT NULL,
    generation BIGINT NOT NULL
);
INSERT INTO prompter_live (id, version, previous, rollout, generation)
    VALUES (1, NULL, NULL, 100, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS prompter_migrations (
    seq BIGSERIAL PRIMARY KEY,
    from_version TEXT NOT NULL,
    to_version TEXT NOT NULL,
    steps TEXT NOT NULL
);
ALTER TABLE prompter_conversations ADD COLUMN IF NOT EXISTS version TEXT NOT NULL DEFAULT '';
"""

_LIVE = "SELECT version, previous, rollout, generation FROM prompter_live WHERE id = 1"


P = ParamSpec("P")
T = TypeVar("T")


def _mapped(method: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """psycopg's and the pool's errors raised as :class:`StoreError` (the server's 503)."""

    @functools.wraps(method)
    async def mapped(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await method(*args, **kwargs)
        except (psycopg.Error, PoolTimeout) as error:
            raise StoreError(f"the store does not answer: {error}") from None

    return mapped


def _as_live(row: tuple[Any, ...] | None) -> Live:
    return Live() if row is None else Live(row[0], row[1], int(row[2]), int(row[3]))


class PostgresVersions:
    """The :class:`~engine.serve.versions_store.VersionStore` methods of
    :class:`~engine.serve.postgres_store.PostgresStore`, over its pool."""

    if TYPE_CHECKING:

        @property
        def pool(self) -> AsyncConnectionPool[psycopg.AsyncConnection[tuple[object, ...]]]: ...

    @_mapped
    async def publish(
        self,
        version: str,
        scenario: str,
        files: Mapping[str, str],
        migrations: Sequence[Migration] = (),
        *,
        rollout: int = 100,
        only_if_new: bool = False,
    ) -> bool:
        check_rollout(rollout)
        async with (
            self.pool.connection() as connection,
            connection.transaction(),
            connection.cursor() as cursor,
        ):
            await cursor.execute(_LIVE + " FOR UPDATE")
            current = _as_live(await cursor.fetchone())
            await cursor.execute("SELECT 1 FROM prompter_versions WHERE id = %s", (version,))
            if await cursor.fetchone() is not None and only_if_new:
                return False
            await cursor.execute(
                "INSERT INTO prompter_versions (id, scenario, files, published) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                (version, scenario, json.dumps(dict(files), ensure_ascii=False), time.time()),
            )
            if migrations:
                await cursor.executemany(
                    "INSERT INTO prompter_migrations (from_version, to_version, steps) "
                    "VALUES (%s, %s, %s)",
                    [(m.from_version, m.to_version, json.dumps(dict(m.steps))) for m in migrations],
                )
            live = next_live(current, version, rollout)
            await cursor.execute(
                "UPDATE prompter_live SET version = %s, previous = %s, rollout = %s, "
                "generation = %s WHERE id = 1",
                (live.version, live.previous, live.rollout, live.generation),
            )
        return True

    @_mapped
    async def live(self) -> Live:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(_LIVE)
            return _as_live(await cursor.fetchone())

    @_mapped
    async def set_live(self, version: str, previous: str | None, rollout: int) -> None:
        check_rollout(rollout)
        async with (
            self.pool.connection() as connection,
            connection.transaction(),
            connection.cursor() as cursor,
        ):
            for name in {version, previous} - {None}:
                await cursor.execute("SELECT 1 FROM prompter_versions WHERE id = %s", (name,))
                if await cursor.fetchone() is None:
                    raise StoreError(f"the store has no version {name!r}")
            await cursor.execute(
                "UPDATE prompter_live SET version = %s, previous = %s, rollout = %s, "
                "generation = generation + 1 WHERE id = 1",
                (version, previous, rollout),
            )

    @_mapped
    async def version_files(self, version: str) -> dict[str, str] | None:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT files FROM prompter_versions WHERE id = %s", (version,)
            )
            row = await cursor.fetchone()
        return None if row is None else dict(json.loads(str(row[0])))

    @_mapped
    async def migrations(self) -> list[Migration]:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT from_version, to_version, steps FROM prompter_migrations ORDER BY seq"
            )
            rows = await cursor.fetchall()
        return [Migration(str(r[0]), str(r[1]), json.loads(str(r[2]))) for r in rows]

    @_mapped
    async def versions(self) -> list[VersionRow]:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT v.id, v.scenario, v.published, "
                "COUNT(c.id) FILTER (WHERE NOT c.finished), COUNT(c.id) "
                "FROM prompter_versions v "
                "LEFT JOIN prompter_conversations c ON c.version = v.id "
                "GROUP BY v.id ORDER BY v.published, v.id"
            )
            rows = await cursor.fetchall()
        return [
            VersionRow(str(r[0]), str(r[1]), float(str(r[2])), int(str(r[3])), int(str(r[4])))
            for r in rows
        ]

    @_mapped
    async def placements(self) -> list[Placement]:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT version, step, COUNT(*) FROM prompter_conversations "
                "WHERE NOT finished GROUP BY version, step ORDER BY version, step"
            )
            rows = await cursor.fetchall()
        return [Placement(str(r[0]), str(r[1]), int(str(r[2]))) for r in rows]


__all__ = ["SCHEMA", "PostgresVersions"]
