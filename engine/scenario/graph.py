"""The scenario as a graph: steps are nodes, transitions are edges keyed by their signal.

One networkx view serves the validator (reachability, traps, where a variable can be set), the
studio's graph editor and the diagram export, so they all agree on what the scenario's shape is.
The graph is a *view*: it is rebuilt from the :class:`Scenario` whenever needed and never edited.

Nodes are step ids with these attributes:

``title``, ``goal``, ``kind`` (:class:`StepKind`), ``final``, ``on_enter`` (:class:`OnEnter`),
``sets`` (the declared variables its results update), ``ensures`` (those of them that are
``required``, so they are set whenever the step is left), ``missing`` (``False`` for a declared
step; ``True`` for a step that a transition targets but that does not exist, so such an edge can
still be drawn and reported).

Edges go from a step to its target, keyed by the signal, with ``requires`` (tuple of variable
names) and ``description``. ``graph.graph["start"]`` is the start step's id.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from engine.scenario.model import Scenario


def scenario_graph(scenario: Scenario) -> nx.MultiDiGraph:
    """Build the graph view of ``scenario`` (see the module docstring for its attributes)."""
    graph = nx.MultiDiGraph(start=scenario.start, name=scenario.name)
    for step_id, step in scenario.steps.items():
        graph.add_node(
            step_id,
            title=step.display_title,
            goal=step.goal,
            kind=step.kind,
            final=step.final,
            on_enter=step.on_enter,
            sets=frozenset(name for name in step.results if name in scenario.variables),
            ensures=frozenset(
                name
                for name, result in step.results.items()
                if result.required and name in scenario.variables
            ),
            missing=False,
        )
    for step_id, step in scenario.steps.items():
        for signal, transition in step.transitions.items():
            if transition.to not in graph:
                graph.add_node(
                    transition.to,
                    title=transition.to,
                    goal="",
                    kind=None,
                    final=False,
                    on_enter=None,
                    sets=frozenset(),
                    ensures=frozenset(),
                    missing=True,
                )
            graph.add_edge(
                step_id,
                transition.to,
                key=signal,
                requires=tuple(transition.requires),
                description=transition.description,
            )
    return graph


def declared_steps(graph: nx.MultiDiGraph) -> set[str]:
    """The nodes that are real steps (not the placeholders of missing targets)."""
    return {node for node, missing in graph.nodes(data="missing") if not missing}


def conversation_paths(graph: nx.MultiDiGraph) -> nx.DiGraph:
    """Who can follow whom: the steps, and an edge wherever some transition leads.

    Transitions of final steps are left out: entering a final step ends the chat, so nothing ever
    leaves one. Parallel signals collapse into one edge. Reachability questions are asked of this
    plain graph; callers that ask many (the validator) build it once and pass it in.
    """
    paths = nx.DiGraph()
    paths.add_nodes_from(graph.nodes)
    paths.add_edges_from(
        (source, target) for source, target in graph.edges() if not graph.nodes[source]["final"]
    )
    return paths


def reachable_from_start(graph: nx.MultiDiGraph, paths: nx.DiGraph | None = None) -> set[str]:
    """Steps a conversation can get to from the start step (the start step included)."""
    start = graph.graph.get("start")
    if start not in graph or graph.nodes[start]["missing"]:
        return set()
    return _downstream(paths if paths is not None else conversation_paths(graph), {start})


def final_steps(graph: nx.MultiDiGraph) -> set[str]:
    return {node for node, final in graph.nodes(data="final") if final}


def can_finish(graph: nx.MultiDiGraph, paths: nx.DiGraph | None = None) -> set[str]:
    """Steps from which some final step can be reached (the final steps included)."""
    paths = paths if paths is not None else conversation_paths(graph)
    return _downstream(paths.reverse(copy=False), final_steps(graph))


def reaches_missing(graph: nx.MultiDiGraph, paths: nx.DiGraph | None = None) -> set[str]:
    """Steps from which a transition to a step that does not exist can be reached."""
    paths = paths if paths is not None else conversation_paths(graph)
    missing = {node for node, flag in graph.nodes(data="missing") if flag}
    return _downstream(paths.reverse(copy=False), missing) - missing


def set_reach(
    graph: nx.MultiDiGraph,
    variable: str,
    paths: nx.DiGraph | None = None,
    reachable: set[str] | None = None,
) -> set[str]:
    """Steps where ``variable`` may already have been set: a step whose results set it, and
    every step after one (on a way from the start). ``paths`` and ``reachable`` (from
    :func:`conversation_paths` and :func:`reachable_from_start`) save recomputing them."""
    paths = paths if paths is not None else conversation_paths(graph)
    on_the_way = reachable if reachable is not None else reachable_from_start(graph, paths)
    return _downstream(paths, setters(graph, variable, on_the_way)) & on_the_way


def unset_reach(graph: nx.MultiDiGraph, variable: str) -> set[str]:
    """Steps some way from the start reaches without ``variable`` being set.

    A transition guarantees the variable when it ``requires`` it, or when its step has it as a
    required result. Defaults are the caller's business (a variable with one is always set).
    """
    start = graph.graph.get("start")
    if start not in graph:
        return set()
    unset_paths = nx.DiGraph()
    unset_paths.add_nodes_from(graph.nodes)
    for source, target, requires in graph.edges(data="requires"):
        node = graph.nodes[source]
        if not node["final"] and variable not in requires and variable not in node["ensures"]:
            unset_paths.add_edge(source, target)
    return _downstream(unset_paths, {start})


def may_be_unset(graph: nx.MultiDiGraph, variable: str, step_id: str) -> bool:
    """Whether some way from the start reaches ``step_id`` without ``variable`` being set."""
    return step_id in unset_reach(graph, variable)


def steps_before(graph: nx.MultiDiGraph, step_id: str) -> set[str]:
    """Steps a conversation may have passed through on its way from start to ``step_id``.

    The step itself is included: its own results are set before it is left.
    """
    paths = conversation_paths(graph)
    on_the_way = reachable_from_start(graph, paths)
    if step_id not in on_the_way:
        return {step_id}
    return _downstream(paths.reverse(copy=False), {step_id}) & on_the_way


def setters(graph: nx.MultiDiGraph, variable: str, among: Iterable[str] | None = None) -> set[str]:
    """Steps (of ``among``, or all) whose results set ``variable``."""
    nodes = graph.nodes if among is None else among
    return {node for node in nodes if variable in graph.nodes[node]["sets"]}


def _downstream(paths: nx.DiGraph, sources: Iterable[str]) -> set[str]:
    """``sources`` and every node reachable from one of them (one search for all)."""
    seen = {source for source in sources if source in paths}
    frontier = list(seen)
    while frontier:
        node = frontier.pop()
        for follower in paths.successors(node):
            if follower not in seen:
                seen.add(follower)
                frontier.append(follower)
    return seen


__all__ = [
    "can_finish",
    "conversation_paths",
    "declared_steps",
    "final_steps",
    "may_be_unset",
    "reachable_from_start",
    "reaches_missing",
    "scenario_graph",
    "set_reach",
    "setters",
    "steps_before",
    "unset_reach",
]
