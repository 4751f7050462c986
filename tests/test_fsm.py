"""The dialogue FSM: where a signal leads, and why it is refused (the reason goes to the model)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.dialogue.fsm import DialogueFSM, DialogueState, Status
from engine.errors import TransitionRefused
from engine.scenario.definition import Scenario
from engine.scenario.loader import parse_scenario

SCENARIO = """
name: intake
start: greet
variables:
  company: {type: string}
  budget: {type: number}
  deadline: {type: string}
steps:
  greet:
    transitions:
      next: {to: collect}
      quit: {to: goodbye}
  collect:
    results:
      company: {type: string, required: true}
      team_size: {type: integer, required: true}
      notes: {type: string}
    transitions:
      confirm: {to: confirm, requires: [budget, deadline]}
      back: {to: greet}
  confirm:
    transitions:
      done: {to: goodbye}
      broken: {to: nowhere}
  goodbye:
    final: true
  dead_end: {}
"""


def set_names(*names: str) -> Callable[[str], bool]:
    """An ``is_set`` that answers yes for exactly ``names``."""
    known = frozenset(names)
    return lambda name: name in known


NOTHING_SET = set_names()


@pytest.fixture
def scenario() -> Scenario:
    return parse_scenario(SCENARIO)


@pytest.fixture
def fsm(scenario: Scenario) -> DialogueFSM:
    return DialogueFSM(scenario)


def at(step: str, *, turn: int = 1) -> DialogueState:
    return DialogueState(step=step, turn=turn, visited=["greet", step])


def refusal(
    fsm: DialogueFSM,
    state: DialogueState,
    signal: str,
    *,
    is_set: Callable[[str], bool] = NOTHING_SET,
    results: dict[str, object] | None = None,
) -> str:
    """The reason ``fsm`` gives for refusing ``signal`` (the test fails if it is allowed)."""
    with pytest.raises(TransitionRefused) as caught:
        fsm.check(state, signal, is_set, results)
    assert (caught.value.step, caught.value.signal) == (state.step, signal)
    return caught.value.reason


class TestGraph:
    def test_a_conversation_starts_at_the_start_step_before_the_first_message(
        self, fsm: DialogueFSM
    ) -> None:
        assert fsm.start() == DialogueState(
            step="greet", turn=0, visited=["greet"], status=Status.ACTIVE
        )

    def test_signals_are_the_declared_ones_in_file_order_without_stay(
        self, fsm: DialogueFSM
    ) -> None:
        assert fsm.signals("greet") == ["next", "quit"]
        assert fsm.signals("collect") == ["confirm", "back"]
        assert fsm.signals("goodbye") == []

    def test_targets_map_each_signal_to_its_step(self, fsm: DialogueFSM) -> None:
        assert fsm.targets("collect") == {"confirm": "confirm", "back": "greet"}

    def test_an_unknown_step_is_a_readable_key_error(self, fsm: DialogueFSM) -> None:
        with pytest.raises(KeyError, match="scenario 'intake' has no step 'nope'"):
            fsm.signals("nope")

    def test_a_scenario_starting_on_a_final_step_is_finished_at_once(self) -> None:
        scenario = parse_scenario("name: tiny\nstart: only\nsteps:\n  only: {final: true}\n")
        assert DialogueFSM(scenario).start().status is Status.FINISHED

    def test_the_fsm_follows_edits_to_the_scenario_at_once(
        self, fsm: DialogueFSM, scenario: Scenario
    ) -> None:
        del scenario.steps["greet"].transitions["quit"]
        assert fsm.signals("greet") == ["next"]


class TestCheck:
    def test_a_declared_signal_names_its_target(self, fsm: DialogueFSM) -> None:
        assert fsm.check(fsm.start(), "next", NOTHING_SET) == "collect"

    def test_stay_is_always_allowed_and_leads_nowhere(self, fsm: DialogueFSM) -> None:
        assert fsm.check(at("collect"), "stay", NOTHING_SET) is None

    def test_an_unknown_signal_is_refused_with_the_signals_the_step_has(
        self, fsm: DialogueFSM
    ) -> None:
        assert refusal(fsm, fsm.start(), "finish") == (
            "step 'greet' has no signal 'finish'; use one of 'next', 'quit', "
            "or 'stay' to remain in the step"
        )

    def test_a_signal_from_a_step_without_transitions_is_refused_pointing_at_stay(
        self, fsm: DialogueFSM
    ) -> None:
        assert refusal(fsm, at("dead_end"), "next") == (
            "step 'dead_end' has no outgoing transitions; answer with 'stay' to remain in it"
        )

    def test_a_required_variable_that_is_unset_refuses_the_transition(
        self, fsm: DialogueFSM
    ) -> None:
        everything_but_deadline = set_names("budget", "company", "team_size")
        assert refusal(fsm, at("collect"), "confirm", is_set=everything_but_deadline) == (
            "variable 'deadline' must be set first"
        )

    def test_every_unmet_condition_is_named_in_one_reason(self, fsm: DialogueFSM) -> None:
        assert refusal(fsm, at("collect"), "confirm") == (
            "variables 'budget', 'deadline' must be set first; "
            "the required results 'company', 'team_size' of step 'collect' are not known yet"
        )

    def test_required_results_are_checked_for_every_signal_leaving_the_step(
        self, fsm: DialogueFSM
    ) -> None:
        assert refusal(fsm, at("collect"), "back", is_set=set_names("company")) == (
            "the required result 'team_size' of step 'collect' is not known yet"
        )

    def test_a_required_result_given_in_the_step_results_counts_as_set(
        self, fsm: DialogueFSM
    ) -> None:
        is_set = set_names("company", "budget", "deadline")
        assert fsm.check(at("collect"), "confirm", is_set, results={"team_size": 4}) == "confirm"

    def test_a_result_given_as_null_is_still_unknown(self, fsm: DialogueFSM) -> None:
        is_set = set_names("company")
        reason = refusal(fsm, at("collect"), "back", is_set=is_set, results={"team_size": None})
        assert reason == "the required result 'team_size' of step 'collect' is not known yet"

    def test_optional_results_never_hold_a_step(self, fsm: DialogueFSM) -> None:
        assert fsm.check(at("collect"), "back", set_names("company", "team_size")) == "greet"

    def test_a_transition_to_a_missing_step_is_refused(self, fsm: DialogueFSM) -> None:
        assert refusal(fsm, at("confirm"), "broken") == (
            "it leads to step 'nowhere', which does not exist"
        )

    @pytest.mark.parametrize("status", [Status.FINISHED, Status.FAILED])
    @pytest.mark.parametrize("signal", ["stay", "next"])
    def test_nothing_is_allowed_once_the_conversation_is_over(
        self, fsm: DialogueFSM, status: Status, signal: str
    ) -> None:
        state = DialogueState(step="greet", status=status, visited=["greet"])
        assert refusal(fsm, state, signal) == (
            f"the conversation has {status.value}; no step can follow"
        )

    def test_a_state_on_a_step_deleted_from_the_scenario_is_refused(self, fsm: DialogueFSM) -> None:
        assert refusal(fsm, at("removed"), "stay") == (
            "the current step 'removed' is not in the scenario any more"
        )

    def test_the_refusal_message_says_step_signal_and_reason(self, fsm: DialogueFSM) -> None:
        with pytest.raises(TransitionRefused) as caught:
            fsm.check(fsm.start(), "finish", NOTHING_SET)
        assert str(caught.value).startswith("transition 'finish' from step 'greet' refused: ")


class TestApply:
    def test_a_transition_returns_a_new_state_and_leaves_the_old_one_alone(
        self, fsm: DialogueFSM
    ) -> None:
        before = fsm.next_turn(fsm.start())
        after = fsm.apply(before, "next", NOTHING_SET)
        assert after == DialogueState(step="collect", turn=1, visited=["greet", "collect"])
        assert before == DialogueState(step="greet", turn=1, visited=["greet"])

    def test_stay_returns_an_equal_but_separate_state(self, fsm: DialogueFSM) -> None:
        before = fsm.start()
        after = fsm.apply(before, "stay", NOTHING_SET)
        assert after == before
        after.visited.append("x")
        assert before.visited == ["greet"]

    def test_entering_a_final_step_finishes_the_conversation(self, fsm: DialogueFSM) -> None:
        state = fsm.apply(fsm.start(), "quit", NOTHING_SET)
        assert (state.step, state.status) == ("goodbye", Status.FINISHED)

    def test_loops_are_kept_in_the_visited_path(self, fsm: DialogueFSM) -> None:
        state = fsm.start()
        state = fsm.apply(state, "next", NOTHING_SET)
        state = fsm.apply(state, "back", set_names("company", "team_size"))
        state = fsm.apply(state, "next", NOTHING_SET)
        assert state.visited == ["greet", "collect", "greet", "collect"]

    def test_a_refused_signal_changes_nothing(self, fsm: DialogueFSM) -> None:
        state = at("collect")
        with pytest.raises(TransitionRefused):
            fsm.apply(state, "confirm", NOTHING_SET)
        assert state == at("collect")

    def test_next_turn_counts_user_messages(self, fsm: DialogueFSM) -> None:
        state = fsm.start()
        assert [fsm.next_turn(state).turn, state.turn] == [1, 0]

    def test_finish_and_fail_end_the_conversation_without_moving(self, fsm: DialogueFSM) -> None:
        state = at("collect")
        assert fsm.finish(state) == DialogueState(
            step="collect", turn=1, visited=["greet", "collect"], status=Status.FINISHED
        )
        assert fsm.fail(state).status is Status.FAILED
        assert state.status is Status.ACTIVE


class TestStateRoundTrip:
    def test_to_dict_is_plain_json_data(self) -> None:
        state = DialogueState(step="confirm", turn=3, visited=["greet", "collect", "confirm"])
        assert state.to_dict() == {
            "step": "confirm",
            "turn": 3,
            "visited": ["greet", "collect", "confirm"],
            "status": "active",
        }

    @pytest.mark.parametrize("status", list(Status))
    def test_from_dict_rebuilds_what_to_dict_saved(self, status: Status) -> None:
        state = DialogueState(step="b", turn=7, visited=["a", "b", "a", "b"], status=status)
        assert DialogueState.from_dict(state.to_dict()) == state

    def test_copy_shares_no_list(self) -> None:
        state = DialogueState(step="a", visited=["a"])
        twin = state.copy()
        twin.visited.append("b")
        assert state.visited == ["a"]

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ({"turn": 1}, "'step' must be a step id, got None"),
            ({"step": "a", "turn": -1}, "'turn' must be a whole number >= 0, got -1"),
            ({"step": "a", "turn": True}, "'turn' must be a whole number >= 0, got True"),
            ({"step": "a", "visited": "a"}, "'visited' must be a list of step ids, got 'a'"),
            ({"step": "a", "status": "paused"}, "'status' must be one of active, finished, failed"),
        ],
    )
    def test_from_dict_names_the_bad_field(self, data: dict[str, object], message: str) -> None:
        with pytest.raises(ValueError, match=message):
            DialogueState.from_dict(data)


def test_blank_text_is_not_known_unless_the_declaration_allows_it(scenario: Scenario) -> None:
    from engine.dialogue.vars_memory import VarsMemory

    fsm = DialogueFSM(scenario)
    memory = VarsMemory(scenario.variables)
    memory.set("budget", 1000, turn=1, step="collect", source="model")
    memory.set("deadline", "  \t", turn=1, step="collect", source="model")
    state = DialogueState("collect")

    blocked = fsm.unmet(state, "confirm", memory.is_set, {"company": "", "team_size": 3})

    assert (blocked.variables, blocked.results) == (("deadline",), ("company",))
    lenient = parse_scenario(
        SCENARIO.replace(
            "deadline: {type: string}", "deadline: {type: string, allow_blank: true}"
        ).replace(
            "company: {type: string, required: true}",
            "company: {type: string, required: true, allow_blank: true}",
        )
    )
    memory = VarsMemory(lenient.variables)
    memory.set("budget", 1000, turn=1, step="collect", source="model")
    memory.set("deadline", "", turn=1, step="collect", source="model")
    assert not DialogueFSM(lenient).unmet(
        state, "confirm", memory.is_set, {"company": " ", "team_size": 3}
    )
