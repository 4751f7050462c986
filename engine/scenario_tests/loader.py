"""Read ``tests/*.test.yaml`` with the scenario loader's limits and file:line:col errors.

The YAML is composed by :func:`engine.scenario.loader.compose_yaml` (size, depth and alias
limits, duplicate keys, tags refused, every key's mark kept) and pydantic's errors are located
by :func:`engine.scenario.loader.located_errors`, so a test file fails exactly as a scenario
would: ``tests/x.test.yaml:4:7: error: unknown key 'bot_say' (did you mean 'bot_says'?)``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from engine.errors import ScenarioError, ScenarioErrors, UnreadableFile
from engine.io.input_limits import MAX_TEST_BYTES
from engine.io.untrusted import read_text
from engine.scenario.definition import SCENARIO_FILE
from engine.scenario.loader import compose_yaml, located_errors
from engine.scenario_tests.definition import TEST_SUFFIX, TESTS_DIR, ScenarioTest

__all__ = ["MAX_TEST_BYTES", "find_tests", "load_test", "parse_test", "scenario_folder"]

_START_HINT = "start with 'name:' and 'turns:'"


def scenario_folder(path: Path | str) -> Path:
    """The scenario folder for a folder or its ``scenario.yaml``."""
    root = Path(path)
    return root.parent if root.name == SCENARIO_FILE and root.is_file() else root


def find_tests(scenario: Path | str) -> list[Path]:
    """The scenario's test files (``tests/*.test.yaml``), sorted by name: the run order.

    Links are listed too (not followed): :func:`load_test` with ``inside=`` the scenario folder
    refuses one that leads out of it, and says so.
    """
    folder = scenario_folder(scenario) / TESTS_DIR
    if not folder.is_dir():
        return []
    return sorted(
        path for path in folder.glob(f"*{TEST_SUFFIX}") if path.is_file() or path.is_symlink()
    )


def load_test(path: Path | str, *, inside: Path | str | None) -> ScenarioTest:
    """Read and parse one test file; :class:`ScenarioErrors` lists what is wrong, located.

    ``inside`` is the folder the file must stay in (the scenario's; ``None`` only for a file the
    user named outside it): the bounded reader refuses links out of it, pipes and devices, and
    files over :data:`~engine.io.input_limits.MAX_TEST_BYTES` before reading them.
    """
    file = Path(path)
    try:
        text = read_text(file, limit=MAX_TEST_BYTES, what="the test file", inside=inside)
    except UnreadableFile as error:
        if error.reason == "missing":
            raise ScenarioErrors([ScenarioError("no such test file", path=file)]) from None
        raise ScenarioErrors([error]) from None
    return parse_test(text, path=file)


def parse_test(text: str, *, path: Path | None = None) -> ScenarioTest:
    """Parse the text of a test file (nothing else is read)."""
    try:
        data, marks = compose_yaml(text, path=path)
    except ScenarioErrors as errors:
        raise ScenarioErrors([_retold(error) for error in errors.errors]) from None
    if not isinstance(data, dict):
        raise ScenarioErrors(
            [
                ScenarioError(
                    "a test must be a mapping of keys to values",
                    path=path,
                    line=1,
                    column=1,
                    hint=_START_HINT,
                )
            ]
        )
    if "path" in data:  # a model field the loader fills in itself, not a key of the file
        line, column = marks.get(("path", "<key>"), (1, 1))
        raise ScenarioErrors(
            [
                ScenarioError(
                    "unknown key 'path'",
                    path=path,
                    line=line,
                    column=column,
                    field="path",
                    hint="known keys here: end, name, turns, variables",
                )
            ]
        )
    try:
        test = ScenarioTest.model_validate(data)
    except ValidationError as error:
        raise ScenarioErrors(located_errors(error, marks, path, ScenarioTest)) from None
    test.path = path
    test.marks = marks
    return test


def _retold(error: ScenarioError) -> ScenarioError:
    """The YAML reader's errors, with the hint of a test file rather than of a scenario."""
    if error.hint and "'steps:'" in error.hint:
        return ScenarioError(
            error.message,
            path=error.path,
            line=error.line,
            column=error.column,
            field=error.field,
            hint=_START_HINT,
        )
    return error
