"""A provider's resources live exactly as long as the provider.

Each SDK client sits on a private event loop in a thread of its own (``HomeLoop``), holding
pooled connections. ``close`` ends them; a provider the program simply drops (a studio settings
change, a finished simulated conversation, a script that forgets ``close``) must end them too, or
a long-running studio or server gathers a thread and its sockets per provider it ever made.
All four providers, after a real call to their fake server, through their vendor's own SDK.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import ssl
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import anyio
import pytest
import sniffio

from engine.io.tls import shared_tls_context
from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.fake_gemini import FAKE_GEMINI_KEY, FakeGeminiServer
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.providers import ModelRequest, Provider, make_provider

Server = FakeOpenAIServer | FakeAnthropicServer | FakeGeminiServer
VENDORS: dict[str, tuple[Callable[[], AbstractContextManager[Server]], str, str]] = {
    "responses": (FakeOpenAIServer, FAKE_API_KEY, "gpt-4.1-mini"),
    "chat": (FakeOpenAIServer, FAKE_API_KEY, "gpt-4.1-mini"),
    "anthropic": (FakeAnthropicServer, FAKE_ANTHROPIC_KEY, "claude-sonnet-4-5"),
    "gemini": (FakeGeminiServer, FAKE_GEMINI_KEY, "gemini-2.5-flash"),
}
SCHEMA = {
    "type": "object",
    "properties": {"message": {"type": "string"}},
    "required": ["message"],
    "additionalProperties": False,
}
REPLY = '{"message": "Hello"}'
#: The vendors whose SDK is heavy to import run on one worker (see tests/plugins/ordering.py).
HEAVY_SDKS = {"anthropic", "gemini"}
PROVIDERS = [
    pytest.param(name, marks=[pytest.mark.xdist_group("vendor_sdks")] if name in HEAVY_SDKS else [])
    for name in VENDORS
]


@pytest.fixture(params=PROVIDERS)
def used_provider(request: pytest.FixtureRequest) -> Iterator[Callable[[], Provider]]:
    """Makes providers of one vendor that have each answered one call."""
    fake, key, model = VENDORS[request.param]
    with fake() as server:

        def make() -> Provider:
            server.queue(REPLY)
            provider = make_provider(
                request.param, api_key=key, base_url=server.base_url, model=model, stream=False
            )
            ask = ModelRequest(model=model, instructions="Greet.", input="hi", schema=SCHEMA)
            assert asyncio.run(provider.complete(ask)).text == REPLY
            return provider

        yield make


def provider_threads() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name.startswith("prompter-")}


def until(condition: Callable[[], bool], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_closed_provider_leaves_no_thread(used_provider: Callable[[], Provider]) -> None:
    before = provider_threads()
    provider = used_provider()
    assert provider_threads() - before  # the client's loop runs in a thread of its own

    provider.close()

    assert not provider_threads() - before


def test_a_dropped_provider_ends_its_thread_and_connections(
    used_provider: Callable[[], Provider],
) -> None:
    before = provider_threads()
    for _ in range(3):
        used_provider()  # made, used once, dropped without close()
    gc.collect()

    assert until(lambda: not provider_threads() - before), provider_threads() - before


def test_every_provider_shares_the_one_tls_context(used_provider: Callable[[], Provider]) -> None:
    """Building a TLS context reads the whole certificate store (some 20 ms): made once."""
    shared_tls_context.cache_clear()
    first, second = used_provider(), used_provider()
    try:
        assert shared_tls_context.cache_info().misses == 1
        assert shared_tls_context.cache_info().hits >= 1
    finally:
        first.close()
        second.close()


def test_a_second_provider_builds_no_tls_context_of_its_own(
    used_provider: Callable[[], Provider], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not even one an SDK builds for itself beside the shared one (Gemini's websockets)."""
    used_provider().close()  # the process's context exists now
    built: list[ssl.SSLContext] = []
    create = ssl.create_default_context

    def counted(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        built.append(create(*args, **kwargs))
        return built[-1]

    monkeypatch.setattr(ssl, "create_default_context", counted)
    used_provider().close()
    assert built == []


def suspended_readers() -> list[str]:
    """The async generators alive and suspended half-way (not run to their end or closed)."""
    return [
        thing.ag_code.co_name
        for thing in gc.get_objects()
        if inspect.isasyncgen(thing) and thing.ag_frame is not None and thing.ag_running is False
    ]


@pytest.mark.parametrize("api", ["responses", "chat"])
def test_a_streamed_answer_leaves_no_reader_half_way(api: str) -> None:
    """The stream's lines are read to the end (or closed): no reader of the answer is left
    suspended for the provider's loop to finish later (a task destroyed with the loop, and the
    connection's transport with it, when the provider is dropped)."""
    from engine.providers.base import streaming_to

    with FakeOpenAIServer() as server:
        provider = make_provider(api, api_key=FAKE_API_KEY, base_url=server.base_url)
        ask = ModelRequest(model="gpt-4.1-mini", instructions="Greet.", input="hi", schema=SCHEMA)
        heard: list[str] = []
        before = suspended_readers()

        async def twice(streamed: Provider) -> None:
            with streaming_to(heard.append):
                for _ in range(2):
                    server.queue(REPLY)
                    assert (await streamed.complete(ask)).text == REPLY

        asyncio.run(twice(provider))
        after = suspended_readers()
        provider.close()

    assert heard and heard[-1] == "Hello"
    assert sorted(after) == sorted(before)


def test_a_loop_ending_mid_read_finishes_its_readers_and_calls_first() -> None:
    """A provider closed (or dropped) while a call reads a stream ends that call and closes the
    readers it left half-way, on its own loop, as ``asyncio.run`` does: left to the collector,
    they would find the loop closed and their connection would be reported unclosed later, in
    whatever test or thread collected them."""
    from engine.providers.vendor_call import HomeLoop

    ended: list[str] = []
    reading = threading.Event()

    async def lines() -> AsyncIterator[str]:
        try:
            yield "first"
            await asyncio.sleep(60)
            yield "never"
        finally:
            ended.append("reader")

    async def call() -> None:
        try:
            reader = lines()
            await anext(reader)  # the reader is left suspended half-way
            reading.set()
            await asyncio.sleep(60)
        finally:
            ended.append("call")

    async def close_client() -> None:
        pass

    home = HomeLoop(close_client, "test-home")
    home.soon(lambda: asyncio.ensure_future(call()))
    assert reading.wait(5)

    home.close()

    assert sorted(ended) == ["call", "reader"]


# --- closed from code under trio -----------------------------------------------------------------


def established_to(port: int) -> int:
    """Established TCP connections of this machine to 127.0.0.1:``port``, as the kernel lists
    them (``/proc/net/tcp``): the clients' ends of connections to a fake server."""
    count = 0
    for row in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        remote, state = row.split()[2:4]
        if int(remote.rsplit(":", 1)[1], 16) == port and state == "01":
            count += 1
    return count


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc/net/tcp")
@pytest.mark.parametrize("vendor", PROVIDERS)
def test_a_provider_closed_from_code_under_trio_closes_its_connections(vendor: str) -> None:
    """``anyio.run`` with the trio backend (and anyio's pytest plugin) tells sniffio "trio" in
    the caller's context. A close made there, or a provider collected while such code ran,
    carried that into the provider's asyncio loop: the SDK's HTTP layer took it for trio, its
    close failed half-way, and the connection stayed open until the collector reported it."""
    fake, key, model = VENDORS[vendor]
    with fake() as server:
        server.queue(REPLY)
        provider = make_provider(
            vendor, api_key=key, base_url=server.base_url, model=model, stream=False
        )
        ask = ModelRequest(model=model, instructions="Greet.", input="hi", schema=SCHEMA)
        assert asyncio.run(provider.complete(ask)).text == REPLY
        port = server.port
        assert established_to(port) >= 1  # kept in the pool for the next call

        async def close() -> None:
            provider.close()

        anyio.run(close, backend="trio")

        assert until(lambda: established_to(port) == 0), "the connection was left open"


def test_what_hops_to_the_home_loop_runs_in_a_context_of_its_own() -> None:
    """The closer and the chores run on the provider's asyncio loop see asyncio, whatever the
    code that closed the provider or asked for the chore runs under."""
    from engine.providers.vendor_call import HomeLoop

    seen: list[str | None] = []

    async def close_client() -> None:
        await anyio.sleep(0)  # what the SDKs' HTTP layer does: fails if it takes this for trio
        seen.append(sniffio.current_async_library())

    home = HomeLoop(close_client, "test-home")
    said = sniffio.current_async_library_cvar.set("trio")  # as anyio.run(..., "trio") does
    try:
        home.soon(lambda: seen.append(sniffio.current_async_library_cvar.get()))
        home.close()
    finally:
        sniffio.current_async_library_cvar.reset(said)

    assert seen == [None, "asyncio"]
