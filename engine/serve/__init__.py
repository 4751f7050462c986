"""``prompter serve``: a scenario in front of real users, over HTTP, on one machine or many workers.

    app             the ASGI application (Starlette): routes, tokens, errors; create_app
    guard           who may call at all: the Host a request names and the Origin it comes from
    service         one served scenario: create, answer one turn at a time, read, delete
    store           the session store's interface and its errors
    store_url       open_store(URL): the store a URL names
    sqlite_store    sessions in one SQLite file (one machine; the lock is a claim in the file)
    postgres_store  sessions in PostgreSQL (many machines; the lock is a row lock)
    stream          the text/event-stream answer: delta, retract, done, error
    metrics         GET /metrics in Prometheus' text format (several workers summed)
    page            the chat page at GET / (resources/serve/chat.html)
    api_errors      the JSON error answers and their statuses
    config          what a server is told, and how its workers learn it

Every worker is disposable: it keeps nothing of a conversation between two requests, and a turn is
one transaction of the store (session, log lines and answer together), so a worker killed mid-turn
leaves the conversation as it was. See ``docs/serve.md``.

It is built on the public API (:mod:`engine`: ``Conversation.resume`` of a ``SessionData`` the store
holds, one provider per worker), which it imports from the modules that define it, and may import
everything below the tools (:mod:`engine.conversation` and down); nothing in the engine imports it
but the command line. Its third-party libraries (Starlette, uvicorn, psycopg, prometheus_client)
are the ``serve`` extra: ``pip install "prompter[serve]"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.serve.app import create_app
    from engine.serve.config import ServeConfig

__all__ = ["ServeConfig", "create_app"]


def __getattr__(name: str) -> Any:
    """``create_app`` and ``ServeConfig``, loaded when asked for (Starlette only then)."""
    if name == "create_app":
        from engine.serve.app import create_app

        return create_app
    if name == "ServeConfig":
        from engine.serve.config import ServeConfig

        return ServeConfig
    raise AttributeError(f"module 'engine.serve' has no attribute {name!r}")
