"""A matrix from what was asked — folder, model specs, variants, tests, personas — ready to run,
and its outputs written: what ``prompter matrix`` and the studio's *Model matrix…* share.

:func:`prepare` reads the scenario's tests and personas, the variants' scenarios and opens each
model (a real model's provider, or the fake's server); :meth:`PreparedMatrix.execute` runs it
(the stand-in services of a shipped scenario started when every model is the fake one), closes
the models, and writes ``matrix.json`` and ``report.html``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.compare import load_side
from engine.errors import ProviderAuthError, ScenarioError
from engine.io.atomic import atomic_write_text
from engine.matrix.models import MatrixModel
from engine.matrix.report import report_html
from engine.matrix.run import Cell, MatrixProgress, MatrixResult, MatrixRun
from engine.matrix.spec import CURRENT, MatrixConfig, ModelSpec
from engine.matrix.summary import build_summary
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.scenario_tests.definition import ScenarioTest
from engine.scenario_tests.record_shipped import SERVICES
from engine.simulate.persona import Persona

__all__ = ["MATRIX_FILE", "REPORT_FILE", "PreparedMatrix", "choose_tests", "prepare"]

MATRIX_FILE = "matrix.json"
REPORT_FILE = "report.html"


def choose_tests(tests: Sequence[ScenarioTest], names: Sequence[str]) -> list[ScenarioTest]:
    """The tests named (by file name, with or without ``.test.yaml``); all when none is.
    A name no test has is a :class:`ScenarioError`."""
    if not names:
        return list(tests)
    wanted = {name.removesuffix(".test.yaml") for name in names}
    chosen = [
        test
        for test in tests
        if test.path is not None and test.path.name.removesuffix(".test.yaml") in wanted
    ]
    found = {test.path.name.removesuffix(".test.yaml") for test in chosen if test.path}
    missing = sorted(wanted - found)
    if missing:
        raise ScenarioError(f"no test named {missing[0]!r} among the scenario's tests")
    return chosen


@dataclass
class PreparedMatrix:
    """Cells, open models and the run; :meth:`execute` once."""

    cells: list[Cell]
    models: dict[str, MatrixModel]
    run: MatrixRun
    out_dir: Path

    @property
    def scenario(self) -> Scenario:
        return self.cells[0].scenario

    def execute(
        self, runner: Callable[[Coroutine[Any, Any, MatrixResult]], MatrixResult] = asyncio.run
    ) -> tuple[MatrixResult, dict[str, Any]]:
        """Run (``runner`` drives the coroutine: the CLI wires Ctrl-C there), close the
        models, write ``matrix.json`` and ``report.html``; the result and the summary."""
        fake_only = all(cell.model.is_fake for cell in self.cells)
        try:
            with _services(self.scenario.name) if fake_only else contextlib.nullcontext():
                result = runner(self.run.run())
        finally:
            self.close()
        summary = build_summary(result, scenario=self.scenario.name)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(
            self.out_dir / MATRIX_FILE, json.dumps(summary, indent=1, ensure_ascii=False) + "\n"
        )
        atomic_write_text(self.out_dir / REPORT_FILE, report_html(summary, self.scenario))
        return result, summary

    def close(self) -> None:
        asyncio.run(_close(self.models))


@contextlib.contextmanager
def _services(name: str) -> Iterator[None]:
    """The stand-in services a shipped scenario's actions call (the support desk's ticket
    service), started for a key-free matrix; one already serving on their port is used."""
    services = SERVICES.get(name)
    with contextlib.ExitStack() as stack:
        if services is not None:
            with contextlib.suppress(OSError):  # the port is taken: one is running already
                stack.enter_context(services())
        yield


async def _close(models: dict[str, MatrixModel]) -> None:
    for model in models.values():
        with contextlib.suppress(Exception):
            await model.aclose()


def prepare(
    folder: Path,
    models: Sequence[ModelSpec],
    variants: Sequence[str],
    tests: Sequence[ScenarioTest],
    *,
    personas: Sequence[Persona] = (),
    repeat: int,
    jobs: int,
    seed: int,
    out_dir: Path,
    config: MatrixConfig | None = None,
    current: Scenario | None = None,
    api_key_set: bool = True,
    api_key: str | None = None,
    on_progress: Callable[[MatrixProgress], None] | None = None,
) -> PreparedMatrix:
    """Everything ready to run. ``current`` is the scenario as it stands (default: read from
    ``folder``; the studio passes the editor's). Raises
    :class:`~engine.errors.ProviderAuthError` for a real model without a key
    (``api_key_set``: one in the environment; or ``api_key``, the studio's), a
    :class:`ScenarioError` for a variant that cannot be read."""
    config = config or MatrixConfig()
    if not models:
        raise ScenarioError("no model to run: name one (fake:break=0.1 needs no key)")
    cells: list[Cell] = []
    for variant in variants or [CURRENT]:
        if variant == CURRENT:
            scenario = current if current is not None else load_scenario(folder)
        else:
            scenario = load_side(variant).scenario
        for spec in models:
            cells.append(Cell(len(cells), spec, variant, scenario))
    opened: dict[str, MatrixModel] = {}
    try:
        for spec in models:
            if spec.text in opened:
                continue
            if not spec.is_fake and not (api_key_set or api_key):
                raise ProviderAuthError(f"{spec.text}: no API key")
            opened[spec.text] = MatrixModel(spec, overrides=config.rate_limits, api_key=api_key)
    except BaseException:
        asyncio.run(_close(opened))
        raise
    run = MatrixRun(
        cells,
        opened,
        tests,
        personas=personas,
        repeat=repeat,
        jobs=jobs,
        seed=seed,
        out_dir=out_dir,
        extra_prices=config.prices,
        on_progress=on_progress,
    )
    return PreparedMatrix(cells, opened, run, out_dir)
