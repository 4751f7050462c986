"""Where a variable may be set, or still unset: the all-variables dataflow of ``VariableFlow``
answers exactly what a plain search for one variable at a time answers.

The reference searches below are the specification, written for clarity over speed: the graph
is searched once per variable, following the transitions a conversation can take.
"""

from __future__ import annotations

import os
from textwrap import dedent

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.scenario import Scenario, parse_scenario
from engine.scenario.definition import ResultField, Step, Transition, Variable
from engine.scenario.graph import (
    VariableFlow,
    may_be_unset,
    scenario_graph,
    set_reach,
    setters,
    unset_reach,
)

#: Variable names the random scenarios draw from; ``never_named`` appears in none of them.
NAMES = ["a", "b", "c"]
ASKED = [*NAMES, "never_named"]

# --- the specification: one search per variable -----------------------------------------------


def ways(graph: nx.MultiDiGraph) -> list[tuple[str, str, tuple[str, ...]]]:
    """The transitions a conversation can take, as (from, to, requires): none leaves a final
    step, since entering one ends the conversation."""
    return [
        (source, target, requires)
        for source, target, requires in graph.edges(data="requires")
        if not graph.nodes[source]["final"]
    ]


def spec_set_at(graph: nx.MultiDiGraph, name: str) -> set[str]:
    """The steps a way from the start reaches at or after a step whose results set ``name``.

    Searches (step, set on the way here?) pairs, from the start step."""
    start = graph.graph["start"]
    if start not in graph:
        return set()

    def sets(step: str) -> bool:
        return name in graph.nodes[step]["sets"]

    first = (start, sets(start))
    seen = {first}
    todo = [first]
    while todo:
        step, done = todo.pop()
        for source, target, _ in ways(graph):
            after = (target, done or sets(target))
            if source == step and after not in seen:
                seen.add(after)
                todo.append(after)
    return {step for step, done in seen if done}


def spec_unset_at(graph: nx.MultiDiGraph, name: str) -> set[str]:
    """The steps a way from the start reaches without ``name`` being guaranteed on the way.

    A transition guarantees it when it requires it, or when its step has it as a required
    result (``ensures``)."""
    start = graph.graph["start"]
    if start not in graph:
        return set()
    seen = {start}
    todo = [start]
    while todo:
        step = todo.pop()
        for source, target, requires in ways(graph):
            guaranteed = name in requires or name in graph.nodes[source]["ensures"]
            if source == step and not guaranteed and target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


# --- random scenarios --------------------------------------------------------------------------


names = st.sampled_from(NAMES)
signals = st.sampled_from(["go", "back", "skip", "retry"])
requirements = st.lists(names, max_size=2, unique=True)


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    """Up to six steps, some final, with random results (required or not), transitions (some
    parallel, some to the missing step ``ghost``) and requirements; any subset of the names is
    declared, and the start may be ``ghost`` too."""
    ids = [f"s{index}" for index in range(draw(st.integers(min_value=1, max_value=6)))]
    targets = st.sampled_from([*ids, "ghost"])
    steps = {}
    for step_id in ids:
        results = draw(st.dictionaries(names, st.booleans(), max_size=3))
        transitions = draw(st.dictionaries(signals, st.tuples(targets, requirements), max_size=4))
        steps[step_id] = Step(
            final=draw(st.booleans()),
            results={name: ResultField(required=required) for name, required in results.items()},
            transitions={
                signal: Transition(to=target, requires=requires)
                for signal, (target, requires) in transitions.items()
            },
        )
    declared = draw(st.lists(names, unique=True))
    return Scenario(
        name="random",
        start=draw(targets),
        variables={name: Variable() for name in declared},
        steps=steps,
    )


