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

from PySide6.QtCore import QCoreApplication

from app.i18n.locale_text import cost as cost_of
from app.i18n.locale_text import number
from engine.scenario_tests import ExpectationFailure, ScenarioTestResult
from engine.scenario_tests.cassette import Staleness
from engine.scenario_tests.report import SYNTHETIC_MEANING

#: status -> (symbol, label), in English (:func:`status_label` says it in the studio's language)
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


def status_label(status: str) -> str:
    """A result's status in the studio's language ("passed", "could not run"…)."""
    translate = QCoreApplication.translate
    return {
        "passed": translate("TestDetails", "passed"),
        "failed": translate("TestDetails", "failed"),
        "stale": translate("TestDetails", "stale"),
        "error": translate("TestDetails", "could not run"),
    }.get(status, status)


def status_text(result: ScenarioTestResult) -> str:
    translate = QCoreApplication.translate
    symbol, label = STATUS[result.status][0], status_label(result.status)
    turn = result.failing_turn
    if result.status in ("failed", "stale") and turn is not None:
        where = (
            translate("TestDetails", "at the end")
            if turn > len(result.turns) and result.status == "failed"
            else (
                translate("TestDetails", "at the opening")
                if turn == 0
                else translate("TestDetails", "at turn {turn}").format(turn=number(turn))
            )
        )
        return f"{symbol} {label} {where}"
    return f"{symbol} {label}"


