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
names), ``description`` and ``ensures`` (the variables set whenever that edge is taken). An
action step ensures its required results on its ``ok`` edge only — an ``error``, a ``timeout``
or an outcome the action names leaves without them — so its node ensures nothing.
``graph.graph["start"]`` is the start step's id.

Questions about one variable (:func:`set_reach`, :func:`unset_reach`) are answered by a
:class:`VariableFlow`, which answers them for every variable at once; a caller that asks about
many variables (the validator) builds one and asks it.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from engine.scenario.actions import OK
from engine.scenario.definition import Scenario, StepKind


def scenario_graph(scenario: Scenario) -> nx.MultiDiGraph:
    """Build the graph view of ``scenario`` (see the module docstring for its attributes)."""
    graph = nx.MultiDiGraph(start=scenario.start, name=scenario.name)
    required: dict[str, frozenset[str]] = {
        step_id: frozenset(
            name
            for name, result in step.results.items()
            if result.required and name in scenario.variables
        )
        for step_id, step in scenario.steps.items()
    }
    for step_id, step in scenario.steps.items():
        acts = step.kind is StepKind.ACTION
        graph.add_node(
            step_id,
            title=step.display_title,
            goal=step.goal,
            kind=step.kind,
            final=step.final,
            on_enter=step.on_enter,
            sets=frozenset(name for name in step.results if name in scenario.variables),
            ensures=frozenset() if acts else required[step_id],
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
            acts = step.kind is StepKind.ACTION
            graph.add_edge(
                step_id,
                transition.to,
                key=signal,
                requires=tuple(transition.requires),
                description=transition.description,
                ensures=required[step_id] if not acts or signal == OK else frozenset(),
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
    every step after one (on a way from the start). ``paths`` (from :func:`conversation_paths`)
    saves rebuilding it; ``reachable`` is accepted for older callers and no longer needed.
    Ask a :class:`VariableFlow` when asking about many variables."""
    return VariableFlow(graph, paths).set_at(variable)


def unset_reach(graph: nx.MultiDiGraph, variable: str) -> set[str]:
    """Steps some way from the start reaches without ``variable`` being set.

    A transition guarantees the variable when it ``requires`` it, or when its step has it as a
    required result. Defaults are the caller's business (a variable with one is always set).
    Ask a :class:`VariableFlow` when asking about many variables.
    """
    return VariableFlow(graph).unset_at(variable)


def may_be_unset(graph: nx.MultiDiGraph, variable: str, step_id: str) -> bool:
    """Whether some way from the start reaches ``step_id`` without ``variable`` being set."""
    return VariableFlow(graph).may_be_unset(variable, step_id)


class VariableFlow:
    """Where each variable may already be set, and where it may still be unset, for all at once.

    Searching the graph once per variable costs steps × variables. Here each variable is one bit
    of a Python int, and two forward dataflows over the conversation paths (transitions of final
    steps left out, as in :func:`conversation_paths`) compute every step's bits to a fixpoint:

    *may be set* (as :func:`set_reach`): at a step reachable from the start, the bits of its own
    ``sets``, joined with those of every step before it. All steps of a cycle share one value,
    so the strongly connected components are visited once each, in topological order.

    *may be unset* (as :func:`unset_reach`): all bits at the start step; a transition from S
    passes on all but the bits its ``requires`` names, its own ``ensures`` and S's (those hold
    once it is taken), joined over the transitions into a step. The transitions clear different
    bits, so each component is iterated with a worklist until nothing changes.

    Names the graph never mentions share bit 0, which nothing sets and nothing clears. The flow
    is computed once, when it is made: it answers for the graph as it was then.
    """

    def __init__(self, graph: nx.MultiDiGraph, paths: nx.DiGraph | None = None) -> None:
        paths = paths if paths is not None else conversation_paths(graph)
        self._bit: dict[str, int] = {}  # variable → its bit; bit 0 is for any other name
        self._setters: dict[str, set[str]] = {}
        sets: dict[str, int] = {}
        ensures: dict[str, int] = {}
        finals: set[str] = set()
        for node, data in graph.nodes(data=True):
            sets[node] = self._mask(data["sets"])
            ensures[node] = self._mask(data["ensures"])
            for name in data["sets"]:
                self._setters.setdefault(name, set()).add(node)
            if data["final"]:
                finals.add(node)
        cleared = [
            (
                source,
                target,
                self._mask(data["requires"])
                | ensures[source]
                | self._mask(data.get("ensures", ())),
            )
            for source, target, data in graph.edges(data=True)
            if source not in finals
        ]
        # Every name has its bit now. What a transition lets through is all bits but those it
        # clears, joined over the parallel transitions (other signals) to the same step.
        everything = (1 << (len(self._bit) + 1)) - 1
        passes: dict[str, dict[str, int]] = {node: {} for node in graph}
        for source, target, clear in cleared:
            followers = passes[source]
            followers[target] = followers.get(target, 0) | (everything & ~clear)

        components = nx.condensation(paths)
        order: list[set[str]] = [
            components.nodes[index]["members"] for index in nx.topological_sort(components)
        ]
        reachable = reachable_from_start(graph, paths)
        self._set = _may_be_set(components, order, sets, reachable)
        start = graph.graph.get("start")
        self._unset = _may_be_unset(order, passes, start if start in graph else None, everything)

    def _mask(self, names: Iterable[str]) -> int:
        """The bits of ``names``, giving each name not seen before the next free bit."""
        mask = 0
        for name in names:
            mask |= 1 << self._bit.setdefault(name, len(self._bit) + 1)
        return mask

    def _bit_of(self, variable: str) -> int:
        return self._bit.get(variable, 0)

    def may_be_set(self, variable: str, step_id: str) -> bool:
        """Whether ``variable`` may already have been set at ``step_id`` (see :func:`set_reach`)."""
        return bool(self._set.get(step_id, 0) >> self._bit_of(variable) & 1)

    def may_be_unset(self, variable: str, step_id: str) -> bool:
        """Whether some way from the start reaches ``step_id`` without ``variable`` being set."""
        return bool(self._unset.get(step_id, 0) >> self._bit_of(variable) & 1)

    def set_at(self, variable: str) -> set[str]:
        """The steps where ``variable`` may already have been set (as :func:`set_reach`)."""
        bit = self._bit_of(variable)
        return {node for node, bits in self._set.items() if bits >> bit & 1}

    def unset_at(self, variable: str) -> set[str]:
        """The steps a way from the start reaches with ``variable`` unset (:func:`unset_reach`)."""
        bit = self._bit_of(variable)
        return {node for node, bits in self._unset.items() if bits >> bit & 1}

    def setters(self, variable: str) -> set[str]:
        """The steps whose results set ``variable`` (as :func:`setters` of all steps)."""
        return set(self._setters.get(variable, ()))


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


def _may_be_set(
    components: nx.DiGraph, order: list[set[str]], sets: dict[str, int], reachable: set[str]
) -> dict[str, int]:
    """Each step's bits of variables set there or at a step before it (on a way from start).

    A component's value is what its reachable members set, joined with the values of the
    components before it; ``order`` is topological, so those are known already."""
    mapping: dict[str, int] = components.graph["mapping"]
    value_of: dict[int, int] = {}
    bits: dict[str, int] = {}
    for members in order:
        index = mapping[next(iter(members))]
        value = 0
        for before in components.predecessors(index):
            value |= value_of[before]
        for node in members:
            if node in reachable:
                value |= sets[node]
        value_of[index] = value
        bits.update(dict.fromkeys(members, value))
    return bits


def _may_be_unset(
    order: list[set[str]], passes: dict[str, dict[str, int]], start: str | None, everything: int
) -> dict[str, int]:
    """Each step's bits of variables some way from ``start`` leaves unset on arrival.

    Components are done in topological ``order``: everything that enters one is known before
    its worklist runs, and what leaves it is passed on to later components as it is found."""
    bits = dict.fromkeys(passes, 0)
    if start is None:
        return bits
    bits[start] = everything
    for members in order:
        pending = [node for node in members if bits[node]]
        waiting = set(pending)
        while pending:
            node = pending.pop()
            waiting.discard(node)
            value = bits[node]
            for follower, allowed in passes[node].items():
                arriving = value & allowed & ~bits[follower]
                if arriving:
                    bits[follower] |= arriving
                    if follower in members and follower not in waiting:
                        waiting.add(follower)
                        pending.append(follower)
    return bits


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
    "VariableFlow",
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
