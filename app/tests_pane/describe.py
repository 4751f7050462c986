"""A test's outcome in words: the status line of its row, its failures, the details page.

What a user must be able to read without the terminal: whether the test passed, failed, is
stale or could not run; the first turn that went wrong; for each expectation that did not hold,
what was expected and what happened, with the user's message and the bot's reply; for a stale
recording, which request field changed, recorded and now, and what to do about it; and who made
the replies it ran on — a synthetic recording (the autopilot's) is marked, with what it does and
does not show (:data:`~engine.scenario_tests.report.SYNTHETIC_MEANING`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from html import escape

from app.i18n.locale_text import cost
from engine.scenario_tests import ExpectationFailure, ScenarioTestResult
from engine.scenario_tests.cassette import Staleness
from engine.scenario_tests.report import SYNTHETIC_MEANING

#: status -> (symbol, label)
STATUS = {
    "passed": ("✔", "passed"),
    "failed": ("✖", "failed"),
    "stale": ("◐", "stale"),
    "error": ("!", "could not run"),
}
REPLY_CHARS = 400


@dataclass(frozen=True)
class Problem:
    """One thing that went wrong in a run, as a row under its test: a failed expectation, the
    staleness of the recording, or the error that stopped the test."""

    turn: int | None
    headline: str
    failure: ExpectationFailure | None = None
    staleness: Staleness | None = None
    error: str | None = None


def status_text(result: ScenarioTestResult) -> str:
    symbol, label = STATUS[result.status]
    turn = result.failing_turn
    if result.status in ("failed", "stale") and turn is not None:
        where = (
            "at the end"
            if turn > len(result.turns) and result.status == "failed"
            else ("at the opening" if turn == 0 else f"at turn {turn}")
        )
        return f"{symbol} {label} {where}"
    return f"{symbol} {label}"


def problems_of(result: ScenarioTestResult) -> list[Problem]:
    """What went wrong, in turn order (the end checks last)."""
    problems: list[Problem] = []
    if result.error is not None:
        problems.append(Problem(None, f"error: {result.error}", error=result.error))
    if result.staleness is not None:
        stale = result.staleness
        problems.append(
            Problem(stale.turn, f"{_where(stale.turn)}: stale — {stale.reason}", staleness=stale)
        )
    for failure in result.failures:
        problems.append(
            Problem(failure.turn, f"{_where(failure.turn)}: {_mismatch(failure)}", failure=failure)
        )
    problems.sort(
        key=lambda problem: (
            problem.turn is None and problem.error is None,
            problem.turn if problem.turn is not None else 10**9,
        )
    )
    return problems


def _mismatch(failure: ExpectationFailure) -> str:
    if failure.what == "bot_says" and not failure.stopped:  # the whole reply: shown elsewhere
        return f"bot_says: expected {failure.expected} in the reply"
    return f"{failure.what}: expected {failure.expected}, got {failure.actual}"


def _where(turn: int | None) -> str:
    if turn is None:
        return "end"
    return "opening" if turn == 0 else f"turn {turn}"


def details_html(
    title: str,
    relpath: str,
    result: ScenarioTestResult | None,
    *,
    finished_at: datetime | None = None,
    outdated: str = "",
    errors: list[str] | None = None,
) -> str:
    """The details page of one test (links: ``log:TURN``, ``edit:``, ``record:``,
    ``fake-record:``)."""
    parts = [
        f"<h3 style='margin:0'>{escape(title)}</h3>",
        f"<p style='margin-top:2px'><code>{escape(relpath)}</code> · "
        "<a href='edit:'>edit the file</a></p>",
    ]
    if errors:
        items = "".join(f"<li>{escape(error)}</li>" for error in errors)
        parts.append(
            f"<p><b style='color:#c62828'>✖ The file has errors</b> — the test cannot "
            f"run until they are fixed (they are in Problems too):</p><ul>{items}</ul>"
        )
        return "".join(parts)
    if result is None:
        parts.append("<p>Not run yet. <b>Run</b> replays it from its recording.</p>")
        return "".join(parts)
    color = {"passed": "#2e7d32", "failed": "#c62828", "stale": "#b26a00", "error": "#c62828"}[
        result.status
    ]
    how = {"replay": "replayed", "record": "recorded", "live": "run live"}[result.mode]
    when = f" at {finished_at:%H:%M:%S}" if finished_at is not None else ""
    took = (
        f"{result.duration_s * 1000:.0f} ms"
        if result.duration_s < 1
        else f"{result.duration_s:.1f} s"
    )
    figures = f"{len(result.turns)} turn(s), {result.calls} model call(s) · {how}{when} in {took}"
    parts.append(f"<p><b style='color:{color}'>{escape(status_text(result))}</b> — {figures}</p>")
    if result.recorded_by:
        note = f" — {SYNTHETIC_MEANING}." if result.synthetic else "."
        parts.append(
            f"<p><b>Replies by {escape(result.recorded_by)}</b>{escape(note)} "
            f"Cost: {escape(cost(result.totals))}.</p>"
        )
    if outdated:
        parts.append(f"<p><i>{escape(outdated)}</i></p>")
    if result.status == "passed":
        parts.append("<p>Every expectation held.</p>")
    for problem in problems_of(result):
        parts.append(_problem_html(problem, result))
    if result.log_path is not None:
        turn = result.failing_turn
        target = turn if turn is not None else (len(result.turns) or 0)
        at = f" at {_where(turn)}" if turn is not None else ""
        parts.append(f"<p><a href='log:{target}'>Open this run's log in the viewer{at}</a></p>")
    return "".join(parts)


def _shown(value: str) -> str:
    """A value as the engine reports it (JSON), readable: a text's line breaks as breaks."""
    try:
        decoded = json.loads(value)
    except ValueError:
        return escape(value)
    if isinstance(decoded, str):
        return escape(json.dumps(decoded, ensure_ascii=False)).replace("\\n", "<br>")
    return escape(value)


