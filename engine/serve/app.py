"""The ASGI application: the routes of ``prompter serve`` over one :class:`ServedScenario`.

    POST   /v1/conversations                 {} or {"variables": {…}} → 201 {id, messages, step,
                                             finished}
    POST   /v1/conversations/{id}/messages   {"text": …} [Idempotency-Key] → 200 {messages, step,
                                             finished, calls, cost_usd}; with Accept:
                                             text/event-stream, SSE (:mod:`engine.serve.stream`)
    GET    /v1/conversations/{id}            → {id, step, finished, variables, turns}
    GET    /v1/conversations/{id}/log        → the JSON Lines log (the studio's log viewer opens it)
    DELETE /v1/conversations/{id}            → 204
    GET    /healthz                          → 200 {"status": "ok"} when the store answers, else
                                             503; the store's details only with a token
    GET    /metrics                          → Prometheus text format (:mod:`engine.serve.metrics`)
    GET    /                                 → the chat page

:func:`create_app` builds it from a :class:`~engine.serve.config.ServeConfig` (what
``prompter serve`` does in every worker, through :func:`app_from_environment`), so a program can
mount it inside its own service. Its store and provider open on start-up (the ASGI lifespan), or
on the first request when the host does not run the lifespan of mounted apps, and close on
shutdown. When the config has tokens, every ``/v1`` request needs ``Authorization: Bearer
<token>``; the page, the health check and the metrics do not. Every request must name the
server in its ``Host`` and come from no other ``Origin`` (:mod:`engine.serve.guard`), and a body
must be ``application/json``.

A message answer carries ``Server-Timing: total;dur=…, model;dur=…`` (milliseconds): the time to
answer and the part of it spent waiting for the model, so the server's own overhead can be read
from outside. Errors are JSON (:mod:`engine.serve.api_errors`), a 500 never with a traceback.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from engine.dialogue.ledger import PriceTable
from engine.io.input_limits import (
    MAX_IDEMPOTENCY_KEY_CHARS,
    MAX_SERVED_BODY_BYTES,
    MAX_SERVED_MESSAGE_CHARS,
)
from engine.providers import make_provider
from engine.providers.base import Provider
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.serve.api_errors import ApiError, api_error, bad_request
from engine.serve.config import ServeConfig
from engine.serve.guard import HostGuard, HostNames
from engine.serve.metrics import CONTENT_TYPE, ServeMetrics
from engine.serve.page import chat_page
from engine.serve.service import Answered, ServedScenario
from engine.serve.store import SessionStore, StoreError
from engine.serve.store_url import open_store
from engine.serve.stream import STREAM_HEADERS, StreamRelay, finish_when_done, sse

log = logging.getLogger("prompter.serve")

Endpoint = Callable[[Request], Awaitable[Response]]

#: What a conversation id may look like (the engine makes 32 hex digits); anything else is a 404.
CONVERSATION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: What an ``Idempotency-Key`` may hold: visible ASCII and spaces.
IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]+")
#: Half of a UTF-16 pair on its own: JSON can say it (``"\\ud800"``), UTF-8 cannot hold it.
LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


class Runtime:
    """The app's served scenario, opened once, on start-up or on the first request."""

    def __init__(
        self,
        config: ServeConfig | None,
        *,
        scenario: Scenario | None,
        provider: Provider | None,
        store: SessionStore | None,
        prices: PriceTable | None,
    ) -> None:
        if config is None and (scenario is None or provider is None or store is None):
            raise ValueError("create_app needs a config, or a scenario, a provider and a store")
        self.config = config
        self.tokens = config.tokens if config is not None else ()
        self.metrics = ServeMetrics()
        self._given = (scenario, provider, store, prices)
        self._owns_provider = provider is None
        self._served: ServedScenario | None = None
        self._lock = asyncio.Lock()

    async def served(self) -> ServedScenario:
        if self._served is not None:
            return self._served
        async with self._lock:
            if self._served is None:
                self._served = await self._open()
        return self._served

    async def _open(self) -> ServedScenario:
        scenario, provider, store, prices = self._given
        config = self.config
        if scenario is None:
            assert config is not None
            scenario = load_scenario(config.scenario_dir)
        if store is None:
            assert config is not None
            store = open_store(config.store_url, pool_size=config.pool_size)
        await store.open()
        if provider is None:
            assert config is not None
            try:
                provider = make_provider(config.provider, model=config.model)
            except BaseException:
                await store.close()
                raise
        return ServedScenario(scenario, provider, store, prices=prices, metrics=self.metrics)

    async def aclose(self) -> None:
        served, self._served = self._served, None
        if served is None:
            return
        await served.drain()
        await served.store.close()
        if self._owns_provider:
            await served.provider.aclose()


