"""Replies no model made, marked as such, so that they cost nothing in every view, for good.

Some replies are made up: read from a reply script (:mod:`engine.providers.scripted`), or played by
a stand-in model behind the project's fake OpenAI server (the key-free model of
:mod:`engine.offline`: the scenario bot, the persona player, the autopilot). The provider that
returns them marks each :class:`~engine.providers.base.ModelReply` ``synthetic`` with what made
it. From there the one rule holds everywhere: the ledger prices the call at $0 whatever the price
table says, the log keeps the mark (``model_response.synthetic``, ``turn_end`` and
``session_end`` count them), and every view of the cost — the chat's meter, the log viewer, the
request inspector, ``stats``, the simulation report, the test results — says "no cost
(scripted)" rather than a price. A log opened months later still says it, whoever opens it.

Why the provider, and not the server or the provider's name: the fake server also stands in for
real models where a price *is* the point (the economics tests and benches price its token counts
as the model named), and the reply script's name alone would not cover the key-free model, which
speaks the Responses API. Whoever points a provider at a stand-in knows it, and says so here.

:class:`SyntheticReplies` adds the mark to any provider: the real Responses adapter talking to
the fake server, through the real ``openai`` SDK.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from engine.providers.base import ClosingProvider, ModelReply, ModelRequest, Provider

__all__ = ["SyntheticReplies"]


class SyntheticReplies(ClosingProvider):
    """``inner``'s replies, each marked as made by ``made_by`` (``fake model``, ``autopilot``).

    It owns ``inner``: closing it closes ``inner``, then calls ``on_close`` (the fake model
    stops its server there). Its ``name`` and ``chains`` are ``inner``'s: the API spoken is the
    same, only who answered differs.
    """

    def __init__(
        self, inner: Provider, made_by: str, *, on_close: Callable[[], None] | None = None
    ) -> None:
        if not made_by:
            raise ValueError("say what makes the replies up (made_by)")
        self.inner = inner
        self.made_by = made_by
        self.name = inner.name
        self.chains = inner.chains
        self._on_close = on_close

    async def complete(self, request: ModelRequest) -> ModelReply:
        reply = await self.inner.complete(request)
        return dataclasses.replace(reply, synthetic=self.made_by)

    async def aclose(self) -> None:
        await self.inner.aclose()
        self._closed()

    def close(self) -> None:
        self.inner.close()
        self._closed()

    def _closed(self) -> None:
        on_close, self._on_close = self._on_close, None
        if on_close is not None:
            on_close()
