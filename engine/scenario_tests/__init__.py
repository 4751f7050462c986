"""Scenario tests: conversations with expectations, replayed offline from recorded model replies.

A scenario folder may hold ``tests/*.test.yaml`` (one conversation each, see
:mod:`~engine.scenario_tests.definition`) and, beside each, its cassette ``NAME.replies.jsonl`` (the
model's replies, see :mod:`engine.scenario_tests.cassette`). ``python -m engine test`` runs them;
the studio calls the same functions.

    model        the test file's pydantic models, file naming
    loader       reading test files with located errors (the scenario loader's machinery)
    check        the names a test uses must exist in its scenario (located findings)
    expectations judging a turn and the end against what the test expects
    runner       running tests: replay / record / live, concurrently, with progress events
    coverage     steps entered, signals taken, results filled; per test and in total
    report       text lines, JUnit XML, coverage JSON
    from_chat    a conversation's log → a test file and its cassette ("Save chat as test")
    json_schema  the JSON Schema of test files, for editors
    record_shipped  re-records the shipped scenarios' cassettes against the fake model

The studio's entry points: :func:`load_suite` (tests and findings of a folder),
:func:`run_tests_sync` on a worker thread with ``on_progress``/``should_stop``, the result
dataclasses (:class:`ScenarioTestResult` has ``log_path`` and ``failing_turn``), the
:class:`CoverageReport` for shading the graph, and :func:`chat_to_test` to save a chat.

It may import the turn loop (:mod:`engine.conversation`) and everything below it, and the
key-free model (:mod:`engine.offline`) that re-records the shipped tests.
"""

from engine.scenario_tests.check import check_test
from engine.scenario_tests.coverage import Coverage, CoverageReport
from engine.scenario_tests.definition import (
    CASSETTE_SUFFIX,
    TEST_SUFFIX,
    TESTS_DIR,
    EndSpec,
    Expect,
    ScenarioTest,
    TurnSpec,
    cassette_path,
)
from engine.scenario_tests.expectations import ExpectationFailure
from engine.scenario_tests.from_chat import SavedChat, chat_to_test, dump_test
from engine.scenario_tests.loader import find_tests, load_test, parse_test
from engine.scenario_tests.runner import (
    Mode,
    Progress,
    ScenarioTestResult,
    SuiteResult,
    TestFinished,
    TestStarted,
    TurnChecked,
    TurnRecord,
    run_test,
    run_tests,
    run_tests_sync,
)
from engine.scenario_tests.suite import Suite, load_suite

__all__ = [
    "CASSETTE_SUFFIX",
    "TESTS_DIR",
    "TEST_SUFFIX",
    "Coverage",
    "CoverageReport",
    "EndSpec",
    "Expect",
    "ExpectationFailure",
    "Mode",
    "Progress",
    "SavedChat",
    "ScenarioTest",
    "ScenarioTestResult",
    "Suite",
    "SuiteResult",
    "TestFinished",
    "TestStarted",
    "TurnChecked",
    "TurnRecord",
    "TurnSpec",
    "cassette_path",
    "chat_to_test",
    "check_test",
    "dump_test",
    "find_tests",
    "load_suite",
    "load_test",
    "parse_test",
    "run_test",
    "run_tests",
    "run_tests_sync",
]
