"""Fixtures for model calls: the fake OpenAI server, its environment, and no real network.

* ``fake_openai``: a started :class:`~engine.offline.fake_openai.FakeOpenAIServer` (stopped
  after the test). Program it with ``fake_openai.queue(...)`` or ``fake_openai.responder``.
* ``openai_env``: the same server, with ``OPENAI_API_KEY`` (``FAKE_API_KEY``) and
  ``OPENAI_BASE_URL`` pointing the SDK at it, as a user's shell would.
* autouse: a test that opens a connection (or resolves a name) beyond this machine fails, and
  the user's own OpenAI variables are hidden, so no test can spend money or leak a key.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer

#: Variables the SDK reads; hidden from every test so a developer's real setup never applies.
OPENAI_VARIABLES = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
    "OPENAI_ADMIN_KEY",
    "OPENAI_CUSTOM_HEADERS",
    "OPENAI_WEBHOOK_SECRET",
)
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "ip6-localhost"})


class RealNetworkUsed(RuntimeError):
    """A test tried to reach beyond this machine (an RuntimeError so no client swallows it)."""


def _is_loopback(host: Any) -> bool:
    if host is None or host in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(str(host).split("%", 1)[0]).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def no_real_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Refuse non-loopback connects and name lookups; fail the test if any was tried."""
    attempts: list[str] = []
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo

    def refuse(what: str) -> RealNetworkUsed:
        attempts.append(what)
        return RealNetworkUsed(
            f"test tried to use the real network ({what}); use the fake_openai fixture"
        )

    def check(sock: socket.socket, address: Any) -> None:
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address[0]):
            raise refuse(f"connect to {address[0]}:{address[1]}")

    def guarded_connect(self: socket.socket, address: Any) -> None:
        check(self, address)
        real_connect(self, address)

    def guarded_connect_ex(self: socket.socket, address: Any) -> int:
        check(self, address)
        return real_connect_ex(self, address)

    def guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else host
        if not _is_loopback(name):
            raise refuse(f"look up {name}")
        return real_getaddrinfo(host, *args, **kwargs)

    for name in OPENAI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded_connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)
    yield attempts
    if attempts:
        pytest.fail(f"the test tried to use the real network: {', '.join(attempts)}")


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture
def openai_env(fake_openai: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch) -> FakeOpenAIServer:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_API_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url)
    return fake_openai
