"""Action steps in the studio, checked as an author sees them: their own shape on the graph and
in the draw.io export, a form for what they call (each edit undoable), *Try it*, the chat's
live/stubbed toggle, and Python actions stubbed until the folder is trusted — asked once per
folder, remembered."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from plugins.actions import CLINIC, ActionService, clinic_reply
from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from app.action_trust import FolderTrust, Trust
from app.chat.keys import ApiKeyStore
from app.chat.pane import ChatPane
from app.logview.describe import is_problem, summary
from app.theme import GraphColors
from app.try_action import TryActionDialog, typed_value
from engine.drawio.export import scenario_to_drawio
from engine.log.events import Event, EventType
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui


# --- the chat ----------------------------------------------------------------------------------


@pytest.fixture
def settings_store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def clinic(action_folder: Any) -> Path:
    folder = action_folder()
    (folder / "tests").mkdir()
    (folder / "tests" / "stubs.yaml").write_text(
        "stubs:\n  find_slots: {outcome: ok, results: {slots: [Stubbed 8:00]}}\n"
    )
    return folder


def chat_pane(qtbot: QtBot, folder: Path, settings: QSettings, tmp_path: Path) -> ChatPane:
    script = tmp_path / "replies.jsonl"
    script.write_text(
        "\n".join(json.dumps(clinic_reply()) for _ in range(4)) + "\n", encoding="utf-8"
    )
    scenario = load_scenario(folder)
    pane = ChatPane(lambda: scenario, settings_store=settings, keys=ApiKeyStore(environ={}))
    qtbot.addWidget(pane)
    pane.resize(600, 700)
    pane.show()
    pane.apply_settings(pane.settings.with_changes(provider="scripted", script=str(script)))
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=5000)
    return pane


def say(qtbot: QtBot, pane: ChatPane, text: str) -> None:
    assert pane.send(text)
    qtbot.waitUntil(lambda: not pane.busy, timeout=15000)


def action_rows(pane: ChatPane) -> list[str]:
    return [
        summary(event)
        for event in pane.view.visible_events()
        if event.type in (EventType.ACTION_CALL, EventType.ACTION_RESULT)
    ]


def test_python_actions_are_stubbed_until_the_folder_is_trusted_and_the_chat_says_so(
    qtbot: QtBot, clinic: Path, settings_store: QSettings, tmp_path: Path
) -> None:
    pane = chat_pane(qtbot, clinic, settings_store, tmp_path)
    banner = pane.chat_actions.banner

    assert banner.isVisible() and "Until you trust this folder they are stubbed" in (
        banner.label.text()
    )
    assert (
        pane.chat_actions.trust_button.isVisible() and pane.chat_actions.refuse_button.isVisible()
    )
    say(qtbot, pane, "dermatology")
    assert pane.projection.step == "choose"  # the stub of tests/stubs.yaml answered
    assert action_rows(pane)[0].startswith("Action call · python find_slots · stubbed")
    assert "Stubbed 8:00" in action_rows(pane)[1]
    assert not (clinic / "runs.txt").exists()

    pane.chat_actions.trust_button.click()  # something was said: the chat offers a restart
    assert pane.stale.isVisible()
    assert FolderTrust(settings_store).of(clinic) is Trust.TRUSTED
    pane.restart()
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=5000)
    assert not banner.isVisible()
    say(qtbot, pane, "dermatology")
    assert "Mon 9:00" in action_rows(pane)[-1]  # the real action ran
    assert action_rows(pane)[0] == 'Action call · python find_slots · specialty="dermatology"'
    pane.stop()


def test_the_answer_is_remembered_per_folder(
    qtbot: QtBot, clinic: Path, settings_store: QSettings, tmp_path: Path, action_folder: Any
) -> None:
    pane = chat_pane(qtbot, clinic, settings_store, tmp_path)
    pane.chat_actions.refuse_button.click()
    assert FolderTrust(settings_store).of(clinic) is Trust.REFUSED
    pane.stop()

    again = chat_pane(qtbot, clinic, settings_store, tmp_path)
    assert (
        "you chose not to run this folder's actions (its Python code (actions.py))"
        in again.chat_actions.banner.label.text()
    )
    assert not again.chat_actions.refuse_button.isVisible()  # not asked twice
    again.stop()
    other = chat_pane(qtbot, action_folder(name="elsewhere"), settings_store, tmp_path)
    assert other.chat_actions.refuse_button.isVisible()  # another folder is asked afresh
    other.stop()


def test_http_actions_are_stubbed_until_the_folder_is_trusted_and_the_banner_names_what_runs(
    qtbot: QtBot,
    action_folder: Any,
    action_service: ActionService,
    settings_store: QSettings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 34 item 1: the chat ran a folder's HTTP actions as soon as it opened — to hosts
    the folder allowed itself, with any environment variable in a header."""
    monkeypatch.setenv("CLINIC_TOKEN", "the-users-own-secret-0001")
    action_service.route("/slots", status=200, body={"slots": ["Live 9:00"]})
    folder = action_folder(
        None,
        CLINIC.replace(
            "    call: {python: find_slots}\n",
            "    call:\n      http:\n        method: GET\n"
            '        url: "http://127.0.0.1:{port}/slots"\n'
            '        headers: {Authorization: "Bearer ${CLINIC_TOKEN}"}\n',
        ),
        port=action_service.port,
    )
    pane = chat_pane(qtbot, folder, settings_store, tmp_path)
    text = pane.chat_actions.banner.label.text()
    assert "Until you trust this folder they are stubbed" in text
    assert "HTTP requests to 127.0.0.1" in text and "CLINIC_TOKEN" in text
    say(qtbot, pane, "dermatology")
    assert action_rows(pane)[0].startswith("Action call · GET http")
    assert "stubbed" in action_rows(pane)[0]
    assert action_service.requests == []  # nothing left the machine's chat

    pane.chat_actions.trust_button.click()
    pane.restart()
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=5000)
    say(qtbot, pane, "dermatology")
    assert "Live 9:00" in action_rows(pane)[-1]
    assert action_service.requests[0].headers["Authorization"] == (
        "Bearer the-users-own-secret-0001"
    )
    pane.stop()


