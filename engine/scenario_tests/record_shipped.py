"""Re-record the cassettes of the shipped scenarios' tests, with no model and no key.

    python -m engine.scenario_tests.record_shipped [SCENARIO_DIR …]

Prompter's own tests must run offline, so the shipped cassettes are recorded against the
project's fake OpenAI server (:mod:`engine.offline.fake_openai`, through the real ``openai``
SDK and the real Responses provider), with the scenario-aware :class:`~engine.offline.autopilot.
Autopilot` playing the model (:func:`engine.offline.fake_model.autopilot_model`). The autopilot
follows a plan derived from the test itself: in each turn it answers in the step the previous
turn expects, sends the expected signal and fills the expected values of that step's results.
So every turn must name its ``step``, and values of the step's results must be written out, not
as ``/regex/``.

Such a recording is **synthetic**, and its cassette says so (``made_by: autopilot``,
``synthetic: true``; the reports mark the test): it shows that the scenario's graph, the reply
contract and the test's expectations hold given those replies — an instruction rewritten to
"talk only about the weather" makes the tests stale, and re-recording makes them pass again, as
it should — but not how a real model follows the instructions, which needs ``--record`` with a
key. :func:`record_with_autopilot` is the same recording for any scenario: ``prompter test
--record --fake-model`` and the studio's *Re-record with the fake model* use it.

A test listed in :data:`BROKEN_REPLIES` is recorded with a model that breaks the contract on a
share of its replies (seeded, so the recording is reproducible), to keep the engine's
corrections under test too.

Action steps the tests do not stub run for real while recording, and the cassettes keep their
outcomes: a scenario in :data:`SERVICES` gets the services its actions call started first (the
support desk's ticket service on 127.0.0.1:8099, and the token it reads from the environment).

Run it whenever the prompt layout, the request format or a shipped scenario's instructions
change (the shipped tests then report *stale*): it records every test, one fresh server each,
then replays them all and exits 1 unless every test passes from its new cassette.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from engine.conversation.conversation_core import Conversation
from engine.dialogue.ledger import PriceTable
from engine.errors import PrompterError
from engine.io.resources import scenarios_dir
from engine.offline.autopilot import Plan, PlannedReply
from engine.offline.fake_model import autopilot_model
from engine.offline.ticket_service import DEFAULT_PORT, TOKEN_VARIABLE, TicketService
from engine.providers.base import ClosingProvider, ModelReply, ModelRequest, Provider
from engine.scenario.definition import STAY, Scenario
from engine.scenario_tests.definition import ScenarioTest, TextPattern
from engine.scenario_tests.report import result_lines, summary_line
from engine.scenario_tests.runner import SuiteResult, run_tests
from engine.scenario_tests.suite import load_suite

__all__ = [
    "BROKEN_REPLIES",
    "SERVICES",
    "main",
    "plan_for",
    "record_scenario",
    "record_with_autopilot",
]

#: ``(scenario, test file name)`` → (share of broken replies, seed) for the autopilot.
BROKEN_REPLIES: dict[tuple[str, str], tuple[float, int]] = {
    ("analyst_bot", "recovers_from_broken_replies.test.yaml"): (0.3, 3),
    ("support_desk", "recovers_from_a_broken_reply.test.yaml"): (0.3, 2),
    ("reservation_restaurant", "reprend_apres_une_reponse_cassee.test.yaml"): (0.3, 5),
}


#: The token the support desk's ticket service is recorded with (a stand-in: nothing is real).
RECORDING_TOKEN = "recording-token-0123456789"


@contextlib.contextmanager
def _ticket_service() -> Iterator[None]:
    """The support desk's ticket service, and its token in the environment, while recording."""
    previous = os.environ.get(TOKEN_VARIABLE)
    os.environ[TOKEN_VARIABLE] = RECORDING_TOKEN
    try:
        with TicketService(port=DEFAULT_PORT, token=RECORDING_TOKEN):
            yield
    finally:
        if previous is None:
            os.environ.pop(TOKEN_VARIABLE, None)
        else:
            os.environ[TOKEN_VARIABLE] = previous


#: scenario name → what serves the services its action steps call while it is recorded.
SERVICES: dict[str, Callable[[], contextlib.AbstractContextManager[None]]] = {
    "support_desk": _ticket_service,
}


class PlanError(PrompterError):
    """A test cannot be turned into the autopilot's plan (a turn without its step, …)."""


