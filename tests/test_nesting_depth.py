"""How deep a log record nests, counted level by level.

The log reader and writer refuse records nested deeper than ``MAX_LOG_DEPTH``, and measure every
record with many brackets — every request, whose reply schema holds dozens of objects. The
measure walks one level at a time and keeps only containers; it must say what the plain
recursive definition says, capped at the limit.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.io.input_limits import MAX_LOG_DEPTH
from engine.log.schema import nesting_depth

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner),
    max_leaves=40,
)


def depth_by_definition(value: Any, limit: int) -> int:
    """An object or a list is one level more than its deepest item; anything else is none."""
    if limit <= 0 or not isinstance(value, dict | list):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((depth_by_definition(item, limit - 1) for item in items), default=0)


@settings(max_examples=200)
@given(JSON_VALUES, st.integers(0, 9))
def test_the_depth_is_the_deepest_chain_of_objects_and_lists(value: Any, limit: int) -> None:
    assert nesting_depth(value, limit) == depth_by_definition(value, limit)


def test_a_value_deeper_than_the_limit_counts_only_to_the_limit() -> None:
    deep: list[Any] = []
    innermost = deep
    for _ in range(10_000):  # deeper than Python would recurse
        inner: list[Any] = []
        innermost.append({"next": inner})
        innermost = inner
    assert nesting_depth(deep) == MAX_LOG_DEPTH + 1
    assert nesting_depth(deep, limit=3) == 3


def test_a_scalar_does_not_nest() -> None:
    assert nesting_depth("{[x]}") == 0
    assert nesting_depth(42) == 0
