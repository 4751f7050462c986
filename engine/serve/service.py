"""One served scenario: conversations created, answered one turn at a time, read and deleted.

Everything here is HTTP-free (the routes are :mod:`engine.serve.app`): a turn is

    hold the conversation in the store ─► resume its session (engine.Conversation.resume)
      ─► send the message, every event encoded as a log line as it happens
      ─► commit session + log lines + answer together ─► release

so the session state and its log lines are committed together, after the turn, and a worker
that dies before the commit leaves nothing behind (:mod:`engine.serve.store`). The provider is
the worker's one provider, shared by every conversation (the engine never closes it).

A turn the engine rolled back (the model failed: a :class:`~engine.errors.ProviderError`; a
limit: :class:`~engine.errors.LimitExceeded`; any other error) is committed too, as the engine
leaves it: the session as it was before the turn but with the record of the actions that completed
(so a retry never runs them again), and its log lines ending with the ``error`` event that says it
was rolled back — the log of a served conversation reads like any other. Its answer is not kept
for the ``Idempotency-Key``: the same request sent again runs the turn again. A key keeps the
SHA-256 of the message it answered with its answer: the same key with another message is a 422
``idempotency_mismatch``.

A turn runs in a task of its own, shielded from the request: a client that goes away mid-turn
(a closed browser tab, a streaming client that hung up) does not cancel it, so the turn is
committed and its answer kept for a retry with the same key.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.conversation.conversation_core import Conversation
from engine.conversation.session import SessionData
from engine.conversation.turn import TurnResult
from engine.dialogue.ledger import PriceTable
from engine.errors import SessionError
from engine.log.events import Event
from engine.log.writer import encode_event
from engine.providers.base import Provider
from engine.scenario.definition import Scenario
from engine.serve.api_errors import ApiError, bad_request
from engine.serve.metrics import ServeMetrics
from engine.serve.store import Commit, SessionStore
from engine.serve.versioned import VersionedScenarios, migrate_session

Listener = Callable[[Event], None]


@dataclass(frozen=True)
class Answered:
    """What a message led to: the JSON answer, and the turn (``None`` when it was replayed)."""

    answer: dict[str, Any]
    result: TurnResult | None = None
    replayed: bool = False
    #: The scenario version that answered (empty for a replayed answer).
    version: str = ""


class ServedScenario:
    """A scenario served from one store through one provider (see the module docstring)."""

    def __init__(
        self,
        scenario: Scenario,
        provider: Provider,
        store: SessionStore,
        *,
        prices: PriceTable | None = None,
        metrics: ServeMetrics | None = None,
    ) -> None:
        self.scenario = scenario
        self.provider = provider
        self.store = store
        self.prices = prices if prices is not None else PriceTable.load()
        self.metrics = metrics if metrics is not None else ServeMetrics()
        #: Every version of the scenario the store keeps; ``scenario`` is the one deployed.
        self.versions = VersionedScenarios(store, scenario)
        #: Turns still running after their request went away: kept so they are not collected.
        self._running: set[asyncio.Task[Any]] = set()

    # --- conversations -------------------------------------------------------------------------

    async def create(self, variables: Mapping[str, Any]) -> dict[str, Any]:
        """A new conversation: its opening messages, stored with its first log lines."""
        version, scenario = await self.versions.for_new()
        # the opening messages are answered whole, in JSON: nothing to stream them to
        chat = Conversation(scenario, self.provider, prices=self.prices, stream=False)
        lines = _Lines(chat)
        try:
            chat.set_variables(variables)
        except SessionError as error:
            raise bad_request(str(error)) from None
        messages = await self._shielded(chat.start())
        await self.store.create(chat.session_id, lines.commit(chat, version=version))
        self.metrics.count_conversation(version)
        return {
            "id": chat.session_id,
            "version": version,
            "messages": messages,
            "step": chat.state.step,
            "finished": chat.finished,
        }

    async def send(
        self,
        conversation_id: str,
        text: str,
        key: str | None = None,
        *,
        listener: Listener | None = None,
        on_held: Callable[[], None] | None = None,
    ) -> Answered:
        """Answer one user message (see the module docstring). ``listener`` sees the turn's
        events as they happen; ``on_held`` is called once the conversation is held and the
        turn is about to run (not for an answer replayed for ``key``)."""
        if not text.strip():
            raise bad_request("an empty message cannot be sent")
        if key is not None:
            replay = await self.store.answer(conversation_id, key)
            if replay is not None:
                return _replayed(replay, text)
        answered: Answered = await self._shielded(
            self._turn(conversation_id, text, key, listener, on_held)
        )
        return answered

    async def _turn(
        self,
        conversation_id: str,
        text: str,
        key: str | None,
        listener: Listener | None,
        on_held: Callable[[], None] | None,
    ) -> Answered:
        async with self.store.hold(conversation_id, key) as held:
            if held.answer is not None:
                return _replayed(held.answer, text)
            version = held.version or self.versions.default_version
            scenario = await self.versions.scenario(version)
            data = self._session(held.session, scenario)
            moved = await self.versions.destination(version, data.state.step)
            migrated: Event | None = None
            if moved is not None and data.state.is_active:
                moved_session, migrated = migrate_session(held.session, version, *moved)
                version, scenario = moved[0], await self.versions.scenario(moved[0])
                data = self._session(moved_session, scenario)
            if not data.state.is_active:
                raise ApiError(
                    422,
                    "finished",
                    f"the conversation has {data.state.status.value}; start a new one",
                )
            # a reply streams only to a client that listens (text/event-stream); a JSON answer
            # comes whole, and its stored log holds no deltas
            chat = Conversation.resume(
                data,
                scenario,
                self.provider,
                prices=self.prices,
                announce=False,
                stream=scenario.model.stream and listener is not None,
            )
            lines = _Lines(chat, migrated)
            if listener is not None:
                chat.events.subscribe(listener)
            if on_held is not None:
                on_held()
            try:
                result = await chat.send(text)
            except Exception:
                # whatever ended the turn, the engine rolled it back keeping the actions that
                # completed: commit that, or a retry would run them again
                await held.commit(lines.commit(chat, version=version))  # the rolled-back turn
                raise
            answer = {
                "messages": result.messages,
                "step": result.step_after,
                "finished": result.finished,
                "calls": result.calls,
                "cost_usd": result.cost_usd,
            }
            kept = json.dumps({"request_sha256": _fingerprint(text), "answer": answer})
            await held.commit(lines.commit(chat, key=key, answer=kept, version=version))
            return Answered(answer, result, version=version)

    async def describe(self, conversation_id: str) -> dict[str, Any]:
        stored = await self.store.read(conversation_id)
        if stored is None:
            raise ApiError(404, "not_found", "no such conversation")
        version = stored.version or self.versions.default_version
        data = self._session(stored.session, await self.versions.scenario(version))
        return {
            "id": conversation_id,
            "version": version,
            "step": data.state.step,
            "finished": not data.state.is_active,
            "variables": data.vars.values(),
            "turns": data.state.turn,
        }

    async def log(self, conversation_id: str) -> list[str]:
        lines = await self.store.log(conversation_id)
        if lines is None:
            raise ApiError(404, "not_found", "no such conversation")
        return lines

    async def delete(self, conversation_id: str) -> None:
        await self.store.delete(conversation_id)

    # --- helpers -------------------------------------------------------------------------------

    def _session(self, text: str, scenario: Scenario) -> SessionData:
        try:
            return SessionData.from_json(text, scenario, self.prices)
        except SessionError as error:
            raise ApiError(
                500, "internal", f"the stored conversation does not fit the scenario: {error}"
            ) from None

    async def _shielded(self, work: Any) -> Any:
        """Run ``work`` in a task that the request's cancellation does not reach."""
        task = asyncio.ensure_future(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return await asyncio.shield(task)

    async def drain(self, timeout: float = 30.0) -> None:
        """Wait for turns still running (their requests gone) before shutting down."""
        if self._running:
            await asyncio.wait(set(self._running), timeout=timeout)


def _fingerprint(text: str) -> str:
    """What an ``Idempotency-Key`` remembers of its request: the SHA-256 of the message."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _replayed(kept: str, text: str) -> Answered:
    """The answer kept for a key, when the request is the one it answered; another message
    with the same key is a 422 ``idempotency_mismatch`` (never the first message's answer)."""
    value = json.loads(kept)
    if isinstance(value, dict) and "request_sha256" in value:
        if not hmac.compare_digest(str(value["request_sha256"]), _fingerprint(text)):
            raise ApiError(
                422,
                "idempotency_mismatch",
                "this Idempotency-Key was used for another message; send a new key",
            )
        value = value["answer"]
    return Answered(value, replayed=True)  # kept before keys remembered their request


class _Lines:
    """A conversation's events as ``(seq, log line)``, encoded as they happen."""

    def __init__(self, chat: Conversation, first: Event | None = None) -> None:
        self.lines: list[tuple[int, str]] = []
        if first is not None:
            self._add(first)
        chat.events.subscribe(self._add)

    def _add(self, event: Event) -> None:
        self.lines.append((event.seq, encode_event(event).decode("utf-8").rstrip("\n")))

    def commit(
        self,
        chat: Conversation,
        *,
        key: str | None = None,
        answer: str | None = None,
        version: str = "",
    ) -> Commit:
        return Commit(
            session=chat.data.to_json(),
            lines=list(self.lines),
            step=chat.state.step,
            finished=chat.finished,
            turns=chat.state.turn,
            key=key,
            answer=answer,
            version=version,
        )


__all__ = ["Answered", "ServedScenario"]
