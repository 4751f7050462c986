"""Run many simulated conversations at once, within the rate limits, and report on them.

One simulated conversation is a real :class:`~engine.conversation.conversation_core.Conversation`
(the bot, on the async engine API, its events written to a JSON Lines log as in a chat) and a
:class:`~engine.simulate.user.SimulatedUser` playing a persona. They take turns until the script
reaches a final step (*finished*), the user has written ``max_turns`` messages (*stuck*), the
user leaves (*abandoned*), or an error stops it (*failed*).

:class:`Simulation` runs ``runs`` conversations per persona, ``jobs`` at a time, on one event
loop. Every model call of either role goes through a :class:`~engine.providers.paced.
PacedProvider` sharing one limiter per model, so the run goes as fast as the limits allow and no
faster. Progress is reported through ``on_progress`` (a :class:`ProgressUpdate`: plain data,
called on the loop's thread) after every turn and every conversation.

For the studio (a worker thread) and the command line alike:

* :meth:`Simulation.run_sync` runs it on a private event loop and returns the
  :class:`~engine.simulate.report.SimulationReport`; :meth:`Simulation.run` is the coroutine;
* :meth:`Simulation.cancel` may be called from any thread (the UI thread, a signal handler):
  conversations in progress are cancelled at once — the model call they wait for included — and
  no new one starts. Finished conversations keep their logs; the report covers them and counts
  the cancelled ones apart;
* a failure that every conversation would meet (the key is rejected, the quota is spent) stops
  the run the same way, and the report says why (``stopped``).

Action steps are stubbed by default, from the scenario's tests and its stubs file
(:mod:`engine.scenario_tests.suite_stubs`): a simulation of a thousand conversations must not
book a thousand slots. Pass ``actions=LiveActions()`` (``--live-actions``) to run them.

The settings, the plan, the counters and the :class:`Simulation` that drives them share one
cancellation and one stop reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from engine.actions.runners import ActionRunner, StubbedActions
from engine.conversation.conversation_core import Conversation
from engine.dialogue.ledger import PriceTable
from engine.errors import (
    PrompterError,
    ProviderAuthError,
    ProviderError,
    ProviderRateLimited,
    SessionError,
)
from engine.log.writer import LogWriter
from engine.providers.base import Provider
from engine.providers.paced import LimiterPool, PacedProvider, RetryPolicy, Traffic
from engine.providers.rate_table import RateLimitTable
from engine.scenario.definition import Scenario
from engine.scenario_tests.suite_stubs import scenario_stubs
from engine.simulate.facts import check_facts, recorded_values
from engine.simulate.outcome import ConversationOutcome, RoleUse, Status
from engine.simulate.persona import Persona
from engine.simulate.report import ReportBuilder, SimulationReport
from engine.simulate.stepstats import StepTally
from engine.simulate.user import SimulatedUser

__all__ = [
    "DEFAULT_JOBS",
    "DEFAULT_MAX_TURNS",
    "DEFAULT_RUNS",
    "Counts",
    "ProgressUpdate",
    "Simulation",
    "SimulationSettings",
]

DEFAULT_RUNS = 5
DEFAULT_MAX_TURNS = 20
DEFAULT_JOBS = 8
CONVERSATIONS_DIR = "conversations"
USER_LOG = "simulated_user.jsonl"


@dataclass(frozen=True)
class SimulationSettings:
    """What to run. ``runs`` is per persona, unless ``conversations`` sets the total (the
    personas then take turns). ``model`` replaces the scenario's model for the bot,
    ``user_model`` every persona's for the simulated user (default: the persona's, else the
    bot's). ``rpm``/``tpm`` replace the limits of the rate-limit table for every model (0: no
    limit of that kind)."""

    runs: int = DEFAULT_RUNS
    conversations: int | None = None
    max_turns: int = DEFAULT_MAX_TURNS
    jobs: int = DEFAULT_JOBS
    model: str | None = None
    user_model: str | None = None
    rpm: float | None = None
    tpm: float | None = None
    retry: RetryPolicy = field(default_factory=RetryPolicy)

    def __post_init__(self) -> None:
        for name in ("runs", "max_turns", "jobs"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)!r}")
        if self.conversations is not None and self.conversations < 1:
            raise ValueError(f"conversations must be at least 1, got {self.conversations!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "runs": self.runs,
            "conversations": self.conversations,
            "max_turns": self.max_turns,
            "jobs": self.jobs,
            "model": self.model,
            "user_model": self.user_model,
            "rpm": self.rpm,
            "tpm": self.tpm,
        }


@dataclass(frozen=True)
class Counts:
    """Where a run stands; ``eta_s`` is ``None`` until there is enough to estimate from."""

    total: int
    started: int
    running: int
    finished: int
    stuck: int
    abandoned: int
    failed: int
    cancelled: int
    turns: int
    bot_calls: int
    user_calls: int
    requests: int
    rate_limited: int
    elapsed_s: float
    eta_s: float | None
    #: 429s whose ``retry-after`` was longer than the limiter obeys (the run stopped there).
    capped_waits: int = 0

    @property
    def done(self) -> int:
        return self.finished + self.stuck + self.abandoned + self.failed + self.cancelled

    @property
    def requests_per_minute(self) -> float:
        return self.requests / self.elapsed_s * 60 if self.elapsed_s > 0 else 0.0


@dataclass(frozen=True)
class ProgressUpdate:
    """Sent after every turn and every conversation; ``ended`` is the conversation just ended."""

    counts: Counts
    ended: ConversationOutcome | None = None


ProgressCallback = Callable[[ProgressUpdate], None]


@dataclass(frozen=True)
class _Planned:
    index: int
    persona: Persona
    run: int


class Simulation:
    """Simulated conversations of ``personas`` with ``scenario``, written under ``out_dir``.

    ``bot_provider`` answers for the bot; ``user_provider`` for the simulated user (default: the
    same provider). Build them with ``max_retries=0``: the retries are the limiter's here (see
    :mod:`engine.providers.paced`). They are not closed here.
    """

    def __init__(
        self,
        scenario: Scenario,
        personas: Sequence[Persona],
        settings: SimulationSettings,
        *,
        bot_provider: Provider,
        user_provider: Provider | None = None,
        out_dir: Path,
        prices: PriceTable | None = None,
        limits: RateLimitTable | None = None,
        on_progress: ProgressCallback | None = None,
        actions: ActionRunner | None = None,
    ) -> None:
        if not personas:
            raise SessionError("a simulation needs at least one persona")
        self.scenario = scenario
        #: Who answers action steps: stubs by default (the scenario's tests, its stubs file);
        #: pass :class:`~engine.actions.runners.LiveActions` to run them (``--live-actions``).
        self.actions: ActionRunner = actions if actions is not None else default_stubs(scenario)
        self.personas = list(personas)
        self.settings = settings
        self.out_dir = Path(out_dir)
        self.prices = prices if prices is not None else PriceTable.load()
        self.pool = LimiterPool(
            limits if limits is not None else RateLimitTable.load(),
            rpm=settings.rpm,
            tpm=settings.tpm,
        )
        self.bot_traffic = Traffic()
        self.user_traffic = Traffic()
        self.bot = PacedProvider(
            bot_provider, self.pool, policy=settings.retry, traffic=self.bot_traffic
        )
        self.user = PacedProvider(
            user_provider or bot_provider,
            self.pool,
            policy=settings.retry,
            traffic=self.user_traffic,
        )
        self.on_progress = on_progress
        self.plan = _plan(self.personas, settings)
        self._cancelled = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._stopped: str | None = None
        self._running: dict[int, int] = {}  # conversation index → turns so far
        self._ended: dict[str, int] = {
            "finished": 0,
            "stuck": 0,
            "abandoned": 0,
            "failed": 0,
            "cancelled": 0,
        }
        self._turns = self._bot_calls = self._user_calls = 0
        self._ended_turns: list[int] = []
        self._started_at = 0.0
        self._user_log: IO[str] | None = None
        #: The first write that failed (a log, the simulated users' log): the run stopped there.
        self._write_failure: str | None = None

    # --- public API --------------------------------------------------------------------------

    @property
    def bot_model(self) -> str:
        return self.settings.model or self.scenario.model.name

    def user_model(self, persona: Persona) -> str:
        return self.settings.user_model or persona.spec.model or self.bot_model

    def cancel(self, reason: str = "cancelled") -> None:
        """Stop the run from any thread: running conversations are cancelled, none starts."""
        if self._cancelled.is_set():
            return
        self._stopped = self._stopped or reason
        self._cancelled.set()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has just finished
                loop.call_soon_threadsafe(self._cancel_tasks)

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def run_sync(self) -> SimulationReport:
        """:meth:`run` on a private event loop: for a worker thread or a script."""
        return asyncio.run(self.run())

    async def run(self) -> SimulationReport:
        """Run every planned conversation; returns the report (also written to ``out_dir``).

        A simulation runs once; make another to run again.
        """
        if self._loop is not None:
            raise SessionError("this simulation has already run; make a new one")
        self._loop = asyncio.get_running_loop()
        self._started_at = time.perf_counter()
        started_at = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        (self.out_dir / CONVERSATIONS_DIR).mkdir(parents=True, exist_ok=True)
        builder = ReportBuilder(
            scenario=self.scenario.name,
            scenario_path=str(self.scenario.root) if self.scenario.root else None,
            settings={
                **self.settings.to_dict(),
                "bot_model": self.bot_model,
                "provider": self.bot.name,
                "personas": [persona.to_dict() for persona in self.personas],
                "limits": {
                    model: self.pool.limit(model).to_dict()
                    for model in sorted({self.bot_model, *map(self.user_model, self.personas)})
                },
            },
            started_at=started_at,
            planned=len(self.plan),
            out_dir=self.out_dir,
        )
        queue = list(reversed(self.plan))
        self._user_log = open(self.out_dir / USER_LOG, "a", encoding="utf-8")  # noqa: SIM115
        try:
            if not self._cancelled.is_set():
                self._tasks = [
                    asyncio.create_task(self._worker(queue, builder))
                    for _ in range(min(self.settings.jobs, len(self.plan)))
                ]
                await asyncio.gather(*self._tasks, return_exceptions=True)
        finally:
            self._user_log.close()
        for planned in reversed(queue):  # never started: cancelled before their turn came
            builder.add(self._not_run(planned), None)
            self._ended["cancelled"] += 1
        report = builder.build(
            duration_s=time.perf_counter() - self._started_at,
            bot_traffic=self.bot_traffic,
            user_traffic=self.user_traffic,
            stopped=self._stopped,
        )
        try:
            report.write(self.out_dir)
        except OSError as error:
            if self._write_failure is None:
                raise
            # the disk that refused a log refuses the report too: say what stopped the run
            raise SessionError(
                f"the simulation stopped: {self._write_failure}; the report could not be written "
                f"either ({error.strerror or error})"
            ) from None
        self._notify(None)
        return report

    def _cannot_write(self, path: Path, error: OSError) -> None:
        """A log could not be written (a full disk, no permission): stop the whole run at the
        first failure, rather than cut every log and say nothing until the report fails."""
        if self._write_failure is None:
            self._write_failure = f"cannot write {path}: {error.strerror or error}"
            self.cancel(f"stopped at the first failed write: {self._write_failure}")

    # --- the workers -------------------------------------------------------------------------

    def _cancel_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()

    async def _worker(self, queue: list[_Planned], builder: ReportBuilder) -> None:
        while queue and not self._cancelled.is_set():
            planned = queue.pop()
            tally: StepTally | None
            try:
                outcome, tally = await self._converse(planned)
            except Exception as bug:  # a bug of ours: reported with that one, the run goes on
                outcome, tally = (
                    self._not_run(planned, "failed", f"{type(bug).__name__}: {bug}"),
                    None,
                )
            builder.add(outcome, tally)
            self._ended[outcome.status] += 1
            self._ended_turns.append(outcome.turns)
            self._notify(outcome)
            if outcome.status == "cancelled":
                return

    async def _converse(self, planned: _Planned) -> tuple[ConversationOutcome, StepTally]:
        """One conversation from the first message to its end. Never raises: a failure is its
        outcome, and so is a cancellation (the run is then marked cancelled)."""
        began = time.perf_counter()
        log_path = (
            self.out_dir
            / CONVERSATIONS_DIR
            / f"{planned.index:04d}-{planned.persona.key}-{planned.run}.jsonl"
        )
        conversation = Conversation(
            self.scenario,
            self.bot,
            model=self.settings.model,
            prices=self.prices,
            actions=self.actions,
        )
        tally = StepTally()
        conversation.events.subscribe(tally)
        try:
            writer = LogWriter(log_path, on_error=lambda error: self._cannot_write(log_path, error))
        except OSError as failure:
            self._cannot_write(log_path, failure)
            reason = f"cannot write its log {log_path}: {failure.strerror or failure}"
            return self._not_run(planned, "failed", reason), tally
        writer.attach(conversation.events)
        user = self._simulated_user(planned)
        bot_calls: list[int] = []
        status: Status = "failed"
        error: str | None = None
        self._running[planned.index] = 0
        try:
            status, error = await self._take_turns(planned, conversation, user, bot_calls)
        except asyncio.CancelledError:  # cancel(): recorded, and the worker stops
            status = "cancelled"
            self._stopped = self._stopped or "cancelled"
            self._cancelled.set()
        except ProviderError as failure:
            error = str(failure)
            if _fatal(failure):
                self.cancel(f"stopped after a failure every conversation would meet: {failure}")
        except PrompterError as failure:
            error = str(failure)
        except Exception as bug:
            error = f"{type(bug).__name__}: {bug}"
        finally:
            self._running.pop(planned.index, None)
            conversation.close(
                "finished"
                if conversation.finished
                else ("failed" if status == "failed" else "closed")
            )
            writer.close()
        outcome = self._outcome(
            planned,
            conversation,
            user,
            status,
            error,
            bot_calls,
            log_path,
            time.perf_counter() - began,
        )
        return outcome, tally

    def _simulated_user(self, planned: _Planned) -> SimulatedUser:
        """The simulated user playing the planned conversation's persona, on its model."""
        persona = planned.persona
        return SimulatedUser(
            persona,
            self.scenario,
            self.user,
            self.user_model(persona),
            self.prices,
            temperature=persona.spec.temperature,
            metadata={
                "prompter_persona": persona.key[:64],
                "prompter_conversation": str(planned.index),
            },
        )

    async def _take_turns(
        self,
        planned: _Planned,
        conversation: Conversation,
        user: SimulatedUser,
        bot_calls: list[int],
    ) -> tuple[Status, str | None]:
        """User and bot take turns until the conversation ends: how, and why when it failed."""
        # each bot turn's model calls go to bot_calls, which outlives an exception raised here
        said = await conversation.start()
        while True:
            if conversation.finished:
                return "finished", None
            if not conversation.state.is_active:
                return "failed", f"the conversation {conversation.state.status}"
            if len(bot_calls) >= self.settings.max_turns:
                return "stuck", None
            turn = await user.reply(said)
            self._user_calls += 1
            self._log_user_turn(planned, user, turn.message, turn.done)
            if turn.done:
                return "abandoned", None
            result = await conversation.send(turn.message)
            bot_calls.append(result.calls)
            self._bot_calls += result.calls
            self._turns += 1
            self._running[planned.index] = len(bot_calls)
            said = result.messages
            self._notify(None)

    def _outcome(
        self,
        planned: _Planned,
        conversation: Conversation,
        user: SimulatedUser,
        status: Status,
        error: str | None,
        bot_calls: list[int],
        log_path: Path,
        duration: float,
    ) -> ConversationOutcome:
        totals = conversation.ledger.totals()
        user_totals = user.ledger.totals()
        recorded = recorded_values(
            conversation.vars.values(), conversation.results, conversation.state.visited
        )
        facts = check_facts(
            self.scenario, planned.persona.spec.facts, recorded, conversation.state.visited
        )
        return ConversationOutcome(
            index=planned.index,
            persona=planned.persona.key,
            persona_name=planned.persona.name,
            run=planned.run,
            status=status,
            turns=len(bot_calls),
            path=tuple(conversation.state.visited),
            final_step=conversation.state.step,
            log_path=log_path if log_path.exists() else None,
            bot=RoleUse(totals, tuple(bot_calls)),
            user=RoleUse(user_totals, tuple(1 for _ in range(user_totals.llm_calls))),
            facts=tuple(facts),
            error=error,
            duration_s=duration,
            session_id=conversation.session_id,
        )

    def _not_run(
        self, planned: _Planned, status: Status = "cancelled", error: str | None = None
    ) -> ConversationOutcome:
        """A conversation that never got going: cancelled before its turn, or failed to start."""
        return ConversationOutcome(
            index=planned.index,
            persona=planned.persona.key,
            persona_name=planned.persona.name,
            run=planned.run,
            status=status,
            turns=0,
            path=(),
            final_step=self.scenario.start,
            log_path=None,
            bot=RoleUse(),
            user=RoleUse(),
            error=error,
        )

    # --- progress and the user's log ---------------------------------------------------------

    def _log_user_turn(
        self, planned: _Planned, user: SimulatedUser, message: str, done: bool
    ) -> None:
        record = user.ledger.calls[-1] if user.ledger.calls else None
        line = {
            "conversation": planned.index,
            "persona": planned.persona.key,
            "run": planned.run,
            "model": record.model if record else user.model,
            "message": message,
            "done": done,
            "usage": record.to_dict()["usage"] if record else None,
            "cost_usd": record.cost_usd if record else 0.0,  # None: price unknown
            "response_id": record.response_id if record else None,
            "latency_ms": round(record.latency_s * 1000, 3) if record else None,
        }
        if record is not None and record.synthetic:  # made up: it cost nothing
            line["synthetic"] = record.synthetic
        if self._user_log is not None:
            try:
                self._user_log.write(json.dumps(line, ensure_ascii=False) + "\n")
                self._user_log.flush()
            except OSError as error:  # a full disk: the run stops here, and says why
                self._user_log = None
                self._cannot_write(self.out_dir / USER_LOG, error)

    def counts(self) -> Counts:
        """Where the run stands now."""
        elapsed = time.perf_counter() - self._started_at if self._started_at else 0.0
        ended = sum(self._ended.values())
        return Counts(
            total=len(self.plan),
            started=ended + len(self._running),
            running=len(self._running),
            finished=self._ended["finished"],
            stuck=self._ended["stuck"],
            abandoned=self._ended["abandoned"],
            failed=self._ended["failed"],
            cancelled=self._ended["cancelled"],
            turns=self._turns,
            bot_calls=self._bot_calls,
            user_calls=self._user_calls,
            requests=self.bot_traffic.requests + self.user_traffic.requests,
            rate_limited=self.bot_traffic.rate_limited + self.user_traffic.rate_limited,
            capped_waits=self.bot_traffic.capped_waits + self.user_traffic.capped_waits,
            elapsed_s=elapsed,
            eta_s=self._eta(elapsed, ended),
        )

    def _eta(self, elapsed: float, ended: int) -> float | None:
        """Remaining time, from the share of the work done: ended conversations, plus the
        running ones in proportion of their turns to the average conversation's."""
        if not self._ended_turns or elapsed <= 0:
            return None
        average = max(sum(self._ended_turns) / len(self._ended_turns), 1.0)
        done = ended + sum(min(turns / average, 0.9) for turns in self._running.values())
        if done <= 0:
            return None
        return max(elapsed / done * (len(self.plan) - done), 0.0)

    def _notify(self, ended: ConversationOutcome | None) -> None:
        if self.on_progress is not None:
            self.on_progress(ProgressUpdate(self.counts(), ended))


def default_stubs(scenario: Scenario) -> StubbedActions:
    """A simulation's action steps by default: stubbed from the scenario's files."""
    stubs = scenario_stubs(scenario.root) if scenario.root is not None else {}
    return StubbedActions(stubs)


def _plan(personas: list[Persona], settings: SimulationSettings) -> list[_Planned]:
    """The conversations to run, numbered from 1: each persona ``runs`` times in a row, or
    ``conversations`` in all with the personas taking turns."""
    if settings.conversations is None:
        pairs = [(persona, run) for persona in personas for run in range(1, settings.runs + 1)]
    else:
        pairs = [
            (personas[i % len(personas)], i // len(personas) + 1)
            for i in range(settings.conversations)
        ]
    return [_Planned(index, persona, run) for index, (persona, run) in enumerate(pairs, start=1)]


def _fatal(error: ProviderError) -> bool:
    """A failure no other conversation can escape: a rejected key, an exhausted quota."""
    if isinstance(error, ProviderAuthError):
        return True
    return isinstance(error, ProviderRateLimited) and not error.retryable
