"""Run scenario tests on the async engine: replayed (default), recorded, or live.

One test is one :class:`~engine.conversation.conversation_core.Conversation`: the test's preset
values are set, the conversation is started, and each user message is sent and judged
(:mod:`engine.scenario_tests.expectations`) from the engine's own events. Every run writes its
JSON Lines conversation log, and its result keeps the log's path and the first failing turn, so
a viewer can open the run right there.

Modes:

* ``replay`` — answers come from the test's cassette (:class:`CassetteReplayer`): no key, no
  network. A request that no longer matches the recording makes the test *stale* (with the first
  differing turn and field), as does a recording the conversation did not use up.
* ``record`` — the given provider answers, wrapped in a :class:`CassetteRecorder`; the cassette
  is written (atomically) once the conversation has run through all its turns, whether its
  expectations held or not. A provider error writes nothing: the old cassette stays.
* ``live`` — the given provider answers; cassettes are not touched.

Action steps: the test's stubs, else the cassette in ``replay`` (no action ever runs there), else
the action itself (:mod:`engine.scenario_tests.test_actions`).

:func:`run_tests` runs several tests concurrently (``jobs`` at a time) on one event loop; a test's
failure or crash never stops the others, and results come back in the order the tests were
given. Progress is reported through ``on_progress`` (plain dataclasses, called on the runner's
thread), so the studio can run a suite on a worker thread and relay them to its widgets;
``should_stop`` lets it cancel between turns. :func:`run_tests_sync` is the same for callers
without an event loop.

One run — the wired provider, the conversation, what its events say, the failures and the
result — is shared by the three modes and by a suite of them; the cassettes, the expectations,
the coverage and the reports live in their own modules.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.actions.runners import ActionRunner
from engine.conversation.conversation_core import Conversation, TurnResult
from engine.dialogue.ledger import PriceTable, Totals
from engine.dialogue.vars_memory import VarsMemory
from engine.errors import PrompterError
from engine.log.events import Event, EventType, StepSummaryData, TransitionData
from engine.log.writer import LogWriter
from engine.providers.base import ClosingProvider, ModelReply, ModelRequest, Provider
from engine.scenario.definition import Scenario
from engine.scenario_tests.cassette import (
    Cassette,
    CassetteRecorder,
    CassetteReplayer,
    CassetteStale,
    Staleness,
)
from engine.scenario_tests.cassette_file import recorded_by
from engine.scenario_tests.coverage import Coverage, CoverageReport
from engine.scenario_tests.definition import ScenarioTest, cassette_path, stem_of
from engine.scenario_tests.expectations import (
    ExpectationFailure,
    Observed,
    check_end,
    check_turn,
)
from engine.scenario_tests.test_actions import TestActions, unstubbed

__all__ = [
    "DEFAULT_JOBS",
    "Mode",
    "Progress",
    "ScenarioTestResult",
    "Status",
    "SuiteResult",
    "TestFinished",
    "TestStarted",
    "TurnChecked",
    "TurnRecord",
    "default_log_dir",
    "record_cassette",
    "run_test",
    "run_tests",
    "run_tests_sync",
]

Mode = Literal["replay", "record", "live"]
Status = Literal["passed", "failed", "stale", "error"]
#: Tests run at once by default: enough to overlap a real model's latency, few enough not to
#: trip a provider's rate limit with a small suite.
DEFAULT_JOBS = 4


# --- results ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnRecord:
    """What one turn of a run did, and whether its expectations held."""

    turn: int
    user: str
    step_before: str
    step_after: str
    signals: tuple[str, ...]
    bot_reply: str
    calls: int
    fallback: bool
    passed: bool


@dataclass(frozen=True)
class ScenarioTestResult:
    """The outcome of one test. ``status``: passed, failed, stale or error.

    ``failing_turn`` is the first turn that went wrong (an expectation, the recording, or the
    end checks, counted as the turn after the last); ``log_path`` is the run's conversation log.
    """

    __test__ = False  # not a pytest test class

    title: str
    path: Path | None
    mode: Mode
    status: Status
    failures: tuple[ExpectationFailure, ...] = ()
    staleness: Staleness | None = None
    error: str | None = None
    turns: tuple[TurnRecord, ...] = ()
    coverage: Coverage = field(default_factory=Coverage)
    log_path: Path | None = None
    #: The conversation's model calls: their number, tokens and cost (no cost when synthetic).
    totals: Totals = field(default_factory=Totals)
    duration_s: float = 0.0
    #: Record mode: whether the cassette was (re)written.
    cassette_written: bool = False
    #: Who made the replies the test ran on (the cassette's, in replay): a model, or what made
    #: them up (``autopilot``); ``synthetic`` then. A synthetic recording checks the graph, the
    #: contract and the expectations given those replies, not how a model follows the text.
    made_by: str = ""
    synthetic: bool = False
    #: the HTTP action steps the run went through: recording it again calls their services
    http_steps: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    @property
    def calls(self) -> int:
        return self.totals.llm_calls

    @property
    def recorded_by(self) -> str:
        """Who made the replies, for reports (``"autopilot (synthetic)"``; "" when unknown)."""
        return recorded_by(self.made_by, self.synthetic) if self.made_by else ""

    @property
    def name(self) -> str:
        """The file name (``books_a_slot.test.yaml``) or the title for a test built in memory."""
        return self.path.name if self.path else self.title

    @property
    def failing_turn(self) -> int | None:
        turns = [
            failure.turn if failure.turn is not None else len(self.turns) + 1
            for failure in self.failures
        ]
        if self.staleness is not None and self.staleness.turn is not None:
            turns.append(self.staleness.turn)
        return min(turns) if turns else None


@dataclass(frozen=True)
class SuiteResult:
    """Every test's result (in the order given), the coverage, and the run's figures."""

    scenario: str
    mode: Mode
    results: tuple[ScenarioTestResult, ...]
    coverage: CoverageReport
    duration_s: float
    log_dir: Path

    @property
    def passed(self) -> bool:
        return all(result.passed for result in self.results)

    def count(self, status: Status) -> int:
        return sum(1 for result in self.results if result.status == status)


# --- progress --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TestStarted:
    __test__ = False
    index: int
    name: str


@dataclass(frozen=True)
class TurnChecked:
    index: int
    name: str
    record: TurnRecord


@dataclass(frozen=True)
class TestFinished:
    __test__ = False
    index: int
    result: ScenarioTestResult


Progress = TestStarted | TurnChecked | TestFinished
ProgressCallback = Callable[[Progress], None]


# --- running ---------------------------------------------------------------------------------


def default_log_dir(scenario: Scenario) -> Path:
    """A fresh folder for one run's logs, under the system's temporary folder."""
    base = Path(tempfile.gettempdir()) / "prompter-tests" / scenario.name
    base.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=time.strftime("%Y%m%d-%H%M%S-"), dir=base))


async def run_tests(
    scenario: Scenario,
    tests: Sequence[ScenarioTest],
    *,
    mode: Mode = "replay",
    provider: Provider | None = None,
    model: str | None = None,
    jobs: int = DEFAULT_JOBS,
    log_dir: Path | None = None,
    on_progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    prices: PriceTable | None = None,
    provider_for: Callable[[ScenarioTest], Provider] | None = None,
) -> SuiteResult:
    """Run ``tests`` (``jobs`` at a time); never raises for a test's failure or crash.

    ``provider`` answers in ``record`` and ``live`` modes (it is not closed here: one provider
    serves the whole suite); ``provider_for`` instead makes one for each test, closed after it
    (the autopilot, which plays what each test expects: see
    :func:`engine.scenario_tests.record_shipped.record_with_autopilot`); a test it cannot make
    one for is an error. ``model`` overrides the scenario's model name.
    """
    if mode != "replay" and provider is None and provider_for is None:
        raise ValueError(f"{mode} mode needs a provider")
    started = time.perf_counter()
    folder = log_dir if log_dir is not None else default_log_dir(scenario)
    folder.mkdir(parents=True, exist_ok=True)
    table = prices if prices is not None else PriceTable.load()
    gate = asyncio.Semaphore(max(1, jobs))
    names = _log_names(tests)

    async def one(index: int, test: ScenarioTest) -> ScenarioTestResult:
        async with gate:
            _notify(on_progress, TestStarted(index, _name(test)))
            own: Provider | None = None
            try:
                if provider_for is not None:
                    own = provider_for(test)
                result = await run_test(
                    scenario,
                    test,
                    mode=mode,
                    provider=own or provider,
                    model=model,
                    log_path=folder / names[index],
                    prices=table,
                    should_stop=should_stop,
                    on_turn=lambda record: _notify(
                        on_progress, TurnChecked(index, _name(test), record)
                    ),
                )
            except PrompterError as refused:  # no provider could be made for this test
                result = ScenarioTestResult(
                    test.title, test.path, mode, "error", error=str(refused)
                )
            finally:
                if own is not None:
                    await own.aclose()
            _notify(on_progress, TestFinished(index, result))
            return result

    results = tuple(await asyncio.gather(*(one(i, test) for i, test in enumerate(tests))))
    report = CoverageReport.of(scenario, {result.name: result.coverage for result in results})
    return SuiteResult(scenario.name, mode, results, report, time.perf_counter() - started, folder)


def run_tests_sync(
    scenario: Scenario, tests: Sequence[ScenarioTest], **options: Any
) -> SuiteResult:
    """:func:`run_tests` on a private event loop: for a worker thread or a script."""
    return asyncio.run(run_tests(scenario, tests, **options))


async def run_test(
    scenario: Scenario,
    test: ScenarioTest,
    *,
    mode: Mode = "replay",
    provider: Provider | None = None,
    model: str | None = None,
    log_path: Path | None = None,
    prices: PriceTable | None = None,
    on_turn: Callable[[TurnRecord], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> ScenarioTestResult:
    """Run one test; every failure, staleness or error is in the result, never raised."""
    run = _Run(scenario, test, mode, model, log_path)
    result, _ = await run.execute(
        provider, prices=prices, on_turn=on_turn, should_stop=should_stop, save=True
    )
    return result


async def record_cassette(
    scenario: Scenario,
    test: ScenarioTest,
    provider: Provider,
    *,
    model: str | None = None,
    prices: PriceTable | None = None,
    actions: ActionRunner | None = None,
) -> tuple[ScenarioTestResult, Cassette | None]:
    """Run ``test`` against ``provider`` (``actions`` answering the action steps it does not
    stub; by default they run) and return the recording instead of saving it.

    The cassette is ``None`` when the conversation did not run through all the test's turns.
    """
    run = _Run(scenario, test, "record", model, None, actions)
    return await run.execute(provider, prices=prices, on_turn=None, should_stop=None, save=False)


class _Run:
    """One test's run: the wired provider, what the events said, and the failures so far."""

    wired: CassetteReplayer | CassetteRecorder | _Live

    def __init__(
        self,
        scenario: Scenario,
        test: ScenarioTest,
        mode: Mode,
        model: str | None,
        log_path: Path | None,
        actions: ActionRunner | None = None,
    ) -> None:
        self.scenario = scenario
        self.test = test
        self.given_actions = actions
        self.mode = mode
        self.model = model
        self.log_path = log_path
        self.failures: list[ExpectationFailure] = []
        self.staleness: Staleness | None = None
        self.turns: list[TurnRecord] = []
        self.completed = False
        self.memory = VarsMemory(scenario.variables)
        # What the events say, for the turn in progress and for coverage.
        self.steps: set[str] = set()
        self.edges: set[tuple[str, str]] = set()
        self.filled: set[tuple[str, str]] = set()
        #: the steps whose actions the replayed recording answers (a stale replay stops early)
        self.recorded_steps: set[str] = set()
        self._signals: list[str] = []

    async def execute(
        self,
        provider: Provider | None,
        *,
        prices: PriceTable | None,
        on_turn: Callable[[TurnRecord], None] | None,
        should_stop: Callable[[], bool] | None,
        save: bool,
    ) -> tuple[ScenarioTestResult, Cassette | None]:
        started = time.perf_counter()
        try:
            self.wired = self.wire(provider)
        except PrompterError as refused:
            return self.result(
                "error", error=str(refused), duration=time.perf_counter() - started
            ), None
        if isinstance(self.wired, CassetteReplayer):
            self.recorded_steps = {action.step for action in self.wired.cassette.actions}
        self.actions = TestActions(self.test, unstubbed(self.wired, self.given_actions))
        conversation = Conversation(
            self.scenario, self.wired, model=self.model, prices=prices, actions=self.actions
        )
        self.wired.mark_volatile(conversation.session_id)
        writer = _open_log(self.log_path)
        if writer is not None:
            writer.attach(conversation.events)
        self.observe(conversation)
        error: str | None = None
        try:
            await self.play(conversation, on_turn, should_stop)
        except CassetteStale as stale:
            self.staleness = stale.staleness
        except PrompterError as failure:
            error = str(failure)
        except Exception as bug:  # a bug must not stop the other tests; say what it was
            error = f"{type(bug).__name__}: {bug}"
        finally:
            conversation.close("finished" if conversation.finished else "closed")
            if writer is not None:
                writer.close()
        if error is None and self.staleness is None and isinstance(self.wired, CassetteReplayer):
            self.staleness = self.wired.leftover()
        cassette = None
        written = False
        if error is None and isinstance(self.wired, CassetteRecorder) and self.completed:
            cassette = self.wired.cassette()
            if save and self.test.path is not None:
                target = cassette_path(self.test.path)
                try:
                    cassette.save(target)
                    written = True
                except OSError as failure:
                    error = f"cannot write the cassette {target}: {failure.strerror}"
        result = self.result(
            self.status(error),
            error=error,
            duration=time.perf_counter() - started,
            totals=conversation.ledger.totals(),
            written=written,
            made=self.made_by(conversation, cassette),
        )
        return result, cassette

    def made_by(self, conversation: Conversation, recorded: Cassette | None) -> tuple[str, bool]:
        """Who made the replies the test ran on, and whether that was no model."""
        if isinstance(self.wired, CassetteReplayer):
            header = self.wired.cassette.header
        elif recorded is not None:
            header = recorded.header
        else:
            calls = conversation.ledger.calls
            names = ", ".join(dict.fromkeys(call.synthetic or call.model for call in calls))
            return names, bool(calls) and all(call.synthetic for call in calls)
        return header.made_by, header.synthetic

    def wire(self, provider: Provider | None) -> CassetteReplayer | CassetteRecorder | _Live:
        if self.mode == "replay":
            if self.test.path is None:
                raise PrompterError("a test built in memory has no cassette to replay")
            cassette = Cassette.load(cassette_path(self.test.path), inside=self.test.path.parent)
            return CassetteReplayer(cassette)
        if provider is None:
            raise PrompterError(f"{self.mode} mode needs a provider")
        if self.mode == "record":
            name = self.test.path.name if self.test.path else self.test.title
            return CassetteRecorder(
                provider,
                scenario=self.scenario.name,
                test=name,
                model=self.model or self.scenario.model.name,
            )
        return _Live(provider)

    def observe(self, conversation: Conversation) -> None:
        self.steps.add(conversation.state.step)

        def listen(event: Event) -> None:
            if event.type == EventType.TRANSITION:
                moved = event.payload(TransitionData)
                source, signal = moved.get("from", ""), moved.get("signal", "")
                self._signals.append(signal)
                self.edges.add((source, signal))
                self.steps.add(moved.get("to", ""))
            elif event.type == EventType.STEP_SUMMARY and event.step:
                results = event.payload(StepSummaryData).get("results") or {}
                for name, value in results.items():
                    if value is not None:
                        self.filled.add((event.step, str(name)))

        conversation.events.subscribe(listen)

    async def play(
        self,
        conversation: Conversation,
        on_turn: Callable[[TurnRecord], None] | None,
        should_stop: Callable[[], bool] | None,
    ) -> None:
        for name, value in self.test.variables.items():
            conversation.vars.set(name, value, turn=0, step=None, source="author")
        self.wired.turn = self.actions.turn = 0
        await conversation.start()
        for number, spec in enumerate(self.test.turns, start=1):
            if should_stop is not None and should_stop():
                raise PrompterError("cancelled")
            if conversation.finished:
                self.failures.append(
                    ExpectationFailure(
                        number,
                        "conversation",
                        "a turn to answer",
                        f"the conversation finished in step {conversation.state.step!r} "
                        f"before turn {number}",
                        user=spec.user,
                    )
                )
                return
            self.wired.turn = self.actions.turn = number
            self._signals = []
            step_before = conversation.state.step
            result = await conversation.send(spec.user)
            seen = self._observed(conversation, number, spec.user, result)
            failures = check_turn(self.scenario, self.memory, spec.expect, seen)
            self.failures.extend(failures)
            record = TurnRecord(
                number,
                spec.user,
                step_before,
                seen.step,
                seen.signals,
                seen.bot_reply,
                result.calls,
                result.fallback,
                not failures,
            )
            self.turns.append(record)
            if on_turn is not None:
                on_turn(record)
        self.completed = True
        totals = conversation.ledger.totals()
        self.failures.extend(
            check_end(
                self.test.end,
                finished=conversation.finished,
                calls=totals.llm_calls,
                user_messages=conversation.user_messages,
                last_reply=self.turns[-1].bot_reply if self.turns else "",
            )
        )

    def _observed(
        self, conversation: Conversation, number: int, user: str, result: TurnResult
    ) -> Observed:
        results: dict[str, Any] = {}
        for step_id in conversation.state.visited:  # later visits win
            for name, value in conversation.results.get(step_id, {}).items():
                if value is not None:
                    results[name] = value
        return Observed(
            turn=number,
            user=user,
            step=conversation.state.step,
            signals=tuple(self._signals),
            bot_reply="\n\n".join(result.messages),
            variables=conversation.vars.values(),
            results=results,
        )

    def status(self, error: str | None) -> Status:
        if error is not None:
            return "error"
        first_failure = min(
            (f.turn if f.turn is not None else len(self.test.turns) + 1 for f in self.failures),
            default=None,
        )
        if self.staleness is not None:
            stale_turn = self.staleness.turn
            if first_failure is None or stale_turn is None or stale_turn <= first_failure:
                return "stale"
        return "failed" if self.failures else "passed"

    def result(
        self,
        status: Status,
        *,
        error: str | None = None,
        duration: float = 0.0,
        totals: Totals | None = None,
        written: bool = False,
        made: tuple[str, bool] = ("", False),
    ) -> ScenarioTestResult:
        coverage = Coverage(frozenset(self.steps), frozenset(self.edges), frozenset(self.filled))
        log = self.log_path if self.log_path is not None and self.log_path.exists() else None
        return ScenarioTestResult(
            title=self.test.title,
            path=self.test.path,
            mode=self.mode,
            status=status,
            failures=tuple(self.failures),
            staleness=self.staleness,
            error=error,
            turns=tuple(self.turns),
            coverage=coverage,
            log_path=log,
            totals=totals or Totals(),
            duration_s=duration,
            cassette_written=written,
            made_by=made[0],
            synthetic=made[1],
            http_steps=self._http_steps(),
        )

    def _http_steps(self) -> tuple[str, ...]:
        """The HTTP action steps this run went through, or its recording did (a stale replay
        stops before them)."""
        return tuple(
            step_id
            for step_id in sorted(self.steps | self.recorded_steps)
            if (step := self.scenario.steps.get(step_id)) is not None
            and step.call is not None
            and step.call.http is not None
        )


