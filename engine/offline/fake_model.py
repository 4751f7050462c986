"""The key-free model as one provider: a stand-in model, the fake server, the real SDK between.

What the test chat's "Try without a model", ``prompter chat --fake-model`` and ``prompter test
--record --fake-model`` talk to. :func:`open_fake_model` starts the fake OpenAI server on
127.0.0.1 with a stand-in model answering (:class:`~engine.offline.scenario_bot.ScenarioBot`,
which plays each step from the scenario's own words; or the
:class:`~engine.offline.autopilot.Autopilot`, which follows a scenario test's expectations), and
returns the real Responses provider pointed at it — every byte goes through the ``openai`` SDK,
as with a real model — with its replies marked synthetic
(:class:`~engine.providers.synthetic.SyntheticReplies`): they cost nothing, in every view and in
the log. Closing the provider stops the server; whoever opened it closes it.
"""

from __future__ import annotations

from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Responder
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.providers.synthetic import SyntheticReplies
from engine.scenario.definition import Scenario

__all__ = ["AUTOPILOT", "FAKE_MODEL", "autopilot_model", "open_fake_model", "scenario_bot_model"]

#: What made the replies, as the log and the cassettes say (``ModelReply.synthetic``).
FAKE_MODEL = "fake model"
AUTOPILOT = "autopilot"


def open_fake_model(
    responder: Responder,
    *,
    made_by: str = FAKE_MODEL,
    latency: float = 0.0,
    provider: str = "responses",
) -> SyntheticReplies:
    """A provider answered by ``responder`` through a fake server started now (closed with it);
    ``provider``: the API it is reached by (``responses`` or ``chat``, as ``--provider`` says)."""
    server = FakeOpenAIServer(responder=responder, latency=latency).start()
    try:
        inner = make_provider(
            provider, api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
        )
    except BaseException:
        server.stop()
        raise
    return SyntheticReplies(inner, made_by, on_close=server.stop)


def scenario_bot_model(
    scenario: Scenario, *, latency: float = 0.0, provider: str = "responses"
) -> SyntheticReplies:
    """The fake model of the test chat: it runs each step of ``scenario`` from its own words
    (asks for the step's results by name, reads them from what the user types, moves on)."""
    return open_fake_model(ScenarioBot(scenario), latency=latency, provider=provider)


def autopilot_model(
    scenario: Scenario,
    plan: Plan,
    *,
    violation_rate: float = 0.0,
    seed: int = 0,
    provider: str = "responses",
) -> SyntheticReplies:
    """The model that records a test without a key: it does what ``plan`` (the test's own
    expectations) says, so the recording passes the test by construction."""
    pilot = Autopilot(scenario, plan, violation_rate=violation_rate, seed=seed)
    return open_fake_model(pilot, made_by=AUTOPILOT, provider=provider)
