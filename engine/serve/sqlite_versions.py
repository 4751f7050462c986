"""The versions part of the SQLite store (:mod:`engine.serve.versions_store`): its tables and SQL.

A publish is one ``BEGIN IMMEDIATE`` transaction (the file's one writer): the version, its
migrations and the live pointer are all written, or none is.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, TypeVar

from engine.serve.store import StoreError
from engine.serve.versions_store import (
    Live,
    Migration,
    Placement,
    VersionRow,
    check_rollout,
    next_live,
)

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS prompter_versions (
    id TEXT PRIMARY KEY,
    scenario TEXT NOT NULL,
    files TEXT NOT NULL,
    published REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS prompter_live (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version TEXT,
    previous TEXT,
    rollout INTEGER NOT NULL,
    generation INTEGER NOT NULL
);
INSERT OR IGNORE INTO prompter_live (id, version, previous, rollout, generation)
    VALUES (1, NULL, NULL, 100, 0);
CREATE TABLE IF NOT EXISTS prompter_migrations (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    from_version TEXT NOT NULL,
    to_version TEXT NOT NULL,
    steps TEXT NOT NULL
);
"""


def create_tables(db: sqlite3.Connection) -> None:
    """The versions' tables, and the conversations' ``version`` column (a store made before
    versions gets it, empty)."""
    db.executescript(SCHEMA)
    columns = {row[1] for row in db.execute("PRAGMA table_info(prompter_conversations)")}
    if "version" not in columns:
        db.execute("ALTER TABLE prompter_conversations ADD COLUMN version TEXT NOT NULL DEFAULT ''")


def _live(db: sqlite3.Connection | sqlite3.Cursor) -> Live:
    row = db.execute(
        "SELECT version, previous, rollout, generation FROM prompter_live WHERE id = 1"
    ).fetchone()
    return Live() if row is None else Live(row[0], row[1], int(row[2]), int(row[3]))


class SqliteVersions:
    """The :class:`~engine.serve.versions_store.VersionStore` methods of
    :class:`~engine.serve.sqlite_store.SqliteStore`, over its thread, connection and writes."""

    if TYPE_CHECKING:

        @property
        def db(self) -> sqlite3.Connection: ...

        async def _run(self, work: Callable[..., T], *args: object) -> T: ...

        def _writing(self, *, durable: bool = True) -> AbstractContextManager[sqlite3.Cursor]: ...

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
        text = json.dumps(dict(files), ensure_ascii=False)
        return await self._run(
            _publish, self, version, scenario, text, list(migrations), rollout, only_if_new
        )

    async def live(self) -> Live:
        return await self._run(lambda: _live(self.db))

    async def set_live(self, version: str, previous: str | None, rollout: int) -> None:
        check_rollout(rollout)
        await self._run(_set_live, self, version, previous, rollout)

    async def version_files(self, version: str) -> dict[str, str] | None:
        row = await self._run(
            lambda: self.db.execute(
                "SELECT files FROM prompter_versions WHERE id = ?", (version,)
            ).fetchone()
        )
        return None if row is None else dict(json.loads(row[0]))

    async def migrations(self) -> list[Migration]:
        rows = await self._run(
            lambda: self.db.execute(
                "SELECT from_version, to_version, steps FROM prompter_migrations ORDER BY seq"
            ).fetchall()
        )
        return [Migration(row[0], row[1], json.loads(row[2])) for row in rows]

    async def versions(self) -> list[VersionRow]:
        rows = await self._run(
            lambda: self.db.execute(
                "SELECT v.id, v.scenario, v.published, "
                "COALESCE(SUM(CASE WHEN c.finished THEN 0 ELSE 1 END), 0), COUNT(c.id) "
                "FROM prompter_versions v "
                "LEFT JOIN prompter_conversations c ON c.version = v.id "
                "GROUP BY v.id ORDER BY v.published, v.id"
            ).fetchall()
        )
        return [VersionRow(r[0], r[1], float(r[2]), int(r[3]), int(r[4])) for r in rows]

    async def placements(self) -> list[Placement]:
        rows = await self._run(
            lambda: self.db.execute(
                "SELECT version, step, COUNT(*) FROM prompter_conversations "
                "WHERE NOT finished GROUP BY version, step ORDER BY version, step"
            ).fetchall()
        )
        return [Placement(r[0], r[1], int(r[2])) for r in rows]


def _publish(
    store: SqliteVersions,
    version: str,
    scenario: str,
    files: str,
    migrations: list[Migration],
    rollout: int,
    only_if_new: bool,
) -> bool:
    with store._writing() as cursor:
        known = cursor.execute("SELECT 1 FROM prompter_versions WHERE id = ?", (version,))
        if known.fetchone() is not None and only_if_new:
            return False
        cursor.execute(
            "INSERT OR IGNORE INTO prompter_versions (id, scenario, files, published) "
            "VALUES (?, ?, ?, ?)",
            (version, scenario, files, time.time()),
        )
        cursor.executemany(
            "INSERT INTO prompter_migrations (from_version, to_version, steps) VALUES (?, ?, ?)",
            [(m.from_version, m.to_version, json.dumps(dict(m.steps))) for m in migrations],
        )
        live = next_live(_live(cursor), version, rollout)
        cursor.execute(
            "UPDATE prompter_live SET version = ?, previous = ?, rollout = ?, generation = ? "
            "WHERE id = 1",
            (live.version, live.previous, live.rollout, live.generation),
        )
        return True


def _set_live(store: SqliteVersions, version: str, previous: str | None, rollout: int) -> None:
    with store._writing() as cursor:
        for name in {version, previous} - {None}:
            if cursor.execute("SELECT 1 FROM prompter_versions WHERE id = ?", (name,)).fetchone():
                continue
            raise StoreError(f"the store has no version {name!r}")
        cursor.execute(
            "UPDATE prompter_live SET version = ?, previous = ?, rollout = ?, "
            "generation = generation + 1 WHERE id = 1",
            (version, previous, rollout),
        )


__all__ = ["SqliteVersions", "create_tables"]
