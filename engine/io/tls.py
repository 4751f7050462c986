"""The one TLS context of the process: the SDKs' default trust settings, built once.

Building a context reads the whole certificate store (some 20 ms of CPU). Every SDK client
builds its own unless it is given one, and the engine makes clients often: a provider per chat,
per studio settings change, per test run, per simulated conversation, per HTTP action. They all
share :func:`shared_tls_context`, which is exactly what they would have built themselves
(``httpx2.create_ssl_context()``: the operating system's trust store, or ``SSL_CERT_FILE`` /
``SSL_CERT_DIR`` when set when it is first asked for). An ``ssl.SSLContext`` may wrap sockets
from any thread.
"""

from __future__ import annotations

import functools
import ssl

import httpx2

__all__ = ["shared_tls_context"]


@functools.cache
def shared_tls_context() -> ssl.SSLContext:
    """The process's TLS context for HTTPS clients (built on first use, then shared)."""
    return httpx2.create_ssl_context()
