"""One variable model: what a step captures is shown and tested like a variable, declared or not.

A step's results are what it captures from the conversation; a placeholder fills from them
whether or not ``variables:`` declares them. The Variables pane once showed only declared
variables (a result alone never appeared, and nothing said so), and *Save as test* recorded no
expectation for it.
"""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.logview.projection import ConversationProjection
from engine.conversation.conversation_core import Conversation
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.providers import make_provider
from engine.scenario.loader import load_scenario
from engine.scenario_tests import chat_to_test

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def colourful(tmp_path: Path) -> Path:
    """The analyst bot whose step ``idea`` also captures ``favourite_colour``, a result no
    variable declares."""
    folder = tmp_path / "analyst_bot"
    shutil.copytree(default_scenario(), folder, ignore=shutil.ignore_patterns("tests"))
    yaml_path = folder / "scenario.yaml"
    anchor = "      project_name: {type: string, required: true,"
    text = yaml_path.read_text(encoding="utf-8")
    yaml_path.write_text(
        text.replace(anchor, "      favourite_colour: {type: string}\n" + anchor, 1),
        encoding="utf-8",
    )
    return folder


def chat(folder: Path) -> list[Event]:
    scenario = load_scenario(folder)
    assert "favourite_colour" not in scenario.variables
    plan = Plan.load(REPO / "bench" / "conversations" / "analyst_bot.yaml")
    turns = list(plan.turns[:3])
    turns[1] = replace(turns[1], results={**turns[1].results, "favourite_colour": "teal"})
    events: list[Event] = []

    async def go() -> None:
        with FakeOpenAIServer() as server:
            server.responder = Autopilot(scenario, Plan(plan.scenario, turns))
            provider = make_provider("responses", api_key=FAKE_API_KEY, base_url=server.base_url)
            conversation = Conversation(scenario, provider)
            conversation.events.subscribe(events.append)
            try:
                await conversation.start()
                for turn in turns:
                    await conversation.send(turn.user)
            finally:
                await provider.aclose()

    asyncio.run(go())
    return events


def test_a_captured_result_is_a_value_with_its_source_and_history(colourful: Path) -> None:
    scenario = load_scenario(colourful)
    projection = ConversationProjection({n: v.default for n, v in scenario.variables.items()})
    events = chat(colourful)
    projection.feed_many(events)
    assert "favourite_colour" in projection.names()
    assert projection.values()["favourite_colour"] == "teal"
    [capture] = projection.history("favourite_colour")
    assert (capture.turn, capture.step, capture.source, capture.old) == (2, "idea", "result", None)
    assert "favourite_colour" not in projection.values_as_of(1)
    assert projection.values_as_of(2)["favourite_colour"] == "teal"
    # declared variables are not listed twice: their changes already say it
    assert [c.name for c in projection.captures()] == ["favourite_colour"]


@pytest.mark.gui
def test_the_variables_pane_shows_a_result_no_variable_declares(
    colourful: Path, qtbot: Any
) -> None:
    from app.logview.variables_panel import VariablesPanel

    scenario = load_scenario(colourful)
    projection = ConversationProjection({n: v.default for n, v in scenario.variables.items()})
    projection.feed_many(chat(colourful))
    panel = VariablesPanel()
    qtbot.addWidget(panel)
    panel.show_projection(projection)
    assert panel.value_of("favourite_colour") == "teal"
    row = next(
        panel.tree.topLevelItem(i)
        for i in range(panel.tree.topLevelItemCount())
        if panel.tree.topLevelItem(i).text(0) == "favourite_colour"
    )
    assert row.text(2) == "result"
    assert "idea" in row.toolTip(0) and "variables:" in row.toolTip(0)


def test_save_as_test_expects_the_captured_result(colourful: Path) -> None:
    scenario = load_scenario(colourful)
    saved = chat_to_test(scenario, chat(colourful), name="colour")
    second = saved.test.turns[1].expect
    assert second.variables.get("favourite_colour") == "teal"
    assert second.variables.get("project_name") == "Streakly"  # a declared one, as before
    assert "favourite_colour: teal" in saved.text
