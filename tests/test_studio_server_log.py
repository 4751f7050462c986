"""File ▸ Open Log from Server…: the studio downloads a served conversation's log and opens it.

Against ``prompter serve`` in a process of its own (the fake model answering), as an author
would: the dialog is filled in and Open pressed; the log opens in the log viewer, or the dialog
says in plain words why not.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from plugins.serve import ServeProcess
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox

from app.chat.server_log import SETTINGS_SERVER, ServerLogDialog, ServerLogError, log_url
from engine.io.tls import shared_tls_context
from engine.log.reader import read_log
from engine.offline.fake_openai import FakeOpenAIServer

pytestmark = pytest.mark.gui


@pytest.fixture
def served(
    bot_server: FakeOpenAIServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServeProcess, str]]:
    folder = tmp_path_factory.mktemp("served")
    with ServeProcess(
        f"sqlite:///{folder / 's.db'}",
        bot_server.base_url,
        folder=folder,
        env={"PROMPTER_API_TOKENS": "letmein"},
    ) as server:
        auth = {"Authorization": "Bearer letmein"}
        with httpx2.Client(
            base_url=server.url, headers=auth, timeout=30, verify=shared_tls_context()
        ) as client:
            conversation = client.post("/v1/conversations", json={}).json()["id"]
            client.post(
                f"/v1/conversations/{conversation}/messages", json={"text": "I cannot log in"}
            )
        yield server, conversation


def fill(dialog: ServerLogDialog, server: str, conversation: str, token: str) -> None:
    dialog.server.setText(server)
    dialog.conversation.setText(conversation)
    dialog.token.setText(token)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Open).click()


@pytest.mark.slow
def test_a_served_log_is_downloaded_saved_and_opened(
    qtbot, served: tuple[ServeProcess, str], tmp_path: Path
) -> None:
    server, conversation = served
    opened: list[Path] = []
    dialog = ServerLogDialog(tmp_path, opened.append, QSettings())
    qtbot.addWidget(dialog)
    dialog.show()

    fill(dialog, server.url, conversation, "wrong")
    qtbot.waitUntil(lambda: dialog.buttons.isEnabled() and "token" in dialog.problem.text())
    assert dialog.problem.textFormat() == Qt.TextFormat.PlainText
    assert opened == []

    fill(dialog, server.url, "0123456789abcdef", "letmein")
    qtbot.waitUntil(lambda: "no such conversation" in dialog.problem.text())

    fill(dialog, server.url + "/", conversation, "letmein")
    qtbot.waitUntil(lambda: opened != [])
    assert opened == [tmp_path / "from-server" / f"{conversation}.jsonl"]
    read = read_log(opened[0])
    assert read.skipped == [] and read.events[0].session == conversation
    assert [e.type for e in read.events].count("user_message") == 1
    assert QSettings().value(SETTINGS_SERVER) == server.url + "/"
    assert "letmein" not in str(QSettings().allKeys())


def test_what_cannot_be_an_address_is_said_before_anything_is_sent(qtbot, tmp_path: Path) -> None:
    dialog = ServerLogDialog(tmp_path, lambda path: None, QSettings())
    qtbot.addWidget(dialog)
    fill(dialog, "ftp://example", "abc", "")
    assert "http://" in dialog.problem.text()
    fill(dialog, "http://127.0.0.1:9", "../../etc", "")
    assert "conversation id" in dialog.problem.text()
    with pytest.raises(ServerLogError, match="http"):
        log_url("127.0.0.1:8000", "abc")


def test_an_unreachable_server_is_said_in_plain_words(qtbot, tmp_path: Path) -> None:
    dialog = ServerLogDialog(tmp_path, lambda path: None, QSettings())
    qtbot.addWidget(dialog)
    fill(dialog, "http://127.0.0.1:9", "abc", "")  # nothing listens on port 9
    qtbot.waitUntil(lambda: "could not be reached" in dialog.problem.text(), timeout=10_000)


def test_the_studio_offers_it_in_the_file_menu_and_it_opens_the_dialog(
    qtbot, studio, tmp_path: Path
) -> None:
    from app.chat.studio import install_chat

    glue = install_chat(studio, log_dir=tmp_path / "logs")
    titles = [action.text() for action in studio.file_menu.actions()]
    assert "Open Log from &Server…" in titles
    dialog = glue.ask_server_log()
    assert dialog.isVisible() and dialog.folder == tmp_path / "logs"
    assert dialog.token.echoMode() == dialog.token.EchoMode.Password
    dialog.reject()
