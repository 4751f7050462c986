"""Where served conversations live: the store's interface, what it raises, and opening one by URL.

A served conversation is three things in the store, always written together in one transaction:
its session (:meth:`engine.SessionData.to_json`, redacted), its log lines (one row per event, keyed
by the event's ``seq``, so a duplicated or interleaved turn cannot even be written) and the answers
already given to ``Idempotency-Key`` requests. A worker keeps nothing of a conversation between two
requests, so any worker, on any machine, answers any conversation.

**One turn at a time per conversation** is the store's job, never a process's memory:
:meth:`SessionStore.hold` takes the conversation for one turn, or raises
:class:`ConversationBusy` at once (the server's 409) when another request holds it, on this worker
or any other. What is held is released by the commit, by leaving the ``async with`` block, or by
the holder's death:

* PostgreSQL (:mod:`engine.serve.postgres_store`): a row lock (``SELECT … FOR UPDATE NOWAIT``) in
  a transaction that lasts the turn; a worker that dies drops its connection and the server rolls
  the transaction back, lock and all;
* SQLite (:mod:`engine.serve.sqlite_store`): the file has one writer at a time, so a short write
  transaction marks the conversation as claimed by this worker; the claim of a worker that died
  (its liveness lock, held by the kernel for the process, is gone) is void, and a commit writes
  only while its own claim stands.

Either way, a worker killed mid-turn leaves the conversation exactly as it was before that turn, and
the next message is answered normally.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from urllib.parse import urlsplit

from engine.errors import PrompterError
from engine.serve.versions_store import VersionStore

#: The store a server uses when told nothing: a file in the folder it was started from.
DEFAULT_STORE_URL = "sqlite:///./prompter-sessions.db"


class StoreError(PrompterError):
    """The store cannot do what was asked (unreachable, a URL it does not understand, a lost
    claim). The server answers 500 or 503; nothing of the turn was written."""


class ConversationBusy(StoreError):
    """Another request holds the conversation for its turn (the server's 409)."""


class UnknownConversation(StoreError):
    """The store has no conversation of that id (the server's 404)."""


@dataclass(frozen=True)
class Commit:
    """What a turn writes, all of it in one transaction.

    ``lines`` are ``(seq, log line)`` in ``seq`` order, each line one JSON object without its
    newline; ``answer`` is the JSON the request was answered with (and the SHA-256 of the
    request, :mod:`engine.serve.service`), kept under ``key`` (an ``Idempotency-Key``) so that
    the same request sent again gets it back.
    """

    session: str
    lines: Sequence[tuple[int, str]]
    step: str
    finished: bool
    turns: int
    key: str | None = None
    answer: str | None = None
    #: The scenario version the conversation runs on (changed by a migration).
    version: str = ""


@dataclass(frozen=True)
class Stored:
    """A conversation as last committed."""

    id: str
    session: str
    step: str
    finished: bool
    turns: int
    version: str = ""


class HeldTurn(ABC):
    """A conversation held for one turn: its session as committed, and the one way to write."""

    def __init__(self, session: str, answer: str | None, version: str = "") -> None:
        self.session = session
        #: The answer already given to this ``Idempotency-Key``: the turn must not run again.
        self.answer = answer
        #: The scenario version the conversation runs on.
        self.version = version
        self.committed = False

    @abstractmethod
    async def commit(self, commit: Commit) -> None:
        """Write the turn and release the conversation; :class:`StoreError` if it cannot."""


class SessionStore(VersionStore):
    """The interface both stores implement (see the module docstring); the versions part is
    :class:`~engine.serve.versions_store.VersionStore`."""

    #: What the store is, for messages (``sqlite:///…``, ``postgresql://host/db``), no password.
    description: str

    @abstractmethod
    async def open(self) -> None:
        """Connect, and create the tables on first use."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def ping(self) -> None:
        """Return when the store answers; :class:`StoreError` otherwise."""

    @abstractmethod
    async def create(self, conversation_id: str, commit: Commit) -> None:
        """Store a new conversation (its opening turn)."""

    @abstractmethod
    async def read(self, conversation_id: str) -> Stored | None: ...

    @abstractmethod
    async def log(self, conversation_id: str) -> list[str] | None:
        """The conversation's log lines in ``seq`` order; ``None`` when it does not exist."""

    @abstractmethod
    async def answer(self, conversation_id: str, key: str) -> str | None:
        """The answer already given to ``key`` in this conversation, if any."""

    @abstractmethod
    def hold(self, conversation_id: str, key: str | None) -> AbstractAsyncContextManager[HeldTurn]:
        """Take the conversation for one turn (see the module docstring).

        Raises :class:`ConversationBusy` or :class:`UnknownConversation` on entry. When ``key``
        was answered already, :attr:`HeldTurn.answer` holds that answer.
        """

    @abstractmethod
    async def delete(self, conversation_id: str) -> None:
        """Forget the conversation and its log; busy and unknown ones raise as :meth:`hold`."""

    @abstractmethod
    async def conversation_ids(self) -> list[str]:
        """Every conversation's id, oldest first."""


def public_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return parts._replace(netloc=f"{user}:***@{netloc}").geturl()


__all__ = [
    "DEFAULT_STORE_URL",
    "Commit",
    "ConversationBusy",
    "HeldTurn",
    "SessionStore",
    "StoreError",
    "Stored",
    "UnknownConversation",
    "public_url",
]
