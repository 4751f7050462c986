"""Who may talk to the server at all: the ``Host`` a request names and the ``Origin`` it comes from.

Without these checks any web page the owner visits could drive the API. *DNS rebinding*: a page of
``evil.example`` makes its name resolve to ``127.0.0.1`` and calls the server as its own origin,
on the owner's key, and reads the answers and the logs. *Cross-site requests*: a page posts a
``text/plain`` body (no preflight) to the server. So, before any route:

* ``Host`` must name the server: the address it is bound to, the loopback names when it is bound
  to a loopback or a wildcard address, an IP address when it is bound to a wildcard address (a
  rebinding page cannot make the browser send an IP of the server as its own host), and the
  names it was given (``--allow-host NAME``, ``PROMPTER_SERVE_ALLOWED_HOSTS``; ``*`` accepts any,
  for a proxy that checks ``Host`` itself). Anything else is 403 ``forbidden``.
* ``Origin``, when a browser sends one, must be ``http(s)://`` one of those hosts (the chat page
  is same-origin); any other, ``null`` included, is 403 ``forbidden``.

A body must also be ``Content-Type: application/json`` (415, :mod:`engine.serve.app`), so a
cross-site form or ``text/plain`` post cannot be read as JSON.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from engine.serve.api_errors import ApiError

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARD_ADDRESSES = frozenset({"0.0.0.0", "::", ""})


def host_name(text: str) -> str | None:
    """The host of a ``Host`` header or an origin's ``host[:port]``: lowercase, without port,
    brackets or trailing dot; ``None`` when it is not one."""
    text = text.strip()
    if any(mark in text for mark in "@/\\?#"):
        return None
    try:
        name = urlsplit(f"//{text}").hostname
    except ValueError:
        return None
    if not name:
        return None
    return name.rstrip(".")


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


class HostNames:
    """The hosts a server bound to ``bind_host`` answers for (see the module docstring)."""

    def __init__(self, bind_host: str, extra: Iterable[str] = ()) -> None:
        extra = [name.strip().lower().rstrip(".") for name in extra if name.strip()]
        self.any = "*" in extra
        bound = bind_host.strip().strip("[]").lower()
        self.wildcard = bound in WILDCARD_ADDRESSES
        address = _ip(bound)
        self.names = {bound, *extra} - {"*", ""}
        if self.wildcard or bound == "localhost" or (address is not None and address.is_loopback):
            self.names |= LOOPBACK_NAMES

    def allows(self, name: str | None) -> bool:
        if name is None:
            return False
        if self.any or name in self.names:
            return True
        return self.wildcard and _ip(name) is not None

    def allows_origin(self, origin: str) -> bool:
        parts = urlsplit(origin.strip())
        if parts.scheme not in ("http", "https"):
            return False
        return self.allows(host_name(parts.netloc))


class HostGuard:
    """ASGI middleware refusing a foreign ``Host`` or ``Origin`` (403) before any route."""

    def __init__(self, app: ASGIApp, hosts: HostNames) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = self.refusal(scope)
            if refused is not None:
                response = JSONResponse(refused.body(), status_code=refused.status)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> ApiError | None:
        headers = {
            name.decode("latin-1").lower(): value.decode("latin-1")
            for name, value in scope.get("headers", [])
        }
        host = headers.get("host")
        if host is None or not self.hosts.allows(host_name(host)):
            return ApiError(
                403,
                "forbidden",
                "the Host header does not name this server (start it with --allow-host NAME "
                "to answer for another name)",
            )
        origin = headers.get("origin")
        if origin is not None and not self.hosts.allows_origin(origin):
            return ApiError(403, "forbidden", "requests from another origin are refused")
        return None


__all__ = ["LOOPBACK_NAMES", "HostGuard", "HostNames", "host_name"]
