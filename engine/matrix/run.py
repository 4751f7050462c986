"""Run a matrix: every cell (model × variant) runs the tests live, ``repeat`` times, at once.

Each run is one scenario test played live against the cell's model (never from a cassette:
:func:`engine.scenario_tests.runner.run_test` in ``live`` mode), with its own seed — recorded,
and for the fake model the seed of its breaks — and its own conversation log. Runs of all
cells share ``jobs`` workers; each model's calls go through its limiter
(:mod:`engine.matrix.models`), so the run goes as fast as the limits allow. Runs are handed out
repeat by repeat, so a run stopped half-way has balanced repeats. With personas, each cell then
simulates ``repeat`` conversations per persona (:class:`~engine.simulate.runner.Simulation`).

:meth:`MatrixRun.cancel` (any thread: Ctrl-C, the studio's Stop) stops the run: runs in progress
are cancelled, finished ones are kept, and the result says ``stopped``. What a run found is a
:class:`RunRecord` — plain data :mod:`engine.matrix.summary` turns into ``matrix.json``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.dialogue.ledger import CallRecord, PriceTable
from engine.errors import PrompterError
from engine.log.events import EventType
from engine.log.fold import response_call
from engine.log.reader import read_log
from engine.matrix.models import MatrixModel
from engine.matrix.spec import ModelSpec
from engine.providers.prices import ModelPrice
from engine.scenario.definition import Scenario
from engine.scenario_tests.definition import ScenarioTest, stem_of
from engine.scenario_tests.record_shipped import _first_step
from engine.scenario_tests.runner import ScenarioTestResult, run_test
from engine.simulate.persona import Persona
from engine.simulate.runner import Simulation, SimulationSettings
from engine.simulate.stepstats import StepTally

__all__ = ["Cell", "MatrixProgress", "MatrixResult", "MatrixRun", "RunRecord", "run_seed"]

Kind = Literal["test", "persona"]


@dataclass(frozen=True)
class Cell:
    """One model on one variant of the scenario."""

    index: int
    model: ModelSpec
    variant: str
    scenario: Scenario


@dataclass(frozen=True)
class RunRecord:
    """What one run (a test or a persona conversation, one repeat) found, from its log.

    ``steps`` maps a step to ``[calls, violations]`` (contract violations the engine had to
    ask again for; slips it repaired alone are not counted); ``failed_at`` is the step where
    the test's first failing turn was answered.
    """

    cell: int
    kind: Kind
    name: str
    repeat: int
    seed: int
    passed: bool
    status: str
    log: str | None = None
    calls: int = 0
    user_messages: int = 0
    cost_usd: float | None = 0.0
    latencies_ms: tuple[float, ...] = ()
    steps: dict[str, list[int]] = field(default_factory=dict)
    failed_at: str | None = None
    detail: str = ""
    #: calls whose reply no model made (the fake's): they cost nothing
    synthetic_calls: int = 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["latencies_ms"] = [round(value, 3) for value in self.latencies_ms]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunRecord:
        fields = {**data, "latencies_ms": tuple(data.get("latencies_ms") or ())}
        return cls(
            **{key: value for key, value in fields.items() if key in cls.__dataclass_fields__}
        )


@dataclass(frozen=True)
class MatrixProgress:
    """Where the run stands: runs done of all planned, failed ones, seconds left (estimate)."""

    done: int
    total: int
    failed: int
    running: int
    eta_s: float | None
    last: RunRecord | None = None


@dataclass(frozen=True)
class MatrixResult:
    cells: tuple[Cell, ...]
    records: tuple[RunRecord, ...]
    repeat: int
    seed: int
    duration_s: float
    stopped: str | None = None
    requests: int = 0


def run_seed(seed: int, *parts: object) -> int:
    """The seed of one run: a hash of the matrix's seed and what the run is (model, variant,
    test, repeat), so that adding a cell never changes another cell's seeds."""
    text = "\x1f".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


