"""Served conversations in one SQLite file: for one machine, with one worker or several.

SQLite lets one writer at a time into a file, and that is the lock: a turn begins with a short
write transaction that checks nobody holds the conversation and marks it ``claimed_by`` this
worker, and ends with one transaction that writes the session, the log lines and the answer *only
if that claim still stands*, and clears it. Between the two the file is free, so other
conversations' turns go on; SQLite is never held for a model call.

A claim is void when its worker is dead. Each worker holds, for its lifetime, an exclusive
``flock`` on a file of its own under ``<store>.workers/`` named by its claim token; the kernel
drops that lock when the process ends, however it ends (``kill -9`` included). So a worker that
finds a conversation claimed tries that lock: if it can take it, the claimant is gone, its claim
is void and its turn never happened (nothing of it was written). The workers must share the file's
machine, as SQLite requires anyway (never a network file system).

SQL runs on threads of the store's (``sqlite3`` is synchronous), so the event loop never waits
for the disk or for another process's write: writes on one thread with one connection, reads and
health checks on another thread with a connection of their own, so that they never queue behind
a write waiting for the file (WAL lets readers read while another process writes). A write waits
at most :data:`WRITE_WAIT_S` in all — behind this worker's other writes, then for another
process's lock — and then fails (the server's prompt 503) instead of stalling every request.

The file is in WAL mode; a turn's commit is ``synchronous=FULL`` (it survives a crash of the
machine, not only of the process), its claim is not synced (a claim is void after a crash anyway).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

from engine.serve.sqlite_versions import SqliteVersions, create_tables
from engine.serve.store import (
    Commit,
    ConversationBusy,
    HeldTurn,
    SessionStore,
    Stored,
    StoreError,
    UnknownConversation,
)

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS prompter_conversations (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL,
    step TEXT NOT NULL,
    finished INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    claimed_by TEXT
);
CREATE TABLE IF NOT EXISTS prompter_log_lines (
    conversation_id TEXT NOT NULL
        REFERENCES prompter_conversations (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (conversation_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS prompter_answers (
    conversation_id TEXT NOT NULL
        REFERENCES prompter_conversations (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (conversation_id, key)
) WITHOUT ROWID;
"""

#: How long a write may wait, in all (this worker's earlier writes, another process's lock),
#: before it fails: a prompt 503, not a request stalled for half a minute.
WRITE_WAIT_S = 5.0
#: How long a read waits for the file (rare in WAL mode: a checkpoint, a recovery).
READ_BUSY_TIMEOUT_MS = 2_000


