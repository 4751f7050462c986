"""The JSON Schema of ``scenario.yaml``, generated from the pydantic models.

Shipped as ``resources/scenario.schema.json`` so YAML language servers (VS Code, JetBrains, Vim)
check and complete scenarios outside the studio. Add to the top of a ``scenario.yaml``::

    # yaml-language-server: $schema=../../resources/scenario.schema.json

It is generated, never written by hand: ``python -m engine schema --write`` refreshes the shipped
file, and a test fails when the models changed but the file was not regenerated.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.io.atomic import atomic_write_text
from engine.io.resources import resource_path
from engine.scenario.definition import Scenario

SCHEMA_FILE = "scenario.schema.json"
SCHEMA_ID = "https://prompter.dev/schemas/scenario.schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def scenario_json_schema() -> dict[str, Any]:
    """The schema as a dict: pydantic's, plus the rules pydantic validators express in code."""
    schema = Scenario.model_json_schema(mode="validation")
    schema = {
        "$schema": DIALECT,
        "$id": SCHEMA_ID,
        "title": "Prompter scenario",
        "description": "scenario.yaml: the dialogue graph of a Prompter scenario. "
        "See docs/scenario-format.md.",
        **{key: value for key, value in schema.items() if key != "title"},
    }
    for name in ("Variable", "ResultField"):
        definition = schema.get("$defs", {}).get(name)
        if definition is not None:
            definition["allOf"] = [_ENUM_NEEDS_VALUES]
    identifier_keys_only(schema)
    return schema


def identifier_keys_only(node: Any) -> None:
    """Mappings of steps, signals, variables and results accept identifier keys only.

    Pydantic exports ``dict[Identifier, …]`` as ``patternProperties`` but lets any other key
    through; the loader refuses them, so the schema must too.
    """
    if isinstance(node, dict):
        if "patternProperties" in node:
            node.setdefault("additionalProperties", False)
        for value in node.values():
            identifier_keys_only(value)
    elif isinstance(node, list):
        for item in node:
            identifier_keys_only(item)


#: ``values`` is required for an enum and forbidden otherwise (``_Typed._enum_needs_values``).
_ENUM_NEEDS_VALUES: dict[str, Any] = {
    "if": {"properties": {"type": {"const": "enum"}}, "required": ["type"]},
    "then": {"required": ["values"], "properties": {"values": {"type": "array", "minItems": 1}}},
    "else": {"not": {"required": ["values"]}},
}


@dataclass(frozen=True)
class ShippedSchema:
    """A JSON Schema generated from models and shipped in ``resources/`` (the scenario's, the
    test files'): its text, writing it, and whether the shipped file is current."""

    file_name: str
    build: Callable[[], dict[str, Any]]

    def text(self) -> str:
        """The schema as the shipped file holds it (stable key order, trailing newline)."""
        return json.dumps(self.build(), indent=2, ensure_ascii=False) + "\n"

    def shipped_path(self) -> Path:
        return resource_path(self.file_name)

    def write(self, path: Path | None = None) -> Path:
        """Write the schema (atomically) to ``path``, by default the shipped file."""
        target = path or self.shipped_path()
        atomic_write_text(target, self.text())
        return target

    def is_current(self, path: Path | None = None) -> bool:
        """Whether the file at ``path`` (default: the shipped one) matches the models."""
        target = path or self.shipped_path()
        try:
            return target.read_text(encoding="utf-8") == self.text()
        except OSError:
            return False


SCENARIO_SCHEMA = ShippedSchema(SCHEMA_FILE, lambda: scenario_json_schema())
schema_text = SCENARIO_SCHEMA.text
shipped_schema_path = SCENARIO_SCHEMA.shipped_path
write_schema = SCENARIO_SCHEMA.write
is_current = SCENARIO_SCHEMA.is_current


__all__ = [
    "SCENARIO_SCHEMA",
    "SCHEMA_FILE",
    "ShippedSchema",
    "identifier_keys_only",
    "is_current",
    "scenario_json_schema",
    "schema_text",
    "shipped_schema_path",
    "write_schema",
]