def test_the_live_actions_toggle_stubs_every_action_from_the_scenarios_files(
    qtbot: QtBot, clinic: Path, settings_store: QSettings, tmp_path: Path
) -> None:
    FolderTrust(settings_store).remember(clinic, Trust.TRUSTED)
    pane = chat_pane(qtbot, clinic, settings_store, tmp_path)
    toggle = pane.chat_actions.live_action
    assert toggle.isVisible() and toggle.isChecked() and not pane.chat_actions.banner.isVisible()

    toggle.trigger()  # off: nothing said yet, so the chat starts again at once, stubbed
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=5000)
    assert "Actions are stubbed" in pane.chat_actions.banner.label.text()
    assert settings_store.value("chat/liveActions") == "false"
    say(qtbot, pane, "dermatology")
    assert "Stubbed 8:00" in action_rows(pane)[1]
    pane.stop()


def test_a_scenario_without_actions_shows_no_toggle(
    qtbot: QtBot, settings_store: QSettings, tmp_path: Path, analyst_bot: Path
) -> None:
    pane = chat_pane(qtbot, analyst_bot, settings_store, tmp_path)

    assert (
        not pane.chat_actions.live_action.isVisible() and not pane.chat_actions.banner.isVisible()
    )
    pane.stop()


# --- the graph, the form, Try it ------------------------------------------------------------


@pytest.fixture
def clinic_studio(make_studio: Any, clinic: Path) -> Any:
    window = make_studio()
    assert window.files.open_folder(clinic)
    return window