class Liveness:
    """This worker's claim token, and whether another worker's token belongs to a live one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.token = uuid.uuid4().hex
        self._path = folder / self.token
        self._fd: int | None = os.open(self._path, os.O_CREAT | os.O_RDWR, 0o600)
        fcntl.flock(self._fd, fcntl.LOCK_EX)

    def is_alive(self, token: str) -> bool:
        if token == self.token:
            return self._fd is not None
        path = self.folder / token
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return True  # its worker holds the lock: alive
        # Nobody holds it: its worker is gone. A token is never used again, so its file goes.
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(fd)
        return False

    def close(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            self._path.unlink()
        os.close(self._fd)
        self._fd = None


class _SqliteHeld(HeldTurn):
    def __init__(self, store: SqliteStore, conversation_id: str, session: str, answer: str | None):
        super().__init__(session, answer)
        self.store = store
        self.conversation_id = conversation_id

    async def commit(self, commit: Commit) -> None:
        await self.store._run(self.store._commit, self.conversation_id, commit)
        self.committed = True


class SqliteStore(SqliteVersions, SessionStore):
    """See the module docstring."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.description = f"sqlite:///{path}"
        self._executor: ThreadPoolExecutor | None = None
        self._db: sqlite3.Connection | None = None
        #: Reads and health checks: a thread and a connection of their own (module docstring).
        self._read_executor: ThreadPoolExecutor | None = None
        self._reader: sqlite3.Connection | None = None
        self._local = threading.local()
        self._liveness: Liveness | None = None
        self._durable = True

    # --- plumbing ------------------------------------------------------------------------------

    async def _run(self, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` on the writing thread, within :data:`WRITE_WAIT_S` of now; SQLite's
        own errors become StoreError."""
        deadline = time.monotonic() + WRITE_WAIT_S

        def within_deadline() -> T:
            remaining = deadline - time.monotonic()
            if remaining <= 0:  # waited behind this worker's other writes for all of it
                raise sqlite3.OperationalError("database is locked (waited too long)")
            if self._db is not None:
                self._db.execute(f"PRAGMA busy_timeout = {int(remaining * 1000)}")
            return work(*args)

        return await self._on(self._executor, within_deadline)

    async def _run_reading(self, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` on the reading thread, where :attr:`db` is the reading connection."""

        def reading() -> T:
            self._local.db = self.reader
            return work(*args)

        return await self._on(self._read_executor, reading)

    async def _on(
        self, executor: ThreadPoolExecutor | None, work: Callable[..., T], *args: object
    ) -> T:
        if executor is None:
            raise StoreError(f"the store {self.description} is not open")
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, work, *args)
        except sqlite3.Error as error:
            raise StoreError(f"the store {self.description} failed: {error}") from None

    @property
    def reader(self) -> sqlite3.Connection:
        if self._reader is None:
            raise StoreError(f"the store {self.description} is not open")
        return self._reader

    @property
    def db(self) -> sqlite3.Connection:
        """The connection of the thread asking: the reading one on the reading thread."""
        local: sqlite3.Connection | None = getattr(self._local, "db", None)
        if local is not None:
            return local
        if self._db is None:
            raise StoreError(f"the store {self.description} is not open")
        return self._db

    @contextlib.contextmanager
    def _writing(self, *, durable: bool = True) -> Iterator[sqlite3.Cursor]:
        """One write transaction (``BEGIN IMMEDIATE``: the file's one writer, waited for).

        ``durable=False`` for what need not survive the machine (a claim: after a crash every
        claim is void anyway): no ``fsync``, so a turn pays for one, at its commit.
        """
        if durable != self._durable:
            self.db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'OFF'}")
            self._durable = durable
        cursor = self.db.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            yield cursor
        except BaseException:
            self.db.rollback()
            raise
        else:
            self.db.commit()

    # --- opening -------------------------------------------------------------------------------

    async def open(self) -> None:
        if self._executor is not None:
            return
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="prompter-sqlite")
        self._read_executor = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="prompter-sqlite-read"
        )
        try:
            await self._run(self._open)
        except BaseException:
            self._shut_down()
            raise

    def _shut_down(self) -> None:
        for executor in (self._executor, self._read_executor):
            if executor is not None:
                executor.shutdown()
        self._executor = self._read_executor = None

    def _open(self) -> None:
        try:
            if self.path.parent != Path():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"cannot open the store {self.description}: {error}") from None
        db.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT_S * 1000)}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        db.executescript(SCHEMA)
        create_tables(db)
        self._db = db
        reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        reader.execute(f"PRAGMA busy_timeout = {READ_BUSY_TIMEOUT_MS}")
        reader.execute("PRAGMA query_only = ON")
        self._reader = reader
        self._liveness = Liveness(self.path.with_name(self.path.name + ".workers"))

    async def close(self) -> None:
        if self._executor is None:
            return
        await self._run(self._close)
        self._shut_down()

    def _close(self) -> None:
        for connection in (self._db, self._reader):
            if connection is not None:
                connection.close()
        self._db = self._reader = None
        if self._liveness is not None:
            self._liveness.close()
            self._liveness = None

    async def ping(self) -> None:
        await self._run_reading(lambda: self.db.execute("SELECT 1").fetchone())

    # --- reading -------------------------------------------------------------------------------

    async def read(self, conversation_id: str) -> Stored | None:
        return await self._run_reading(self._read, conversation_id)

    def _read(self, conversation_id: str) -> Stored | None:
        row = self.db.execute(
            "SELECT session, step, finished, turns, version FROM prompter_conversations "
            "WHERE id = ?",
            (conversation_id,),
        ).fetchone()
        if row is None:
            return None
        return Stored(conversation_id, row[0], row[1], bool(row[2]), int(row[3]), row[4])

    async def log(self, conversation_id: str) -> list[str] | None:
        return await self._run_reading(self._log, conversation_id)

    def _log(self, conversation_id: str) -> list[str] | None:
        with self._reading():
            if self._read(conversation_id) is None:
                return None
            rows = self.db.execute(
                "SELECT line FROM prompter_log_lines WHERE conversation_id = ? ORDER BY seq",
                (conversation_id,),
            ).fetchall()
        return [row[0] for row in rows]

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """One read transaction: what it reads is one committed state."""
        self.db.execute("BEGIN")
        try:
            yield
        finally:
            self.db.rollback()

    async def answer(self, conversation_id: str, key: str) -> str | None:
        return await self._run_reading(self._answer, conversation_id, key)

    def _answer(self, conversation_id: str, key: str) -> str | None:
        row = self.db.execute(
            "SELECT answer FROM prompter_answers WHERE conversation_id = ? AND key = ?",
            (conversation_id, key),
        ).fetchone()
        return None if row is None else str(row[0])

    async def conversation_ids(self) -> list[str]:
        return await self._run_reading(
            lambda: [
                str(row[0])
                for row in self.db.execute(
                    "SELECT id FROM prompter_conversations ORDER BY created, id"
                ).fetchall()
            ]
        )

    # --- writing -------------------------------------------------------------------------------

    async def create(self, conversation_id: str, commit: Commit) -> None:
        await self._run(self._create, conversation_id, commit)

    def _create(self, conversation_id: str, commit: Commit) -> None:
        now = time.time()
        with self._writing() as cursor:
            cursor.execute(
                "INSERT INTO prompter_conversations "
                "(id, session, step, finished, turns, created, updated, version) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
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
            self._write_rest(cursor, conversation_id, commit)

    @staticmethod
    def _write_rest(cursor: sqlite3.Cursor, conversation_id: str, commit: Commit) -> None:
        cursor.executemany(
            "INSERT INTO prompter_log_lines (conversation_id, seq, line) VALUES (?, ?, ?)",
            [(conversation_id, seq, line) for seq, line in commit.lines],
        )
        if commit.key is not None and commit.answer is not None:
            cursor.execute(
                "INSERT INTO prompter_answers (conversation_id, key, answer) VALUES (?, ?, ?)",
                (conversation_id, commit.key, commit.answer),
            )

    @asynccontextmanager
    async def hold(self, conversation_id: str, key: str | None) -> AsyncIterator[HeldTurn]:
        session, answer, version = await self._run(self._claim, conversation_id, key)
        held = _SqliteHeld(self, conversation_id, session, answer)
        held.version = version
        try:
            yield held
        finally:
            if answer is None and not held.committed:
                await self._run(self._release, conversation_id)

    def _claim(self, conversation_id: str, key: str | None) -> tuple[str, str | None, str]:
        """Claim the conversation (or find ``key`` answered already): one short transaction."""
        assert self._liveness is not None
        with self._writing(durable=False) as cursor:
            if key is not None:
                answer = self._answer(conversation_id, key)
                if answer is not None:
                    return "", answer, ""
            row = cursor.execute(
                "SELECT session, claimed_by, version FROM prompter_conversations WHERE id = ?",
                (conversation_id,),
            ).fetchone()
            if row is None:
                raise UnknownConversation(f"no conversation {conversation_id!r}")
            session, claimed_by, version = row
            if claimed_by is not None and self._liveness.is_alive(claimed_by):
                raise ConversationBusy("the conversation's previous turn is still running")
            cursor.execute(
                "UPDATE prompter_conversations SET claimed_by = ? WHERE id = ?",
                (self._liveness.token, conversation_id),
            )
            return str(session), None, str(version)

    def _release(self, conversation_id: str) -> None:
        assert self._liveness is not None
        with self._writing(durable=False) as cursor:
            cursor.execute(
                "UPDATE prompter_conversations SET claimed_by = NULL "
                "WHERE id = ? AND claimed_by = ?",
                (conversation_id, self._liveness.token),
            )

    def _commit(self, conversation_id: str, commit: Commit) -> None:
        assert self._liveness is not None
        with self._writing() as cursor:
            cursor.execute(
                "UPDATE prompter_conversations "
                "SET session = ?, step = ?, finished = ?, turns = ?, updated = ?, "
                "version = COALESCE(NULLIF(?, ''), version), "
                "claimed_by = NULL WHERE id = ? AND claimed_by = ?",
                (
                    commit.session,
                    commit.step,
                    commit.finished,
                    commit.turns,
                    time.time(),
                    commit.version,
                    conversation_id,
                    self._liveness.token,
                ),
            )
            if cursor.rowcount != 1:
                raise StoreError(
                    "the conversation was taken from this worker during the turn; "
                    "the turn was not written"
                )
            self._write_rest(cursor, conversation_id, commit)

    async def delete(self, conversation_id: str) -> None:
        await self._run(self._delete, conversation_id)

    def _delete(self, conversation_id: str) -> None:
        assert self._liveness is not None
        with self._writing() as cursor:
            row = cursor.execute(
                "SELECT claimed_by FROM prompter_conversations WHERE id = ?", (conversation_id,)
            ).fetchone()
            if row is None:
                raise UnknownConversation(f"no conversation {conversation_id!r}")
            if row[0] is not None and self._liveness.is_alive(row[0]):
                raise ConversationBusy("the conversation's turn is still running")
            cursor.execute("DELETE FROM prompter_conversations WHERE id = ?", (conversation_id,))


__all__ = ["Liveness", "SqliteStore"]
