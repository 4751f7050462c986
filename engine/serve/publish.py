"""Putting a new version of a served scenario live: checks, the step map, the report, the write.

``prompter publish`` and the studio's *File ▸ Publish…* both go through here:

    check_scenario (validator errors refuse)  ─►  run_scenario_tests (replayed, as
    ``prompter test`` runs them; failures refuse unless forced)  ─►  plan_publish (the step map
    from the graph diff against every version that still has conversations in flight, plus the
    author's ``--map``; what happens to each group of conversations)  ─►  apply_plan (one
    transaction: the version's files, its migrations, the live pointer)

A conversation on a step the diff recognises as renamed (:func:`engine.compare.diff_sides`, what
``prompter diff`` reports) moves to the new version at its next turn under the new name; one on
a step that is gone, or that both versions have (it may have changed), stays on its version until
it ends, unless ``--map OLD=NEW`` sends it to a step of the new version. Nothing is written to a
conversation by a publish (:mod:`engine.serve.versioned` moves it), so none fails because of one.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.compare import ScenarioDiff, diff_sides, side_from_scenario
from engine.errors import PrompterError, ScenarioError
from engine.scenario.content_version import scenario_version, version_files, write_version_files
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.scenario.validate import has_errors, validate
from engine.scenario_tests.runner import SuiteResult, run_tests
from engine.scenario_tests.suite import load_suite
from engine.serve.store import SessionStore
from engine.serve.versions_store import Live, Migration


class PublishRefused(PrompterError):
    """The scenario is not published: validator errors, failing tests, a bad ``--map``."""


class TestsFailed(PublishRefused):
    """The scenario's tests fail, or their files have errors (``--force`` publishes anyway)."""


@dataclass(frozen=True)
class Group:
    """Conversations in flight on one step of one version, and what the publish does to them."""

    version: str
    step: str
    count: int
    #: The step of the new version they move to; ``None``: they stay on their version.
    to_step: str | None
    #: Why: ``renamed``, ``mapped`` (``--map``), ``removed`` or ``kept`` (both versions have it).
    reason: str

    def describe(self, new_version: str) -> str:
        if self.to_step is not None:
            how = "renamed" if self.reason == "renamed" else "--map"
            return f"move to {new_version} at {self.to_step!r} ({how})"
        if self.reason == "removed":
            return f"stay on {self.version} until they end (the step is gone)"
        return f"stay on {self.version} until they end"


@dataclass
class PublishPlan:
    """What a publish would do (``--dry-run`` prints it; :func:`apply_plan` does it)."""

    scenario: Scenario
    version: str
    files: dict[str, str]
    live: Live
    #: The store keeps this version already (a publish then only moves the live pointer).
    known: bool
    migrations: list[Migration] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    #: The graph diff from the live version (``None`` when nothing is live, or it is this one).
    diff: ScenarioDiff | None = None

    def report(self, rollout: int = 100) -> list[str]:
        """The migration report, one line each."""
        lines = [
            f"version {self.version} of {self.scenario.name}"
            + (" (the store has it already)" if self.known else " (new)")
            + (f"; live now: {self.live.version}" if self.live.version else "; nothing live yet")
        ]
        if self.diff is not None and self.diff.renames:
            renamed = ", ".join(f"{a} → {b}" for a, b in sorted(self.diff.renames.items()))
            lines.append(f"renamed since the live version: {renamed}")
        if not self.groups:
            lines.append("conversations in flight: none")
        else:
            lines.append("conversations in flight:")
            width = max(len(group.step) for group in self.groups)
            for group in self.groups:
                lines.append(
                    f"  {group.version}  {group.step:<{width}}  {group.count:>6}  "
                    f"{group.describe(self.version)}"
                )
            moving = sum(group.count for group in self.groups if group.to_step is not None)
            staying = sum(group.count for group in self.groups if group.to_step is None)
            lines.append(f"  {moving} move to {self.version}, {staying} stay on their version")
        others = self.live.version if rollout < 100 else None
        lines.append(
            f"new conversations: {rollout} % on {self.version}"
            + (f", the others on {others}" if others and others != self.version else "")
        )
        return lines


