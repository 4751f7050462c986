"""HTTP actions: one request to an allowed host, with a real timeout and an idempotency key.

The request is built from the step's ``call.http`` at call time:

* ``{{var}}`` is filled from the conversation's known values — percent-encoded in the URL, where
  a value that makes a ``.`` or ``..`` path segment is refused (the outcome ``error``); in the
  JSON body a string that is exactly ``{{var}}`` becomes the value itself (a list stays a list),
  any other string is filled as text;
* ``${NAME}`` in a header value is read from the environment *now* (a missing one is the
  outcome ``error``, naming it); the value is registered with :mod:`engine.io.redact` at once,
  so no log, session, cassette or export ever holds it, and it is never part of an event (the
  log records the URL, the method and the header *names*);
* the URL's host must be in ``actions.allow_hosts`` (checked again here: the validator checks
  the file, this checks the request actually sent); redirects are not followed, so a reply
  cannot send the request elsewhere;
* every request carries ``Idempotency-Key``: the same for the same session, turn and step, so a
  retried turn or a resumed session is recognised by the service instead of acting twice.

The reply: a JSON object is the results (``outcome`` names the outcome), any other 2xx is ``ok``;
non-2xx, a body that is not JSON, one over :data:`~engine.io.input_limits.MAX_ACTION_REPLY_BYTES`,
or a connection error is ``error``; no complete answer within ``timeout_s`` is ``timeout`` — the
request is cancelled, connection and all. Requests go through ``httpx2``, the HTTP client the
``openai`` SDK already brings.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import httpx2

from engine.actions.context import ActionContext
from engine.actions.outcome import (
    ActionOutcome,
    failure,
    finished_within,
    read_returned,
    shorten,
)
from engine.io.input_limits import MAX_ACTION_REPLY_BYTES
from engine.io.redact import redact, redact_value, register_secret
from engine.io.tls import shared_tls_context
from engine.scenario.actions import ENV_REFERENCE, TIMEOUT, HttpRequestSpec, http_texts
from engine.scenario.definition import PLACEHOLDER
from engine.version import __version__

IDEMPOTENCY_HEADER = "Idempotency-Key"
USER_AGENT = f"prompter/{__version__}"


class MissingEnvironment(Exception):
    """A ``${NAME}`` of a header is not set in the environment."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


# --- building the request --------------------------------------------------------------------


