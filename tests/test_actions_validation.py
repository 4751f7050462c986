"""The validator on action steps: every finding named by its code, at the line and column of
what to fix; the actions module is read from its source, never run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from plugins.actions import CLINIC

from engine.scenario.action_module import parse_action_module
from engine.scenario.loader import load_scenario
from engine.scenario.validate import Finding, validate


def findings(folder: Path) -> list[Finding]:
    return validate(load_scenario(folder))


def found(folder: Path, code: str) -> list[str]:
    """``LINE:COL message`` of each finding with ``code``."""
    return [f"{f.line}:{f.column} {f.message}" for f in findings(folder) if f.code == code]


def line_of(folder: Path, text: str) -> int:
    lines = (folder / "scenario.yaml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def test_the_clinic_with_its_actions_is_valid(action_folder: Any) -> None:
    assert [f for f in findings(action_folder()) if f.severity == "error"] == []


def test_an_action_step_without_a_call(action_folder: Any) -> None:
    folder = action_folder(yaml=CLINIC.replace("    call: {python: find_slots}\n", ""))

    assert found(folder, "action-without-call") == [
        f"{line_of(folder, '  find_slots:')}:3 action step 'find_slots' says nothing to call"
    ]


def test_a_function_the_module_does_not_define_is_located_with_a_suggestion(
    action_folder: Any,
) -> None:
    folder = action_folder(yaml=CLINIC.replace("{python: find_slots}", "{python: find_slot}"))

    [finding] = [f for f in findings(folder) if f.code == "unknown-action-function"]
    assert (finding.line, finding.column) == (line_of(folder, "{python: find_slot}"), 20)
    assert (
        finding.message == "step 'find_slots' calls 'find_slot', which actions.py does not define"
    )
    assert finding.hint == "did you mean 'find_slots'?"


def test_a_missing_module_and_one_that_is_not_python(action_folder: Any) -> None:
    folder = action_folder(actions=None)
    assert [f.code for f in findings(folder) if f.severity == "error"] == ["missing-file"]

    folder = action_folder(actions="def find_slots(specialty):\n    return {\n")
    [broken] = [f for f in findings(folder) if f.code == "bad-action-module"]
    assert str(broken.path).endswith("actions.py") and broken.line == 2
    assert "not valid Python" in broken.message


def test_an_input_naming_nothing_and_one_the_function_does_not_take(action_folder: Any) -> None:
    yaml = CLINIC.replace("inputs: [specialty]", "inputs: [specialty, speciality, count]")
    folder = action_folder(yaml=yaml)

    assert found(folder, "undeclared-input") == [
        f"{line_of(folder, 'inputs: [')}:25 step 'find_slots' hands 'speciality' to its action, "
        "but no variable or result has that name"
    ]
    messages = [m.split(" ", 1)[1] for m in found(folder, "input-not-accepted")]
    assert messages == [
        "step 'find_slots' hands 'speciality' to find_slots(), which takes no such parameter",
        "step 'find_slots' hands 'count' to find_slots(), which takes no such parameter",
    ]


def test_outcomes_the_action_never_returns_and_those_it_returns_without_a_transition(
    action_folder: Any,
) -> None:
    module = """
        def find_slots(specialty):
            if not specialty:
                return {"outcome": "closed"}
            return {"slots": ["Mon"]}
        """
    folder = action_folder(module)

    assert found(folder, "outcome-never-taken") == [
        f"{line_of(folder, 'no_slots: {to: waitlist}')}:7 step 'find_slots' has a transition for "
        "outcome 'no_slots', which its action never returns"
    ]
    assert [m.split(" ", 1)[1] for m in found(folder, "unhandled-outcome")] == [
        "the action of step 'find_slots' can return outcome 'closed', which has no transition: "
        "the conversation takes 'error' then"
    ]


def test_timeout_is_always_possible_and_error_is_required(action_folder: Any) -> None:
    folder = action_folder(yaml=CLINIC.replace("      error: {to: sorry}\n", ""))

    assert [m.split(" ", 1)[1] for m in found(folder, "action-without-error")] == [
        "action step 'find_slots' has no 'error' transition; an action can always fail"
    ]
    codes = {f.code for f in findings(folder) if f.step == "find_slots"}
    assert "outcome-never-taken" not in codes  # timeout: never reported as never taken


def test_an_outcome_returned_by_a_variable_is_not_guessed(action_folder: Any) -> None:
    module = """
        def find_slots(specialty):
            answer = {"outcome": specialty}
            return answer
        """
    folder = action_folder(module)

    assert not found(folder, "outcome-never-taken") and not found(folder, "unhandled-outcome")


HTTP = CLINIC.replace(
    "    call: {python: find_slots}\n    inputs: [specialty]\n",
    """    call:
      http:
        method: POST
        url: "http://api.example.com/slots?s={{speciality}}"
        headers: {Authorization: "Bearer ${TOKEN}"}
        json: {who: "{{specialty}}", key: "${TOKEN}"}