class MatrixRun:
    """A matrix to run; :meth:`run` (a coroutine) or :meth:`run_sync` (a worker thread)."""

    def __init__(
        self,
        cells: Sequence[Cell],
        models: dict[str, MatrixModel],
        tests: Sequence[ScenarioTest],
        *,
        personas: Sequence[Persona] = (),
        repeat: int = 1,
        jobs: int = 4,
        seed: int = 0,
        out_dir: Path,
        prices: PriceTable | None = None,
        extra_prices: dict[str, ModelPrice] | None = None,
        on_progress: Callable[[MatrixProgress], None] | None = None,
    ) -> None:
        if repeat < 1 or jobs < 1:
            raise ValueError("repeat and jobs must be at least 1")
        self.cells = tuple(cells)
        self.models = models
        self.tests = list(tests)
        self.personas = list(personas)
        self.repeat = repeat
        self.jobs = jobs
        self.seed = seed
        self.out_dir = Path(out_dir)
        self.prices = prices if prices is not None else PriceTable.load()
        self.extra_prices = extra_prices or {}
        self.on_progress = on_progress
        self.records: list[RunRecord] = []
        self.stopped: str | None = None
        self.total = len(self.cells) * self.repeat * (len(self.tests) + len(self.personas))
        self._running = 0
        self._started = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._simulations: list[Simulation] = []
        self._lock = threading.Lock()

    # --- control -----------------------------------------------------------------------------

    def cancel(self, reason: str = "interrupted") -> None:
        """Stop: runs in progress are cancelled, finished ones kept. Any thread."""
        with self._lock:
            if self.stopped is None:
                self.stopped = reason
            for simulation in self._simulations:
                simulation.cancel(reason)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._cancel_tasks)

    def _cancel_tasks(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    def run_sync(self) -> MatrixResult:
        return asyncio.run(self.run())

    async def run(self) -> MatrixResult:
        self._loop = asyncio.get_running_loop()
        self._started = time.perf_counter()
        starts: dict[str, str | PrompterError] = {}
        for cell in self.cells:
            if self.tests and cell.model.is_fake and cell.variant not in starts:
                try:  # where the fake's plans start: after the steps that need no model
                    starts[cell.variant] = await _first_step(cell.scenario)
                except PrompterError as cannot:
                    starts[cell.variant] = cannot
        queue = [
            (cell, test, repeat)
            for repeat in range(self.repeat)
            for test in self.tests
            for cell in self.cells
        ]
        queue.reverse()

        async def worker() -> None:
            while queue and self.stopped is None:
                cell, test, repeat = queue.pop()
                task = asyncio.ensure_future(
                    self._one_test(cell, test, repeat, starts.get(cell.variant, ""))
                )
                self._tasks.add(task)
                try:
                    self._finished(await task)
                except asyncio.CancelledError:
                    if self.stopped is None:
                        raise
                    return
                finally:
                    self._tasks.discard(task)

        await asyncio.gather(*(worker() for _ in range(min(self.jobs, len(queue)) or 1)))
        if self.personas and self.stopped is None:
            for cell in self.cells:
                if self.stopped is not None:
                    break
                await self._personas(cell)
        requests = sum(model.traffic.requests for model in self.models.values())
        return MatrixResult(
            self.cells,
            tuple(self.records),
            self.repeat,
            self.seed,
            time.perf_counter() - self._started,
            self.stopped,
            requests,
        )

    # --- one run -----------------------------------------------------------------------------

    async def _one_test(
        self, cell: Cell, test: ScenarioTest, repeat: int, start: str | PrompterError
    ) -> RunRecord:
        name = test.path.name if test.path else test.title
        seed = run_seed(self.seed, cell.model.text, cell.variant, "test", name, repeat)
        model = self.models[cell.model.text]
        stem = stem_of(test.path) if test.path else f"test{self.tests.index(test) + 1}"
        log = self.out_dir / "logs" / f"cell{cell.index}" / f"{stem}-r{repeat + 1}.jsonl"
        log.parent.mkdir(parents=True, exist_ok=True)
        try:
            if isinstance(start, PrompterError):
                raise start
            provider = model.for_test(cell.scenario, test, start, seed)
        except PrompterError as refused:  # the fake cannot play this test (a /regex/ value…)
            return self._record(
                cell, "test", name, repeat, seed, False, "error", None, detail=str(refused)
            )
        self._running += 1
        try:
            try:
                result = await run_test(
                    cell.scenario,
                    test,
                    mode="live",
                    provider=provider,
                    model=model.model,
                    log_path=log,
                    prices=self.prices,
                )
            finally:
                await provider.aclose()
        finally:
            self._running -= 1
        return self._record(
            cell,
            "test",
            name,
            repeat,
            seed,
            result.passed,
            result.status,
            result.log_path,
            detail=_detail(result),
            failed_at=_failed_at(result),
        )

    async def _personas(self, cell: Cell) -> None:
        model = self.models[cell.model.text]
        seed = run_seed(self.seed, cell.model.text, cell.variant, "personas")
        provider = model.for_personas(cell.scenario, seed)
        settings = SimulationSettings(
            runs=self.repeat,
            jobs=self.jobs,
            model=model.model,
            rpm=cell.model.rpm or (0 if cell.model.is_fake else None),
            tpm=cell.model.tpm or (0 if cell.model.is_fake else None),
        )
        simulation = Simulation(
            cell.scenario,
            self.personas,
            settings,
            bot_provider=provider,
            out_dir=self.out_dir / "personas" / f"cell{cell.index}",
            prices=self.prices,
        )
        with self._lock:
            self._simulations.append(simulation)
        try:
            report = await simulation.run()
        finally:
            await provider.aclose()
        for outcome in report.conversations:
            if outcome.status == "cancelled":
                continue
            self._finished(
                self._record(
                    cell,
                    "persona",
                    outcome.persona,
                    outcome.run - 1,
                    seed,
                    outcome.status == "finished",
                    outcome.status,
                    outcome.log_path,
                    detail=outcome.error or "",
                )
            )

    def _record(
        self,
        cell: Cell,
        kind: Kind,
        name: str,
        repeat: int,
        seed: int,
        passed: bool,
        status: str,
        log: Path | None,
        *,
        detail: str = "",
        failed_at: str | None = None,
    ) -> RunRecord:
        figures = self._read_log(log) if log is not None else _LogFigures()
        return RunRecord(
            cell=cell.index,
            kind=kind,
            name=name,
            repeat=repeat,
            seed=seed,
            passed=passed,
            status=status,
            log=str(log) if log is not None else None,
            calls=figures.calls,
            user_messages=figures.user_messages,
            cost_usd=figures.cost_usd,
            latencies_ms=tuple(figures.latencies_ms),
            steps=figures.steps,
            failed_at=failed_at,
            detail=detail,
            synthetic_calls=figures.synthetic_calls,
        )

    def _read_log(self, path: Path) -> _LogFigures:
        figures = _LogFigures()
        events = read_log(path).events
        tally = StepTally().add_all(events)
        for step, stats in tally.steps.items():
            violations = min(sum(stats.violations.values()), stats.totals.llm_calls)
            if stats.totals.llm_calls or violations:
                figures.steps[step] = [stats.totals.llm_calls, violations]
        for event in events:
            if event.type == EventType.USER_MESSAGE:
                figures.user_messages += 1
            elif event.type == EventType.MODEL_RESPONSE:
                call = response_call(event)
                figures.calls += 1
                figures.latencies_ms.append(call.latency_s * 1000)
                figures.synthetic_calls += 1 if call.synthetic else 0
                cost = self._call_cost(call)
                figures.cost_usd = (
                    None if cost is None or figures.cost_usd is None else figures.cost_usd + cost
                )
        return figures

    def _call_cost(self, call: CallRecord) -> float | None:
        """What one call cost: nothing when no model made the reply; at ``matrix.yaml``'s price
        for a model it prices; else as the log recorded it, ``None`` for a model with no
        known price (never a silent $0)."""
        if call.synthetic:
            return 0.0
        extra = self.extra_prices.get(call.model.lower())
        if extra is not None:
            return PriceTable({call.model: extra}).cost(call.model, call.usage)
        return call.cost_usd if self.prices.knows(call.model) else None

    def _finished(self, record: RunRecord) -> None:
        with self._lock:
            self.records.append(record)
        if self.on_progress is not None:
            done = len(self.records)
            elapsed = time.perf_counter() - self._started
            eta = elapsed / done * (self.total - done) if done else None
            failed = sum(1 for item in self.records if not item.passed)
            self.on_progress(MatrixProgress(done, self.total, failed, self._running, eta, record))


@dataclass
class _LogFigures:
    calls: int = 0
    synthetic_calls: int = 0
    user_messages: int = 0
    cost_usd: float | None = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    steps: dict[str, list[int]] = field(default_factory=dict)


def _detail(result: ScenarioTestResult) -> str:
    if result.error:
        return result.error
    if result.failures:
        return result.failures[0].describe()
    return ""


def _failed_at(result: ScenarioTestResult) -> str | None:
    turn = result.failing_turn
    if turn is None or not result.turns:
        return None
    index = min(turn, len(result.turns)) - 1
    return result.turns[index].step_before