# --- helpers -------------------------------------------------------------------------------------


def _runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.prompter
    return runtime


async def _served(request: Request) -> ServedScenario:
    """The served scenario, after checking the bearer token of a ``/v1`` request."""
    runtime = _runtime(request)
    if runtime.tokens and not _has_token(request):
        raise ApiError(
            401,
            "unauthorized",
            "send Authorization: Bearer <token> with one of the server's API tokens",
            {"WWW-Authenticate": "Bearer"},
        )
    return await runtime.served()


def _has_token(request: Request) -> bool:
    """Whether the request carries one of the server's API tokens (never, when it has none)."""
    tokens = _runtime(request).tokens
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and any(
        hmac.compare_digest(token.strip().encode(), known.encode()) for known in tokens
    )


def _conversation_id(request: Request) -> str:
    value = str(request.path_params["conversation_id"])
    if not CONVERSATION_ID.fullmatch(value):
        raise ApiError(404, "not_found", "no such conversation")
    return value


async def _json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body is ``{}``), within the body limit."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_SERVED_BODY_BYTES:
        raise _too_large("the request body")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_SERVED_BODY_BYTES:
            raise _too_large("the request body")
    if not body.strip():
        return {}
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        raise ApiError(
            415, "unsupported_media_type", "send the body as Content-Type: application/json"
        )
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        raise bad_request("the body is not valid JSON") from None
    if not isinstance(value, dict):
        raise bad_request("the body must be a JSON object")
    _refuse_surrogates(value, "")
    return value


def _refuse_surrogates(value: Any, where: str) -> None:
    """A 400 naming the field when a string of the body (a key too) holds a lone surrogate
    (``"\\ud800"``): it is no text, and would fail later, once stored or sent to the model."""
    if isinstance(value, str):
        if LONE_SURROGATE.search(value):
            raise bad_request(f"{where or 'the body'} holds a lone surrogate: it is not text")
    elif isinstance(value, dict):
        for key, item in value.items():
            field = f"{where}.{key}" if where else str(key)
            if LONE_SURROGATE.search(key):
                raise bad_request(f"a key of {where or 'the body'} holds a lone surrogate")
            _refuse_surrogates(item, field)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _refuse_surrogates(item, f"{where}[{index}]")


def _answer_for(error: BaseException) -> ApiError:
    if isinstance(error, Exception):
        return api_error(error)
    return ApiError(500, "internal", "the turn was interrupted")


def _too_large(what: str) -> ApiError:
    return ApiError(413, "too_large", f"{what} is over the limit")


def _idempotency_key(request: Request) -> str | None:
    key = request.headers.get("idempotency-key")
    if key is None:
        return None
    if not key or len(key) > MAX_IDEMPOTENCY_KEY_CHARS or not IDEMPOTENCY_KEY.fullmatch(key):
        raise bad_request(
            f"Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY_CHARS} visible ASCII characters"
        )
    return key


def _server_timing(total_s: float, answered: Answered) -> dict[str, str]:
    model_ms = answered.result.model_ms if answered.result is not None else 0.0
    return {"Server-Timing": f"total;dur={total_s * 1000:.3f}, model;dur={model_ms:.3f}"}


def _account(runtime: Runtime, answered: Answered, seconds: float) -> None:
    if answered.result is not None:
        runtime.metrics.count_turn(answered.result, seconds)


