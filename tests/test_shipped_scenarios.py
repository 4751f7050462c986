"""The scenarios shipped in ``scenarios/``: clean, shaped as promised, and runnable end to end.

The end-to-end runs drive the real conversation engine with the scripted provider (one scripted
model reply per call), so they prove that the graph, the guards and the templates work together:
the analyst bot costs one model call per user message, its review can send the user back to a
section and return, a premature return to the review is refused by the FSM, and the final brief
has every placeholder filled.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.actions.runners import StubbedActions
from engine.actions.stubs import Stub
from engine.conversation.sync_conversation import SyncConversation
from engine.io.resources import default_scenario, scenarios_dir
from engine.providers.scripted import ScriptedProvider
from engine.scenario import OnEnter, Scenario, StepKind, ValueType, load_scenario
from engine.scenario.definition import PLACEHOLDER
from engine.scenario.graph import reachable_from_start, scenario_graph
from engine.scenario.validate import validate

SHIPPED = sorted(path.parent for path in scenarios_dir().glob("*/scenario.yaml"))
ANALYST = default_scenario()


def reply(transition: str = "stay", message: str = "…", **results: Any) -> dict[str, Any]:
    return {"message": message, "transition": transition, "results": results, "summary": "…"}


@pytest.fixture(scope="module")
def analyst() -> Scenario:
    return load_scenario(ANALYST)


def test_the_analyst_bot_and_another_scenario_are_shipped() -> None:
    assert ANALYST in SHIPPED
    assert len(SHIPPED) >= 2


@pytest.mark.parametrize("folder", SHIPPED, ids=lambda path: path.name)
def test_a_shipped_scenario_has_no_errors_and_no_warnings(folder: Path) -> None:
    # env-header is a notice every scenario that sends a secret gets by design (the support
    # desk's ticket token): it asks the user to look, there is nothing to fix
    findings = validate(load_scenario(folder))
    assert [finding.render() for finding in findings if finding.code != "env-header"] == []


@pytest.mark.parametrize("folder", SHIPPED, ids=lambda path: path.name)
def test_a_shipped_scenario_points_editors_at_the_json_schema(folder: Path) -> None:
    first_line = (folder / "scenario.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first_line == "# yaml-language-server: $schema=../../resources/scenario.schema.json"


# --- the analyst bot's shape ------------------------------------------------------------------


def test_the_analyst_bot_has_at_least_eight_steps_all_reachable(analyst: Scenario) -> None:
    assert len(analyst.steps) >= 8
    assert reachable_from_start(scenario_graph(analyst)) == set(analyst.steps)


def test_no_analyst_step_costs_an_extra_call_on_entry(analyst: Scenario) -> None:
    assert [s.id for s in analyst.steps.values() if s.on_enter is OnEnter.RESPOND] == []


def test_the_review_can_send_the_user_back_to_every_section_and_each_returns(
    analyst: Scenario,
) -> None:
    sections = {"idea", "users", "features", "quality", "constraints", "risks"}
    review = analyst.steps["review"]
    back_targets = {t.to for signal, t in review.transitions.items() if signal.startswith("fix_")}

    assert back_targets == sections
    for section in sections - {"risks"}:
        assert analyst.steps[section].transitions["back_to_review"].to == "review"


def test_returning_to_the_review_requires_everything_the_review_reads_back(
    analyst: Scenario,
) -> None:
    read_back = set(PLACEHOLDER.findall(analyst.steps["review"].instructions_text))
    confirmed = set(analyst.steps["review"].transitions["confirmed"].requires)

    assert read_back == confirmed
    for step in analyst.steps.values():
        if "back_to_review" in step.transitions:
            assert set(step.transitions["back_to_review"].requires) == read_back


def test_everything_the_analyst_collects_is_typed_and_lands_in_the_brief(
    analyst: Scenario,
) -> None:
    collected = {
        name for step in analyst.steps.values() for name in step.results if name != "consent"
    }
    brief = analyst.steps["brief"]

    assert brief.kind is StepKind.MESSAGE and brief.final
    assert collected == set(PLACEHOLDER.findall(brief.text or ""))
    assert collected <= set(analyst.variables)
    types = {analyst.variables[name].type for name in collected}
    assert {ValueType.STRING, ValueType.LIST, ValueType.ENUM, ValueType.NUMBER} <= types
    assert analyst.variables["hours_per_week"].type is ValueType.INTEGER


def test_features_are_collected_in_a_loop_into_a_list(analyst: Scenario) -> None:
    features = analyst.steps["features"]

    assert features.results["features"].type is ValueType.LIST
    assert "stay in it" in features.instructions_text
    assert "whole list" in features.instructions_text


@pytest.mark.parametrize("folder", SHIPPED, ids=lambda path: path.name)
def test_instructions_never_talk_about_json_mechanics(folder: Path) -> None:
    scenario = load_scenario(folder)
    texts = [scenario.persona_text] + [s.instructions_text for s in scenario.steps.values()]
    for text in texts:
        assert "JSON" not in text and '"transition"' not in text


# --- end to end on the engine -----------------------------------------------------------------

ANSWERS = {
    "project_name": "Shelfie",
    "idea": "An app that tracks the books in my home library.",
    "problem": "Readers with big libraries buy books they already own.",
    "goal": "100 weekly users within six months.",
    "target_users": ["book collectors", "small lending libraries"],
    "main_scenario": "In a bookshop, checking whether a book is already at home.",
    "features": ["scan a barcode to add a book", "search my library", "lend a book to a friend"],
    "must_haves": ["scan a barcode to add a book", "search my library"],
    "quality_needs": ["works offline"],
    "platform": "mobile",
    "deadline": "end of March",
    "budget_usd": 20,
    "hours_per_week": 6,
    "risks": ["barcode API costs"],
    "open_questions": ["which book database to use?"],
}


def test_the_analyst_bot_runs_from_welcome_to_brief_at_one_call_per_message(
    analyst: Scenario,
) -> None:
    a = ANSWERS
    script = [
        reply("agreed", consent=True),  # "Sure, let's go"
        reply(project_name=a["project_name"], idea=a["idea"]),  # the idea
        # A premature return to the review: the FSM refuses it, the engine corrects the model.
        reply("back_to_review", problem=a["problem"], goal=a["goal"]),
        reply("idea_clear", problem=a["problem"], goal=a["goal"]),
        reply("users_clear", target_users=a["target_users"], main_scenario=a["main_scenario"]),
        reply(features=a["features"][:1]),
        reply(features=a["features"][:2]),
        reply(features=a["features"]),
        reply(features=a["features"]),  # "that's all": which are must-haves?
        reply("features_done", features=a["features"], must_haves=a["must_haves"]),
        reply("quality_clear", quality_needs=a["quality_needs"]),
        reply(
            "constraints_clear",
            platform="mobile",
            deadline="end of February",
            budget_usd=20,
            hours_per_week=6,
        ),
        reply("risks_clear", risks=a["risks"], open_questions=a["open_questions"]),
        reply(),  # reads everything back
        reply("fix_constraints"),  # "the deadline is wrong"
        reply(
            "back_to_review",
            platform="mobile",
            deadline=a["deadline"],
            budget_usd=20,
            hours_per_week=6,
        ),
        reply("confirmed"),
    ]
    provider = ScriptedProvider(script)
    chat = SyncConversation.open(analyst, provider)
    try:
        opening = chat.start()
        assert opening == [analyst.steps["welcome"].text]
        assert chat.state.step == "consent"

        visited = []
        results = []
        for text in [
            "Sure, let's go",
            "A book tracker",
            "It solves duplicates, goal 100 users",
            "It's for collectors",
            "Scanning",
            "Search",
            "Lending",
            "That's all",
            "Both first two",
            "Offline",
            "Mobile, February, $20, 6 hours",
            "API costs; which database?",
            "Yes please",
            "The deadline is wrong",
            "End of March",
            "All good",
        ]:
            result = chat.send(text)
            results.append(result)
            visited.append(chat.state.step)
    finally:
        chat.close()

    assert visited == [
        "idea",
        "idea",
        "users",
        "features",
        "features",
        "features",
        "features",
        "features",
        "quality",
        "constraints",
        "risks",
        "review",
        "review",
        "constraints",
        "review",
        "brief",
    ]
    assert [r.corrections for r in results][2] == 1
    assert sum(r.calls for r in results) == len(script)
    # One call per user message; the only extra one is the correction of the refused signal.
    assert sum(r.calls - r.corrections for r in results) == len(results)
    assert chat.vars.values() | {"consent": None} == ANSWERS | {"consent": None}
    brief = results[-1].messages[-1]
    assert results[-1].finished
    assert "{{" not in brief
    assert "Deadline: end of March" in brief
    assert "USERS: book collectors, small lending libraries" in brief


def test_declining_consent_ends_politely_without_recording_anything(analyst: Scenario) -> None:
    chat = SyncConversation.open(analyst, ScriptedProvider([reply("declined", consent=False)]))
    try:
        chat.start()
        result = chat.send("No thanks")
    finally:
        chat.close()

    assert result.finished
    assert result.messages[-1] == analyst.steps["goodbye"].text
    assert result.calls == 1


def test_the_support_desk_hands_over_with_a_complete_ticket() -> None:
    scenario = load_scenario(scenarios_dir() / "support_desk")
    script = [
        reply("understood", issue_summary="Cannot sign in: 'invalid link'", category="login"),
        reply(steps_tried=["requested a new link: same error"]),
        reply("escalate", steps_tried=["requested a new link: same error"]),
        reply(account_email="ana@example.com"),
        reply("ticket_ready", account_email="ana@example.com", urgency="high"),
    ]
    # the ticket service answers through a stub here (tests/test_support_desk_actions.py serves
    # the real HTTP action on 127.0.0.1)
    ticket = StubbedActions({"open_ticket": Stub(results={"ticket_id": "LG-1234"})})
    chat = SyncConversation.open(scenario, ScriptedProvider(script), actions=ticket)
    try:
        assert chat.start() == [scenario.steps["greet"].text]
        for text in ["I can't sign in", "Still the same", "I'd like a person", "ana@example.com"]:
            chat.send(text)
        result = chat.send("It's urgent, I can't invoice")
    finally:
        chat.close()

    assert result.finished
    assert [(run.step, run.outcome) for run in result.actions] == [("open_ticket", "ok")]
    assert result.messages[-1] == (
        "Thanks. I've opened ticket LG-1234 for our team: \"Cannot sign in: 'invalid link'\" "
        "(login, high urgency). A person from the team will write to ana@example.com within one "
        "business day, or within four hours if it is urgent."
    )


def test_the_analyst_demo_script_plays_to_the_brief_at_one_call_per_message(
    analyst: Scenario,
) -> None:
    demo = ANALYST / "demo"
    messages = (demo / "messages.txt").read_text(encoding="utf-8").splitlines()
    chat = SyncConversation.open(analyst, ScriptedProvider(demo / "replies.yaml"))
    try:
        chat.start()
        results = [chat.send(text) for text in messages]
    finally:
        chat.close()

    assert results[-1].finished
    assert [r.calls for r in results] == [1] * len(messages)
    brief = results[-1].messages[-1]
    assert brief.startswith("Here is your brief.\n\nPROJECT: Shelfie\n")
    assert "Deadline: end of March" in brief
    assert "{{" not in brief