""",
)


def test_an_http_action_to_a_host_not_allowed_with_a_secret_outside_its_headers(
    action_folder: Any,
) -> None:
    folder = action_folder(actions=None, yaml=HTTP)

    url = line_of(folder, "url:")
    assert found(folder, "host-not-allowed") == [
        f"{url}:14 step 'find_slots' calls 'api.example.com', which is not in actions.allow_hosts"
    ]
    assert found(folder, "env-outside-headers") == [
        f"{line_of(folder, 'json:')}:43 step 'find_slots': ${{TOKEN}} is read from the "
        "environment in headers only"
    ]
    [placeholder] = [f for f in findings(folder) if f.code == "undeclared-placeholder"]
    assert placeholder.line == url and "{{speciality}}" in placeholder.message
    assert placeholder.hint == "did you mean 'specialty'?"
    assert not found(folder, "missing-file")  # an HTTP action needs no actions module


def test_a_header_that_sends_an_environment_variable_is_a_warning_naming_it_and_the_host(
    action_folder: Any,
) -> None:
    """Issue 34 item 1: a folder could send ${OPENAI_API_KEY} or a cloud secret to a host of
    its own choosing, and validate said nothing."""
    yaml = HTTP.replace(', key: "${TOKEN}"', "").replace(
        '{Authorization: "Bearer ${TOKEN}"}',
        '{Authorization: "Bearer ${OPENAI_API_KEY}", X-Aws: "${AWS_SECRET_ACCESS_KEY}"}',
    )
    folder = action_folder(actions=None, yaml=yaml)

    warned = [f for f in findings(folder) if f.code == "env-header"]
    assert [(f.severity, f.message) for f in warned] == [
        (
            "warning",
            "step 'find_slots' sends the environment variable OPENAI_API_KEY to "
            "'api.example.com' in its Authorization header",
        ),
        (
            "warning",
            "step 'find_slots' sends the environment variable AWS_SECRET_ACCESS_KEY to "
            "'api.example.com' in its X-Aws header",
        ),
    ]
    assert all(f.line == line_of(folder, "headers:") for f in warned)


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("ftp://127.0.0.1/slots", "is not an http or https URL"),
        ("http://{{host}}/slots", "must be written out, not filled in"),
    ],
)
def test_an_http_url_that_cannot_be_checked_is_refused(
    action_folder: Any, url: str, why: str
) -> None:
    yaml = HTTP.replace("http://api.example.com/slots?s={{speciality}}", url).replace(
        ', key: "${TOKEN}"', ""
    )
    folder = action_folder(actions=None, yaml=yaml)

    assert any(why in message for message in found(folder, "bad-action-url"))


def test_fields_that_do_nothing_where_they_are(action_folder: Any) -> None:
    yaml = CLINIC.replace(
        "    instructions: ask.md\n", "    instructions: ask.md\n    timeout_s: 3\n", 1
    ).replace("    kind: action\n", "    kind: action\n    text: Hello\n")
    folder = action_folder(yaml=yaml)

    assert [m.split(" ", 1)[1] for m in found(folder, "ignored-action-field")] == [
        "step 'ask' is a prompt step: its 'timeout_s' is never used",
        "action step 'find_slots' never talks: its 'text' is never used",
    ]
    assert not found(folder, "missing-instructions")  # an action step needs none


def test_an_action_sets_the_variables_of_its_results_on_its_ok_edge_only(
    action_folder: Any,
) -> None:
    """``{{slots}}`` after the ``ok`` edge is known; after ``error`` it may be unset."""
    yaml = CLINIC.replace(
        'text: "Sorry, the calendar failed."', 'text: "Sorry, the calendar failed ({{slots}})."'
    )
    folder = action_folder(yaml=yaml)

    unset = [
        f.step
        for f in findings(folder)
        if f.code == "placeholder-maybe-unset" and "{{slots}}" in f.message
    ]
    assert unset == ["sorry"]  # not "choose", which only the ok edge leads to


def test_the_source_tells_what_a_module_defines_without_running_it(tmp_path: Path) -> None:
    module = parse_action_module(
        """
import os
from json import loads as read
RATE = 3
os.system("echo this never runs")

def plain(a, b=1, *, context): return None
async def slow(**anything): return {"outcome": "late"}
def both(x):
    if x:
        return {"outcome": "yes"}
    else:
        return dict(outcome="no", results={})
def calls(x):
    return compute(x)
""",
        tmp_path / "actions.py",
    )

    functions = module.functions
    assert {name: f.is_async for name, f in functions.items()} == {
        "os": None,
        "read": None,
        "RATE": None,
        "plain": False,
        "slow": True,
        "both": False,
        "calls": False,
    }
    assert functions["plain"].parameters == ("a", "b", "context")
    assert functions["slow"].parameters is None  # **anything: takes every input
    assert functions["plain"].outcomes == frozenset({"ok"})
    assert functions["slow"].outcomes == frozenset({"late"})
    assert functions["both"].outcomes == frozenset({"yes", "no"})
    assert functions["calls"].outcomes is None
