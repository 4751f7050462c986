"""The reply contract: the strict schemas, every way a reply can break it, and the slips repaired
without a call."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dialogue.contract import (
    VIOLATION_KINDS,
    ViolationKind,
    all_results_schema,
    any_step_schema,
    parse_reply,
    refused,
    reply_schema,
    schema_name,
)
from engine.dialogue.fsm import DialogueFSM, DialogueState
from engine.errors import ContractViolation
from engine.offline.fake_openai.requests import strict_schema_problem
from engine.providers.base import ModelReply, Usage
from engine.scenario.definition import Scenario, Step
from engine.scenario.loader import parse_scenario

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
    return ModelReply(
        text=text, response_id="resp_1", usage=Usage(), latency_s=0.0, model="gpt-4.1-mini", **extra
    )


def good(**overrides: Any) -> dict[str, Any]:
    reply: dict[str, Any] = {
        "message": "Which size?",
        "transition": "stay",
        "results": {
            "item": "shirt",
            "quantity": 2,
            "size": None,
            "extras": None,
            "gift": None,
            "budget": None,
        },
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
        "Which size?",
        "ordered",
        "The user wants two shirts.",
    )
    assert reply.results == {
        "item": "shirt",
        "quantity": 2,
        "size": None,
        "extras": None,
        "gift": None,
        "budget": None,
    }
    assert reply.salvaged == ()
    assert not reply.stays


def test_an_integral_float_is_an_integer_and_undeclared_results_are_dropped(step: Step) -> None:
    data = good()
    data["results"] = {"quantity": 3.0, "colour": "red"}
    reply = parse_reply(model_reply(json.dumps(data)), step)
    assert reply.results["quantity"] == 3 and isinstance(reply.results["quantity"], int)
    assert "colour" not in reply.results
    assert reply.results["item"] is None  # a declared result left out counts as unknown


def test_the_conversation_wide_schemas_are_strict_mode_compatible_and_hold_every_step(
    scenario: Scenario,
) -> None:
    by_step = any_step_schema(scenario)
    flat = all_results_schema(scenario)
    for schema in (by_step, flat):
        assert strict_schema_problem(schema) is None
        assert schema["properties"]["transition"]["enum"] == ["stay", "ordered", "cancel", "paid"]
    branches = by_step["properties"]["results"]["anyOf"]
    assert [sorted(branch["properties"]) for branch in branches] == [
        sorted(scenario.steps["order"].results),
        [],
    ]  # "pay" has no results; "bye" is a message
    assert flat["properties"]["results"]["required"] == list(scenario.steps["order"].results)


# --- slips repaired without a call -----------------------------------------------------------

TEXT = json.dumps(good())


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("```json\n" + TEXT + "\n```", "fenced_json"),
        ("Sure! Here is my answer: " + TEXT, "invalid_json"),
        (TEXT + "\nI hope this helps.", "invalid_json"),
        ("Here you go:\n```json\n" + TEXT + "\n```\nAnything else?", "fenced_json"),
        ("[" + TEXT + "]", "not_an_object"),
        (json.dumps({k: v for k, v in good().items() if k != "summary"}), "missing_field"),
        (json.dumps(good(results={"quantity": "2"})), "wrong_type"),
        (json.dumps(good(results={"size": "m"})), "wrong_type"),
    ],
    ids=[
        "fence",
        "prose-before",
        "prose-after",
        "fence-in-prose",
        "one-element-array",
        "no-summary",
        "number-as-text",
        "enum-case",
    ],
)
def test_a_harmless_slip_is_repaired_and_recorded_as_salvaged(
    step: Step, text: str, kind: str
) -> None:
    reply = parse_reply(model_reply(text), step)
    assert reply.message == "Which size?"
    assert [slip.kind for slip in reply.salvaged] == [kind]
    assert reply.salvaged[0].detail


def test_repaired_values_are_converted_by_the_value_types(step: Step) -> None:
    data = good(
        results={
            "quantity": "2",
            "size": "m",
            "budget": " 19.5 ",
            "gift": "Yes",
            "extras": ["gift wrap", 2],
        }
    )
    reply = parse_reply(model_reply(json.dumps(data)), step)
    assert reply.results == {
        "item": None,
        "quantity": 2,
        "size": "M",
        "extras": ["gift wrap", "2"],
        "gift": True,
        "budget": 19.5,
    }
    assert sorted(slip.detail.split("'")[1] for slip in reply.salvaged) == [
        "results.budget",
        "results.extras",
        "results.gift",
        "results.quantity",
        "results.size",
    ]


def test_a_missing_summary_is_left_empty_so_the_step_keeps_its_own(step: Step) -> None:
    text = json.dumps({k: v for k, v in good().items() if k != "summary"})
    assert parse_reply(model_reply(text), step).summary == ""


def test_two_objects_in_prose_are_not_guessed_between(step: Step) -> None:
    violation = violation_of(step, f"First {TEXT} or rather {TEXT}")
    assert violation.kind == "invalid_json"


def test_a_repaired_reply_that_breaks_the_contract_otherwise_reports_that(step: Step) -> None:
    violation = violation_of(step, "[" + json.dumps(good(transition="checkout")) + "]")
    assert violation.kind == "unknown_signal"


# --- each violation kind ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "extra", "kind", "named"),
    [
        ('{"message": "hi", ', {}, "invalid_json", "not valid JSON"),
        ("", {}, "invalid_json", "empty"),
        ('Sure! ```json\n{"message": \n```', {}, "fenced_json", "fence"),
        ("[1, 2]", {}, "not_an_object", "array"),
        (
            json.dumps({k: v for k, v in good().items() if k != "transition"}),
            {},
            "missing_field",
            "'transition' is missing",
        ),
        (json.dumps(good(transition=3)), {}, "wrong_type", "'transition' must be a string"),
        (json.dumps(good(results={"quantity": "two"})), {}, "wrong_type", "'results.quantity'"),
        (json.dumps(good(results={"quantity": "2.5"})), {}, "wrong_type", "a whole number"),
        (json.dumps(good(results={"size": "XL"})), {}, "wrong_type", "'XL'"),
        (json.dumps(good(results={"extras": [{"a": 1}]})), {}, "wrong_type", "list of texts"),
        (json.dumps(good(results=[])), {}, "wrong_type", "'results' must be an object"),
        (json.dumps(good(transition="checkout")), {}, "unknown_signal", "'checkout'"),
        (json.dumps(good(message="  ")), {}, "empty_message", "'message' is empty"),
        ("", {"refusal": "I cannot help with that."}, "refusal", "I cannot help with that."),
        (
            '{"message": "Which',
            {"status": "incomplete", "incomplete_reason": "max_output_tokens"},
            "incomplete",
            "max_output_tokens",
        ),
        ("[" * 100_000, {}, "invalid_json", "nested too deeply"),
        (
            '{"message": "hi", "transition": "stay", "results": {"quantity": ' + "7" * 5000 + "}}",
            {},
            "invalid_json",
            "too many digits",
        ),
        (
            '{"message": "\\ud800 hi", "transition": "stay", "results": {}, "summary": ""}',
            {},
            "invalid_text",
            "'message' holds a character that is not text",
        ),
        (
            '{"message": "hi", "transition": "stay", "results": {"extras": ["\\udfff"]}}',
            {},
            "invalid_text",
            "'results.extras'",
        ),
        (
            '{"message": "hi", "transition": "stay", "results": {"budget": NaN}}',
            {},
            "invalid_json",
            "NaN",
        ),
        (json.dumps(good(results={"budget": 1e308 * 10})), {}, "invalid_json", "Infinity"),
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
    data = {"message": 5, "results": {}, "summary": ""}
    violation = violation_of(step, json.dumps(data))
    assert violation.kind == "missing_field"
    assert "'transition' is missing" in violation.detail
    assert "'message' must be a string, not the number 5" in violation.detail


def test_a_reply_longer_than_the_limit_is_refused_before_it_is_read(step: Step) -> None:
    text = json.dumps(good(message="x" * 1_000_000))
    with pytest.raises(ContractViolation) as caught:
        parse_reply(model_reply(text), step, max_chars=20_000)
    assert caught.value.kind == "too_long"
    assert caught.value.detail.startswith("the reply is 1,000,")
    assert "more than the 20,000 allowed" in caught.value.detail
    assert parse_reply(model_reply(json.dumps(good())), step, max_chars=20_000).message


def test_an_integer_of_a_thousand_digits_is_converted_or_refused_never_a_crash(step: Step) -> None:
    text = json.dumps(good(results={"gift": 7**1500, "budget": 10**400}))
    violation = violation_of(step, text)
    assert violation.kind == "wrong_type"
    assert "'results.gift' expects true or false" in violation.detail
    assert "'results.budget'" not in violation.detail and len(violation.detail) < 200


def test_a_fenced_reply_that_is_also_broken_reports_the_other_problem(step: Step) -> None:
    text = "```json\n" + json.dumps(good(transition="checkout")) + "\n```"
    violation = violation_of(step, text)
    assert violation.kind == "unknown_signal"
    assert "fence" in violation.detail


# --- leaving a step: the FSM finds what is missing, the contract words the correction ---------


def parsed(step: Step, **overrides: Any) -> Any:
    return parse_reply(model_reply(json.dumps(good(**overrides))), step)


def blocked(scenario: Scenario, signal: str, is_set: Any, results: dict[str, Any]) -> Any:
    state = DialogueState(step="order", visited=["order"])
    return DialogueFSM(scenario).unmet(state, signal, is_set, results)


def test_leaving_without_a_required_result_is_corrected_with_the_result_named(
    scenario: Scenario, step: Step
) -> None:
    reply = parsed(step, transition="cancel", results={"item": None})
    unmet = blocked(scenario, reply.transition, lambda name: False, reply.results)
    violation = refused(unmet, reply.transition, step)
    assert violation.kind == ViolationKind.MISSING_REQUIRED_RESULT
    assert "'results.item'" in violation.detail
    assert '"stay"' in violation.correction


def test_leaving_with_an_unmet_guard_is_corrected_with_the_variable_named(
    scenario: Scenario, step: Step
) -> None:
    reply = parsed(step, transition="ordered")
    unmet = blocked(scenario, reply.transition, lambda name: name == "item", reply.results)
    violation = refused(unmet, reply.transition, step, offered=["cancel"])
    assert violation.kind == ViolationKind.GUARD_REFUSED
    assert violation.detail == "'transition' 'ordered' needs budget to be known first"
    assert 'Allowed transitions: "stay", "cancel".' in violation.correction


def test_staying_is_always_allowed_and_a_met_guard_lets_the_reply_leave(
    scenario: Scenario, step: Step
) -> None:
    assert not blocked(scenario, "stay", lambda name: False, {"item": None})
    assert not blocked(scenario, "ordered", lambda name: True, parsed(step).results)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(max_size=60)
    | json_values.map(json.dumps)
    | st.fixed_dictionaries(
        {
            "message": json_values,
            "transition": json_values,
            "results": json_values,
            "summary": json_values,
        }
    ).map(json.dumps)
)
def test_any_reply_is_either_accepted_or_a_named_violation_never_a_crash(text: str) -> None:
    step = parse_scenario(SCENARIO).steps["order"]
    try:
        reply = parse_reply(model_reply(text), step)
    except ContractViolation as violation:
        assert violation.kind in VIOLATION_KINDS and violation.correction
    else:
        assert reply.transition in ("stay", "ordered", "cancel") and reply.message.strip()
        assert set(reply.results) == set(step.results)
