"""The JSON Schema of test files (``tests/*.test.yaml``), generated from the pydantic models.

Shipped as ``resources/scenario-test.schema.json`` beside the scenario schema, so editors check
and complete test files too. A test file in a scenario's ``tests/`` folder points at it with::

    # yaml-language-server: $schema=../../../resources/scenario-test.schema.json

``python -m engine schema --write`` refreshes both shipped schemas, ``--check`` fails when either
is out of date, and ``--tests`` prints this one.
"""

from __future__ import annotations

from typing import Any

from engine.scenario.json_schema import ShippedSchema, identifier_keys_only
from engine.scenario_tests.definition import ScenarioTest

__all__ = [
    "TEST_SCHEMA",
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
    identifier_keys_only(schema)  # variables are named by identifiers only
    return schema


TEST_SCHEMA = ShippedSchema(TEST_SCHEMA_FILE, lambda: schema_of_test_files())
schema_text = TEST_SCHEMA.text
shipped_schema_path = TEST_SCHEMA.shipped_path
write_schema = TEST_SCHEMA.write
is_current = TEST_SCHEMA.is_current