def plan_for(scenario: Scenario, test: ScenarioTest, first_step: str) -> Plan:
    """The autopilot's plan for ``test``: the model does what the test expects of it."""
    turns: list[PlannedReply] = []
    step = first_step
    for number, spec in enumerate(test.turns, start=1):
        expect = spec.expect
        declared = scenario.steps[step].results
        results = {name: value for name, value in expect.variables.items() if name in declared}
        patterns = [name for name, value in results.items() if TextPattern.is_pattern(value)]
        if patterns:
            raise PlanError(
                f"{test.path}: turn {number}: the fake model cannot fill "
                f"{patterns[0]!r} from a /regex/; write the value"
            )
        turns.append(
            PlannedReply(
                step=step, user=spec.user, transition=expect.transition or STAY, results=results
            )
        )
        if expect.step is None:
            raise PlanError(
                f"{test.path}: turn {number}: name the expected step, so the fake "
                "model knows where the next turn is answered"
            )
        step = expect.step
    return Plan(scenario=scenario.name, turns=turns)


class _NoModel(ClosingProvider):
    """Starts a conversation that needs no model call; says so if one is asked for."""

    name = "none"
    chains = True

    async def complete(self, request: ModelRequest) -> ModelReply:
        raise PlanError("the scenario's start makes a model call; the plan cannot know it")


def first_step(scenario: Scenario) -> str:
    """Where the first user message is answered: the start, after any message steps."""
    return asyncio.run(_first_step(scenario))


async def _first_step(scenario: Scenario) -> str:
    conversation = Conversation(scenario, _NoModel(), prices=PriceTable({}))
    await conversation.start()
    return conversation.state.step


async def record_with_autopilot(
    scenario: Scenario,
    tests: Sequence[ScenarioTest],
    *,
    provider: str = "responses",
    **options: Any,
) -> SuiteResult:
    """Record ``tests`` with no key: each against a fresh autopilot playing what it expects.

    The cassettes are written (marked synthetic) once a test has run through its turns;
    ``options`` are :func:`~engine.scenario_tests.runner.run_tests`'s (``log_dir``,
    ``on_progress``, ``should_stop``, ``jobs``); ``provider``: the API the autopilot is reached
    by (``responses`` or ``chat``). A test the autopilot cannot follow (a turn
    without its step, a ``/regex/`` value) is an error that says why; its cassette stays.
    """
    start = await _first_step(scenario)

    def pilot(test: ScenarioTest) -> Provider:
        name = test.path.name if test.path else test.title
        rate, seed = BROKEN_REPLIES.get((scenario.name, name), (0.0, 0))
        plan = plan_for(scenario, test, start)
        return autopilot_model(scenario, plan, violation_rate=rate, seed=seed, provider=provider)

    return await run_tests(scenario, tests, mode="record", provider_for=pilot, **options)


def record_scenario(folder: Path) -> bool:
    """Record every test of ``folder``, then replay them; True when all pass from the replay."""
    suite = load_suite(folder)
    for finding in suite.findings:
        print(finding.render())
    if suite.has_errors:
        return False
    print(f"== {suite.scenario.name}: recording {len(suite.tests)} tests against the fake model")
    services = SERVICES.get(suite.scenario.name, contextlib.nullcontext)
    with services():  # the services the scenario's HTTP actions call, on 127.0.0.1
        recorded = asyncio.run(record_with_autopilot(suite.scenario, suite.tests, jobs=1))
    recorded_ok = all(result.cassette_written for result in recorded.results)
    for result in recorded.results:
        for line in result_lines(result, scenario_dir=folder):
            print(line)
    replay = asyncio.run(run_tests(suite.scenario, suite.tests, mode="replay"))
    print(f"replayed: {summary_line(replay)}")
    for result in replay.results:
        if not result.passed:
            for line in result_lines(result, scenario_dir=folder):
                print(line)
    return recorded_ok and replay.passed


def shipped_with_tests() -> list[Path]:
    """The shipped scenarios that have tests."""
    return sorted({path.parent.parent for path in scenarios_dir().glob("*/tests/*.test.yaml")})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "scenarios",
        nargs="*",
        type=Path,
        metavar="SCENARIO_DIR",
        help="default: every shipped scenario that has tests",
    )
    args = parser.parse_args(argv)
    folders = args.scenarios or shipped_with_tests()
    ok = True
    for folder in folders:
        try:
            ok &= record_scenario(folder)
        except PrompterError as error:
            print(f"{folder}: {error}", file=sys.stderr)
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