def _answering(route: Endpoint) -> Endpoint:
    """``route`` with every error it raises turned into its answer by the one mapping,
    :func:`~engine.serve.api_errors.api_error` (a bug is a 500 whose traceback goes to the
    server's log, never to the client)."""

    @functools.wraps(route)
    async def answering(request: Request) -> Response:
        try:
            return await route(request)
        except (ApiError, HTTPException):
            raise
        except Exception as error:
            answer = api_error(error)
            if answer.status == 500:
                log.error(
                    "unexpected error answering %s %s",
                    request.method,
                    request.url.path,
                    exc_info=error,
                )
            raise answer from error

    return answering


# --- routes --------------------------------------------------------------------------------------


async def create_conversation(request: Request) -> Response:
    served = await _served(request)
    body = await _json_body(request)
    variables = body.get("variables", {})
    if not isinstance(variables, Mapping):
        raise bad_request("'variables' must be an object of variable names and values")
    unknown = sorted(set(body) - {"variables"})
    if unknown:
        raise bad_request(f"unknown field {unknown[0]!r} (a conversation takes 'variables')")
    answer = await served.create(variables)
    return JSONResponse(answer, status_code=201)


async def post_message(request: Request) -> Response:
    served = await _served(request)
    conversation_id = _conversation_id(request)
    body = await _json_body(request)
    text = body.get("text")
    if not isinstance(text, str):
        raise bad_request('the body must be {"text": "…"}')
    if len(text) > MAX_SERVED_MESSAGE_CHARS:
        raise _too_large(
            f"the message ({len(text)} characters, at most {MAX_SERVED_MESSAGE_CHARS})"
        )
    key = _idempotency_key(request)
    runtime = _runtime(request)
    started = time.perf_counter()
    if "text/event-stream" in request.headers.get("accept", ""):
        return await _streamed(runtime, served, conversation_id, text, key, started)
    answered = await served.send(conversation_id, text, key)
    elapsed = time.perf_counter() - started
    _account(runtime, answered, elapsed)
    return JSONResponse(answered.answer, headers=_server_timing(elapsed, answered))


