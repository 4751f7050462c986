"""Opening a store by its URL: ``sqlite:///PATH`` or ``postgresql://USER@HOST:PORT/DB``.

Apart from :mod:`engine.serve.store` so that the interface knows nothing of its implementations
(each imports the interface; only this module imports them, and only the one asked for: psycopg
is not loaded for a SQLite store).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

from engine.serve.store import SessionStore, StoreError


def open_store(url: str, *, pool_size: int = 64) -> SessionStore:
    """The store a URL names: ``sqlite:///PATH`` (relative to the current folder; four slashes
    for an absolute path) or ``postgresql://USER@HOST:PORT/DB``. Not yet opened.

    ``pool_size``: PostgreSQL connections this process may hold at once — one per turn running,
    since a turn holds its conversation's row lock in a transaction.
    """
    scheme = urlsplit(url).scheme.lower()
    if scheme == "sqlite":
        from engine.serve.sqlite_store import SqliteStore

        return SqliteStore(sqlite_path(url))
    if scheme in ("postgresql", "postgres"):
        from engine.serve.postgres_store import PostgresStore

        return PostgresStore(url, pool_size=pool_size)
    raise StoreError(f"unknown store {url!r}: use sqlite:///PATH or postgresql://USER@HOST:PORT/DB")


def sqlite_path(url: str) -> Path:
    """The file of a ``sqlite:///PATH`` URL (``sqlite:////abs/path`` for an absolute one)."""
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise StoreError(f"{url!r}: a SQLite store is a file on this machine (sqlite:///PATH)")
    path = unquote(parts.path)
    if not path or path == "/":
        raise StoreError(f"{url!r} names no file (sqlite:///./prompter-sessions.db)")
    return Path(path[1:] if path.startswith("/") else path)


def store_logs(url: str) -> Iterator[tuple[str, list[bytes]]]:
    """Every conversation of the store at ``url``, oldest first: its id and its log lines,
    read one conversation at a time (``prompter stats --store``). Raises
    :class:`~engine.serve.store.StoreError` when the store cannot be read."""
    store = open_store(url, pool_size=1)
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(store.open())
        try:
            for conversation_id in loop.run_until_complete(store.conversation_ids()):
                lines = loop.run_until_complete(store.log(conversation_id))
                if lines is not None:  # deleted meanwhile
                    yield conversation_id, [line.encode("utf-8") for line in lines]
        finally:
            loop.run_until_complete(store.close())
    finally:
        loop.close()


__all__ = ["open_store", "sqlite_path", "store_logs"]
