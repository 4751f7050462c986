"""Scenarios: the YAML graph, its models, loading with located errors, and validation."""

from engine.scenario.loader import attach_files, load_scenario, parse_scenario, resolve_inside
from engine.scenario.model import (
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

__all__ = [
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
]