def render(value: Any) -> str:
    """A value as text in a URL or a header: lists joined with commas, unset as empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(render(item) for item in value)
    return str(value)


class UnsafeUrl(Exception):
    """A value filled into the URL would change its path (a ``.`` or ``..`` segment)."""


def fill_url(url: str, values: Mapping[str, Any]) -> str:
    """``url`` with its placeholders filled, each value percent-encoded. A path segment that
    a value made ``.`` or ``..`` (encoded too: ``%2e``) is refused with :class:`UnsafeUrl`: the
    HTTP client would remove it and send the request to another path."""
    filled = PLACEHOLDER.sub(lambda match: quote(render(values.get(match.group(1))), safe=""), url)
    before = {_segment(part) for part in _path_segments(url)}
    for part in _path_segments(filled):
        segment = _segment(part)
        if segment in (".", "..") and segment not in before:
            raise UnsafeUrl(f"a value filled into the URL makes a {segment!r} path segment")
    return filled


def _path_segments(url: str) -> list[str]:
    return urlsplit(url).path.split("/")


def _segment(part: str) -> str:
    """A path segment as a server reads it: percent-decoded until it no longer changes."""
    for _ in range(4):
        decoded = unquote(part)
        if decoded == part:
            break
        part = decoded
    return part


def fill_text(text: str, values: Mapping[str, Any]) -> str:
    return PLACEHOLDER.sub(lambda match: render(values.get(match.group(1))), text)


def fill_json(value: Any, values: Mapping[str, Any]) -> Any:
    if isinstance(value, str):
        whole = PLACEHOLDER.fullmatch(value.strip())
        if whole is not None:
            return values.get(whole.group(1))
        return fill_text(value, values)
    if isinstance(value, dict):
        return {key: fill_json(item, values) for key, item in value.items()}
    if isinstance(value, list):
        return [fill_json(item, values) for item in value]
    return value


def fill_headers(
    headers: Mapping[str, str], values: Mapping[str, Any], environ: Mapping[str, str]
) -> tuple[dict[str, str], list[str]]:
    """The header values filled, and the secrets read from the environment for them."""
    secrets: list[str] = []

    def from_environment(match: Any) -> str:
        name = match.group(1)
        value = environ.get(name)
        if value is None:
            raise MissingEnvironment(name)
        secrets.append(value)
        return value

    filled = {
        name: ENV_REFERENCE.sub(from_environment, fill_text(text, values))
        for name, text in headers.items()
    }
    return filled, secrets


def placeholder_names(request: HttpRequestSpec) -> list[str]:
    """The names the request's texts fill in, in order, without repeats (the call's inputs)."""
    names: list[str] = []
    for _, text in http_texts(request):
        for match in PLACEHOLDER.finditer(text):
            if match.group(1) not in names:
                names.append(match.group(1))
    return names


# --- sending it ------------------------------------------------------------------------------


class HttpActions:
    """Sends HTTP actions. Each call has a client of its own (nothing outlives it, whatever
    loop or thread it ran on); the TLS settings, slow to build, are built once."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self._environ = environ

    async def run(
        self,
        request: HttpRequestSpec,
        values: Mapping[str, Any],
        context: ActionContext,
        timeout_s: float,
        allow_hosts: list[str],
    ) -> ActionOutcome:
        """Send ``request`` filled from ``values``; returns by ``timeout_s`` (plus a little)."""
        environ = self._environ if self._environ is not None else os.environ
        try:
            url = fill_url(request.url, values)
        except UnsafeUrl as unsafe:
            return failure(str(unsafe))
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return failure(f"{url!r} is not an http or https URL")
        if parts.hostname not in allow_hosts:
            return failure(f"{parts.hostname!r} is not in actions.allow_hosts")
        try:
            headers, secrets = fill_headers(request.headers, values, environ)
        except MissingEnvironment as missing:
            return failure(f"the environment variable {missing.name} is not set")
        for secret in secrets:
            register_secret(secret)
        headers.setdefault(IDEMPOTENCY_HEADER, context.idempotency_key)
        headers.setdefault("User-Agent", USER_AGENT)
        body = fill_json(request.json_body, values) if request.json_body is not None else None
        started = time.perf_counter()
        task = asyncio.ensure_future(
            self._exchange(request.method.value, url, headers, body, timeout_s, secrets)
        )
        finished = await finished_within(task, timeout_s)
        elapsed = time.perf_counter() - started
        if not finished:
            return ActionOutcome(
                TIMEOUT,
                error=f"no complete answer from {parts.hostname} within {timeout_s:g} s: the "
                "request was cancelled",
                action_s=elapsed,
            )
        return replace(task.result(), action_s=elapsed)

    async def _exchange(
        self,
        method: str,
        url: str,
        headers: dict[str, str],
        body: Any,
        timeout_s: float,
        secrets: list[str],
    ) -> ActionOutcome:
        parts = urlsplit(url)
        host = parts.hostname or url
        verify = shared_tls_context() if parts.scheme == "https" else False
        try:
            async with (
                httpx2.AsyncClient(verify=verify, follow_redirects=False) as client,
                client.stream(
                    method, url, headers=headers, json=body, timeout=httpx2.Timeout(timeout_s)
                ) as response,
            ):
                status = response.status_code
                data = bytearray()
                async for chunk in response.aiter_bytes():
                    data.extend(chunk)
                    if len(data) > MAX_ACTION_REPLY_BYTES:
                        return failure(
                            f"the reply of {host} is larger than "
                            f"{MAX_ACTION_REPLY_BYTES // 1024} KiB",
                            status=status,
                        )
        except httpx2.TimeoutException:
            return ActionOutcome(TIMEOUT, error=f"no answer from {host} within {timeout_s:g} s")
        except (httpx2.HTTPError, httpx2.StreamError, ValueError, TypeError) as error:
            reason = redact(str(error) or type(error).__name__, secrets)
            return failure(f"the request to {host} failed: {reason}")
        raw = bytes(data).decode("utf-8", "replace")
        try:
            # redacted decoded, string by string: an escape (\\/, \\u0041) hides a secret
            # from the encoded text, never from the value
            value = redact_value(json.loads(raw), secrets) if raw.strip() else None
            text = json.dumps(value, ensure_ascii=False) if raw.strip() else ""
            parsed = True
        except (ValueError, RecursionError):
            value, text, parsed = None, redact(raw, secrets), False
        if not 200 <= status < 300:
            return failure(f"{host} answered HTTP {status}: {shorten(text, 200)}", status=status)
        if not text.strip():
            return ActionOutcome("ok", status=status)
        if not parsed:
            return failure(f"the reply of {host} is not JSON: {shorten(text, 120)}", status=status)
        if isinstance(value, dict):
            return read_returned(value, status=status)
        return ActionOutcome("ok", status=status)

    async def aclose(self) -> None:
        """Nothing to release: every call closes its own client."""


__all__ = [
    "IDEMPOTENCY_HEADER",
    "USER_AGENT",
    "HttpActions",
    "MissingEnvironment",
    "UnsafeUrl",
    "fill_headers",
    "fill_json",
    "fill_text",
    "fill_url",
    "placeholder_names",
    "render",
]
