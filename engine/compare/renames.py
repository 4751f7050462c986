"""Recognise a step that was renamed: an id that disappeared and one that appeared, alike.

Authors rename steps (``users`` → ``audience``) and usually touch their instructions in the same
commit; reporting that as "one removed, one added" hides the rename and drowns the real edits. A
removed and an added step are paired when they are alike in what they *do*:

* the words of their texts (instructions, message text, goal, title) — 40 %;
* where they lead: the signals they send and the steps those reach — 25 %;
* what leads to them: the (source, signal) pairs pointing at them — 15 %;
* the results they return — 15 %;
* their ids, a little — 5 %, so two equally alike candidates go to the closer name.

Each part is a Jaccard index; a part both steps lack is left out and the weights are
renormalised. Pairs scoring at least :data:`RENAME_THRESHOLD` are matched greedily, best first,
each step at most once. Only pairs that share something are scored (an inverted index), so a
thousand renames cost no million comparisons.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import TypeVar

from engine.scenario.definition import Scenario, Step

_T = TypeVar("_T")

RENAME_THRESHOLD = 0.5
#: Below this many pairs every pair is scored; above, only pairs sharing a distinctive feature.
ALL_PAIRS_LIMIT = 40_000
#: A feature shared by more candidate steps than this says nothing about which pair belongs.
DISTINCTIVE_MAX = 12

_WORD = re.compile(r"[^\W\d_]{3,}")
_WEIGHTS = {"words": 0.40, "out": 0.25, "in": 0.15, "results": 0.15, "id": 0.05}


@dataclass(frozen=True)
class _Print:
    """What a step is, for comparison: sets of its words and of its graph neighbourhood."""

    step_id: str
    kind: str
    words: frozenset[str]
    signals: frozenset[str]
    out: frozenset[tuple[str, str]]
    incoming: frozenset[tuple[str, str]]
    results: frozenset[str]

    def features(self) -> Iterable[tuple[str, ...]]:
        yield from (("o", signal, target) for signal, target in self.out)
        yield from (("i", source, signal) for source, signal in self.incoming)
        yield from (("r", name) for name in self.results)
        yield from (("w", word) for word in self.words)


def match_renames(old: Scenario, new: Scenario) -> dict[str, tuple[str, float]]:
    """old id → (new id, similarity) for every removed step recognised among the added ones."""
    removed = [step_id for step_id in old.steps if step_id not in new.steps]
    added = [step_id for step_id in new.steps if step_id not in old.steps]
    if not removed or not added:
        return {}
    old_incoming, new_incoming = _incoming(old), _incoming(new)
    old_prints = {step_id: _fingerprint(old, step_id, old_incoming) for step_id in removed}
    new_prints = {step_id: _fingerprint(new, step_id, new_incoming) for step_id in added}
    scored = [
        (similarity(old_prints[a], new_prints[b]), a, b)
        for a, b in _candidates(old_prints, new_prints)
    ]
    scored.sort(key=lambda item: (-item[0], item[1], item[2]))
    matched: dict[str, tuple[str, float]] = {}
    taken: set[str] = set()
    for score, old_id, new_id in scored:
        if score < RENAME_THRESHOLD:
            break
        if old_id in matched or new_id in taken:
            continue
        matched[old_id] = (new_id, score)
        taken.add(new_id)
    return matched


def similarity(a: _Print, b: _Print) -> float:
    """How alike two steps are, 0–1 (see the module docstring)."""
    parts: list[tuple[float, float]] = []
    if a.words or b.words:
        parts.append((_WEIGHTS["words"], _jaccard(a.words, b.words)))
    if a.out or b.out:
        where = (_jaccard(a.signals, b.signals) + _jaccard(a.out, b.out)) / 2
        parts.append((_WEIGHTS["out"], where))
    if a.incoming or b.incoming:
        parts.append((_WEIGHTS["in"], _jaccard(a.incoming, b.incoming)))
    if a.results or b.results:
        parts.append((_WEIGHTS["results"], _jaccard(a.results, b.results)))
    parts.append((_WEIGHTS["id"], SequenceMatcher(None, a.step_id, b.step_id).ratio()))
    score = sum(weight * value for weight, value in parts) / sum(weight for weight, _ in parts)
    return score if a.kind == b.kind else score * 0.8


def _candidates(
    old_prints: dict[str, _Print], new_prints: dict[str, _Print]
) -> Iterable[tuple[str, str]]:
    if len(old_prints) * len(new_prints) <= ALL_PAIRS_LIMIT:
        yield from ((a, b) for a in old_prints for b in new_prints)
        return
    holders: dict[tuple[str, ...], tuple[list[str], list[str]]] = defaultdict(lambda: ([], []))
    for step_id, fingerprint in old_prints.items():
        for feature in fingerprint.features():
            holders[feature][0].append(step_id)
    for step_id, fingerprint in new_prints.items():
        for feature in fingerprint.features():
            holders[feature][1].append(step_id)
    seen: set[tuple[str, str]] = set()
    for olds, news in holders.values():
        if not olds or not news or len(olds) + len(news) > DISTINCTIVE_MAX:
            continue
        for a in olds:
            for b in news:
                if (a, b) not in seen:
                    seen.add((a, b))
                    yield a, b


def _incoming(scenario: Scenario) -> dict[str, set[tuple[str, str]]]:
    incoming: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for source, step in scenario.steps.items():
        for signal, transition in step.transitions.items():
            incoming[transition.to].add((source, signal))
    return incoming


def _fingerprint(
    scenario: Scenario, step_id: str, incoming: dict[str, set[tuple[str, str]]]
) -> _Print:
    step: Step = scenario.steps[step_id]
    text = " ".join((step.instructions_text, step.text or "", step.goal, step.title))
    return _Print(
        step_id=step_id,
        kind=step.kind.value,
        words=frozenset(word.lower() for word in _WORD.findall(text)),
        signals=frozenset(step.transitions),
        out=frozenset((signal, tr.to) for signal, tr in step.transitions.items()),
        incoming=frozenset(incoming.get(step_id, ())),
        results=frozenset(step.results),
    )


def _jaccard(a: frozenset[_T], b: frozenset[_T]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


__all__ = ["RENAME_THRESHOLD", "match_renames", "similarity"]
