"""The test chat without a key: the fake model, reply scripts, and what each view says it cost.

A newcomer without a key chats from the first window: *Try without a model* (the fake model,
replies made up from the scenario's own steps) or a reply script — a file of their own, or one
*Create a reply script for this scenario* writes for them. Which one answers is remembered per
scenario and named in full in the header; a fork of a scripted chat takes the script up where
the original stood; and every view says "no cost (scripted)", the log read later included.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from test_chat_pane import INTERVIEW, bubbles, send

from app.chat.keys import ApiKeyStore
from app.chat.pane import ChatPane
from app.chat.settings import ChatSettings, load_settings, save_settings, shown_path
from app.logview.window import LogWindow
from app.plain_text import shown_text
from engine.io.resources import default_scenario, scenarios_dir
from engine.log.reader import read_log
from engine.offline.reply_script import reply_script_template
from engine.providers.scripted import ScriptedProvider, load_script
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario

NO_COST = "no cost (scripted)"


@pytest.fixture
def scenario() -> Scenario:
    return load_scenario(default_scenario())


@pytest.fixture
def settings_store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def keyless(
    qtbot: QtBot, scenario: Scenario, settings_store: QSettings, tmp_path: Path
) -> Iterator[ChatPane]:
    """The chat of a newcomer: no key anywhere, logs written."""
    widget = ChatPane(
        lambda: scenario,
        settings_store=settings_store,
        keys=ApiKeyStore(environ={}),
        log_dir=tmp_path / "logs",
    )
    qtbot.addWidget(widget)
    widget.resize(420, 700)
    widget.show()
    qtbot.waitUntil(lambda: widget.notice.isVisible())
    yield widget
    widget.stop()


def script_file(folder: Path, count: int) -> Path:
    """A script of the interview's replies (``count`` of the first ones), one per line."""
    replies = [answer for _text, answers in INTERVIEW for answer in answers][:count]
    path = folder / "replies.jsonl"
    path.write_text("".join(json.dumps(reply) + "\n" for reply in replies), encoding="utf-8")
    return path


def test_try_without_a_model_chats_with_the_fake_model_at_no_cost(
    qtbot: QtBot, keyless: ChatPane
) -> None:
    assert not keyless.running and keyless.notice_fake.text() == "Try without a model"
    keyless.notice_fake.click()
    qtbot.waitUntil(lambda: keyless.running and not keyless.busy, timeout=10000)

    assert not keyless.notice.isVisible()
    assert keyless.provider_label.text() == (
        "Fake model · replies made up from the scenario's steps, not a model's · no key, no cost"
    )
    assert "Replies made up from the scenario's own steps" in shown_text(
        keyless.provider_label.toolTip()
    )
    send(qtbot, keyless, "Yes, let's start")
    send(qtbot, keyless, "Shelfie")
    assert keyless.projection.step == "idea"
    assert bubbles(keyless)[-1][0] == "bot_message"
    assert keyless.projection.billed.llm_calls == 2
    assert keyless.meter.text().endswith(NO_COST) and "$" not in keyless.meter.text()
    # the log says so for good: a viewer opened on it later shows no price either
    assert keyless.log_path is not None
    responses = [e for e in read_log(keyless.log_path).events if e.type == "model_response"]
    assert [(e.data["synthetic"], e.data["cost_usd"]) for e in responses] == [("fake model", 0)] * 2
    viewer = LogWindow(keyless.log_path, follow=False)
    qtbot.addWidget(viewer)
    qtbot.waitUntil(lambda: viewer.loaded)
    assert viewer.meter.text().endswith(NO_COST) and "$" not in viewer.meter.text()


def test_the_choice_and_its_script_are_remembered_per_scenario(
    settings_store: QSettings, tmp_path: Path
) -> None:
    french, hindi = tmp_path / "bot_fr", tmp_path / "bot_hi"
    script = str(french / "replies.yaml")
    save_settings(settings_store, ChatSettings(model="gpt-4.1"), None)
    save_settings(
        settings_store, ChatSettings("scripted", "gpt-4.1", "", script), scenario_root=french
    )

    assert load_settings(settings_store, french) == ChatSettings("scripted", "gpt-4.1", "", script)
    # another scenario keeps the account's model, never the other one's script
    assert load_settings(settings_store, hindi) == ChatSettings("responses", "gpt-4.1", "", "")
    save_settings(settings_store, ChatSettings("fake", "gpt-4.1"), scenario_root=hindi)
    assert load_settings(settings_store, hindi).provider == "fake"
    assert load_settings(settings_store, french).script == script


