"""Variables: typed on the way in, every change remembered, any earlier turn recoverable."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dialogue.vars_memory import Change, VarsMemory
from engine.errors import SessionError
from engine.scenario.definition import ValueType, Variable

DECLARED = {
    "company": Variable(type=ValueType.STRING),
    "team_size": Variable(type=ValueType.INTEGER),
    "budget": Variable(type=ValueType.NUMBER),
    "urgent": Variable(type=ValueType.BOOLEAN, default=False),
    "features": Variable(type=ValueType.LIST),
    "tier": Variable(type=ValueType.ENUM, values=["free", "pro", "Enterprise"], default="free"),
}


@pytest.fixture
def memory() -> VarsMemory:
    return VarsMemory(DECLARED)


def what_changed(changes: list[Change]) -> list[tuple[Any, ...]]:
    """Changes without their timestamps, for whole-structure comparisons."""
    return [(c.name, c.old, c.new, c.turn, c.step, c.source) for c in changes]


class TestDefaults:
    def test_values_list_every_declared_variable_in_order_with_none_for_unset(
        self, memory: VarsMemory
    ) -> None:
        assert memory.values() == {
            "company": None,
            "team_size": None,
            "budget": None,
            "urgent": False,
            "features": None,
            "tier": "free",
        }

    def test_defaults_are_recorded_as_system_changes_at_turn_zero(self, memory: VarsMemory) -> None:
        assert what_changed(memory.changes()) == [
            ("urgent", None, False, 0, None, "system"),
            ("tier", None, "free", 0, None, "system"),
        ]

    def test_a_default_of_false_is_set(self, memory: VarsMemory) -> None:
        assert memory.is_set("urgent")
        assert not memory.is_set("company")

    def test_get_falls_back_for_unset_and_undeclared_names(self, memory: VarsMemory) -> None:
        assert memory.get("company") is None
        assert memory.get("company", "n/a") == "n/a"
        assert memory.get("nope", 0) == 0


class TestCoerce:
    @pytest.mark.parametrize(
        ("name", "given", "kept"),
        [
            ("company", "ACME", "ACME"),
            ("company", 42, "42"),
            ("company", 2.5, "2.5"),
            ("team_size", 12, 12),
            ("team_size", "12", 12),
            ("team_size", " -3 ", -3),
            ("team_size", 12.0, 12),
            ("budget", 1500, 1500),
            ("budget", 99.5, 99.5),
            ("budget", "99.5", 99.5),
            ("budget", "1e3", 1000.0),
            ("urgent", True, True),
            ("urgent", "Yes", True),
            ("urgent", "false", False),
            ("urgent", " NO ", False),
            ("features", ["export", "sso"], ["export", "sso"]),
            ("features", ("a", 2), ["a", "2"]),
            ("features", [], []),
            ("tier", "pro", "pro"),
            ("tier", "PRO", "pro"),
            ("tier", "enterprise", "Enterprise"),
            ("company", None, None),
        ],
    )
    def test_values_are_converted_when_the_meaning_is_unambiguous(
        self, memory: VarsMemory, name: str, given: Any, kept: Any
    ) -> None:
        coerced = memory.coerce(name, given)
        assert coerced == kept
        assert type(coerced) is type(kept)

    @pytest.mark.parametrize(
        ("name", "given", "message"),
        [
            ("company", ["a"], "'company' expects text, got ['a'] (list)"),
            ("company", True, "'company' expects text, got True (bool)"),
            ("team_size", "twelve", "'team_size' expects a whole number, got 'twelve' (str)"),
            ("team_size", 2.5, "'team_size' expects a whole number, got 2.5 (float)"),
            ("team_size", True, "'team_size' expects a whole number, got True (bool)"),
            ("budget", "lots", "'budget' expects a number, got 'lots' (str)"),
            ("budget", "nan", "'budget' expects a number, got 'nan' (str)"),
            ("budget", float("inf"), "'budget' expects a number, got inf (float)"),
            ("budget", False, "'budget' expects a number, got False (bool)"),
            ("urgent", "maybe", "'urgent' expects true or false, got 'maybe' (str)"),
            ("urgent", 1, "'urgent' expects true or false, got 1 (int)"),
            ("features", "sso", "'features' expects a list of texts, got 'sso' (str)"),
            ("features", ["a", {"b": 1}], "but one item is {'b': 1} (dict)"),
            ("tier", "gold", "'tier' must be one of 'free', 'pro', 'Enterprise', got 'gold'"),
            ("tier", 1, "'tier' must be one of 'free', 'pro', 'Enterprise', got 1 (int)"),
            ("color", "red", "'color' is not a declared variable (known: company, team_size"),
        ],
    )
    def test_values_that_do_not_fit_are_refused_with_what_was_expected(
        self, memory: VarsMemory, name: str, given: Any, message: str
    ) -> None:
        with pytest.raises(ValueError) as caught:
            memory.coerce(name, given)
        assert message in str(caught.value)

    def test_long_values_are_shortened_in_messages(self, memory: VarsMemory) -> None:
        with pytest.raises(ValueError) as caught:
            memory.coerce("team_size", "x" * 500)
        assert len(str(caught.value)) < 120

    def test_a_memory_without_variables_says_so(self) -> None:
        with pytest.raises(ValueError, match=r"\(known: none are declared\)"):
            VarsMemory({}).coerce("x", 1)


class TestSet:
    def test_a_change_records_who_when_and_where(self, memory: VarsMemory) -> None:
        change = memory.set("company", "ACME", turn=2, step="collect", source="model")
        assert change is not None
        assert what_changed([change]) == [("company", None, "ACME", 2, "collect", "model")]
        assert change.ts.endswith("Z")
        assert memory.get("company") == "ACME"

    def test_setting_the_same_value_records_nothing(self, memory: VarsMemory) -> None:
        memory.set("team_size", 5, turn=1, step="collect", source="model")
        assert memory.set("team_size", "5", turn=2, step="collect", source="model") is None
        assert len(memory.history("team_size")) == 1

    def test_setting_none_unsets_and_is_recorded(self, memory: VarsMemory) -> None:
        memory.set("tier", None, turn=1, step="greet", source="author")
        assert not memory.is_set("tier")
        assert what_changed(memory.history("tier"))[-1] == (
            "tier",
            "free",
            None,
            1,
            "greet",
            "author",
        )

    def test_a_refused_value_changes_nothing(self, memory: VarsMemory) -> None:
        before = memory.changes()
        with pytest.raises(ValueError):
            memory.set("team_size", "many", turn=1, step="collect", source="model")
        assert memory.changes() == before
        assert memory.get("team_size") is None

    def test_an_unknown_source_is_refused(self, memory: VarsMemory) -> None:
        with pytest.raises(ValueError, match="source must be one of"):
            memory.set("company", "x", turn=1, step=None, source="user")  # type: ignore[arg-type]

    def test_history_is_per_variable_and_oldest_first(self, memory: VarsMemory) -> None:
        memory.set("company", "A", turn=1, step="s", source="model")
        memory.set("team_size", 3, turn=1, step="s", source="model")
        memory.set("company", "B", turn=2, step="s", source="author")
        assert what_changed(memory.history("company")) == [
            ("company", None, "A", 1, "s", "model"),
            ("company", "A", "B", 2, "s", "author"),
        ]

    def test_lists_handed_out_cannot_edit_the_memory(self, memory: VarsMemory) -> None:
        memory.set("features", ["sso"], turn=1, step="s", source="model")
        memory.get("features").append("hacked")
        memory.values()["features"].append("hacked")
        memory.history("features")[0].new.append("hacked")
        assert memory.get("features") == ["sso"]
        assert memory.history("features")[0].new == ["sso"]


def three_turns() -> VarsMemory:
    memory = VarsMemory(DECLARED)
    memory.set("company", "ACME", turn=1, step="collect", source="model")
    memory.set("team_size", 4, turn=2, step="collect", source="model")
    memory.set("company", "ACME Corp", turn=2, step="collect", source="model")
    memory.set("urgent", True, turn=3, step="confirm", source="author")
    return memory


class TestTimeTravel:
    def test_as_of_gives_the_values_at_the_end_of_each_turn(self) -> None:
        memory = three_turns()
        base = {"budget": None, "features": None, "tier": "free"}
        assert memory.as_of(0) == {**base, "company": None, "team_size": None, "urgent": False}
        assert memory.as_of(1) == {**base, "company": "ACME", "team_size": None, "urgent": False}
        assert memory.as_of(2) == {**base, "company": "ACME Corp", "team_size": 4, "urgent": False}
        assert memory.as_of(3) == memory.values()
        assert memory.as_of(99) == memory.values()

    def test_truncate_after_forgets_later_changes_and_restores_values(self) -> None:
        memory = three_turns()
        expected = memory.as_of(1)
        memory.truncate_after(1)
        assert memory.values() == expected
        assert [c.turn for c in memory.changes()] == [0, 0, 1]
        assert memory.set("team_size", 9, turn=2, step="collect", source="model") is not None

    def test_a_copy_evolves_independently(self) -> None:
        memory = three_turns()
        fork = memory.copy()
        fork.truncate_after(1)
        fork.set("company", "Other", turn=2, step="collect", source="model")
        assert memory.get("company") == "ACME Corp"
        assert len(memory.changes()) == 6
        assert fork.get("company") == "Other"


class TestPersistence:
    def test_to_dict_is_json_and_from_dict_restores_values_and_history(self) -> None:
        memory = three_turns()
        memory.set("features", ["sso", "api"], turn=3, step="confirm", source="model")
        saved = json.loads(json.dumps(memory.to_dict()))
        restored = VarsMemory.from_dict(saved, DECLARED)
        assert restored.values() == memory.values()
        assert restored.changes() == memory.changes()

    def test_restoring_does_not_add_the_defaults_a_second_time(self) -> None:
        memory = VarsMemory(DECLARED)
        restored = VarsMemory.from_dict(memory.to_dict(), DECLARED)
        assert len(restored.changes()) == 2

    @pytest.mark.parametrize(
        ("saved", "message"),
        [
            ({}, "'changes' must be a list"),
            ({"changes": [1]}, "change 1 is not a mapping"),
            ({"changes": [{"name": "company", "new": "x", "turn": 1}]}, "has no 'source'"),
            (
                {"changes": [{"name": "company", "new": "x", "turn": "1", "source": "model"}]},
                "'turn' must be a whole number",
            ),
            (
                {"changes": [{"name": "company", "new": "x", "turn": 1, "source": "robot"}]},
                "unknown source 'robot'",
            ),
            (
                {"changes": [{"name": "gone", "new": "x", "turn": 1, "source": "model"}]},
                "does not fit the scenario: 'gone' is not a declared variable",
            ),
            (
                {"changes": [{"name": "team_size", "new": "lots", "turn": 1, "source": "model"}]},
                "does not fit the scenario: 'team_size' expects a whole number",
            ),
        ],
    )
    def test_a_saved_history_that_does_not_fit_is_a_session_error(
        self, saved: dict[str, Any], message: str
    ) -> None:
        with pytest.raises(SessionError) as caught:
            VarsMemory.from_dict(saved, DECLARED)
        assert message in str(caught.value)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["company", "team_size", "urgent"]),
            st.integers(min_value=0, max_value=50),
            st.integers(min_value=1, max_value=6),
        ),
        max_size=30,
    ),
    st.integers(min_value=0, max_value=7),
)
def test_truncating_after_a_turn_equals_replaying_only_that_far(
    writes: list[tuple[str, int, int]], cut: int
) -> None:
    values = {
        "company": lambda n: f"c{n}",
        "team_size": lambda n: n,
        "urgent": lambda n: n % 2 == 0,
    }
    full, partial = VarsMemory(DECLARED), VarsMemory(DECLARED)
    ordered = sorted(writes, key=lambda write: write[2])
    for name, number, turn in ordered:
        full.set(name, values[name](number), turn=turn, step=None, source="model")
        if turn <= cut:
            partial.set(name, values[name](number), turn=turn, step=None, source="model")
    assert full.as_of(cut) == partial.values()
    full.truncate_after(cut)
    assert full.values() == partial.values()
    assert what_changed(full.changes()) == what_changed(partial.changes())