class _Live(ClosingProvider):
    """The provider as given (live mode), with the recorder's and replayer's small surface."""

    def __init__(self, inner: Provider) -> None:
        self.inner = inner
        self.name = inner.name
        self.chains = inner.chains
        self.turn: int | None = None

    def mark_volatile(self, value: str, token: str = "") -> None:
        """Nothing is compared in live mode."""

    async def complete(self, request: ModelRequest) -> ModelReply:
        return await self.inner.complete(request)


def _open_log(path: Path | None) -> LogWriter | None:
    if path is None:
        return None
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # a log is one run: the previous run's lines must not precede this one's
    return LogWriter(path)


def _log_names(tests: Sequence[ScenarioTest]) -> list[str]:
    """One log file name per test, unique even when two tests share a stem."""
    names: list[str] = []
    seen: set[str] = set()
    for index, test in enumerate(tests):
        stem = stem_of(test.path) if test.path else f"test{index + 1}"
        name = f"{stem}.jsonl"
        if name in seen:
            name = f"{stem}-{index + 1}.jsonl"
        seen.add(name)
        names.append(name)
    return names


def _name(test: ScenarioTest) -> str:
    return test.path.name if test.path else test.title


def _notify(callback: ProgressCallback | None, progress: Progress) -> None:
    if callback is not None:
        callback(progress)
