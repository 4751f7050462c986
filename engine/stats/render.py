"""A :class:`~.model.StatsReport` as a terminal table, JSON, or CSV for a spreadsheet."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

from engine.stats.distribution import spread
from engine.stats.figures import MEASURES, StatsReport, StepStats

#: Conversations listed in the text output (the most expensive first); all are in JSON/CSV.
CONVERSATIONS_SHOWN = 15
#: Damaged lines listed in the text output before "and N more".
DAMAGED_SHOWN = 10
CSV_TABLES = ("steps", "transitions", "actions", "conversations")


def render_text(report: StatsReport, *, order: Sequence[str] = ()) -> str:
    out: list[str] = []
    conversations = report.conversations
    finished = report.finished
    share = f" ({finished / len(conversations):.0%})" if conversations else ""
    out.append(
        f"{len(conversations):,} conversation(s) in {report.files:,} file(s), "
        f"{report.events:,} events; {finished:,} finished{share}; "
        f"cost {report.totals.cost_text()} in all"
    )
    if conversations:
        calls = spread([c.calls_per_message for c in conversations if c.user_messages])
        cost = spread([c.totals.cost_usd for c in conversations])
        out.append(
            f"calls per message: median {calls.median:.2f}, p90 {calls.p90:.2f}, "
            f"max {calls.maximum:.2f}   cost per conversation: median "
            f"${cost.median:.4f}, p90 ${cost.p90:.4f}, max ${cost.maximum:.4f}"
        )
    out.extend(_problems(report))
    known = [step for step in _ordered(report, order) if step not in report.unknown_steps]
    if known:
        out += ["", *_step_table([report.steps[step] for step in known])]
    if report.unknown_steps:
        out += [
            "",
            f"Steps in the logs that {report.scenario or 'the scenario'} does not have "
            "(recorded with another version of it):",
            *_step_table([report.steps[step] for step in report.unknown_steps]),
        ]
    if report.transitions:
        out += ["", "Transitions, by how often they were taken:"]
        unknown = set(report.unknown_transitions)
        for (source, signal, target), count in report.transitions.most_common():
            note = "   (not in the scenario)" if (source, signal, target) in unknown else ""
            out.append(f"  {count:>7,}  {source} —{signal}→ {target}{note}")
    if report.actions:
        out += ["", "Action steps (no model call):", *_action_table(report)]
    if conversations:
        shown = sorted(range(len(conversations)), key=lambda i: -conversations[i].totals.cost_usd)
        out += [
            "",
            f"Conversations ({min(len(shown), CONVERSATIONS_SHOWN)} most expensive of "
            f"{len(shown)}; --json or --csv --table conversations lists all):",
        ]
        header = ("file", "finished", "messages", "calls", "calls/msg", "cost", "last step")
        rows = [
            (
                c.path.name + (f" [{c.session[:8]}]" if _shared(report, i) else ""),
                "yes" if c.finished else (c.end_reason or "no"),
                str(c.user_messages),
                str(c.totals.llm_calls),
                f"{c.calls_per_message:.2f}",
                c.totals.cost_text(),
                c.last_step or "",
            )
            for i in shown[:CONVERSATIONS_SHOWN]
            for c in [conversations[i]]
        ]
        out.extend(_table(header, rows))
    return "\n".join(out) + "\n"


def render_json(report: StatsReport) -> str:
    data = report.to_json()
    data["spread"] = {
        "calls_per_message": spread(
            [c.calls_per_message for c in report.conversations if c.user_messages]
        ).to_json(),
        "cost_usd": spread([c.totals.cost_usd for c in report.conversations]).to_json(),
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def render_csv(report: StatsReport, table: str = "steps", *, order: Sequence[str] = ()) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if table == "steps":
        kinds = sorted({kind for stats in report.steps.values() for kind in stats.violations})
        writer.writerow(
            [
                "step",
                "in_scenario",
                "visits",
                "turns",
                "calls",
                "violations",
                *[f"violations_{kind}" for kind in kinds],
                "corrections",
                "fallbacks",
                "errors",
                "input_tokens",
                "cached_tokens",
                "cache_write_tokens",
                "output_tokens",
                "cost_usd",
                "conversations",
                "dropped",
                *MEASURES,
            ]
        )
        unknown = set(report.unknown_steps)
        for step in _ordered(report, order):
            stats = report.steps[step]
            writer.writerow(
                [
                    step,
                    "no" if step in unknown else "yes",
                    stats.visits,
                    stats.turns,
                    stats.totals.llm_calls,
                    stats.violation_count,
                    *[stats.violations[k] for k in kinds],
                    stats.corrections,
                    stats.fallbacks,
                    stats.errors,
                    stats.totals.input_tokens,
                    stats.totals.cached_tokens,
                    stats.totals.cache_write_tokens,
                    stats.totals.output_tokens,
                    f"{stats.totals.cost_usd:.8f}",
                    stats.conversations,
                    stats.dropped,
                    *[_csv_number(measure.of(stats)) for measure in MEASURES.values()],
                ]
            )
    elif table == "transitions":
        unknown_transitions = set(report.unknown_transitions)
        writer.writerow(["from", "signal", "to", "count", "in_scenario"])
        for key, count in report.transitions.most_common():
            writer.writerow([*key, count, "no" if key in unknown_transitions else "yes"])
    elif table == "actions":
        writer.writerow(
            ["step", "action", "runs", "outcomes", "stubbed", "late", "median_ms", "p90_ms"]
        )
        for action in report.actions.values():
            latency = spread(action.durations_ms)
            writer.writerow(
                [
                    action.step,
                    action.action,
                    action.runs,
                    " ".join(f"{k}={v}" for k, v in sorted(action.outcomes.items())),
                    action.stubbed,
                    action.late,
                    f"{latency.median:.3f}",
                    f"{latency.p90:.3f}",
                ]
            )
    elif table == "conversations":
        writer.writerow(
            [
                "path",
                "session",
                "scenario",
                "started",
                "finished",
                "end_reason",
                "last_step",
                "user_messages",
                "calls",
                "calls_per_message",
                "violations",
                "corrections",
                "fallbacks",
                "errors",
                "input_tokens",
                "cached_tokens",
                "cache_write_tokens",
                "output_tokens",
                "cost_usd",
            ]
        )
        for c in report.conversations:
            writer.writerow(
                [
                    c.path,
                    c.session,
                    c.scenario,
                    c.started,
                    "yes" if c.finished else "no",
                    c.end_reason or "",
                    c.last_step or "",
                    c.user_messages,
                    c.totals.llm_calls,
                    f"{c.calls_per_message:.4f}",
                    c.violations,
                    c.corrections,
                    c.fallbacks,
                    c.errors,
                    c.totals.input_tokens,
                    c.totals.cached_tokens,
                    c.totals.cache_write_tokens,
                    c.totals.output_tokens,
                    f"{c.totals.cost_usd:.8f}",
                ]
            )
    else:
        raise ValueError(f"unknown table {table!r}; one of {', '.join(CSV_TABLES)}")
    return buffer.getvalue()


# --- pieces ---------------------------------------------------------------------------------


def _ordered(report: StatsReport, order: Sequence[str]) -> list[str]:
    """The scenario's order first (when known), then the logs' order of first appearance."""
    first = [step for step in order if step in report.steps]
    return first + [step for step in report.steps if step not in set(first)]


def _problems(report: StatsReport) -> Iterable[str]:
    if report.damaged:
        files = len({line.path for line in report.damaged})
        yield (
            f"⚠ {len(report.damaged):,} damaged line(s) in {files:,} file(s) were skipped; "
            "the rest of those files was used:"
        )
        for line in report.damaged[:DAMAGED_SHOWN]:
            yield f"    {line}"
        if len(report.damaged) > DAMAGED_SHOWN:
            yield f"    … and {len(report.damaged) - DAMAGED_SHOWN:,} more (see --json)"
    for path, reason in report.unreadable:
        yield f"⚠ cannot read {path}: {reason}"
    if report.truncated:
        yield (
            f"note: {len(report.truncated)} file(s) end with a half-written line (a "
            "conversation still running, or cut off); it was left out"
        )
    if report.not_logs:
        names = ", ".join(path.name for path in report.not_logs[:3])
        more = f" and {len(report.not_logs) - 3} more" if len(report.not_logs) > 3 else ""
        yield (
            f"note: {len(report.not_logs)} file(s) in the folders are not conversation logs "
            f"and were left out: {names}{more}"
        )


def _step_table(rows: list[StepStats]) -> list[str]:
    header = (
        "step",
        "visits",
        "turns",
        "calls",
        "violations",
        "viol %",
        "corr",
        "fallb",
        "input tok",
        "cached",
        "written",
        "output",
        "cost",
        "$/visit",
        "drop-off",
    )
    lines = []
    for stats in rows:
        rate = MEASURES["violation_rate"].of(stats)
        per_visit = MEASURES["cost_per_visit"].of(stats)
        drop = MEASURES["drop_off"].of(stats)
        lines.append(
            (
                stats.step,
                f"{stats.visits:,}",
                f"{stats.turns:,}",
                f"{stats.totals.llm_calls:,}",
                f"{stats.violation_count:,}",
                "" if rate is None else f"{rate:.1%}",
                f"{stats.corrections:,}",
                f"{stats.fallbacks:,}",
                f"{stats.totals.input_tokens:,}",
                f"{stats.totals.cached_tokens:,}",
                f"{stats.totals.cache_write_tokens:,}",
                f"{stats.totals.output_tokens:,}",
                stats.totals.cost_text(),
                "" if per_visit is None else f"{per_visit:.5f}",
                "" if drop is None else f"{drop:.0%}",
            )
        )
    table = _table(header, lines)
    kinds: dict[str, int] = {}
    for stats in rows:
        for kind, count in stats.violations.items():
            kinds[kind] = kinds.get(kind, 0) + count
    if kinds:
        table.append(
            "  violations by kind: "
            + ", ".join(
                f"{kind} {count:,}" for kind, count in sorted(kinds.items(), key=lambda kv: -kv[1])
            )
        )
    return table


def _action_table(report: StatsReport) -> list[str]:
    header = ("step", "runs", "outcomes", "median ms", "p90 ms", "stubbed", "late")
    rows = []
    for stats in report.actions.values():
        latency = spread(stats.durations_ms)
        outcomes = ", ".join(
            f"{outcome} {count:,}" for outcome, count in stats.outcomes.most_common()
        )
        rows.append(
            (
                stats.step,
                f"{stats.runs:,}",
                outcomes or "-",
                f"{latency.median:.1f}",
                f"{latency.p90:.1f}",
                f"{stats.stubbed:,}",
                f"{stats.late:,}",
            )
        )
    return _table(header, rows)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [
        max(len(header[i]), *(len(row[i]) for row in rows)) if rows else len(header[i])
        for i in range(len(header))
    ]

    def line(cells: Sequence[str]) -> str:
        """Names left-aligned (the first column, and a last one of text), numbers right."""
        return (
            "  "
            + "  ".join(
                cell.ljust(widths[i])
                if i == 0 or (i == len(cells) - 1 and not _numeric(cell))
                else cell.rjust(widths[i])
                for i, cell in enumerate(cells)
            ).rstrip()
        )

    return [line(header), *(line(row) for row in rows)]


def _numeric(text: str) -> bool:
    return bool(text) and (text[0].isdigit() or text[0] in "-$")


def _shared(report: StatsReport, index: int) -> bool:
    """Whether the conversation's file holds other conversations too (then name the session)."""
    path = report.conversations[index].path
    return sum(1 for c in report.conversations if c.path == path) > 1


def _csv_number(value: Any) -> str:
    return "" if value is None else f"{value:.6g}"


__all__ = ["CSV_TABLES", "render_csv", "render_json", "render_text"]
