"""The simulation report: what happened over all conversations, as data, JSON and text.

:class:`ReportBuilder` takes each conversation's :class:`~engine.simulate.outcome.
ConversationOutcome` as it ends (so a cancelled run still reports what finished) and
:meth:`ReportBuilder.build` makes the :class:`SimulationReport`:

* conversations by status (finished, stuck at the turn limit, abandoned by the user, failed;
  cancelled ones are counted and otherwise left out), per persona too;
* the paths taken through the graph and how often, with how they ended;
* per step (:mod:`engine.simulate.stepstats`): visits, turns spent, calls, cost, contract
  violations by kind, corrections, fallbacks, and how many conversations ended there;
* facts the bot recorded differently from the persona's (or never recorded);
* for the bot and for the simulated user apart: calls per user message and cost per
  conversation as distributions (percentiles and a histogram), tokens, and the traffic (attempts,
  429s, retries, time waiting for the limiter).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.dialogue.ledger import Totals
from engine.io.atomic import atomic_write_text
from engine.providers.paced import Traffic
from engine.providers.rate_limiter import MAX_RETRY_AFTER_S
from engine.simulate.outcome import STATUSES, ConversationOutcome, role_totals_dict
from engine.simulate.stepstats import StepFigures, StepTally

__all__ = [
    "Distribution",
    "ReportBuilder",
    "RoleFigures",
    "SimulationReport",
    "percentile",
    "role_figures",
]

#: Paths listed in the report, most frequent first.
TOP_PATHS = 20
#: Conversations named as examples of a disagreeing fact.
EXAMPLES = 5


def percentile(ordered: Sequence[float], share: float) -> float:
    """The ``share`` percentile (0..1) of sorted values, linearly interpolated."""
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * share
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class Distribution:
    """Count, mean, min, median, p90, p99, max, and a histogram of some values."""

    count: int
    mean: float
    min: float
    p50: float
    p90: float
    p99: float
    max: float
    #: (from, to, count) bins; whole numbers from a short range get one bin each.
    histogram: tuple[tuple[float, float, int], ...]

    @classmethod
    def of(cls, values: Iterable[float], *, bins: int = 10) -> Distribution:
        ordered = sorted(values)
        if not ordered:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, ())
        return cls(
            count=len(ordered),
            mean=sum(ordered) / len(ordered),
            min=ordered[0],
            p50=percentile(ordered, 0.5),
            p90=percentile(ordered, 0.9),
            p99=percentile(ordered, 0.99),
            max=ordered[-1],
            histogram=_histogram(ordered, bins),
        )

    def to_dict(self, digits: int = 4) -> dict[str, Any]:
        def r(value: float) -> float:
            return round(value, digits)

        return {
            "count": self.count,
            "mean": r(self.mean),
            "min": r(self.min),
            "p50": r(self.p50),
            "p90": r(self.p90),
            "p99": r(self.p99),
            "max": r(self.max),
            "histogram": [
                {"from": r(low), "to": r(high), "count": count}
                for low, high, count in self.histogram
            ],
        }


def _histogram(ordered: list[float], bins: int) -> tuple[tuple[float, float, int], ...]:
    low, high = ordered[0], ordered[-1]
    if all(float(value).is_integer() for value in ordered) and high - low < 2 * bins:
        counts = Counter(int(value) for value in ordered)
        return tuple((float(v), float(v), counts[v]) for v in range(int(low), int(high) + 1))
    if high == low:
        return ((low, high, len(ordered)),)
    width = (high - low) / bins
    binned = [0] * bins
    for value in ordered:
        binned[min(int((value - low) / width), bins - 1)] += 1
    return tuple((low + i * width, low + (i + 1) * width, binned[i]) for i in range(bins))


@dataclass(frozen=True)
class RoleFigures:
    """The bot's or the simulated user's calls and cost over the run."""

    totals: Totals
    #: Calls made for each user message (the bot), or for each message the user wrote.
    calls_per_message: Distribution
    #: Each conversation's calls divided by its user messages.
    calls_per_message_by_conversation: Distribution
    #: ``None`` when some conversation's price is unknown (a call's endpoint had no price).
    cost_per_conversation: Distribution | None
    traffic: Traffic

    def to_dict(self) -> dict[str, Any]:
        return {
            **role_totals_dict(self.totals),
            "calls_per_message": self.calls_per_message.to_dict(),
            "calls_per_message_by_conversation": self.calls_per_message_by_conversation.to_dict(),
            "cost_per_conversation_usd": (
                None if (cost := self.cost_per_conversation) is None else cost.to_dict(8)
            ),
            "traffic": self.traffic.to_dict(),
        }


@dataclass(frozen=True)
class FactFigures:
    """One persona's fact over its conversations: how often it was recorded right."""

    persona: str
    name: str
    fact: Any
    agrees: int
    disagrees: int
    missing: int
    #: Conversation numbers, and the value recorded, where it disagreed.
    examples: tuple[tuple[int, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "persona": self.persona,
            "name": self.name,
            "fact": self.fact,
            "agrees": self.agrees,
            "disagrees": self.disagrees,
            "missing": self.missing,
            "examples": [
                {"conversation": index, "recorded": value} for index, value in self.examples
            ],
        }


@dataclass(frozen=True)
class PathFigures:
    """One path through the graph (the steps entered, in order) and how its runs ended."""

    steps: tuple[str, ...]
    count: int
    statuses: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"steps": list(self.steps), "count": self.count, "statuses": self.statuses}


