"""The publish steps off the UI thread: check (validator, tests, plan) and publish; the versions.

Each job runs its work with :func:`asyncio.run` on a :class:`~app.worker_thread.WorkerThread`
and reports back through Qt signals (delivered on the UI thread): ``finished(result)`` or
``failed(message)``. The store is opened and closed inside the job; nothing crosses threads but
the finished result.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from app.worker_thread import WorkerThread
from engine.compare.render import render_text
from engine.errors import PrompterError
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.scenario_tests.report import summary_line
from engine.serve.publish import (
    PublishPlan,
    TestsFailed,
    apply_plan,
    check_scenario,
    plan_publish,
    run_scenario_tests,
)
from engine.serve.store import SessionStore
from engine.serve.store_url import open_store
from engine.serve.version_figures import VersionFigures, version_figures


@dataclass
class Checked:
    """What *Check* found: the plan (``None`` when refused), and the lines that say it all."""

    plan: PublishPlan | None
    tests_failed: bool = False
    lines: list[str] = field(default_factory=list)


@dataclass
class LiveVersions:
    """The store's versions and figures, and each version's scenario (to draw it)."""

    figures: list[VersionFigures]
    scenarios: dict[str, Scenario]


class StoreJob(QObject):
    """``work(store)`` on a worker thread, over the store at ``url``."""

    finished = Signal(object)
    failed = Signal(str)

    def __init__(
        self, url: str, work: Callable[[SessionStore], Awaitable[Any]], parent: QObject | None
    ) -> None:
        super().__init__(parent)
        self.url, self.work = url, work
        self._worker = WorkerThread(self._run, "prompter-publish")

    def start(self) -> None:
        self._worker.start()

    def wait(self, timeout: float | None = None) -> bool:
        return self._worker.wait(timeout)

    def _run(self) -> None:
        async def run() -> Any:
            store = open_store(self.url, pool_size=2)
            await store.open()
            try:
                return await self.work(store)
            finally:
                await store.close()

        try:
            result = asyncio.run(run())
        except PrompterError as error:
            self.failed.emit(str(error))
            return
        except Exception as error:  # a bug must reach the window, not die with the thread
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.finished.emit(result)


def check(folder: Path, maps: Mapping[str, str]) -> Callable[[SessionStore], Awaitable[Checked]]:
    """The validator, the tests (replayed), the graph diff and the migration report."""

    async def work(store: SessionStore) -> Checked:
        scenario = load_scenario(folder)
        checked = Checked(None)
        try:
            checked.lines += [finding.render() for finding in check_scenario(scenario)]
            result = await run_scenario_tests(folder)
            if result is None:
                checked.lines.append("tests: none (the scenario has no tests)")
            else:
                checked.lines.append(f"tests: {summary_line(result)}")
                checked.tests_failed = not result.passed
        except TestsFailed as error:
            checked.lines.append(str(error))
            checked.tests_failed = True
        plan = await plan_publish(store, scenario, maps)
        if plan.diff is not None:
            checked.lines += ["", render_text(plan.diff).rstrip()]
        checked.lines += ["", *plan.report()]
        checked.plan = plan
        return checked

    return work


def publish(plan: PublishPlan, rollout: int) -> Callable[[SessionStore], Awaitable[str]]:
    async def work(store: SessionStore) -> str:
        await apply_plan(store, plan, rollout=rollout)
        return plan.version

    return work


async def live_versions(store: SessionStore) -> LiveVersions:
    """Every version's figures, and its scenario loaded from the store's files."""
    from engine.serve.publish import load_version

    figures = await version_figures(store)
    scenarios = {}
    for item in figures:
        scenario = await load_version(store, item.row.version)
        if scenario is not None:
            scenarios[item.row.version] = scenario
    return LiveVersions(figures, scenarios)


__all__ = ["Checked", "LiveVersions", "StoreJob", "check", "live_versions", "publish"]
