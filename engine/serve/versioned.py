"""A worker's view of the store's versions: what new conversations start on, each version's
scenario, and where a conversation on an older version moves.

* **New conversations** start on the live version (:class:`~engine.serve.versions_store.Live`);
  while it is rolled out to ``rollout`` per cent, the others start on the version before it. The
  draw is made once, at the start: a conversation keeps its version (sticky).
* **The live pointer** is one row, read again when the copy this worker holds is older than
  :data:`POLL_S`: a publish reaches every worker's next new conversation within that time,
  whatever the store (a poll works the same on SQLite and PostgreSQL, and costs one primary-key
  read every quarter of a second at most).
* **A version's scenario** is loaded once per process: its files are written into a folder of
  the worker's own and loaded from there, so a worker serves a version it was not started with.
* **Migrations** move a conversation at the start of its next turn (:func:`migrate_session`):
  the worker that holds the conversation rewrites its step under the new name and logs a
  ``migrated`` event in the same commit as the turn. A conversation whose step is not in a
  migration stays on its version until it ends.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.log.events import Event, EventType, MigratedData
from engine.scenario.content_version import scenario_version, version_files, write_version_files
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.serve.store import SessionStore, StoreError
from engine.serve.versions_store import Live, Migration

#: Seconds a worker trusts its copy of the live pointer (a publish reaches it within that).
POLL_S = 0.25
#: Migrations followed one after the other for one conversation, at most (v1 → v2 → v3 …).
MAX_HOPS = 50


class VersionedScenarios:
    """The versions one worker serves (see the module docstring)."""

    def __init__(self, store: SessionStore, default: Scenario) -> None:
        self.store = store
        #: The scenario the server was started with: also what conversations stored before
        #: versions existed (no version recorded) run on.
        self.default = default
        self.default_version = scenario_version(default)
        self._scenarios: dict[str, Scenario] = {self.default_version: default, "": default}
        self._live = Live(self.default_version)
        self._checked = float("-inf")
        self._migrations: dict[str, list[Migration]] = {}
        self._generation = -1
        self._folder: Path | None = None
        self._loading = asyncio.Lock()
        self._polling = asyncio.Lock()

    async def deploy(self) -> bool:
        """Publish the started-with scenario when the store does not have its version yet, as
        a deploy would (``prompter serve``). True when it was new."""
        try:
            files = version_files(self.default)
        except Exception:  # a scenario built in memory: served, not kept for other workers
            files = {}
        published = await self.store.publish(
            self.default_version, self.default.name, files, only_if_new=True
        )
        self._checked = float("-inf")
        return published

    async def live(self) -> Live:
        """The live pointer, read again when this worker's copy is older than :data:`POLL_S`."""
        now = time.monotonic()
        if now - self._checked >= POLL_S:
            async with self._polling:  # one read at a time; the others wait for its answer
                if now - self._checked >= POLL_S:
                    await self._poll(now)
        return self._live

    async def _poll(self, now: float) -> None:
        live = await self.store.live()
        if live.generation != self._generation:
            # built aside, then swapped in: a turn never sees the migrations half-read
            migrations: dict[str, list[Migration]] = {}
            for migration in await self.store.migrations():
                migrations.setdefault(migration.from_version, []).append(migration)
            self._migrations, self._generation = migrations, live.generation
        if live.version is not None:
            self._live = live
        self._checked = now

    async def for_new(self) -> tuple[str, Scenario]:
        """The version a new conversation starts on, and its scenario (a sticky draw)."""
        live = await self.live()
        version = live.version or self.default_version
        if live.previous is not None and random.uniform(0, 100) >= live.rollout:
            version = live.previous
        return version, await self.scenario(version)

    async def scenario(self, version: str) -> Scenario:
        """The scenario of ``version``, loaded once per process from the store's files."""
        found = self._scenarios.get(version)
        if found is not None:
            return found
        async with self._loading:
            if version not in self._scenarios:
                files = await self.store.version_files(version)
                if not files:
                    raise StoreError(f"the store has no files of scenario version {version!r}")
                self._scenarios[version] = await asyncio.to_thread(self._load, version, files)
        return self._scenarios[version]

    def _load(self, version: str, files: dict[str, str]) -> Scenario:
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="prompter-versions-"))
        folder = self._folder / version
        write_version_files(files, folder)
        return load_scenario(folder)

    async def destination(self, version: str, step: str) -> tuple[str, dict[str, str]] | None:
        """Where a conversation on ``step`` of ``version`` moves, following migrations one
        after the other: the version, and the old → new names of the steps (the one it is on
        among them); ``None`` when it stays.

        The live pointer is read again here, whatever its age: one small read per turn, so that
        a conversation on a renamed step moves at its very next message after a publish (a
        copy up to :data:`POLL_S` old would let that message run on the old version)."""
        async with self._polling:
            await self._poll(time.monotonic())
        names: dict[str, str] | None = None
        start = step
        for _ in range(MAX_HOPS):
            found = next(
                (m for m in reversed(self._migrations.get(version, [])) if step in m.steps), None
            )
            if found is None:
                break
            names = {old: found.steps.get(new, new) for old, new in (names or {}).items()}
            names = {**found.steps, **names}
            version, step = found.to_version, found.steps[step]
        if names is None:
            return None
        if step not in (await self.scenario(version)).steps:
            return None  # a map to a step the version lacks: stay where it is
        names[start] = step
        return version, names

    def close(self) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


def migrate_session(
    text: str, from_version: str, to_version: str, steps: Mapping[str, str]
) -> tuple[str, Event]:
    """A stored session (:meth:`engine.SessionData.to_json`) moved to ``to_version``: its steps
    renamed by ``steps`` (the current one, the path so far, results, summaries, checkpoints),
    and the ``migrated`` event that says so, numbered after the session's last event."""
    data: dict[str, Any] = json.loads(text)
    state = data["state"]
    before = str(state["step"])
    _rename_state(state, steps)
    data["results"] = _renamed_keys(data.get("results", {}), steps)
    data["summaries"] = _renamed_keys(data.get("summaries", {}), steps)
    for point in data.get("checkpoints", []):
        _rename_state(point["state"], steps)
        point["results"] = _renamed_keys(point.get("results", {}), steps)
        point["summaries"] = _renamed_keys(point.get("summaries", {}), steps)
    data["seq"] = int(data.get("seq", 0)) + 1
    event = Event(
        type=EventType.MIGRATED.value,
        session=str(data["session_id"]),
        seq=data["seq"],
        turn=int(state.get("turn", 0)),
        step=str(state["step"]),
        data=MigratedData(
            from_version=from_version,
            to_version=to_version,
            from_step=before,
            to_step=str(state["step"]),
        ),
    )
    return json.dumps(data, ensure_ascii=False), event


def _rename_state(state: dict[str, Any], steps: Mapping[str, str]) -> None:
    state["step"] = steps.get(state["step"], state["step"])
    state["visited"] = [steps.get(step, step) for step in state.get("visited", [])]


def _renamed_keys(values: Mapping[str, Any], steps: Mapping[str, str]) -> dict[str, Any]:
    return {steps.get(key, key): value for key, value in values.items()}


__all__ = ["MAX_HOPS", "POLL_S", "VersionedScenarios", "migrate_session"]