@dataclass(frozen=True)
class SimulationReport:
    """Everything a simulation found; :meth:`to_dict` is ``report.json``."""

    scenario: str
    scenario_path: str | None
    settings: dict[str, Any]
    started_at: str
    duration_s: float
    planned: int
    counts: dict[str, int]
    by_persona: dict[str, dict[str, int]]
    paths: tuple[PathFigures, ...]
    distinct_paths: int
    steps: dict[str, dict[str, Any]]
    facts: tuple[FactFigures, ...]
    bot: RoleFigures
    user: RoleFigures
    conversations: tuple[ConversationOutcome, ...]
    stopped: str | None = None
    out_dir: Path | None = None

    @property
    def reported(self) -> int:
        """Conversations the figures cover (all but the cancelled)."""
        return sum(count for status, count in self.counts.items() if status != "cancelled")

    @property
    def requests_per_minute(self) -> float:
        """The request rate sustained over the run, both roles, retries included."""
        requests = self.bot.traffic.requests + self.user.traffic.requests
        return requests / self.duration_s * 60 if self.duration_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "scenario_path": self.scenario_path,
            "started_at": self.started_at,
            "duration_s": round(self.duration_s, 3),
            "settings": self.settings,
            "stopped": self.stopped,
            "conversations": {"planned": self.planned, "reported": self.reported, **self.counts},
            "by_persona": self.by_persona,
            "paths": [path.to_dict() for path in self.paths],
            "distinct_paths": self.distinct_paths,
            "steps": self.steps,
            "facts": [fact.to_dict() for fact in self.facts],
            "bot": self.bot.to_dict(),
            "simulated_user": self.user.to_dict(),
            "requests_per_minute": round(self.requests_per_minute, 1),
            "runs": [outcome.to_dict(self.out_dir) for outcome in self.conversations],
        }

    def write(self, folder: Path) -> tuple[Path, Path]:
        """Write ``report.json`` and ``summary.txt`` (atomically) into ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        json_path, text_path = folder / "report.json", folder / "summary.txt"
        atomic_write_text(
            json_path, json.dumps(self.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n"
        )
        atomic_write_text(text_path, "\n".join(self.summary_lines()) + "\n")
        return json_path, text_path

    # --- the readable summary ----------------------------------------------------------------

    def summary_lines(self) -> list[str]:
        lines = [
            f"Simulation of {self.scenario}: {self.reported} of {self.planned} "
            f"conversations in {self.duration_s:.1f} s"
        ]
        if self.stopped:
            lines.append(f"  stopped early: {self.stopped}")
        lines.append(
            "  " + ", ".join(f"{self.counts.get(status, 0)} {status}" for status in STATUSES)
        )
        lines += ["", "By persona:"]
        width = max((len(name) for name in self.by_persona), default=10)
        for name, counts in self.by_persona.items():
            shown = ", ".join(f"{counts.get(s, 0)} {s}" for s in STATUSES if counts.get(s))
            lines.append(f"  {name:<{width}}  {shown or 'none'}")
        lines += ["", f"Paths ({self.distinct_paths} distinct, most frequent first):"]
        for path in self.paths[:10]:
            ended = ", ".join(f"{n} {s}" for s, n in path.statuses.items())
            lines.append(f"  {path.count:>4} × {_short_path(path.steps)}  ({ended})")
        lines += [
            "",
            "Steps:",
            "  step                  visits  turns/visit  violations  "
            "corrections  fallbacks  ended here",
        ]
        for step, figures in self.steps.items():
            kinds = ", ".join(f"{k} {n}" for k, n in figures["violations"].items())
            ended = ", ".join(f"{n} {s}" for s, n in figures["ended"].items() if n)
            lines.append(
                f"  {step:<20} {figures['visits']:>7}  {figures['turns_per_visit']:>11.2f}  "
                f"{figures['violations_total']:>10}  {figures['corrections']:>11}  "
                f"{figures['fallbacks']:>9}  {ended}"
            )
            if kinds:
                lines.append(f"  {'':<20}   violations: {kinds}")
        wrong = [fact for fact in self.facts if fact.disagrees or fact.missing]
        lines += [
            "",
            "Facts the bot recorded differently:"
            if wrong
            else "Facts: every checked fact was recorded as the persona gave it.",
        ]
        for fact in wrong:
            examples = "; ".join(
                f"#{index}: {json.dumps(value, ensure_ascii=False)}"
                for index, value in fact.examples
            )
            lines.append(
                f"  {fact.persona} · {fact.name} = {json.dumps(fact.fact)}: "
                f"{fact.disagrees} disagree, {fact.missing} missing, {fact.agrees} "
                f"agree" + (f" (e.g. {examples})" if examples else "")
            )
        lines.append("")
        for label, role in (("Bot", self.bot), ("Simulated user", self.user)):
            per = role.calls_per_message
            cost = role.cost_per_conversation
            histogram = ", ".join(f"{int(low)}: {count}" for low, _, count in per.histogram)
            lines.append(
                f"{label}: {role.totals.llm_calls} calls, {role.totals.cost_text()}; calls per "
                f"message mean {per.mean:.2f}, p50 {per.p50:g}, p90 {per.p90:g}, "
                f"max {per.max:g} [{histogram}]"
            )
            spread = (
                role.totals.cost_text()
                if role.totals.all_synthetic or cost is None
                else f"p50 ${cost.p50:.5f}, p90 ${cost.p90:.5f}, max ${cost.max:.5f}"
            )
            lines.append(
                f"  cost per conversation: {spread}; {role.traffic.requests} requests, "
                f"{role.traffic.rate_limited} rate-limited, {role.traffic.retries} retried"
                + _capped(role.traffic)
            )
        lines.append(f"Sustained rate: {self.requests_per_minute:.0f} requests/min")
        return lines


def _short_path(steps: Sequence[str]) -> str:
    """A path with runs of the same step folded: ``a → b ×3 → c``."""
    parts: list[str] = []
    for step in steps:
        if parts and parts[-1].split(" ×")[0] == step:
            head, _, times = parts[-1].partition(" ×")
            parts[-1] = f"{head} ×{int(times or 1) + 1}"
        else:
            parts.append(step)
    return " → ".join(parts)


@dataclass
class ReportBuilder:
    """Collects outcomes as conversations end; :meth:`build` makes the report."""

    scenario: str
    scenario_path: str | None
    settings: dict[str, Any]
    started_at: str
    planned: int
    out_dir: Path | None = None
    outcomes: list[ConversationOutcome] = field(default_factory=list)
    tally: StepTally = field(default_factory=StepTally)

    def add(self, outcome: ConversationOutcome, tally: StepTally | None) -> None:
        self.outcomes.append(outcome)
        if tally is not None and outcome.status != "cancelled":
            self.tally.merge(tally)

    def build(
        self,
        *,
        duration_s: float,
        bot_traffic: Traffic,
        user_traffic: Traffic,
        stopped: str | None = None,
    ) -> SimulationReport:
        outcomes = sorted(self.outcomes, key=lambda outcome: outcome.index)
        kept = [outcome for outcome in outcomes if outcome.status != "cancelled"]
        counts: dict[str, int] = {status: 0 for status in (*STATUSES, "cancelled")}
        by_persona: dict[str, dict[str, int]] = {}
        for outcome in outcomes:
            counts[outcome.status] += 1
            persona = by_persona.setdefault(outcome.persona_name, {})
            persona[outcome.status] = persona.get(outcome.status, 0) + 1
        return SimulationReport(
            scenario=self.scenario,
            scenario_path=self.scenario_path,
            settings=self.settings,
            started_at=self.started_at,
            duration_s=duration_s,
            planned=self.planned,
            counts=counts,
            by_persona=by_persona,
            paths=tuple(_paths(kept)[:TOP_PATHS]),
            distinct_paths=len({outcome.path for outcome in kept}),
            steps=self._steps(kept),
            facts=_facts(kept),
            bot=_role(kept, "bot", bot_traffic),
            user=_role(kept, "user", user_traffic),
            conversations=tuple(outcomes),
            stopped=stopped,
            out_dir=self.out_dir,
        )

    def _steps(self, kept: list[ConversationOutcome]) -> dict[str, dict[str, Any]]:
        steps = {step: figures.to_dict() for step, figures in self.tally.steps.items()}
        for step in steps.values():
            step["ended"] = {status: 0 for status in STATUSES}
        for outcome in kept:
            if outcome.final_step not in steps:  # ended where no event was counted
                steps[outcome.final_step] = {
                    **StepFigures().to_dict(),
                    "ended": {status: 0 for status in STATUSES},
                }
            steps[outcome.final_step]["ended"][outcome.status] += 1
        return steps


def _paths(kept: list[ConversationOutcome]) -> list[PathFigures]:
    kept = [outcome for outcome in kept if outcome.path]  # one that never started has none
    counts: Counter[tuple[str, ...]] = Counter(outcome.path for outcome in kept)
    statuses: dict[tuple[str, ...], Counter[str]] = {}
    for outcome in kept:
        statuses.setdefault(outcome.path, Counter())[outcome.status] += 1
    return [
        PathFigures(path, count, dict(statuses[path].most_common()))
        for path, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


def _facts(kept: list[ConversationOutcome]) -> tuple[FactFigures, ...]:
    table: dict[tuple[str, str], dict[str, Any]] = {}
    for outcome in kept:
        for check in outcome.facts:
            entry = table.setdefault(
                (outcome.persona_name, check.name),
                {"fact": check.fact, "agrees": 0, "disagrees": 0, "missing": 0, "examples": []},
            )
            entry[check.verdict] += 1
            if check.verdict == "disagrees" and len(entry["examples"]) < EXAMPLES:
                entry["examples"].append((outcome.index, check.recorded))
    return tuple(
        FactFigures(
            persona,
            name,
            entry["fact"],
            entry["agrees"],
            entry["disagrees"],
            entry["missing"],
            tuple(entry["examples"]),
        )
        for (persona, name), entry in table.items()
    )


def role_figures(
    outcomes: Iterable[ConversationOutcome],
    role: Literal["bot", "user"],
    traffic: Traffic | None = None,
) -> RoleFigures:
    """One role's figures over some of a run's conversations (one persona's, in the studio's
    table), counted as the report counts them: cancelled conversations left out. ``traffic``
    is the wire's, known for the whole run only (empty by default)."""
    kept = [outcome for outcome in outcomes if outcome.status != "cancelled"]
    return _role(kept, role, traffic if traffic is not None else Traffic())


