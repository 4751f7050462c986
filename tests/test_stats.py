"""Figures over many conversation logs: each one traceable to what the engine logged.

The logs are real: recorded by the engine against the fake OpenAI server with the autopilot as
the model (``tests/plugins/analytics.py``). Expected figures are taken from the log's own totals
(``turn_end``, ``session_end``) and from what the autopilot says it broke — two independent
accounts of the same conversation.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.io.resources import default_scenario
from engine.log.reader import read_log
from engine.scenario.loader import load_scenario
from engine.stats import MEASURES, TurnFigures, collect_stats, log_files
from engine.stats.distribution import histogram, nice_step, quantile, spread


def turn_ends(path: Path) -> list[dict[str, Any]]:
    return [event.data for event in read_log(path).events if event.type == "turn_end"]


def test_per_conversation_figures_agree_with_the_log_s_own_totals(analyst_logs: Any) -> None:
    clean = analyst_logs["clean"].path
    report = collect_stats([clean])
    (conversation,) = report.conversations
    (end,) = [e.data for e in read_log(clean).events if e.type == "session_end"]
    totals = end["totals"]
    assert conversation.finished and conversation.end_reason == "finished"
    assert conversation.user_messages == totals["user_messages"] == 14
    figures = conversation.totals
    assert figures.llm_calls == totals["llm_calls"]
    assert (figures.input_tokens, figures.cached_tokens, figures.output_tokens) == (
        totals["input_tokens"],
        totals["cached_tokens"],
        totals["output_tokens"],
    )
    assert figures.cost_usd == pytest.approx(totals["cost_usd"])
    assert conversation.calls_per_message == pytest.approx(totals["llm_calls"] / 14)
    assert conversation.last_step == "brief"


def test_per_step_figures_add_up_to_the_conversations(analyst_logs: Any) -> None:
    paths = [log.path for log in analyst_logs.values()]
    report = collect_stats(paths)
    steps = report.steps.values()
    assert sum(s.totals.llm_calls for s in steps) == report.totals.llm_calls
    assert sum(s.turns for s in steps) == sum(c.user_messages for c in report.conversations)
    assert sum(s.totals.cost_usd for s in steps) == pytest.approx(report.totals.cost_usd)
    assert sum(s.corrections for s in steps) == sum(
        sum(end["corrections"] for end in turn_ends(path)) for path in paths
    )
    turn_calls = sum(sum(end["calls"] for end in turn_ends(path)) for path in paths)
    assert sum(s.totals.llm_calls for s in steps) == turn_calls


def test_violations_by_kind_are_the_ones_the_model_made(analyst_logs: Any) -> None:
    bumpy = analyst_logs["bumpy"]
    report = collect_stats([bumpy.path])
    seen: Counter[str] = Counter()
    for stats in report.steps.values():
        seen.update(stats.violations)
    assert seen == Counter(bumpy.broken) and sum(seen.values()) >= 3
    salvaged = sum(stats.salvaged for stats in report.steps.values())
    assert salvaged == sum(bumpy.harmless) and salvaged >= 1


def test_visits_follow_the_transitions_taken(analyst_logs: Any) -> None:
    report = collect_stats([analyst_logs["clean"].path])
    # the plan goes review → features → review once: both are visited twice
    assert {step: stats.visits for step, stats in report.steps.items()} == {
        "welcome": 1,
        "consent": 1,
        "idea": 1,
        "users": 1,
        "features": 2,
        "quality": 1,
        "constraints": 1,
        "risks": 1,
        "review": 2,
        "brief": 1,
    }
    assert report.transitions[("review", "fix_features", "features")] == 1
    assert report.transitions[("review", "confirmed", "brief")] == 1
    assert sum(report.transitions.values()) == 11


def test_a_conversation_the_user_left_is_a_drop_off_where_it_stopped(analyst_logs: Any) -> None:
    left, closed = analyst_logs["left"], analyst_logs["closed"]
    report = collect_stats([left.path, closed.path])
    by_name = {c.path.stem: c for c in report.conversations}
    assert not by_name["left"].finished and by_name["left"].end_reason is None
    assert not by_name["closed"].finished and by_name["closed"].end_reason == "closed"
    left_at, closed_at = by_name["left"].last_step, by_name["closed"].last_step
    assert left_at is not None and closed_at is not None
    dropped = {step: stats.dropped for step, stats in report.steps.items() if stats.dropped}
    assert dropped == dict(Counter([left_at, closed_at]))
    struggle = next(s for s in report.steps[left_at].struggles if s.dropped)
    assert report.conversations[struggle.conversation].path == left.path
    assert MEASURES["drop_off"].of(report.steps[left_at]) == pytest.approx(
        report.steps[left_at].dropped / report.steps[left_at].conversations
    )


def test_struggles_point_at_the_turn_to_look_at(analyst_logs: Any) -> None:
    bumpy = analyst_logs["bumpy"].path
    report = collect_stats([bumpy])
    events = read_log(bumpy).events
    first_violation = {}
    for event in events:
        if event.type == "contract_violation":
            first_violation.setdefault(event.step, event.turn)
    for step, turn in first_violation.items():
        (struggle,) = report.steps[step].struggles
        assert struggle.turn == turn and struggle.violations >= 1


def test_damaged_lines_are_counted_and_reported_never_fatal(
    analyst_logs: Any, tmp_path: Path
) -> None:
    clean = analyst_logs["clean"].path
    intact = collect_stats([clean])
    damaged = tmp_path / "damaged.jsonl"
    lines = clean.read_bytes().split(b"\n")
    lines.insert(3, b'{"v": 1, "seq": 4, "type": "transi')  # cut mid-record
    lines.insert(8, b"\xff\xfe not text")  # not UTF-8
    lines.insert(12, b"[1, 2, 3]")  # JSON but not a record
    damaged.write_bytes(b"\n".join(lines) + b'{"v": 1, "seq": 999, "ty')  # half-written tail
    report = collect_stats([damaged])
    assert [(line.line_no, line.reason.split(" (")[0]) for line in report.damaged] == [
        (4, "not JSON"),
        (9, "not UTF-8 text"),
        (13, "a JSON list, not a record"),
    ]
    assert report.truncated == [damaged]
    assert report.events == intact.events
    assert report.conversations[0].totals.cost_usd == pytest.approx(
        intact.conversations[0].totals.cost_usd
    )


def test_a_file_that_cannot_be_read_is_listed_and_the_others_still_count(
    analyst_logs: Any, tmp_path: Path
) -> None:
    report = collect_stats([analyst_logs["clean"].path, tmp_path / "missing.jsonl"])
    assert [path.name for path, _ in report.unreadable] == ["missing.jsonl"]
    assert len(report.conversations) == 1


def test_steps_the_scenario_no_longer_has_are_listed_apart_not_dropped(
    analyst_logs: Any, bot_history: Path
) -> None:
    newer = load_scenario(bot_history / "bot")  # users → audience, quality removed
    paths = [log.path for log in analyst_logs.values()]
    without = collect_stats(paths)
    report = collect_stats(paths, scenario=newer)
    assert set(report.unknown_steps) == {"users", "quality"}
    assert report.steps["users"].turns == without.steps["users"].turns > 0
    assert ("idea", "idea_clear", "users") in report.unknown_transitions
    assert ("consent", "agreed", "idea") not in report.unknown_transitions
    assert report.scenario == "analyst_bot"


def test_a_folder_is_searched_for_logs(analyst_logs: Any, tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    (folder / "2024" / "june").mkdir(parents=True)
    shutil.copy(analyst_logs["clean"].path, folder / "2024" / "june" / "a.jsonl")
    shutil.copy(analyst_logs["left"].path, folder / "b.jsonl")
    (folder / "notes.txt").write_text("not a log", encoding="utf-8")
    assert [p.relative_to(folder).as_posix() for p in log_files([folder])] == [
        "2024/june/a.jsonl",
        "b.jsonl",
    ]
    assert len(collect_stats([folder]).conversations) == 2


def test_the_scenario_s_final_steps_tell_a_finished_conversation_without_an_end_event(
    analyst_logs: Any, tmp_path: Path
) -> None:
    clean = analyst_logs["clean"].path
    cut = tmp_path / "no-end.jsonl"
    cut.write_text(
        "".join(
            line
            for line in clean.read_text(encoding="utf-8").splitlines(True)
            if '"type":"session_end"' not in line
        ),
        encoding="utf-8",
    )
    assert not collect_stats([cut]).conversations[0].finished
    scenario = load_scenario(default_scenario())
    assert collect_stats([cut], scenario=scenario).conversations[0].finished


def test_the_json_report_is_plain_json(analyst_logs: Any) -> None:
    report = collect_stats([log.path for log in analyst_logs.values()])
    record = json.loads(json.dumps(report.to_json()))
    assert record["conversations_count"] == 4 and record["finished"] == 2
    features = next(step for step in record["steps"] if step["step"] == "features")
    assert set(features["measures"]) == set(MEASURES)


# --- per-turn figures -----------------------------------------------------------------------


def test_per_turn_figures_match_each_turn_end(analyst_logs: Any) -> None:
    events = read_log(analyst_logs["bumpy"].path).events
    figures = TurnFigures(events)
    ends = {e.turn: e.data for e in events if e.type == "turn_end" and e.data["calls"]}
    assert [row.turn for row in figures.rows] == list(range(1, 15))
    for row in figures.rows:
        end = ends[row.turn]
        totals = row.totals
        assert (totals.llm_calls, totals.corrections) == (end["calls"], end["corrections"])
        assert totals.input_tokens == end["usage"]["input_tokens"]
        assert totals.cached_tokens == end["usage"]["cached_tokens"]
        assert totals.output_tokens == end["usage"]["output_tokens"]
        assert totals.cost_usd == pytest.approx(end["cost_usd"])
        assert totals.latency_s > 0
    # feeding the same events again (a view re-showing them) changes nothing
    assert not figures.feed_many(events)
    assert figures.rows[0].step == "consent"


# --- spreads and histograms -----------------------------------------------------------------


def test_quantiles_and_spread() -> None:
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert spread([3.0, 1.0, 2.0]).to_json() == {
        "count": 3,
        "median": 2.0,
        "p90": 2.8,
        "max": 3.0,
        "total": 6.0,
    }


def test_histogram_bins_are_round_and_hold_every_value() -> None:
    values = [0.013, 0.0152, 0.0161, 0.017, 0.021, 0.0305]
    bins = histogram(values, bins=6)
    assert sum(b.count for b in bins) == len(values)
    width = bins[0].high - bins[0].low
    assert width == pytest.approx(0.005)
    assert bins[0].low <= min(values) and bins[-1].high > max(values)
    assert [nice_step(x) for x in (0.0031, 0.7, 13, 0)] == [0.005, 1.0, 20.0, 1.0]
    assert histogram([2.0, 2.0]) == histogram([2.0, 2.0]) and histogram([]) == []