def test_an_action_step_has_its_own_shape_on_the_graph(clinic_studio: Any) -> None:
    node = clinic_studio.scenario_editor.scene.nodes["find_slots"]
    title, ident = node.texts()

    assert title.startswith("⚙ ") and ident == "find_slots"
    image = QImage(260, 140, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.translate(QPointF(20, 20))
    node.paint(painter, None)  # type: ignore[arg-type]
    painter.end()
    inside = image.pixelColor(20 + 30, 20 + 8)
    assert inside == GraphColors.from_palette().action_fill  # its own fill
    prompt = clinic_studio.scenario_editor.scene.nodes["ask"]
    assert not prompt.texts()[0].startswith("⚙")


def test_the_form_edits_what_an_action_calls_each_edit_undoable(
    qtbot: QtBot, clinic_studio: Any
) -> None:
    form = clinic_studio.step_form
    clinic_studio.scenario_editor.select_step("find_slots")
    action = form.action_form
    document = clinic_studio.session.document

    assert action.isVisible() and not form.on_enter_combo.isVisible()
    assert form.transitions.horizontalHeaderItem(0).text() == "Outcome"
    assert action.python_radio.isChecked() and action.function_combo.currentText() == "find_slots"
    assert [action.function_combo.itemText(i) for i in range(action.function_combo.count())] == [
        "find_slots"
    ]
    action.inputs_edit.setText("specialty, count")
    action.inputs_edit.editingFinished.emit()
    assert document.get(("steps", "find_slots", "inputs")) == ["specialty", "count"]
    action.timeout_spin.setValue(4)
    action.timeout_spin.editingFinished.emit()
    assert document.get(("steps", "find_slots", "timeout_s")) == 4

    action.http_radio.click()
    assert document.get(("steps", "find_slots", "call")) == {
        "http": {"method": "POST", "url": "http://127.0.0.1/"}
    }
    assert action.url_edit.isVisible() and not action.function_combo.isVisible()
    action.url_edit.setText("http://127.0.0.1:8099/slots?s={{specialty}}")
    action.url_edit.editingFinished.emit()
    action.headers_edit.setPlainText("Authorization: Bearer ${TOKEN}\nbroken line")
    action.headers_edit.committed.emit(action.headers_edit.toPlainText())
    assert not document.has(("steps", "find_slots", "call", "http", "headers"))  # refused
    action.headers_edit.committed.emit("Authorization: Bearer ${TOKEN}")
    assert document.get(("steps", "find_slots", "call", "http", "headers")) == {
        "Authorization": "Bearer ${TOKEN}"
    }

    stack = clinic_studio.session.undo_stack
    for _ in range(5):
        stack.undo()
    assert document.get(("steps", "find_slots", "call")) == {"python": "find_slots"}
    assert document.get(("steps", "find_slots", "inputs")) == ["specialty"]


def test_a_step_made_an_action_gets_a_call_in_one_undoable_edit(clinic_studio: Any) -> None:
    form = clinic_studio.step_form
    clinic_studio.scenario_editor.select_step("ask")
    document = clinic_studio.session.document

    form._set_kind("action")

    assert document.get(("steps", "ask", "kind")) == "action"
    assert document.get(("steps", "ask", "call")) == {"python": "ask"}
    assert form.action_form.isVisible()
    clinic_studio.session.undo_stack.undo()
    assert not document.has(("steps", "ask", "kind")) and not document.has(("steps", "ask", "call"))


def run_trial(qtbot: QtBot, dialog: TryActionDialog) -> None:
    assert dialog.run()
    qtbot.waitUntil(lambda: dialog.outcome is not None, timeout=15000)


def test_try_it_runs_the_action_with_typed_values_once_the_folder_is_trusted(
    qtbot: QtBot, clinic_studio: Any, clinic: Path
) -> None:
    trust = FolderTrust(clinic_studio.settings)
    dialog = TryActionDialog(clinic_studio.session, "find_slots", trust, clinic_studio)
    qtbot.addWidget(dialog)
    asked: list[str] = []

    def refuse(title: str, question: str) -> bool:
        asked.append(question)
        return False

    dialog.ask = refuse
    assert list(dialog.fields) == ["specialty"]
    assert dialog.call_label.text() == "Calls python find_slots, within 2 s"

    assert not dialog.run()  # refused: nothing runs
    assert dialog.outcome_label.text() == "Not run: this folder's actions are not trusted."
    assert trust.of(clinic) is Trust.REFUSED and len(asked) == 1

    trust.remember(clinic, Trust.TRUSTED)
    dialog.fields["specialty"].setText("dermatology")
    run_trial(qtbot, dialog)
    assert dialog.outcome_label.text().startswith("Outcome: ok — ")
    assert json.loads(dialog.results_view.toPlainText()) == {
        "slots": ["Mon 9:00", "Tue 14:30"],
        "first_slot": "Mon 9:00",
        "count": 2,
    }
    dialog.outcome = None
    dialog.fields["specialty"].setText("boom")
    run_trial(qtbot, dialog)
    assert dialog.outcome_label.text().startswith("Outcome: error")
    assert dialog.error_label.text() == "RuntimeError: the calendar exploded"
    dialog.close()


def test_try_it_shows_what_an_http_service_answered_as_plain_text(
    qtbot: QtBot, make_studio: Any, action_folder: Any, action_service: ActionService
) -> None:
    action_service.route("/slots", status=200, body={"slots": ["<b>Wed</b>"]})
    folder = action_folder(
        None,
        CLINIC.replace(
            "    call: {python: find_slots}\n",
            '    call: {http: {method: GET, url: "http://127.0.0.1:{port}/slots"}}\n',
        ),
        port=action_service.port,
    )
    window = make_studio()
    assert window.files.open_folder(folder)
    dialog = TryActionDialog(window.session, "find_slots", FolderTrust(window.settings), window)
    qtbot.addWidget(dialog)
    asked: list[str] = []
    dialog.ask = lambda title, question: asked.append(question) or True

    run_trial(qtbot, dialog)

    assert len(asked) == 1 and "HTTP requests to 127.0.0.1" in asked[0]  # it reaches a host

    assert dialog.outcome_label.text().startswith("Outcome: ok")
    assert "<b>Wed</b>" in dialog.results_view.toPlainText()
    assert dialog.error_label.textFormat().name == "PlainText"
    assert action_service.requests[0].headers["Idempotency-Key"].startswith("try-")
    dialog.close()


def test_typed_values_are_json_when_they_can_be() -> None:
    assert typed_value('["a", "b"]') == ["a", "b"]
    assert typed_value("5") == 5 and typed_value("true") is True
    assert typed_value("Mon 9:00") == "Mon 9:00" and typed_value("  ") is None


# --- the draw.io export and the log's words ---------------------------------------------------


def test_an_action_step_has_its_own_shape_in_the_drawio_export(clinic: Path) -> None:
    root = etree.fromstring(scenario_to_drawio(load_scenario(clinic)))
    [wrapper] = root.xpath("//object[@id='step:find_slots']")
    style = wrapper.find("mxCell").get("style")

    assert "shape=process;" in style and "fillColor=#d5e8d4;" in style
    assert wrapper.get("kind") == "action" and wrapper.get("call") == "python find_slots"
    legend = root.xpath("//*[@id='legend']")[0]
    assert "green, double sides: action step" in (legend.get("label") or legend.get("value"))


def test_the_log_says_what_each_action_did(tmp_path: Path) -> None:
    def event(type_: EventType, **data: Any) -> Event:
        return Event(type_.value, "s", 1, 1, "find_slots", data)

    call = event(
        EventType.ACTION_CALL,
        action="POST http://127.0.0.1/book",
        kind="http",
        inputs={"slot": "Mon"},
        idempotency_key="s:1:find_slots",
        timeout_s=5.0,
        mode="live",
    )
    assert summary(call) == 'Action call · POST http://127.0.0.1/book · slot="Mon"'
    ok = event(
        EventType.ACTION_RESULT,
        outcome="ok",
        results={"booking": "B-1"},
        duration_ms=41.6,
        error=None,
        mode="live",
    )
    assert summary(ok) == 'Action result · ok · 42 ms · booking="B-1"' and not is_problem(ok)
    late = event(
        EventType.ACTION_RESULT,
        outcome="ok",
        results={},
        duration_ms=2000.0,
        error=None,
        mode="live",
        late=True,
    )
    assert summary(late).startswith("Late action result (not applied) · ok") and is_problem(late)