async def _streamed(
    runtime: Runtime,
    served: ServedScenario,
    conversation_id: str,
    text: str,
    key: str | None,
    started: float,
) -> Response:
    """The SSE answer; an error before the turn runs (busy, unknown…) is a plain JSON error."""
    relay = StreamRelay()
    held = asyncio.Event()
    task = asyncio.ensure_future(
        served.send(conversation_id, text, key, listener=relay, on_held=held.set)
    )

    def last_event(done: asyncio.Future[Any]) -> str:
        error = done.exception() if not done.cancelled() else asyncio.CancelledError()
        if error is not None:
            answer = _answer_for(error)
            runtime.metrics.count_error(answer.type)
            if answer.status == 500:
                log.error("a streamed turn failed", exc_info=error)
            return sse("error", answer.body())
        answered: Answered = done.result()
        _account(runtime, answered, time.perf_counter() - started)
        prefix = ""
        if answered.replayed:  # nothing streamed: send the messages whole first
            prefix = "".join(
                sse("delta", {"text": message, "message": index})
                for index, message in enumerate(answered.answer.get("messages", []))
            )
        return prefix + sse("done", answered.answer)

    waiting = asyncio.ensure_future(held.wait())
    await asyncio.wait({task, waiting}, return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    if task.done() and not held.is_set():
        error = task.exception()
        if error is not None:
            raise _answer_for(error)
    finish_when_done(relay, task, last_event)
    return StreamingResponse(relay.events(), media_type="text/event-stream", headers=STREAM_HEADERS)


async def describe_conversation(request: Request) -> Response:
    served = await _served(request)
    return JSONResponse(await served.describe(_conversation_id(request)))


async def conversation_log(request: Request) -> Response:
    served = await _served(request)
    conversation_id = _conversation_id(request)
    lines = await served.log(conversation_id)
    body = "".join(f"{line}\n" for line in lines)
    return Response(
        body,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{conversation_id}.jsonl"'},
    )


async def delete_conversation(request: Request) -> Response:
    served = await _served(request)
    await served.delete(_conversation_id(request))
    return Response(status_code=204)


async def healthz(request: Request) -> Response:
    """``{"status": "ok"}`` or 503 ``{"status": "unavailable"}``; what the store is and why it
    failed only to a caller with one of the server's tokens (a stranger learns no path, user,
    host or driver message)."""
    trusted = _has_token(request)
    try:
        served = await _runtime(request).served()
        await served.store.ping()
    except Exception as error:  # the store does not answer, whatever the reason
        if not trusted:
            return JSONResponse({"status": "unavailable"}, status_code=503)
        answer = api_error(error if isinstance(error, StoreError) else StoreError(str(error)))
        return JSONResponse(answer.body(), status_code=503)
    if not trusted:
        return JSONResponse({"status": "ok"})
    return JSONResponse({"status": "ok", "store": served.store.description})


async def metrics(request: Request) -> Response:
    return Response(_runtime(request).metrics.render(), media_type=CONTENT_TYPE)


async def page(request: Request) -> Response:
    """The chat page, titled with the scenario's title (the server's name if it cannot open)."""
    title, language = "", "en"
    try:
        scenario = (await _runtime(request).served()).scenario
    except StoreError:
        pass
    else:
        title, language = scenario.title or scenario.name.replace("_", " "), scenario.language
    html, headers = chat_page(title, language)
    return Response(html, media_type="text/html; charset=utf-8", headers=headers)


# --- errors --------------------------------------------------------------------------------------


async def _api_error(request: Request, error: Exception) -> Response:
    answer = api_error(error)
    _runtime(request).metrics.count_error(answer.type)
    return JSONResponse(answer.body(), status_code=answer.status, headers=answer.headers)


async def _http_error(request: Request, error: Exception) -> Response:
    status = error.status_code if isinstance(error, HTTPException) else 500
    kinds = {404: "not_found", 405: "method_not_allowed"}
    answer = ApiError(status, kinds.get(status, "bad_request"), str(getattr(error, "detail", "")))
    return await _api_error(request, answer)


# --- the app -------------------------------------------------------------------------------------


def create_app(
    config: ServeConfig | None = None,
    *,
    scenario: Scenario | None = None,
    provider: Provider | None = None,
    store: SessionStore | None = None,
    prices: PriceTable | None = None,
) -> Starlette:
    """The ASGI app serving ``config``'s scenario; a given ``scenario``, ``provider`` or
    ``store`` is used instead of the one the config names (a provider given is the caller's to
    close; a store given is closed with the app)."""
    runtime = Runtime(config, scenario=scenario, provider=provider, store=store, prices=prices)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await runtime.served()
        try:
            yield
        finally:
            await runtime.aclose()

    conversation = "/v1/conversations/{conversation_id}"
    app = Starlette(
        routes=[
            Route("/", _answering(page), methods=["GET"]),
            Route("/healthz", _answering(healthz), methods=["GET"]),
            Route("/metrics", _answering(metrics), methods=["GET"]),
            Route("/v1/conversations", _answering(create_conversation), methods=["POST"]),
            Route(f"{conversation}/messages", _answering(post_message), methods=["POST"]),
            Route(conversation, _answering(describe_conversation), methods=["GET"]),
            Route(conversation, _answering(delete_conversation), methods=["DELETE"]),
            Route(f"{conversation}/log", _answering(conversation_log), methods=["GET"]),
        ],
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _api_error,
        },
        middleware=[Middleware(HostGuard, hosts=_host_names(config))],
        lifespan=lifespan,
    )
    app.state.prompter = runtime
    return app


def _host_names(config: ServeConfig | None) -> HostNames:
    """The hosts the app answers for (:mod:`engine.serve.guard`): the loopback names without
    a config."""
    if config is None:
        return HostNames("127.0.0.1")
    return HostNames(config.bind_host, config.allowed_hosts)


def app_from_environment() -> Starlette:
    """The app a ``prompter serve`` worker runs: its config read from the environment."""
    return create_app(ServeConfig.from_environment())


__all__ = ["Runtime", "app_from_environment", "create_app"]