EXAMPLES = settings(
    max_examples=int(os.environ.get("PROMPTER_FUZZ_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@EXAMPLES
@given(scenarios())
def test_the_dataflow_answers_what_one_search_per_variable_answers(scenario: Scenario) -> None:
    graph = scenario_graph(scenario)
    flow = VariableFlow(graph)

    for name in ASKED:
        set_at, unset_at = spec_set_at(graph, name), spec_unset_at(graph, name)
        assert flow.set_at(name) == set_at, name
        assert flow.unset_at(name) == unset_at, name
        assert {step for step in graph if flow.may_be_set(name, step)} == set_at, name
        assert {step for step in graph if flow.may_be_unset(name, step)} == unset_at, name
        assert flow.setters(name) == setters(graph, name), name


@settings(EXAMPLES, max_examples=50)
@given(scenarios())
def test_the_one_variable_functions_agree_with_the_specification(scenario: Scenario) -> None:
    graph = scenario_graph(scenario)

    for name in ASKED:
        assert set_reach(graph, name) == spec_set_at(graph, name), name
        assert unset_reach(graph, name) == spec_unset_at(graph, name), name
        unset_at = spec_unset_at(graph, name)
        assert {step for step in graph if may_be_unset(graph, name, step)} == unset_at, name


# --- examples ----------------------------------------------------------------------------------


def flow_of(text: str) -> VariableFlow:
    return VariableFlow(scenario_graph(parse_scenario(dedent(text))))


def test_a_required_result_holds_after_its_step_and_a_plain_one_may_not() -> None:
    flow = flow_of(
        """\
        name: t
        start: ask
        variables: {name: {type: string}, age: {type: integer}}
        steps:
          ask:
            results: {name: {type: string, required: true}, age: {type: integer}}
            transitions: {next: {to: greet}}
          greet:
            transitions: {done: {to: bye}}
          bye: {final: true}
        """
    )

    assert flow.set_at("name") == flow.set_at("age") == {"ask", "greet", "bye"}
    assert flow.unset_at("name") == {"ask"}
    assert flow.unset_at("age") == {"ask", "greet", "bye"}


def test_a_transition_that_requires_a_variable_lets_only_ways_that_set_it_through() -> None:
    flow = flow_of(
        """\
        name: t
        start: ask
        variables: {email: {type: string}}
        steps:
          ask:
            results: {email: {type: string}}
            transitions:
              ok: {to: confirm, requires: [email]}
              skip: {to: later}
          later:
            transitions: {done: {to: confirm}}
          confirm: {final: true}
        """
    )

    assert flow.unset_at("email") == {"ask", "later", "confirm"}  # by way of "skip"
    assert flow.may_be_set("email", "later")
    assert not flow.may_be_set("email", "missing_step")


def test_a_way_back_carries_what_a_later_step_set_to_the_steps_before_it() -> None:
    flow = flow_of(
        """\
        name: t
        start: first
        variables: {topic: {type: string}}
        steps:
          first:
            transitions: {next: {to: second}}
          second:
            results: {topic: {type: string, required: true}}
            transitions: {again: {to: first}, done: {to: end}}
          end: {final: true}
        """
    )

    assert flow.set_at("topic") == {"first", "second", "end"}
    assert flow.unset_at("topic") == {"first", "second"}


def test_an_unreachable_setter_sets_nothing_and_nothing_leaves_a_final_step() -> None:
    flow = flow_of(
        """\
        name: t
        start: hello
        variables: {x: {type: string}}
        steps:
          hello:
            transitions: {done: {to: end}}
          end:
            final: true
            transitions: {on: {to: after}}
          after:
            transitions: {back: {to: hello}}
          orphan:
            results: {x: {type: string, required: true}}
            transitions: {next: {to: hello}}
        """
    )

    assert flow.setters("x") == {"orphan"}
    assert flow.set_at("x") == set()
    assert flow.unset_at("x") == {"hello", "end"}


def test_a_name_the_scenario_never_mentions_is_unset_wherever_a_conversation_goes() -> None:
    flow = flow_of(
        """\
        name: t
        start: hello
        steps:
          hello:
            transitions: {done: {to: end}}
          end: {final: true}
        """
    )

    assert flow.set_at("nothing") == set()
    assert flow.unset_at("nothing") == {"hello", "end"}
    assert flow.setters("nothing") == set()