def _role(kept: list[ConversationOutcome], role: str, traffic: Traffic) -> RoleFigures:
    figures = [outcome.bot if role == "bot" else outcome.user for outcome in kept]
    per_message = [float(calls) for one in figures for calls in one.calls_per_message]
    by_conversation = [
        one.totals.llm_calls / len(one.calls_per_message)
        for one in figures
        if one.calls_per_message
    ]
    return RoleFigures(
        totals=sum((one.totals for one in figures), Totals()),
        calls_per_message=Distribution.of(per_message),
        calls_per_message_by_conversation=Distribution.of(by_conversation),
        cost_per_conversation=_costs(one.totals.cost_usd for one in figures),
        traffic=traffic,
    )


def _costs(costs: Iterable[float | None]) -> Distribution | None:
    """The spread of the conversations' costs; ``None`` when some conversation's is unknown."""
    known = list(costs)
    if any(cost is None for cost in known):
        return None
    return Distribution.of(cost for cost in known if cost is not None)


def _capped(traffic: Traffic) -> str:
    """Say so when a server asked for a wait longer than the limiter obeys."""
    if not traffic.capped_waits:
        return ""
    return (
        f"; {traffic.capped_waits} wait(s) over {MAX_RETRY_AFTER_S:g} s refused (the server "
        f"asked for up to {traffic.longest_asked_s:,.0f} s)"
    )
