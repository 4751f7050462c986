"""A real PostgreSQL server for the tests, started in a temporary folder, and the store fixtures.

* :class:`TempPostgres` runs Debian's PostgreSQL (``./dev`` installs the ``postgresql`` package)
  from a fresh ``initdb`` in a temporary folder, on a free port of 127.0.0.1. ``initdb`` refuses
  to run as root, so as root the server runs as an unprivileged system user: ``postgres`` (which
  the package creates) or, failing that, one made for it (``prompter-pg``). The bench uses it too.
* ``postgres_server``: one such server per test process (xdist worker), stopped at the end. The
  tests on PostgreSQL share one worker (the xdist group ``postgresql``): one ``initdb`` and one
  server in a run of the suite, not one per worker (0.7 CPU-s to make, and its own processes).
* ``store_url``: a fresh, empty store for one test, **once on SQLite and once on PostgreSQL**
  (the transitions library's way of running one suite against two implementations): a new
  database file, or a new database of that server, whose statements are cancelled after
  :data:`STATEMENT_TIMEOUT` (a lock that waits is a failed test, not a hung suite).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Self

import pytest

#: The unprivileged user the server runs as when the tests run as root.
FALLBACK_USER = "prompter-pg"


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL programs (the newest version), or None."""
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    if versions:
        return versions[-1].parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _server_user() -> str | None:
    """Who runs the server: None (this user) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", FALLBACK_USER):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", FALLBACK_USER],
        check=True,
    )
    return FALLBACK_USER


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class TempPostgres:
    """A PostgreSQL server of its own: ``with TempPostgres() as pg: pg.url("db")``."""

    def __init__(
        self, *, max_connections: int = 300, durable: bool = False, synchronous_commit: bool = True
    ) -> None:
        bindir = postgres_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (./dev setup installs it)")
        self.bindir = bindir
        self.max_connections = max_connections
        self.durable = durable
        self.synchronous_commit = synchronous_commit
        self.user = _server_user()
        self.port = _free_port()
        self.root = Path(tempfile.mkdtemp(prefix="prompter-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.sockets.mkdir()
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            for path in (self.root, self.sockets):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        self.started = False

    def _run(self, *args: str) -> None:
        subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            check=True,
            capture_output=True,
            user=self.user,
            cwd=self.root,
        )

    def start(self) -> Self:
        self._run(
            "initdb", "-D", str(self.data), "-U", "prompter", "--auth=trust", "-E", "UTF8",
            "--no-sync", "--locale=C.UTF-8",
        )  # fmt: skip
        options = [
            f"-p {self.port}",
            f"-k {self.sockets}",
            "-c listen_addresses=127.0.0.1",
            f"-c max_connections={self.max_connections}",
        ]
        if not self.durable:  # tests: nothing needs to survive the machine
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        elif not self.synchronous_commit:  # crash-safe, but a commit does not wait for fsync
            options += ["-c synchronous_commit=off"]
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"),
            "-o", " ".join(options), "-w", "-t", "60", "start",
        )  # fmt: skip
        self.started = True
        return self

    def stop(self) -> None:
        if self.started:
            with contextlib.suppress(subprocess.CalledProcessError):
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://prompter@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = name or f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[TempPostgres]:
    with TempPostgres() as server:
        yield server


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.xdist_group("postgresql"))]
)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty store: once on SQLite, once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'sessions.db'}"
    server: TempPostgres = request.getfixturevalue("postgres_server")
    url = server.create_database()
    bound_statements(url)
    return url


#: How long one statement of a test's database may run. A lock the code means to take at once
#: (``FOR UPDATE NOWAIT``) that waits instead is cancelled by then — a failed test
#: (``QueryCanceled``, not the ``LockNotAvailable`` NOWAIT gives), never a suite that hangs.
STATEMENT_TIMEOUT = "10s"


def bound_statements(url: str) -> None:
    """Every later session of ``url``'s database has :data:`STATEMENT_TIMEOUT`."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'ALTER DATABASE "{name}" SET statement_timeout = {STATEMENT_TIMEOUT!r}')