def test_a_fork_continues_the_reply_script_where_the_original_stood(
    qtbot: QtBot, keyless: ChatPane, tmp_path: Path
) -> None:
    script = script_file(tmp_path, 6)
    keyless.apply_settings(keyless.settings.with_changes(provider="scripted", script=str(script)))
    qtbot.waitUntil(lambda: keyless.running and not keyless.busy, timeout=5000)
    for text, _answers in INTERVIEW[:3]:  # turn 2 breaks the contract once: 4 replies used
        send(qtbot, keyless, text)
    assert keyless.projection.step == "features"
    events = keyless.view.events_model.events()

    assert keyless.fork_from(events, 2)
    qtbot.waitUntil(lambda: keyless.running and not keyless.busy, timeout=5000)
    assert keyless.projection.step == "users"
    assert "Continues at reply 4" in keyless.provider_label.toolTip()
    send(qtbot, keyless, INTERVIEW[2][0])
    # reply 4 answers turn 3 again, as it did in the original: the fork moves on as it had
    assert keyless.projection.step == "features"
    assert bubbles(keyless)[-1] == ("bot_message", INTERVIEW[2][1][0]["message"])


def test_create_a_reply_script_writes_it_opens_it_and_chats_with_it(
    qtbot: QtBot, keyless: ChatPane, scenario: Scenario, tmp_path: Path
) -> None:
    opened: list[Path] = []
    keyless.open_file = opened.append
    target = tmp_path / "demo" / "replies.yaml"
    keyless.ask_save_path = lambda _title, suggested: target if suggested.name else None

    assert keyless.create_reply_script() == target
    qtbot.waitUntil(lambda: keyless.running and not keyless.busy, timeout=5000)
    assert opened == [target]
    assert keyless.provider_label.text() == f"Reply script · {target}"
    replies = load_script(target)
    consent = replies[0]
    assert isinstance(consent, dict) and consent["transition"] == "agreed"
    assert consent["results"] == {"consent": True}
    send(qtbot, keyless, "yes")
    assert keyless.projection.step == "idea"
    assert keyless.meter.text().endswith(NO_COST)


@pytest.mark.parametrize("name", ["analyst_bot", "support_desk"])
def test_a_created_reply_script_runs_the_scenario_to_its_end(name: str, tmp_path: Path) -> None:
    import engine

    scenario = load_scenario(scenarios_dir() / name)
    text = reply_script_template(scenario)
    path = tmp_path / "replies.yaml"
    path.write_text(text, encoding="utf-8")
    assert isinstance(yaml.safe_load(text), list)
    assert "docs/chat-and-logs.md" in text  # the format is documented where it is used
    provider = ScriptedProvider(path)
    with engine.SyncConversation.open(scenario, provider) as chat:
        chat.start()
        while not chat.finished:
            result = chat.send("next")
            assert result.violations == [] and not result.fallback
        assert provider.remaining == 0
        assert chat.conversation.summary()["cost"] == NO_COST


def test_use_a_reply_script_offers_the_one_the_scenario_ships_with(
    qtbot: QtBot, keyless: ChatPane, scenario: Scenario
) -> None:
    """The analyst bot's demo/replies.yaml was never offered: the dialog asked for a file."""
    assert scenario.root is not None
    keyless.use_scripted()
    qtbot.waitUntil(lambda: keyless.running and not keyless.busy, timeout=5000)
    shipped = scenario.root / "demo" / "replies.yaml"
    assert keyless.settings.script == str(shipped)
    assert keyless.provider_label.text() == f"Reply script · {shown_path(shipped)}"
    send(qtbot, keyless, "Yes, let's start")
    assert keyless.projection.step == "idea"
