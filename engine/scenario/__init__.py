"""Scenarios: the YAML graph, its models, loading with located errors, and validation.

``definition`` (pydantic models of scenario.yaml) ← ``loader`` (YAML with marks → Scenario, located
errors) ← ``graph`` (networkx view) ← ``validate`` (findings). ``json_schema`` exports the models
for other editors. The studio's round-trip editing lives in ``document`` and ``layout``.

The validator is imported from its module (``from engine.scenario.validate import validate``):
re-exporting the function here would hide the module of the same name.
"""

from engine.scenario.definition import (
    PLACEHOLDER,
    RESERVED_SIGNALS,
    SCENARIO_FILE,
    STAY,
    ContractSettings,
    ModelSettings,
    OnEnter,
    ResultField,
    Scenario,
    Step,
    StepKind,
    Transition,
    ValueType,
    Variable,
)
from engine.scenario.graph import scenario_graph
from engine.scenario.loader import attach_files, load_scenario, parse_scenario, resolve_inside

__all__ = [
    "PLACEHOLDER",
    "RESERVED_SIGNALS",
    "SCENARIO_FILE",
    "STAY",
    "ContractSettings",
    "ModelSettings",
    "OnEnter",
    "ResultField",
    "Scenario",
    "Step",
    "StepKind",
    "Transition",
    "ValueType",
    "Variable",
    "attach_files",
    "load_scenario",
    "parse_scenario",
    "resolve_inside",
    "scenario_graph",
]
