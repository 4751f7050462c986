"""The studio publishes as ``prompter publish`` does (issue 35): *File ▸ Publish…* and *Tools ▸ Live
versions*, on each store (SQLite, then PostgreSQL).

A real ``prompter serve`` of the analyst bot has conversations at several steps; the studio opens
a copy in which one of those steps is renamed and another removed, checks it (tests, graph diff,
migration report) and publishes it: every next message is answered, the renamed step's
conversations move to the new version, the removed step's stay on theirs, new conversations start
on the new version. The store's password goes to the keyring, never to the settings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import keyring
import pytest
from plugins.serve import ServeProcess
from pytestqt.qtbot import QtBot
from test_serve_versions import ANALYST, TO_IDEA, TO_USERS, changed_copy

from engine.io.tls import shared_tls_context
from engine.offline.fake_openai import FakeOpenAIServer
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.content_version import scenario_version
from engine.scenario.loader import load_scenario

pytestmark = [pytest.mark.gui, pytest.mark.slow]


@pytest.fixture
def served(store_url: str, tmp_path: Path) -> Iterator[httpx2.Client]:
    with FakeOpenAIServer(responder=ScenarioBot(load_scenario(ANALYST))) as model:
        process = ServeProcess(store_url, model.base_url, scenario=ANALYST, folder=tmp_path)
        with (
            process as server,
            httpx2.Client(base_url=server.url, timeout=30, verify=shared_tls_context()) as client,
        ):
            yield client


def start(client: httpx2.Client, messages: list[str]) -> str:
    created = client.post("/v1/conversations", json={})
    assert created.status_code == 201
    conversation = str(created.json()["id"])
    for text in messages:
        say(client, conversation, text)
    return conversation


def say(client: httpx2.Client, conversation: str, text: str) -> None:
    answer = client.post(f"/v1/conversations/{conversation}/messages", json={"text": text})
    assert answer.status_code == 200, answer.text


def state(client: httpx2.Client, conversation: str) -> dict[str, Any]:
    return dict(client.get(f"/v1/conversations/{conversation}").json())


def test_the_studio_publishes_a_new_version_to_a_live_server(
    make_studio: Any,
    served: httpx2.Client,
    store_url: str,
    tmp_path: Path,
    qtbot: QtBot,
) -> None:
    from app.publish.dialog import PublishDialog
    from app.publish.studio import install

    old = scenario_version(load_scenario(ANALYST))
    on_consent = start(served, [])
    on_idea = start(served, TO_IDEA)
    on_users = start(served, TO_USERS)
    copy = changed_copy(tmp_path / "analyst_v2")
    new = scenario_version(load_scenario(copy))

    window = make_studio()
    assert window.files.open_folder(copy)
    tools = install(window)
    assert tools.publish_action in window.file_menu.actions()
    tools.publish_action.trigger()
    dialog = next(w for w in tools.windows if isinstance(w, PublishDialog))
    dialog.url.setText(store_url)
    dialog.password.setText("not-a-real-password-1")
    dialog.check_button.click()
    qtbot.waitUntil(lambda: dialog.publish_button.isEnabled(), timeout=60_000)
    report = dialog.report.toPlainText()
    assert "tests: none" in report
    assert "~ step users → audience" in report and "- step consent" in report  # the graph diff
    assert re.search(rf"{old}  users\s+1  move to {new} at 'audience' \(renamed\)", report)
    assert re.search(rf"{old}  consent\s+1  stay on {old} until they end", report)

    dialog.publish_button.click()
    qtbot.waitUntil(lambda: dialog.published == new, timeout=30_000)
    assert new in dialog.status.text()

    # the URL is kept for the scenario; the password is in the keyring, never in the settings
    assert tools.stores.url_for(copy) == store_url
    assert keyring.get_password("Prompter", f"store:{store_url}") == "not-a-real-password-1"
    window.settings.sync()
    assert "not-a-real-password-1" not in Path(window.settings.fileName()).read_text()

    qtbot.wait(600)  # every worker reads the live pointer again within half a second
    for conversation in (on_consent, on_idea, on_users):
        say(served, conversation, "yes" if conversation == on_consent else "Ann and Bob")
    assert (state(served, on_users)["version"], state(served, on_users)["step"]) == (
        new,
        "audience",
    )
    assert state(served, on_consent)["version"] == state(served, on_idea)["version"] == old
    assert state(served, start(served, []))["version"] == new

    # Tools ▸ Live versions: both versions, the new one taking every new conversation
    versions = tools.live_versions(store_url)
    assert versions is not None
    qtbot.waitUntil(lambda: versions.table.rowCount() == 2, timeout=30_000)
    rows = {
        versions.table.item(row, 0).text(): versions.table.item(row, 1).text()
        for row in range(versions.table.rowCount())
    }
    assert rows == {old: "0%", new: "100%"}
    qtbot.waitUntil(lambda: versions.graph is not None, timeout=10_000)
    assert versions.selected_version() == new
    assert "audience" in (versions.graph.session.shown.steps if versions.graph else {})
    versions.close()


def test_a_scenario_with_unsaved_edits_is_not_published(
    make_studio: Any, analyst_bot: Path
) -> None:
    from app.publish.studio import install

    window = make_studio()
    assert window.files.open_folder(analyst_bot)
    tools = install(window)
    window.session.undo_stack.resetClean()  # as if edited
    assert tools.publish() is None
    assert any("Save the scenario first" in message for _t, message, _p in window.answers.told)
