"""Opening a store by its URL: ``sqlite:///PATH`` or ``postgresql://USER@HOST:PORT/DB``.

Apart from :mod:`engine.serve.store` so that the interface knows nothing of its implementations
(each imports the interface; only this module imports them, and only the one asked for: psycopg
is not loaded for a SQLite store).
"""

from __future__ import annotations

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


__all__ = ["open_store", "sqlite_path"]
