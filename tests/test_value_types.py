"""The one conversion table: what each value type accepts, for the contract and the variables alike.

A model's ``"42"`` for an integer used to be refused by the contract (strict) though the variables
would have taken it (lenient). Now both ask :meth:`ValueType.convert`, so they cannot disagree.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dialogue.contract import parse_reply
from engine.dialogue.vars_memory import VarsMemory
from engine.errors import ContractViolation
from engine.providers.base import ModelReply, Usage
from engine.scenario.definition import ResultField, Step, ValueType, Variable

TIERS = ["free", "pro", "Gold"]

LOSSLESS: list[tuple[ValueType, Any, Any]] = [
    (ValueType.STRING, "Ann", "Ann"),
    (ValueType.STRING, 5, "5"),
    (ValueType.STRING, 2.5, "2.5"),
    (ValueType.INTEGER, 42, 42),
    (ValueType.INTEGER, "42", 42),
    (ValueType.INTEGER, " -7 ", -7),
    (ValueType.INTEGER, 3.0, 3),
    (ValueType.INTEGER, "3.0", 3),
    (ValueType.INTEGER, "1e3", 1000),
    (ValueType.NUMBER, 19.5, 19.5),
    (ValueType.NUMBER, "19.5", 19.5),
    (ValueType.NUMBER, "30", 30),
    (ValueType.BOOLEAN, True, True),
    (ValueType.BOOLEAN, "Yes", True),
    (ValueType.BOOLEAN, "false", False),
    (ValueType.LIST, ["a", "b"], ["a", "b"]),
    (ValueType.LIST, ["a", 2], ["a", "2"]),
    (ValueType.ENUM, "pro", "pro"),
    (ValueType.ENUM, "PRO", "pro"),
    (ValueType.ENUM, " gold ", "Gold"),
]

REFUSED: list[tuple[ValueType, Any, str]] = [
    (ValueType.STRING, True, "expects text"),
    (ValueType.STRING, ["a"], "expects text"),
    (ValueType.INTEGER, "twelve", "expects a whole number"),
    (ValueType.INTEGER, 2.5, "expects a whole number"),
    (ValueType.INTEGER, "2.5", "expects a whole number"),
    (ValueType.INTEGER, True, "expects a whole number"),
    (ValueType.INTEGER, "1,000", "expects a whole number"),
    (ValueType.INTEGER, "9" * 5000, "expects a whole number"),
    (ValueType.NUMBER, "lots", "expects a number"),
    (ValueType.NUMBER, "nan", "expects a number"),
    (ValueType.NUMBER, "1e999", "expects a number"),
    (ValueType.NUMBER, math.inf, "expects a number"),
    (ValueType.NUMBER, False, "expects a number"),
    (ValueType.BOOLEAN, 1, "expects true or false"),
    (ValueType.BOOLEAN, "maybe", "expects true or false"),
    (ValueType.LIST, "a, b", "expects a list of texts"),
    (ValueType.LIST, [{"a": 1}], "one item is"),
    (ValueType.ENUM, "platinum", "must be one of 'free', 'pro', 'Gold'"),
    (ValueType.ENUM, 1, "must be one of"),
]


def values_of(kind: ValueType) -> list[str] | None:
    return TIERS if kind is ValueType.ENUM else None


@pytest.mark.parametrize(("kind", "given", "expected"), LOSSLESS)
def test_lossless_conversions_are_made(kind: ValueType, given: Any, expected: Any) -> None:
    converted = kind.convert(given, values_of(kind))
    assert converted == expected and type(converted) is type(expected)


@pytest.mark.parametrize(("kind", "given", "message"), REFUSED)
def test_anything_else_is_refused_with_what_was_expected(
    kind: ValueType, given: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")) as caught:
        kind.convert(given, values_of(kind))
    assert len(str(caught.value)) < 160


@pytest.mark.parametrize("kind", list(ValueType))
def test_none_is_unknown_for_every_type(kind: ValueType) -> None:
    assert kind.convert(None, values_of(kind)) is None


# --- the contract and the variables agree, because they share the table ---------------------


def contract_result(kind: ValueType, value: Any) -> tuple[bool, Any]:
    step = Step(id="s", results={"x": ResultField(type=kind, values=values_of(kind))})
    text = json.dumps(
        {"message": "ok", "transition": "stay", "results": {"x": value}, "summary": ""}
    )
    try:
        reply = parse_reply(ModelReply(text, "r", Usage(), 0.0, "m"), step)
    except ContractViolation as violation:
        assert violation.kind == "wrong_type"
        return False, None
    return True, reply.results["x"]


def variable_value(kind: ValueType, value: Any) -> tuple[bool, Any]:
    memory = VarsMemory({"x": Variable(type=kind, values=values_of(kind))})
    try:
        return True, memory.coerce("x", value)
    except ValueError:
        return False, None


@pytest.mark.parametrize(("kind", "given", "expected"), LOSSLESS)
def test_the_contract_accepts_what_the_variables_accept(
    kind: ValueType, given: Any, expected: Any
) -> None:
    assert contract_result(kind, given) == variable_value(kind, given) == (True, expected)


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | st.sampled_from(["42", " 7 ", "3.0", "Yes", "no", "PRO", "gold", "1e3", "nan"])
)
json_values = json_scalars | st.lists(json_scalars, max_size=3)


@settings(max_examples=400, deadline=None)
@given(kind=st.sampled_from(list(ValueType)), value=json_values)
def test_for_any_value_the_contract_and_the_variables_decide_alike(
    kind: ValueType, value: Any
) -> None:
    assert contract_result(kind, value) == variable_value(kind, value)
