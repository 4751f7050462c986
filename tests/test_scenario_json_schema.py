"""The JSON Schema shipped for editors is generated from the models and kept current."""

from __future__ import annotations

import json
from pathlib import Path

from plugins.cli import Prompter

from engine.io.resources import resource_path
from engine.scenario.definition import Scenario
from engine.scenario.json_schema import is_current, scenario_json_schema, schema_text, write_schema

REPO = Path(__file__).resolve().parent.parent


def test_the_shipped_schema_matches_the_models() -> None:
    shipped = resource_path("scenario.schema.json")
    assert shipped.read_text(encoding="utf-8") == schema_text(), (
        "resources/scenario.schema.json is out of date: run 'python -m engine schema --write'"
    )


def test_the_schema_describes_every_key_an_author_may_write() -> None:
    schema = scenario_json_schema()
    steps = schema["$defs"]["Step"]["properties"]

    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert set(schema["required"]) == {"name", "start", "steps"}
    assert set(schema["properties"]) == {
        name for name, field in Scenario.model_fields.items() if not field.exclude
    }
    assert "instructions_text" not in steps and "id" not in steps
    assert schema["$defs"]["Step"]["additionalProperties"] is False
    assert steps["kind"]["$ref"] == "#/$defs/StepKind"
    assert schema["$defs"]["StepKind"]["enum"] == ["prompt", "message", "action"]
    call = schema["$defs"]["ActionCallSpec"]
    assert set(call["properties"]) == {"python", "http"} and call["additionalProperties"] is False
    assert set(schema["$defs"]["HttpRequestSpec"]["properties"]) == {
        "method",
        "url",
        "headers",
        "json",
    }


def test_mappings_accept_only_identifier_keys() -> None:
    steps = scenario_json_schema()["properties"]["steps"]

    assert steps["patternProperties"] == {"^[A-Za-z_][A-Za-z0-9_]*$": {"$ref": "#/$defs/Step"}}
    assert steps["additionalProperties"] is False


def test_an_enum_needs_values_in_the_schema_too() -> None:
    rule = scenario_json_schema()["$defs"]["Variable"]["allOf"][0]

    assert rule["if"]["properties"]["type"] == {"const": "enum"}
    assert rule["then"]["required"] == ["values"]


def test_the_schema_command_writes_and_checks_the_file(tmp_path: Path, prompter: Prompter) -> None:
    target = tmp_path / "schema.json"
    written = prompter("schema", "--write", target)
    printed = prompter("schema")

    assert written.returncode == 0 and printed.returncode == 0
    assert target.read_text(encoding="utf-8") == printed.stdout == schema_text()
    assert json.loads(printed.stdout)["title"] == "Prompter scenario"


def test_a_stale_file_is_detected(tmp_path: Path) -> None:
    target = tmp_path / "schema.json"
    write_schema(target)
    assert is_current(target)

    target.write_text(schema_text().replace("Machine name", "Name"), encoding="utf-8")
    assert not is_current(target)
    assert not is_current(tmp_path / "missing.json")