def _problem_html(problem: Problem, result: ScenarioTestResult) -> str:
    if problem.error is not None:
        return f"<p><b>The test could not run:</b> {escape(problem.error)}</p>" + (
            "<p>A test needs its recording (<code>NAME.replies.jsonl</code>) to be "
            "replayed: choose <b>Record</b> to make one (it calls the model).</p>"
            if "cassette" in problem.error
            else ""
        )
    if problem.staleness is not None:
        stale = problem.staleness
        rows = ""
        if stale.recorded is not None or stale.current is not None:
            rows = (
                f"<table cellspacing='0' cellpadding='2'><tr><td><b>recorded</b></td>"
                f"<td><code>{escape(stale.recorded or '')}</code></td></tr>"
                f"<tr><td><b>now</b></td><td><code>{escape(stale.current or '')}</code>"
                "</td></tr></table>"
            )
        return (
            f"<p><b>◐ Stale at {escape(stale.describe())}</b><br>The scenario now asks "
            "the model something the recording does not answer, so the recorded replies "
            "say nothing about this version. It is not a failure: record the test again "
            "(<a href='record:'>Record</a> calls the model; <a href='fake-record:'>Re-record "
            "with the fake model</a> needs no key, and its replies are synthetic) or undo the "
            "change.</p>" + rows
        )
    failure = problem.failure
    assert failure is not None
    turn = next((record for record in result.turns if record.turn == failure.turn), None)
    lines = [
        f"<p><b>✖ {escape(_where(failure.turn))}: {escape(failure.what)}</b></p>",
        "<table cellspacing='0' cellpadding='2'>",
    ]
    if failure.user:
        lines.append(f"<tr><td><b>user</b></td><td>{escape(failure.user)}</td></tr>")
    lines.append(
        f"<tr><td><b>expected</b></td><td><code>{_shown(failure.expected)}</code></td></tr>"
    )
    said = failure.what == "bot_says" and not failure.stopped
    got = "the bot's reply, below" if said else f"<code>{_shown(failure.actual)}</code>"
    lines.append(f"<tr><td><b>got</b></td><td>{got}</td></tr>")
    if turn is not None:
        moved = (
            f"{turn.step_before} → {turn.step_after}"
            if turn.step_after != turn.step_before
            else turn.step_after
        )
        lines.append(f"<tr><td><b>step</b></td><td>{escape(moved)}</td></tr>")
    if failure.bot_reply:
        reply = failure.bot_reply
        if len(reply) > REPLY_CHARS:
            reply = reply[: REPLY_CHARS - 1] + "…"
        lines.append(f"<tr><td><b>bot</b></td><td>{escape(reply)}</td></tr>")
    lines.append("</table>")
    return "".join(lines)


__all__ = ["STATUS", "Problem", "details_html", "problems_of", "status_text"]
