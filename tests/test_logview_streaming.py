"""A streamed message in the studio (issue 24): one bubble that grows while the model writes, a
log pane with one folded ``message_delta`` row per reply, and a replay with the final text only.

The events are the engine's own: a conversation streams through the scripted provider (word by
word) or, in the studio, through the real provider and the fake server.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.chat.studio import StudioChat
from app.logpane import install_log_pane
from app.logview import describe
from app.logview.logpane import LogPane
from app.logview.streamed import STREAMING
from app.logview.view import ConversationView
from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.log.events import Event, EventType
from engine.offline.fake_openai import FakeOpenAIServer
from engine.providers.scripted import ScriptedProvider
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui

PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"
GREETING = "Welcome to Pizza Palace! May I have your name, please?"


def reply(message: str, transition: str = "stay", **results: Any) -> dict[str, Any]:
    return {"message": message, "transition": transition, "results": results, "summary": "s"}


def streamed_turn(*replies: dict[str, Any]) -> list[Event]:
    """The events of one turn whose replies stream word by word."""
    core = Conversation(load_scenario(PIZZA), ScriptedProvider(list(replies), stream=True))
    events: list[Event] = []
    core.events.subscribe(events.append)
    with SyncConversation(core) as chat:
        chat.send("hi")
    return events


def bubbles(view: ConversationView) -> list[tuple[str, str]]:
    return [
        (str(e.data.get("source", "user")), describe.message_text(e))
        for e in view.visible_events()
        if e.is_chat
    ]


@pytest.fixture
def view(qtbot: QtBot) -> ConversationView:
    widget = ConversationView()
    widget.set_show_system(False)  # as the chat shows it
    qtbot.addWidget(widget)
    widget.resize(500, 400)
    widget.show()
    return widget


#: A message long enough to wrap onto several lines in a 500-pixel view, whatever the font.
LONG = " ".join([GREETING] * 4)


def test_the_bubble_grows_with_the_deltas_then_becomes_the_reply(view: ConversationView) -> None:
    events = streamed_turn(reply(LONG))
    deltas = [e for e in events if e.type == EventType.MESSAGE_DELTA]
    before = events[: events.index(deltas[0])]
    view.append_events(before)

    heights = []
    for count, delta in enumerate(deltas, start=1):
        view.append_events([delta])
        (source, text), *_ = bubbles(view)[1:]
        assert (source, text) == (STREAMING, "".join(d.data["delta"] for d in deltas[:count]))
        heights.append(view._heights[-1])
    assert heights[-1] > heights[0]  # the bubble wrapped onto more lines as it grew

    view.append_events(events[events.index(deltas[-1]) + 1 :])
    assert bubbles(view) == [("user", "hi"), ("model", LONG)]  # one answer, no draft left


def test_a_retracted_message_leaves_the_chat_and_the_correction_takes_its_place(
    view: ConversationView,
) -> None:
    events = streamed_turn(reply("I will fly you a drone", "no_such_signal"), reply(GREETING))
    retracted = next(e for e in events if e.type == EventType.MESSAGE_RETRACTED)
    view.append_events(events[: events.index(retracted)])
    assert bubbles(view)[-1] == (STREAMING, "I will fly you a drone")

    view.append_events([retracted])
    assert bubbles(view) == [("user", "hi")]
    assert len(view._heights) == len(view.visible_events())  # the view dropped the row too

    for event in events[events.index(retracted) + 1 :]:  # live: one at a time
        view.append_events([event])
    assert bubbles(view) == [("user", "hi"), ("model", GREETING)]


def test_a_replayed_log_shows_the_final_text_only(view: ConversationView) -> None:
    events = streamed_turn(reply("I will fly you a drone", "no_such_signal"), reply(GREETING))
    view.set_events(events)
    assert bubbles(view) == [("user", "hi"), ("model", GREETING)]

    view.set_show_system(True)  # the log, unfolded in the chat: still no row per delta
    assert not [e for e in view.visible_events() if e.type == EventType.MESSAGE_DELTA]
    assert EventType.MESSAGE_RETRACTED in [e.type for e in view.visible_events()]


@pytest.mark.parametrize("live", [True, False], ids=["live", "loaded"])
def test_the_log_pane_folds_each_calls_deltas_into_one_row(qtbot: QtBot, live: bool) -> None:
    pane = LogPane()
    qtbot.addWidget(pane)
    events = streamed_turn(reply("I will fly you a drone", "no_such_signal"), reply(GREETING))
    if live:
        for event in events:
            pane.append_events([event])
    else:
        pane.set_events(events)

    rows = [e for e in pane.model.shown_events() if e.type == EventType.MESSAGE_DELTA]
    assert [(r.data["attempt"], r.data["delta"]) for r in rows] == [
        (1, "I will fly you a drone"),
        (2, GREETING),
    ]
    pieces = [e for e in events if e.type == EventType.MESSAGE_DELTA and e.data["attempt"] == 2]
    assert rows[1].data["parts"] == len(pieces) >= len(GREETING.split()) - 2
    assert f"Message streamed · attempt 2 · {len(pieces)} pieces" in pane.model.summary(rows[1])
    assert len(pane.model.shown_events()) == len(events) - sum(
        int(r.data["parts"]) - 1 for r in rows
    )


# --- in the studio, through the real provider and the fake server ----------------------------


@pytest.fixture
def chat(studio_chat: StudioChat) -> StudioChat:
    return studio_chat  # tests/plugins/studio.py


def test_the_test_chat_shows_the_message_while_the_model_writes_it(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    log = install_log_pane(studio, chat)
    openai_env.word_s = 0.03
    openai_env.queue(json.dumps(reply(" ".join(["word"] * 40))))
    chat.pane.send("hello")

    def partly_shown() -> bool:
        last = bubbles(chat.pane.view)[-1]
        return last[0] == STREAMING and 0 < len(last[1].split()) < 40

    qtbot.waitUntil(partly_shown, timeout=5000)  # shown before the reply is complete
    assert chat.pane.busy
    qtbot.waitUntil(lambda: not chat.pane.busy, timeout=10000)
    assert bubbles(chat.pane.view)[-1] == ("model", " ".join(["word"] * 40))
    log.pane.flush()
    deltas = [e for e in log.pane.model.shown_events() if e.type == EventType.MESSAGE_DELTA]
    assert len(deltas) == 1 and deltas[0].data["parts"] == 40