def problems_of(result: ScenarioTestResult) -> list[Problem]:
    """What went wrong, in turn order (the end checks last)."""
    problems: list[Problem] = []
    if result.error is not None:
        said = QCoreApplication.translate("TestDetails", "error: {error}")
        problems.append(Problem(None, said.format(error=result.error), error=result.error))
    if result.staleness is not None:
        stale = result.staleness
        said = QCoreApplication.translate("TestDetails", "{where}: stale — {reason}")
        problems.append(
            Problem(
                stale.turn,
                said.format(where=_where(stale.turn), reason=stale.reason),
                staleness=stale,
            )
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
    translate = QCoreApplication.translate
    if failure.what == "bot_says" and not failure.stopped:  # the whole reply: shown elsewhere
        return translate("TestDetails", "bot_says: expected {expected} in the reply").format(
            expected=failure.expected
        )
    return translate("TestDetails", "{what}: expected {expected}, got {actual}").format(
        what=failure.what, expected=failure.expected, actual=failure.actual
    )


def _where(turn: int | None) -> str:
    translate = QCoreApplication.translate
    if turn is None:
        return translate("TestDetails", "end")
    if turn == 0:
        return translate("TestDetails", "opening")
    return translate("TestDetails", "turn {turn}").format(turn=number(turn))


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
    translate = QCoreApplication.translate
    parts = [
        f"<h3 style='margin:0'>{escape(title)}</h3>",
        f"<p style='margin-top:2px'><code>{escape(relpath)}</code> · "
        f"<a href='edit:'>{escape(translate('TestDetails', 'edit the file'))}</a></p>",
    ]
    if errors:
        items = "".join(f"<li>{escape(error)}</li>" for error in errors)
        parts.append(
            translate(
                "TestDetails",
                "<p><b style='color:#c62828'>✖ The file has errors</b> — the test cannot "
                "run until they are fixed (they are in Problems too):</p>",
            )
            + f"<ul>{items}</ul>"
        )
        return "".join(parts)
    if result is None:
        parts.append(
            translate(
                "TestDetails", "<p>Not run yet. <b>Run</b> replays it from its recording.</p>"
            )
        )
        return "".join(parts)
    parts.append(_outcome_html(result, finished_at))
    if result.recorded_by:
        parts.append(_replies_html(result))
    if outdated:
        parts.append(f"<p><i>{escape(outdated)}</i></p>")
    if result.status == "passed":
        parts.append(f"<p>{escape(translate('TestDetails', 'Every expectation held.'))}</p>")
    for problem in problems_of(result):
        parts.append(_problem_html(problem, result))
    if result.log_path is not None:
        parts.append(_log_link_html(result))
    return "".join(parts)


def _outcome_html(result: ScenarioTestResult, finished_at: datetime | None) -> str:
    """The status line: passed or where it failed, then the turns, calls, mode, time taken."""
    translate = QCoreApplication.translate
    color = {"passed": "#2e7d32", "failed": "#c62828", "stale": "#b26a00", "error": "#c62828"}[
        result.status
    ]
    how = {
        "replay": translate("TestDetails", "replayed"),
        "record": translate("TestDetails", "recorded"),
        "live": translate("TestDetails", "run live"),
    }[result.mode]
    when = (
        translate("TestDetails", " at {time}").format(time=f"{finished_at:%H:%M:%S}")
        if finished_at is not None
        else ""
    )
    took = (
        translate("TestDetails", "{count} ms").format(count=number(result.duration_s * 1000, 0))
        if result.duration_s < 1
        else translate("TestDetails", "{count} s").format(count=number(result.duration_s, 1))
    )
    figures = translate(
        "TestDetails", "{turns} turn(s), {calls} model call(s) · {how}{when} in {took}"
    ).format(
        turns=number(len(result.turns)),
        calls=number(result.calls),
        how=how,
        when=when,
        took=took,
    )
    return f"<p><b style='color:{color}'>{escape(status_text(result))}</b> — {escape(figures)}</p>"


def _replies_html(result: ScenarioTestResult) -> str:
    """Who made the replies the test ran on (a synthetic recording's meaning), and the cost."""
    translate = QCoreApplication.translate
    note = f" — {SYNTHETIC_MEANING}." if result.synthetic else "."
    replies = translate("TestDetails", "Replies by {maker}").format(maker=result.recorded_by)
    cost = translate("TestDetails", "Cost: {cost}.").format(cost=cost_of(result.totals))
    return f"<p><b>{escape(replies)}</b>{escape(note)} {escape(cost)}</p>"


def _log_link_html(result: ScenarioTestResult) -> str:
    """The link that opens the run's log in the viewer, at the failing turn when one failed."""
    translate = QCoreApplication.translate
    turn = result.failing_turn
    target = turn if turn is not None else (len(result.turns) or 0)
    said = (
        translate("TestDetails", "Open this run's log in the viewer at {where}").format(
            where=_where(turn)
        )
        if turn is not None
        else translate("TestDetails", "Open this run's log in the viewer")
    )
    return f"<p><a href='log:{target}'>{escape(said)}</a></p>"


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
    translate = QCoreApplication.translate
    if problem.error is not None:
        head = translate("TestDetails", "The test could not run:")
        return f"<p><b>{escape(head)}</b> {escape(problem.error)}</p>" + (
            translate(
                "TestDetails",
                "<p>A test needs its recording (<code>NAME.replies.jsonl</code>) to be "
                "replayed: choose <b>Record</b> to make one (it calls the model).</p>",
            )
            if "cassette" in problem.error
            else ""
        )
    if problem.staleness is not None:
        stale = problem.staleness
        rows = ""
        if stale.recorded is not None or stale.current is not None:
            recorded, now = translate("TestDetails", "recorded"), translate("TestDetails", "now")
            rows = (
                f"<table cellspacing='0' cellpadding='2'><tr><td><b>{escape(recorded)}</b></td>"
                f"<td><code>{escape(stale.recorded or '')}</code></td></tr>"
                f"<tr><td><b>{escape(now)}</b></td><td><code>{escape(stale.current or '')}</code>"
                "</td></tr></table>"
            )
        head = translate("TestDetails", "◐ Stale at {where}").format(where=stale.describe())
        return (
            f"<p><b>{escape(head)}</b><br>"
            + translate(
                "TestDetails",
                "The scenario now asks "
                "the model something the recording does not answer, so the recorded replies "
                "say nothing about this version. It is not a failure: record the test again "
                "(<a href='record:'>Record</a> calls the model; <a href='fake-record:'>Re-record "
                "with the fake model</a> needs no key, and its replies are synthetic) or undo the "
                "change.",
            )
            + "</p>"
            + rows
        )
    failure = problem.failure
    assert failure is not None
    turn = next((record for record in result.turns if record.turn == failure.turn), None)
    lines = [
        f"<p><b>✖ {escape(_where(failure.turn))}: {escape(failure.what)}</b></p>",
        "<table cellspacing='0' cellpadding='2'>",
    ]

    def row(name: str, value: str) -> str:
        return f"<tr><td><b>{escape(name)}</b></td><td>{value}</td></tr>"

    if failure.user:
        lines.append(row(translate("TestDetails", "user"), escape(failure.user)))
    lines.append(
        row(translate("TestDetails", "expected"), f"<code>{_shown(failure.expected)}</code>")
    )
    said = failure.what == "bot_says" and not failure.stopped
    got = (
        escape(translate("TestDetails", "the bot's reply, below"))
        if said
        else f"<code>{_shown(failure.actual)}</code>"
    )
    lines.append(row(translate("TestDetails", "got"), got))
    if turn is not None:
        moved = (
            f"{turn.step_before} → {turn.step_after}"
            if turn.step_after != turn.step_before
            else turn.step_after
        )
        lines.append(row(translate("TestDetails", "step"), escape(moved)))
    if failure.bot_reply:
        reply = failure.bot_reply
        if len(reply) > REPLY_CHARS:
            reply = reply[: REPLY_CHARS - 1] + "…"
        lines.append(row(translate("TestDetails", "bot"), escape(reply)))
    lines.append("</table>")
    return "".join(lines)


__all__ = ["STATUS", "Problem", "details_html", "problems_of", "status_label", "status_text"]
