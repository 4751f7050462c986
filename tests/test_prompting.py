"""What the model reads: ordered for the prefix cache, only the current step, values filled."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.dialogue.prompting import (
    CONTRACT_RULES,
    TranscriptEntry,
    build_history,
    build_instructions,
    fill_placeholders,
    placeholders,
    stable_prefix,
)
from engine.providers.base import Message
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario

SCENARIO = """\
name: intake
title: Intake
start: name
persona: persona.md
variables:
  user_name: {type: string}
  topics: {type: list}
steps:
  name:
    title: Your name
    goal: Learn the user's name
    instructions: name.md
    results:
      user_name: {type: string, required: true}
    transitions:
      named: {to: topics, description: The name is known}
  topics:
    goal: Collect the topics to discuss
    instructions: topics.md
    results:
      topics: {type: list, required: true, description: One line each}
      urgent: {type: boolean}
    transitions:
      done: {to: wrap, requires: [user_name, topics]}
      restart: {to: name}
  wrap:
    kind: message
    text: "Thanks {{user_name}}, we will talk about {{topics}}. {{unknown_thing}}"
    final: true
"""
FILES = {
    "persona.md": "You are Vera, a calm intake assistant. PERSONA-MARKER",
    "name.md": "Ask for the user's first name. NAME-STEP-MARKER",
    "topics.md": "Ask {{user_name}} which topics matter; mention {{urgent}} and {{typo_name}}. "
    "TOPICS-STEP-MARKER",
}


@pytest.fixture
def scenario(tmp_path: Path) -> Scenario:
    (tmp_path / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return load_scenario(tmp_path)


def test_placeholders_are_filled_and_what_cannot_be_is_left_visible_and_reported() -> None:
    filled = fill_placeholders(
        "Hi {{ user_name }}! Topics: {{topics}}. Urgent: {{urgent}}. {{nope}} {{late}}",
        {"user_name": "Ann", "topics": ["pay", "leave"], "urgent": True, "late": None},
        known={"user_name", "topics", "urgent", "late"},
    )
    assert filled.text == "Hi Ann! Topics: pay, leave. Urgent: yes. {{nope}} {{late}}"
    assert filled.filled == ("user_name", "topics", "urgent")
    assert filled.unknown == ("nope",)
    assert filled.unset == ("late",)
    assert not filled.complete


def test_placeholders_are_listed_once_in_order() -> None:
    assert placeholders("{{b}} {{a}} {{ b }}") == ["b", "a"]


def test_instructions_put_the_stable_part_first_and_the_step_last(scenario: Scenario) -> None:
    first = build_instructions(scenario, scenario.steps["name"], {})
    second = build_instructions(scenario, scenario.steps["topics"], {"user_name": "Ann"})
    prefix = stable_prefix(scenario).text
    assert first.text.startswith(prefix) and second.text.startswith(prefix)
    assert prefix.startswith(FILES["persona.md"])
    assert CONTRACT_RULES in prefix
    assert "NAME-STEP-MARKER" not in prefix and "Current step" not in prefix


@pytest.mark.parametrize("step_id", ["name", "topics"])
def test_only_the_current_steps_instructions_are_included(scenario: Scenario, step_id: str) -> None:
    text = build_instructions(scenario, scenario.steps[step_id], {}).text
    markers = {"name": "NAME-STEP-MARKER", "topics": "TOPICS-STEP-MARKER"}
    for other, marker in markers.items():
        assert (marker in text) == (other == step_id)


def test_the_step_section_lists_results_and_signals_with_the_goal_of_each_target(
    scenario: Scenario,
) -> None:
    text = build_instructions(scenario, scenario.steps["topics"], {"user_name": "Ann"}).text
    section = text[text.index("# Current step: Topics") :]
    assert section.splitlines()[:3] == [
        "# Current step: Topics",
        "Goal: Collect the topics to discuss",
        "",
    ]
    assert "- topics (list of strings, required): One line each" in section
    assert "- urgent (boolean)" in section
    assert '- "stay": remain in this step.' in section
    assert '- "done" → Wrap. Needs: user_name, topics' in section
    assert '- "restart" → Your name (next goal: Learn the user\'s name)' in section


def test_the_persona_may_use_placeholders_too(scenario: Scenario) -> None:
    scenario.persona_text = "You are Vera. Address the user as {{user_name}}."
    built = build_instructions(scenario, scenario.steps["name"], {"user_name": "Ann"})
    assert built.text.startswith("You are Vera. Address the user as Ann.")
    assert built.filled == ("user_name",)


def test_step_instructions_are_filled_and_problems_reported(scenario: Scenario) -> None:
    built = build_instructions(scenario, scenario.steps["topics"], {"user_name": "Ann"})
    assert "Ask Ann which topics matter" in built.text
    assert "{{urgent}}" in built.text and "{{typo_name}}" in built.text
    assert built.unset == ("urgent",)
    assert built.unknown == ("typo_name",)


def test_history_sends_left_steps_as_summaries_and_the_current_visit_in_full(
    scenario: Scenario,
) -> None:
    transcript = [
        TranscriptEntry("name", 0, "user", "hi"),
        TranscriptEntry("name", 0, "assistant", '{"message": "Your name?"}'),
        TranscriptEntry("name", 0, "user", "Ann"),
        TranscriptEntry("name", 0, "assistant", '{"message": "Thanks Ann"}'),
        TranscriptEntry("topics", 1, "user", "pay"),
        TranscriptEntry("topics", 1, "assistant", '{"message": "More?"}'),
        TranscriptEntry("name", 2, "user", "I am Anna, in fact"),
        TranscriptEntry("name", 2, "assistant", '{"message": "Noted"}'),
        TranscriptEntry("topics", 3, "user", "and leave"),
    ]
    summaries = {"name": "The user is Anna.", "topics": "Pay so far."}
    history = build_history(scenario, transcript, 3, summaries)
    assert history == (  # in the order the steps were last left; an earlier visit of this one too
        Message("system", 'Earlier step "Topics": Pay so far.'),
        Message("system", 'Earlier step "Your name": The user is Anna.'),
        Message("user", "and leave"),
    )
    history = build_history(scenario, transcript, 1, summaries)
    assert history == (
        Message("system", 'Earlier step "Your name": The user is Anna.'),
        Message("user", "pay"),
        Message("assistant", '{"message": "More?"}'),
    )
