"""The provider behind each model of a matrix, paced to its rate limits.

One :class:`MatrixModel` per model spec, shared by that model's cells (variants), so that all
its calls share one limiter (``simulate``'s pacing, :mod:`engine.providers.paced`: the rate
limits of ``resources/prices.yaml``, ``matrix.yaml``'s ``rate_limits``, or the fake's own
``rpm=``, paced 5 % under those two: :data:`PACE`), and so that a model's limits hold over
the whole run.

* A real model (``responses:…``, ``chat:…@URL``) is one provider built by
  :func:`provider_for_spec` — the one place the matrix turns a spec into provider arguments,
  so that it switches to the shared provider options in one edit — with the SDK's own retries
  off (the limiter retries, counted).
* The fake model (``fake:break=…``) is one fake server on 127.0.0.1 per spec, serving every
  conversation of its cells with its own model (:class:`~engine.offline.breaking.
  ConversationRouter`): for a test, the autopilot playing what the test expects, broken by
  chance at the spec's rate (:class:`~engine.offline.breaking.BreakingModel`) from the run's
  seed; its replies are synthetic (no cost). Persona conversations get their own server:
  the scenario bot (broken alike) and the persona player.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.matrix.spec import ModelSpec
from engine.offline import fake_model
from engine.offline.autopilot import Autopilot
from engine.offline.breaking import BreakingModel, ConversationRouter
from engine.offline.fake_openai import FAKE_API_KEY, Answer, FakeOpenAIServer, FakeRequest
from engine.offline.persona_model import PersonaModel, RoleRouter
from engine.offline.quota import RateLimits
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.providers.base import ClosingProvider, ModelReply, ModelRequest, Provider
from engine.providers.paced import LimiterPool, PacedProvider, Traffic
from engine.providers.rate_table import RateLimit, RateLimitTable
from engine.providers.synthetic import SyntheticReplies
from engine.scenario.definition import Scenario
from engine.scenario_tests.definition import ScenarioTest
from engine.scenario_tests.record_shipped import plan_for

__all__ = ["PACE", "MatrixModel", "provider_for_spec"]

#: The share of a limit given in a spec or ``matrix.yaml`` the matrix paces at. At exactly the
#: limit, requests paced evenly reach the server a few milliseconds early or late, and the
#: server's bucket, as empty as the client's, refuses the early ones: one 429 halves the
#: limiter's rate for half a minute (:mod:`engine.providers.rate_limiter`). 5 % under it,
#: none is refused (``bench/bench_matrix.py``).
PACE = 0.95


def provider_for_spec(spec: ModelSpec, api_key: str | None = None) -> Provider:
    """A real model's provider: the spec's API, model and base URL; retries left to the
    limiter, nothing streamed (nobody watches a matrix being written). Raises
    :class:`~engine.errors.ProviderAuthError` when no key is set (``api_key``, else
    ``OPENAI_API_KEY``)."""
    return make_provider(
        spec.provider,
        model=spec.model,
        api_key=api_key,
        base_url=spec.base_url,
        max_retries=0,
        stream=False,
    )


class MatrixModel:
    """One model of the matrix: its paced provider, and each run's own provider."""

    def __init__(
        self,
        spec: ModelSpec,
        *,
        limits: RateLimitTable | None = None,
        overrides: dict[str, tuple[float | None, float | None]] | None = None,
        api_key: str | None = None,
    ) -> None:
        self.spec = spec
        self.api_key = api_key
        self.traffic = Traffic()
        self._server: FakeOpenAIServer | None = None
        self._router = ConversationRouter()
        rpm, tpm = (overrides or {}).get((spec.model or "").lower(), (spec.rpm, spec.tpm))
        if spec.is_fake:
            self._server = FakeOpenAIServer(responder=self._router, latency=spec.latency_s)
            if spec.rpm or spec.tpm:  # it states its limits, as the service does
                self._server.rate_limits = RateLimits(rpm=spec.rpm, tpm=spec.tpm)
            self._server.start()
            inner: Provider = SyntheticReplies(
                make_provider(
                    "responses",
                    api_key=FAKE_API_KEY,
                    base_url=self._server.base_url,
                    max_retries=0,
                    stream=False,
                ),
                fake_model.FAKE_MODEL,
                on_close=self._server.stop,
            )
            table = RateLimitTable({})
        else:
            inner = provider_for_spec(spec, api_key)
            table = limits if limits is not None else RateLimitTable.load()
        self.pool = LimiterPool(
            table,
            rpm=rpm * PACE if rpm else (0 if spec.is_fake else None),
            tpm=tpm * PACE if tpm else None,
        )
        self.provider = PacedProvider(inner, self.pool, traffic=self.traffic)

    @property
    def model(self) -> str | None:
        """The model name sent (``None``: the scenario's own)."""
        return self.spec.model

    def limit(self, scenario_model: str) -> RateLimit:
        return self.pool.limit(self.spec.model or scenario_model)

    def for_test(self, scenario: Scenario, test: ScenarioTest, start: str, seed: int) -> Provider:
        """The provider one run of ``test`` calls: the shared one; for the fake, with the
        run's own model (the test's plan, broken from ``seed``) registered on first call."""
        if not self.spec.is_fake:
            return _Shared(self.provider)
        pilot = Autopilot(scenario, plan_for(scenario, test, start))
        model = BreakingModel(pilot, self.spec.break_rate, seed=seed)
        return _OwnConversation(self.provider, self._router, model)

    def for_personas(self, scenario: Scenario, seed: int) -> Provider:
        """The bot's provider for a cell's persona conversations (not paced: the simulation
        paces it); the fake's is a server of its own, closed with it."""
        if not self.spec.is_fake:
            return provider_for_spec(self.spec, self.api_key)
        bot = BreakingModel(ScenarioBot(scenario, seed=seed), self.spec.break_rate, seed=seed)
        server = FakeOpenAIServer(
            responder=RoleRouter(bot, PersonaModel(seed)), latency=self.spec.latency_s
        ).start()
        inner = make_provider(
            "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0, stream=False
        )
        return SyntheticReplies(inner, fake_model.FAKE_MODEL, on_close=server.stop)

    async def aclose(self) -> None:
        await self.provider.aclose()


class _Shared(ClosingProvider):
    """The model's provider for one run; closing the run leaves it open."""

    def __init__(self, inner: Provider) -> None:
        self.inner = inner
        self.name = inner.name
        self.chains = inner.chains

    async def complete(self, request: ModelRequest) -> ModelReply:
        return await self.inner.complete(request)


class _OwnConversation(_Shared):
    """The fake's provider for one run: its conversation is answered by ``model``."""

    def __init__(
        self,
        inner: Provider,
        router: ConversationRouter,
        model: Callable[[FakeRequest], Answer],
    ) -> None:
        super().__init__(inner)
        self.router = router
        self.answerer = model
        self.keys: set[str] = set()

    async def complete(self, request: ModelRequest) -> ModelReply:
        key = request.prompt_cache_key or ""
        if key not in self.keys:
            self.keys.add(key)
            self.router.add(key, self.answerer)
        return await self.inner.complete(request)

    async def aclose(self) -> None:
        for key in self.keys:
            self.router.drop(key)