def parse_maps(values: Sequence[str]) -> dict[str, str]:
    """``--map OLD=NEW`` values as a dict; :class:`PublishRefused` for one without ``=``."""
    maps: dict[str, str] = {}
    for value in values:
        old, sep, new = value.partition("=")
        if not sep or not old.strip() or not new.strip():
            raise PublishRefused(f"--map {value!r}: write OLD_STEP=NEW_STEP")
        maps[old.strip()] = new.strip()
    return maps


def check_scenario(scenario: Scenario) -> list[ScenarioError]:
    """The validator's findings; :class:`PublishRefused` when any is an error."""
    findings: list[ScenarioError] = list(validate(scenario))
    if has_errors(findings):
        errors = [finding.render() for finding in findings if finding.severity == "error"]
        raise PublishRefused(
            f"{scenario.name} has validator errors; nothing was published:\n" + "\n".join(errors)
        )
    return findings


async def run_scenario_tests(folder: Path) -> SuiteResult | None:
    """The scenario's tests, replayed from their cassettes as ``prompter test`` runs them
    (``None`` when it has none). Test files with errors count as failing."""
    suite = load_suite(folder)
    if suite.has_errors:
        raise TestsFailed(f"{folder}: test files with errors (prompter test --check shows them)")
    if not suite.tests:
        return None
    return await run_tests(suite.scenario, suite.tests, mode="replay")


async def plan_publish(
    store: SessionStore, scenario: Scenario, maps: Mapping[str, str] | None = None
) -> PublishPlan:
    """What publishing ``scenario`` to ``store`` does (see the module docstring)."""
    maps = dict(maps or {})
    for source, target in maps.items():
        if target not in scenario.steps:
            raise PublishRefused(f"--map {source}={target}: the new version has no step {target!r}")
    version = scenario_version(scenario)
    live = await store.live()
    known = await store.version_files(version) is not None
    plan = PublishPlan(scenario, version, version_files(scenario), live, known)
    placements = [p for p in await store.placements() if p.version != version]
    olds: dict[str, Scenario | None] = {}
    for old_version in {p.version for p in placements} | ({live.version} - {None, version}):
        if old_version is not None:
            olds[old_version] = await load_version(store, old_version)
    for name, old in olds.items():
        if old is None:
            continue
        renames = diff_sides(
            side_from_scenario(old, label=name), side_from_scenario(scenario, label=version)
        ).renames
        steps = {a: b for a, b in renames.items() if b in scenario.steps}
        steps.update({a: b for a, b in maps.items() if a in old.steps})
        if steps:
            plan.migrations.append(Migration(name, version, steps))
        if name == live.version:
            plan.diff = diff_sides(
                side_from_scenario(old, label=name), side_from_scenario(scenario, label=version)
            )
    by_version = {m.from_version: m.steps for m in plan.migrations}
    for placement in placements:
        moves = by_version.get(placement.version, {})
        old = olds.get(placement.version)
        to_step = moves.get(placement.step)
        if to_step is not None:
            reason = "mapped" if placement.step in maps else "renamed"
        elif placement.step in scenario.steps or old is None:
            reason = "kept"
        else:
            reason = "removed"
        plan.groups.append(
            Group(placement.version, placement.step, placement.count, to_step, reason)
        )
    return plan


async def apply_plan(store: SessionStore, plan: PublishPlan, *, rollout: int = 100) -> None:
    """Publish: the version, its migrations and the live pointer, in one transaction."""
    await store.publish(
        plan.version, plan.scenario.name, plan.files, plan.migrations, rollout=rollout
    )


async def load_version(store: SessionStore, version: str) -> Scenario | None:
    """A version the store keeps, loaded from its files (``None`` when it has none)."""
    files = await store.version_files(version)
    if not files:
        return None
    with tempfile.TemporaryDirectory(prefix="prompter-publish-") as folder:
        write_version_files(files, Path(folder))
        scenario = load_scenario(folder)
    return scenario


__all__ = [
    "Group",
    "PublishPlan",
    "PublishRefused",
    "TestsFailed",
    "apply_plan",
    "check_scenario",
    "load_version",
    "parse_maps",
    "plan_publish",
    "run_scenario_tests",
]
