"""The reply contract: the strict schema of a step, and every way a reply can break it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.contract import (
    VIOLATION_KINDS,
    ViolationKind,
    check_leaving,
    parse_reply,
    reply_schema,
    schema_name,
)
from engine.errors import ContractViolation
from engine.providers.base import ModelReply, Usage
from engine.scenario.loader import parse_scenario
from engine.scenario.model import Scenario, Step

SCENARIO = """
name: shop
start: order
variables:
  budget: {type: number}
steps:
  order:
    goal: Take the order
    results:
      item: {type: string, required: true, description: What the user buys}
      quantity: {type: integer}
      size: {type: enum, values: [S, M, L]}
      extras: {type: list}
      gift: {type: boolean}
      budget: {type: number}
    transitions:
      ordered: {to: pay, requires: [budget]}
      cancel: {to: bye}
  pay: {goal: Take the payment, transitions: {paid: {to: bye}}}
  bye: {kind: message, text: Bye, final: true}
"""


@pytest.fixture
def scenario() -> Scenario:
    return parse_scenario(SCENARIO)


@pytest.fixture
def step(scenario: Scenario) -> Step:
    return scenario.steps["order"]


def model_reply(text: str, **extra: Any) -> ModelReply:
    return ModelReply(text=text, response_id="resp_1", usage=Usage(), latency_s=0.0,
                      model="gpt-4.1-mini", **extra)


def good(**overrides: Any) -> dict[str, Any]:
    reply: dict[str, Any] = {
        "message": "Which size?",
        "transition": "stay",
        "results": {"item": "shirt", "quantity": 2, "size": None, "extras": None, "gift": None,
                    "budget": None},
        "summary": "The user wants two shirts.",
    }
    reply.update(overrides)
    return reply


def violation_of(step: Step, text: str, **extra: Any) -> ContractViolation:
    with pytest.raises(ContractViolation) as caught:
        parse_reply(model_reply(text, **extra), step)
    return caught.value


# --- the schema ------------------------------------------------------------------------------


def test_the_schema_is_strict_mode_compatible_and_maps_every_result_type(step: Step) -> None:
    assert reply_schema(step) == {
        "type": "object",
        "properties": {
            "message": {"type": "string", "description": "What the user reads"},
            "transition": {
                "type": "string",
                "enum": ["stay", "ordered", "cancel"],
                "description": "'stay' to remain in this step, or a signal to move on",
            },
            "results": {
                "type": "object",
                "properties": {
                    "item": {"type": ["string", "null"], "description": "What the user buys"},
                    "quantity": {"type": ["integer", "null"]},
                    "size": {"type": ["string", "null"], "enum": ["S", "M", "L", None]},
                    "extras": {"type": ["array", "null"], "items": {"type": "string"}},
                    "gift": {"type": ["boolean", "null"]},
                    "budget": {"type": ["number", "null"]},
                },
                "required": ["item", "quantity", "size", "extras", "gift", "budget"],
                "additionalProperties": False,
            },
            "summary": {"type": "string", "description": "What this step established so far"},
        },
        "required": ["message", "transition", "results", "summary"],
        "additionalProperties": False,
    }


def test_a_step_without_results_or_signals_still_has_all_four_fields(scenario: Scenario) -> None:
    schema = reply_schema(scenario.steps["bye"])
    assert schema["properties"]["transition"]["enum"] == ["stay"]
    assert schema["properties"]["results"]["properties"] == {}
    assert schema["properties"]["results"]["required"] == []
    assert schema_name(scenario.steps["bye"]) == "bye_reply"


# --- good replies ----------------------------------------------------------------------------


def test_a_good_reply_is_parsed_with_its_results_typed(step: Step) -> None:
    reply = parse_reply(model_reply(json.dumps(good(transition="ordered"))), step)
    assert (reply.message, reply.transition, reply.summary) == (
        "Which size?", "ordered", "The user wants two shirts.")
    assert reply.results == {"item": "shirt", "quantity": 2, "size": None, "extras": None,
                             "gift": None, "budget": None}
    assert reply.salvaged == ()
    assert not reply.stays


def test_an_integral_float_is_an_integer_and_undeclared_results_are_dropped(step: Step) -> None:
    data = good()
    data["results"] = {"quantity": 3.0, "colour": "red"}
    reply = parse_reply(model_reply(json.dumps(data)), step)
    assert reply.results["quantity"] == 3 and isinstance(reply.results["quantity"], int)
    assert "colour" not in reply.results
    assert reply.results["item"] is None  # a declared result left out counts as unknown


def test_json_in_a_markdown_fence_is_salvaged_without_a_correction(step: Step) -> None:
    text = "```json\n" + json.dumps(good()) + "\n```"
    reply = parse_reply(model_reply(text), step)
    assert reply.message == "Which size?"
    assert reply.salvaged == ("fenced_json",)


# --- each violation kind ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "extra", "kind", "named"),
    [
        ('{"message": "hi", ', {}, "invalid_json", "not valid JSON"),
        ("", {}, "invalid_json", "empty"),
        ("Sure! ```json\n{}\n```", {}, "fenced_json", "fence"),
        ("[1, 2]", {}, "not_an_object", "array"),
        (json.dumps({k: v for k, v in good().items() if k != "summary"}), {}, "missing_field",
         "'summary' is missing"),
        (json.dumps(good(transition=3)), {}, "wrong_type", "'transition' must be a string"),
        (json.dumps(good(results={"quantity": "two"})), {}, "wrong_type", "'results.quantity'"),
        (json.dumps(good(results={"size": "XL"})), {}, "wrong_type", "'XL'"),
        (json.dumps(good(results={"extras": [1, 2]})), {}, "wrong_type", "list of strings"),
        (json.dumps(good(results=[])), {}, "wrong_type", "'results' must be an object"),
        (json.dumps(good(transition="checkout")), {}, "unknown_signal", "'checkout'"),
        (json.dumps(good(message="  ")), {}, "empty_message", "'message' is empty"),
        ("", {"refusal": "I cannot help with that."}, "refusal", "I cannot help with that."),
        ('{"message": "Which', {"status": "incomplete", "incomplete_reason": "max_output_tokens"},
         "incomplete", "max_output_tokens"),
    ],
)
def test_each_violation_has_a_stable_kind_and_a_precise_correction(
    step: Step, text: str, extra: dict[str, Any], kind: str, named: str
) -> None:
    violation = violation_of(step, text, **extra)
    assert violation.kind == kind
    assert kind in VIOLATION_KINDS
    assert named in violation.detail
    assert violation.detail in violation.correction
    assert violation.correction.startswith("Your last reply broke the reply contract")
    assert 'Allowed transitions: "stay", "ordered", "cancel".' in violation.correction


def test_several_problems_are_named_in_one_correction(step: Step) -> None:
    data = {"message": 5, "transition": "stay", "results": {}}
    violation = violation_of(step, json.dumps(data))
    assert violation.kind == "missing_field"
    assert "'summary' is missing" in violation.detail
    assert "'message' must be a string, not the number 5" in violation.detail


def test_a_fenced_reply_that_is_also_broken_reports_the_other_problem(step: Step) -> None:
    text = "```json\n" + json.dumps(good(transition="checkout")) + "\n```"
    violation = violation_of(step, text)
    assert violation.kind == "unknown_signal"
    assert "fence" in violation.detail


# --- leaving a step --------------------------------------------------------------------------


def parsed(step: Step, **overrides: Any) -> Any:
    return parse_reply(model_reply(json.dumps(good(**overrides))), step)


def test_leaving_without_a_required_result_is_refused(step: Step) -> None:
    reply = parsed(step, transition="cancel", results={"item": None})
    with pytest.raises(ContractViolation) as caught:
        check_leaving(reply, step, lambda name: False)
    assert caught.value.kind == ViolationKind.MISSING_REQUIRED_RESULT
    assert "'results.item'" in caught.value.detail
    assert '"stay"' in caught.value.correction


def test_leaving_with_an_unmet_guard_is_refused(step: Step) -> None:
    reply = parsed(step, transition="ordered")
    with pytest.raises(ContractViolation) as caught:
        check_leaving(reply, step, lambda name: name == "item")
    assert caught.value.kind == ViolationKind.GUARD_REFUSED
    assert "budget" in caught.value.detail


def test_staying_is_always_allowed_and_a_met_guard_lets_the_reply_leave(step: Step) -> None:
    check_leaving(parsed(step, results={"item": None}), step, lambda name: False)
    check_leaving(parsed(step, transition="ordered"), step, lambda name: True)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60) | json_values.map(json.dumps)
       | st.fixed_dictionaries({"message": json_values, "transition": json_values,
                                "results": json_values, "summary": json_values}).map(json.dumps))
def test_any_reply_is_either_accepted_or_a_named_violation_never_a_crash(text: str) -> None:
    step = parse_scenario(SCENARIO).steps["order"]
    try:
        reply = parse_reply(model_reply(text), step)
    except ContractViolation as violation:
        assert violation.kind in VIOLATION_KINDS and violation.correction
    else:
        assert reply.transition in ("stay", "ordered", "cancel") and reply.message.strip()
        assert set(reply.results) == set(step.results)
