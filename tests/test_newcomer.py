"""The first hour, as a newcomer without a key lives it, in one studio window.

From the first window: create a scenario, chat with it without a model, save that chat as a test,
run the test — and see no price anywhere: the chat's meter, its log in the viewer, the request
inspector, the test's result. (The analyst bot's key-free chat is in ``test_chat_key_free``.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.chat.keys import ApiKeyStore
from app.chat.studio import install_chat
from app.logview.window import LogWindow
from app.request_inspector.inspector import cost_text
from app.tests_pane.rows import REPLIES_COLUMN
from app.tests_pane.studio import install
from engine.log.reader import read_log
from engine.request_view import CallIndex, rebuild

pytestmark = pytest.mark.gui

NO_COST = "no cost (scripted)"


def test_a_newcomer_without_a_key_creates_chats_saves_a_test_runs_it_and_pays_nothing(
    make_studio: Any, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    studio = make_studio()
    chat = install_chat(studio, log_dir=tmp_path / "logs")
    chat.pane.keys = ApiKeyStore(environ={})
    tests = install(studio, chat)
    try:
        assert studio.files.create_scenario(tmp_path / "my_bot", "linear")
        chat.pane.show()
        chat.pane.restart()
        qtbot.waitUntil(lambda: chat.pane.notice.isVisible())

        chat.pane.notice_fake.click()  # Try without a model
        qtbot.waitUntil(lambda: chat.pane.running and not chat.pane.busy, timeout=10000)
        for text in ("Hello!", "Ana"):
            assert chat.pane.send(text)
            qtbot.waitUntil(lambda: not chat.pane.busy, timeout=15000)
        assert chat.pane.projection.step == "goodbye"
        assert chat.pane.meter.text().endswith(NO_COST)

        saver = tests.saver
        assert saver is not None
        saver.ask = lambda default, stem, render, taken: ("Greets Ana", "greets_ana")
        saver.action.trigger()
        relpath = "tests/greets_ana.test.yaml"
        pane = tests.pane
        assert relpath in pane.tree.items
        assert pane.run([relpath], mode="replay")
        qtbot.waitUntil(lambda: not pane.running, timeout=30000)
        outcome = pane.outcomes[relpath]
        assert outcome.result.status == "passed"
        assert (outcome.result.made_by, outcome.result.synthetic) == ("fake model", True)
        assert outcome.result.totals.cost_text() == NO_COST
        assert pane.tree.items[relpath].text(REPLIES_COLUMN) == "synthetic"
        pane.select(relpath)
        assert f"Cost: {NO_COST}." in pane.details.toPlainText()

        log = chat.pane.log_path
        assert log is not None
        viewer = LogWindow(log, follow=False)
        qtbot.addWidget(viewer)
        qtbot.waitUntil(lambda: viewer.loaded)
        assert viewer.meter.text().endswith(NO_COST) and "$" not in viewer.meter.text()
        index = CallIndex(read_log(log).events)
        assert index.requests
        for request in index.requests:
            bill = cost_text(rebuild(index, request))
            assert f"<b>{NO_COST}</b>" in bill and "$" not in bill.split("·")[-1]
    finally:
        tests.pane.shutdown()
        chat.pane.stop()
