"""A scenario folder's tests, loaded and checked in one call: what the CLI and the studio list.

:func:`load_suite` never raises for a broken test file: each file's load errors and check
findings are collected, and only the files without errors are runnable. A scenario that does not
load is the one thing that raises (there is nothing to check the tests against).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import ScenarioError, ScenarioErrors
from engine.io.untrusted import folder_of
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario
from engine.scenario_tests.check import check_test
from engine.scenario_tests.definition import ScenarioTest
from engine.scenario_tests.loader import find_tests, load_test, scenario_folder

__all__ = ["Suite", "load_suite"]


@dataclass
class Suite:
    """The scenario, its loadable tests (in run order) and every finding about the files."""

    scenario: Scenario
    tests: list[ScenarioTest] = field(default_factory=list)
    findings: list[ScenarioError] = field(default_factory=list)
    #: Test files that could not be loaded or have errors; they are not run.
    broken: list[Path] = field(default_factory=list)

    @property
    def has_errors(self) -> bool:
        return any(finding.severity == "error" for finding in self.findings)


def load_suite(scenario_dir: Path | str, files: Sequence[Path | str] = ()) -> Suite:
    """Load the scenario and its tests (``files``, else every ``tests/*.test.yaml``).

    Raises :class:`ScenarioErrors` only when the scenario itself does not load.
    """
    folder = scenario_folder(scenario_dir)
    scenario = load_scenario(folder)
    suite = Suite(scenario)
    paths = [Path(file) for file in files] if files else find_tests(folder)
    for path in paths:
        try:
            test = load_test(path, inside=folder_of(path, folder))
        except ScenarioErrors as errors:
            suite.findings.extend(errors.errors)
            suite.broken.append(path)
            continue
        findings = check_test(scenario, test)
        suite.findings.extend(findings)
        if any(finding.severity == "error" for finding in findings):
            suite.broken.append(path)
        else:
            suite.tests.append(test)
    return suite
