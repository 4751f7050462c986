"""The JSON Schema of test files (``tests/*.test.yaml``), generated from the pydantic models.

Shipped as ``resources/scenario-test.schema.json`` beside the scenario schema, so editors check
and complete test files too. A test file in a scenario's ``tests/`` folder points at it with::

    # yaml-language-server: $schema=../../../resources/scenario-test.schema.json

``python -m engine schema --write`` refreshes both shipped schemas, ``--check`` fails when either
is out of date, and ``--tests`` prints this one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.atomic import atomic_write_text
from engine.paths import resource_path
from engine.scenario_tests.model import ScenarioTest

__all__ = [
    "TEST_SCHEMA_FILE",
    "is_current",
    "schema_of_test_files",
    "schema_text",
    "shipped_schema_path",
    "write_schema",
]

TEST_SCHEMA_FILE = "scenario-test.schema.json"
SCHEMA_ID = "https://prompter.dev/schemas/scenario-test.schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema_of_test_files() -> dict[str, Any]:
    """The schema as a dict: pydantic's, with identifier-only mapping keys."""
    schema = ScenarioTest.model_json_schema(mode="validation")
    schema = {
        "$schema": DIALECT,
        "$id": SCHEMA_ID,
        **{key: value for key, value in schema.items() if key not in ("title", "description")},
        "title": "Prompter scenario test",
        "description": "tests/NAME.test.yaml: one conversation with expectations, run by "
        "'python -m engine test'. See docs/testing.md.",
    }
    _name_keys(schema)
    return schema


def _name_keys(node: Any) -> None:
    """Variables are named by identifiers only, as the loader demands."""
    if isinstance(node, dict):
        if "patternProperties" in node:
            node.setdefault("additionalProperties", False)
        for value in node.values():
            _name_keys(value)
    elif isinstance(node, list):
        for item in node:
            _name_keys(item)


def schema_text() -> str:
    return json.dumps(schema_of_test_files(), indent=2, ensure_ascii=False) + "\n"


def shipped_schema_path() -> Path:
    return resource_path(TEST_SCHEMA_FILE)


def write_schema(path: Path | None = None) -> Path:
    target = path or shipped_schema_path()
    atomic_write_text(target, schema_text())
    return target


def is_current(path: Path | None = None) -> bool:
    target = path or shipped_schema_path()
    try:
        return target.read_text(encoding="utf-8") == schema_text()
    except OSError:
        return False
