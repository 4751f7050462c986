"""The test chat, driven as a user would, against the real engine and the fake OpenAI server.

A whole analyst-bot interview runs through the pane: bubbles appear, the current step follows
the conversation, the variables panel keeps each variable's history, the folded system
events show what the engine did (and copy as JSON), the meter counts calls and tokens, and the
conversation's log reopens in the log viewer exactly as it was shown live.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPersistentModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.chat.keys import ApiKeyStore
from app.chat.pane import ChatPane
from app.chat.settings import ChatSettings
from app.logview.table import WARNING_COLOR, EventTableModel
from app.logview.window import LogWindow
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.providers.openai_api import DEFAULT_MAX_RETRIES
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui


def reply(message: str, transition: str = "stay", summary: str = "", **results: Any) -> dict:
    return {"message": message, "transition": transition, "results": results, "summary": summary}


#: (what the user types, what the fake model answers: one or more replies) for a whole interview.
INTERVIEW: list[tuple[str, list[Any]]] = [
    ("Yes, let's start.", [reply("Great! What is your idea?", "agreed", "Agreed", consent=True)]),
    (
        "Streak: a habit tracker for students who give up after a week.",
        [
            "Sure! Here is my answer, not in JSON.",
            reply(
                "Who will use it?",
                "idea_clear",
                "Habit tracker",
                project_name="Streak",
                idea="A habit tracker for students",
                problem="Students give up on habits after a week",
                goal="30% keep a habit for a month",
            ),
        ],
    ),
    (
        "Students, mostly at exam time, on their phones.",
        [
            reply(
                "What should it do?",
                "users_clear",
                "Students",
                target_users=["students"],
                main_scenario="Checking off habits on the phone at exam time",
            )
        ],
    ),
    ("Streaks and reminders.", [reply("Anything else?", features=["streaks", "reminders"])]),
    (
        "That's all; both are must-haves.",
        [
            reply(
                "Any quality needs?",
                "features_done",
                "Two features",
                features=["streaks", "reminders"],
                must_haves=["streaks", "reminders"],
            )
        ],
    ),
    ("It must work offline.", [reply("Platform?", "quality_clear", "", quality_needs=["offline"])]),
    (
        "Mobile, by March, 20 dollars a month, 10 hours a week.",
        [
            reply(
                "What could go wrong?",
                "constraints_clear",
                "",
                platform="mobile",
                deadline="March",
                budget_usd=20,
                hours_per_week=10,
            )
        ],
    ),
    (
        "Motivation drops; unsure about notifications.",
        [
            reply(
                "Here is everything. Right?",
                "risks_clear",
                "",
                risks=["motivation drops"],
                open_questions=["notifications?"],
            )
        ],
    ),
    ("Yes, all correct.", [reply("Thanks!", "confirmed", "Confirmed", review_started=True)]),
]
#: The step the conversation is in after each message of :data:`INTERVIEW`.
STEPS_AFTER = [
    "idea",
    "users",
    "features",
    "features",
    "quality",
    "constraints",
    "risks",
    "review",
    "brief",
]


@pytest.fixture
def scenario() -> Scenario:
    return load_scenario(default_scenario())


@pytest.fixture
def settings_store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def pane(
    qtbot: QtBot,
    scenario: Scenario,
    settings_store: QSettings,
    tmp_path: Path,
    openai_env: FakeOpenAIServer,
) -> Iterator[ChatPane]:
    widget = ChatPane(
        lambda: scenario,
        settings_store=settings_store,
        keys=ApiKeyStore(environ={"OPENAI_API_KEY": FAKE_API_KEY}),
        log_dir=tmp_path / "logs",
    )
    qtbot.addWidget(widget)
    widget.resize(700, 800)
    widget.show()
    qtbot.waitUntil(lambda: widget.running and not widget.busy, timeout=5000)
    yield widget
    widget.stop()


def send(qtbot: QtBot, pane: ChatPane, text: str) -> None:
    """Type ``text`` and press Enter, then wait until the bot has answered."""
    pane.input.setPlainText(text)
    qtbot.keyClick(pane.input, Qt.Key.Key_Return)
    assert pane.busy, "pressing Enter must send the message"
    assert pane.typing.isVisible()
    qtbot.waitUntil(lambda: not pane.busy, timeout=15000)


def bubbles(pane: ChatPane) -> list[tuple[str, str]]:
    return [
        (event.type, event.data["text"]) for event in pane.view.visible_events() if event.is_chat
    ]


def test_a_whole_interview_in_the_chat_pane(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    steps: list[str] = []
    pane.step_changed.connect(steps.append)
    welcome = pane.scenario.steps["welcome"].text if pane.scenario else ""
    assert bubbles(pane) == [("bot_message", welcome)]
    assert pane.projection.step == "consent"

    for (text, answers), step in zip(INTERVIEW, STEPS_AFTER, strict=True):
        openai_env.queue(*answers)
        send(qtbot, pane, text)
        assert pane.projection.step == step
        assert pane.input.toPlainText() == ""

    expected = [("bot_message", welcome)]
    for text, answers in INTERVIEW:
        expected += [("user_message", text), ("bot_message", answers[-1]["message"])]
    brief = bubbles(pane)[-1][1]
    assert bubbles(pane)[:-1] == expected
    assert brief.startswith("Here is your brief.") and "PROJECT: Streak" in brief
    # The graph highlight followed every move, ending on the brief.
    assert steps == [
        "idea",
        "users",
        "features",
        "quality",
        "constraints",
        "risks",
        "review",
        "brief",
    ]
    assert not pane.send_button.isEnabled()  # the scenario finished
    assert "ended" in pane.input.placeholderText()
    assert openai_env.pending == 0


def test_the_variables_inspector_keeps_each_history_and_scrolls_to_its_turn(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    for text, answers in INTERVIEW[:5]:
        openai_env.queue(*answers)
        send(qtbot, pane, text)

    assert pane.variables.value_of("project_name") == "Streak"
    assert pane.variables.value_of("must_haves") == '["streaks", "reminders"]'
    history = pane.variables.history_items("features")
    assert [(item.text(0), item.text(1), item.text(2)) for item in history] == [
        ("turn 4 · features", '— → ["streaks", "reminders"]', "model"),
    ]
    assert pane.variables.value_of("budget_usd") == "—"  # not known yet

    pane.view.scrollToBottom()
    consent = pane.variables.history_items("consent")[0]
    pane.variables.tree.setCurrentItem(consent)
    current = pane.view.event_at(pane.view.currentIndex())
    assert current is not None and current.turn == 1 and current.type == "user_message"


def test_system_events_are_folded_between_bubbles_and_copy_as_json(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    for text, answers in INTERVIEW[:2]:
        openai_env.queue(*answers)
        send(qtbot, pane, text)

    turn_two = [e for e in pane.view.visible_events() if e.turn == 2]
    assert [e.type for e in turn_two] == [
        "user_message",
        "model_request",
        "model_response",
        "contract_violation",
        "correction_sent",
        "model_request",
        "model_response",
        "variable_change",
        "variable_change",
        "variable_change",
        "variable_change",
        "step_summary",
        "bot_message",
        "transition",
        "turn_end",
    ]
    violation_row = next(
        row
        for row in range(pane.view.model().rowCount())
        if pane.view.event_at(pane.view.model().index(row, 0)).type == "contract_violation"
    )
    index = QPersistentModelIndex(pane.view.model().index(violation_row, 0))
    folded_height = pane.view.visualRect(index).height()
    assert not pane.view.is_expanded(index)

    pane.view.scrollTo(index)
    qtbot.mouseClick(
        pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(index).center()
    )
    qtbot.waitUntil(lambda: pane.view.visualRect(index).height() > folded_height)
    assert pane.view.is_expanded(index)

    copy_at = pane.view.delegate.copy_button_rect(pane.view.visualRect(index)).center()
    qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=copy_at)
    record = json.loads(QGuiApplication.clipboard().text())
    assert record["type"] == "contract_violation" and record["kind"] == "invalid_json"
    assert record["turn"] == 2
    assert pane.view.is_expanded(index)  # copying keeps it open

    pane.system_action.trigger()  # collapse the log: only bubbles remain
    assert all(event.is_chat for event in pane.view.visible_events())
    assert len(bubbles(pane)) == 5


def test_a_slip_repaired_without_a_call_is_drawn_quietly_as_in_the_log_pane(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    """A reply in a code fence is repaired without a correction (``salvaged: true``): the chat
    draws that row like any quiet system event, as the log pane does; a real violation (the
    second message's answer, not JSON at all) keeps the warning colour in both."""
    text, answers = INTERVIEW[0]
    openai_env.queue(f"```json\n{json.dumps(answers[0])}\n```")
    send(qtbot, pane, text)
    text, answers = INTERVIEW[1]
    openai_env.queue(*answers)
    send(qtbot, pane, text)

    violations = [e for e in pane.view.visible_events() if e.type == "contract_violation"]
    assert [(e.turn, e.data["salvaged"]) for e in violations] == [(1, True), (2, False)]
    repaired, real = violations
    palette = pane.view.palette()
    quiet = pane.view.delegate.system_color(
        next(e for e in pane.view.visible_events() if e.type == "model_request"), palette
    )
    assert pane.view.delegate.system_color(repaired, palette) == quiet
    assert pane.view.delegate.system_color(real, palette) == WARNING_COLOR != quiet
    # the log pane's table, on the same events
    table = EventTableModel()
    table.set_events(violations)
    colors = [table.index(row, 4).data(Qt.ItemDataRole.ForegroundRole) for row in range(2)]
    assert colors == [None, WARNING_COLOR]


def test_the_meter_counts_calls_per_message_tokens_and_cost(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    for text, answers in INTERVIEW[:2]:
        openai_env.queue(*answers)
        send(qtbot, pane, text)

    meter = pane.projection.billed
    billed = openai_env.model_requests()
    assert (pane.projection.user_messages, meter.llm_calls, meter.corrections) == (2, 3, 1)
    assert len(billed) == 3
    responses = [e for e in pane.view.events_model.events() if e.type == "model_response"]
    assert meter.input_tokens == sum(e.data["usage"]["input_tokens"] for e in responses) > 0
    assert meter.output_tokens == sum(e.data["usage"]["output_tokens"] for e in responses) > 0
    assert pane.meter.text().startswith("3 calls · 1.50 per message")
    assert f"{meter.input_tokens:,} in" in pane.meter.text()


def test_a_failed_turn_shows_inline_with_retry_and_loses_nothing(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(*[Fault.rate_limit(retry_after=0)] * (DEFAULT_MAX_RETRIES + 1))
    send(qtbot, pane, "Yes, let's start.")

    assert pane.error_bar.isVisible()
    assert "RateLimited" in pane.error_bar.label.text()
    assert pane.retry_button.isVisible()
    assert pane.projection.step == "consent"
    assert pane.projection.user_messages == 0

    openai_env.queue(*INTERVIEW[0][1])
    qtbot.mouseClick(pane.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.busy, timeout=15000)

    assert not pane.error_bar.isVisible()
    assert pane.projection.step == "idea"
    assert bubbles(pane)[-1] == ("bot_message", "Great! What is your idea?")
    assert [t for t, _ in bubbles(pane)].count("user_message") == 2  # the failed one stays shown
    assert pane.variables.value_of("consent") == "true"


def test_the_ui_thread_keeps_running_while_the_model_thinks(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.delay(0.6, json.dumps(INTERVIEW[0][1][0])))
    ticks: list[bool] = []
    heartbeat = QTimer()
    heartbeat.setInterval(20)
    heartbeat.timeout.connect(lambda: ticks.append(pane.busy))
    heartbeat.start()

    pane.input.setPlainText("Yes, let's start.")
    qtbot.keyClick(pane.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not pane.busy, timeout=15000)
    heartbeat.stop()

    assert ticks.count(True) >= 10  # the UI thread's timers fired throughout the 0.6 s call
    assert pane.projection.step == "idea"


def test_the_log_reopens_in_the_viewer_as_it_was_shown_live(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    for text, answers in INTERVIEW[:3]:
        openai_env.queue(*answers)
        send(qtbot, pane, text)
    live = pane.view.events_model.events()
    assert pane.log_path is not None
    assert FAKE_API_KEY not in pane.log_path.read_text(encoding="utf-8")

    window = LogWindow(pane.log_path, follow=False)
    qtbot.addWidget(window)

    assert window.events() == live
    known = {name: value for name, value in pane.projection.values().items() if value is not None}
    assert window.projection.values() == known
    assert window.skipped == []


def test_restart_starts_a_new_conversation_on_the_current_scenario(
    qtbot: QtBot, pane: ChatPane, scenario: Scenario, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(*INTERVIEW[0][1])
    send(qtbot, pane, INTERVIEW[0][0])
    first_log = pane.log_path
    scenario.steps["welcome"].text = "Hello from the edited, unsaved scenario!"

    pane.restart()
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=5000)

    assert bubbles(pane) == [("bot_message", "Hello from the edited, unsaved scenario!")]
    assert pane.projection.step == "consent"
    assert pane.log_path != first_log
    assert first_log is not None and '"session_end"' in first_log.read_text(encoding="utf-8")


def test_without_a_key_the_pane_explains_instead_of_failing(
    qtbot: QtBot, scenario: Scenario, settings_store: QSettings
) -> None:
    widget = ChatPane(lambda: scenario, settings_store=settings_store, keys=ApiKeyStore(environ={}))
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(lambda: widget.notice.isVisible())

    text, more = widget.notice.label.text(), widget.notice.label.toolTip()
    assert "Try without a model — replies made up from the scenario's own steps" in text
    assert "OPENAI_API_KEY" in more and "reply script" in more
    assert widget.notice_fake.isVisible() and widget.notice_more.isVisible()
    assert [action.text() for action in widget.notice_more.menu().actions() if action.text()] == [
        "Use a Reply Script…",
        "Create a Reply Script for This Scenario…",
        "Add an API Key…",
    ]
    assert not widget.running
    assert not widget.send_button.isEnabled()
    QApplication.processEvents()


def test_the_scripted_provider_needs_no_key(
    qtbot: QtBot, scenario: Scenario, settings_store: QSettings, tmp_path: Path
) -> None:
    script = tmp_path / "replies.jsonl"
    script.write_text(json.dumps(INTERVIEW[0][1][0]) + "\n", encoding="utf-8")
    widget = ChatPane(lambda: scenario, settings_store=settings_store, keys=ApiKeyStore(environ={}))
    qtbot.addWidget(widget)
    widget.apply_settings(widget.settings.with_changes(provider="scripted", script=str(script)))
    qtbot.waitUntil(lambda: widget.running and not widget.busy, timeout=5000)
    assert not widget.notice.isVisible()
    # the header names the script in full: two scenarios' replies.yaml cannot be confused
    assert widget.provider_label.text() == f"Reply script · {script}"

    assert widget.send("Yes")
    qtbot.waitUntil(lambda: not widget.busy, timeout=5000)
    assert widget.projection.step == "idea"
    # replies read from a file cost nothing: no price is shown for them
    assert widget.meter.text().endswith("no cost (scripted)") and "$" not in (widget.meter.text())
    widget.stop()


def test_changing_settings_asks_before_ending_a_conversation_under_way(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    asked: list[str] = []
    answers = [False, True]

    def confirm(title: str, question: str) -> bool:
        asked.append(title)
        return answers.pop(0)

    pane.confirm = confirm
    pane.apply_settings(pane.settings.with_changes(model="gpt-4.1"))  # nothing said yet
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=5000)
    assert asked == []
    openai_env.queue(*INTERVIEW[0][1])
    send(qtbot, pane, INTERVIEW[0][0])
    runner = pane.runner
    assert not pane.apply_settings(pane.settings.with_changes(model="gpt-4.1-mini"))
    assert asked == ["Restart the conversation?"] and pane.runner is runner
    assert pane.stale.isVisible() and "settings changed" in pane.stale.label.text()
    assert pane.settings.model == "gpt-4.1-mini"  # kept, for the next restart
    assert pane.apply_settings(pane.settings.with_changes(model="gpt-4.1"))
    qtbot.waitUntil(lambda: pane.running and pane.runner is not runner, timeout=5000)
    assert pane.projection.user_messages == 0


def test_the_reply_script_dialog_opens_in_the_scenarios_folder(
    qtbot: QtBot, scenario: Scenario, tmp_path: Path
) -> None:
    from app.chat.settings_dialog import ChatSettingsDialog

    dialog = ChatSettingsDialog(
        ChatSettings(provider="scripted"),
        ApiKeyStore(environ={}),
        "gpt",
        start_folder=scenario.root,
    )
    qtbot.addWidget(dialog)
    assert dialog.browse_start() == str(scenario.root)
    script = tmp_path / "replies.jsonl"
    dialog.script.setText(str(script))
    assert dialog.browse_start() == str(script)


def test_restart_during_a_slow_call_cancels_it_and_starts_over(
    qtbot: QtBot, pane: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.delay(5.0, json.dumps(INTERVIEW[0][1][0])))
    pane.input.setPlainText("Yes, let's start.")
    qtbot.keyClick(pane.input, Qt.Key.Key_Return)
    assert pane.busy
    first_log = pane.log_path

    pane.restart()
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=3000)

    assert not pane.typing.isVisible()
    assert pane.projection.step == "consent"
    assert [t for t, _ in bubbles(pane)] == ["bot_message"]
    assert first_log is not None
    ended = [line for line in first_log.read_text(encoding="utf-8").splitlines() if line]
    assert '"session_end"' in ended[-1]


def test_forking_a_log_of_another_scenario_explains_instead_of_failing(
    qtbot: QtBot, pane: ChatPane
) -> None:
    start = Event("session_start", "other", 1, 0, "greet", {"scenario": "pizza"})

    assert not pane.fork_from([start], 0)

    assert pane.notice.isVisible()
    assert "the log is of scenario 'pizza', not 'analyst_bot'" in pane.notice.label.text()
    assert not pane.running


def test_the_settings_dialog_goes_once_closed(
    pane: ChatPane, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dialog made with the pane as parent lives as long as the pane unless deleted: opening
    Settings a hundred times in a day must not keep a hundred dialogs."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from app.chat.settings_dialog import ChatSettingsDialog

    monkeypatch.setattr(ChatSettingsDialog, "exec", lambda self: 0)  # the author cancels
    for _ in range(3):
        pane.open_settings()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.waitUntil(lambda: not pane.findChildren(ChatSettingsDialog))
